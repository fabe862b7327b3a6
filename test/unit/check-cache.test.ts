import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  ENTRY_PATH,
  type Kept,
  entryKey,
  networkDecides,
  plausible,
  problemCache,
  readEntry,
  treeFingerprint,
  writeEntry,
} from '../../src/check/base-cache.js'
import type { CacheService, Quieter } from '../../src/check/cache-guard.js'
import { eitherSideReads, siteChanges } from '../../src/check/base-tree.js'
import { configurationFiles } from '../../src/check/docs-folder.js'
import type { Problem } from '../../src/check/cli-output.js'
import type { ChangedFile } from '../../src/github/change.js'
import { siteReader } from '../../src/site/addresses.js'

const PROBLEMS: Problem[] = [
  { rule: 'broken-link', file: 'a.mdx', target: '/gone', message: 'The link /gone leads nowhere.' },
  { rule: 'missing-alt', file: 'b.mdx', line: 3, column: 1, message: 'Missing alt attribute on img element' },
]
const KEPT = {
  problems: PROBLEMS,
  warnings: ['Failed to extract OpenAPI pages from navigation: TypeError: fetch failed'],
}
const NOTHING = { problems: [], warnings: [] }

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fingerprint-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe("a tree's key", () => {
  test('the configuration is always in it: docs.json, mint.json, .mintignore and their $ref targets, whatever .mintignore says', () => {
    const hiding = '.mintignore\ndocs.json\nmint.json\nconfig/\n'
    const site = {
      'docs.json': '{"navigation": {"$ref": "config/nav.json"}}',
      'config/nav.json': '{"pages": ["index"]}',
      'index.mdx': '# Home',
      '.mintignore': hiding,
    }
    const base = treeFingerprint(tree(site))
    for (const [path, text] of [
      ['docs.json', '{"navigation": {"$ref": "config/nav.json"}, "redirects": []}'],
      ['config/nav.json', '{"pages": []}'],
      ['.mintignore', `${hiding}# more\n`],
      ['mint.json', '{}'],
    ] as const)
      expect(treeFingerprint(tree({ ...site, [path]: text })), path).not.toBe(base)
    // what the .mintignore hides that configures nothing stays out
    expect(treeFingerprint(tree({ ...site, 'config/notes.mdx': '# Notes' }))).toBe(base)
  })

  test('what the site reads on either side: unread only where both .mintignore files leave it out; the configuration always', () => {
    const reads = eitherSideReads({ head: 'drafts/\nold/\n', base: 'drafts/\n' }, configurationFiles(tree({})))
    expect(reads('drafts/a.mdx')).toBe(false)
    expect(reads('old/a.mdx')).toBe(true)
    expect(reads('guides/a.mdx')).toBe(true)
    expect(reads('README.md')).toBe(false)
    const hiding = eitherSideReads(
      { head: 'docs.json\n.mintignore\n', base: 'docs.json\n' },
      new Set(['docs.json', '.mintignore']),
    )
    expect(['docs.json', '.mintignore'].map(hiding)).toEqual([true, true])
    const refs = configurationFiles(
      tree({
        'docs.json': '{"a": {"$ref": "./a.json"}, "b": {"$ref": "../out.json"}}',
        'a.json': '{"c": {"$ref": "sub/c.json"}}',
        'sub/c.json': '{}',
      }),
    )
    expect([...refs].sort()).toEqual(['.mintignore', 'a.json', 'docs.json', 'mint.json', 'sub/c.json'])
    // a configuration whose refs cannot all be read: those it names itself
    const broken = configurationFiles(tree({ 'docs.json': '{"a": {"$ref": "./missing.json"}}' }))
    expect(broken.has('missing.json')).toBe(true)
  })

  test('the fingerprint follows every file the site reads, by path and bytes, and nothing else', () => {
    const site = { 'docs.json': '{}', 'index.mdx': '# Home', 'images/a.png': 'png' }
    const base = treeFingerprint(tree(site))
    expect(treeFingerprint(tree(site))).toBe(base)
    expect(treeFingerprint(tree({ ...site, 'index.mdx': '# Home!' }))).not.toBe(base)
    expect(treeFingerprint(tree({ ...site, 'images/b.png': 'png' }))).not.toBe(base)
    const { 'images/a.png': _moved, ...rest } = site
    expect(treeFingerprint(tree({ ...rest, 'images/c.png': 'png' }))).not.toBe(base)
    // what the site never reads leaves it as it is; .mintignore is read
    expect(
      treeFingerprint(
        tree({
          ...site,
          '.github/CODEOWNERS': '*',
          '.vscode/settings.json': '{}',
          'README.md': '# About',
          'node_modules/x.js': '',
        }),
      ),
    ).toBe(base)
    expect(treeFingerprint(tree({ ...site, '.mintignore': 'drafts/' }))).not.toBe(base)
    // a hidden folder the CLI reads is read; a page the site's .mintignore leaves out is not
    expect(treeFingerprint(tree({ ...site, '.drafts/plan.mdx': '# Plan' }))).not.toBe(base)
    expect(treeFingerprint(tree({ ...site, '.mintlify/skills/x/skill.md': '# Skill' }))).not.toBe(base)
    const ignoring = { ...site, '.mintignore': 'drafts/' }
    expect(treeFingerprint(tree({ ...ignoring, 'drafts/a.mdx': '# A' }))).toBe(treeFingerprint(tree(ignoring)))
  })

  test('the key follows the tree, the CLI version, the checks but validate, and the pages left out', () => {
    const parts = {
      fingerprint: 'f',
      mintVersion: '4.2.941',
      checks: new Set(['links', 'alt-text'] as const),
      exclude: [],
    }
    const key = entryKey(parts)
    expect(key).toMatch(/^mintlify-check-[0-9a-f]{40}$/)
    expect(entryKey({ ...parts, checks: new Set(['alt-text', 'links', 'validate'] as const) })).toBe(key)
    for (const other of [
      { ...parts, fingerprint: 'g' },
      { ...parts, mintVersion: '4.2.942' },
      { ...parts, checks: new Set(['links'] as const) },
      { ...parts, exclude: ['drafts/**'] },
    ])
      expect(entryKey(other)).not.toBe(key)
  })

  test("what the site reads: the CLI's own rule (its defaults and the .mintignore), not every hidden name", () => {
    const siteReads = siteReader()
    expect(
      [
        'index.mdx',
        'a/b.png',
        '.mintignore',
        'docs/.mintignore',
        '.drafts/plan.mdx',
        '.well-known/x.txt',
        '.gitignore',
        '.mintlify/skills/x/skill.md',
        '.mintlify/notes/x.json',
      ].filter((path) => !siteReads(path)),
    ).toEqual([])
    expect(
      [
        '.github/CODEOWNERS',
        'a/.vscode/x.json',
        'node_modules/x',
        'a/node_modules/x.mdx',
        '.git/HEAD',
        'README.md',
        'guides/README.md',
        '.mintlify/notes/x.md',
        '.cursor/rules.mdx',
      ].filter((path) => siteReads(path)),
    ).toEqual([])
    // a folder the .mintignore leaves out is never entered, a file it leaves out never read
    const withOwn = siteReader('drafts/\n*.draft.mdx\n')
    expect(['drafts/a.mdx', 'b.draft.mdx', 'drafts'].map((p) => withOwn(p, p === 'drafts'))).toEqual([
      false,
      false,
      false,
    ])
    expect(['b.mdx', 'drafts.mdx'].map((p) => withOwn(p))).toEqual([true, true])
    const changes = { additions: 1, deletions: 1 }
    const files: ChangedFile[] = [
      { filename: 'docs/.github/x', status: 'modified', ...changes },
      { filename: 'src/app.ts', status: 'modified', ...changes },
      { filename: 'docs/a.mdx', status: 'renamed', previousFilename: 'old/a.mdx', ...changes },
      { filename: 'docs/.hidden/b.mdx', status: 'renamed', previousFilename: 'docs/b.mdx', ...changes },
    ]
    expect(siteChanges(files, 'docs', siteReader()).map((f) => f.filename)).toEqual([
      'docs/a.mdx',
      'docs/.hidden/b.mdx',
    ])
    // a page .mintignore leaves out, and only that: no file the site reads
    const drafts: ChangedFile[] = [{ filename: 'docs/drafts/x.mdx', status: 'modified', ...changes }]
    expect(siteChanges(drafts, 'docs', siteReader('drafts/'))).toEqual([])
    expect(siteChanges(drafts, 'docs', siteReader())).toEqual(drafts)
  })
})

