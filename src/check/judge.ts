import { join } from 'node:path'
import { filesAlone } from './pages.js'
import type { PullPage } from '../site/pull-pages.js'
import { type TreeCache, type TreeChecker, withoutValidate } from './tree-cache.js'
import { docsRelativePath, redirectsOf } from '../site/addresses.js'
import { MAX_LISTED_FILES, buildBase, buildFromNames, checkedOut, listingMayBeCut, pageChanges } from './base-tree.js'
import { addressProblems, namesOnlyLister, oldNames } from './address-problems.js'
import type { SiteCheck } from './check-site.js'
import type { Problem } from './cli-output.js'
import { type SiteConfig, configurationFiles, siteConfig } from './docs-folder.js'
import type { OpenApiLister } from './mint-cli.js'
import { type Judged, type PlacedProblem, judge, unsureOnWarning } from './new-known.js'
import { type BothTrees, configInputs, mayBeApiDocument, unconfirmed } from './confirm-known.js'
import { type CopyWithin, readText, treeFile } from './tree-copy.js'
import type { ChangedFile, PullChange } from '../github/change.js'
import type { GitHubPort, Repo } from '../github/port.js'
import type { Check } from '../inputs/parsers.js'
import type { CheckSettings } from './inputs.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatDuration, formatNumber } from '../util/format.js'
import { external } from '../util/text.js'
import type { ModeContext } from '../modes/context.js'

/** The check's judging: what its phases share, and the head judged against its base. mode.ts runs it. */

/** A phase of the run, named in the error when wait-timeout ends it. */
export class TimedOut extends Error {}

/** What every phase of one run shares. */
export interface CheckRun {
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
  /** Where the copies' links may lead (the repository), and the folders never copied (the run's own). */
  within: CopyWithin
  /** Runs `work` bounded by wait-timeout and cancelling, naming `what` when time is up. */
  bounded: <T>(what: string, work: () => Promise<T>) => Promise<T>
  stop: AbortSignal
}

/** What the check found: its problems judged, or no verdict. */
export type Found =
  | {
      judged: Judged[]
      outside: number
      changed?: ReadonlySet<string>
      notes: string[]
      /** Why the head was not compared with its whole base (said as a warning), where it was not. */
      uncompared?: string
      /** The pages of the pull request (pull-pages.ts), where its files were listed. */
      pages?: PullPage[]
      /** The pull request's files as GitHub lists them, each with its patch, where the base was compared. */
      files?: ChangedFile[]
    }
  | { unreadable: string }

