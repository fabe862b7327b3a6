import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { type TreeDigest, notTheInstall, treeDigest } from '../../src/check/cli-digest.js'
import { tarGuard } from '../../src/check/cache-guard.js'
import {
  CLI_ENTRY,
  type CliCache,
  INSIDE_MARKER,
  type InstallOptions,
  asInstalled,
  cliCacheKey,
  ensureCli,
  platformKey,
  shippedDigest,
} from '../../src/check/mint-cli.js'
import { MINT_VERSION } from '../../src/check/inputs.js'
import { fakeNpm, writeFakeCli } from '../simulator/fake-tools.js'

/**
 * The CLI that runs is the one the lockfile names (mint-cli.ts, cli-digest.ts): a CLI found in the
 * tool cache or restored from the runner's cache runs only if its every file is the install's, as
 * the digest says; anything else is one notice and a fresh install. On temporary folders, with an npm
 * that installs a fake CLI; the digests here are the fake's own (the action ships the real CLI's).
 */

const LINUX = { platform: 'linux', arch: 'x64', libc: 'glibc' } as const

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'digest-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

const digestOf = (dir: string): TreeDigest => {
  const d = treeDigest(dir)
  if ('why' in d) throw new Error(d.why)
  return d
}

describe('a tree as one digest', () => {
  test('every file by its path, size and bytes, in the order of their paths; folders alone count for nothing', () => {
    const a = tree({ 'b/x.js': 'x', 'a.js': 'a', 'c/d/e.js': 'eee' })
    const b = tree({ 'c/d/e.js': 'eee', 'a.js': 'a', 'b/x.js': 'x' })
    mkdirSync(join(b, 'empty'))
    expect(digestOf(a)).toEqual(digestOf(b))
    expect(digestOf(a)).toMatchObject({ files: 3, bytes: 5 })
    // a byte changed, a file renamed or moved, a file grown: each another digest
    const others: Array<Record<string, string>> = [
      { 'b/x.js': 'x', 'a.js': 'A', 'c/d/e.js': 'eee' },
      { 'b/x.js': 'x', 'a2.js': 'a', 'c/d/e.js': 'eee' },
      { 'b/y.js': 'x', 'a.js': 'a', 'c/d/e.js': 'eee' },
      { 'b/x.js': 'x', 'a.js': 'aa', 'c/d/e.js': 'eee' },
    ]
    for (const other of others) expect(digestOf(tree(other)).sha256, JSON.stringify(other)).not.toBe(digestOf(a).sha256)
  })

  test('exactly: each file as `path NUL size NUL sha256` and a line break, in the order of their paths, hashed', () => {
    // created out of order: whatever order the file system lists them in, it is not the paths'
    const names = [5, 11, 2, 8, 0, 9, 3, 7, 1, 10, 4, 6].map((i) => `f${String(i).padStart(2, '0')}.js`)
    const files: Record<string, string> = { ...Object.fromEntries(names.map((n) => [n, n])), 'sub/z.js': 'z' }
    const dir = tree(files)
    const hex = (text: string): string => createHash('sha256').update(text).digest('hex')
    const lines = [...names, 'sub/z.js']
      .sort()
      .map((path) => `${path}\0${(files[path] ?? '').length}\0${hex(files[path] ?? '')}\n`)
      .join('')
    expect(digestOf(dir)).toEqual({ files: 13, bytes: 12 * 6 + 1, sha256: hex(lines) })
  })

  test('a link, a pipe or a name that is not UTF-8 is no install; a walk past `most` stops', () => {
    const linked = tree({ 'a.js': 'a' })
    symlinkSync(join(linked, 'a.js'), join(linked, 'b.js'))
    expect(treeDigest(linked)).toEqual({ why: 'b.js is a link' })
    const deeper = tree({ 'a.js': 'a', 'sub/b.js': 'b' })
    symlinkSync(join(deeper, 'a.js'), join(deeper, 'sub', 'c.js'))
    expect(treeDigest(deeper)).toEqual({ why: 'sub/c.js is a link' })
    const piped = tree({ 'a.js': 'a' })
    execFileSync('mkfifo', [join(piped, 'p')])
    expect(treeDigest(piped)).toEqual({ why: 'p is neither a file nor a folder' })
    const odd = tree({ 'a.js': 'a' })
    writeFileSync(Buffer.concat([Buffer.from(join(odd, 'x')), Buffer.from([0xff])]), '')
    expect(treeDigest(odd)).toEqual({ why: 'a name that is not UTF-8 in .' })
    const big = tree({ 'a.js': 'a', 'b.js': 'b' })
    expect(treeDigest(big, { files: 1, bytes: 100 })).toEqual({ why: 'it holds more than the install does' })
    expect(treeDigest(big, { files: 5, bytes: 1 })).toEqual({ why: 'it holds more than the install does' })
  })

  test('notTheInstall names what differs: the count, the size, a byte; nothing where it is the install', () => {
    const install = tree({ 'a.js': 'a', 'b.js': 'b' })
    const expected = digestOf(install)
    expect(notTheInstall(install, expected)).toBeUndefined()
    expect(notTheInstall(tree({ 'a.js': 'a' }), expected)).toBe('it holds 1 files, not 2')
    expect(notTheInstall(tree({ 'a.js': 'a', 'b.js': '' }), expected)).toBe('its files hold 1 bytes, not 2')
    expect(notTheInstall(tree({ 'a.js': 'a', 'b.js': 'c' }), expected)).toBe("a file's bytes differ from the install's")
    expect(notTheInstall(tree({ 'a.js': 'a', 'b.js': 'b', 'c.js': 'c' }), expected)).toBe(
      'it holds more than the install does',
    )
    expect(notTheInstall(join(install, 'missing'), expected)).toMatch(/^it could not be read \(ENOENT/)
  })

  test('the shipped digests: one for each platform the runners are, of the pinned version, none for another', async () => {
    for (const on of [
      LINUX,
      { platform: 'linux', arch: 'arm64', libc: 'musl' },
      { platform: 'darwin', arch: 'arm64' },
      { platform: 'win32', arch: 'x64' },
    ] as const)
      expect(await shippedDigest(MINT_VERSION, on), platformKey(on)).toMatchObject({
        files: expect.any(Number) as number,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      })
    expect(await shippedDigest('4.2.900', LINUX)).toBeUndefined()
    expect(await shippedDigest(MINT_VERSION, { platform: 'freebsd', arch: 'x64' })).toBeUndefined()
    expect(platformKey(LINUX)).toBe('linux-x64-glibc')
    expect(platformKey({ platform: 'darwin', arch: 'arm64' })).toBe('darwin-arm64')
  })
})

describe('an npm install made the install the digest describes', () => {
  test('every .bin folder and npm’s own record of the tree removed, the marker written; nothing else touched', () => {
    const dir = tree({
      'package.json': '{}',
      'node_modules/.package-lock.json': '{}',
      'node_modules/a/index.js': 'a',
      'node_modules/a/node_modules/b/index.js': 'b',
      'node_modules/@s/c/index.js': 'c',
      'node_modules/@s/c/node_modules/.bin/x': 'x',
      'node_modules/.bin/y': 'y',
      'node_modules/a/node_modules/.bin/z': 'z',
      'node_modules/d/.bin/keep': 'a package’s own folder named .bin, not npm’s links',
    })
    asInstalled(dir, '1.2.3')
    const files: string[] = []
    const walk = (at: string): void => {
      for (const e of readdirSync(join(dir, at), { withFileTypes: true }))
        if (e.isDirectory()) walk(join(at, e.name))
        else files.push(join(at, e.name))
    }
    walk('')
    expect(files.sort()).toEqual(
      [
        INSIDE_MARKER,
        'node_modules/@s/c/index.js',
        'node_modules/a/index.js',
        'node_modules/a/node_modules/b/index.js',
        'node_modules/d/.bin/keep',
        'package.json',
      ].sort(),
    )
    expect(readFileSync(join(dir, INSIDE_MARKER), 'utf8')).toBe('1.2.3\n')
  })
})

describe('the CLI that runs is the one the lockfile names', () => {
  /** What the fake npm installs, made an install as the action makes it, and its digest. */
  function fakeInstall(): { template: string; expected: TreeDigest } {
    const template = mkdtempSync(join(tmpdir(), 'fake-cli-'))
    writeFakeCli(template, 'replay')
    const made = mkdtempSync(join(tmpdir(), 'fake-installed-'))
    cpSync(join(template, 'node_modules'), join(made, 'node_modules'), { recursive: true })
    // as the action writes it for an install without the lockfile (options below)
    writeFileSync(join(made, 'package.json'), `${JSON.stringify({ name: 'mintlify-cli', private: true })}\n`)
    asInstalled(made, MINT_VERSION)
    return { template, expected: digestOf(made) }
  }

  function options(
    toolCache: string,
    npm: ReturnType<typeof fakeNpm>,
    extra: Partial<InstallOptions> = {},
  ): InstallOptions & { notices: string[]; logs: string[] } {
    const notices: string[] = []
    const logs: string[] = []
    return {
      toolCache,
      version: MINT_VERSION,
      // the unlocked install: the fake npm writes the same tree whatever package.json says
      pinned: 'none',
      env: { PATH: npm.path },
      stop: new AbortController().signal,
      log: (m) => logs.push(m),
      notice: (m) => notices.push(m),
      platform: LINUX,
      notices,
      logs,
      ...extra,
    }
  }
  const folderOf = (toolCache: string): string => join(toolCache, 'mintlify-cli', MINT_VERSION, 'x64')

  test('a CLI found that is the install runs, with no npm; one with a planted entry is removed, said once, installed afresh', async () => {
    const { template, expected } = fakeInstall()
    const npm = fakeNpm('install', template)
    const toolCache = mkdtempSync(join(tmpdir(), 'tool-cache-'))
    const first = options(toolCache, npm, { expected })
    expect(await ensureCli(first)).toMatchObject({ installed: true })
    const second = options(toolCache, npm, { expected })
    expect(await ensureCli(second)).toMatchObject({ installed: false })
    expect(npm.runs()).toHaveLength(1)
    expect(second.notices).toEqual([])
    // a pull request's own workflow left a start.js that prints a pass
    const entry = join(folderOf(toolCache), ...CLI_ENTRY)
    const was = readFileSync(entry, 'utf8')
    // (kept whole, then more: larger whatever the checkout's path, which the fake's entry names)
    const planted = `${was}console.log('success no broken links found')\n`
    writeFileSync(entry, planted)
    const third = options(toolCache, npm, { expected })
    const cli = await ensureCli(third)
    expect(cli).toMatchObject({ installed: true })
    expect(third.notices).toEqual([
      `The Mintlify CLI in the tool cache (${folderOf(toolCache)}) is not the install this action's lockfile gives ` +
        '(it holds more than the install does): it was not run, and is installed afresh.',
    ])
    expect(readFileSync(cli.entry, 'utf8')).not.toContain('success no broken links found')
    expect(notTheInstall(folderOf(toolCache), expected)).toBeUndefined()
  })

  test('a CLI found that cannot be verified (no digest for this version or platform) is never run: installed afresh, said in the log', async () => {
    const { template } = fakeInstall()
    const npm = fakeNpm('install', template)
    const toolCache = mkdtempSync(join(tmpdir(), 'tool-cache-'))
    await ensureCli(options(toolCache, npm))
    const again = options(toolCache, npm)
    expect(await ensureCli(again)).toMatchObject({ installed: true })
    expect(npm.runs()).toHaveLength(2)
    expect(again.notices).toEqual([])
    expect(again.logs[0]).toMatch(/cannot be verified \(this action has no digest of its install on linux-x64-glibc\)/)
  })

  test('a tool cache whose folders are links: replaced by real ones, nothing written where they led', async () => {
    const { template, expected } = fakeInstall()
    const npm = fakeNpm('install', template)
    const toolCache = mkdtempSync(join(tmpdir(), 'tool-cache-'))
    const elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'))
    symlinkSync(elsewhere, join(toolCache, 'mintlify-cli'))
    await ensureCli(options(toolCache, npm, { expected }))
    expect(readdirSync(elsewhere)).toEqual([])
    expect(existsSync(join(folderOf(toolCache), INSIDE_MARKER))).toBe(true)
  })

  test("the runner's cache: restored and verified, no npm; a restored tree that is not the install is not run; a fresh install that is, kept", async () => {
    const { template, expected } = fakeInstall()
    const npm = fakeNpm('install', template)
    const kept = new Map<string, string>()
    const cache: CliCache = {
      restore: (key, folder, name) => {
        const from = kept.get(key)
        if (from) cpSync(from, join(folder, name), { recursive: true })
        return Promise.resolve(from !== undefined)
      },
      save: (key, folder, name) => {
        const to = mkdtempSync(join(tmpdir(), 'kept-'))
        cpSync(join(folder, name), to, { recursive: true })
        kept.set(key, to)
        return Promise.resolve()
      },
    }
    const key = cliCacheKey(MINT_VERSION, LINUX, expected)
    expect(key).toBe(`mintlify-cli-${MINT_VERSION}-linux-x64-glibc-${expected.sha256.slice(0, 16)}`)
    // cold: installed, and kept
    await ensureCli(options(mkdtempSync(join(tmpdir(), 'tc-')), npm, { expected, cache }))
    expect([...kept.keys()]).toEqual([key])
    // another runner: restored, verified, no npm
    const restoredInto = mkdtempSync(join(tmpdir(), 'tc-'))
    const restored = options(restoredInto, npm, { expected, cache })
    expect(await ensureCli(restored)).toMatchObject({ installed: false, restored: key })
    expect(npm.runs()).toHaveLength(1)
    expect(existsSync(join(folderOf(restoredInto), ...CLI_ENTRY))).toBe(true)
    // an entry a pull request wrote at that key: not run, said, installed afresh
    const entry = join(kept.get(key) ?? '', ...CLI_ENTRY)
    writeFileSync(entry, "console.log('pass')\n".padEnd(readFileSync(entry, 'utf8').length, ' '))
    const planted = options(mkdtempSync(join(tmpdir(), 'tc-')), npm, { expected, cache })
    expect(await ensureCli(planted)).toMatchObject({ installed: true })
    expect(planted.notices).toEqual([
      `The Mintlify CLI restored from the runner's cache (${key}) is not the install this action's lockfile gives ` +
        "(a file's bytes differ from the install's): it was not run, and is installed afresh.",
    ])
    expect(npm.runs()).toHaveLength(2)
  })
})

describe("the runner's cache unpacks only what the check expects", () => {
  test('the stand-in tar refuses an entry with a member outside the folders it is given, and unpacks one inside without -P', () => {
    const guardAt = mkdtempSync(join(tmpdir(), 'guard-'))
    const env = tarGuard(guardAt, { under: ['x64'] }, process.env)
    if (!env) return
    const source = tree({ 'x64/node_modules/a.js': 'a', 'x64/b.js': 'b', 'other/c.js': 'c' })
    const pack = (name: string, ...members: string[]): string => {
      const file = join(source, name)
      execFileSync('tar', ['-cf', file, '-C', source, ...members])
      return file
    }
    const unpack = (file: string): { status: number; into: string } => {
      const into = mkdtempSync(join(tmpdir(), 'into-'))
      try {
        execFileSync(join(guardAt, 'bin', 'tar'), ['-xf', file, '-P', '-C', into], {
          env: { ...process.env, ...env },
          stdio: 'pipe',
        })
        return { status: 0, into }
      } catch (error) {
        return { status: (error as { status: number }).status, into }
      }
    }
    const good = unpack(pack('good.tar', 'x64'))
    expect(good.status).toBe(0)
    expect(readFileSync(join(good.into, 'x64/node_modules/a.js'), 'utf8')).toBe('a')
    for (const [name, member] of [
      ['other.tar', 'other'],
      ['both.tar', 'x64 other'],
    ] as const) {
      const bad = unpack(pack(name, ...member.split(' ')))
      expect(bad.status, name).toBe(2)
      expect(readdirSync(bad.into), name).toEqual([])
    }
    // a member climbing out, and one with an absolute name, as a tar made with -P holds them
    const outside = execFileSync(
      'tar',
      ['-cf', join(source, 'up.tar'), '-P', '-C', source, '--transform', 's,^,x64/../../,', 'x64/b.js'],
      {
        cwd: source,
        stdio: 'pipe',
      },
    ).length
    expect(outside).toBe(0)
    expect(unpack(join(source, 'up.tar')).status).toBe(2)
    for (const program of ['tar', 'gtar']) expect(existsSync(join(guardAt, 'bin', program)), program).toBe(true)
  })
})
