import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { Redirect } from '../../src/site/addresses.js'
import { pageSlug } from '../../src/site/addresses.js'
import { CASE, type Generated, modelFails, newFaults } from './generated-sites.js'
import { count } from '../../src/util/format.js'
import { type ActionRun, type RunOptions, type Runtime, runAction } from '../e2e/harness.js'
import { exampleSteps, resolve } from '../e2e/example-steps.js'
import { startGitHub, startSimulator } from '../e2e/fixtures.js'
import { readJson } from '../e2e/typed.js'
import { encodeState } from '../../src/tracking/state.js'
import type { GitHubSimulator } from '../simulator/github-simulator.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'

/**
 * The check action's cases, each a docs site (and, for a pull request, its base) with what the run
 * must show. Run twice: in `npm test` against the fake CLI, which prints the real CLI's recorded
 * output for the same tree (test/in-process/check.test.ts), and in `npm run test:cli` against the real CLI
 * through the bundle, which records that output (test/cli/check.cli.test.ts). The same expectations
 * hold in both, so the fake says what the real CLI says.
 */

export type Files = Record<string, string>

export interface Scenario {
  name: string
  /** The checked-out docs (the workspace): the pull request's checkout, or the branch pushed. */
  head: Files
  /** For a pull request: its base, as GitHub's contents endpoint answers it. */
  base?: Files
  /** Files the pull request renamed: new path → old path. */
  renamed?: Record<string, string>
  /**
   * Symbolic links in the workspace, path → target; `{{workspace}}` in a target is the workspace,
   * `{{outside}}` a folder of the test's outside the repository, whose files (OUTSIDE) are held
   * unchanged like the workspace's.
   */
  links?: Record<string, string>
  /**
   * Files in the workspace (the base's too: GitHub does not list them as changed) whose names are
   * not UTF-8: path → text, each `\xNN` in the path one byte.
   */
  oddNames?: Record<string, string>
  /** What actions/checkout left (depth 1, no credentials): the merge commit (its default) or the head. */
  checkout?: 'merge' | 'head'
  inputs?: Record<string, string>
  /** What the fake GitHub does differently in this case (a token without checks: write); after `service`. */
  github?: (gh: GitHubSimulator, sim?: ServiceSimulator) => void
  /**
   * With the key: the service simulator's page views (api-key, project-id and base-url given to the
   * step unless the case's inputs say otherwise), to weigh the problems by their readers.
   */
  service?: (sim: ServiceSimulator) => unknown
  check(run: ActionRun, gh?: GitHubSimulator, sim?: ServiceSimulator): void
}

export const HEAD_SHA = 'a'.repeat(40)
export const BASE_SHA = 'b'.repeat(40)
export const MERGE_SHA = 'c'.repeat(40)
export const MERGE_BASE_SHA = 'd'.repeat(40)

export interface ProblemsFile {
  docs: string
  config: string
  checked: string[]
  scope: string
  outside: number
  /** The readers' views the problems were weighed by (with a key). */
  views?: { from: string; through: string; minViews: number }
  problems: Array<{
    status: 'new' | 'known' | 'unsure' | 'few-views'
    views?: number
    viewsAtMost?: true
    rule: string
    file: string
    line?: number
    column?: number
    target?: string
    message: string
    change?: { from: string; to?: string }
    redirect?: { source: string; destination: string }
  }>
}

/** Each annotation of a kind as the runner reads it: its properties and its message. */
export function annotations(
  run: ActionRun,
  kind = 'error',
): Array<{ file?: string; line?: string; col?: string; title?: string; message: string }> {
  const out = []
  for (const line of run.stdout.split('\n')) {
    const m = new RegExp(`^::${kind} ([^:]*)::(.*)$`).exec(line)
    if (!m?.[1] || m[2] === undefined) continue
    const props = Object.fromEntries(
      m[1].split(',').map((p) => {
        const at = p.indexOf('=')
        return [p.slice(0, at), decodeURIComponent(p.slice(at + 1))]
      }),
    )
    out.push({ ...props, message: m[2] })
  }
  return out
}

export const problemsOf = (run: ActionRun): ProblemsFile => readJson<ProblemsFile>(run.outputs['problems-json'] ?? '')

/** A check that fails on these problems and no other, each as [file, line, target]. */
const failsAt =
  (...found: Array<[string, number | undefined, string]>) =>
  (run: ActionRun): void => {
    expect(run.code).toBe(1)
    expect(problemsOf(run).problems.map((p) => [p.file, p.line, p.target])).toEqual(found)
  }

export const docsJson = (extra: Record<string, unknown> = {}, pages: string[] = ['index']): string =>
  `${JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme docs',
      colors: { primary: '#0B5D1E' },
      navigation: { pages },
      ...extra,
    },
    null,
    2,
  )}\n`

/** An OpenAPI 3.0 document of these paths. */
const openApi = (paths: Record<string, unknown>): string =>
  `${JSON.stringify({ openapi: '3.0.0', info: { title: 'Acme', version: '1' }, paths })}\n`

const mintJson = (pages: string[]): string =>
  `${JSON.stringify({ name: 'Acme docs', favicon: '/logo.svg', colors: { primary: '#0B5D1E' }, navigation: [{ group: 'Start', pages }] }, null, 2)}\n`

/** A page's address without its slash, as a generated page's title (`guides/a`, the home page `index`). */
const pageSlugOf = (file: string): string => pageSlug(file) || 'index'

export const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`

/** A site whose pages one, two and three link to guides/a, and whose index says its old address in prose. */
const LINKED: Files = {
  'docs.json': docsJson({}, ['index', 'one', 'two', 'three', 'guides/a']),
  'index.mdx': page('Home', '# Home\n\nThe old `/guides/a` page moved; see the guides.\n\nRead [one](/one).'),
  'one.mdx': page('One', '# One\n\nIntro text.\n\nSee [the guide](/guides/a) first.'),
  'two.mdx': page('Two', '# Two\n\n<Card title="Guide" href="/guides/a">\n  The guide.\n</Card>'),
  'three.mdx': page('Three', '# Three\n\nNothing here but a link with a title:\n\n[the guide](/guides/a "The guide")'),
  'guides/a.mdx': page('A guide', '# A guide\n\n## Install\n\nSteps.'),
}
const RENAMED: Files = {
  ...Object.fromEntries(Object.entries(LINKED).filter(([path]) => path !== 'guides/a.mdx')),
  'docs.json': docsJson({}, ['index', 'one', 'two', 'three', 'guides/b']),
  'guides/b.mdx': LINKED['guides/a.mdx'] ?? '',
}

/** RENAMED with the links of one, two and three sent to the new address. */
const RELINKED: Files = {
  ...RENAMED,
  'one.mdx': (LINKED['one.mdx'] ?? '').replace('/guides/a', '/guides/b'),
  'two.mdx': (LINKED['two.mdx'] ?? '').replace('/guides/a', '/guides/b'),
  'three.mdx': (LINKED['three.mdx'] ?? '').replace('/guides/a', '/guides/b'),
}

/** A docs.json that keeps its redirects in redirects.json, by $ref, and that file. */
const splitRedirects = (pages: string[], redirects: Array<{ source: string; destination: string }>): Files => ({
  'docs.json': docsJson({ redirects: { $ref: './redirects.json' } }, pages),
  'redirects.json': `${JSON.stringify(redirects, null, 2)}\n`,
})

/**
 * The rename of guides/a to guides/b, every link sent on, with a redirect of the base's that is
 * already a problem there sent on to guides/b too (and the rename's own redirect): that problem is
 * known, and the pull request passes.
 */
const renameSendingOn = (
  name: string,
  redirect: { source: string; destination: string },
  known: [string, string, string],
): Scenario => ({
  name,
  base: {
    ...LINKED,
    'docs.json': docsJson({ redirects: [redirect] }, ['index', 'one', 'two', 'three', 'guides/a']),
  },
  head: {
    ...RELINKED,
    'docs.json': docsJson(
      {
        redirects: [
          { ...redirect, destination: redirect.destination.replace('/guides/a', '/guides/b') },
          { source: '/guides/a', destination: '/guides/b' },
        ],
      },
      ['index', 'one', 'two', 'three', 'guides/b'],
    ),
  },
  renamed: { 'guides/b.mdx': 'guides/a.mdx' },
  checkout: 'merge',
  inputs: { checks: 'links, redirects' },
  check: (run) => {
    expect(run.code).toBe(0)
    expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.target])).toEqual([known])
    expect(annotations(run)).toEqual([])
  },
})

const renameCheck = (run: ActionRun): void => {
  expect(run.code).toBe(1)
  // exactly these: the old address no longer answers (at the renamed page's new entry in the
  // navigation, where the pull request changed the configuration: first), and its three links;
  // nothing at the prose that names it, nothing known
  const found = annotations(run)
  expect(found.map((a) => a.title)).toEqual(['Address no longer answers', 'Broken link', 'Broken link', 'Broken link'])
  expect(found.map((a) => [a.file, a.line])).toEqual([
    ['docs.json', '14'],
    ['one.mdx', '9'],
    ['three.mdx', '9'],
    ['two.mdx', '7'],
  ])
  for (const a of found.slice(1))
    expect(a.message).toContain('guides/a.mdx was renamed to guides/b.mdx in this pull request.')
  expect(found[0]?.message).toContain('/guides/a answers on the base and not on the head')
  expect(run.outputs.problems).toBe('4')
  expect(run.summary).toContain('{"source":"/guides/a","destination":"/guides/b"}')
  expect(run.summary).toContain('Pages this pull request renamed or deleted')
  const json = problemsOf(run)
  expect(json.problems.every((p) => p.status === 'new' && p.redirect?.destination === '/guides/b')).toBe(true)
  // the prose in index.mdx is no link: nothing there
  expect(json.problems.map((p) => p.file)).not.toContain('index.mdx')
}

const OLD_BROKEN: Files = {
  'docs.json': docsJson({}, ['index', 'old']),
  'index.mdx': page('Home', '# Home\n\nRead [old](/old).'),
  'old.mdx': page('Old', '# Old\n\nSee [gone](/gone) and [also gone](/also-gone).\n\nA typo hre.'),
}

/** LINKED's one.mdx as the merge commit has it: the base branch added two lines above its link. */
const MOVED_ON_MAIN = page('One', '# One\n\nIntro text.\n\nAdded on main.\n\nSee [the guide](/guides/a) first.')

/** A site with a page the CLI cannot parse (a tag never closed). */
const UNPARSABLE: Files = {
  'docs.json': docsJson({}, ['index', 'guide']),
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'index.mdx': page('Home', '# Home\n\nRead [the guide](/guide).'),
  'guide.mdx': page('Guide', '# Guide\n\n<Note>\nA note that is never closed.\n\n## Steps\n\nSteps.'),
}

/** OLD_BROKEN with a link to another site. */
const WITH_EXTERNAL: Files = {
  ...OLD_BROKEN,
  'elsewhere.mdx': page('Elsewhere', '# Elsewhere\n\nSee [the example](https://example.invalid/docs).'),
  'docs.json': docsJson({}, ['index', 'old', 'elsewhere']),
}

/** A page of `n` links to pages that do not exist. */
const manyLinks = (i: number, n: number): string =>
  page(
    `Page ${i}`,
    `# Page ${i}\n\n${Array.from({ length: n }, (_, j) => `- [missing ${j}](/missing/p${i}-l${j})`).join('\n')}`,
  )