/** The site's problems with validate's verdict: a failing build is a problem, no network a note. */
export function withValidation(site: SiteCheck, config: SiteConfig, notes: string[]): Problem[] {
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

/** Each thing the CLI warned of on a tree: a warning annotation, and a line in the summary. */
export function sayWarnings(label: string, site: SiteCheck, notes: string[]): void {
  for (const warning of site.warnings ?? []) {
    const said = `The Mintlify CLI warned on the ${label}: ${external(warning, 300)}`
    core.warning(said)
    notes.push(said)
  }
  if (label !== 'base' && site.snippetsUnknown !== undefined) {
    const said =
      `Whether a broken link's anchor is a heading of a snippet its page shows could not be told ` +
      `(${external(site.snippetsUnknown, 200)}): each such link counts as the CLI reports it.`
    core.info(said)
    notes.push(said)
  }
  const left = label === 'base' ? [] : (site.inSnippets ?? [])
  if (left.length === 0) return
  const named = left
    .slice(0, SNIPPET_ANCHORS_NAMED)
    .map((p) => `${external(p.target, 120)} in ${external(p.file, 200)}`)
  const more = left.length > named.length ? `, and ${formatNumber(left.length - named.length)} more` : ''
  const said =
    `${count(left.length, 'link')} the CLI reported broken ${left.length === 1 ? 'leads' : 'lead'} to a heading of a ` +
    `snippet shown on ${left.length === 1 ? 'its page' : 'their pages'}, which the CLI does not read: not counted ` +
    `(${named.join(', ')}${more}).`
  core.info(said)
  notes.push(said)
}

/** How many of the links to a snippet's heading the note names. */
const SNIPPET_ANCHORS_NAMED = 5

/** What judging a head against its base is given: how to check a tree, the head, and the pull request's files. */
interface Judging {
  checkTree: TreeChecker
  cache: TreeCache
  headTree: string
  files: ChangedFile[]
  changed: ReadonlySet<string>
  notes: string[]
  placedOf: (site: SiteCheck, tree: string) => PlacedProblem[]
  listOpenApi: OpenApiLister
}

/**
 * The head judged against its base: the base rebuilt, then restored from the cache or checked beside
 * the head (stopped if the head has no problem); each head problem new, known, or unsure.
 */
export async function judgeAgainstBase(run: CheckRun, given: Judging): Promise<Found> {
  const { pull, settings, docsFolder } = run
  const { checkTree, cache, headTree, files, changed, notes, placedOf, listOpenApi } = given
  if (!pull) return { unreadable: 'not a pull request' }
  const base = await rebuildBase(run, files)
  // the base's own configuration (its mint.json too), read before the CLI writes a docs.json there
  const baseConfig = base.ok ? configText(base.tree) : undefined
  const early = new AbortController()
  const baseChecks = withoutValidate(settings.check.checks)
  // the cache is read before any CLI runs; a base of names alone is for its addresses, not the CLI
  const whole = base.ok && base.namesOnly === undefined
  const known = base.ok && whole ? await restoredBase(cache, base.tree, baseChecks, notes) : undefined
  const baseCheck =
    !base.ok || !whole || !known
      ? undefined
      : known.kept
        ? Promise.resolve<SiteCheck>(known.kept)
        : checkTree('base', base.tree, baseChecks, early.signal).then((site) => {
            if (known.key !== undefined) cache.keep(known.key, site)
            return site
          })
  // a base that is not needed after all (the head has no problem) may fail as it is stopped
  baseCheck?.catch(() => undefined)
  const head = await checkTree('head', headTree, settings.check.checks)
  if (head.unreadable || head.problems.length === 0) early.abort()
  if (head.unreadable) return { unreadable: head.unreadable }
  sayWarnings('head', head, notes)
  const placed = placedOf(head, headTree)
  // said whatever the head has: a pull request its base was not compared with never "breaks nothing"
  const uncompared = notCompared(pull.number, base)
  if (uncompared !== undefined) core.warning(uncompared)
  // what readers reach at the base's addresses needs no CLI: judged whether or not the head has problems
  const {
    judged: addresses,
    pages,
    configs,
    uncomparable,
  } = base.ok
    ? await addressProblems(run, {
        baseTree: base.tree,
        baseConfig,
        headTree,
        files,
        listOpenApi: base.namesOnly === undefined ? listOpenApi : namesOnlyLister,
        notes,
      })
    : {
        judged: [],
        pages: filesAlone(run, files, headTree),
        configs: { base: undefined, head: undefined },
        uncomparable: undefined,
      }
  // pages the check cannot compare give no pass
  if (uncomparable !== undefined) return { unreadable: `${uncomparable}.` }
  const allNew = {
    judged: [...placed.map((problem): Judged => ({ problem, status: 'new' })), ...addresses],
    outside: 0,
    notes,
    changed,
    pages,
    files,
    ...(uncompared !== undefined ? { uncompared } : {}),
  }
  if (placed.length === 0 || !baseCheck || !base.ok) return allNew
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
    const said = `The base of pull request #${pull.number} could not be checked (${baseSite.unreadable}): every problem counts as new.`
    core.warning(said)
    return { ...allNew, uncompared: said }
  }
  if (!known?.kept) sayWarnings('base', baseSite, notes)
  const oldName = oldNames(files, docsFolder)
  const judgedAgainst = (site: SiteCheck): Judged[] =>
    judge(placed, placedOf(site, base.tree), oldName, pageChanges(files, docsFolder))
  let judgedPlaced = judgedAgainst(baseSite)
  // a base restored from the cache saves work and never decides: what it would excuse, the base's
  // own files confirm, or the CLI checks the base
  if (known?.kept) {
    const trees = bothTrees(run, { files, baseTree: base.tree, headTree, configs, oldName })
    const doubtful = unconfirmed(judgedPlaced, trees)
    if (doubtful.length > 0) {
      const checked = await confirmedByCli(run, checkTree, base.tree, baseChecks, doubtful, notes)
      if (checked.unreadable) {
        const said = `The base of pull request #${pull.number} could not be checked (${checked.unreadable}): every problem counts as new.`
        core.warning(said)
        return { ...allNew, uncompared: said }
      }
      baseSite = checked
      judgedPlaced = judgedAgainst(baseSite)
    }
  }
  const judged = [...judgedPlaced, ...addresses]
  // what the CLI warned of on the head alone (a remote OpenAPI document it could not fetch this
  // time) may break links the pull request never wrote: unsure, never new
  const headOnly = (head.warnings ?? []).filter((w) => !(baseSite.warnings ?? []).includes(w))
  if (headOnly.length === 0) return { judged, outside: 0, notes, changed, pages, files }
  const weighed = unsureOnWarning(judged, (file) => linesOf(join(base.tree, oldName(file))))
  const unsure = weighed.filter((j) => j.status === 'unsure').length
  if (unsure > 0)
    notes.push(
      `The CLI warned on the head and not on its base (${external(headOnly.join('; '), 300)}): ` +
        `${count(unsure, 'broken link')} this pull request did not write may come from that warning, ` +
        `not from the pull request, so the verdict for ${unsure === 1 ? 'it' : 'them'} is unsure: listed, not failing.`,
    )
  return { judged: weighed, outside: 0, notes, changed, pages, files }
}

