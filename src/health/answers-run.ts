import { type Answer, type SiteSearch, queryOf, topPaths, verdictOf } from './answers.js'
import type { GapRecord } from './gaps.js'
import { pagesOfFiles } from './impact.js'
import { ApiError } from '../service/errors.js'
import { type GitHubPort, type Repo, fullName, githubTime } from '../github/port.js'
import { parsePullLink } from '../github/pull-link.js'
import { PRODUCTION_ENVIRONMENT } from '../inputs/rules.js'
import type { HealthSettings } from './inputs.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import type { ModeContext } from '../modes/context.js'

/**
 * "Did the fix answer": with assistant-key and domain, a gap's query is searched on the live site
 * when its job starts and once more when its pull request has shipped, never a third time. A failed
 * search leaves the verdict to the next run, and says so.
 */

export type AnswerSettings = NonNullable<HealthSettings['health']['answers']>

/** How many results a search asks for (the verdict reads the top five). */
const PAGE_SIZE = 10
/** Pull requests a run asks GitHub about for this (merged? shipped?). */
const CHECKS = 5

/** What the search part needs of the run. */
export interface Searching {
  answers: AnswerSettings
  ctx: ModeContext
  /** The GitHub of this repository, and of the docs repository when it is another (docs-token). */
  api: GitHubPort
  docs: { repo: Repo; port: GitHubPort } | undefined
  /** The docs' folder in their repository, for the pull request's pages. */
  root: string
  /** The run's day (YYYY-MM-DD, UTC). */
  today: string
  notes: string[]
  /** Each repository's newest production deployment, as this run read it (once). */
  deployments: Map<string, Promise<{ state: string; at: string } | undefined>>
}

/** One search: its top pages now, or undefined when it failed (said in the notes: the next run tries again). */
async function search(s: Searching, gap: GapRecord, why: string): Promise<SiteSearch | undefined> {
  const query = queryOf(gap)
  if (query === undefined) return undefined
  try {
    const hits = await s.ctx.client.searchDocs(s.answers.domain, query, PAGE_SIZE)
    return { at: githubTime(s.ctx.clock.now()), paths: topPaths(hits) }
  } catch (error) {
    if (error instanceof CancelledError) throw error
    const what = error instanceof ApiError && error.kind === 'rate-limited' ? 'was rate limited' : 'failed'
    s.notes.push(
      `The search for ${JSON.stringify(external(query, 120))} (${why}) ${what}: ` +
        `${external(getErrorMessage(error), 300)} The next run searches again.`,
    )
    return undefined
  }
}

/** The baseline of a gap whose job just started: what the site answers its query before any change. */
export async function baselineOf(s: Searching, gap: GapRecord): Promise<SiteSearch | undefined> {
  return searchable(s, gap) ? search(s, gap, 'before its job changes anything') : undefined
}

const searchable = (s: Searching, gap: GapRecord): boolean =>
  queryOf(gap) !== undefined && (s.ctx.searches?.remaining ?? 1) > 0

/** The port and repository of a pull request link: the docs repository's when it is there, else this one's. */
function portFor(s: Searching, link: string): { port: GitHubPort; repo: Repo; number: number } | undefined {
  const pull = parsePullLink(link)
  if (!pull) return undefined
  const repo = { owner: pull.owner, repo: pull.repo }
  const theirs = s.docs && fullName(s.docs.repo).toLowerCase() === fullName(repo).toLowerCase()
  return { port: theirs && s.docs ? s.docs.port : s.api, repo, number: pull.number }
}

/**
 * Whether the change is live: a production deployment that succeeded after the merge; without one,
 * a run after the one that first saw it merged (the service deploys on merge).
 */
async function isLive(s: Searching, job: NonNullable<GapRecord['job']>, at: ReturnType<typeof portFor>) {
  if (!at || !job.merged) return false
  const deployed = await latestDeployment(s, at)
  if (deployed) return deployed.state === 'success' && job.mergedAt !== undefined && deployed.at >= job.mergedAt
  return job.mergedSeen !== undefined && job.mergedSeen < s.today
}

/** The newest production deployment of a repository, read once a run however many pull requests wait. */
function latestDeployment(s: Searching, at: NonNullable<ReturnType<typeof portFor>>) {
  const key = fullName(at.repo).toLowerCase()
  let read = s.deployments.get(key)
  if (!read) {
    read = at.port.latestDeployment(at.repo, PRODUCTION_ENVIRONMENT).catch((error: unknown) => {
      if (error instanceof CancelledError) throw error
      return undefined
    })
    s.deployments.set(key, read)
  }
  return read
}

/** A job's pull request, asked once it may have merged: merged (when, and the day this run saw it) or not. */
async function withMerge(
  job: NonNullable<GapRecord['job']>,
  s: Searching,
  at: NonNullable<ReturnType<typeof portFor>>,
) {
  // merged as seen by this part (the gone gaps' check records only that it merged, not when)
  if (job.merged && job.mergedSeen !== undefined) return job
  const state = await at.port.pullRequestState(at.repo, at.number)
  if (!state || state.open) return job
  return state.merged
    ? { ...job, merged: true, ...(state.mergedAt ? { mergedAt: state.mergedAt } : {}), mergedSeen: s.today }
    : { ...job, merged: false }
}

/** The pages the pull request changed (`/a/b`), its renamed pages' old names too. */
async function changedPages(s: Searching, at: NonNullable<ReturnType<typeof portFor>>): Promise<string[]> {
  const files = await at.port.pullRequestFiles(at.repo, at.number, 3)
  return pagesOfFiles(files, s.root).pages.flatMap((p) => [p.path, ...(p.previous ? [p.previous] : [])])
}

/** For every gap with a job: its baseline while the change is not live, then the search again and its verdict. */
export async function answerGaps(records: GapRecord[], s: Searching): Promise<GapRecord[]> {
  const next = new Map<string, GapRecord>()
  let checks = 0
  for (const r of records) {
    const job = r.job
    if (!job?.id || job.answer || queryOf(r) === undefined || job.merged === false) continue
    if (!job.baseline) {
      if (job.merged || !searchable(s, r)) continue
      const baseline = await baselineOf(s, r)
      if (baseline) next.set(r.key, { ...r, job: { ...job, baseline } })
      continue
    }
    if (!job.prLink || checks >= CHECKS) continue
    const at = portFor(s, job.prLink)
    if (!at) continue
    checks++
    try {
      const merged = await withMerge(job, s, at)
      if (merged !== job) next.set(r.key, { ...r, job: merged })
      if (!(await isLive(s, merged, at)) || !searchable(s, r)) continue
      const changed = await changedPages(s, at)
      const after = await search(s, r, 'once its pull request shipped')
      if (!after) continue
      const answer: Answer = { ...after, ...verdictOf(merged.baseline, after.paths, changed) }
      core.info(`The search for ${JSON.stringify(external(r.text, 120))} now: ${answer.verdict}.`)
      next.set(r.key, { ...r, job: { ...merged, answer } })
    } catch (error) {
      if (error instanceof CancelledError) throw error
      s.notes.push(
        `Could not tell whether ${external(job.prLink, 200)} has shipped: ${external(getErrorMessage(error), 300)} ` +
          'The next run asks again.',
      )
    }
  }
  return records.map((r) => next.get(r.key) ?? r)
}