/** A site of 100 pages of 100 links each to pages that do not exist: 10,000 broken links. */
const TEN_THOUSAND: Files = {
  'docs.json': docsJson({}, ['index', ...Array.from({ length: 100 }, (_, i) => `p${i}`)]),
  'index.mdx': page('Home', '# Home'),
  ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}.mdx`, manyLinks(i, 100)])),
}

const LONG_FOLDER = 'reference/a-very-long-folder-name-for-the-generated-api-reference/and-another-long-one'

/** A site whose API reference the CLI generates from a local OpenAPI document. */
const OPENAPI_SITE: Files = {
  'docs.json': docsJson({
    name: 'Acme API',
    navigation: {
      groups: [
        { group: 'Start', pages: ['index'] },
        { group: 'API', openapi: 'openapi.json', pages: ['GET /users', 'api-reference/overview'] },
      ],
    },
  }),
  'openapi.json': openApi({
    '/users': { get: { summary: 'List users', responses: { '200': { description: 'OK' } } } },
  }),
  'api-reference/overview.mdx': `---\ntitle: Overview\nopenapi: "GET /users"\n---\n\nSee [users](/api-reference/list-users) and [nothing](/api-reference/nothing).\n`,
  'index.mdx': page(
    'Home',
    '# Home\n\n[API](/api-reference/overview), [list](/api-reference/list-users), [bad](/api-reference/bad)',
  ),
}

/** An API reference generated from a local OpenAPI document through the navigation (no page files of its own). */
const openApiSite = (listUsers: string, redirects: Array<{ source: string; destination: string }> = []): Files => ({
  'docs.json': docsJson({
    name: 'Acme API',
    navigation: {
      groups: [
        { group: 'Start', pages: ['index'] },
        { group: 'API', openapi: 'openapi.json' },
      ],
    },
    ...(redirects.length > 0 ? { redirects } : {}),
  }),
  'openapi.json': openApi({
    '/users': {
      get: { summary: listUsers, tags: ['Users'], responses: { '200': { description: 'OK' } } },
      post: { summary: 'Create user', tags: ['Users'], responses: { '200': { description: 'OK' } } },
    },
  }),
  'index.mdx': page('Home', '# Home'),
})

/** A docs.json with an API tab whose navigation names its operations (`POST /api/copy` on its line 20). */
const API_TABS = `${JSON.stringify(
  {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B5D1E' },
    navigation: {
      tabs: [
        { tab: 'Guides', pages: ['index'] },
        { tab: 'API', openapi: 'openapi.yaml', pages: ['POST /api/copy', 'GET /api/list'] },
      ],
    },
  },
  null,
  1,
)}\n`

/** An OpenAPI document of two operations, or of one (the copy taken away). */
const apiYaml = (withCopy: boolean): string =>
  [
    'openapi: 3.0.0',
    "info: { title: Acme, version: '1' }",
    'paths:',
    ...(withCopy
      ? ['  /api/copy:', "    post: { summary: Copy a file, responses: { '200': { description: OK } } }"]
      : []),
    '  /api/list:',
    "    get: { summary: List files, responses: { '200': { description: OK } } }",
    '',
  ].join('\n')

/**
 * A site whose API pages are files of their own, each naming its operation in its front matter (the
 * documents found by the build, none in the navigation): `path` is where openapi.json has the user.
 */
const apiPagesSite = (path: string, getUser: string, extra: Files = {}): Files => ({
  'docs.json': docsJson({}, ['index', 'api/list-users', 'api/get-user']),
  'openapi.json': openApi({
    '/users/': { get: { summary: 'List users', responses: { '200': { description: 'OK' } } } },
    [path]: { get: { summary: 'Get a user', responses: { '200': { description: 'OK' } } } },
  }),
  // a trailing slash either way, and a document named by another name than its own: Mintlify finds both
  'api/list-users.mdx': '---\ntitle: List users\nopenapi: "/api.json GET /users"\n---\n',
  'api/get-user.mdx': `---\ntitle: Get a user\nopenapi: ${getUser}\n---\n\nOne user.\n`,
  'index.mdx': page('Home', '# Home\n\n[Users](/api/list-users)'),
  ...extra,
})

/** apiPagesSite with a schema page (`openapi-schema`) and the document's one schema, `schema`. */
const schemaSite = (schema: string, named: string): Files => {
  const site = apiPagesSite('/users/{id}', 'GET /users/{id}')
  const document = JSON.parse(site['openapi.json'] ?? '{}') as Record<string, unknown>
  return {
    ...site,
    'docs.json': docsJson({}, ['index', 'api/list-users', 'api/get-user', 'api/user']),
    'openapi.json': `${JSON.stringify({
      ...document,
      components: { schemas: { [schema]: { type: 'object', properties: { id: { type: 'string' } } } } },
    })}\n`,
    'api/user.mdx': `---\ntitle: The user\nopenapi-schema: ${named}\n---\n\nThe user object.\n`,
  }
}

/**
 * The cases only the real CLI can run: the check lists the pages OpenAPI documents generate with
 * the CLI's own code, which npm test's fake does not have (there the listing says it cannot tell).
 */
export const REAL_CLI_SCENARIOS: Scenario[] = [
  {
    name: "an operation's summary renamed in the OpenAPI document: the generated page's old address is lost, at the configuration",
    base: openApiSite('List users'),
    head: openApiSite('List all users'),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.target])).toEqual([
        ['new', 'lost-address', 'docs.json', '/api-reference/users/list-users'],
      ])
      expect(problemsOf(run).problems[0]?.message).toContain(
        'the page its OpenAPI document generated there is not generated any more',
      )
      // its nearest parent is no page: none is made up
      expect(run.summary).not.toContain('"destination"')
    },
  },
  {
    name: "an operation's path renamed in the OpenAPI document while a page still names it: new, at the page's openapi line",
    base: apiPagesSite('/users/{id}', 'GET /users/{id}'),
    head: apiPagesSite('/people/{id}', 'GET /users/{id}'),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.line, p.target])).toEqual([
        ['new', 'missing-operation', 'api/get-user.mdx', 3, 'GET /users/{id}'],
      ])
      expect(problemsOf(run).problems[0]?.message).toContain('openapi.json has it on the base')
      expect(run.stdout).toContain('::error title=API page with no operation,file=api/get-user.mdx,line=3::')
    },
  },
  {
    name: 'the same rename with the page following it: passes',
    base: apiPagesSite('/users/{id}', 'GET /users/{id}'),
    head: apiPagesSite('/people/{id}', 'get /people/{id}/'),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems).toEqual([])
    },
  },
  {
    name: 'a page already blank on its base, edited and still blank: known, not failing',
    base: apiPagesSite('/users/{id}', 'GET /user/{id}'),
    head: apiPagesSite('/users/{id}', 'GET /users/{id}/profile'),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.target])).toEqual([
        ['known', 'missing-operation', 'api/get-user.mdx', 'GET /users/{id}/profile'],
      ])
    },
  },
  {
    name: 'the OpenAPI document left out by .mintignore: the build reads it no more, so its pages are blank',
    base: apiPagesSite('/users/{id}', 'GET /users/{id}'),
    head: apiPagesSite('/users/{id}', 'GET /users/{id}', { '.mintignore': 'openapi.json\n' }),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.target])).toEqual([
        ['new', 'missing-operation', 'api/get-user.mdx', 'GET /users/{id}'],
        ['new', 'missing-operation', 'api/list-users.mdx', '/api.json GET /users'],
      ])
    },
  },
  {
    name: "a schema renamed in the OpenAPI document while its page still names it: new, at the page's openapi-schema line",
    base: schemaSite('User', 'User'),
    head: schemaSite('Person', 'User'),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.line, p.target])).toEqual([
        ['new', 'missing-schema', 'api/user.mdx', 3, 'User'],
      ])
      expect(problemsOf(run).problems[0]?.message).toContain('openapi.json has it on the base')
      expect(run.stdout).toContain('::error title=API page with no schema,file=api/user.mdx,line=3::')
    },
  },
  {
    name: 'the same schema rename with the page following it, its document named: passes',
    base: schemaSite('User', 'User'),
    head: schemaSite('Person', 'openapi.json Person'),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems).toEqual([])
    },
  },
  {
    name: 'a document at a URL the configuration names may have any operation: not looked for, and said',
    base: apiPagesSite('/users/{id}', 'GET /users/{id}'),
    head: apiPagesSite('/people/{id}', 'GET /users/{id}', {
      'docs.json': docsJson({ api: { openapi: 'https://127.0.0.1:9/openapi.json' } }, [
        'index',
        'api/list-users',
        'api/get-user',
      ]),
    }),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems).toEqual([])
      expect(run.summary).toContain(
        'operations were not looked for: the configuration names an OpenAPI document at a URL',
      )
    },
  },
  {
    name: 'the same rename with a redirect from the old address: passes',
    base: openApiSite('List users'),
    head: openApiSite('List all users', [
      { source: '/api-reference/users/list-users', destination: '/api-reference/users/list-all-users' },
    ]),
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems).toEqual([])
    },
  },
  {
    name: 'a link to a heading of a snippet its page shows: the CLI says broken, the check counts it not and says so; a link to no heading fails',
    base: {
      'docs.json': docsJson({}, ['index', 'guides/a']),
      'index.mdx': page('Home', "import Setup from '/snippets/setup.mdx';\n\n# Home\n\n<Setup />"),
      'guides/a.mdx': page('A guide', '# A guide\n\nSteps.'),
      'snippets/setup.mdx': '## GitLab setup\n\nConnect the project.\n',
    },
    head: {
      'docs.json': docsJson({}, ['index', 'guides/a']),
      'index.mdx': page(
        'Home',
        "import Setup from '/snippets/setup.mdx';\n\n# Home\n\nSee [the setup](#gitlab-setup).\n\n<Setup />",
      ),
      'guides/a.mdx': page(
        'A guide',
        '# A guide\n\nSee [the setup](/#gitlab-setup) and [the rest](/#gitlab-teardown).',
      ),
      'snippets/setup.mdx': '## GitLab setup\n\nConnect the project.\n',
    },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.file, p.line, p.target])).toEqual([
        ['new', 'guides/a.mdx', 7, '/#gitlab-teardown'],
      ])
      expect(run.summary).toContain(
        '2 links the CLI reported broken lead to a heading of a snippet shown on their pages, which the CLI does ' +
          'not read: not counted \\(/#gitlab-setup in guides/a.mdx, #gitlab-setup in index.mdx\\).',
      )
    },
  },
  {
    name: 'a link to a snippet\'s heading by an id Mintlify does not give it (#setup for "Set up") fails, by the one it does (#set-up) passes; a snippet named only in a comment shows nothing',
    base: {
      'docs.json': docsJson({}, ['index']),
      'index.mdx': page(
        'Home',
        "import Setup from '/snippets/setup.mdx';\nimport Hidden from '/snippets/hidden.mdx';\n\n# Home\n\n<Setup />\n\n{/* <Hidden /> */}",
      ),
      'snippets/setup.mdx': '## Set up\n\nConnect the project.\n',
      'snippets/hidden.mdx': '## Hidden part\n\nNot shown.\n',
    },
    head: {
      'docs.json': docsJson({}, ['index']),
      'index.mdx': page(
        'Home',
        "import Setup from '/snippets/setup.mdx';\nimport Hidden from '/snippets/hidden.mdx';\n\n# Home\n\nSee [it](#set-up), [it again](#setup) and [the hidden part](#hidden-part).\n\n<Setup />\n\n{/* <Hidden /> */}",
      ),
      'snippets/setup.mdx': '## Set up\n\nConnect the project.\n',
      'snippets/hidden.mdx': '## Hidden part\n\nNot shown.\n',
    },
    inputs: { checks: 'links, anchors' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.target])).toEqual([
        ['new', '#setup'],
        ['new', '#hidden-part'],
      ])
      expect(run.summary).toContain('1 link the CLI reported broken leads to a heading of a snippet shown on its page')
    },
  },
  {
    name: 'docs in a subfolder whose navigation lists an operation the pull request removes from its OpenAPI document: the generated page is a lost address, at its navigation entry',
    base: {
      'docs/docs.json': API_TABS,
      'docs/openapi.yaml': apiYaml(true),
      'docs/index.mdx': page('Home', '# Home\n\nThe API is in its tab.'),
    },
    head: {
      'docs/docs.json': API_TABS,
      'docs/openapi.yaml': apiYaml(false),
      'docs/index.mdx': page('Home', '# Home\n\nThe API is in its tab.'),
    },
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(
        problemsOf(run)
          .problems.filter((p) => p.status === 'new')
          .map((p) => [p.rule, p.file, p.line, p.target]),
      ).toEqual([['lost-address', 'docs/docs.json', 20, '/api-reference/copy-a-file']])
      expect(run.summary).not.toContain('It breaks nothing')
      expect(run.summary).toContain('names 1 operation no OpenAPI document has \\(POST /api/copy\\)')
    },
  },
  {
    name: 'a pull request that leaves its OpenAPI document unreadable: the pages the base generated cannot be compared, so no pass, naming them',
    base: {
      'docs/docs.json': API_TABS,
      'docs/openapi.yaml': apiYaml(true),
      'docs/index.mdx': page('Home', '# Home'),
    },
    head: {
      'docs/docs.json': API_TABS,
      'docs/openapi.yaml': `${apiYaml(true)}  /api/broken: [\n`,
      'docs/index.mdx': page('Home', '# Home'),
    },
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(run.errors.at(-1)).toContain("The pages the head's OpenAPI documents generate could not be listed")
      expect(run.errors.at(-1)).toContain('/api-reference/copy-a-file')
    },
  },
]

/** A pull request that renames the language folder es/ to es-ES/, its links and navigation updated, no redirect. */
/** How many pages the restructure moves: past the 300 files a base fetches. */
const RESTRUCTURED = 320

/** A site of RESTRUCTURED pages in one folder, listed in its navigation. */
const restructured = (folder: string, redirects: Array<{ source: string; destination: string }> = []): Files => ({
  'docs.json': docsJson(redirects.length > 0 ? { redirects } : {}, [
    'index',
    ...Array.from({ length: RESTRUCTURED }, (_, i) => `${folder}/p${i}`),
  ]),
  'index.mdx': page('Home', '# Home'),
  ...Object.fromEntries(
    Array.from({ length: RESTRUCTURED }, (_, i) => [`${folder}/p${i}.mdx`, page(`P${i}`, `# P${i}`)]),
  ),
})