/** The base looked up in the runner's cache, and said where it was there. */
async function restoredBase(
  cache: TreeCache,
  tree: string,
  checks: ReadonlySet<Check>,
  notes: string[],
): ReturnType<TreeCache['lookup']> {
  const known = await cache.lookup(tree, checks)
  if (known.kept) {
    core.info(`The base's problems restored from the runner's cache (${known.key}): the CLI checks the head only.`)
    notes.push(
      "The base was checked before: its problems came from the runner's cache, and the CLI checked the head only.",
    )
  }
  return known
}

/** Why the head is not compared with its whole base, where it is not: the base not had, or had by names alone. */
function notCompared(
  pull: number,
  base: { ok: true; namesOnly?: string } | { ok: false; why: string },
): string | undefined {
  if (!base.ok)
    return (
      `The base of pull request #${pull} could not be checked (${base.why}): every problem counts as ` +
      `new, and the addresses it served were not compared.`
    )
  if (base.namesOnly === undefined) return undefined
  return (
    `The base of pull request #${pull} was not checked by the CLI (${base.namesOnly}): its addresses were ` +
    `compared by its pages' names, and every problem the CLI finds on the head counts as new.`
  )
}

/** A tree's configuration text (docs.json, else mint.json); undefined where it has neither. */
function configText(tree: string): string | undefined {
  const name = siteConfig(tree)
  return name === undefined ? undefined : readText(join(tree, name))
}

/** A file's lines, each trimmed (as a problem's lineText); undefined where there is no such file. */
function linesOf(file: string): ReadonlySet<string> | undefined {
  const text = readText(file)
  return text === undefined ? undefined : new Set(text.split('\n').map((l) => l.trim()))
}

/** The commit the base's files come from, asked of GitHub once a run (a checkout of the head needs its merge base). */
const baseRefs = new WeakMap<CheckRun, Promise<string | undefined>>()

/**
 * The commit the pull request's base files come from: the base commit where the checkout is the
 * merge commit (its default: its files outside the pull request are the base's), the merge base
 * where it is the head itself. Undefined where the payload names none.
 */
export function baseRef(run: CheckRun, pull: PullChange): Promise<string | undefined> {
  let ref = baseRefs.get(run)
  if (!ref) {
    const { ctx, settings, docsFolder } = run
    ref = (async () =>
      checkedOut(ctx.run.workspace, docsFolder) === pull.headSha
        ? (await ctx.github(settings.check.token)).mergeBase(
            { owner: ctx.run.owner, repo: ctx.run.repo },
            pull.baseSha || pull.baseRef,
            pull.headSha,
          )
        : pull.baseSha || undefined)()
    baseRefs.set(run, ref)
  }
  return ref
}

