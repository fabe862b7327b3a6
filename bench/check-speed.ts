import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, homedir, tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import {
  CLI_ENTRY,
  OPENAPI_LISTING,
  writePreload,
  cliEnvironment,
  cliModules,
  readOpenApiListing,
} from '../src/check/mint-cli.js'
import { runProgram } from '../src/check/child-process.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { MINT_VERSION } from '../src/check/inputs.js'
import { ROOT, RUNTIMES, TEST_TOKEN, runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { startCacheService } from '../test/simulator/cache-service.js'
import { actionAt } from './check.js'
import { type Files, type GeneratedSite, generateSite, writeFiles } from './check-site.js'
import { pagesFromTrees } from '../src/check/pages.js'
import { count } from '../src/util/format.js'
import { pagesOf, readText } from '../src/check/tree-copy.js'
import { servedBy } from '../src/site/addresses.js'

/**
 * The check at the speed of review, on a generated site of 5,000 pages (bench/check-site.ts) and a
 * pull request that renames a page linked 300 times, against the CLI alone on the head's tree in
 * the same run (its two commands of the default checks side by side, as a workflow would run them):
 * the check action's whole step through its bundle, as the runner runs it, with the real CLI, the
 * fake GitHub and the runner's cache service on 127.0.0.1. Before: the bundle at BEFORE (the base
 * checked after the head, every time). After: nothing cached (the first pull request on a base),
 * the base restored from the cache (every one after it, or after the push to main), and a pull
 * request that changes no file the site reads. While each runs, /proc is read every 250 ms for the
 * CLI's working processes (each run of `mint` is a launcher and its child, @mintlify/cli's
 * start.js, which does the work): how many at once, and the largest one's memory.
 */

/** The last commit before the base was kept and checked side by side (issue 48). */
export const BEFORE_SPEED = 'c93352b'

/**
 * The release before a restored verdict was confirmed by the base and the configuration always read
 * (1.9.0, issue 72): the same pull requests on its bundle in the same run, each ratio against it.
 */
export const TODAY_SPEED = '0107448'

export interface Timed {
  /** The time; for a reference, the median of its runs (`runs`). */
  ms: number
  runs?: number[]
  /** The most CLI processes seen at once, and the largest resident memory of any one process (MiB). */
  processes: number
  peakMiB: number
  /** The largest resident memory of the action's own process (MiB), where it ran. */
  actionMiB?: number
  /** The action's `problems` output, where it ran, and problems-json's new problems by rule and by target. */
  problems?: string
  newByRule?: Record<string, number>
  newTargets?: Record<string, number>
}

export interface CheckSpeed {
  pages: number
  links: number
  cores: number
  /** The CLI as a workflow runs it, and as the check runs it (with its preload). */
  cliAlone: Timed
  cliAsTheCheck: Timed
  before: { nothingCached: Timed; noDocsChange: Timed }
  after: { nothingCached: Timed; restored: Timed; noDocsChange: Timed; restoredWeighed: Timed }
  /** The same three pull requests on TODAY_SPEED's bundle, each with a runner's cache of its own. */
  today: { nothingCached: Timed; restored: Timed; noDocsChange: Timed }
  /** The listing of the pages an OpenAPI document generates, on the head with an API reference added. */
  openApi: { operations: number; pages: number; ms: number[] }
  /** The pull request's pages (pages-json) from both trees, in this process: five runs, and how many it lists. */
  listing: { ms: number[]; listed: number }
}

/**
 * The pull request's pages from both trees as the check lists them (check/pages.ts), timed in this
 * process on the bench's own trees: the rename makes it read every page of the head for imports.
 */
function pagesCost(site: { base: Files; head: Files; pullFiles: GeneratedSite['pullFiles'] }): CheckSpeed['listing'] {
  const base = mkdtempSync(join(tmpdir(), 'bench-pages-base-'))
  const head = mkdtempSync(join(tmpdir(), 'bench-pages-head-'))
  try {
    writeFiles(base, site.base)
    writeFiles(head, site.head)
    const files = site.pullFiles.map((f) => ({
      filename: f.filename,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
      ...(f.previous_filename ? { previousFilename: f.previous_filename } : {}),
    }))
    const ms: number[] = []
    let listed = 0
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const headFiles = pagesOf(head)
      const baseConfig = readText(join(base, 'docs.json'))
      const headConfig = readText(join(head, 'docs.json'))
      listed = pagesFromTrees({
        docsFolder: '',
        files,
        base: servedBy(pagesOf(base), baseConfig),
        head: servedBy(headFiles, headConfig),
        baseConfig,
        headConfig,
        baseTree: base,
        headTree: head,
        headFiles,
      }).length
      ms.push(performance.now() - started)
    }
    return { ms, listed }
  } finally {
    rmSync(base, { recursive: true, force: true })
    rmSync(head, { recursive: true, force: true })
  }
}