/** A site still on mint.json, with a redirect to one of its pages. */
const ON_MINT_JSON: Files = {
  'mint.json': `${JSON.stringify(
    {
      name: 'Acme docs',
      favicon: '/logo.svg',
      colors: { primary: '#0B5D1E' },
      navigation: [{ group: 'Start', pages: ['index', 'start'] }],
      redirects: [{ source: '/old-start', destination: '/start' }],
    },
    null,
    2,
  )}\n`,
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'index.mdx': page('Home', '# Home'),
  'start.mdx': page('Start', '# Start'),
}

/** ON_MINT_JSON upgraded to docs.json, its redirect dropped. */
const UPGRADE = {
  base: ON_MINT_JSON,
  head: {
    'docs.json': docsJson({ favicon: '/logo.svg' }, ['index', 'start']),
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'index.mdx': page('Home', '# Home'),
    'start.mdx': page('Start', '# Start'),
  },
  checkout: 'merge' as const,
}

const LANGUAGE_RENAMED = {
  base: {
    'docs.json': docsJson({}, ['index', 'es/index', 'es/a', 'es/b']),
    'index.mdx': page('Home', '# Home'),
    'es/index.mdx': page('Inicio', '# Inicio'),
    'es/a.mdx': page('A', '# A'),
    'es/b.mdx': page('B', '# B'),
  },
  head: {
    'docs.json': docsJson({}, ['index', 'es-ES/index', 'es-ES/a', 'es-ES/b']),
    'index.mdx': page('Home', '# Home'),
    'es-ES/index.mdx': page('Inicio', '# Inicio'),
    'es-ES/a.mdx': page('A', '# A'),
    'es-ES/b.mdx': page('B', '# B'),
  },
  renamed: { 'es-ES/index.mdx': 'es/index.mdx', 'es-ES/a.mdx': 'es/a.mdx', 'es-ES/b.mdx': 'es/b.mdx' },
  checkout: 'merge' as const,
  inputs: { checks: 'links' },
}

/** The page views of the last 30 days as the service answers them: most viewed first, paths as readers typed them. */
const VIEWS = [
  { path: '/es/b', human: 9000, ai: 3400, total: 12_400 },
  { path: '/', human: 800, ai: 100, total: 900 },
  { path: '/es/', human: 250, ai: 50, total: 300 },
]