/** The pull request's base as a tree of its own, or why it cannot be had. */
async function rebuildBase(
  run: CheckRun,
  changed: ChangedFile[],
): Promise<{ ok: true; tree: string; namesOnly?: string } | { ok: false; why: string }> {
  const { settings, ctx, pull, docsFolder, folder, work, within } = run
  if (!pull) return { ok: false, why: 'not a pull request' }
  const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
  try {
    const api = await ctx.github(settings.check.token)
    const ref = await baseRef(run, pull)
    if (!ref) return { ok: false, why: 'the payload names no base commit' }
    const tree = join(work, 'base')
    if (listingMayBeCut(changed)) return await baseFromGitTree({ api, repo, ref, docsFolder, tree })
    const built = await buildBase({
      api,
      repo,
      ref,
      docs: folder,
      docsFolder,
      files: changed,
      to: tree,
      within,
    })
    if (!built.ok) return { ok: false, why: built.why }
    if (built.namesOnly !== undefined) return { ok: true, tree, namesOnly: built.namesOnly }
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

/** The base by its file names (one request), where GitHub's files listing may be cut: enough for its addresses. */
async function baseFromGitTree(options: {
  api: Pick<GitHubPort, 'treePaths' | 'fileAt'>
  repo: Repo
  ref: string
  docsFolder: string
  tree: string
}): Promise<{ ok: true; tree: string; namesOnly: string } | { ok: false; why: string }> {
  const { api, repo, ref, docsFolder, tree } = options
  const listed = await api.treePaths(repo, ref)
  if (!listed || listed.truncated)
    return {
      ok: false,
      why: `GitHub lists at most ${formatNumber(MAX_LISTED_FILES)} files of a pull request, and the base's git tree could not be listed whole either`,
    }
  const names = listed.paths.flatMap((path) => {
    const at = docsRelativePath(docsFolder, path)
    return at !== undefined && /\.mdx?$/i.test(at) ? [at] : []
  })
  await buildFromNames({ api, repo, ref, docsFolder, names, to: tree })
  return {
    ok: true,
    tree,
    namesOnly: `GitHub lists at most ${formatNumber(MAX_LISTED_FILES)} files of a pull request, and this one lists that many: the base's pages were named by its git tree`,
  }
}

/** The files the pull request changes, as GitHub lists them; undefined (and a warning) where it will not. */
export async function pullFiles({ settings, ctx }: CheckRun, pull: PullChange): Promise<ChangedFile[] | undefined> {
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

/** What confirming a restored base's verdict reads of the pull request and its two trees (confirm-known.ts). */
function bothTrees(
  { docsFolder }: CheckRun,
  given: {
    files: readonly ChangedFile[]
    baseTree: string
    headTree: string
    configs: { base: string | undefined; head: string | undefined }
    oldName: (file: string) => string
  },
): BothTrees {
  const { files, baseTree, headTree, configs } = given
  const local = (path: string | undefined): string[] => {
    const at = path === undefined ? undefined : docsRelativePath(docsFolder, path)
    return at === undefined ? [] : [at]
  }
  const changed = new Set(files.flatMap((f) => [...local(f.filename), ...local(f.previousFilename)]))
  const configuration = configurationFiles(headTree)
  const lines = new Map<string, ReadonlySet<string> | undefined>()
  const base = configInputs(configs.base)
  const head = configInputs(configs.head)
  return {
    changed,
    oldName: given.oldName,
    baseLines: (file) => {
      if (!lines.has(file)) lines.set(file, linesOf(join(baseTree, file)))
      return lines.get(file)
    },
    headText: treeFile(headTree),
    sameOnBase: (file) => {
      const head = readText(join(headTree, file))
      return head !== undefined && head === readText(join(baseTree, given.oldName(file)))
    },
    redirects: { base: redirectsOf(configs.base), head: redirectsOf(configs.head) },
    siteSame:
      readText(join(baseTree, '.mintignore')) === readText(join(headTree, '.mintignore')) &&
      base.openapi === head.openapi &&
      ![...changed].some((file) => mayBeApiDocument(file, configuration)),
    coloursSame: base.colours === head.colours,
  }
}

/**
 * The base checked by the CLI after all: its restored verdict would excuse problems its own files do
 * not confirm. Said, with what it cost: the CLI's run that the cache would have saved.
 */
async function confirmedByCli(
  { pull, ctx }: CheckRun,
  checkTree: TreeChecker,
  tree: string,
  checks: ReadonlySet<Check>,
  doubtful: ReadonlyArray<{ problem: PlacedProblem; why: string }>,
  notes: string[],
): Promise<SiteCheck> {
  const [first] = doubtful
  const started = ctx.clock.now()
  const site = await checkTree('base', tree, checks)
  const said =
    `${count(doubtful.length, 'problem')} of the head the base restored from the runner's cache would excuse ` +
    `${doubtful.length === 1 ? 'is' : 'are'} not confirmed by the base's own files` +
    `${first ? ` (${first.problem.path}${first.problem.line ? `:${first.problem.line}` : ''}: ${first.why})` : ''}: ` +
    `the CLI checked the base too, as without the cache (${formatDuration(ctx.clock.now() - started)}).`
  core.info(said)
  notes.push(said)
  if (pull && site.unreadable === undefined) sayWarnings('base', site, notes)
  return site
}
