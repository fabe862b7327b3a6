import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  MAX_BASE_FILES,
  baseNames,
  buildBase,
  buildFromNames,
  checkedOut,
  docsChanges,
  pageChanges,
} from '../../src/check/base-tree.js'
import { lockFor } from '../../src/check/mint-cli.js'
import {
  type Judged,
  type PlacedProblem,
  explain,
  explanation,
  judge,
  linkedPage,
  unsureOnWarning,
} from '../../src/check/new-known.js'
import { pageSlug } from '../../src/site/addresses.js'
import { copySite, excluder, neverMatches, outputWidth, stubPage } from '../../src/check/tree-copy.js'
import type { ChangedFile } from '../../src/github/change.js'

/**
 * What this pull request broke, in parts: which problems are new against the base, why a link broke
 * (a page renamed or deleted), how the base is rebuilt from the checkout and GitHub's contents, and
 * the install's lockfile for the runner's platform. Pure or on temporary folders, no CLI.
 */

const link = (file: string, target: string, lineText = `[x](${target})`, line = 1): PlacedProblem => ({
  rule: 'broken-link',
  file,
  path: file,
  target,
  message: `The link ${target} leads nowhere.`,
  line,
  lineText,
})

describe('new or known', () => {
  test('matched by rule, file and target, never by line: a line that moved is known', () => {
    const judged = judge([link('a.mdx', '/x', '[x](/x)', 40)], [link('a.mdx', '/x', '[x](/x)', 3)])
    expect(judged.map((j) => j.status)).toEqual(['known'])
  })

  test('a target linked more often than before: the places whose line the base has are known, the rest new', () => {
    const head = [
      link('a.mdx', '/x', 'old [x](/x)'),
      link('a.mdx', '/x', 'added [x](/x)', 2),
      link('a.mdx', '/x', 'also old [x](/x)', 3),
    ]
    const base = [link('a.mdx', '/x', 'also old [x](/x)'), link('a.mdx', '/x', 'old [x](/x)', 2)]
    expect(judge(head, base).map((j) => j.status)).toEqual(['known', 'new', 'known'])
  })

  test('a line the base has once excuses one place of it: the same line written again is new', () => {
    const head = [link('a.mdx', '/x', '[x](/x)'), link('a.mdx', '/x', '[x](/x)', 2), link('a.mdx', '/x', '[x](/x)', 3)]
    const base = [link('a.mdx', '/x', '[x](/x)'), link('a.mdx', '/x', 'other')]
    expect(judge(head, base).map((j) => j.status)).toEqual(['known', 'known', 'new'])
  })

  test('fewer places matched by line than the base has: known all the same, up to its count', () => {
    const head = [link('a.mdx', '/x', 'edited [x](/x)'), link('a.mdx', '/x', 'edited too [x](/x)', 2)]
    const base = [link('a.mdx', '/x', 'one'), link('a.mdx', '/x', 'two')]
    expect(judge(head, base).map((j) => j.status)).toEqual(['known', 'known'])
  })

  test('another rule, file or target is another problem', () => {
    const base = [link('a.mdx', '/x')]
    expect(
      judge([link('b.mdx', '/x'), link('a.mdx', '/y'), { ...link('a.mdx', '/x'), rule: 'broken-redirect' }], base).map(
        (j) => j.status,
      ),
    ).toEqual(['new', 'new', 'new'])
  })

  test('a link to a page this pull request renamed is the same link to its old name: an old broken anchor stays known', () => {
    const base = [link('index.mdx', '/guides/setup#options')]
    const renamed = [{ from: 'guides/setup.mdx', to: 'guides/new-setup.mdx' }]
    const head = [link('index.mdx', '/guides/new-setup#options'), link('index.mdx', '/guides/new-setup#other')]
    expect(judge(head, base, (f) => f, renamed).map((j) => j.status)).toEqual(['known', 'new'])
    // without the rename, another page; a link written relatively is the same page
    expect(judge(head, base).map((j) => j.status)).toEqual(['new', 'new'])
    expect(
      judge([link('guides/a.mdx', 'setup#options')], [link('guides/a.mdx', '/guides/setup#options')])[0]?.status,
    ).toBe('known')
    // a deleted page renames nothing; a query is no part of what is linked, the anchor is
    expect(judge(head, base, (f) => f, [{ from: 'guides/setup.mdx' }]).map((j) => j.status)).toEqual(['new', 'new'])
    expect(judge([link('a.mdx', '/b?x=1#c')], [link('a.mdx', '/b#c')])[0]?.status).toBe('known')
    expect(judge([link('a.mdx', '/b#c')], [link('a.mdx', '/b')])[0]?.status).toBe('new')
    expect(judge([link('a.mdx', '/b#opt-a')], [link('a.mdx', '/b#opt-b')])[0]?.status).toBe('new')
    // only a broken link is read as a page: another rule's target, and a link outside the site, as written
    const redirect = (target: string): PlacedProblem => ({ ...link('a.mdx', target), rule: 'broken-redirect' })
    expect(judge([redirect('x')], [redirect('/x')])[0]?.status).toBe('new')
    expect(judge([link('a.mdx', 'https://x.com/a')], [link('a.mdx', 'https://x.com/b')])[0]?.status).toBe('new')
    expect(judge([link('a.mdx', '/b#a\nb')], [link('a.mdx', '/b#a\nc')])[0]?.status).toBe('new')
  })

  test("the CLI's broken redirect is its source's: known wherever the base's pointed, new from another source", () => {
    const redirect = (target: string): PlacedProblem => ({ ...link('docs.json', target), rule: 'broken-redirect' })
    const base = [redirect('/start → /guides/a/')]
    expect(judge([redirect('/start → /guides/b/')], base)[0]?.status).toBe('known')
    expect(judge([redirect('/begin → /guides/a/')], base)[0]?.status).toBe('new')
    // the source is all before the first arrow, spaces and all; as many as the base has
    expect(judge([redirect('/a b → /c → d')], [redirect('/a b → /e')])[0]?.status).toBe('known')
    expect(judge([redirect('/a → /x'), redirect('/a → /y')], [redirect('/a → /z')]).map((j) => j.status)).toEqual([
      'known',
      'new',
    ])
    // a target without an arrow is compared whole
    expect(judge([redirect('/ab')], [redirect('/ac')])[0]?.status).toBe('new')
    expect(judge([redirect('/ab')], [redirect('/ab')])[0]?.status).toBe('known')
    // another rule's target is compared as written, never read as a page
    const fault = (target: string): PlacedProblem => ({ ...link('docs.json', target), rule: 'redirect-fault' })
    expect(judge([fault('x')], [fault('/x')])[0]?.status).toBe('new')
    // a broken link of the same text is another rule
    expect(judge([link('docs.json', '/start')], base)[0]?.status).toBe('new')
  })

  test('a contrast problem is its pair of colours: another poor value is known, another pair or an anchor is new', () => {
    const contrast = (message: string): PlacedProblem => ({
      rule: 'contrast',
      file: 'docs.json',
      path: 'docs.json',
      message,
    })
    const base = [contrast('Primary Color (#000001) vs Light Background: FAIL Poor contrast ratio: 1.01:1 (fails)')]
    const status = (message: string): string | undefined => judge([contrast(message)], base)[0]?.status
    expect(status('Primary Color (#FFFF00) vs Light Background: FAIL Poor contrast ratio: 1.07:1 (fails)')).toBe(
      'known',
    )
    expect(status('Primary Color (#000001) vs Dark Background: FAIL Poor contrast ratio: 1.01:1 (fails)')).toBe('new')
    expect(status('Light Color (#000001) vs Light Background: FAIL Poor contrast ratio: 1.01:1 (fails)')).toBe('new')
    expect(status('Anchor Docs, Primary Color (#000001) vs Light Background: FAIL poor contrast')).toBe('new')
    // a message of another form is compared whole
    expect(judge([contrast('poor contrast')], [contrast('poor contrast')])[0]?.status).toBe('known')
    expect(judge([contrast('poor contrast')], [contrast('poor contrasT')])[0]?.status).toBe('new')
  })

  test('without a target, the message tells problems apart (an image and a video without alt text are two)', () => {
    const alt = (message: string): PlacedProblem => ({
      rule: 'missing-alt',
      file: 'a.mdx',
      path: 'a.mdx',
      message,
      line: 3,
    })
    expect(
      judge([alt('Missing alt attribute on video element')], [alt('Missing alt attribute on img element')])[0]?.status,
    ).toBe('new')
    expect(
      judge([alt('Missing alt attribute on img element')], [alt('Missing alt attribute on img element')])[0]?.status,
    ).toBe('known')
  })

  test('a place without a line of its own is matched to a base place without one first', () => {
    const at = (lineText?: string): PlacedProblem => ({
      ...link('a.mdx', '/x'),
      ...(lineText === undefined ? { lineText: undefined } : { lineText }),
    })
    const judged = judge([at('added [x](/x)'), at()], [at()])
    expect(judged.map((j) => j.status)).toEqual(['new', 'known'])
  })

  test('only a new broken link is explained: a known one, or another rule, is not', () => {
    const changes = [{ from: 'guides/a.mdx', to: 'guides/b.mdx' }]
    expect(judge([link('one.mdx', '/guides/a')], [link('one.mdx', '/guides/a')], undefined, changes)[0]).toEqual({
      problem: link('one.mdx', '/guides/a'),
      status: 'known',
    })
    const redirect = { ...link('docs.json', '/guides/a'), rule: 'broken-redirect' as const }
    expect(judge([redirect], [], undefined, changes)[0]?.because).toBeUndefined()
  })

  test('a renamed file is matched by its old name', () => {
    const judged = judge([link('guides/b.mdx', '/x')], [link('guides/a.mdx', '/x')], (f) =>
      f === 'guides/b.mdx' ? 'guides/a.mdx' : f,
    )
    expect(judged[0]?.status).toBe('known')
  })

  test('a new broken link to a page the pull request renamed says so, with the redirect', () => {
    const judged = judge([link('one.mdx', '/guides/a#install')], [], undefined, [
      { from: 'guides/a.mdx', to: 'guides/b.mdx' },
    ])
    expect(judged[0]?.because).toEqual({
      change: { from: 'guides/a.mdx', to: 'guides/b.mdx' },
      redirect: { source: '/guides/a', destination: '/guides/b' },
    })
  })
})