/** The views request the step sent: the one analytics request, a whole 30 days before the run's day. */
function oneViewsRequest(run: ActionRun, sim: ServiceSimulator | undefined): void {
  const sent = sim?.requests.filter((r) => r.route === 'views') ?? []
  expect(sent).toHaveLength(1)
  const query = new URL(sent[0]?.url ?? '', 'http://x').searchParams
  expect([query.get('limit'), query.get('offset')]).toEqual(['250', '0'])
  const [from, to] = [Date.parse(query.get('dateFrom') ?? ''), Date.parse(query.get('dateTo') ?? '')]
  expect(to - from).toBe(30 * 86_400_000)
  // the run's day (or the next, were it started just before midnight): never the wall clock's
  const day = Math.floor(run.startedAt / 86_400_000) * 86_400_000
  expect([day, day + 86_400_000]).toContain(to)
  expect(run.summary).toContain('1 analytics request (of 100 per organisation per hour)')
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'a pull request that renames a page linked from three unchanged pages: three new problems, each at its link, naming the rename, with the redirect to paste',
    base: LINKED,
    head: RENAMED,
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    check: renameCheck,
  },
  {
    name: 'the same rename with the head checked out (actions/checkout ref: head.sha): the base is the merge base',
    base: LINKED,
    head: RENAMED,
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'head',
    check: (run, gh) => {
      renameCheck(run)
      expect(gh?.requests.some((r) => r.route === 'compare')).toBe(true)
      expect(gh?.requests.filter((r) => r.route === 'get-content').every((r) => r.url.includes(MERGE_BASE_SHA))).toBe(
        true,
      )
    },
  },
  {
    name: 'a pull request that deletes a linked page: each broken link names the deletion, and no redirect is made up',
    base: LINKED,
    head: {
      ...Object.fromEntries(Object.entries(LINKED).filter(([path]) => path !== 'guides/a.mdx')),
      'docs.json': docsJson({}, ['index', 'one', 'two', 'three']),
    },
    checkout: 'merge',
    check: (run) => {
      expect(run.code).toBe(1)
      const found = annotations(run).filter((a) => a.title === 'Broken link')
      expect(found).toHaveLength(3)
      for (const a of found) expect(a.message).toContain('guides/a.mdx was deleted in this pull request.')
      expect(run.summary).toContain('Change the 3 links that point to them')
      expect(run.summary).not.toContain('"destination"')
    },
  },
  {
    name: 'a pull request that fixes a typo in a page with two old broken links passes, and lists them as known',
    base: OLD_BROKEN,
    head: { ...OLD_BROKEN, 'old.mdx': (OLD_BROKEN['old.mdx'] ?? '').replace('hre.', 'here.') },
    checkout: 'merge',
    check: (run) => {
      expect(run.code).toBe(0)
      expect(run.outputs.problems).toBe('0')
      expect(annotations(run)).toEqual([])
      expect(run.notices.at(-1)).toContain(
        'Docs check passed for pull request #7: it breaks nothing. 2 problems from before are listed',
      )
      expect(run.summary).toContain('2 problems from before this pull request (known): not failing')
      expect(problemsOf(run).problems.map((p) => [p.status, p.target])).toEqual([
        ['known', '/gone'],
        ['known', '/also-gone'],
      ])
    },
  },
  {
    name: 'a pull request that changes no file the site reads (.github/CODEOWNERS): the head alone checked, each problem known',
    base: OLD_BROKEN,
    head: { ...OLD_BROKEN, '.github/CODEOWNERS': '* @acme/docs\n' },
    checkout: 'merge',
    check: (run, gh) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems.map((p) => [p.status, p.target])).toEqual([
        ['known', '/gone'],
        ['known', '/also-gone'],
      ])
      expect(run.summary).toContain('changes no file the site reads')
      expect(run.stdout).not.toMatch(/^::group::mint .*\(base\)$/m)
      // the base is the head: nothing of it asked of GitHub but its .mintignore (none here)
      expect(gh?.requests.filter((r) => r.route === 'get-content').map((r) => r.url)).toEqual([
        expect.stringContaining(`/contents/.mintignore?ref=${BASE_SHA}`) as string,
      ])
    },
  },
  {
    name: 'a pull request that fixes a typo with links to other sites checked (external): both sides checked by the CLI, never the cache',
    base: WITH_EXTERNAL,
    head: { ...WITH_EXTERNAL, 'old.mdx': (WITH_EXTERNAL['old.mdx'] ?? '').replace('hre.', 'here.') },
    checkout: 'merge',
    inputs: { checks: 'links, external' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/^::group::mint .*\(base\)$/m)
      expect(run.stdout).toContain("Not read from nor kept in the runner's cache: links to other sites are checked")
      // the site that does not answer is the target, found at its line; the day's answer is in the words
      expect(problemsOf(run).problems.filter((p) => p.file === 'elsewhere.mdx')).toEqual([
        expect.objectContaining({
          status: 'known',
          target: 'https://example.invalid/docs',
          line: 7,
          message: 'The link https://example.invalid/docs could not be reached (fetch failed).',
        }),
      ])
    },
  },
  {
    name: 'exclude globs that can never match a page: one warning each, and the check as without them',
    base: OLD_BROKEN,
    head: { ...OLD_BROKEN, 'old.mdx': (OLD_BROKEN['old.mdx'] ?? '').replace('hre.', 'here.') },
    checkout: 'merge',
    inputs: { exclude: '../**, /drafts/**, drafts/[wip' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(run.warnings.filter((w) => w.startsWith('Input "exclude" holds'))).toEqual([
        'Input "exclude" holds "../**", which can never match a page: it climbs out of the docs folder with .., where no page of the site is.',
        'Input "exclude" holds "/drafts/**", which can never match a page: it starts with /, and the globs are relative to the docs folder.',
        'Input "exclude" holds "drafts/[wip", which can never match a page: its [ is never closed, so it matches only a name with a [ in it.',
      ])
    },
  },
  {
    name: 'an image without alt text added to a page the CLI cannot parse: known as before, and a warning that the page was not checked',
    base: UNPARSABLE,
    head: {
      ...UNPARSABLE,
      'guide.mdx': `${UNPARSABLE['guide.mdx'] ?? ''}\n<img src="/logo.svg" />\n`,
    },
    checkout: 'merge',
    check: (run) => {
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file])).toContainEqual([
        'known',
        'syntax',
        'guide.mdx',
      ])
      expect(problemsOf(run).problems.filter((p) => p.status === 'new')).toEqual([])
      const unchecked = annotations(run, 'warning').filter((a) => a.title === 'Page not checked')
      expect(unchecked.map((a) => a.file)).toEqual(['guide.mdx'])
      expect(unchecked[0]?.message).toContain("none of its links and none of its images' alt text were checked")
      expect(run.summary).toContain('this pull request changes it: what it changed there is not checked')
    },
  },
  {
    name: 'a pull request that changes only .vscode/ and a README.md, which the CLI never reads: the head alone checked, each problem known',
    base: OLD_BROKEN,
    head: { ...OLD_BROKEN, '.vscode/settings.json': '{}\n', 'README.md': '# About these docs\n\n[gone](/gone)\n' },
    checkout: 'merge',
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems.map((p) => [p.status, p.target])).toEqual([
        ['known', '/gone'],
        ['known', '/also-gone'],
      ])
      expect(run.summary).toContain('changes no file the site reads')
      expect(run.stdout).not.toMatch(/^::group::mint .*\(base\)$/m)
    },
  },
  ...[
    ['.drafts/plan.mdx', 'a hidden folder'],
    ['.mintlify/skills/setup/skill.md', 'the skills folder of .mintlify/'],
  ].map(([file = '', where]): Scenario => ({
    name: `a broken link added in ${file}, ${where} the CLI reads: a new problem, failing`,
    base: { ...OLD_BROKEN, [file]: page('Plan', '# Plan\n\nNothing yet.') },
    head: { ...OLD_BROKEN, [file]: page('Plan', '# Plan\n\nSee [the missing page](/missing).') },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.file, p.target])).toEqual([
        ['new', file, '/missing'],
        ['known', 'old.mdx', '/gone'],
        ['known', 'old.mdx', '/also-gone'],
      ])
    },
  })),
  {
    name: 'a pull request that adds 120 broken links: the check run on its head carries every one, 50 a request, in the order reviewers need',
    base: {
      'docs.json': docsJson({}, ['index', 'p0', 'p1']),
      'index.mdx': page('Home', '# Home'),
      'p0.mdx': page('P0', '# P0'),
      'p1.mdx': page('P1', '# P1'),
    },
    head: {
      'docs.json': docsJson({}, ['index', 'p0', 'p1']),
      'index.mdx': page('Home', '# Home'),
      'p0.mdx': manyLinks(0, 60),
      'p1.mdx': manyLinks(1, 60),
    },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run, gh) => {
      expect(run.code).toBe(1)
      expect(run.outputs.problems).toBe('120')
      expect(gh?.checkRuns).toHaveLength(1)
      const made = gh?.checkRuns[0]
      expect([made?.name, made?.headSha, made?.conclusion, made?.title]).toEqual([
        'Mintlify docs check',
        HEAD_SHA,
        'failure',
        '120 new problems',
      ])
      expect(gh?.requests.filter((r) => /check-run/.test(r.route)).map((r) => r.route)).toEqual([
        'create-check-run',
        'update-check-run',
        'update-check-run',
      ])
      expect(made?.requests).toBe(3)
      const json = problemsOf(run).problems
      expect(made?.annotations.map((a) => [a.path, a.start_line, a.annotation_level])).toEqual(
        json.map((p) => [p.file, p.line, 'failure']),
      )
      // the step's own: GitHub shows 10 a step; the check run has them all, as the summary and the ending say
      expect(annotations(run)).toHaveLength(9)
      expect(run.errors.at(-1)).toContain('Each is annotated at its line in the check run Mintlify docs check')
      expect(run.summary).toContain(
        'Each is annotated at its line in the check run [Mintlify docs check](https://github.com/acme/docs/runs/1)',
      )
      expect(made?.summary).toContain('### ❌ Docs check: 120 new problems')
    },
  },
  {
    name: 'a token without checks: write (a fork, or permissions left out): one notice, the step annotates as before, the same verdict',
    base: LINKED,
    head: RENAMED,
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    github: (gh) => {
      gh.checksWrite = false
    },
    check: (run, gh) => {
      renameCheck(run)
      expect(gh?.requests.filter((r) => r.route === 'create-check-run')).toHaveLength(1)
      expect(gh?.requests.filter((r) => r.route === 'update-check-run')).toEqual([])
      const notices = run.notices.filter((n) => /check run/.test(n))
      expect(notices).toHaveLength(1)
      expect(notices[0]).toContain('No check run was made: GitHub answered Resource not accessible by integration')
      expect(notices[0]).toContain('with checks: write, a check run shows every new problem')
      expect(run.errors.at(-1)).toContain('Each is annotated at its line.')
      expect(run.summary).not.toContain('check run')
    },
  },
  {
    name: 'a check run GitHub refuses with 422 (not a permission): the notice says what GitHub answered, not checks: write',
    base: LINKED,
    head: RENAMED,
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    github: (gh) => {
      gh.addFault({
        route: 'create-check-run',
        status: 422,
        body: { message: 'Validation Failed: head_sha is not a commit' },
      })
    },
    check: (run) => {
      renameCheck(run)
      const notices = run.notices.filter((n) => /check run/.test(n))
      expect(notices).toHaveLength(1)
      expect(notices[0]).toContain('GitHub answered')
      expect(notices[0]).toContain('head_sha is not a commit')
      expect(notices[0]).not.toContain('checks: write')
    },
  },
  {
    name: 'a CLI warning on the head only (a hosted OpenAPI document it cannot fetch): shown, and the links it may break unsure, not new',
    base: OPENAPI_SITE,
    // the document moved to where it is hosted: the local file goes
    head: {
      ...Object.fromEntries(Object.entries(OPENAPI_SITE).filter(([path]) => path !== 'openapi.json')),
      'docs.json': (OPENAPI_SITE['docs.json'] ?? '').replace(
        '"openapi": "openapi.json"',
        '"openapi": "https://127.0.0.1:9/openapi.json"',
      ),
    },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(run.warnings.filter((w) => w.startsWith('The Mintlify CLI warned on the head:'))).toEqual([
        'The Mintlify CLI warned on the head: Failed to extract OpenAPI pages from navigation: TypeError: fetch failed',
      ])
      const rows = problemsOf(run).problems.map((p) => [p.status, p.file, p.target])
      expect(rows).toContainEqual(['unsure', 'index.mdx', '/api-reference/list-users'])
      expect(rows.filter((r) => r[0] === 'new')).toEqual([])
      expect(run.summary).toContain(
        "2 problems that a warning of the CLI's may cause (unsure), 2 problems from before this pull request (known): not failing",
      )
      expect(run.summary).toContain('The CLI warned on the head and not on its base')
    },
  },
  {
    name: 'a rename with every link and the navigation updated and no redirect: one new problem at the configuration, with the redirect to paste',
    base: LINKED,
    head: RELINKED,
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      const json = problemsOf(run)
      expect(json.problems.map((p) => [p.status, p.rule, p.file, p.target, p.redirect])).toEqual([
        ['new', 'lost-address', 'docs.json', '/guides/a', { source: '/guides/a', destination: '/guides/b' }],
      ])
      expect(annotations(run).map((a) => [a.title, a.file])).toEqual([['Address no longer answers', 'docs.json']])
      expect(run.summary).toContain('{"source":"/guides/a","destination":"/guides/b"}')
      expect(run.summary).toContain("No link of the site points to them any more, but readers' bookmarks")
    },
  },
  {
    name: 'the same rename with its redirect added: passes',
    base: LINKED,
    head: {
      ...RELINKED,
      'docs.json': docsJson({ redirects: [{ source: '/guides/a', destination: '/guides/b' }] }, [
        'index',
        'one',
        'two',
        'three',
        'guides/b',
      ]),
    },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems).toEqual([])
    },
  },
  {
    name: 'the same rename with its redirect added to redirects.json, which docs.json names by $ref: passes',
    base: {
      ...LINKED,
      ...splitRedirects(['index', 'one', 'two', 'three', 'guides/a'], [{ source: '/start', destination: '/guides/a' }]),
    },
    head: {
      ...RELINKED,
      ...splitRedirects(
        ['index', 'one', 'two', 'three', 'guides/b'],
        [
          { source: '/start', destination: '/guides/b' },
          { source: '/guides/a', destination: '/guides/b' },
        ],
      ),
    },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems).toEqual([])
    },
  },
  {
    name: 'a rename that makes a redirect of redirects.json ($ref) a chain: the fault at its entry in that file',
    base: {
      ...LINKED,
      ...splitRedirects(['index', 'one', 'two', 'three', 'guides/a'], [{ source: '/start', destination: '/guides/a' }]),
    },
    head: {
      ...RELINKED,
      ...splitRedirects(
        ['index', 'one', 'two', 'three', 'guides/b'],
        [
          { source: '/start', destination: '/guides/a' },
          { source: '/guides/a', destination: '/guides/b' },
        ],
      ),
    },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.line, p.target])).toEqual([
        ['new', 'redirect-fault', 'redirects.json', 4, '/start → /guides/a'],
      ])
      expect(annotations(run).map((a) => [a.file, a.line])).toEqual([['redirects.json', '4']])
    },
  },
  renameSendingOn(
    'a rename that sends on a redirect that never worked (its source is a page): known as before, passes',
    { source: '/one', destination: '/guides/a' },
    ['known', 'redirect-fault', '/one → /guides/b'],
  ),
  renameSendingOn(
    "the CLI's broken redirect (its destination ends in a slash), sent on with the page it names renamed: known as before, passes",
    { source: '/start', destination: '/guides/a/' },
    ['known', 'broken-redirect', '/start → /guides/b/'],
  ),
  {
    name: 'a redirect of redirects.json ($ref) that cannot work, written with escaped slashes: annotated at that file, its line unknown',
    base: {
      ...splitRedirects(['index', 'one'], []),
      'index.mdx': page('Home', '# Home'),
      'one.mdx': page('One', '# One'),
    },
    head: {
      ...splitRedirects(['index', 'one'], []),
      'redirects.json': '[\n  { "source": "\\/one", "destination": "\\/" }\n]\n',
      'index.mdx': page('Home', '# Home'),
      'one.mdx': page('One', '# One'),
    },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.line, p.target])).toEqual([
        ['new', 'redirect-fault', 'redirects.json', undefined, '/one → /'],
      ])
    },
  },
  {
    name: 'a redirect taken out of redirects.json ($ref): its source no longer answers',
    base: {
      ...splitRedirects(['index'], [{ source: '/start', destination: '/' }]),
      'index.mdx': page('Home', '# Home'),
    },
    head: { ...splitRedirects(['index'], []), 'index.mdx': page('Home', '# Home') },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.target])).toEqual([
        ['new', 'lost-address', 'docs.json', '/start'],
      ])
      expect(problemsOf(run).problems[0]?.message).toContain('the redirect from it is gone in this pull request')
    },
  },
  {
    name: 'a folder moved behind a wildcard redirect, one page not moved: its address is lost, sent to a page the head does not serve',
    base: {
      'docs.json': docsJson({}, ['index', 'old/a', 'old/b']),
      'index.mdx': page('Home', '# Home'),
      'old/a.mdx': page('A', '# A'),
      'old/b.mdx': page('B', '# B'),
    },
    head: {
      'docs.json': docsJson({ redirects: [{ source: '/old/:slug*', destination: '/new/:slug*' }] }, ['index', 'new/a']),
      'index.mdx': page('Home', '# Home'),
      'new/a.mdx': page('A', '# A'),
    },
    renamed: { 'new/a.mdx': 'old/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(run.code).toBe(1)
      const { problems } = problemsOf(run)
      expect(problems.map((p) => [p.status, p.rule, p.target])).toEqual([['new', 'lost-address', '/old/b']])
      // at the redirect that sends it nowhere, where the fix goes: its destination's line
      expect(problems.map((p) => [p.file, p.line])).toEqual([['docs.json', 17]])
      expect(problems[0]?.message).toBe(
        '/old/b answers on the base and not on the head: old/b.mdx is gone in this pull request, and the ' +
          "head's redirects send it to /new/b, which the head does not serve. Add a redirect from it to the " +
          'page that replaces it (its nearest parent is /).',
      )
    },
  },
  {
    name: 'a page renamed, a redirect to its old address left: the redirect, both addresses and the link, each with its fix',
    base: {
      'docs.json': docsJson({ redirects: [{ source: '/old', destination: '/guides/start' }] }, [
        'index',
        'guides/start',
      ]),
      'index.mdx': page('Home', '# Home\n\nStart with [the guide](/guides/start).'),
      'guides/start.mdx': page('Start', '# Start'),
    },
    head: {
      'docs.json': docsJson({ redirects: [{ source: '/old', destination: '/guides/start' }] }, [
        'index',
        'guides/first-steps',
      ]),
      'index.mdx': page('Home', '# Home\n\nStart with [the guide](/guides/start).'),
      'guides/first-steps.mdx': page('Start', '# Start'),
    },
    renamed: { 'guides/first-steps.mdx': 'guides/start.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(run.code).toBe(1)
      const { problems } = problemsOf(run)
      expect(problems.map((p) => [p.status, p.rule, p.target]).sort()).toEqual([
        ['new', 'broken-link', '/guides/start'],
        ['new', 'broken-redirect', '/old → /guides/start'],
        ['new', 'lost-address', '/guides/start'],
        ['new', 'lost-address', '/old'],
      ])
      expect(problems.find((p) => p.rule === 'lost-address' && p.target === '/old')?.message).toBe(
        "/old answers on the base and not on the head: the head's redirects send it to /guides/start, which " +
          'the head does not serve. Send its redirect to /guides/first-steps instead, where this pull request ' +
          'moved /guides/start.',
      )
    },
  },
  {
    name: 'pages gone behind a partial wildcard redirect to a page the head serves: kept, the pull request passes',
    base: {
      'docs.json': docsJson({}, [
        'index',
        'articles/concepts-start',
        'articles/concepts-overview',
        'collections/overview',
      ]),
      'index.mdx': page('Home', '# Home'),
      'articles/concepts-start.mdx': page('Start', '# Start'),
      'articles/concepts-overview.mdx': page('Overview', '# Overview'),
      'collections/overview.mdx': page('Collections', '# Collections'),
    },
    head: {
      'docs.json': docsJson({ redirects: [{ source: '/articles/concepts-*', destination: '/collections/overview' }] }, [
        'index',
        'collections/overview',
      ]),
      'index.mdx': page('Home', '# Home'),
      'collections/overview.mdx': page('Collections', '# Collections'),
    },
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(problemsOf(run).problems).toEqual([])
      expect(run.code).toBe(0)
    },
  },
  {
    name: 'a push of a site still on mint.json whose redirect leads to a page: the whole site checked, it passes',
    head: ON_MINT_JSON,
    check: (run) => {
      expect(problemsOf(run).problems).toEqual([])
      expect(run.code).toBe(0)
    },
  },
  {
    name: 'a pull request checked whole (scope: all) with github-token empty: no check run asked for, and one notice says so',
    base: ON_MINT_JSON,
    head: ON_MINT_JSON,
    inputs: { 'github-token': '', scope: 'all' },
    check: (run, gh) => {
      expect(run.code).toBe(0)
      expect(gh?.requests.filter((r) => r.route === 'create-check-run')).toEqual([])
      expect(run.notices.filter((n) => /check run/.test(n))).toEqual([
        "No check run was made: github-token is empty. The step's own annotations alone show the problems " +
          '(GitHub shows 10 a step); with a token that has checks: write, a check run shows every new problem ' +
          "on the pull request's Files tab.",
      ])
    },
  },
  ...(['', 'links'] as const).map((checks): Scenario => ({
    name: `a site upgraded from mint.json to docs.json that drops a redirect: the base's redirects read from its own mint.json (checks: ${checks || 'the default'})`,
    ...UPGRADE,
    ...(checks ? { inputs: { checks } } : {}),
    check: (run) => {
      expect(run.code).toBe(1)
      const { problems } = problemsOf(run)
      expect(problems.filter((p) => p.status === 'new').map((p) => [p.rule, p.file, p.target])).toEqual([
        ['lost-address', 'docs.json', '/old-start'],
      ])
      expect(problems[0]?.message).toContain('the redirect from it is gone in this pull request')
    },
  })),
  ...([false, true] as const).map((kept): Scenario => ({
    name: kept
      ? 'the same restructure with a wildcard redirect that keeps every address: passes, the warning at the top, never "it breaks nothing"'
      : `a restructure that moves ${RESTRUCTURED} pages without a redirect (past the 300 files fetched): the base compared by its pages' names, each lost address failing, said at the top`,
    base: restructured('old'),
    head: restructured('new', kept ? [{ source: '/old/:slug*', destination: '/new/:slug*' }] : []),
    renamed: Object.fromEntries(Array.from({ length: RESTRUCTURED }, (_, i) => [`new/p${i}.mdx`, `old/p${i}.mdx`])),
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      const said =
        "The base of pull request #7 was not checked by the CLI (the pull request changes 321 files of the docs, more than the 300 the check fetches to rebuild its base): its addresses were compared by its pages' names, and every problem the CLI finds on the head counts as new."
      expect(run.warnings).toContain(said)
      expect(run.summary).toMatch(/> \[!WARNING\]\n> The base of pull request \\?#7 was not checked by the CLI/)
      expect(run.summary).not.toContain('It breaks nothing')
      const lost = problemsOf(run).problems.filter((p) => p.rule === 'lost-address')
      if (kept) {
        expect(run.code).toBe(0)
        expect(lost).toEqual([])
        return
      }
      expect(run.code).toBe(1)
      expect(lost).toHaveLength(RESTRUCTURED)
      expect(lost[0]?.redirect).toEqual({ source: '/old/p0', destination: '/new/p0' })
      expect(run.summary.indexOf('> [!WARNING]')).toBeLessThan(run.summary.indexOf('Checked:'))
    },
  })),
  {
    name: 'a pull request GitHub lists 3,000 files of, its rename beyond them: the base named by its git tree, the lost address found',
    base: {
      'docs.json': docsJson({}, ['index', 'guides/a']),
      'index.mdx': page('Home', '# Home'),
      'guides/a.mdx': page('A guide', '# A guide'),
    },
    head: {
      'docs.json': docsJson({}, ['index', 'guides/b']),
      'index.mdx': page('Home', '# Home'),
      'guides/b.mdx': page('A guide', '# A guide'),
    },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links' },
    github: (gh) => {
      // 3,000 files of code listed first: the docs' own changes are past what GitHub lists
      const code = Array.from({ length: 3000 }, (_, i) => ({
        filename: `app/src/f${i}.ts`,
        status: 'added' as const,
        additions: 1,
        deletions: 0,
      }))
      gh.pullFiles.set(7, [...code, ...(gh.pullFiles.get(7) ?? [])])
      gh.treesAt.set(BASE_SHA, ['docs.json', 'index.mdx', 'guides/a.mdx', 'app/src/main.ts'])
    },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.target])).toEqual([
        ['new', 'lost-address', '/guides/a'],
      ])
      expect(run.warnings.some((w) => w.includes("the base's pages were named by its git tree"))).toBe(true)
    },
  },
  {
    name: 'a renamed page with an old broken anchor to it, the link and the redirect updated: the same problem, known, and said to be from before',
    base: {
      'docs.json': docsJson({}, ['index', 'guides/setup']),
      'index.mdx': page('Home', '# Home\n\nSee [the options](/guides/setup#options).'),
      'guides/setup.mdx': page('Setup', '# Setup\n\n## Install\n\nSteps.'),
    },
    head: {
      'docs.json': docsJson({ redirects: [{ source: '/guides/setup', destination: '/guides/new-setup' }] }, [
        'index',
        'guides/new-setup',
      ]),
      'index.mdx': page('Home', '# Home\n\nSee [the options](/guides/new-setup#options).'),
      'guides/new-setup.mdx': page('Setup', '# Setup\n\n## Install\n\nSteps.'),
    },
    renamed: { 'guides/new-setup.mdx': 'guides/setup.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links, anchors, redirects' },
    check: (run) => {
      expect(problemsOf(run).problems.map((p) => [p.status, p.file, p.target])).toEqual([
        ['known', 'index.mdx', '/guides/new-setup#options'],
      ])
      expect(run.code).toBe(0)
      expect(run.summary).toContain('1 problem from before this pull request (known)')
    },
  },
  {
    name: "the base branch added lines above a new problem since the pull request branched: annotated at the head's line, as the Files tab shows it",
    base: { ...LINKED, 'one.mdx': MOVED_ON_MAIN },
    head: { ...RENAMED, 'one.mdx': MOVED_ON_MAIN },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links' },
    github: (gh) =>
      gh.compares.set(`${HEAD_SHA}...${MERGE_SHA}`, {
        files: [
          {
            filename: 'one.mdx',
            status: 'modified',
            additions: 2,
            deletions: 0,
            patch: '@@ -6,4 +6,6 @@\n \n Intro text.\n \n+Added on main.\n+\n See [the guide](/guides/a) first.',
          },
        ],
        commits: [],
      }),
    check: (run, gh) => {
      expect(run.code).toBe(1)
      const one = problemsOf(run).problems.find((p) => p.file === 'one.mdx')
      expect([one?.line, one?.target]).toEqual([9, '/guides/a'])
      expect(annotations(run).find((a) => a.file === 'one.mdx')?.line).toBe('9')
      const onTheCheckRun = gh?.checkRuns[0]?.annotations.find((a) => a.path === 'one.mdx')
      expect([onTheCheckRun?.start_line, gh?.checkRuns[0]?.headSha]).toEqual([9, HEAD_SHA])
    },
  },
  {
    name: 'a deleted page, its links gone too: the summary asks where it should go and names its nearest parent',
    base: {
      'docs.json': docsJson({}, ['index', 'guides', 'guides/old']),
      'index.mdx': page('Home', '# Home\n\nSee [the old guide](/guides/old).'),
      'guides.mdx': page('Guides', '# Guides'),
      'guides/old.mdx': page('Old', '# Old'),
    },
    head: {
      'docs.json': docsJson({}, ['index', 'guides']),
      'index.mdx': page('Home', '# Home'),
      'guides.mdx': page('Guides', '# Guides'),
    },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      const [lost] = problemsOf(run).problems
      expect([lost?.rule, lost?.target, lost?.redirect]).toEqual(['lost-address', '/guides/old', undefined])
      expect(lost?.message).toContain(
        'Add a redirect from it to the page that replaces it (its nearest parent is /guides)',
      )
      expect(run.summary).not.toContain('"destination"')
    },
  },
  {
    name: 'a language folder renamed: one problem per page address, grouped in the summary',
    ...LANGUAGE_RENAMED,
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.rule, p.target, p.redirect?.destination])).toEqual([
        ['lost-address', '/es/a', '/es-ES/a'],
        ['lost-address', '/es/b', '/es-ES/b'],
        ['lost-address', '/es', '/es-ES'],
      ])
      expect(run.summary).toContain('- /es/…: 2 addresses (/es/a, /es/b)')
    },
  },
  {
    name: 'with a key: the lost addresses ranked by their readers, the views in problems-json, one views request',
    ...LANGUAGE_RENAMED,
    service: (sim) => (sim.views.rows = VIEWS),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      oneViewsRequest(run, sim)
      const json = problemsOf(run)
      expect(json.problems.map((p) => [p.target, p.status, p.views])).toEqual([
        ['/es/a', 'new', 0],
        ['/es/b', 'new', 12_400],
        ['/es', 'new', 300],
      ])
      expect(json.views?.minViews).toBe(0)
      // the annotations and the table, most read first
      expect(annotations(run).map((a) => a.message.split(' ')[0])).toEqual(['/es/b', '/es', '/es/a'])
      expect(run.summary).toContain('| File | Line | Problem | Views, 30 days | Details |')
      expect(run.summary).toContain('- /es/…: 2 addresses (/es/b, /es/a): 12,400 views in 30 days, no redirect')
      expect(run.summary).toContain('- /es: 300 views in 30 days, no redirect')
      expect(run.summary).toMatch(
        /Weighed by readers: the page views of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, one request\./,
      )
      expect(run.outputs.problems).toBe('3')
    },
  },
  {
    name: 'min-views keeps as failures only the addresses readers visited that often; the rest listed',
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'min-views': '500' },
    service: (sim) => (sim.views.rows = VIEWS),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      oneViewsRequest(run, sim)
      expect(problemsOf(run).problems.map((p) => [p.target, p.status])).toEqual([
        ['/es/a', 'few-views'],
        ['/es/b', 'new'],
        ['/es', 'few-views'],
      ])
      expect(run.outputs.problems).toBe('1')
      // the ones not failing, most read first too
      expect(run.summary.indexOf('| 300 | /es answers')).toBeLessThan(run.summary.indexOf('| 0 | /es/a answers'))
      expect(run.summary).toContain('2 addresses fewer readers visited than min-views (few views): not failing')
      expect(run.summary).toContain(
        'fails when readers visited it at least 500 times \\(min-views\\); 2 addresses with fewer are listed',
      )
      // the redirect to paste is the failing one's alone
      expect(run.summary).toContain('{"source":"/es/b","destination":"/es-ES/b"}')
      expect(run.summary).not.toContain('{"source":"/es/a"')
    },
  },
  {
    name: 'min-views above every address: the pull request passes, its lost addresses listed with their views',
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'min-views': '100000' },
    service: (sim) => (sim.views.rows = VIEWS),
    check: (run) => {
      expect(run.code).toBe(0)
      expect(run.outputs.problems).toBe('0')
      expect(problemsOf(run).problems.every((p) => p.status === 'few-views')).toBe(true)
      expect(run.notices.join('\n')).toContain(
        '3 addresses that fewer readers visited than min-views are listed, not failing.',
      )
    },
  },
  {
    name: 'views with no rows (a new or wrong project, views not counted yet): unknown, never zero: one notice, each lost address fails',
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'min-views': '10' },
    service: (sim) => (sim.views.rows = []),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      expect(sim?.requests.filter((r) => r.route === 'views')).toHaveLength(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.views])).toEqual([
        ['new', undefined],
        ['new', undefined],
        ['new', undefined],
      ])
      expect(run.notices.filter((n) => /hold no row/.test(n))).toHaveLength(1)
    },
  },
  {
    name: 'a dropped redirect whose destination readers visit: its source has no views of its own, so it fails whatever min-views says',
    base: {
      ...UPGRADE.head,
      'docs.json': docsJson({ favicon: '/logo.svg', redirects: [{ source: '/old-start', destination: '/start' }] }, [
        'index',
        'start',
      ]),
    },
    head: UPGRADE.head,
    checkout: 'merge',
    inputs: { checks: 'links', 'min-views': '10' },
    service: (sim) =>
      (sim.views.rows = [
        { path: '/start', human: 4000, ai: 1000, total: 5000 },
        { path: '/', human: 9, ai: 0, total: 9 },
      ]),
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.target, p.views])).toEqual([
        ['new', '/old-start', undefined],
      ])
    },
  },
  {
    name: 'a renamed page whose views the service spells percent-encoded: its readers found, the lost address fails',
    base: {
      'docs.json': docsJson({}, ['index', 'guides/café']),
      'index.mdx': page('Home', '# Home'),
      'guides/café.mdx': page('Café', '# Café'),
    },
    head: {
      'docs.json': docsJson({}, ['index', 'guides/cafe']),
      'index.mdx': page('Home', '# Home'),
      'guides/cafe.mdx': page('Café', '# Café'),
    },
    renamed: { 'guides/cafe.mdx': 'guides/café.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links', 'min-views': '10' },
    service: (sim) =>
      (sim.views.rows = [
        { path: '/guides/caf%C3%A9', human: 800, ai: 100, total: 900 },
        { path: '/', human: 9, ai: 0, total: 9 },
      ]),
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.target, p.views])).toEqual([['new', '/guides/café', 900]])
    },
  },
  ...[429, 503].map((status): Scenario => ({
    name: `a views request answered ${status}: one notice, and the verdict unweighed (each address fails)`,
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'min-views': '500' },
    service: (sim) => {
      sim.views.rows = VIEWS
      sim.addFault({ route: 'views', status, body: { error: 'Too many requests' }, times: 5 })
    },
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      // one request: the check spends one of the hour's analytics requests, never a retry's
      expect(sim?.requests.filter((r) => r.route === 'views')).toHaveLength(1)
      const said = run.notices.filter((n) => /page views could not be read/.test(n))
      expect(said).toHaveLength(1)
      expect(said[0]).toContain(`${status}`)
      expect(said[0]).toContain('each counts, as without a key')
      expect(problemsOf(run).problems.map((p) => [p.status, p.views])).toEqual([
        ['new', undefined],
        ['new', undefined],
        ['new', undefined],
      ])
      expect(run.outputs.problems).toBe('3')
    },
  })),
  {
    name: 'views that name none of the pages (a site served under /docs): one notice, and the verdict unweighed',
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'min-views': '500' },
    service: (sim) => (sim.views.rows = VIEWS.map((row) => ({ ...row, path: `/docs${row.path}` }))),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      oneViewsRequest(run, sim)
      expect(run.notices.filter((n) => /name none of this site's pages \(\/docs\/es\/b is one/.test(n))).toHaveLength(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.views])).toEqual([
        ['new', undefined],
        ['new', undefined],
        ['new', undefined],
      ])
    },
  },
  {
    name: "the agent's own pull request with fix: the redirects to add go to its job with the other problems, most read first",
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', fix: 'true' },
    service: async (sim) => {
      sim.views.rows = VIEWS
      // the job that opened pull request #7, as the run that started it left it at the service
      await fetch(`${sim.baseUrl}/v2/agent/${sim.projectId}/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'move the Spanish pages to es-ES' }),
      })
    },
    github: (gh, sim) => {
      const job = [...(sim?.jobs.keys() ?? [])][0] ?? ''
      gh.addComment(
        7,
        gh.identity,
        `${encodeState({ job, prLink: 'https://github.com/acme/docs/pull/7', entries: [] })}\n`,
      )
    },
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      const sent = sim?.requestsTo('message') ?? []
      expect(sent).toHaveLength(1)
      const body = JSON.parse(sent[0]?.body ?? '{}') as { message?: string; prompt?: string }
      const text = body.message ?? body.prompt ?? ''
      // each lost address with the redirect that keeps it, the most read first
      const order = ['/es/b', '/es', '/es/a'].map((a) => text.indexOf(`"target":"${a}"`))
      expect(order.every((at) => at > 0)).toBe(true)
      expect([...order].sort((a, b) => a - b)).toEqual(order)
      expect(text).toContain('Add the redirect {\\"source\\":\\"/es/b\\",\\"destination\\":\\"/es-ES/b\\"}')
      expect(run.summary).toContain('as fix round 1 of 1')
    },
  },
  {
    name: 'min-views without a key and a project: one warning that it was ignored, and every address fails',
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'min-views': '500' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(run.warnings).toEqual([
        `Input "min-views" is read only with api-key and project-id (the readers' views), so it was ignored.`,
      ])
      expect(run.outputs.problems).toBe('3')
      expect(problemsOf(run).views).toBeUndefined()
    },
  },
  {
    name: "a fork's pull request (project-id, and no api-key: no secrets): checked unweighed, said once, nothing asked",
    ...LANGUAGE_RENAMED,
    inputs: { checks: 'links', 'api-key': '', 'min-views': '500' },
    service: (sim) => (sim.views.rows = VIEWS),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      expect(sim?.requests).toEqual([])
      expect(run.warnings).toEqual([])
      expect(run.notices.filter((n) => /api-key is empty/.test(n))).toHaveLength(1)
      expect(run.outputs.problems).toBe('3')
    },
  },
  {
    name: 'redirects that cannot work: the new ones fail at their entries, the old ones are listed',
    base: {
      'docs.json': docsJson({
        redirects: [
          { source: '/x', destination: '/y' },
          { source: '/y', destination: '/' },
        ],
      }),
      'index.mdx': page('Home', '# Home'),
    },
    head: {
      'docs.json': docsJson({
        redirects: [
          { source: '/x', destination: '/y' },
          { source: '/y', destination: '/' },
          { source: '/p', destination: '/q' },
          { source: '/q', destination: '/p' },
          { source: '/docs#install', destination: '/' },
          { source: '/', destination: '/somewhere' },
          { source: '/dup', destination: '/' },
          { source: '/dup', destination: '/index' },
        ],
      }),
      'index.mdx': page('Home', '# Home'),
    },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      const rows = problemsOf(run).problems.map((p) => [p.status, p.rule, p.target, p.line])
      expect(rows).toEqual([
        ['known', 'redirect-fault', '/x → /y', 16],
        ['new', 'redirect-fault', '/p → /q', 24],
        ['new', 'redirect-fault', '/q → /p', 28],
        ['new', 'redirect-fault', '/docs#install → /', 32],
        ['new', 'redirect-fault', '/ → /somewhere', 36],
        ['new', 'redirect-fault', '/dup → /index', 44],
      ])
      expect(run.errors.at(-1)).toContain('Docs check: 5 new problems (5 redirects that cannot work)')
    },
  },
  {
    name: 'pages named errors.mdx and error/… with broken links: a verdict naming them, never "the CLI failed"',
    head: {
      'docs.json': docsJson({}, ['index', 'errors', 'error/codes']),
      'index.mdx': page('Home', '# Home\n\nSee [errors](/errors).'),
      'errors.mdx': page('Errors', '# Errors\n\nSee [the list](/error/list).'),
      'error/codes.mdx': page('Codes', '# Codes\n\nSee [rate limits](/error/rate-limits).'),
    },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(annotations(run).map((a) => [a.file, a.line])).toEqual([
        ['error/codes.mdx', '7'],
        ['errors.mdx', '7'],
      ])
      expect(run.errors.at(-1)).toContain('Docs check: 2 problems (2 broken links)')
    },
  },
  {
    name: 'checks: contrast alone reaches a verdict',
    head: {
      'docs.json': docsJson({ colors: { primary: '#FFFF00' } }),
      'index.mdx': page('Home', '# Home'),
    },
    inputs: { checks: 'contrast' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(annotations(run).map((a) => [a.title, a.file])).toEqual([['Colour contrast', 'docs.json']])
      expect(run.outputs.problems).toBe('1')
    },
  },
  {
    name: 'a pull request that changes one poor primary colour for another: the contrast problem known as before, passes',
    base: {
      'docs.json': docsJson({ colors: { primary: '#FFFF00' } }),
      'index.mdx': page('Home', '# Home'),
    },
    head: {
      'docs.json': docsJson({ colors: { primary: '#FFFF33' } }),
      'index.mdx': page('Home', '# Home'),
    },
    checkout: 'merge',
    inputs: { checks: 'contrast' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file])).toEqual([
        ['known', 'contrast', 'docs.json'],
      ])
      expect(problemsOf(run).problems[0]?.message).toContain('#FFFF33')
    },
  },
  {
    name: 'a configuration without colours: contrast has nothing to check, the rest reaches a verdict',
    head: {
      'docs.json': `${JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Plain', navigation: { pages: ['index'] } }, null, 2)}\n`,
      'index.mdx': page('Home', '# Home\n\n<img src="/logo.svg" />'),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(annotations(run).map((a) => [a.title, a.file, a.line])).toEqual([
        ['Image without alt text', 'index.mdx', '7'],
      ])
    },
  },
  {
    name: 'long paths and anchors, spaces in a target, a target linked three times, a page the CLI cannot parse: each problem once, at a file that exists',
    head: {
      'docs.json': docsJson({}, ['index', `${LONG_FOLDER}/an-endpoint-with-a-long-name`, 'bad']),
      'index.mdx': page(
        'Home',
        [
          '# Home',
          '',
          '[twice](/nowhere/at-all) and [again](/nowhere/at-all), and once more:',
          '',
          '<a href="/nowhere/at-all">thrice</a>',
          '',
          `[deep](/${LONG_FOLDER}/an-endpoint-with-a-long-name#update-the-hardhat-configuration-for-the-project-now)`,
          '',
          '[spaced](</guides/Model Providers/azure>)',
        ].join('\n'),
      ),
      [`${LONG_FOLDER}/an-endpoint-with-a-long-name.mdx`]: page(
        'Endpoint',
        '# Endpoint\n\n## Request\n\nSee [the missing model provider page](/reference/model-providers/a-provider-that-does-not-exist-anywhere).',
      ),
      'bad.mdx': page('Bad', '# Bad\n\nAn unclosed {expression\n\n[x](/also/nowhere)'),
    },
    check: (run) => {
      expect(run.code).toBe(1)
      const json = problemsOf(run)
      const rows = json.problems.map((p) => [p.rule, p.file, p.line, p.target])
      expect(rows).toEqual([
        ['syntax', 'bad.mdx', 7, undefined],
        ['broken-link', 'index.mdx', 7, '/nowhere/at-all'],
        ['broken-link', 'index.mdx', 7, '/nowhere/at-all'],
        ['broken-link', 'index.mdx', 9, '/nowhere/at-all'],
        [
          'broken-link',
          'index.mdx',
          11,
          `/${LONG_FOLDER}/an-endpoint-with-a-long-name#update-the-hardhat-configuration-for-the-project-now`,
        ],
        ['broken-link', 'index.mdx', 13, '/guides/Model Providers/azure'],
        [
          'broken-link',
          `${LONG_FOLDER}/an-endpoint-with-a-long-name.mdx`,
          9,
          '/reference/model-providers/a-provider-that-does-not-exist-anywhere',
        ],
      ])
      for (const a of annotations(run)) expect(json.problems.some((p) => p.file === a.file)).toBe(true)
    },
  },
  {
    name: 'a site still on mint.json is checked as the CLI checks it: its redirect at mint.json',
    head: {
      'mint.json': `${JSON.stringify(
        {
          name: 'Acme docs',
          favicon: '/logo.svg',
          colors: { primary: '#0B5D1E' },
          navigation: [{ group: 'Start', pages: ['index'] }],
          redirects: [{ source: '/old', destination: '/nowhere' }],
        },
        null,
        2,
      )}\n`,
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'index.mdx': page('Home', '# Home\n\nSee [gone](/gone).\n\n<img src="/logo.svg" />'),
    },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(annotations(run).map((a) => [a.title, a.file, a.line])).toEqual([
        ['Broken link', 'index.mdx', '7'],
        ['Broken redirect', 'mint.json', '18'],
        ['Image without alt text', 'index.mdx', '9'],
      ])
    },
  },
  {
    name: "a pull request that adds 10,000 broken links: the check run within GitHub's limits, 1,000 annotated in 20 writes, the summary whole in the last",
    base: {
      ...TEN_THOUSAND,
      ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}.mdx`, page(`Page ${i}`, `# Page ${i}`)])),
    },
    head: TEN_THOUSAND,
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run, gh) => {
      expect(run.code).toBe(1)
      expect(run.outputs.problems).toBe('10000')
      const writes = gh?.requests.filter((r) => /check-run/.test(r.route)) ?? []
      expect(writes.map((r) => r.route)).toEqual(['create-check-run', ...Array<string>(19).fill('update-check-run')])
      const outputs = writes.map((r) => (JSON.parse(String(r.body)) as { output: { summary: string } }).output.summary)
      // the summary whole once, in the last write; each before it a line of where the annotating is
      expect(outputs.slice(0, -1).every((o) => o.startsWith('Annotating 1,000 problems, 50 a request'))).toBe(true)
      expect(outputs.at(-1)).toContain('### ❌ Docs check: 10,000 new problems')
      expect(gh?.checkRuns[0]?.annotations).toHaveLength(1000)
      expect(gh?.secondaryLimited).toBe(0)
      expect(run.notices.join('\n')).toContain('The check run annotates the first 1,000 of 10,000 new problems')
      expect(run.summary).toContain('1,000 of them are annotated in the check run')
    },
  },
  {
    name: 'a site with 10,000 problems: the count is the CLI’s, 9 annotations (GitHub shows 10 a step), the summary true about where the rest are',
    head: TEN_THOUSAND,
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(run.outputs.problems).toBe('10000')
      expect(annotations(run)).toHaveLength(9)
      expect(run.errors).toHaveLength(10) // and the step's own failure: GitHub shows 10 a step
      expect(run.errors.at(-1)).toContain('The first 9 are annotated at their lines')
      expect(run.errors.at(-1)).toContain('Docs check: 10,000 problems (10,000 broken links)')
      expect(problemsOf(run).problems).toHaveLength(10_000)
      expect(run.summary).toContain('Docs check: 10,000 problems')
      expect(run.summary).toContain('The first 9 are annotated (GitHub shows no more a step).')
      expect(run.summary).toContain('The table shows the first 100; all 10,000 are in problems-json.')
      expect(run.summary).toContain('9,900 more in problems-json.')
    },
  },
  {
    name: 'exclude leaves pages out: their links are not checked, and links to them still resolve',
    head: {
      'docs.json': docsJson({}, ['index', 'drafts/wip']),
      'index.mdx': page('Home', '# Home\n\nSee [the draft](/drafts/wip#plan) and [gone](/gone).'),
      'drafts/wip.mdx': page('WIP', '# WIP\n\n## Plan\n\nAn unclosed {expression\n\n[x](/nowhere)'),
    },
    inputs: { exclude: 'drafts/**' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.file, p.target])).toEqual([['index.mdx', '/gone']])
    },
  },
  {
    name: 'a push with the key: its problems are not weighed, and no analytics request is spent',
    head: {
      'docs.json': docsJson({}, ['index', 'drafts/wip']),
      'index.mdx': page('Home', '# Home\n\nSee [the draft](/drafts/wip#plan) and [gone](/gone).'),
      'drafts/wip.mdx': page('WIP', '# WIP\n\n## Plan\n\nAn unclosed {expression\n\n[x](/nowhere)'),
    },
    inputs: { exclude: 'drafts/**' },
    service: (sim) => (sim.views.rows = [{ path: '/', human: 9, ai: 1, total: 10 }]),
    check: (run, _gh, sim) => {
      expect(run.code).toBe(1)
      expect(sim?.requests).toEqual([])
      expect(problemsOf(run).problems.map((p) => [p.file, p.target, p.views])).toEqual([
        ['index.mdx', '/gone', undefined],
      ])
      expect(run.summary).not.toContain('analytics request')
    },
  },
  {
    name: 'an OpenAPI reference: links to its generated pages resolve, the broken ones are reported at their lines',
    head: OPENAPI_SITE,
    check: failsAt(['api-reference/overview.mdx', 6, '/api-reference/nothing'], ['index.mdx', 7, '/api-reference/bad']),
  },
  {
    name: 'the docs in a subfolder, a snippet, and non-ASCII headings and anchors',
    head: {
      'README.md': '# The product\n',
      'docs/docs.json': docsJson({}, ['index']),
      'docs/index.mdx': page(
        'Start',
        "import Note from '/snippets/note.mdx'\n\n# Start\n\n## Überblick\n\nSee [the overview](#überblick) and [a wrong one](#überblick-falsch).\n\n<Note />",
      ),
      'docs/snippets/note.mdx': 'A note: see [the missing page](/missing-from-snippet).\n',
    },
    check: failsAt(['docs/index.mdx', 11, '#überblick-falsch'], ['docs/snippets/note.mdx', 1, '/missing-from-snippet']),
  },
  {
    name: 'a stray <code>```</code> hides no link after its paragraph: each broken link at its line, code spans none',
    head: {
      'docs.json': docsJson({}, ['index', 'quickstart']),
      'index.mdx': page('Home', '# Home\n\nSee [the quickstart](/quickstart).'),
      'quickstart.mdx': page(
        'Quickstart',
        [
          '# Quickstart',
          '',
          'Wrap commands in <code>```</code> blocks, as in [the guide](/guide-missing).',
          '',
          'Then read [the setup](/setup-missing).',
          '',
          '## Next',
          '',
          '- [Deploy](/deploy-missing)',
          '- `[not a link](/in-code)` is code',
          '',
          '<Card title="More" href="/more-missing">',
          '  Read on.',
          '</Card>',
        ].join('\n'),
      ),
    },
    inputs: { checks: 'links' },
    check: (run) => {
      failsAt(
        ['quickstart.mdx', 7, '/guide-missing'],
        ['quickstart.mdx', 9, '/setup-missing'],
        ['quickstart.mdx', 13, '/deploy-missing'],
        ['quickstart.mdx', 16, '/more-missing'],
      )(run)
      expect(run.errors.at(-1)).toContain('Each is annotated at its line.')
    },
  },
  {
    name: 'three redirects to one destination that is missing: each at its own entry',
    head: {
      'docs.json': docsJson({
        redirects: [
          { source: '/old-a', destination: '/nowhere' },
          { source: '/home', destination: '/' },
          { source: '/old-b', destination: '/nowhere' },
          { source: '/old-c', destination: '/nowhere' },
        ],
      }),
      'index.mdx': page('Home', '# Home'),
    },
    inputs: { checks: 'links, redirects' },
    check: failsAt(
      ['docs.json', 16, '/old-a → /nowhere'],
      ['docs.json', 24, '/old-b → /nowhere'],
      ['docs.json', 28, '/old-c → /nowhere'],
    ),
  },
  {
    name: 'a pull request that adds an image without alt text and deletes a page linked from 20 it never touched: its own file annotated first',
    base: {
      'docs.json': docsJson({}, ['index', 'guides/a', ...Array.from({ length: 20 }, (_, i) => `t${i}`)]),
      'index.mdx': page('Home', '# Home\n\nWelcome.'),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'guides/a.mdx': page('A guide', '# A guide'),
      ...Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`t${i}.mdx`, page(`T${i}`, `# T${i}\n\nSee [the guide](/guides/a).`)]),
      ),
    },
    head: {
      'docs.json': docsJson({}, ['index', ...Array.from({ length: 20 }, (_, i) => `t${i}`)]),
      'index.mdx': page('Home', '# Home\n\nWelcome.\n\n<img src="/logo.svg" />'),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      ...Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`t${i}.mdx`, page(`T${i}`, `# T${i}\n\nSee [the guide](/guides/a).`)]),
      ),
    },
    checkout: 'merge',
    inputs: { checks: 'links, alt-text' },
    check: (run) => {
      expect(run.code).toBe(1)
      // its image, and the deleted page's address (at the configuration it changed), then the 20 links elsewhere
      expect(run.outputs.problems).toBe('22')
      const found = annotations(run)
      expect(found).toHaveLength(9)
      expect(found.slice(0, 2).map((a) => [a.title, a.file, a.line])).toEqual([
        ['Image without alt text', 'index.mdx', '9'],
        ['Address no longer answers', 'docs.json', '1'],
      ])
      expect(found.slice(2).every((a) => a.title === 'Broken link' && /^t\d+\.mdx$/.test(a.file ?? ''))).toBe(true)
    },
  },
  {
    name: 'a rename on a site still on mint.json: the redirect to paste goes to mint.json',
    base: {
      'mint.json': mintJson(['index', 'one', 'guides/a']),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'index.mdx': page('Home', '# Home'),
      'one.mdx': page('One', '# One\n\nSee [the guide](/guides/a).'),
      'guides/a.mdx': page('A guide', '# A guide'),
    },
    head: {
      'mint.json': mintJson(['index', 'one', 'guides/b']),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'index.mdx': page('Home', '# Home'),
      'one.mdx': page('One', '# One\n\nSee [the guide](/guides/a).'),
      'guides/b.mdx': page('A guide', '# A guide'),
    },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      // the lost address at guides/b's entry in mint.json's navigation
      expect(annotations(run).map((a) => [a.file, a.line])).toEqual([
        ['mint.json', '13'],
        ['one.mdx', '7'],
      ])
      expect(run.summary).toContain('to `redirects` in mint.json:')
      expect(run.summary).not.toContain('docs.json')
    },
  },
]

