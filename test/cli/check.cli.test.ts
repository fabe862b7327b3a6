import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import { RUNTIMES, type ActionRun, runAction } from '../e2e/harness.js'
import { startGitHub } from '../e2e/fixtures.js'
import { readJson } from '../e2e/typed.js'
import { annotations } from './scenarios.js'
import { TOOL_CACHE, workspaceOf } from './sites.js'
import { startCacheService } from '../simulator/cache-service.js'
import { fakeNpm } from '../simulator/fake-tools.js'
import { CLI_ENTRY } from '../../src/check/mint-cli.js'
import { DEFAULT_MINT_IGNORES, siteReader } from '../../src/site/addresses.js'
import { pageTitle } from '../../src/site/pull-pages.js'
import { resolveConfig } from '../../src/site/config-refs.js'

/**
 * The check action against the real Mintlify CLI (the version its mint-version defaults to, installed
 * once outside node_modules by scripts/install-mint.mjs: `npm run test:cli`), run as the runner runs
 * it: the bundle on Node 24, the inputs with check/action.yml's defaults, the fixture sites of
 * test/cli/sites/ as the workspace. No fake of the CLI: its own output, read by the action.
 */

interface Problems {
  docs: string
  checked: string[]
  scope: 'changed' | 'all'
  outside: number
  problems: Array<{ rule: string; file: string; line?: number; column?: number; target?: string; message: string }>
}

async function check(
  site: string,
  options: {
    inputs?: Record<string, string>
    pull?: { number: number; files: string[] }
    /** What the runner's environment adds or replaces: another tool cache, PATH, the cache service. */
    env?: Record<string, string>
  } = {},
): Promise<ActionRun> {
  const env: Record<string, string> = {
    GITHUB_WORKSPACE: workspaceOf(site),
    RUNNER_TOOL_CACHE: TOOL_CACHE,
    ...options.env,
  }
  let event: { name: string; payload: unknown } = { name: 'push', payload: {} }
  if (options.pull) {
    const gh = await startGitHub()
    gh.pullFiles.set(
      options.pull.number,
      options.pull.files.map((filename) => ({ filename, status: 'modified' as const, additions: 1, deletions: 1 })),
    )
    env.GITHUB_API_URL = gh.baseUrl
    // a pull request event as GitHub sends one carries its head
    event = {
      name: 'pull_request',
      payload: {
        action: 'synchronize',
        pull_request: { number: options.pull.number, head: { ref: 'docs/fix', sha: 'a'.repeat(40) } },
      },
    }
  }
  return runAction({
    runtime: RUNTIMES[0],
    action: 'check',
    inputs: options.inputs ?? {},
    env,
    event,
    killAfterMs: 240_000,
  })
}

