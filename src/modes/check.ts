import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { type SiteCheck, checkSite } from '../check/check-site.js'
import { type Ran, StoppedError, runProgram } from '../check/child-process.js'
import { type Problem, plainLines } from '../check/cli-output.js'
import { docsRelativePath, findDocsFolder, repositoryPath } from '../check/docs-site.js'
import { buildBase, checkedOut, pageChanges } from '../check/base-tree.js'
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
import { checkEnding, forTheAgent, recordProblems } from './check-report.js'
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
    const checkTree = treeChecker(checkRun, cli)
    const headTree = join(work, 'head')
    copySite(folder, headTree, [work])
    const head = await checkTree(pull ? 'head' : 'docs', headTree, checks)
    if (head.unreadable) return failure(`${head.unreadable} Nothing is known; the CLI's output is in the log.`)
    const notes: string[] = []
    const placed = placeAll(withValidation(head, config, notes), folder, docs.relative, config)
    const { judged, outside } = await judgeProblems(checkRun, placed, head, checkTree)
    const outcome = { ...checkRun, judged, outside, notes }
    recordProblems(outcome)
    const fixed = await fixOnAgentPull(settings, ctx, pull, forTheAgent(judged))
    if (fixed)
      notes.push(
        fixed.sent
          ? `Sent to the agent's job ${fixed.jobId} as fix round ${fixed.round} of ` +
              `${fixed.rounds}: its next push is checked again.`
          : fixed.why,
      )
    return checkEnding(outcome)
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

type TreeChecker = (label: string, tree: string, which: ReadonlySet<Check>) => Promise<SiteCheck>

/** Checks one copy of the docs: pages left out first, then the CLI, each run bounded and logged. */
function treeChecker({ settings, config, work, bounded, stop }: CheckRun, cli: Cli): TreeChecker {
  const preload = join(work, 'wide-output.cjs')
  writeFileSync(preload, WIDE_OUTPUT)
  const excluded = excluder(settings.check.exclude)
  return async (label, tree, which) => {
    if (excluded) {
      const left = leaveOut(tree, excluded)
      if (left > 0) core.info(`${count(left, 'page')} left out of the ${label} (exclude).`)
    }
    const width = outputWidth(tree)
    const mint = (args: string[], columns = width): Promise<Ran> =>
      bounded(`mint ${args[0] ?? ''} on the ${label}`, async () => {
        const env = cliEnvironment(process.env, { preload, columns })
        const ran = await runProgram(process.execPath, [cli.entry, ...args], { cwd: tree, env, stop })
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

/**
 * The head's problems as the scope says: every one new (all, or no pull request); those of the
 * pull request's files (changed); or judged against the base (new), which is checked only when the
 * head has a problem.
 */
async function judgeProblems(
  run: CheckRun,
  placed: PlacedProblem[],
  head: SiteCheck,
  checkTree: TreeChecker,
): Promise<{ judged: Judged[]; outside: number }> {
  const all = { judged: placed.map((problem): Judged => ({ problem, status: 'new' })), outside: 0 }
  const { pull, scope } = run
  if (!pull || scope === 'all' || (scope === 'new' && placed.length === 0)) return all
  const files = await pullFiles(run, pull)
  if (!files) return all
  if (scope === 'new')
    return { judged: (await compareWithBase(run, files, placed, head, checkTree)) ?? all.judged, outside: 0 }
  const changed = new Set(files.flatMap((f) => [f.filename, ...(f.previousFilename ? [f.previousFilename] : [])]))
  // the site's build and colours belong to no page: never left out
  const kept = placed.filter((p) => changed.has(p.path) || p.rule === 'build' || p.rule === 'contrast')
  core.info(`Pull request #${pull.number} changes ${count(files.length, 'file')}: only their problems are reported.`)
  return { judged: kept.map((problem) => ({ problem, status: 'new' })), outside: placed.length - kept.length }
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

/** The head's problems judged against the base's; undefined (every problem new) when the base cannot be had. */
async function compareWithBase(
  { settings, ctx, pull, docsFolder, folder, config, work }: CheckRun,
  changed: ChangedFile[],
  placedHead: PlacedProblem[],
  headCheck: SiteCheck,
  checkTree: TreeChecker,
): Promise<Judged[] | undefined> {
  if (!pull) return undefined
  const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
  const cannot = (why: string): undefined => {
    core.warning(`The base of pull request #${pull.number} could not be checked (${why}): every problem counts as new.`)
    return undefined
  }
  try {
    const api = await ctx.github(settings.check.token)
    // the default checkout is the merge commit (its files outside the pull request are the base's);
    // a checkout of the head has the merge base's
    const ref =
      checkedOut(ctx.run.workspace, docsFolder) === pull.headSha
        ? await api.mergeBase(repo, pull.baseSha || pull.baseRef, pull.headSha)
        : pull.baseSha
    if (!ref) return cannot('the payload names no base commit')
    const baseTree = join(work, 'base')
    const built = await buildBase({
      api,
      repo,
      ref,
      docs: folder,
      docsFolder,
      files: changed,
      to: baseTree,
      skip: [work],
    })
    if (!built.ok) return cannot(built.why)
    core.info(
      `The base (${ref.slice(0, 7)}): the checked-out docs with ` +
        `${count(built.fetched, 'file')} of pull request #${pull.number} as the base has ` +
        `${built.fetched === 1 ? 'it' : 'them'} (one contents request each).`,
    )
    // validate costs the network and seconds: on the base only when the head's build fails
    const baseChecks = new Set(
      [...settings.check.checks].filter((c) => c !== 'validate' || headCheck.validation?.verdict === 'invalid'),
    )
    const base = await checkTree('base', baseTree, baseChecks)
    if (base.unreadable) return cannot(base.unreadable)
    const baseConfig = siteConfig(baseTree) ?? config
    const basePlaced = placeAll(withValidation(base, baseConfig, []), baseTree, docsFolder, baseConfig)
    const renamed = new Map(
      changed
        .filter((f) => f.status === 'renamed' && f.previousFilename)
        .map((f) => [f.filename, f.previousFilename ?? '']),
    )
    const oldName = (file: string): string => {
      const before = renamed.get(repositoryPath(docsFolder, file))
      return before === undefined ? file : (docsRelativePath(docsFolder, before) ?? before)
    }
    return judge(placedHead, basePlaced, oldName, pageChanges(changed, docsFolder))
  } catch (error) {
    if (error instanceof CancelledError || error instanceof TimedOut) throw error
    return cannot(external(getErrorMessage(error), 300))
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
