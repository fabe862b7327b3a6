import { runAgent } from '../agent-jobs/run-agent.js'
import { buildAgentPrompt } from '../analytics/insights.js'
import type { GitHubPort } from '../github/port.js'
import { parsePullLink } from '../github/pull-link.js'
import type { HealthSettings } from './inputs.js'
import type { ModeContext } from '../modes/context.js'
import { isTerminal } from '../service/schemas.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage, present } from '../util/errors.js'
import { Outputs } from '../util/outputs.js'
import { external } from '../util/text.js'
import type { GapRecord } from './gaps.js'
import { type Searching, baselineOf } from './answers-run.js'

/** The agent jobs the health issue starts, one a persisting gap, not waited for; and their later status. */

/** Agent jobs a run looks at again (their status and pull request). */
const JOB_CHECKS = 5
/** Pull requests a run asks GitHub about (merged, for a gap that went away). */
const PR_CHECKS = 5

/** One gap, quoted as data, as the insights prompt quotes every reader's text. */
function gapPrompt(projectId: string, week: string, r: GapRecord): string {
  return buildAgentPrompt({
    project: projectId,
    range: `the week of ${week} and the week before`,
    searches: r.kind === 'search' ? [{ query: r.text, hits: r.weight, lastSearchedAt: undefined }] : [],
    questions:
      r.kind === 'question'
        ? [{ question: r.text, asked: r.weight, threads: 0, page: undefined, lastAskedAt: undefined }]
        : [],
    pages: r.kind === 'page' ? [{ path: r.text, thumbsDown: r.weight, thumbsUp: 0, comments: [] }] : [],
    perList: 1,
  })
}

export function withoutJob(r: GapRecord): GapRecord {
  const { job: _job, ...rest } = r
  return rest
}

/** Starts a job for one gap, not waited for; undefined when the service refused it (next run may). */
export async function startJob(
  gap: GapRecord,
  project: string,
  week: string,
  settings: HealthSettings,
  ctx: ModeContext,
): Promise<GapRecord['job']> {
  const prompt = gapPrompt(project, week, gap)
  const report = await runAgent(
    {
      projectId: project,
      action: 'create',
      prompt,
      wait: false,
      pollIntervalMs: 10_000,
      waitTimeoutMs: settings.waitTimeoutMs,
    },
    // a gap's job is started, not followed: its outputs are not the step's
    { ...ctx, outputs: new Outputs(() => {}) },
  )
  if (report.outcome === 'cancelled') throw new CancelledError()
  if (report.job) {
    core.info(`Agent job ${external(report.job.id, 80)} for the gap ${external(gap.text, 120)}.`)
    return { id: report.job.id, status: report.job.status, ...(report.job.prLink ? { prLink: report.job.prLink } : {}) }
  }
  if (report.mayHaveBeenProcessed) {
    // never a second job for this gap: the first may exist
    core.warning(
      `The job for the gap ${external(gap.text, 120)} may have been created (its answer ` +
        `was lost): ${report.message ?? ''} It is not started again.`,
    )
    return { id: '', status: 'not confirmed' }
  }
  core.warning(`Could not start a job for the gap ${external(gap.text, 120)}: ${report.message ?? ''}`)
  return undefined
}

/** The status and pull request of jobs not finished when last seen (a few a run). */
export async function refreshJobs(records: GapRecord[], ctx: ModeContext): Promise<GapRecord[]> {
  const open = records.filter((r) => r.job?.id && !isTerminal(r.job.status)).slice(0, JOB_CHECKS)
  const next = new Map<string, GapRecord>()
  for (const r of open) {
    try {
      const job = await ctx.client.getJob(present(r.job?.id, "A gap's job id"))
      next.set(r.key, {
        ...r,
        job: { ...r.job, id: job.id, status: job.status, ...(job.prLink ? { prLink: job.prLink } : {}) },
      })
    } catch (error) {
      if (error instanceof CancelledError) throw error
      core.info(`Could not read job ${external(r.job?.id, 80)}: ${getErrorMessage(error)}`)
    }
  }
  return records.map((r) => next.get(r.key) ?? r)
}

/** For a gap gone while its job's pull request was known: whether that pull request merged. */
export async function checkMerged(records: GapRecord[], api: GitHubPort): Promise<GapRecord[]> {
  const asks = records
    .filter((r) => r.gone !== undefined && r.job?.prLink && r.job.merged === undefined)
    .slice(0, PR_CHECKS)
  const next = new Map<string, GapRecord>()
  for (const r of asks) {
    const pull = parsePullLink(r.job?.prLink)
    if (!pull) continue
    try {
      const state = await api.pullRequestState({ owner: pull.owner, repo: pull.repo }, pull.number)
      if (state && !state.open)
        next.set(r.key, { ...r, job: { ...(r.job as NonNullable<GapRecord['job']>), merged: state.merged } })
    } catch (error) {
      core.info(`Could not read ${external(r.job?.prLink, 200)}: ${getErrorMessage(error)}`)
    }
  }
  return records.map((r) => next.get(r.key) ?? r)
}

/** The gaps due a job, marked as starting: written so before any job starts. */
export function markStarting(records: readonly GapRecord[], due: readonly GapRecord[]): GapRecord[] {
  const marked = new Set(due.map((r) => r.key))
  return records.map((r) => (marked.has(r.key) ? { ...r, job: { id: '', status: 'starting' } } : r))
}

/** Starts each due gap's job, with its baseline search when the run searches: the records and the ids started. */
export async function startDue(
  due: readonly GapRecord[],
  records: GapRecord[],
  o: { settings: HealthSettings; ctx: ModeContext; gapWeek: string; searching: Searching | undefined },
): Promise<{ records: GapRecord[]; started: string[] }> {
  const started: string[] = []
  for (const gap of due) {
    const made = await startJob(gap, o.settings.projectId, o.gapWeek, o.settings, o.ctx)
    // the baseline: what the site answers the gap's query before the job changes anything
    const baseline = made?.id && o.searching ? await baselineOf(o.searching, gap) : undefined
    const job = made && baseline ? { ...made, baseline } : made
    if (job?.id) started.push(job.id)
    records = records.map((r) => (r.key === gap.key ? (job ? { ...r, job } : withoutJob(r)) : r))
  }
  return { records, started }
}