/** The files a pull request changes, as GitHub's files endpoint lists them, from its base and head. */
export function pullFiles(
  base: Files,
  head: Files,
  renamed: Record<string, string> = {},
  prefix = '',
): Array<{
  filename: string
  status: 'added' | 'removed' | 'modified' | 'renamed'
  additions: number
  deletions: number
  previous_filename?: string
}> {
  const from = new Set(Object.values(renamed))
  const files = []
  for (const path of [...new Set([...Object.keys(base), ...Object.keys(head)])].sort()) {
    if (renamed[path] !== undefined)
      files.push({
        filename: prefix + path,
        status: 'renamed' as const,
        additions: 0,
        deletions: 0,
        previous_filename: prefix + (renamed[path] ?? ''),
      })
    else if (from.has(path)) continue
    else if (!(path in base))
      files.push({ filename: prefix + path, status: 'added' as const, additions: 1, deletions: 0 })
    else if (!(path in head))
      files.push({ filename: prefix + path, status: 'removed' as const, additions: 0, deletions: 1 })
    else if (base[path] !== head[path])
      files.push({ filename: prefix + path, status: 'modified' as const, additions: 1, deletions: 1 })
  }
  return files
}

function writeFiles(dir: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}

/**
 * What holds in every case: a base that was needed was checked, each annotation is at a file that
 * exists in the workspace, there are no more than GitHub shows a step (9, and the step's own
 * failure), and an annotation is always a new problem of problems-json.
 */