describe('unsure where the CLI warned on the head alone', () => {
  const link = (file: string, target: string, lineText?: string): PlacedProblem => ({
    rule: 'broken-link',
    file,
    path: file,
    target,
    message: `The link ${target} leads nowhere.`,
    ...(lineText !== undefined ? { line: 3, lineText } : {}),
  })
  const base: Record<string, ReadonlySet<string>> = {
    // a file's blank lines are lines too: a problem with no line of its own matches none of them
    'index.mdx': new Set(['# Home', '', 'See [users](/api/users).']),
  }
  const lines = (file: string): ReadonlySet<string> | undefined => base[file]

  test('a new broken link whose line the base has as it is: unsure; one the pull request wrote, or explained, or known, or of another rule: as it was', () => {
    const judged: Judged[] = [
      { problem: link('index.mdx', '/api/users', 'See [users](/api/users).'), status: 'new' },
      { problem: link('index.mdx', '/api/orders', 'See [orders](/api/orders).'), status: 'new' },
      { problem: link('other.mdx', '/api/users', 'See [users](/api/users).'), status: 'new' },
      { problem: link('index.mdx', '/api/users', 'See [users](/api/users).'), status: 'known' },
      {
        problem: link('index.mdx', '/api/users', 'See [users](/api/users).'),
        status: 'new',
        because: { change: { from: 'api/users.mdx' } },
      },
      {
        problem: { ...link('index.mdx', '/api/users', 'See [users](/api/users).'), rule: 'broken-redirect' },
        status: 'new',
      },
      { problem: link('index.mdx', '/api/users'), status: 'new' },
    ]
    expect(unsureOnWarning(judged, lines).map((j) => j.status)).toEqual([
      'unsure',
      'new',
      'new',
      'known',
      'new',
      'new',
      'new',
    ])
    // an unsure problem carries no explanation of its own
    expect(unsureOnWarning(judged, lines)[0]).toEqual({ problem: judged[0]?.problem, status: 'unsure' })
  })
})

