import * as core from '../util/actions-core.js'
import { docsRootOf, figuresOf, keptWeeks, pagesOfFiles, pathsFor, weeksCounted, weeksToRead } from './impact.js'
import { VIEWS_PAGE_SIZE, readImpactWeek } from './impact-weeks.js'
import { weekOf } from './weeks.js'
import type { ImpactState } from './memory.js'
import { type GitHubPort, type MergedPull, type Repo, fullName } from '../github/port.js'
import { decodeState } from '../tracking/state.js'
import { pullKey } from '../github/pull-link.js'
import type { HealthSettings } from './inputs.js'
import type { ImpactMeasured } from './impact-report.js'
import type { GapRecord } from './gaps.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatNumber } from '../util/format.js'
import { external } from '../util/text.js'
import type { ModeContext } from '../modes/context.js'

/**
 * The health action's "did the docs change help?" (impact: on). Each run lists the docs pull requests
 * merged in the trend's weeks, turns the new ones' files into pages, and reads the weeks their windows
 * lack, newest first, within what the health run leaves it. Once both windows are read, the pull
 * request gets its figures; its one comment, once the issue is written, is impact-comments.ts.
 */

/** Pages of the merged pull requests listing (100 a page). */
const LIST_PAGES = 3
/** Pull requests whose files one run reads (the rest next run). */
const NEW_PULLS = 10
/** Pages of files read per pull request (100 a page). */
const FILE_PAGES = 3
/** Pull requests measured at once (their weeks live in the memory, which has a size limit). */
const MEASURING = 40

export type ImpactSettings = NonNullable<HealthSettings['health']['impact']>

/** The docs repository, and the port that reads and writes it: the docs token's when it is another one. */
export interface DocsRepo {
  repo: Repo
  port: GitHubPort
  /** Whether the port may comment there (this repository, or a docs-token given). */
  canWrite: boolean
}

export async function docsPort(settings: ImpactSettings, api: GitHubPort, ctx: ModeContext): Promise<DocsRepo> {
  const [owner = '', name = ''] = (settings.repository ?? `${ctx.run.owner}/${ctx.run.repo}`).split('/')
  const repo: Repo = { owner, repo: name }
  if (fullName(repo).toLowerCase() === `${ctx.run.owner}/${ctx.run.repo}`.toLowerCase()) {
    if (settings.docsToken)
      core.warning(
        `Input "docs-token" is not used: docs-repository is this repository ` +
          `(${fullName(repo)}), which github-token reads and comments.`,
      )
    return { repo, port: api, canWrite: true }
  }
  if (settings.docsToken) return { repo, port: await ctx.github(settings.docsToken), canWrite: true }
  return { repo, port: api, canWrite: false }
}

/**
 * Follows the docs pull requests and reads the weeks they lack, within `allowance` requests.
 * `agentLinks`: the agent jobs' pull requests (a pull request with a job's tracking comment is too).
 */
export async function measureImpact(o: {
  settings: ImpactSettings
  ctx: ModeContext
  client: ModeContext['client']
  repo: Repo
  port: GitHubPort
  prior: ImpactState | undefined
  trendStart: string
  agentLinks: ReadonlySet<string>
  allowance: () => number
}): Promise<ImpactMeasured> {
  const { settings, repo } = o
  const k = settings.weeks
  const repository = fullName(repo)
  const m: Measuring = {
    ...o,
    repository,
    k,
    since: `${o.trendStart}T00:00:00Z`,
    notes: [],
    warnings: [],
    state: {
      repository,
      impactWeeks: k,
      pulls: [],
      skipped: [],
      weeks: [],
    },
  }
  if (o.prior && o.prior.repository.toLowerCase() === repository.toLowerCase() && o.prior.impactWeeks === k)
    m.state = structuredClone(o.prior)
  else if (o.prior && o.prior.pulls.length > 0)
    m.notes.push(
      `docs-repository or impact-weeks changed since the last run: the pull requests are ` +
        `measured again from the start.`,
    )
  if (settings.root !== undefined) m.state.root = settings.root
  const view = (): ImpactMeasured => ({
    state: m.state,
    view: { pulls: m.state.pulls, noPage: m.state.noPage ?? [], weeks: k, counted: counted(m.state), notes: m.notes },
    warnings: m.warnings,
  })

  // 1. the merged pull requests of the trend's weeks, and where the pages live
  const listed = await listMerged(m)
  if (!listed) return view()
  // 2. the ones not seen before: their files as pages (newest first, a few a run)
  await takeFresh(m, listed.pulls, await docsRoot(m, listed.branch))
  // 3. the weeks they lack, newest first, each read whole or not at all
  await readLackingWeeks(m)
  // 4. figures, made again whenever their weeks are all kept (a week read again corrects them)
  for (const pull of m.state.pulls) {
    const figures = figuresOf(pull, m.state.weeks, k)
    if (figures) pull.figures = figures
  }
  m.state.weeks = keptWeeks(m.state.pulls, m.state.weeks, k)
  return view()
}