export function checkEveryRun(run: ActionRun, workspace: string, touched: readonly string[] = []): void {
  // the check writes in its own folder only: never a byte of the workspace, nor where its links lead
  expect(touched).toEqual([])
  // a base that was needed was checked: in npm test, a recording it needed and lacked would say so here
  expect(run.warnings.filter((w) => /could not be checked/.test(w))).toEqual([])
  const placed = annotations(run)
    .concat(annotations(run, 'warning'))
    .filter((a) => a.file !== undefined)
  for (const a of placed) expect(existsSync(join(workspace, a.file ?? '')), a.file).toBe(true)
  expect(annotations(run).length).toBeLessThanOrEqual(9)
  if (run.outputs['problems-json']) {
    const fresh = problemsOf(run).problems.filter((p) => p.status === 'new')
    for (const a of annotations(run)) expect(fresh.some((p) => p.file === a.file)).toBe(true)
  }
}

/** The event of every case's pull request, #7 from docs/change. */
export const PULL_EVENT = {
  name: 'pull_request',
  payload: {
    action: 'synchronize',
    number: 7,
    pull_request: {
      number: 7,
      title: 'Docs change',
      html_url: 'https://github.com/acme/docs/pull/7',
      user: { login: 'octocat', type: 'User' },
      head: { ref: 'docs/change', sha: HEAD_SHA, repo: { full_name: 'acme/docs' } },
      base: { ref: 'main', sha: BASE_SHA, repo: { full_name: 'acme/docs' } },
    },
  },
}

