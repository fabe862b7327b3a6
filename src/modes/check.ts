import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { type SiteCheck, checkSite } from '../check/check-site.js'
import { type Ran, StoppedError, runProgram } from '../check/child-process.js'
import { type Problem, plainLines } from '../check/cli-output.js'
import { docsRelativePath, findDocsFolder, repositoryPath } from '../check/docs-site.js'
import { buildBase, checkedOut, pageChanges, siteChanges } from '../check/base-tree.js'
import {
  ENTRY_PATH,
  type ProblemCache,
  actionsCache,
  entryKey,
  problemCache,
  quietCommands,
  treeFingerprint,
} from '../check/base-cache.js'
import { cliSlots, limiter } from '../check/cli-slots.js'
import { type Cli, WIDE_OUTPUT, cliEnvironment, ensureCli } from '../check/mint-cli.js'
import { type Judged, type PlacedProblem, judge } from '../check/new-known.js'
import { placeAll } from '../check/place.js'
import { type SiteConfig, copySite, excluder, leaveOut, outputWidth, siteConfig } from '../check/site-tree.js'
import { type ChangedFile, type PullChange, readChangeEvent } from '../github/change.js'
import type { Check, CheckSettings } from '../inputs/settings.js'
import { MINT_VERSION } from '../inputs/catalogue.js'
import { renderCheckSummary } from '../summary/check-summary.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatDuration } from '../util/format.js'
import { external } from '../util/text.js'
import { fixOnAgentPull } from './check-fix.js'
import { checkEnding, forTheAgent, publishCheckRun, recordProblems } from './check-report.js'
import type { Job, ModeContext, Report } from './context.js'

/**
 * `check`: the docs checked by the real Mintlify CLI (broken links, anchors, redirects and snippets;
 * images without alt text and the theme colours' contrast; the build where the runner has the
 * network). On a pull request (scope new) the head and the base are both checked and only what the
 * pull request broke fails the step, anywhere in the site; what was broken before is listed as
 * known. The CLI's output is read, never its exit code alone: an output that cannot be read fails
 * the step as such. No API key: a fork's pull request is checked as any other. Its phases: find the
 * docs, install the CLI, check the head, judge its problems (against the base), report.
 */

/** A phase of the run, named in the error when wait-timeout ends it. */
class TimedOut extends Error {}

/** What every phase of one run shares. */
interface CheckRun {
  settings: CheckSettings
  ctx: ModeContext
  /** The docs folder in the repository ('' for its root), in the workspace, and its configuration file. */
  docsFolder: string
  folder: string
  config: SiteConfig
  pull: PullChange | undefined
  scope: 'new' | 'changed' | 'all'
  /** The run's own folder (the copies the CLI checks). */
  work: string
  /** Runs `work` bounded by wait-timeout and cancelling, naming `what` when time is up. */
  bounded: <T>(what: string, work: () => Promise<T>) => Promise<T>
  stop: AbortSignal
}