describe('the page a link points to', () => {
  test.each([
    ['/guides/a', 'index.mdx', 'guides/a'],
    ['/guides/a#x', 'index.mdx', 'guides/a'],
    ['/guides/a?tab=1', 'index.mdx', 'guides/a'],
    ['/guides/', 'index.mdx', 'guides'],
    ['a', 'guides/b.mdx', 'guides/a'],
    ['./a', 'guides/b.mdx', 'guides/a'],
    ['../start', 'guides/b.mdx', 'start'],
    ['/guides/index', 'x.mdx', 'guides'],
    ['#anchor', 'x.mdx', undefined],
    ['/', 'x.mdx', ''],
    ['https://example.com/guides/a', 'x.mdx', undefined],
    ['mailto:a@b.c', 'x.mdx', undefined],
    ['//cdn.example.com/a', 'x.mdx', undefined],
    ['../../outside', 'x.mdx', undefined],
    ['..', 'x.mdx', undefined],
    ['a/', 'guides/b.mdx', 'guides/a'],
    ['guides/a:b', 'x.mdx', 'guides/a:b'],
  ])('%s from %s → %s', (target, from, page) => {
    expect(linkedPage(target, from)).toBe(page)
  })

  test("a page's address", () => {
    const files = ['guides/a.mdx', 'guides/index.md', 'index.mdx', 'v1.md/intro.mdx', 'index-of-terms.mdx', 'guides//']
    expect(files.map((f) => pageSlug(f))).toEqual(['guides/a', 'guides', '', 'v1.md/intro', 'index-of-terms', 'guides'])
  })

  test('the sentence an annotation adds', () => {
    expect(explanation({ change: { from: 'a.mdx', to: 'b.mdx' } })).toBe(
      'a.mdx was renamed to b.mdx in this pull request.',
    )
    expect(explanation({ change: { from: 'a.mdx' } })).toBe('a.mdx was deleted in this pull request.')
  })

  test('a redirect only to a page: a page renamed to another kind of file gets none; .md and .mdx both pages', () => {
    const to = (name: string) => explain(link('one.mdx', '/guides/a'), [{ from: 'guides/a.mdx', to: name }])?.redirect
    expect(to('guides/b.md')).toEqual({ source: '/guides/a', destination: '/guides/b' })
    expect(to('guides/a.txt')).toBeUndefined()
    expect(to('guides/b.mdx.txt')).toBeUndefined()
    expect(explain({ rule: 'broken-link', file: 'one.mdx', message: 'x' }, [{ from: 'guides/a.mdx' }])).toBeUndefined()
  })

  test('a deleted page: said, and no redirect made up; a link elsewhere: nothing to explain', () => {
    expect(explain(link('one.mdx', '/guides/a'), [{ from: 'guides/a.mdx' }])).toEqual({
      change: { from: 'guides/a.mdx' },
    })
    expect(explain(link('one.mdx', '/guides/c'), [{ from: 'guides/a.mdx' }])).toBeUndefined()
  })
})