describe('an entry', () => {
  test('read back as written, for its own key only', () => {
    const text = writeEntry('k1', KEPT)
    expect(readEntry(text, 'k1')).toEqual(KEPT)
    // an entry written without warnings reads as none
    expect(readEntry(JSON.stringify({ format: 1, key: 'k1', problems: PROBLEMS }), 'k1')).toEqual({
      ...KEPT,
      warnings: [],
    })
    expect(readEntry(text, 'k2')).toBeUndefined()
  })

  test.each([
    ['not JSON', 'nope'],
    ['another format', JSON.stringify({ format: 2, key: 'k1', problems: [] })],
    [
      'a problem of an unknown rule',
      JSON.stringify({ format: 1, key: 'k1', problems: [{ rule: 'x', file: 'a', message: 'm' }] }),
    ],
    [
      'a line that is no line',
      JSON.stringify({ format: 1, key: 'k1', problems: [{ rule: 'syntax', file: 'a', line: 0, message: 'm' }] }),
    ],
    ['no problems', JSON.stringify({ format: 1, key: 'k1' })],
  ])('%s: ignored', (_name, text) => {
    expect(readEntry(text, 'k1')).toBeUndefined()
  })
})

describe('the problem cache over the cache service', () => {
  const quiet: Quieter = async (work) => ({ value: await work() })
  /** A service that keeps entries in memory, as files at the paths it is given, in the workspace (as tar -C does). */
  function memoryService(
    workspace: string,
    options: { available?: boolean; fail?: string } = {},
  ): CacheService & {
    kept: Map<string, string>
  } {
    const kept = new Map<string, string>()
    return {
      kept,
      available: () => options.available ?? true,
      restore: (paths, key) => {
        if (options.fail) return Promise.reject(new Error(options.fail))
        const text = kept.get(key)
        if (text === undefined) return Promise.resolve(undefined)
        mkdirSync(dirname(join(workspace, paths[0] ?? '')), { recursive: true })
        writeFileSync(join(workspace, paths[0] ?? ''), text)
        return Promise.resolve(key)
      },
      save: (paths, key) => {
        if (options.fail) return Promise.reject(new Error(options.fail))
        if (kept.has(key)) return Promise.resolve(false)
        kept.set(key, readFileSync(join(workspace, paths[0] ?? ''), 'utf8'))
        return Promise.resolve(true)
      },
    }
  }

  test('saved, then restored by its key; the entry file never left in the workspace', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))
    const service = memoryService(workspace)
    const cache = problemCache(service, workspace, quiet)
    expect(await cache.restore('k1')).toEqual({ found: false })
    expect(await cache.save('k1', KEPT)).toEqual({ saved: true })
    expect(existsSync(join(workspace, ENTRY_PATH))).toBe(false)
    expect(await cache.restore('k1')).toEqual({ found: true, ...KEPT })
    expect(existsSync(join(workspace, ENTRY_PATH))).toBe(false)
    // a key another run took first: not saved, and nothing wrong to say
    expect(await cache.save('k1', KEPT)).toEqual({ saved: false })
  })

  test('an entry the service restores that is not for this key is ignored, said why', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))
    const service = memoryService(workspace)
    service.kept.set('k1', writeEntry('k-other', KEPT))
    const restored = await problemCache(service, workspace, quiet).restore('k1')
    expect(restored).toEqual({ found: false, why: 'the restored entry is not one this check wrote', rejected: true })
  })

  test('no service, a thrown error, or what the client printed as a warning: never found, never saved, and said', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))
    const none = problemCache(memoryService(workspace, { available: false }), workspace, quiet)
    expect(await none.restore('k')).toEqual({ found: false, why: 'the runner gives this step no cache service' })
    expect(await none.save('k', NOTHING)).toEqual({ saved: false, why: 'the runner gives this step no cache service' })
    const failing = problemCache(memoryService(workspace, { fail: 'ECONNREFUSED' }), workspace, quiet)
    expect(await failing.restore('k')).toEqual({ found: false, why: 'ECONNREFUSED' })
    expect(await failing.save('k', NOTHING)).toEqual({ saved: false, why: 'ECONNREFUSED' })
    const warned: Quieter = async (work) => ({ value: await work(), said: 'Failed to restore: 400' })
    const grumbling = problemCache(memoryService(workspace), workspace, warned)
    expect(await grumbling.restore('k')).toEqual({ found: false, why: 'Failed to restore: 400' })
    expect(await grumbling.save('k', NOTHING)).toEqual({ saved: false, why: 'Failed to restore: 400' })
    expect(existsSync(join(workspace, ENTRY_PATH))).toBe(false)
  })
})