/** Runs a scenario: its workspace, a fake GitHub with its pull request, the given tool cache and PATH. */
export async function runScenario(
  scenario: Scenario,
  runtime: Runtime,
  env: { toolCache: string; path?: string; env?: Record<string, string> },
  more: Pick<RunOptions, 'moveClock' | 'actionFiles'> = {},
): Promise<{ run: ActionRun; gh?: GitHubSimulator; sim?: ServiceSimulator; workspace: string; touched: string[] }> {
  const workspace = mkdtempSync(join(tmpdir(), 'check-workspace-'))
  writeFiles(workspace, scenario.head)
  const outside = mkdtempSync(join(tmpdir(), 'check-outside-'))
  writeFiles(outside, OUTSIDE)
  for (const [path, text] of Object.entries(scenario.oddNames ?? {})) {
    const bytes = Buffer.concat(
      path
        .split(/(\\x[0-9a-f]{2})/)
        .map((part) => (/^\\x/.test(part) ? Buffer.from([parseInt(part.slice(2), 16)]) : Buffer.from(part))),
    )
    const at = Buffer.concat([Buffer.from(`${workspace}/`), bytes])
    mkdirSync(dirname(join(workspace, path)), { recursive: true })
    writeFileSync(at, text)
  }
  for (const [path, target] of Object.entries(scenario.links ?? {})) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true })
    symlinkSync(target.split('{{outside}}').join(outside).split('{{workspace}}').join(workspace), join(workspace, path))
  }
  const vars: Record<string, string> = { ...env.env, GITHUB_WORKSPACE: workspace, RUNNER_TOOL_CACHE: env.toolCache }
  if (env.path) vars.PATH = env.path
  let sim: ServiceSimulator | undefined
  if (scenario.service) {
    sim = await startSimulator()
    await scenario.service(sim)
  }
  let event: { name: string; payload: unknown } = { name: 'push', payload: {} }
  let gh: GitHubSimulator | undefined
  if (scenario.base) {
    gh = await startGitHub()
    gh.pullFiles.set(7, pullFiles(scenario.base, scenario.head, scenario.renamed))
    const from = scenario.checkout === 'head' ? MERGE_BASE_SHA : BASE_SHA
    for (const [path, text] of Object.entries(scenario.base)) gh.contents.set(`${from}:${path}`, text)
    gh.compares.set(`${BASE_SHA}...${HEAD_SHA}`, { files: [], commits: [], mergeBase: MERGE_BASE_SHA })
    // the merge commit differs from the head in nothing but what a case says (its base branch did not move)
    gh.compares.set(`${HEAD_SHA}...${MERGE_SHA}`, { files: [], commits: [] })
    scenario.github?.(gh, sim)
    // what actions/checkout leaves at depth 1 with persist-credentials: false: HEAD, and no credentials
    writeFiles(workspace, {
      '.git/HEAD': `${scenario.checkout === 'head' ? HEAD_SHA : MERGE_SHA}\n`,
      '.git/shallow': `${scenario.checkout === 'head' ? HEAD_SHA : MERGE_SHA}\n`,
      '.git/config':
        '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/acme/docs\n',
    })
    vars.GITHUB_API_URL = gh.baseUrl
    event = PULL_EVENT
  }
  const before = { workspace: bytesOf(workspace), outside: bytesOf(outside) }
  const run = await runAction({
    runtime,
    action: 'check',
    inputs: {
      ...(sim ? { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.baseUrl } : {}),
      ...scenario.inputs,
    },
    env: vars,
    event,
    killAfterMs: 240_000,
    ...more,
  })
  const touched = [
    ...changedBytes(before.workspace, bytesOf(workspace)),
    ...changedBytes(before.outside, bytesOf(outside)).map((p) => `{{outside}}/${p}`),
  ]
  return { run, workspace, touched, ...(gh ? { gh } : {}), ...(sim ? { sim } : {}) }
}

