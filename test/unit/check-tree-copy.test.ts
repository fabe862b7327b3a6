import { execFileSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { LINKED, copySite, leaveOut, plainFile, removeInTree, writeInTree } from '../../src/check/tree-copy.js'

/**
 * The check's copy of the docs holds no link (tree-copy.ts): a link inside the repository is copied
 * as its target, any other left out and named; the check writes only files it made, never through a
 * link. On temporary folders, no CLI.
 */

function folder(files: Record<string, string> = {}, prefix = 'copy-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

/** Every file under `dir`, path → bytes (as text), links as `-> target`. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (relative: string): void => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isSymbolicLink()) out[path] = `-> ${realpathSync(join(dir, path))}`
      else if (entry.isDirectory()) walk(path)
      else out[path] = readFileSync(join(dir, path), 'utf8')
    }
  }
  walk('')
  return out
}

/** A repository with its docs in docs/, a file and a folder outside it, and one outside the repository. */
function repository(): { repo: string; docs: string; outside: string } {
  const repo = folder({
    'docs/docs.json': '{}',
    'docs/index.mdx': '# Home',
    'shared/snippet.mdx': '# Shared',
    'shared/more/deep.mdx': '# Deep',
    '.github/workflows/ci.yml': 'on: push',
    '.git/config': '[core]',
    'README.md': '# Read me',
  })
  const outside = folder({ 'secret.txt': 'token', 'dir/x.mdx': '# X' }, 'outside-')
  return { repo, docs: join(repo, 'docs'), outside }
}

describe('the copy holds no link', () => {
  test('a link inside the repository is copied as its target, a file or a folder; the rest are left out, each named', () => {
    const { repo, docs, outside } = repository()
    const temp = folder({ 'token.txt': 'ghs_x' }, 'runner-temp-')
    symlinkSync(join(repo, 'shared/snippet.mdx'), join(docs, 'snippet.mdx'))
    symlinkSync('../shared', join(docs, 'shared'))
    symlinkSync(join(repo, '.github/workflows/ci.yml'), join(docs, 'ci.mdx'))
    symlinkSync(join(repo, '.git'), join(docs, 'git'))
    symlinkSync(join(outside, 'secret.txt'), join(docs, 'secret.mdx'))
    symlinkSync(join(outside, 'dir'), join(docs, 'out'))
    symlinkSync(join(temp, 'token.txt'), join(docs, 'token.mdx'))
    symlinkSync(join(repo, 'nowhere.mdx'), join(docs, 'broken.mdx'))
    symlinkSync('..', join(docs, 'up'))
    const to = join(folder(), 'head')
    const leftOut = copySite(docs, to, { repository: repo, skip: [temp] })
    expect(snapshot(to)).toEqual({
      'docs.json': '{}',
      'index.mdx': '# Home',
      'snippet.mdx': '# Shared',
      'shared/snippet.mdx': '# Shared',
      'shared/more/deep.mdx': '# Deep',
      // the repository, through `up`: its docs again (links in it judged as above), never .git/ or .github/
      'up/README.md': '# Read me',
      'up/docs/docs.json': '{}',
      'up/docs/index.mdx': '# Home',
      'up/docs/snippet.mdx': '# Shared',
      'up/docs/shared/snippet.mdx': '# Shared',
      'up/docs/shared/more/deep.mdx': '# Deep',
      'up/shared/snippet.mdx': '# Shared',
      'up/shared/more/deep.mdx': '# Deep',
    })
    expect(Object.fromEntries(leftOut.map((l) => [l.path, l.why]))).toEqual({
      'ci.mdx': 'a link into .github/',
      git: 'a link into .git/',
      'secret.mdx': 'a link out of the repository',
      out: 'a link out of the repository',
      'token.mdx': "a link into the runner's temporary folder",
      'broken.mdx': 'a link that leads nowhere',
      'up/.github': 'through a link, into .github/',
      'up/docs/ci.mdx': 'a link into .github/',
      'up/docs/git': 'a link into .git/',
      'up/docs/secret.mdx': 'a link out of the repository',
      'up/docs/out': 'a link out of the repository',
      'up/docs/token.mdx': "a link into the runner's temporary folder",
      'up/docs/broken.mdx': 'a link that leads nowhere',
      'up/docs/up': 'a link to a folder it is in (a loop)',
    })
    for (const entry of Object.keys(snapshot(to))) expect(lstatSync(join(to, entry)).isSymbolicLink()).toBe(false)
  })

  test('a link to a file larger than LINKED allows, or past the tree total, is left out; a plain large file is copied', () => {
    const big = 'x'.repeat(1024)
    const { repo, docs } = repository()
    writeFileSync(join(repo, 'shared/big.png'), big)
    symlinkSync(join(repo, 'shared/big.png'), join(docs, 'big.png'))
    writeFileSync(join(docs, 'plain.png'), big)
    const saved = { ...LINKED }
    try {
      LINKED.fileBytes = 1000
      const to = join(folder(), 'head')
      const leftOut = copySite(docs, to, { repository: repo })
      expect(leftOut).toEqual([{ path: 'big.png', why: 'a link to a file larger than the check copies (1 MiB)' }])
      expect(readFileSync(join(to, 'plain.png'), 'utf8')).toBe(big)
      LINKED.fileBytes = 2000
      LINKED.treeBytes = 1500
      symlinkSync(join(repo, 'shared/big.png'), join(docs, 'big2.png'))
      const again = copySite(docs, join(folder(), 'head'), { repository: repo })
      expect(again.map((l) => l.path)).toEqual(['big2.png'])
    } finally {
      Object.assign(LINKED, saved)
    }
  })

  test('a name that is not UTF-8, a pipe: left out by name, the rest copied', () => {
    const { repo, docs } = repository()
    const odd = Buffer.concat([Buffer.from(join(docs, 'caf')), Buffer.from([0xe9]), Buffer.from('.mdx')])
    writeFileSync(odd, '# Café')
    execFileSync('mkfifo', [join(docs, 'pipe.mdx')])
    const to = join(folder(), 'head')
    const leftOut = copySite(docs, to, { repository: repo })
    expect(leftOut).toEqual(
      expect.arrayContaining([
        { path: 'caf\\xe9.mdx', why: 'its name is not UTF-8' },
        { path: 'pipe.mdx', why: 'it is neither a file nor a folder' },
      ]),
    )
    expect(leftOut).toHaveLength(2)
    expect(Object.keys(snapshot(to)).sort()).toEqual(['docs.json', 'index.mdx'])
  })

  test('the excluded pages replaced by their stand-in in the copy: the workspace untouched, whatever it links', () => {
    const { repo, docs } = repository()
    symlinkSync(join(repo, 'shared/snippet.mdx'), join(docs, 'linked.mdx'))
    const before = snapshot(repo)
    const to = join(folder(), 'head')
    copySite(docs, to, { repository: repo })
    expect(leaveOut(to, (page) => page === 'linked.mdx' || page === 'index.mdx')).toBe(2)
    expect(readFileSync(join(to, 'linked.mdx'), 'utf8')).toBe('\n# Shared\n')
    expect(snapshot(repo)).toEqual(before)
  })
})

describe('the check writes only files it made', () => {
  test('a link at the path is replaced, never written through; its target is untouched', () => {
    const tree = folder({ 'a.mdx': 'a' })
    const outside = folder({ 'ci.yml': 'on: push' }, 'outside-')
    symlinkSync(join(outside, 'ci.yml'), join(tree, 'page.mdx'))
    writeInTree(tree, 'page.mdx', 'stub')
    expect(readFileSync(join(outside, 'ci.yml'), 'utf8')).toBe('on: push')
    expect(lstatSync(join(tree, 'page.mdx')).isFile()).toBe(true)
    expect(readFileSync(join(tree, 'page.mdx'), 'utf8')).toBe('stub')
  })

  test('a folder on the way that is a link, a path climbing out or with an empty part: refused, nothing written', () => {
    const tree = folder({ 'a.mdx': 'a' })
    const outside = folder({}, 'outside-')
    symlinkSync(outside, join(tree, 'guides'))
    for (const path of ['guides/x.mdx', '../x.mdx', 'a/../../x.mdx', 'a//x.mdx', '/etc/x', '', 'a/./x.mdx'])
      expect(() => writeInTree(tree, path, 'x'), path).toThrow()
    expect(() => removeInTree(tree, 'guides/x.mdx')).toThrow(/not a folder/)
    expect(readdirSync(outside)).toEqual([])
    expect(existsSync(join(tree, '..', 'x.mdx'))).toBe(false)
  })

  test('folders missing on the way are made; a file there before is replaced; a folder at the path is refused', () => {
    const tree = folder({ 'a.mdx': 'old', 'dir/b.mdx': 'b' })
    writeInTree(tree, 'new/deep/c.mdx', 'c')
    writeInTree(tree, 'a.mdx', 'new')
    expect(snapshot(tree)).toEqual({ 'a.mdx': 'new', 'dir/b.mdx': 'b', 'new/deep/c.mdx': 'c' })
    expect(() => writeInTree(tree, 'dir', 'x')).toThrow()
    removeInTree(tree, 'a.mdx')
    removeInTree(tree, 'missing.mdx')
    expect(existsSync(join(tree, 'a.mdx'))).toBe(false)
  })
})

describe("a fix reads the workspace's plain files only", () => {
  test('a regular file is read; one that is a link, or under a folder that is one, is none', () => {
    const { repo } = repository()
    symlinkSync(join(repo, 'shared/snippet.mdx'), join(repo, 'docs/linked.mdx'))
    symlinkSync(join(repo, 'shared'), join(repo, 'docs/via'))
    const read = plainFile(repo)
    expect(read('docs/index.mdx')).toBe('# Home')
    expect(read('docs/linked.mdx')).toBeUndefined()
    expect(read('docs/via/snippet.mdx')).toBeUndefined()
    expect(read('docs')).toBeUndefined()
    expect(read('docs/missing.mdx')).toBeUndefined()
  })
})

describe('a name the CLI could not print on one line', () => {
  test('a line break, a carriage return, a tab or an escape in a name: left out, shown escaped', () => {
    const { repo, docs } = repository()
    for (const name of ['a\nb.mdx', 'c\rd.mdx', 'e\tf.mdx', 'g\u001b]h.mdx']) writeFileSync(join(docs, name), '# X')
    mkdirSync(join(docs, 'dir\nname'))
    writeFileSync(join(docs, 'dir\nname', 'inside.mdx'), '# Y')
    const to = join(folder(), 'head')
    const leftOut = copySite(docs, to, { repository: repo })
    expect(leftOut.map((l) => l.path).sort()).toEqual([
      'a\\nb.mdx',
      'c\\rd.mdx',
      'dir\\nname',
      'e\\tf.mdx',
      'g\\u001b]h.mdx',
    ])
    expect(new Set(leftOut.map((l) => l.why))).toEqual(new Set(['its name holds a control character']))
    expect(Object.keys(snapshot(to)).sort()).toEqual(['docs.json', 'index.mdx'])
  })
})