describe("the cache client's surroundings", () => {
  const quiet: Quieter = async (work) => ({ value: await work() })

  test('while it runs, no step input is in the environment the programs it starts inherit; after, all are back', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))
    process.env['INPUT_API-KEY'] = 'mint_secret_for_this_test'
    let seen: string[] = []
    const service: CacheService = {
      available: () => true,
      restore: () => {
        seen = Object.keys(process.env).filter((k) => k.startsWith('INPUT_'))
        return Promise.resolve(undefined)
      },
      save: () => Promise.resolve(true),
    }
    try {
      await problemCache(service, workspace, quiet).restore('k')
      expect(seen).toEqual([])
      expect(process.env['INPUT_API-KEY']).toBe('mint_secret_for_this_test')
    } finally {
      delete process.env['INPUT_API-KEY']
    }
  })

  test('a call that does not end is given up when the run stops: not found, said why', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))
    const never: CacheService = {
      available: () => true,
      restore: () => new Promise<string | undefined>(() => undefined),
      save: () => new Promise<boolean>(() => undefined),
    }
    const stop = new AbortController()
    const cache = problemCache(never, workspace, quiet, stop.signal)
    const restoring = cache.restore('k')
    stop.abort()
    expect(await restoring).toEqual({ found: false, why: 'stopped: the run was cancelled or reached wait-timeout' })
    expect(await cache.save('k', NOTHING)).toEqual({ saved: false, why: 'stopped before it began' })
  })
})