/** What a test keeps outside the repository, where the workspace's links may lead. */
export const OUTSIDE: Files = { 'notes/secret.mdx': '# A secret\n', 'notes/other.mdx': '# Other\n' }

/** Each file of a folder (links not followed: a link as its target), path → its bytes as text. */
export function bytesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  // by bytes: a name need not be UTF-8
  const walk = (at: Buffer, relative: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true, encoding: 'buffer' })) {
      const name = entry.name.toString('latin1')
      const path = relative ? `${relative}/${name}` : name
      const inner = Buffer.concat([at, Buffer.from('/'), entry.name])
      if (entry.isSymbolicLink()) out.set(path, `-> ${readlinkSync(inner, 'buffer').toString('latin1')}`)
      else if (entry.isDirectory()) walk(inner, path)
      else if (entry.isFile()) out.set(path, readFileSync(inner).toString('latin1'))
      else out.set(path, 'not a file')
    }
  }
  walk(Buffer.from(dir), '')
  return out
}

/** The paths whose bytes differ between two readings of a folder, or that one of them lacks. */
export function changedBytes(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort()
}

/**
 * A handful of the generated pull requests (test/cli/generated-sites.ts, a fixed seed) as cases on
 * the real CLI: pages without links, checked for links alone, so the CLI finds nothing on either
 * side and the verdict is the addresses' and the redirects': it must be the model's.
 */
export const GENERATED: Scenario[] = pickGenerated()

/** Two that fail and two that pass, the first of each among the seed's cases. */
function pickGenerated(): Scenario[] {
  // the home page stays on both sides: the navigation names it
  const withHome = (pages: readonly string[]): string[] => [...pages.filter((p) => p !== 'index.mdx'), 'index.mdx']
  const cases = fc
    .sample(
      CASE.filter((c) => !c.changes.some((ch) => ch.from === 'index.mdx' || ch.to === 'index.mdx')),
      { seed: 56, numRuns: 200 },
    )
    .map((g): Generated => ({
      ...g,
      basePages: withHome(g.basePages),
      headPages: withHome(g.headPages),
      baseLinks: [],
      headLinks: [],
    }))
  const verdict = (c: Generated): boolean => modelFails(c) === true || newFaults(c)
  const picked = [
    ...cases.filter(verdict).slice(0, 2),
    ...cases.filter((c) => !verdict(c) && c.changes.length > 0).slice(0, 2),
  ]
  const files = (pages: readonly string[], redirects: readonly Redirect[]): Files => ({
    'docs.json': docsJson(redirects.length > 0 ? { redirects } : {}, ['index']),
    ...Object.fromEntries(pages.map((p) => [p, page(pageSlugOf(p), `# ${pageSlugOf(p)}`)])),
  })
  return picked.map((c, i): Scenario => {
    const fails = verdict(c)
    return {
      name:
        `a generated pull request (${i + 1} of ${picked.length}, seed 56: ${count(c.basePages.length, 'page')}, ` +
        `${c.changes.length} renamed or deleted, ${count(c.headRedirects.length, 'redirect')} on the head): ` +
        `${fails ? 'fails' : 'passes'}, as the model says`,
      base: files(c.basePages, c.baseRedirects),
      head: files(c.headPages, c.headRedirects),
      renamed: Object.fromEntries(c.changes.flatMap((ch) => (ch.to ? [[ch.to, ch.from]] : []))),
      checkout: 'merge',
      inputs: { checks: 'links' },
      check: (run) => {
        expect(run.code).toBe(fails ? 1 : 0)
      },
    }
  })
}

/** examples/docs-check.yml's check step's inputs, as a run of `event` with no secret and no variable resolves them. */
function docsCheckExample(event: 'pull_request' | 'push'): Record<string, string> {
  const step = exampleSteps('docs-check.yml').find((s) => s.id === 'check')
  const bindings = {
    "github.event_name == 'push' && 'warn' || 'fail'": event === 'push' ? 'warn' : 'fail',
    'secrets.MINTLIFY_API_KEY': '',
    'vars.MINTLIFY_PROJECT_ID': '',
    'github.event.pull_request.head.repo.full_name == github.repository': event === 'push' ? 'false' : 'true',
  }
  return Object.fromEntries(Object.entries(step?.with ?? {}).map(([name, value]) => [name, resolve(value, bindings)]))
}

/**
 * The docs check example's step as written, for a team with no key stored, on a site at the
 * repository's root with problems of its own from before: a pull request from a branch, and the
 * push to main that keeps the cache warm.
 */
export const EXAMPLE_RUNS: Scenario[] = [
  {
    name: 'the docs check example as written, a pull request from a branch, no key stored: checked against its base, fix said not to apply, never an error',
    base: OLD_BROKEN,
    head: { ...OLD_BROKEN, 'old.mdx': (OLD_BROKEN['old.mdx'] ?? '').replace('hre.', 'here.') },
    checkout: 'merge',
    inputs: docsCheckExample('pull_request'),
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems.map((p) => p.status)).toEqual(['known', 'known'])
      expect(run.warnings.filter((w) => w.startsWith('Input'))).toEqual([
        `Input "fix" is read only with api-key and project-id (the problems go to the agent's job as a follow-up), so it was ignored.`,
      ])
      expect(run.errors).toEqual([])
    },
  },
  {
    name: 'the docs check example as written, the push to main on a site with problems from before: listed as warnings, the job green',
    head: OLD_BROKEN,
    inputs: docsCheckExample('push'),
    check: (run) => {
      expect(run.code).toBe(0)
      expect(problemsOf(run).problems.map((p) => p.status)).toEqual(['new', 'new'])
      expect(run.warnings.filter((w) => w.startsWith('Input'))).toEqual([])
      expect(run.errors).toEqual([])
    },
  },
]
