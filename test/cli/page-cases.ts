import { expect } from 'vitest'
import type { PullPage } from '../../src/site/pull-pages.js'
import type { ActionRun } from '../e2e/harness.js'
import { readJson } from '../e2e/typed.js'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import type { Runtime } from '../e2e/harness.js'
import type { GitHubSimulator } from '../simulator/github-simulator.js'
import { type Files, PULL_EVENT, type Scenario, runScenario } from './scenarios.js'

/**
 * The pages of a pull request, as the check lists them in pages-json for the preview (issue 57):
 * each page added, changed, renamed and deleted, and each changed without being edited (a snippet it
 * imports, its place in the navigation), with its title and address; with a key, its readers, from
 * the one views request. Run in npm test on the fake CLI and through the bundle on the real one.
 */

export interface PagesFile {
  pull: number
  head: string
  compared: boolean
  views?: { from: string; through: string }
  pages: PullPage[]
}

export const pagesOf = (run: ActionRun): PagesFile => readJson<PagesFile>(run.outputs['pages-json'] ?? '')

const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`

const config = (groups: Record<string, string[]>, redirects: Array<{ source: string; destination: string }> = []) =>
  `${JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme docs',
      colors: { primary: '#0B5D1E' },
      navigation: { groups: Object.entries(groups).map(([group, pages]) => ({ group, pages })) },
      ...(redirects.length > 0 ? { redirects } : {}),
    },
    null,
    2,
  )}\n`

const BASE: Files = {
  'docs.json': config({
    Start: ['index', 'quickstart'],
    Guides: ['guides/start', 'guides/auth', 'guides/keys', 'guides/old', 'guides/moved'],
  }),
  'index.mdx': page('Home', '# Home\n\nRead [the quickstart](/quickstart).'),
  'quickstart.mdx': page('Quick start', '# Quick start\n\nInstall it.'),
  'guides/start.mdx': page('Start here', '# Start here'),
  'guides/auth.mdx': page('Authentication', "import Auth from '/snippets/auth.mdx'\n\n# Authentication\n\n<Auth />"),
  'guides/keys.mdx': page('API keys', "import Auth from '/snippets/auth.mdx'\n\n# API keys\n\n<Auth />"),
  'guides/old.mdx': page('Old guide', '# Old guide'),
  'guides/moved.mdx': '# Moved\n\nNo front matter: its title comes from its file name.\n',
  'snippets/auth.mdx': 'Send your key in the `Authorization` header.\n',
}

const HEAD: Files = {
  'docs.json': config(
    {
      Start: ['index', 'quickstart', 'guides/first-steps', 'guides/moved'],
      Guides: ['guides/auth', 'guides/keys', 'guides/new'],
    },
    [
      { source: '/guides/start', destination: '/guides/first-steps' },
      { source: '/guides/old', destination: '/quickstart' },
    ],
  ),
  'index.mdx': BASE['index.mdx'] ?? '',
  'quickstart.mdx': page('Quick start', '# Quick start\n\nInstall it, then run it.'),
  'guides/first-steps.mdx': BASE['guides/start.mdx'] ?? '',
  'guides/auth.mdx': BASE['guides/auth.mdx'] ?? '',
  'guides/keys.mdx': BASE['guides/keys.mdx'] ?? '',
  'guides/moved.mdx': BASE['guides/moved.mdx'] ?? '',
  'guides/new.mdx': page('"Webhooks: a new | guide"', '# Webhooks'),
  'snippets/auth.mdx': 'Send your key in the `Authorization` header, as `Bearer <key>`.\n',
}

/** [change, address, title, from / to / why] of each page, in the file's order. */
const shape = (file: PagesFile): Array<[string, string, string, string]> =>
  file.pages.map((p) => [p.change, p.address, p.title, p.from ?? p.to ?? p.why ?? ''])

const EXPECTED: Array<[string, string, string, string]> = [
  ['renamed', '/guides/first-steps', 'Start here', '/guides/start'],
  ['added', '/guides/new', 'Webhooks: a new | guide', ''],
  ['changed', '/quickstart', 'Quick start', ''],
  ['deleted', '/guides/old', 'Old guide', '/quickstart'],
  ['affected', '/guides/auth', 'Authentication', 'imports snippets/auth.mdx'],
  ['affected', '/guides/keys', 'API keys', 'imports snippets/auth.mdx'],
  ['affected', '/guides/moved', 'Moved', 'moved in the navigation: Guides → Start'],
]

export const PAGE_SCENARIOS: Scenario[] = [
  {
    name: 'a pull request that adds, edits, renames and deletes pages and edits a snippet two pages import: its pages, each with its change and title',
    base: BASE,
    head: HEAD,
    renamed: { 'guides/first-steps.mdx': 'guides/start.mdx' },
    checkout: 'merge',
    check: (run) => {
      expect(run.code).toBe(0)
      const file = pagesOf(run)
      expect(file).toMatchObject({ pull: 7, compared: true })
      expect(file.views).toBeUndefined()
      expect(shape(file)).toEqual(EXPECTED)
      expect(file.pages.map((p) => p.path)).toEqual([
        'guides/first-steps.mdx',
        'guides/new.mdx',
        'quickstart.mdx',
        'guides/old.mdx',
        'guides/auth.mdx',
        'guides/keys.mdx',
        'guides/moved.mdx',
      ])
      expect(file.pages.some((p) => 'views' in p)).toBe(false)
    },
  },
  {
    name: "the same pull request with a key: each page with its readers' views from the one views request, most read first in each kind",
    base: BASE,
    head: HEAD,
    renamed: { 'guides/first-steps.mdx': 'guides/start.mdx' },
    checkout: 'merge',
    service: (sim) =>
      (sim.views.rows = [
        { path: '/guides/start', human: 400, ai: 100, total: 500 },
        { path: '/guides/keys', human: 300, ai: 0, total: 300 },
        { path: '/quickstart', human: 40, ai: 10, total: 50 },
        { path: '/guides/old', human: 20, ai: 0, total: 20 },
        { path: '/guides/auth', human: 10, ai: 0, total: 10 },
      ]),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(0)
      expect(sim?.requests.filter((r) => r.route === 'views')).toHaveLength(1)
      const file = pagesOf(run)
      expect(file.views?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(file.pages.map((p) => [p.change, p.address, p.views])).toEqual([
        ['renamed', '/guides/first-steps', 500],
        ['added', '/guides/new', undefined],
        ['changed', '/quickstart', 50],
        ['deleted', '/guides/old', 20],
        ['affected', '/guides/keys', 300],
        ['affected', '/guides/auth', 10],
        // every page with views was sent: no row is no reader
        ['affected', '/guides/moved', 0],
      ])
    },
  },
  {
    name: 'a pull request with scope changed: its pages from its files alone, nothing it changes without editing',
    base: BASE,
    head: HEAD,
    renamed: { 'guides/first-steps.mdx': 'guides/start.mdx' },
    checkout: 'merge',
    inputs: { scope: 'changed' },
    check: (run) => {
      const file = pagesOf(run)
      expect(file.compared).toBe(false)
      expect(shape(file)).toEqual([
        ['renamed', '/guides/first-steps', 'Start here', '/guides/start'],
        ['added', '/guides/new', 'Webhooks: a new | guide', ''],
        ['changed', '/quickstart', 'Quick start', ''],
        ['deleted', '/guides/old', 'Old', ''],
      ])
    },
  },
]

/** An API reference generated from a local OpenAPI document of these operations (no page files of its own). */
const apiSite = (operations: Record<string, unknown>): Files => ({
  'docs.json': `${JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme API',
      colors: { primary: '#0B5D1E' },
      navigation: {
        groups: [
          { group: 'Start', pages: ['index'] },
          { group: 'API', openapi: 'openapi.json' },
        ],
      },
    },
    null,
    2,
  )}\n`,
  'openapi.json': `${JSON.stringify({ openapi: '3.0.0', info: { title: 'Acme', version: '1' }, paths: { '/users': operations } })}\n`,
  'index.mdx': page('Home', '# Home'),
})

const operation = (summary: string, description = ''): Record<string, unknown> => ({
  summary,
  ...(description ? { description } : {}),
  responses: { '200': { description: 'OK' } },
})

/** The cases only the real CLI can run: the pages an OpenAPI document generates are listed by the CLI's own code. */
export const PAGE_REAL_CLI_SCENARIOS: Scenario[] = [
  {
    name: 'a pull request that edits an OpenAPI document: the pages it generates, kept ones affected, new ones added, gone ones deleted',
    base: apiSite({ get: operation('List users'), delete: operation('Delete user') }),
    head: apiSite({ get: operation('List users', 'Every user, newest first.'), post: operation('Create user') }),
    checkout: 'merge',
    check: (run) => {
      const file = pagesOf(run)
      expect(file.compared).toBe(true)
      expect(shape(file)).toEqual([
        ['added', '/api-reference/create-user', 'Create user', ''],
        ['deleted', '/api-reference/delete-user', 'Delete user', ''],
        [
          'affected',
          '/api-reference/list-users',
          'List users',
          'generated from openapi.json, which this pull request changes',
        ],
      ])
      expect(file.pages.every((p) => p.path === 'openapi.json')).toBe(true)
    },
  },
]

/**
 * The check, then the preview in the same job, as the example wires them: the preview given the
 * check's pages-json, on the same pull request and fake GitHub (the check's CLI as `toolCache` has it).
 */
export async function checkThenPreview(
  runtime: Runtime,
  cli: { toolCache: string; path: string },
): Promise<{ check: ActionRun; preview: ActionRun; gh: GitHubSimulator | undefined }> {
  const [scenario] = PAGE_SCENARIOS
  if (!scenario) throw new Error('no pages case')
  const { run: check, gh } = await runScenario(scenario, runtime, cli)
  const sim = await startSimulator()
  const preview = await runAgainst(
    sim,
    runtime,
    { mode: 'preview', comment: 'true', 'pages-json': check.outputs['pages-json'] },
    { event: PULL_EVENT, ...(gh ? { gh } : {}) },
  )
  return { check, preview, gh }
}

/** What the preview's comment shows after the check: the status, then every page linked on the preview. */
export function checkPreviewed({ check, preview, gh }: Awaited<ReturnType<typeof checkThenPreview>>): void {
  expect(check.code).toBe(0)
  expect(preview.code).toBe(0)
  const site = 'https://acme-docs-change.mintlify.app'
  const body = gh?.commentsOn(7).find((c) => c.user.type === 'Bot')?.body ?? ''
  expect(body.indexOf('✅ Preview success')).toBeLessThan(body.indexOf('**Pages of this pull request** (7)'))
  const rows = body
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Page |'))
    .map((l) =>
      l.replace(
        /<a href="([^"]*)">([^<]*)<\/a>/g,
        (_m, href: string, text: string) => `[${text}](${href.replace(site, '')})`,
      ),
    )
  expect(rows).toEqual([
    '| [Start here](/guides/first-steps) | /guides/start → [/guides/first-steps](/guides/first-steps) | Renamed |',
    '| [Webhooks: a new \\| guide](/guides/new) | [/guides/new](/guides/new) | Added |',
    '| [Quick start](/quickstart) | [/quickstart](/quickstart) | Changed |',
    '| ~~Old guide~~ | ~~/guides/old~~ | Deleted: readers go to [/quickstart](/quickstart) |',
    '| [Authentication](/guides/auth) | [/guides/auth](/guides/auth) | imports snippets/auth.mdx |',
    '| [API keys](/guides/keys) | [/guides/keys](/guides/keys) | imports snippets/auth.mdx |',
    '| [Moved](/guides/moved) | [/guides/moved](/guides/moved) | moved in the navigation: Guides → Start |',
  ])
  // the pull request's files were the check's to list: the preview asked GitHub for none of them
  expect(gh?.requestsTo('pull-files')).toHaveLength(1)
}