describe("the pull request's pages", () => {
  const files: ChangedFile[] = [
    {
      filename: 'docs/guides/b.mdx',
      status: 'renamed',
      previousFilename: 'docs/guides/a.mdx',
      additions: 0,
      deletions: 0,
    },
    { filename: 'docs/old.mdx', status: 'removed', additions: 0, deletions: 3 },
    { filename: 'docs/images/x.png', status: 'removed', additions: 0, deletions: 0 },
    { filename: 'src/app.ts', status: 'modified', additions: 1, deletions: 1 },
  ]

  test('renamed and deleted pages, relative to the docs folder (not images, not code)', () => {
    expect(pageChanges(files, 'docs')).toEqual([{ from: 'guides/a.mdx', to: 'guides/b.mdx' }, { from: 'old.mdx' }])
  })

  test('the files of the docs folder only', () => {
    expect(docsChanges(files, 'docs').map((f) => f.filename)).toEqual([
      'docs/guides/b.mdx',
      'docs/old.mdx',
      'docs/images/x.png',
    ])
    expect(docsChanges(files, '')).toHaveLength(4)
  })
})

describe('the base, rebuilt', () => {
  const tree = (files: Record<string, string>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'base-test-'))
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    return dir
  }

  test('added files go, changed and removed ones come back from the base, a renamed one under its old name', async () => {
    const docs = tree({
      'docs/new.mdx': 'new',
      'docs/changed.mdx': 'after',
      'docs/b.mdx': 'moved',
      'docs/same.mdx': 'same',
    })
    const base: Record<string, string> = {
      'docs/changed.mdx': 'before',
      'docs/gone.mdx': 'gone',
      'docs/a.mdx': 'moved',
    }
    const asked: string[] = []
    const api = {
      fileAt: (_repo: unknown, path: string, ref: string) => {
        asked.push(`${path}@${ref}`)
        return Promise.resolve(base[path] === undefined ? undefined : Buffer.from(base[path] ?? ''))
      },
    }
    const to = join(mkdtempSync(join(tmpdir(), 'base-out-')), 'base')
    const built = await buildBase({
      api,
      repo: { owner: 'acme', repo: 'docs' },
      ref: 'b'.repeat(40),
      docs: join(docs, 'docs'),
      docsFolder: 'docs',
      files: [
        { filename: 'docs/new.mdx', status: 'added', additions: 1, deletions: 0 },
        { filename: 'docs/changed.mdx', status: 'modified', additions: 1, deletions: 1 },
        { filename: 'docs/gone.mdx', status: 'removed', additions: 0, deletions: 1 },
        { filename: 'docs/b.mdx', status: 'renamed', previousFilename: 'docs/a.mdx', additions: 0, deletions: 0 },
        { filename: 'src/app.ts', status: 'modified', additions: 1, deletions: 1 },
      ],
      to,
      within: { repository: docs },
    })
    expect(built).toEqual({ ok: true, fetched: 3, ref: 'b'.repeat(40) })
    expect(asked).toEqual([
      `docs/changed.mdx@${'b'.repeat(40)}`,
      `docs/gone.mdx@${'b'.repeat(40)}`,
      `docs/a.mdx@${'b'.repeat(40)}`,
    ])
    expect(existsSync(join(to, 'new.mdx'))).toBe(false)
    expect(existsSync(join(to, 'b.mdx'))).toBe(false)
    expect(readFileSync(join(to, 'changed.mdx'), 'utf8')).toBe('before')
    expect(readFileSync(join(to, 'gone.mdx'), 'utf8')).toBe('gone')
    expect(readFileSync(join(to, 'a.mdx'), 'utf8')).toBe('moved')
    expect(readFileSync(join(to, 'same.mdx'), 'utf8')).toBe('same')
  })

  test("an image the pull request changed comes back from the base in the copy, never through to the workspace's file", async () => {
    const docs = tree({ 'logo.png': 'head bytes', 'index.mdx': '# Home' })
    const to = join(mkdtempSync(join(tmpdir(), 'base-out-')), 'base')
    const api = { fileAt: () => Promise.resolve(Buffer.from('base bytes')) }
    const files: ChangedFile[] = [{ filename: 'logo.png', status: 'modified', additions: 0, deletions: 0 }]
    await buildBase({
      api,
      repo: { owner: 'a', repo: 'b' },
      ref: 'r',
      docs,
      docsFolder: '',
      files,
      to,
      within: { repository: docs },
    })
    expect(readFileSync(join(to, 'logo.png'), 'utf8')).toBe('base bytes')
    expect(readFileSync(join(docs, 'logo.png'), 'utf8')).toBe('head bytes')
  })

  test('more changed files than it fetches: a base of names, its configuration alone fetched, said why', async () => {
    const files: ChangedFile[] = Array.from({ length: MAX_BASE_FILES + 1 }, (_, i) => ({
      filename: `docs/p${i}.mdx`,
      status: 'renamed',
      previousFilename: `docs/old/p${i}.mdx`,
      additions: 1,
      deletions: 1,
    }))
    const asked: string[] = []
    const api = {
      fileAt: (_repo: unknown, path: string) => {
        asked.push(path)
        return Promise.resolve(path === 'docs/docs.json' ? new TextEncoder().encode('{"redirects":[]}') : undefined)
      },
    }
    const to = join(mkdtempSync(join(tmpdir(), 'names-')), 'base')
    const built = await buildBase({
      api,
      repo: { owner: 'a', repo: 'b' },
      ref: 'r',
      docs: tree({ 'docs.json': '{"head":true}', 'index.mdx': '# Home', 'p0.mdx': '# P0' }),
      docsFolder: 'docs',
      files,
      to,
      within: { repository: tmpdir() },
    })
    expect(built).toMatchObject({
      ok: true,
      namesOnly: expect.stringContaining(`changes 301 files of the docs, more than the ${MAX_BASE_FILES}`) as string,
    })
    expect(asked).toEqual(['docs/docs.json', 'docs/mint.json', 'docs/.mintignore'])
    expect(readFileSync(join(to, 'docs.json'), 'utf8')).toBe('{"redirects":[]}')
    expect(readFileSync(join(to, 'old/p0.mdx'), 'utf8')).toBe('')
    expect(existsSync(join(to, 'p0.mdx'))).toBe(false)
    expect(existsSync(join(to, 'index.mdx'))).toBe(true)
  })

  test("a base of names fetches the files its configuration's $refs name, each once, never outside the docs", async () => {
    const files: ChangedFile[] = Array.from({ length: MAX_BASE_FILES + 1 }, (_, i) => ({
      filename: `docs/p${i}.mdx`,
      status: 'added',
      additions: 1,
      deletions: 0,
    })).map((f) => ({ ...f, status: 'removed' as const }))
    const base: Record<string, string> = {
      'docs/docs.json':
        '{"redirects": {"$ref": "./redirects.json"}, "navigation": {"$ref": "config/nav.json"}, "x": {"$ref": "../secret.json"}}',
      'docs/redirects.json': '[{"source": "/old", "destination": "/"}]',
      'docs/config/nav.json':
        '{"tabs": [{"$ref": "./tab.json"}, {"$ref": "../redirects.json"}], "logo": {"$ref": "logo.png"}}',
      'docs/config/tab.json': '{"pages": ["index"]}',
      'docs/config/logo.png': 'not json, never read for refs: {"$ref": "nope.json"}',
    }
    const asked: string[] = []
    const api = {
      fileAt: (_repo: unknown, path: string) => {
        asked.push(path)
        return Promise.resolve(base[path] === undefined ? undefined : new TextEncoder().encode(base[path]))
      },
    }
    const to = join(mkdtempSync(join(tmpdir(), 'names-refs-')), 'base')
    await buildBase({
      api,
      repo: { owner: 'a', repo: 'b' },
      ref: 'r',
      docs: tree({ 'docs.json': '{}', 'index.mdx': '# Home' }),
      docsFolder: 'docs',
      files,
      to,
      within: { repository: tmpdir() },
    })
    expect(asked).toEqual([
      'docs/docs.json',
      'docs/mint.json',
      'docs/.mintignore',
      'docs/redirects.json',
      'docs/config/nav.json',
      'docs/config/tab.json',
      'docs/config/logo.png',
    ])
    expect(readFileSync(join(to, 'redirects.json'), 'utf8')).toBe(base['docs/redirects.json'])
    expect(readFileSync(join(to, 'config', 'tab.json'), 'utf8')).toBe(base['docs/config/tab.json'])
  })

  test('a base of names asks for at most 50 configuration files, however many its $refs name', async () => {
    const refs = Array.from({ length: 100 }, (_, i) => `{"$ref": "gone-${i}.json"}`).join(', ')
    const asked: string[] = []
    const api = {
      fileAt: (_repo: unknown, path: string) => {
        asked.push(path)
        return Promise.resolve(path === 'docs.json' ? new TextEncoder().encode(`{"tabs": [${refs}]}`) : undefined)
      },
    }
    const to = join(mkdtempSync(join(tmpdir(), 'names-cap-')), 'base')
    await buildFromNames({ api, repo: { owner: 'a', repo: 'b' }, ref: 'r', docsFolder: '', names: [], to })
    expect(asked).toHaveLength(50)
    expect(asked.slice(0, 4)).toEqual(['docs.json', 'mint.json', '.mintignore', 'gone-0.json'])
  })

  test('the commit checked out: a detached HEAD, a branch, a packed ref, none', () => {
    const sha = 'c'.repeat(40)
    expect(checkedOut(tree({ '.git/HEAD': `${sha}\n` }), '')).toBe(sha)
    expect(checkedOut(tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${sha}\n` }), '')).toBe(
      sha,
    )
    expect(
      checkedOut(
        tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/packed-refs': `# pack-refs\n${sha} refs/heads/main\n` }),
        '',
      ),
    ).toBe(sha)
    expect(checkedOut(tree({ 'docs/.git/HEAD': `${sha}\n` }), 'docs')).toBe(sha)
    expect(checkedOut(tree({ 'docs/index.mdx': '' }), 'docs')).toBeUndefined()
  })
})