/** One run's measuring: what it was given, the state it changes, and what it has to say. */
interface Measuring {
  settings: ImpactSettings
  ctx: ModeContext
  client: ModeContext['client']
  repo: Repo
  port: GitHubPort
  agentLinks: ReadonlySet<string>
  allowance: () => number
  repository: string
  /** impact-weeks: the weeks before and after a merge. */
  k: number
  /** The trend's first instant: pull requests merged since. */
  since: string
  state: ImpactState
  notes: string[]
  warnings: string[]
}

type Merged = Awaited<ReturnType<GitHubPort['mergedPulls']>>

/** The pull requests merged into the default branch since the trend's start; undefined with a warning. */
async function listMerged(m: Measuring): Promise<{ pulls: Merged['pulls']; branch: string } | undefined> {
  const { settings, port, repo, repository } = m
  const token = settings.docsToken ? 'docs-token' : 'github-token'
  try {
    const branch = await port.defaultBranch(repo)
    if (!branch) {
      m.warnings.push(
        `Could not see ${repository} (GitHub answered 404): no docs pull request is measured. ` +
          `${token} needs "pull-requests: read" there${settings.docsToken ? '' : '; for another repository give docs-token'}.`,
      )
      return undefined
    }
    const listed = await port.mergedPulls(repo, branch, m.since, LIST_PAGES)
    if (listed.more)
      m.notes.push(
        `More than ${formatNumber(LIST_PAGES * 100)} pull requests closed in these weeks: the oldest were not listed.`,
      )
    return { pulls: listed.pulls, branch }
  } catch (error) {
    if (error instanceof CancelledError) throw error
    m.warnings.push(
      `Could not list the merged pull requests of ${repository}: ${getErrorMessage(error)}. ` +
        `${token} needs "pull-requests: read" there (or set impact: off). The figures kept are shown as they were.`,
    )
    return undefined
  }
}

/** Where the pages live: docs-root, or the folder of docs.json, found once (one request) and kept. */
async function docsRoot(m: Measuring, branch: string): Promise<string> {
  const { state, port, repo, repository } = m
  if (state.root !== undefined) return state.root
  try {
    const tree = await port.treePaths(repo, branch)
    const root = (state.root = tree ? docsRootOf(tree.paths) : '')
    core.info(
      `The docs live in ${root === '' ? 'the root' : external(root, 200)} of ${repository}` +
        `${tree?.truncated ? ' (GitHub listed only part of the files)' : ''}.`,
    )
    return root
  } catch (error) {
    if (error instanceof CancelledError) throw error
    // not kept: the next run looks again
    m.notes.push(
      `Could not read the files of ${repository} to find docs.json (${external(getErrorMessage(error), 200)}; ` +
        'the token needs "contents: read" there): pages are taken from its root this run. ' +
        'Set docs-root to say where they live.',
    )
    return ''
  }
}

/** The pull requests not seen before, a few a run, newest first: their files as pages, or no page. */
async function takeFresh(m: Measuring, listedPulls: Merged['pulls'], root: string): Promise<void> {
  const { state, port, repo, repository } = m
  const known = new Set([...state.pulls.map((p) => p.number), ...state.skipped])
  const fresh = listedPulls.filter((p) => !known.has(p.number)).sort((a, b) => b.mergedAt.localeCompare(a.mergedAt))
  const listedNumbers = new Set(listedPulls.map((p) => p.number))
  state.skipped = state.skipped.filter((n) => listedNumbers.has(n))
  // the ones that changed no page stay listed while they are in the trend's weeks (a memory from
  // before 1.1.0 kept only their numbers: the listing names them again, without their files)
  const noPage = (state.noPage ?? []).filter((p) => listedNumbers.has(p.number))
  for (const p of listedPulls)
    if (state.skipped.includes(p.number) && !noPage.some((n) => n.number === p.number))
      noPage.push({ number: p.number, url: p.url, title: p.title, mergedAt: p.mergedAt, other: [] })
  state.noPage = noPage
  const room = Math.max(0, MEASURING - state.pulls.filter((p) => !p.figures).length)
  const take = Math.min(NEW_PULLS, room)
  for (const p of fresh.slice(0, take)) {
    try {
      const files = await port.pullRequestFiles(repo, p.number, FILE_PAGES)
      const mapped = pagesOfFiles(files, root)
      if (mapped.pages.length === 0) {
        state.skipped.push(p.number)
        state.noPage = [
          ...(state.noPage ?? []),
          {
            number: p.number,
            url: p.url,
            title: p.title,
            mergedAt: p.mergedAt,
            other: mapped.other,
            ...(mapped.moreOther ? { moreOther: mapped.moreOther } : {}),
          },
        ]
      } else
        state.pulls.push({
          number: p.number,
          url: p.url,
          title: p.title,
          mergedAt: p.mergedAt,
          ...mapped,
          ...((await openedByAgent(port, repo, p)) ? { agent: true } : {}),
        })
    } catch (error) {
      if (error instanceof CancelledError) throw error
      m.notes.push(
        `Could not read the files of ${repository}#${p.number}: ${external(getErrorMessage(error), 300)}. ` +
          'The next run tries again.',
      )
    }
  }
  if (fresh.length > take) {
    const why =
      take < NEW_PULLS
        ? `${formatNumber(MEASURING)} are being measured at once; the next runs take them as those finish`
        : `the next runs read their files, ${formatNumber(NEW_PULLS)} a run`
    m.notes.push(
      `${count(fresh.length - take, 'more merged pull request is', 'more merged pull requests are')} ` +
        `not looked at yet: ${why}.`,
    )
  }
  for (const pull of state.pulls) {
    if (m.agentLinks.has(pullKey(pull.url))) pull.agent = true
  }
  // measured ones leave once merged before the trend's first week; those still measuring stay
  state.pulls = state.pulls.filter((p) => !p.figures || p.mergedAt >= m.since)
}