export async function run(settings: CheckSettings, ctx: ModeContext): Promise<Report> {
  const { checks } = settings.check
  for (const name of settings.unapplied) core.warning(`Input "${name}" is read only with fix: true, so it was ignored.`)
  const failure = (message: string): Report => ({
    summary: renderCheckSummary({ checked: [...checks], judged: [], failure: message }),
    ending: { level: 'failure', message },
  })
  const docs = findDocsFolder(ctx.run.workspace, settings.check.docsPath)
  if (!docs.ok) return failure(docs.problem)
  const folder = join(ctx.run.workspace, docs.relative)
  const config = siteConfig(folder) ?? 'docs.json'
  core.info(`The docs: ${docs.relative ? external(docs.relative, 200) : 'the workspace'} (${config} found there).`)

  const event = readChangeEvent(ctx.run.eventName, ctx.run.payload)
  const pull = event?.kind === 'pull' ? event : undefined
  if (!pull && settings.check.scope !== 'all')
    core.info(
      `Not a pull request: the whole site is checked (scope: ${settings.check.scope} applies to pull requests).`,
    )
  const work = mkdtempSync(join(ctx.dir, 'mintlify-check-'))
  const checkRun: CheckRun = {
    settings,
    ctx,
    docsFolder: docs.relative,
    folder,
    config,
    pull,
    scope: pull ? settings.check.scope : 'all',
    work,
    ...boundedBy(ctx),
  }
  try {
    const cli = await installCli(checkRun)
    const checkTree = treeChecker(checkRun, cli, limiter(cliSlots()))
    const found = await checkAndJudge(checkRun, checkTree)
    if ('unreadable' in found) return failure(`${found.unreadable} Nothing is known; the CLI's output is in the log.`)
    const outcome = { ...checkRun, ...found }
    recordProblems(outcome)
    const fixed = await fixOnAgentPull(settings, ctx, pull, forTheAgent(found.judged))
    if (fixed)
      found.notes.push(
        fixed.sent
          ? `Sent to the agent's job ${fixed.jobId} as fix round ${fixed.round} of ` +
              `${fixed.rounds}: its next push is checked again.`
          : fixed.why,
      )
    const report = checkEnding(outcome)
    const shown = await publishCheckRun(outcome, report)
    return shown ? checkEnding({ ...outcome, checkRun: shown }) : report
  } catch (error) {
    if (error instanceof CancelledError || ctx.signal.aborted) throw new CancelledError()
    if (error instanceof TimedOut || error instanceof InstallFailed) return failure(error.message)
    return failure(`Could not run the Mintlify CLI: ${getErrorMessage(error)}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** wait-timeout bounds the install and every CLI run, on the run's clock; cancelling ends them too. */
function boundedBy(ctx: ModeContext): Pick<CheckRun, 'bounded' | 'stop'> {
  const stop = AbortSignal.any([ctx.signal, ctx.clock.timeout(Math.max(0, ctx.deadline - ctx.clock.now()))])
  const waitTimeout = formatDuration(ctx.deadline - ctx.started)
  return {
    stop,
    bounded: async (what, work) => {
      try {
        return await work()
      } catch (error) {
        if (ctx.signal.aborted || error instanceof CancelledError) throw new CancelledError()
        if (error instanceof StoppedError || stop.aborted)
          throw new TimedOut(`${what} did not finish within wait-timeout (${waitTimeout}): it was stopped.`)
        throw error
      }
    },
  }
}

/** The install failed: the step's failure, in these words. */
class InstallFailed extends Error {}

async function installCli({ settings, ctx, bounded, stop }: CheckRun): Promise<Cli> {
  const version = settings.check.mintVersion
  let cli: Cli
  try {
    cli = await core.group(`The Mintlify CLI ${version}`, () =>
      bounded(`The install of the Mintlify CLI (npm ci of mint@${version})`, () =>
        ensureCli({
          toolCache: ctx.run.toolCache || tmpdir(),
          version,
          pinned: MINT_VERSION,
          env: process.env,
          stop,
          log: (m) => core.info(m),
        }),
      ),
    )
  } catch (error) {
    if (error instanceof CancelledError || error instanceof TimedOut) throw error
    throw new InstallFailed(`Could not install the Mintlify CLI: ${getErrorMessage(error)}`)
  }
  if (cli.unlocked)
    core.notice(
      `mint-version ${version} is not the version this action pins (${MINT_VERSION}): it ` +
        `was installed without the action's lockfile, its dependencies resolved afresh.`,
    )
  core.info(
    cli.installed
      ? `Installed mint@${version}: keep the tool cache with actions/cache to skip this next time.`
      : `mint@${version} was already installed (the tool cache).`,
  )
  return cli
}

/** Checks one copy of the docs; `stop` ends its CLI runs early (a base no longer needed). */
type TreeChecker = (label: string, tree: string, which: ReadonlySet<Check>, stop?: AbortSignal) => Promise<SiteCheck>

/** Checks one copy of the docs: pages left out first, then the CLI, each run bounded, limited and logged. */
function treeChecker(
  { settings, config, work, bounded, stop }: CheckRun,
  cli: Cli,
  slot: <T>(work: () => Promise<T>) => Promise<T>,
): TreeChecker {
  const preload = join(work, 'wide-output.cjs')
  writeFileSync(preload, WIDE_OUTPUT)
  const excluded = excluder(settings.check.exclude)
  return async (label, tree, which, early) => {
    if (excluded) {
      const left = leaveOut(tree, excluded)
      if (left > 0) core.info(`${count(left, 'page')} left out of the ${label} (exclude).`)
    }
    const width = outputWidth(tree)
    const ends = early ? AbortSignal.any([stop, early]) : stop
    const mint = (args: string[], columns = width): Promise<Ran> =>
      bounded(`mint ${args[0] ?? ''} on the ${label}`, async () => {
        const env = cliEnvironment(process.env, { preload, columns })
        const ran = await slot(() => runProgram(process.execPath, [cli.entry, ...args], { cwd: tree, env, stop: ends }))
        // the CLI's own words, each line made safe: no escape sequence, no workflow command
        await core.group(`mint ${args.join(' ')} (${label})`, () => {
          for (const line of plainLines(ran.output)) if (line.trim()) core.info(external(line, 500))
          core.info(`(exit code ${ran.exitCode ?? ran.signal ?? 'none'})`)
          return Promise.resolve()
        })
        return ran
      })
    return checkSite({
      tree,
      config: siteConfig(tree) ?? config,
      checks: which,
      mint,
      ...(excluded ? { excluded } : {}),
    })
  }
}

/** What the check found: its problems judged, or no verdict. */
type Found =
  { judged: Judged[]; outside: number; changed?: ReadonlySet<string>; notes: string[] } | { unreadable: string }

/**
 * The head's problems as the scope says: every one new (all, or no pull request); those of the
 * pull request's files (changed); or judged against the base (new). The base is the head itself
 * where the pull request changes no file the site reads; otherwise it is rebuilt, restored from
 * the runner's cache where it was checked before, and else checked beside the head (and stopped
 * if the head has no problem).
 */
async function checkAndJudge(run: CheckRun, checkTree: TreeChecker): Promise<Found> {
  const cache = treeCache(run)
  const found = await judgeSite(run, checkTree, cache)
  await cache.saveAll()
  return found
}

async function judgeSite(run: CheckRun, checkTree: TreeChecker, cache: TreeCache): Promise<Found> {
  const { pull, scope, settings, folder, docsFolder, work } = run
  const notes: string[] = []
  const headTree = join(work, 'head')
  copySite(folder, headTree, [work, join(run.ctx.run.workspace, ENTRY_PATH)])
  const cached = cachedChecker(cache, checkTree)
  const files = pull && scope !== 'all' ? await pullFiles(run, pull) : undefined
  const changed = files
    ? new Set(files.flatMap((f) => [f.filename, ...(f.previousFilename ? [f.previousFilename] : [])]))
    : undefined
  const placedOf = (site: SiteCheck, tree: string): PlacedProblem[] =>
    placeAll(
      withValidation(site, siteConfig(tree) ?? run.config, tree === headTree ? notes : []),
      tree,
      docsFolder,
      run.config,
    )

  if (!pull || !files || scope === 'all') {
    // outside a pull request the tree checked may be a base of the next ones: kept for them
    const head = pull
      ? await checkTree('head', headTree, settings.check.checks)
      : await cached('docs', headTree, settings.check.checks, notes)
    if (head.unreadable) return { unreadable: head.unreadable }
    const judged = placedOf(head, headTree).map((problem): Judged => ({ problem, status: 'new' }))
    return { judged, outside: 0, notes }
  }
  if (scope === 'changed') {
    const head = await checkTree('head', headTree, settings.check.checks)
    if (head.unreadable) return { unreadable: head.unreadable }
    const placed = placedOf(head, headTree)
    // the site's build and colours belong to no page: never left out
    const kept = placed.filter((p) => changed?.has(p.path) || p.rule === 'build' || p.rule === 'contrast')
    core.info(`Pull request #${pull.number} changes ${count(files.length, 'file')}: only their problems are reported.`)
    const judged = kept.map((problem): Judged => ({ problem, status: 'new' }))
    return { judged, outside: placed.length - kept.length, notes, ...(changed ? { changed } : {}) }
  }
  if (siteChanges(files, docsFolder).length === 0) {
    // the head's docs are the base's: every problem was there before
    notes.push(
      `Pull request #${pull.number} changes no file the site reads (${count(files.length, 'file')}, none ` +
        `of them pages, snippets, configuration, OpenAPI documents or images): its docs are its base's, so ` +
        `the head alone was checked and each problem is known.`,
    )
    const head = await cached('head', headTree, settings.check.checks, notes)
    if (head.unreadable) return { unreadable: head.unreadable }
    const judged = placedOf(head, headTree).map((problem): Judged => ({ problem, status: 'known' }))
    return { judged, outside: 0, notes, ...(changed ? { changed } : {}) }
  }
  const base = await rebuildBase(run, files)
  const early = new AbortController()
  const baseChecks = withoutValidate(settings.check.checks)
  // the cache is read before any CLI runs; a base it does not have is checked beside the head
  const known = base.ok ? await cache.lookup(base.tree, baseChecks) : undefined
  if (known?.problems) {
    core.info(`The base's problems restored from the runner's cache (${known.key}): the CLI checks the head only.`)
    notes.push(
      "The base was checked before: its problems came from the runner's cache, and the CLI checked the head only.",
    )
  }
  const baseCheck =
    !base.ok || !known
      ? undefined
      : known.problems
        ? Promise.resolve<SiteCheck>({ problems: known.problems })
        : checkTree('base', base.tree, baseChecks, early.signal).then((site) => {
            cache.keep(known.key, site)
            return site
          })
  // a base that is not needed after all (the head has no problem) may fail as it is stopped
  baseCheck?.catch(() => undefined)
  const head = await checkTree('head', headTree, settings.check.checks)
  if (head.unreadable || head.problems.length === 0) early.abort()
  if (head.unreadable) return { unreadable: head.unreadable }
  const placed = placedOf(head, headTree)
  const allNew = { judged: placed.map((problem): Judged => ({ problem, status: 'new' })), outside: 0, notes, changed }
  if (placed.length === 0) return allNew
  if (!base.ok || !baseCheck) {
    core.warning(
      `The base of pull request #${pull.number} could not be checked (${base.ok ? 'no verdict' : base.why}): ` +
        `every problem counts as new.`,
    )
    return allNew
  }
  let baseSite: SiteCheck
  try {
    baseSite = await baseCheck
    // validate costs the network and seconds: on the base only when the head's build fails
    if (settings.check.checks.has('validate') && head.validation?.verdict === 'invalid') {
      const validated = await checkTree('base', base.tree, new Set<Check>(['validate']))
      if (validated.validation) baseSite = { ...baseSite, validation: validated.validation }
    }
  } catch (error) {
    if (error instanceof CancelledError || error instanceof TimedOut) throw error
    baseSite = { problems: [], unreadable: external(getErrorMessage(error), 300) }
  }
  if (baseSite.unreadable) {
    core.warning(
      `The base of pull request #${pull.number} could not be checked (${baseSite.unreadable}): every problem counts as new.`,
    )
    return allNew
  }
  const judged = judge(
    placed,
    placedOf(baseSite, base.tree),
    oldNames(files, docsFolder),
    pageChanges(files, docsFolder),
  )
  return { judged, outside: 0, notes, changed }
}

const withoutValidate = (checks: ReadonlySet<Check>): Set<Check> => new Set([...checks].filter((c) => c !== 'validate'))

/** A head file's name in the base: a file the pull request renamed has its old name there. */
function oldNames(files: readonly ChangedFile[], docsFolder: string): (file: string) => string {
  const renamed = new Map(
    files
      .filter((f) => f.status === 'renamed' && f.previousFilename)
      .map((f) => [f.filename, f.previousFilename ?? '']),
  )
  return (file) => {
    const before = renamed.get(repositoryPath(docsFolder, file))
    return before === undefined ? file : (docsRelativePath(docsFolder, before) ?? before)
  }
}

async function pullFiles({ settings, ctx }: CheckRun, pull: PullChange): Promise<ChangedFile[] | undefined> {
  try {
    const api = await ctx.github(settings.check.token)
    return await api.pullRequestFiles({ owner: ctx.run.owner, repo: ctx.run.repo }, pull.number)
  } catch (error) {
    if (error instanceof CancelledError) throw error
    core.warning(
      `Could not read the files pull request #${pull.number} changes ` +
        `(${external(getErrorMessage(error), 300)}): every problem of the site counts.`,
    )
    return undefined
  }
}

/** The pull request's base as a tree of its own, or why it cannot be had. */
async function rebuildBase(
  { settings, ctx, pull, docsFolder, folder, work }: CheckRun,
  changed: ChangedFile[],
): Promise<{ ok: true; tree: string } | { ok: false; why: string }> {
  if (!pull) return { ok: false, why: 'not a pull request' }
  const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
  try {
    const api = await ctx.github(settings.check.token)
    // the default checkout is the merge commit (its files outside the pull request are the base's);
    // a checkout of the head has the merge base's
    const ref =
      checkedOut(ctx.run.workspace, docsFolder) === pull.headSha
        ? await api.mergeBase(repo, pull.baseSha || pull.baseRef, pull.headSha)
        : pull.baseSha
    if (!ref) return { ok: false, why: 'the payload names no base commit' }
    const tree = join(work, 'base')
    const built = await buildBase({
      api,
      repo,
      ref,
      docs: folder,
      docsFolder,
      files: changed,
      to: tree,
      skip: [work, join(ctx.run.workspace, ENTRY_PATH)],
    })
    if (!built.ok) return { ok: false, why: built.why }
    core.info(
      `The base (${ref.slice(0, 7)}): the checked-out docs with ` +
        `${count(built.fetched, 'file')} of pull request #${pull.number} as the base has ` +
        `${built.fetched === 1 ? 'it' : 'them'} (one contents request each).`,
    )
    return { ok: true, tree }
  } catch (error) {
    if (error instanceof CancelledError || error instanceof TimedOut) throw error
    return { ok: false, why: external(getErrorMessage(error), 300) }
  }
}

/** The runner's cache for checked trees, within one run: look a tree up, keep what the CLI found, save at the end. */
interface TreeCache {
  /** The tree's key, and its problems where the cache has them. */
  lookup: (tree: string, checks: ReadonlySet<Check>) => Promise<{ key: string; problems?: Problem[] }>
  /** Kept for saveAll: a tree the CLI checked to a verdict. */
  keep: (key: string, site: SiteCheck) => void
  /** Writes what was kept, once the CLI is done (nothing else writes to the log meanwhile). */
  saveAll: () => Promise<void>
}

function treeCache({ settings, ctx }: CheckRun): TreeCache {
  const pending: Array<{ key: string; problems: Problem[] }> = []
  let said = false
  // one notice for the whole run, whatever the cache did wrong
  const cannot = (what: string, why: string): void => {
    if (said) return
    said = true
    core.notice(
      `The runner's cache could not be ${what} (${external(why, 300)}): the CLI checked the docs as without it.`,
    )
  }
  let store: Promise<ProblemCache> | undefined
  const cache = (): Promise<ProblemCache> =>
    (store ??= actionsCache().then((service) => problemCache(service, ctx.run.workspace, quietCommands)))
  return {
    async lookup(tree, checks) {
      const key = entryKey({
        fingerprint: treeFingerprint(tree),
        mintVersion: settings.check.mintVersion,
        checks,
        exclude: settings.check.exclude,
      })
      const restored = await (await cache()).restore(key)
      if (restored.found) return { key, problems: restored.problems }
      if (restored.why) cannot('read', restored.why)
      return { key }
    },
    keep(key, site) {
      if (!site.unreadable) pending.push({ key, problems: site.problems })
    },
    async saveAll() {
      for (const { key, problems } of pending.splice(0)) {
        const saved = await (await cache()).save(key, problems)
        if (saved.saved) core.info(`Kept in the runner's cache for the pull requests against this tree: ${key}.`)
        else if (saved.why) cannot('written', saved.why)
        else core.info(`Another run kept this tree in the runner's cache first: ${key}.`)
      }
    },
  }
}

/**
 * A tree checked through the cache: restored where the same tree was checked before (the CLI then
 * runs only for validate, which is never kept), else checked by the CLI and kept.
 */
function cachedChecker(cache: TreeCache, checkTree: TreeChecker) {
  return async (label: string, tree: string, checks: ReadonlySet<Check>, notes: string[]): Promise<SiteCheck> => {
    const found = await cache.lookup(tree, withoutValidate(checks))
    if (found.problems) {
      core.info(
        `The ${label}'s problems restored from the runner's cache (${found.key}): the CLI did not check it again.`,
      )
      notes.push(`The ${label} was checked before: its problems came from the runner's cache.`)
      if (!checks.has('validate')) return { problems: found.problems }
      const validated = await checkTree(label, tree, new Set<Check>(['validate']))
      return { problems: found.problems, ...(validated.validation ? { validation: validated.validation } : {}) }
    }
    const site = await checkTree(label, tree, checks)
    cache.keep(found.key, site)
    return site
  }
}

/** The site's problems with validate's verdict: a failing build is a problem, no network a note. */
function withValidation(site: SiteCheck, config: SiteConfig, notes: string[]): Problem[] {
  const v = site.validation
  if (!v) return site.problems
  if (v.verdict === 'valid') notes.push('The build validates.')
  else if (v.verdict === 'offline') {
    const note = `The build was not validated: mint validate needs the network (it said: ${external(v.said, 200)}).`
    core.notice(note)
    notes.push(note)
  } else
    return [
      ...site.problems,
      {
        rule: 'build',
        file: config,
        message: `mint validate failed: ${external(v.verdict === 'invalid' ? v.said : v.why, 300)}`,
      },
    ]
  return site.problems
}

/**
 * This mode as jobs.ts runs it: its run, and the analytics requests it may send: none (the check
 * asks the service nothing; its fix sends one follow-up).
 */
export const job: Job<CheckSettings> = { run, analyticsBudget: () => 0 }