describe('the copy the CLI checks', () => {
  test('every file copied, none hard-linked (the copy is written, never the workspace), .git and node_modules left out', () => {
    const from = mkdtempSync(join(tmpdir(), 'copy-from-'))
    for (const [path, text] of Object.entries({
      'index.mdx': '# Home',
      'docs.json': '{}',
      'images/logo.png': 'png',
      '.git/HEAD': 'x',
      '.GIT/x': 'x',
      'node_modules/a/index.js': 'x',
    })) {
      mkdirSync(dirname(join(from, path)), { recursive: true })
      writeFileSync(join(from, path), text)
    }
    const to = join(mkdtempSync(join(tmpdir(), 'copy-to-')), 'site')
    expect(copySite(from, to, { repository: from })).toEqual([])
    for (const path of ['images/logo.png', 'index.mdx', 'docs.json']) {
      expect(statSync(join(to, path)).ino, path).not.toBe(statSync(join(from, path)).ino)
      expect(readFileSync(join(to, path), 'utf8')).toBe(readFileSync(join(from, path), 'utf8'))
    }
    expect(existsSync(join(to, '.git'))).toBe(false)
    expect(existsSync(join(to, '.GIT'))).toBe(false)
    expect(existsSync(join(to, 'node_modules'))).toBe(false)
  })

  test("a page's stand-in keeps its front matter and headings, nothing it could not parse", () => {
    const text = '---\ntitle: A\n---\n\n# A\n\nAn unclosed {x\n\n## Install {#install}\n\n## Use\n'
    expect(stubPage(text)).toBe('---\ntitle: A\n---\n\n# A\n\n## Use\n')
    expect(stubPage(text, false)).toBe('---\ntitle: A\n---\n')
    expect(stubPage('no front matter\n# H\n')).toBe('\n# H\n')
  })

  test('exclude globs match paths relative to the docs folder', () => {
    const excluded = excluder(['drafts/**', 'snippets/legacy.mdx'])
    expect(['drafts/a.mdx', 'drafts/x/b.mdx', 'snippets/legacy.mdx', 'guides/a.mdx'].map((f) => excluded?.(f))).toEqual(
      [true, true, true, false],
    )
    expect(excluder([])).toBeUndefined()
  })

  test("the output's width: twice the longest name or target the site writes, bounded", () => {
    const dir = mkdtempSync(join(tmpdir(), 'width-'))
    writeFileSync(join(dir, 'index.mdx'), '# Home\n\n[a](/short)\n')
    expect(outputWidth(dir)).toBe(200)
    const long = `/${'x'.repeat(300)}`
    writeFileSync(join(dir, 'index.mdx'), `[a](${long})\n[b](</with spaces ${'y'.repeat(200)}>)\n`)
    expect(outputWidth(dir)).toBe(2 * long.length + 40)
    // prose and data URIs are no target: a long run of text or an inline image widens nothing
    writeFileSync(join(dir, 'index.mdx'), `${'z'.repeat(5000)}\n![i](data:image/png;base64,${'A'.repeat(5000)})\n`)
    expect(outputWidth(dir)).toBe(200)
    // a redirect in docs.json is printed as source → destination
    writeFileSync(
      join(dir, 'docs.json'),
      JSON.stringify({ redirects: [{ source: `/${'s'.repeat(400)}`, destination: '/d' }] }),
    )
    expect(outputWidth(dir)).toBe(2 * 401 + 40)
    writeFileSync(join(dir, 'index.mdx'), `<Card href="/${'x'.repeat(9000)}" />\n`)
    expect(outputWidth(dir)).toBe(8000)
  })
})