/** The weeks of page views the pull requests lack, newest first, each read whole or not at all. */
async function readLackingWeeks(m: Measuring): Promise<void> {
  const { state, k } = m
  const lacking = weeksToRead(state.pulls, state.weeks, weekOf(m.ctx.clock.now()), k)
  const cost = Math.ceil(Math.max(1, state.sitePages ?? 1) / VIEWS_PAGE_SIZE) + 1
  let read = 0
  let stopped: string | undefined
  if (lacking.length > 0) {
    const measuring = state.pulls.filter((p) => !p.figures).length
    await core.group(
      `Did the docs change help: ${count(lacking.length, 'week', 'weeks')} of page views to read ` +
        `for ${count(measuring, 'pull request')}`,
      async () => {
        for (const want of lacking) {
          if (m.allowance() < cost) {
            stopped = `max-requests leaves fewer than the ${formatNumber(cost)} requests a week takes`
            break
          }
          const got = await readImpactWeek(m.client, want.start, want.paths)
          if ('stopped' in got) {
            stopped = got.stopped
            if (!got.budget)
              m.warnings.push(`The page views of the week of ${want.start} could not be read: ${got.stopped}`)
            break
          }
          state.weeks = [...state.weeks.filter((w) => w.start !== want.start), got.week].sort((a, b) =>
            a.start.localeCompare(b.start),
          )
          state.sitePages = got.sitePages
          read++
          core.info(
            `The week of ${want.start}: ${count(got.sitePages, 'page')} of the site, ` +
              `${count(want.paths.length, 'followed page')}.`,
          )
        }
      },
    )
  }
  if (read < lacking.length) {
    const waiting = state.pulls.filter(
      (p) => !p.figures && lacking.slice(read).some((w) => pathsFor(p, w.start, k).length > 0),
    ).length
    m.notes.push(
      `${count(lacking.length - read, 'week of page views is', 'weeks of page views are')} still to read ` +
        `for ${count(waiting, 'pull request')} (${stopped ?? 'not read'}): the next runs read them, newest first.`,
    )
  }
}

/** Whether an agent job opened the pull request: its tracking comment there names one. One request, once. */
async function openedByAgent(port: GitHubPort, repo: Repo, pull: MergedPull): Promise<boolean> {
  try {
    const comments = await port.listComments({
      ...repo,
      number: pull.number,
      isPullRequest: true,
      title: pull.title,
      url: pull.url,
    })
    return comments.some((c) => {
      const state = c.authorType === 'Bot' ? decodeState(c.body) : undefined
      return (
        state?.job !== undefined &&
        state.job !== '' &&
        state.prLink !== undefined &&
        pullKey(state.prLink) === pullKey(pull.url)
      )
    })
  } catch (error) {
    if (error instanceof CancelledError) throw error
    core.info(
      `Could not read the comments of ${fullName(repo)}#${pull.number} (to know whether ` +
        `the agent opened it): ${external(getErrorMessage(error), 300)}`,
    )
    return false
  }
}

/** Weeks after counted so far, by pull request. */
function counted(state: ImpactState): Map<number, number> {
  return new Map(state.pulls.map((p) => [p.number, weeksCounted(p, state.weeks, state.impactWeeks)]))
}

/** The agent's pull requests of the gaps the issue follows (their pullKey). */
export const agentPulls = (gaps: readonly GapRecord[]): Set<string> =>
  new Set(gaps.flatMap((g) => (g.job?.prLink ? [pullKey(g.job.prLink)] : [])))