describe('the check action on the real Mintlify CLI', () => {
  test('a site with known problems: each at its file and line, the step failed, the files and outputs say the same', async () => {
    const run = await check('broken')
    expect(run.code).toBe(1)
    const found = annotations(run).map((a) => [a.title, a.file, a.line, a.col])
    expect(found).toEqual([
      ['Broken link', 'guides/::error x [y](z).mdx', '5', '81'],
      ['Broken link', 'index.mdx', '7', '63'],
      ['Broken link', 'index.mdx', '9', '47'],
      ['Broken redirect', 'docs.json', '10', '41'],
      ['Image without alt text', 'guides/start.mdx', '7', '1'],
    ])
    expect(run.outputs.problems).toBe('5')
    const json = readJson<Problems>(run.outputs['problems-json'] ?? '')
    expect(json.problems.map((p) => p.target ?? p.rule)).toEqual([
      '/no/where',
      '/guides/nowhere',
      '/guides/start#no-such-heading',
      '/old → /guides/nowhere',
      'missing-alt',
    ])
    expect(json.scope).toBe('all')
    expect(run.errors.at(-1)).toContain('Docs check: 5 problems')
    expect(run.summary).toContain('### ❌ Docs check: 5 problems')
    // the file whose name is Markdown and a workflow command: escaped in the summary, a property in the annotation
    expect(run.summary).toContain('guides/::error x \\[y\\]\\(z\\).mdx')
    expect(run.stdout).not.toMatch(/^::error x/m)
    // nothing of the CLI's own is a workflow command, and no escape sequence reaches the log
    // eslint-disable-next-line no-control-regex -- escape sequences are what this looks for
    expect(run.stdout).not.toMatch(/\u001b\[/)
  })

  test('on a pull request, only the problems in the files it changes (and it says how many it left out)', async () => {
    const run = await check('broken', {
      inputs: { scope: 'changed' },
      pull: { number: 5, files: ['guides/start.mdx', 'README.md'] },
    })
    expect(run.code).toBe(1)
    // the log's end beside a failure: what the step said where it found no such problem
    expect(
      annotations(run).map((a) => [a.title, a.file, a.line]),
      run.stdout.slice(-4000),
    ).toEqual([['Image without alt text', 'guides/start.mdx', '7']])
    const json = readJson<Problems>(run.outputs['problems-json'] ?? '')
    expect(json.scope).toBe('changed')
    expect(json.outside).toBe(4)
    expect(run.summary).toContain('The files of pull request #5 (4 problems elsewhere not reported)')
  })

  test('a pull request whose files have no problem passes, whatever the rest of the site has', async () => {
    const run = await check('broken', {
      inputs: { scope: 'changed' },
      pull: { number: 6, files: ['guides/clean.mdx'] },
    })
    expect(run.code).toBe(0)
    expect(run.outputs.problems).toBe('0')
    expect(run.notices.at(-1)).toContain('Docs check passed for pull request #6')
  })

  test('on-problems: warn reports each problem as a warning, and the step passes; only the checks asked for run', async () => {
    const run = await check('broken', { inputs: { 'on-problems': 'warn', checks: 'links' } })
    expect(run.code).toBe(0)
    // links alone: no anchor, redirect or accessibility check, so the broken anchor is not among them
    expect(run.stdout).toContain('::group::mint broken-links (docs)\n')
    expect(run.stdout).not.toContain('mint a11y')
    expect(annotations(run, 'warning').map((a) => a.file)).toEqual(['guides/::error x [y](z).mdx', 'index.mdx'])
    expect(annotations(run)).toEqual([])
  })

  test('a clean site passes: links, anchors, redirects, alt text and contrast', async () => {
    const run = await check('clean')
    expect(run.code).toBe(0)
    expect(run.errors).toEqual([])
    expect(run.outputs.problems).toBe('0')
    expect(run.summary).toContain('### ✅ Docs check passed')
  })

  test('a docs.json the CLI cannot read is no verdict, never a pass (the CLI itself says success and exits 0)', async () => {
    const run = await check('unreadable', { inputs: { checks: 'links' } })
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toContain('did not run to a verdict')
    expect(run.errors.at(-1)).toContain('Failed to read or resolve docs.json')
    expect(run.summary).toContain('no verdict')
    expect(run.outputs.problems).toBeUndefined()
  })

  test('the docs found below the workspace, and a docs-path that holds none refused', async () => {
    const run = await check('.', { inputs: { 'docs-path': 'clean' } })
    expect(run.code).toBe(0)
    const none = await check('clean', { inputs: { 'docs-path': 'guides' } })
    expect(none.code).toBe(1)
    expect(none.errors.at(-1)).toContain('docs-path "guides" holds no docs.json')
  })

  test('validate where the runner has no network: a notice says so, and the step passes on a clean site', async () => {
    const run = await check('clean', { inputs: { checks: 'validate' } })
    // offline (this machine): the CLI says it needs an internet connection; with one, the build validates
    expect(run.code).toBe(0)
    const said = [...run.notices, run.summary].join('\n')
    expect(said).toMatch(/The build was not validated: mint validate needs the network|The build validates\./)
  })

  test("the action's install: at most 400 MB, no AI SDK, no install script's output, the whole folder marked", () => {
    const folder = join(TOOL_CACHE, 'mintlify-cli', '4.2.941', process.arch)
    const bytes = Number(execFileSync('du', ['-sb', folder], { encoding: 'utf8' }).split('\t')[0])
    expect(bytes).toBeLessThanOrEqual(400e6)
    for (const sdk of ['@anthropic-ai', '@openai', 'keytar', '@modelcontextprotocol/sdk'])
      expect(existsSync(join(folder, 'node_modules', sdk)), sdk).toBe(false)
    // sharp's install script would have built or fetched a binary here; the prebuilt package is used instead
    expect(existsSync(join(folder, 'node_modules', 'sharp', 'build'))).toBe(false)
    expect(existsSync(join(folder, '.mintlify-docs-action-installed'))).toBe(true)
    expect(existsSync(join(TOOL_CACHE, 'mintlify-cli', '4.2.941', `${process.arch}.complete`))).toBe(true)
  })

  test("the tool cache holds the pinned version: the run finds it, verified against the action's digest, and installs nothing", async () => {
    // an npm that fails: an install would end the step with no verdict
    const run = await check('clean', { inputs: { checks: 'links' }, env: { PATH: fakeNpm('fail').path } })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      "mint@4.2.941 was already installed (the tool cache), and verified: every file is the install's.",
    )
    expect(
      readFileSync(
        join(TOOL_CACHE, 'mintlify-cli', '4.2.941', process.arch, 'node_modules', 'mint', 'package.json'),
        'utf8',
      ),
    ).toContain('"version": "4.2.941"')
  })

  test("docs.json's $refs resolved as the CLI resolves them: the same configuration, or the same refusal", async () => {
    const validation = join(
      TOOL_CACHE,
      'mintlify-cli',
      '4.2.941',
      process.arch,
      'node_modules',
      '@mintlify',
      'validation',
    )
    const cli = (await import(pathToFileURL(join(validation, 'dist', 'resolve-refs.js')).href)) as {
      resolveRefs: (value: unknown, read: (path: string) => Promise<string>) => Promise<{ resolved: unknown }>
    }
    const tree: Record<string, string> = {
      'redirects.json': '[{"source": "/old", "destination": "/new"}]',
      'config/navigation.json': '{"groups": [{"$ref": "./groups/start.json"}], "tabs": {"$ref": "../tabs.json"}}',
      'config/groups/start.json': '{"group": "Start", "pages": ["index"]}',
      'tabs.json': '["a", {"$ref": "list.json", "dropped": 1}]',
      'list.json': '[1, 2]',
      'a.json': '{"strict": false, "kept": {"$ref": "./list.json"}}',
      'one.json': '{"b": {"$ref": "two.json"}}',
      'two.json': '{"c": {"$ref": "./one.json"}}',
      'bad.json': '{ nope',
      'sub/up.json': '{"x": {"$ref": "../../outside.json"}}',
    }
    const cases = [
      '{"redirects": {"$ref": "./redirects.json"}, "name": "x"}',
      '{"navigation": {"$ref": "config/navigation.json"}}',
      '{"appearance": {"$ref": "a.json", "strict": true}, "again": {"$ref": "./a.json"}}',
      '{"a": {"$ref": 3}, "b": [{"$ref": "list.json"}]}',
      '{"a": {"$ref": "../secrets.json"}}',
      '{"a": {"$ref": "/etc/x.json"}}',
      '{"a": {"$ref": "sub/up.json"}}',
      '{"a": {"$ref": "gone.json"}}',
      '{"a": {"$ref": "bad.json"}}',
      '{"a": {"$ref": "one.json"}}',
      '{"a": {"$ref": "config\\\\groups\\\\start.json"}, "b": {"$ref": "config//groups/./start.json"}}',
      '{"a": {"$ref": "\\\\etc\\\\x.json"}}',
      '{"a": {"$ref": ".."}, "b": null}',
      '{"a": {"$ref": "../../tabs.json"}}',
    ]
    for (const text of cases) {
      const ours = resolveConfig(text, (path) => tree[path])
      const theirs = await cli
        .resolveRefs(JSON.parse(text), (path) =>
          tree[path] === undefined ? Promise.reject(new Error('ENOENT')) : Promise.resolve(tree[path]),
        )
        .then(
          ({ resolved }) => ({ json: resolved }),
          (error: Error) => ({ problem: error.message }),
        )
      if ('json' in theirs) expect(ours, text).toEqual({ json: theirs.json, refs: expect.any(Array) as unknown })
      // the same reason, but for the parser's own words (the check never quotes a file)
      else expect('problem' in ours && ours.problem, text).toBe(theirs.problem.replace(/(invalid JSON):.*$/, '$1'))
    }
  })

  test("what the check counts as read is the CLI's own rule: its DEFAULT_MINT_IGNORES, and its answers for each path", async () => {
    const common = join(TOOL_CACHE, 'mintlify-cli', '4.2.941', process.arch, 'node_modules', '@mintlify', 'common')
    const cli = (await import(pathToFileURL(join(common, 'dist', 'mintIgnore.js')).href)) as {
      DEFAULT_MINT_IGNORES: string[]
      createMintIgnoreMatcher: (globs: string[]) => unknown
      isMintIgnoredBy: (path: string, matcher: unknown, isDirectory?: boolean) => boolean
      processMintIgnoreString: (text: string) => string[]
    }
    expect(DEFAULT_MINT_IGNORES).toEqual(cli.DEFAULT_MINT_IGNORES)
    const mintignore = '# drafts, but one\ndrafts/\n!drafts/keep.mdx\n  *.draft.mdx\r\nsecret.md\n'
    const ours = siteReader(mintignore)
    const matcher = cli.createMintIgnoreMatcher(cli.processMintIgnoreString(mintignore))
    // the CLI's walk enters a folder only where it is not left out, then reads a file not left out
    const theirs = (path: string): boolean => {
      const parts = path.split('/')
      for (let n = 1; n < parts.length; n++)
        if (cli.isMintIgnoredBy(parts.slice(0, n).join('/'), matcher, true)) return false
      return !cli.isMintIgnoredBy(path, matcher)
    }
    const paths = [
      'index.mdx',
      'README.md',
      'a/README.md',
      '.drafts/plan.mdx',
      '.well-known/x.txt',
      '.github/x.md',
      'a/.vscode/x.json',
      '.mintlify/skills/x/skill.md',
      '.mintlify/notes/x.md',
      '.mintlify/notes/x.json',
      'drafts/a.mdx',
      'drafts/keep.mdx',
      'b.draft.mdx',
      'secret.md',
      'a/secret.md',
      '.cursor/rules.mdx',
      '.claude/x.md',
      'LICENSE.md',
    ]
    expect(paths.map((p) => [p, ours(p)])).toEqual(paths.map((p) => [p, theirs(p)]))
  })

  test("a page's title is the CLI's own: its front matter's title, else slugToTitle of its file name", async () => {
    const common = join(TOOL_CACHE, 'mintlify-cli', '4.2.941', process.arch, 'node_modules', '@mintlify', 'common')
    const { slugToTitle } = (await import(pathToFileURL(join(common, 'dist', 'slug', 'slugToTitle.js')).href)) as {
      slugToTitle: (slug: string) => string
    }
    const { parseFrontmatter } = (await import(
      pathToFileURL(join(common, 'dist', 'frontmatter', 'parseFrontmatter.js')).href
    )) as { parseFrontmatter: (text: string) => { attributes: Record<string, unknown> } }
    // the CLI's title: the front matter's, where it is text, else the one made from the file name
    const theirs = (file: string, text: string): string => {
      const title = parseFrontmatter(text).attributes.title
      return typeof title === 'string' && title !== '' ? title : slugToTitle(file.replace(/\.mdx?$/, ''))
    }
    const texts = [
      '---\ntitle: "Quick \\"start\\""\n---\n',
      "---\ntitle: 'It''s here'\n---\n",
      '---\ndescription: x\ntitle:   Plain words # a comment\n---\n# Heading',
      '---\r\ntitle: Windows\r\n---\r\n',
      '---\ntitle: a#b\n---\n',
      '---\ntitle: "Webhooks: a new | guide"\n---\n',
      '# Only a heading\n',
      '---\ndescription: no title\n---\n',
      '---\ntitle:\n---\n',
      '---\ntitle: [a, b]\n---\n',
    ]
    for (const file of ['guides/first-steps_now.mdx', 'index.mdx', 'api/list_users.md'])
      expect(texts.map((t) => [t, pageTitle(file, t)])).toEqual(texts.map((t) => [t, theirs(file, t)]))
  })

  test("a tool cache holding a planted entry script that prints a pass is not run: the real CLI is installed, its verdict given, and kept in the runner's cache, where the next runner restores it verified", async () => {
    const service = await startCacheService()
    try {
      // what a pull request's own workflow could leave on a runner: the install, its entry replaced
      const planted = mkdtempSync(join(tmpdir(), 'planted-tool-cache-'))
      execFileSync('cp', ['-al', join(TOOL_CACHE, 'mintlify-cli'), planted])
      const entry = join(planted, 'mintlify-cli', '4.2.941', process.arch, ...CLI_ENTRY)
      rmSync(entry)
      writeFileSync(entry, "console.log('success no broken links found')\nprocess.exit(0)\n")
      // the fresh install: what npm ci of the action's lockfile makes, copied from the real one
      // scripts/install-mint.mjs made by the action's own install (so no 800 packages fetched again)
      const npm = fakeNpm('copy', join(TOOL_CACHE, 'mintlify-cli', '4.2.941', process.arch))
      const run = await check('broken', {
        env: { RUNNER_TOOL_CACHE: planted, PATH: npm.path, ...service.env('v2') },
      })
      expect(npm.runs().map((r) => r.args[0])).toEqual(['ci'])
      expect(run.notices.filter((n) => n.includes('is not the install'))).toEqual([
        expect.stringContaining('it was not run, and is installed afresh.'),
      ])
      expect(run.code).toBe(1)
      expect(run.errors.at(-1)).toMatch(/Docs check: \d+ problems/)
      expect(readFileSync(entry, 'utf8')).not.toContain('success no broken links found')
      expect(run.stdout).toMatch(
        /Kept the installed CLI in the runner's cache for the next runs: mintlify-cli-4\.2\.941-/,
      )
      // another runner, its tool cache empty, and no npm that works: restored, verified, the same verdict
      const next = await check('broken', {
        env: {
          RUNNER_TOOL_CACHE: mkdtempSync(join(tmpdir(), 'empty-tool-cache-')),
          PATH: fakeNpm('fail').path,
          ...service.env('v2'),
        },
      })
      expect(next.stdout).toMatch(
        /mint@4\.2\.941 restored from the runner's cache \(mintlify-cli-4\.2\.941-[^)]+\) and verified/,
      )
      expect(next.code).toBe(1)
      expect(next.errors.at(-1)).toBe(run.errors.at(-1))
    } finally {
      await service.stop()
    }
  })
})