const TOOL_CACHE = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')
const MODULES = join(TOOL_CACHE, 'mintlify-cli', MINT_VERSION, process.arch, 'node_modules')
const CLI = join(MODULES, 'mint', 'index.js')

/** Reads /proc while `work` runs: the CLI's processes at once, the largest one's memory, and the action's. */
export async function watched(work: () => Promise<unknown>): Promise<Timed> {
  let processes = 0
  let peak = 0
  let action = 0
  const sample = (): void => {
    let running = 0
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        if (!command.includes('node')) continue
        const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
        // mint/index.js is a launcher (about 44 MB): its child, @mintlify/cli's start.js, does the work
        if (command.includes('@mintlify/cli/bin/start.js')) {
          running++
          peak = Math.max(peak, rss)
        } else if (command.includes('/dist/check/index.js')) action = Math.max(action, rss)
      } catch {
        // gone meanwhile
      }
    }
    processes = Math.max(processes, running)
  }
  const timer = setInterval(sample, 250)
  const started = performance.now()
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return {
    ms: performance.now() - started,
    processes,
    peakMiB: peak / 1024,
    ...(action > 0 ? { actionMiB: action / 1024 } : {}),
  }
}

/** The middle of a few timings (ms). */
function median(ms: readonly number[]): number {
  return [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? 0
}

/**
 * A reference measured three times: the median time (every ratio divides by it, so one slow run
 * must not move them all), each run's time, the most processes and the largest memory of any.
 */
async function reference(work: () => Promise<unknown>): Promise<Timed> {
  const runs: Timed[] = []
  for (let i = 0; i < 3; i++) runs.push(await watched(work))
  const ms = runs.map((r) => r.ms)
  return {
    ms: median(ms),
    runs: ms,
    processes: Math.max(...runs.map((r) => r.processes)),
    peakMiB: Math.max(...runs.map((r) => r.peakMiB)),
  }
}

/**
 * The CLI alone on a tree: the default checks' two commands side by side, as a workflow runs them,
 * or (`preload`) with the check's preload, as the check runs them. On the Node the check runs the
 * CLI with (the actions' Node 24): `mint` is a launcher that starts the CLI with the `node` on
 * PATH, so that Node's folder comes first there (on this machine's Node 20 broken-links alone
 * took 41 s against 28 s on Node 24: a reference on another Node measures the Node, not the check).
 */
export function cliAlone(tree: string, preload?: string): Promise<unknown> {
  const env = {
    PATH: [dirname(RUNTIMES[0].node), process.env.PATH].join(delimiter),
    HOME: process.env.HOME,
    CI: 'true',
    MINTLIFY_TELEMETRY_DISABLED: '1',
    ...(preload ? { NODE_OPTIONS: `--require ${JSON.stringify(preload)}`, MINTLIFY_CHECK_COLUMNS: '400' } : {}),
  }
  const one = (args: string[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const child = spawn(RUNTIMES[0].node, [CLI, ...args], { cwd: tree, env, stdio: 'ignore' })
      child.on('error', reject)
      child.on('close', () => resolve())
    })
  return Promise.all([one(['broken-links', '--check-anchors', '--check-redirects', '--check-snippets']), one(['a11y'])])
}

const HEAD_SHA = 'a'.repeat(40)
const BASE_SHA = 'b'.repeat(40)

/** One pull request run of the check action (at `root`, this tree's by default) on `head`, whose base is `base`; `env` may name another tool cache. */
export async function pullRequestRun(
  site: { base: Files; head: Files; pullFiles: unknown[] },
  env: Record<string, string>,
  root?: string,
  inputs: Record<string, string> = {},
): Promise<Timed> {
  const gh = new GitHubSimulator(TEST_TOKEN)
  await gh.start()
  const workspace = mkdtempSync(join(tmpdir(), 'bench-check-workspace-'))
  try {
    gh.pullFiles.set(7, site.pullFiles as never)
    for (const [path, text] of Object.entries(site.base))
      if (!(path in site.head) || site.head[path] !== text) gh.contents.set(`${BASE_SHA}:${path}`, text)
    writeFiles(workspace, { ...site.head, '.git/HEAD': `${'c'.repeat(40)}\n` })
    const event = {
      name: 'pull_request',
      payload: {
        action: 'synchronize',
        number: 7,
        pull_request: {
          number: 7,
          title: 'Rename the guide',
          html_url: 'https://github.com/acme/docs/pull/7',
          user: { login: 'octocat', type: 'User' },
          head: { ref: 'docs/rename', sha: HEAD_SHA, repo: { full_name: 'acme/docs' } },
          base: { ref: 'main', sha: BASE_SHA, repo: { full_name: 'acme/docs' } },
        },
      },
    }
    let code: number | null = null
    let problems: string | undefined
    const newByRule: Record<string, number> = {}
    const newTargets: Record<string, number> = {}
    const timed = await watched(async () => {
      const run = await runAction({
        runtime: RUNTIMES[0],
        action: 'check',
        inputs: { 'wait-timeout': '30m', ...inputs },
        env: { RUNNER_TOOL_CACHE: TOOL_CACHE, ...env, GITHUB_WORKSPACE: workspace, GITHUB_API_URL: gh.baseUrl },
        event,
        killAfterMs: 1_800_000,
        ...(root ? { actionFiles: root } : {}),
      })
      code = run.code
      problems = run.outputs.problems
      // BENCH_LOG_DIR: each run's log kept, for what a figure does not say
      const logs = process.env.BENCH_LOG_DIR
      if (logs) writeFileSync(join(logs, `check-${Date.now()}.log`), `${run.stdout}\n${run.summary}`)
      const listed = run.outputs['problems-json']
      if (listed && existsSync(listed))
        for (const p of (
          JSON.parse(readFileSync(listed, 'utf8')) as {
            problems: Array<{ status: string; rule: string; target?: string }>
          }
        ).problems)
          if (p.status === 'new') {
            newByRule[p.rule] = (newByRule[p.rule] ?? 0) + 1
            newTargets[p.target ?? ''] = (newTargets[p.target ?? ''] ?? 0) + 1
          }
      if (code !== 1 && code !== 0) throw new Error(`the check ended with ${String(code)}: ${run.errors.join(' | ')}`)
    })
    return { ...timed, ...(problems !== undefined ? { problems, newByRule, newTargets } : {}) }
  } finally {
    await gh.stop()
    rmSync(workspace, { recursive: true, force: true })
  }
}

/**
 * The check's listing of the pages an OpenAPI document of `operations` operations generates (the
 * CLI's own code, OPENAPI_LISTING, run as the check runs it), on `tree` with the document added to
 * its navigation: three runs, each timed.
 */
async function openApiListing(tree: string, operations: number): Promise<CheckSpeed['openApi']> {
  const paths: Record<string, unknown> = {}
  for (let i = 0; i < operations; i++)
    paths[`/things${i}`] = {
      get: { summary: `List things ${i}`, tags: [`Group ${i % 10}`], responses: { '200': { description: 'OK' } } },
    }
  writeFileSync(
    join(tree, 'openapi.json'),
    JSON.stringify({ openapi: '3.0.0', info: { title: 'Big API', version: '1' }, paths }),
  )
  const config = JSON.parse(readFileSync(join(tree, 'docs.json'), 'utf8')) as {
    navigation: { groups: unknown[] }
  }
  config.navigation.groups.push({ group: 'API reference', openapi: 'openapi.json' })
  writeFileSync(join(tree, 'docs.json'), JSON.stringify(config))
  const work = mkdtempSync(join(tmpdir(), 'bench-openapi-'))
  try {
    const script = join(work, 'openapi-listing.mjs')
    writeFileSync(script, OPENAPI_LISTING)
    const preload = writePreload(work)
    const ms: number[] = []
    let pages = 0
    for (let run = 0; run < 3; run++) {
      const started = performance.now()
      const ran = await runProgram(
        RUNTIMES[0].node,
        ['--no-deprecation', script, cliModules(join(MODULES, '..', ...CLI_ENTRY))],
        {
          cwd: tree,
          env: cliEnvironment(process.env, { preload, columns: 200 }),
          stop: new AbortController().signal,
        },
      )
      ms.push(performance.now() - started)
      const listed = readOpenApiListing(ran.stdout)
      if (!('pages' in listed)) throw new Error(`the OpenAPI listing could not tell: ${listed.unknown}`)
      pages = listed.pages.length
    }
    return { operations, pages, ms }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** The service simulator with the readers' page views of every page of the site (the check asks for the first 250). */
async function viewsOf(site: { head: Files }): Promise<{ sim: ServiceSimulator; key: Record<string, string> }> {
  const pages = Object.keys(site.head).filter((p) => p.endsWith('.mdx') && !p.startsWith('snippets/'))
  const sim = new ServiceSimulator({
    views: pages.map((p, i) => {
      const total = 100_000 - i * 10
      return { path: `/${p.replace(/\.mdx$/, '')}`, human: total - 100, ai: 100, total }
    }),
  })
  const baseUrl = await sim.start()
  return { sim, key: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': baseUrl } }
}

export async function checkSpeed(pages = 5000, log: (m: string) => void = () => undefined): Promise<CheckSpeed> {
  if (!existsSync(CLI))
    throw new Error(`the Mintlify CLI is not installed at ${CLI}: run node scripts/install-mint.mjs`)
  const site = generateSite(pages)
  const codeOnly = {
    base: site.base,
    head: site.base,
    pullFiles: [{ filename: '.github/CODEOWNERS', status: 'added', additions: 1, deletions: 0 }],
  }
  const tree = mkdtempSync(join(tmpdir(), 'bench-check-tree-'))
  const before = actionAt(BEFORE_SPEED)
  const today = actionAt(TODAY_SPEED)
  try {
    writeFiles(tree, site.head)
    log(
      `check speed: ${pages.toLocaleString('en-US')} pages, ${site.links.toLocaleString('en-US')} links: the CLI alone…`,
    )
    const alone = await reference(() => cliAlone(tree))
    const preloads = mkdtempSync(join(tmpdir(), 'bench-preload-'))
    log('check speed: the CLI as the check runs it…')
    const asTheCheck = await reference(() => cliAlone(tree, writePreload(preloads)))
    rmSync(preloads, { recursive: true, force: true })
    log('check speed: before, nothing cached…')
    const beforeNothing = await pullRequestRun(site, {}, before)
    log('check speed: before, no docs change…')
    const beforeCode = await pullRequestRun(codeOnly, {}, before)
    // 1.9.0 with caches of its own: an entry it saves is never restored by this tree's runs
    const todayCache = await startCacheService()
    const todayEmpty = await startCacheService()
    let todayRuns: CheckSpeed['today']
    try {
      log(`check speed: ${TODAY_SPEED} (1.9.0), nothing cached…`)
      const nothingCached = await pullRequestRun(site, todayCache.env(), today)
      log(`check speed: ${TODAY_SPEED} (1.9.0), the base restored…`)
      const restored = await pullRequestRun(site, todayCache.env(), today)
      log(`check speed: ${TODAY_SPEED} (1.9.0), no docs change (nothing cached)…`)
      const noDocsChange = await pullRequestRun(codeOnly, todayEmpty.env(), today)
      todayRuns = { nothingCached, restored, noDocsChange }
    } finally {
      await todayCache.stop()
      await todayEmpty.stop()
    }
    const cache = await startCacheService()
    try {
      log('check speed: after, nothing cached (the base kept)…')
      const afterNothing = await pullRequestRun(site, cache.env())
      log('check speed: after, the base restored…')
      const restored = await pullRequestRun(site, cache.env())
      log("check speed: after, the base restored, weighed by the readers' views…")
      const service = await viewsOf(site)
      let restoredWeighed: Timed
      try {
        restoredWeighed = await pullRequestRun(site, cache.env(), undefined, service.key)
        const sent = service.sim.requests.filter((r) => r.route === 'views').length
        if (sent !== 1) throw new Error(`the weighed run sent ${sent} views requests, not one`)
      } finally {
        await service.sim.stop()
      }
      log('check speed: the OpenAPI listing, 200 operations…')
      const openApi = await openApiListing(tree, 200)
      log("check speed: the pull request's pages…")
      const listedPages = pagesCost(site)
      const empty = await startCacheService()
      try {
        log('check speed: after, no docs change (nothing cached)…')
        const afterCode = await pullRequestRun(codeOnly, empty.env())
        return {
          pages,
          links: site.links,
          cores: availableParallelism(),
          cliAlone: alone,
          cliAsTheCheck: asTheCheck,
          before: { nothingCached: beforeNothing, noDocsChange: beforeCode },
          after: { nothingCached: afterNothing, restored, noDocsChange: afterCode, restoredWeighed },
          today: todayRuns,
          openApi,
          listing: listedPages,
        }
      } finally {
        await empty.stop()
      }
    } finally {
      await cache.stop()
    }
  } finally {
    rmSync(tree, { recursive: true, force: true })
    rmSync(before, { recursive: true, force: true })
    rmSync(today, { recursive: true, force: true })
  }
}

/** The measure's rows for docs/benchmarks.md: each run's time as a ratio of the CLI alone, both ways. */
export function checkSpeedRows(s: CheckSpeed): string[][] {
  const sec = (t: Timed): string =>
    `${(t.ms / 1000).toFixed(0)} s${t.runs ? ` (the median of ${t.runs.map((ms) => (ms / 1000).toFixed(0)).join(', ')} s)` : ''}`
  const ratios = (t: Timed): string =>
    `**${(t.ms / s.cliAlone.ms).toFixed(2)}×** (${(t.ms / s.cliAsTheCheck.ms).toFixed(2)}× the CLI as the check runs it)`
  const procs = (t: Timed): string => `${t.processes} CLI processes at most, the largest ${t.peakMiB.toFixed(0)} MiB`
  const site = `${s.pages.toLocaleString('en-US')} pages, ${s.links.toLocaleString('en-US')} links (50 broken before), a rename linked 300 times; ${s.cores} cores`
  const against = (now: Timed, then: Timed, goal: number): string => {
    const ratio = now.ms / then.ms
    return `now ${sec(now)} against ${sec(then)}: **${ratio.toFixed(2)}×** (goal ≤ ${goal.toFixed(2)}×: ${ratio <= goal ? 'held' : '**not held**'})`
  }
  return [
    [
      `Against ${TODAY_SPEED} (1.9.0) in the same run: nothing cached (the first pull request on a base)`,
      against(s.after.nothingCached, s.today.nothingCached, 1.1),
      'the configuration now always read, from both sides',
    ],
    [
      `Against ${TODAY_SPEED} (1.9.0) in the same run: a pull request that changes no file the site reads (nothing cached)`,
      against(s.after.noDocsChange, s.today.noDocsChange, 1.1),
      "the base's `.mintignore` now read too (one request)",
    ],
    [
      `Against ${TODAY_SPEED} (1.9.0) in the same run: the base restored`,
      against(s.after.restored, s.today.restored, 1.25),
      'a problem the restored verdict would excuse now confirmed against the base',
    ],
    [
      `The CLI alone on the head, broken-links beside a11y, as a workflow runs it, on the Node the check runs it with (24): ${site}`,
      `**${sec(s.cliAlone)}**; ${procs(s.cliAlone)}`,
      'the reference of every ratio below',
    ],
    [
      'The same, as the check runs it (its output width set)',
      `**${sec(s.cliAsTheCheck)}**; ${procs(s.cliAsTheCheck)}`,
      'the second ratio below: what the check adds to the CLI it runs',
    ],
    [
      "The check, the base restored from the runner's cache (every pull request after the first on a base, or after the push to main)",
      `after ${ratios(s.after.restored)}, ${sec(s.after.restored)}; ${procs(s.after.restored)}`,
      'goal ≤ 1.15×; before, every pull request checked its base again (the next row)',
    ],
    [
      'The check, nothing cached (the first pull request on a base)',
      `before (${BEFORE_SPEED}: the head, then the base) ${ratios(s.before.nothingCached)}, ${sec(s.before.nothingCached)}; after (side by side, the base kept) ${ratios(s.after.nothingCached)}, ${sec(s.after.nothingCached)}; ${procs(s.after.nothingCached)}`,
      `goal ≤ 1.3× on 4 cores (GitHub's hosted runners for public repositories); measured on ${s.cores}`,
    ],
    [
      'The check, a pull request that changes no file the site reads (nothing cached)',
      `before ${ratios(s.before.noDocsChange)}, ${sec(s.before.noDocsChange)}; after ${ratios(s.after.noDocsChange)}, ${sec(s.after.noDocsChange)}; ${procs(s.after.noDocsChange)}`,
      'goal ≤ 1.05×; with its base kept, the CLI does not run at all',
    ],
    [
      "The check with a key, the base restored: the problems weighed by the readers' page views (one views request of 250 rows, from the local simulator)",
      `after ${ratios(s.after.restoredWeighed)}, ${sec(s.after.restoredWeighed)}; ${procs(s.after.restoredWeighed)}`,
      `the same run without a key: ${sec(s.after.restored)} (the request is answered on 127.0.0.1: the service's own answer time is not in it)`,
    ],
    [
      "The pull request's pages (`pages-json`) from both trees, on the same site (the rename makes it read every page of the head for its imports)",
      `**${median(s.listing.ms).toFixed(0)} ms** (${s.listing.ms.map((ms) => ms.toFixed(0)).join(', ')} ms in five runs), ${count(s.listing.listed, 'page')} listed: the check restored is **${(s.after.restored.ms / Math.max(1, s.after.restored.ms - median(s.listing.ms))).toFixed(3)}×** the same check without them`,
      'goal ≤ 1.05×; computed in the check whenever it compares a pull request with its base',
    ],
    [
      `The listing of the pages an OpenAPI document generates, by the CLI's own code: ${s.openApi.operations} operations in the navigation of the head`,
      `**${(median(s.openApi.ms) / 1000).toFixed(1)} s** a tree (${s.openApi.ms.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s in three runs), ${s.openApi.pages} pages listed`,
      'once for the head, and for the base unless it is restored, in one of the slots the CLI runs share',
    ],
  ]
}

/** What the check's speed figures mean; measured by hand while the work was done, not by this script. */
export const CHECK_SPEED_NOTES = `- **Slower than the last record, and why (2026-12-02).** The check restored took 46 s here
  against 31 s at f41c6b8, and with no docs change 43 s against 29 s. Timed by hand, outside this
  bench's harness, the step itself took 41.8 s restored: the CLI on the head ended at 35.8 s (the
  CLI alone was slower on this machine that day: 33 s against 29 s), the check run's seven writes
  took 5.1 s (spaced 750 ms apart since 1.6.0, under GitHub's secondary limit), and the restore
  2.1 s. With no docs change it took 33.9 s, the CLI's own time. The rest is this bench's harness,
  which checks every run it makes. Since, only the writes past the first 10 are spaced (1.7.0):
  this pull request's seven writes now go at once.
- **The reference runs on the check's Node.** \`mint\` is a launcher that starts the CLI with
  the \`node\` on PATH. On this machine that is Node 20, on which \`broken-links\` alone took 41 s
  against 28 s on Node 24, the actions' runtime, which the check starts the CLI with. The
  references of earlier runs (30 s at 47bdb18, 25 s at 882ccbe, 36 to 68 s at 6eccc45) depended
  on which Node came first on PATH; the bench now puts Node 24's folder first, and the reference
  is the median of three runs (29, 29 and 29 s in this one). The check's own step was steady
  throughout: with its base restored 30, 29, 30 and 31 s in the four runs; with no docs change 28,
  28, 30 and 29 s; with nothing cached 40, 39, 42 and 45 s.
- **Before (c93352b) started the CLI through the launcher too**, so its rows carry whichever Node
  PATH gave it: Node 20 in this run (81 and 82 s), probably Node 24 at 882ccbe (53 s). Compare
  the "after" figures.
- **The key costs one request.** Weighed by the readers' views, the restored run took 32 s against
  31 s without. The simulator answers on 127.0.0.1, so the service's own answer time is not
  measured here.
- **The OpenAPI listing is about 1.5 s a tree**, mostly Node starting and loading the CLI's modules:
  200 operations listed 200 pages in 1.5 to 1.6 s. The bench's site has no OpenAPI document, so
  the check's rows above do not include it.
- **One run of each check run.** Before the reference's Node was fixed, the same \`broken-links\`
  on this site took 29, 58, 31 and 58 s in four runs in a row; re-run the bench before trusting a
  ratio near its goal.
- **Nothing cached, side by side.** On 2 cores the head's two commands take both cores and the
  base's wait for them (never more CLI processes than cores); on 4 (GitHub's hosted runners for
  public repositories) they run beside the head's, which this machine cannot measure.
- **Memory.** The largest CLI process is \`broken-links\` (about 450 to 680 MiB on this site). Since
  1.11.0 the check runs as many at once as the runner's free memory holds at what a run on the
  site needs, each with its heap limit, and never more than the cores (docs/actions/check.md, "The
  largest sites").`

/** Writes `rows` as docs/benchmarks.md's check-speed section, between its markers (the rest kept). */
export function writeCheckSpeedSection(rows: string[][], when: string): void {
  const file = join(ROOT, 'docs', 'benchmarks.md')
  const doc = readFileSync(file, 'utf8')
  const section = [
    '<!-- check-speed -->',
    '## The check at the speed of review',
    '',
    `Measured ${when} with \`npm run bench -- --only check-speed --write\` (also part of \`npm run bench\`).`,
    '',
    '| measure | result | reference |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    CHECK_SPEED_NOTES,
    '<!-- /check-speed -->',
  ].join('\n')
  const marked = /<!-- check-speed -->[\s\S]*<!-- \/check-speed -->/
  writeFileSync(file, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`)
}