describe("the install's lockfile for this runner", () => {
  const lock = {
    packages: {
      '': { name: 'mintlify-cli', dependencies: { mint: '4.2.941' } },
      'node_modules/mint': { version: '4.2.941' },
      'node_modules/@img/sharp-linux-x64': {
        version: '0.33.5',
        os: ['linux'],
        cpu: ['x64'],
        libc: ['glibc'],
        optional: true,
      },
      'node_modules/@img/sharp-libvips-linux-x64': {
        version: '1.0.4',
        os: ['linux'],
        cpu: ['x64'],
        libc: ['glibc'],
        optional: true,
      },
      'node_modules/@img/sharp-linuxmusl-x64': {
        version: '0.33.5',
        os: ['linux'],
        cpu: ['x64'],
        libc: ['musl'],
        optional: true,
      },
      'node_modules/@img/sharp-win32-x64': { version: '0.33.5', os: ['win32'], cpu: ['x64'], optional: true },
      'node_modules/@img/sharp-darwin-arm64': { version: '0.33.5', os: ['darwin'], cpu: ['arm64'], optional: true },
    },
  }

  test.each([
    [
      { platform: 'linux', arch: 'x64', libc: 'glibc' as const },
      ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'],
    ],
    [{ platform: 'linux', arch: 'x64', libc: 'musl' as const }, ['@img/sharp-linuxmusl-x64']],
    [{ platform: 'win32', arch: 'x64' }, ['@img/sharp-win32-x64']],
    [{ platform: 'darwin', arch: 'arm64' }, ['@img/sharp-darwin-arm64']],
  ])('%j: its image library made a direct dependency, in package.json and the lock alike', (on, images) => {
    const made = lockFor(lock, '4.2.941', on)
    expect(made?.images.sort()).toEqual([...images].sort())
    const pkg = JSON.parse(made?.packageJson ?? '{}') as { dependencies: Record<string, string> }
    const written = JSON.parse(made?.lock ?? '{}') as typeof lock
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['mint', ...images].sort())
    expect(written.packages[''].dependencies).toEqual(pkg.dependencies)
    for (const name of images)
      expect(
        (written.packages as Record<string, { optional?: boolean }>)[`node_modules/${name}`]?.optional,
      ).toBeUndefined()
    // the shipped lock itself is left as it was
    expect(lock.packages['node_modules/@img/sharp-linux-x64'].optional).toBe(true)
  })

  test('a platform with no image library in the lockfile: none', () => {
    expect(lockFor(lock, '4.2.941', { platform: 'freebsd', arch: 'x64' })).toBeUndefined()
  })
})