describe('what an entry may decide', () => {
  const site = tree({
    'docs.json': '{"redirects":[{"source":"/a","destination":"/nowhere"}]}',
    'index.mdx': '# Home\n\nSee [gone](/gone).\n',
  })
  test("each problem as the tree could have it: a link's target in its file, a line its file has", () => {
    const entry = (problems: Problem[]): Kept => ({ problems, warnings: [] })
    const link = (target: string, file = 'index.mdx'): Problem => ({
      rule: 'broken-link',
      file,
      target,
      message: `The link ${target} leads nowhere.`,
    })
    expect(plausible(entry([link('/gone'), link('gone')]), site)).toBe(true)
    expect(
      plausible(
        entry([{ rule: 'broken-redirect', file: 'mint.json', target: '/a → /nowhere', message: 'Broken redirect' }]),
        site,
      ),
    ).toBe(true)
    expect(plausible(entry([{ rule: 'missing-alt', file: 'index.mdx', line: 3, message: 'alt' }]), site)).toBe(true)
    expect(plausible(entry([{ rule: 'contrast', file: 'docs.json', message: 'contrast' }]), site)).toBe(true)
    // a target the file never writes, a line past its end, a file the tree does not have
    expect(plausible(entry([link('/missing')]), site)).toBe(false)
    expect(
      plausible(
        entry([{ rule: 'broken-redirect', file: 'docs.json', target: '/a → /elsewhere', message: 'Broken redirect' }]),
        site,
      ),
    ).toBe(false)
    expect(plausible(entry([{ rule: 'missing-alt', file: 'index.mdx', line: 5, message: 'alt' }]), site)).toBe(false)
    expect(plausible(entry([link('/gone', 'other.mdx')]), site)).toBe(false)
    expect(plausible(entry([]), site)).toBe(true)
  })

  test('what the network decides is never kept: external links, an OpenAPI document at a URL', () => {
    const checks = new Set(['links'] as const)
    expect(networkDecides(site, checks)).toBeUndefined()
    expect(networkDecides(site, new Set(['links', 'external'] as const))).toMatch(/external/)
    const remote = (config: unknown): string | undefined =>
      networkDecides(tree({ 'docs.json': JSON.stringify(config) }), checks)
    expect(remote({ navigation: { openapi: 'https://api.example.com/openapi.json' } })).toMatch(/at a URL/)
    expect(remote({ navigation: { tabs: [{ openapi: ['local.yaml', 'HTTP://x.com/a.yaml'] }] } })).toMatch(/at a URL/)
    expect(remote({ api: { openapi: { source: 'https://x.com/a.json', directory: 'api' } } })).toMatch(/at a URL/)
    expect(remote({ asyncapi: 'https://x.com/events.yaml' })).toMatch(/at a URL/)
    expect(remote({ navigation: { openapi: 'openapi.json', href: 'https://x.com' } })).toBeUndefined()
    expect(networkDecides(tree({ 'mint.json': '{"openapi":"https://x.com/a.json"}' }), checks)).toMatch(/mint.json/)
    expect(networkDecides(tree({ 'docs.json': 'not json' }), checks)).toBeUndefined()
    // a document named in a file the configuration's $ref names counts as well
    const split = (navigation: string): string | undefined =>
      networkDecides(
        tree({
          'docs.json': '{"navigation": {"$ref": "./config/navigation.json"}}',
          'config/navigation.json': navigation,
        }),
        checks,
      )
    expect(split('{"tabs": [{"openapi": "https://x.com/a.json"}]}')).toMatch(/at a URL/)
    expect(split('{"tabs": [{"openapi": "local.json"}]}')).toBeUndefined()
  })
})
