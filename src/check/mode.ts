import { mkdtempSync, rmSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { checkedOut, eitherSideReads, listingMayBeCut, siteChanges } from './base-tree.js'
import type { SiteCheck } from './check-site.js'
import { StoppedError } from './child-process.js'
import { cliMemory, limiter, thisRunner } from './cli-slots.js'
import { configurationFiles, findDocsFolder, siteConfig } from './docs-folder.js'
import type { Judged, PlacedProblem } from './new-known.js'
import { onTheHead, placeAll } from './place-problems.js'
import {
  type LeftOut,
  PAGE_BUDGET,
  copySite,
  neverMatches,
  pagesOverBudget,
  sizeOfPages,
  treeFile,
} from './tree-copy.js'
import { repositoryPath } from '../site/addresses.js'
import { type PullChange, readChangeEvent } from '../github/change.js'
import { type CheckSettings, READ_WITH } from './inputs.js'
import { renderCheckSummary } from './summary.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatDuration, formatMegabytes } from '../util/format.js'
import { external } from '../util/text.js'
import { work } from '../util/work.js'
import {
  type CheckRun,
  type Found,
  TimedOut,
  baseRef,
  judgeAgainstBase,
  pullFiles,
  sayWarnings,
  withValidation,
} from './judge.js'
import { type TreeCache, type TreeChecker, cachedChecker, treeCache } from './tree-cache.js'
import { fixOnAgentPull, fixedNote } from './fix.js'
import { offerFixes } from './offer-fixes.js'
import { InstallFailed, OutOfMemory, cliRuns, installCli, openApiLister, sayMemory, treeChecker } from './cli-runs.js'
import type { OpenApiLister } from './mint-cli.js'
import { weighByReaders } from './weigh.js'
import { filesAlone } from './pages.js'
import { checkEnding, forTheAgent, publishCheckRun, recordProblems } from './report.js'
import type { Job, ModeContext, Report } from '../modes/context.js'

/**
 * `check`: the docs checked by the real Mintlify CLI. On a pull request the head is judged against
 * its base (checked beside it, or from the runner's cache) and only what the pull request broke fails
 * the step, anywhere in the site and at the addresses readers use. The CLI's output is read, never
 * its exit code alone. No API key. Its phases: find the docs, install the CLI (cli-runs.ts), check
 * and judge (judge.ts), weigh by readers (weigh.ts), report (report.ts), the agent's fix (fix.ts).
 */

export async function run(settings: CheckSettings, ctx: ModeContext): Promise<Report> {
  const { checks } = settings.check
  for (const name of settings.unapplied)
    core.warning(`Input "${name}" is read only ${READ_WITH[name] ?? 'with fix: true'}, so it was ignored.`)
  for (const [glob, why] of settings.check.exclude.map((g) => [g, neverMatches(g)] as const))
    if (why) core.warning(`Input "exclude" holds ${JSON.stringify(glob)}, which can never match a page: ${why}.`)
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
  const folderOfWork = mkdtempSync(join(ctx.dir, 'mintlify-check-'))
  const checkRun: CheckRun = {
    settings,
    ctx,
    docsFolder: docs.relative,
    folder,
    config,
    pull,
    scope: pull ? settings.check.scope : 'all',
    work: folderOfWork,
    within: { repository: ctx.run.workspace, skip: [folderOfWork, ...runnerTemp(folder)] },
    ...boundedBy(ctx),
  }
  // its own work over what the pull request holds stops at wait-timeout too (util/work.ts)
  work.stopAt({
    now: () => ctx.clock.now(),
    at: ctx.deadline,
    stopped: () =>
      new TimedOut(
        `The check's own reading of the docs did not finish within wait-timeout ` +
          `(${formatDuration(ctx.deadline - ctx.started)}): it was stopped.`,
      ),
  })
  try {
    const cli = await installCli(checkRun)
    const pageBytes = sizeOfPages(folder)
    const memory = cliMemory(pageBytes, thisRunner())
    sayMemory(memory, pageBytes)
    const runs = cliRuns(checkRun, cli, memory, limiter(memory.slots))
    const found = await checkAndJudge(checkRun, treeChecker(checkRun, runs), openApiLister(checkRun, runs))
    if ('unreadable' in found) return failure(`${found.unreadable} Nothing is known; the CLI's output is in the log.`)
    // at the head's lines, where the checkout is another commit (the merge commit, checkout's default)
    const at = checkedOut(ctx.run.workspace, docs.relative)
    const onHead =
      pull && at && at !== pull.headSha
        ? await onTheHead(found.judged, async () =>
            (await ctx.github(settings.check.token)).compare(ctx.run, pull.headSha, at),
          )
        : { judged: found.judged }
    if (onHead.note !== undefined) found.notes.push(onHead.note)
    // weighed on a pull request alone: a push's check keeps its tree's problems for the pull requests
    // against it, and spends none of the hour's analytics requests
    const weighed = pull
      ? await weighByReaders(settings, ctx, { judged: onHead.judged, notes: found.notes, folder, listed: found.pages })
      : { judged: onHead.judged }
    const outcome = { ...checkRun, ...found, ...weighed, ...(onHead.differing ? { differing: onHead.differing } : {}) }
    recordProblems(outcome)
    // the fixes it knows, on the pull request (suggested changes, a patch), and to the agent on its own
    const fixes = await offerFixes(outcome)
    const fixed = await fixOnAgentPull(settings, ctx, pull, forTheAgent(outcome.judged, outcome.changed))
    if (fixed) found.notes.push(fixedNote(fixed))
    const ended = { ...outcome, ...(fixes ? { fixes } : {}) }
    const report = checkEnding(ended)
    const shown = await publishCheckRun(ended, report)
    return shown ? checkEnding({ ...ended, checkRun: shown }) : report
  } catch (error) {
    if (error instanceof CancelledError || ctx.signal.aborted) throw new CancelledError()
    if (error instanceof TimedOut || error instanceof InstallFailed || error instanceof OutOfMemory)
      return failure(error.message)
    return failure(`Could not run the Mintlify CLI: ${getErrorMessage(error)}`)
  } finally {
    work.stopAt(undefined)
    rmSync(folderOfWork, { recursive: true, force: true })
  }
}

/**
 * The runner's temporary folder, where the docs folder is not inside it: links into it are never
 * followed (the check's own files, the checkout's credentials are there). Unset (a run by hand): none.
 */
function runnerTemp(folder: string): string[] {
  const temp = process.env.RUNNER_TEMP
  if (!temp) return []
  const from = relative(resolve(temp), resolve(folder))
  return from === '' || (!from.startsWith('..') && !isAbsolute(from)) ? [] : [temp]
}

/** What the copy of the docs left out (tree-copy.ts), in one note: each by its path and why. */
function leftOutNote(leftOut: readonly LeftOut[]): string {
  const named = leftOut.slice(0, 10).map((l) => `${external(l.path, 200)} (${l.why})`)
  const more = leftOut.length > named.length ? ` and ${count(leftOut.length - named.length, 'more')}` : ''
  return (
    `${count(leftOut.length, 'file')} of the docs ${leftOut.length === 1 ? 'was' : 'were'} left out of the check's ` +
    `copy, so neither the CLI nor the check reads or writes ${leftOut.length === 1 ? 'it' : 'them'}: ${named.join('; ')}${more}.`
  )
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

/**
 * The head's problems as the scope says: every one new (all), those of the pull request's files
 * (changed), or judged against the base (new; the head itself where no file the site reads changed).
 */
async function checkAndJudge(run: CheckRun, checkTree: TreeChecker, listOpenApi: OpenApiLister): Promise<Found> {
  const cache = treeCache(run)
  const found = await judgeSite(run, checkTree, cache, listOpenApi)
  await cache.saveAll()
  return 'unreadable' in found ? found : withPagesOverBudget(run, found)
}

/**
 * The head's pages over the most the check reads itself (PAGE_BUDGET): named in a note; each the
 * pull request changed a problem, new (the CLI checked it, but the check could not place its links
 * at their lines, follow its imports, nor confirm what the base had).
 */
function withPagesOverBudget(run: CheckRun, found: Exclude<Found, { unreadable: string }>): Found {
  const over = pagesOverBudget(join(run.work, 'head'))
  if (over.length === 0) return found
  const path = (file: string): string => repositoryPath(run.docsFolder, file)
  const budget = formatMegabytes(PAGE_BUDGET)
  const changed = run.pull && found.changed ? over.filter((o) => found.changed?.has(path(o.file))) : []
  const named = over.slice(0, 10).map((o) => `${external(path(o.file), 200)}, ${formatMegabytes(o.bytes)}`)
  const more = over.length > named.length ? ` and ${count(over.length - named.length, 'more')}` : ''
  const note =
    `${count(over.length, 'page')} over the ${budget} a page the check reads itself (${named.join('; ')}${more}): ` +
    `the CLI checked ${over.length === 1 ? 'it' : 'them'}, but ${over.length === 1 ? 'its' : 'their'} broken links ` +
    `stay at ${over.length === 1 ? 'its file' : 'their files'}, not at their lines, and ${over.length === 1 ? 'its' : 'their'} ` +
    `imports are not followed.${changed.length > 0 ? ` This pull request changes ${count(changed.length, 'of them', 'of them')}: a problem.` : ''}`
  core.notice(note)
  const problems = changed.map((o): Judged => ({
    problem: {
      rule: 'too-large',
      file: o.file,
      path: path(o.file),
      message:
        `${o.file} is ${formatMegabytes(o.bytes)}, over the ${budget} a page the check reads itself: its ` +
        `links cannot be placed nor its imports followed. Split it into pages under ${budget}.`,
    },
    status: 'new',
  }))
  return { ...found, judged: [...found.judged, ...problems], notes: [...found.notes, note] }
}

async function judgeSite(
  run: CheckRun,
  checkTree: TreeChecker,
  cache: TreeCache,
  listOpenApi: OpenApiLister,
): Promise<Found> {
  const { pull, scope, settings, folder, docsFolder, work } = run
  const notes: string[] = []
  const headTree = join(work, 'head')
  const leftOut = copySite(folder, headTree, run.within)
  if (leftOut.length > 0) {
    const note = leftOutNote(leftOut)
    core.notice(note)
    notes.push(note)
  }
  const cached = cachedChecker(cache, checkTree)
  const files = pull && scope !== 'all' ? await pullFiles(run, pull) : undefined
  const changed = files
    ? new Set(files.flatMap((f) => [f.filename, ...(f.previousFilename ? [f.previousFilename] : [])]))
    : undefined
  // a failing build is the site's configuration's, as the site has it (the CLI writes a docs.json
  // into its copy of a site on mint.json)
  const placedOf = (site: SiteCheck, tree: string): PlacedProblem[] =>
    placeAll(withValidation(site, run.config, tree === headTree ? notes : []), tree, docsFolder, run.config)

  if (!pull || !files || scope === 'all') {
    // outside a pull request the tree checked may be a base of the next ones: kept for them
    const head = pull
      ? await checkTree('head', headTree, settings.check.checks)
      : await cached('docs', headTree, settings.check.checks, notes)
    if (head.unreadable) return { unreadable: head.unreadable }
    sayWarnings(pull ? 'head' : 'docs', head, notes)
    const judged = placedOf(head, headTree).map((problem): Judged => ({ problem, status: 'new' }))
    // GitHub did not list the pull request's files (pullFiles warned): the base was not compared
    const uncompared =
      pull && scope !== 'all'
        ? `GitHub did not list the files pull request #${pull.number} changes: its base was not compared, and every problem counts as new.`
        : undefined
    return { judged, outside: 0, notes, ...(uncompared !== undefined ? { uncompared } : {}) }
  }
  if (scope === 'changed') {
    const head = await checkTree('head', headTree, settings.check.checks)
    if (head.unreadable) return { unreadable: head.unreadable }
    sayWarnings('head', head, notes)
    const placed = placedOf(head, headTree)
    // the site's build and colours belong to no page: never left out
    const kept = placed.filter((p) => changed?.has(p.path) || p.rule === 'build' || p.rule === 'contrast')
    core.info(`Pull request #${pull.number} changes ${count(files.length, 'file')}: only their problems are reported.`)
    const judged = kept.map((problem): Judged => ({ problem, status: 'new' }))
    const pages = filesAlone(run, files, headTree)
    return { judged, outside: placed.length - kept.length, notes, pages, ...(changed ? { changed } : {}) }
  }
  // a listing GitHub may have cut proves nothing of the files it does not list; the base's
  // .mintignore counts as much as the head's (the pull request's own cannot hide a change)
  if (
    !listingMayBeCut(files) &&
    siteChanges(
      files,
      docsFolder,
      eitherSideReads(
        { head: treeFile(folder)('.mintignore'), base: await baseMintignore(run, pull) },
        configurationFiles(folder),
      ),
    ).length === 0
  ) {
    // the head's docs are the base's: every problem was there before
    notes.push(
      `Pull request #${pull.number} changes no file the site reads (${count(files.length, 'file')}, none ` +
        `of them pages, snippets, configuration, OpenAPI documents or images): its docs are its base's, so ` +
        `the head alone was checked and each problem is known.`,
    )
    const head = await cached('head', headTree, settings.check.checks, notes)
    if (head.unreadable) return { unreadable: head.unreadable }
    sayWarnings('head', head, notes)
    const judged = placedOf(head, headTree).map((problem): Judged => ({ problem, status: 'known' }))
    return { judged, outside: 0, notes, pages: [], ...(changed ? { changed } : {}) }
  }
  return judgeAgainstBase(run, {
    checkTree,
    cache,
    headTree,
    files,
    changed: changed ?? new Set(),
    notes,
    placedOf,
    listOpenApi,
  })
}

/**
 * The base's .mintignore (one contents request; none where it has none). Where it cannot be read,
 * the base is taken to ignore nothing but Mintlify's defaults: the shortcut is then taken less often.
 */
async function baseMintignore(run: CheckRun, pull: PullChange): Promise<string | undefined> {
  const { settings, ctx, docsFolder } = run
  try {
    const ref = await baseRef(run, pull)
    if (!ref) return undefined
    const api = await ctx.github(settings.check.token)
    const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
    const bytes = await api.fileAt(repo, repositoryPath(docsFolder, '.mintignore'), ref)
    return bytes ? Buffer.from(bytes).toString('utf8') : undefined
  } catch (error) {
    if (error instanceof CancelledError) throw error
    core.info(`The base's .mintignore could not be read (${external(getErrorMessage(error), 200)}): taken as none.`)
    return undefined
  }
}

/** This mode as jobs.ts runs it: with api-key and project-id, one page-views request; else none. */
export const job: Job<CheckSettings> = {
  run,
  analyticsBudget: (settings) => (typeof settings.check.views === 'object' ? 1 : 0),
}