describe("a base by its pages' names", () => {
  test("the head's pages, less those the pull request added or renamed to, with those it removed or renamed from", () => {
    const changes = { additions: 1, deletions: 1 }
    const files: ChangedFile[] = [
      { filename: 'docs/new.mdx', status: 'added', ...changes },
      { filename: 'docs/gone.mdx', status: 'removed', ...changes },
      { filename: 'docs/b.mdx', status: 'renamed', previousFilename: 'docs/a.mdx', ...changes },
      { filename: 'docs/kept.mdx', status: 'modified', ...changes },
      { filename: 'docs/c.mdx', status: 'copied', ...changes },
      { filename: 'docs/images/x.png', status: 'removed', ...changes },
      // a page moved into the docs folder from outside it: not in the base's docs
      { filename: 'docs/in.mdx', status: 'renamed', previousFilename: 'drafts/in.mdx', ...changes },
    ]
    expect(baseNames(['index.mdx', 'new.mdx', 'b.mdx', 'kept.mdx', 'c.mdx', 'in.mdx'], files, 'docs')).toEqual([
      'a.mdx',
      'gone.mdx',
      'index.mdx',
      'kept.mdx',
    ])
  })
})

describe('exclude globs that can never match', () => {
  test.each([
    ['/drafts/**', 'starts with /'],
    ['../**', 'climbs out'],
    ['docs/../x.mdx', 'climbs out'],
    ['drafts/[wip', 'never closed'],
    ['[a]/[b', 'never closed'],
  ])('%s: said why (%s)', (glob, why) => {
    expect(neverMatches(glob)).toContain(why)
  })
  test.each(['drafts/**', '**/*.draft.mdx', 'a[bc].mdx', '..drafts/x', 'x..y/**'])('%s can match', (glob) => {
    expect(neverMatches(glob)).toBeUndefined()
  })
})
