import * as core from '../util/actions-core.js'
import { type GapRecord, gapsForJobs } from './gaps.js'
import {
  type HealthIssueFound,
  type HealthState,
  type ImpactState,
  createHealthIssue,
  decodeHealthState,
  decodeImpactState,
  findHealthIssue,
} from './issue.js'
import type { GitHubPort, Issue, Repo } from '../github/port.js'
import { pullKey } from '../github/pull-link.js'
import type { HealthSettings } from './inputs.js'
import {
  type HealthView,
  gapName,
  healthTitle,
  renderHealthBody,
  renderHealthFailure,
  renderHealthSummary,
} from './issue-body.js'
import { renderUsage } from '../summary/usage.js'
import type { SearchedGap } from './answer-text.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count } from '../util/format.js'
import { impactOutput } from './impact-report.js'
import type { ModeContext, Report } from '../modes/context.js'
import { startJob, withoutJob } from './gap-jobs.js'
import { type ImpactMeasured, commentImpact, docsPort } from './impact-run.js'
import { type Searching, answersOutput, baselineOf } from './answers-run.js'

/**
 * The health issue a run keeps: opened and its memory read (or rebuilt, with a notice that says why)
 * before anything is fetched; once the run has read and measured, written (an edit, reopened when
 * asked, or a new issue), each measured docs pull request commented, and the run's outputs, summary and ending.
 */

/** What a run read and measured, for keepIssue. */
export interface Measured {
  searching: Searching | undefined
  api: GitHubPort
  repo: Repo
  here: HealthView['here']
  identity: string | undefined
  found: { issue: Issue | undefined; closed: boolean }
  notes: string[]
  weeks: HealthView['weeks']
  gapWeek: string
  complete: HealthView['complete']
  changes: Record<'fresh' | 'persisting' | 'gone', readonly GapRecord[]>
  records: GapRecord[]
  impact: ImpactMeasured | undefined
  docs: Awaited<ReturnType<typeof docsPort>> | undefined
  stopped: string | undefined
}

/**
 * 6. Keeps the issue: written (before any job starts, so a run that dies after a create never starts a
 * second), the jobs for persisting gaps, the measured pull requests' comments, and the run's end.
 */
export async function keepIssue(settings: HealthSettings, ctx: ModeContext, m: Measured): Promise<Report> {
  const { weeks: wanted, label, agent, maxJobs } = settings.health
  const impactSettings = settings.health.impact
  const project = settings.projectId
  const { api, repo, here, identity, found, notes, weeks, gapWeek, complete, changes, impact, docs } = m
  let records = m.records
  const started: string[] = []
  const shown = {
    projectId: project,
    runUrl: ctx.run.runUrl,
    weeks,
    weeksWanted: wanted,
    gapWeek,
    complete,
    notes,
    here,
    answers: m.searching !== undefined,
  }
  const view = (): HealthView => viewOf(shown, changes, records, impact, ctx)
  const write = issueWriter({ api, repo, label, identity, project, ctx })
  const save = async (issue: Issue | undefined, reopen: boolean): Promise<Issue | undefined> => {
    const rendered = renderHealthBody(view(), { project, weeks, gaps: records }, impact?.state)
    records = rendered.state.gaps
    if (impact && rendered.impact) impact.state = rendered.impact
    return write(issue, reopen, rendered.body)
  }

  let issue = found.issue
  let reopen = found.closed
  const due = agent === 'persisting' ? gapsForJobs(records, maxJobs) : []
  const startDue = async (): Promise<void> => {
    // written before any job starts: a run that dies after a create still never starts a second
    const marked = new Set(due.map((r) => r.key))
    records = records.map((r) => (marked.has(r.key) ? { ...r, job: { id: '', status: 'starting' } } : r))
    issue = await save(issue, reopen)
    reopen = false
    for (const gap of due) {
      const made = await startJob(gap, project, gapWeek, settings, ctx)
      // the baseline: what the site answers the gap's query before the job changes anything
      const baseline = made?.id && m.searching ? await baselineOf(m.searching, gap) : undefined
      const job = made && baseline ? { ...made, baseline } : made
      if (job?.id) started.push(job.id)
      records = records.map((r) => (r.key === gap.key ? (job ? { ...r, job } : withoutJob(r)) : r))
    }
  }
  try {
    if (due.length > 0) await startDue()
    issue = await save(issue, reopen)
    // the measured pull requests' comments, linking to the issue; the issue then keeps their ids
    if (impact && impactSettings && docs) {
      const written = await commentMeasured(impact, impactSettings, docs, {
        api,
        identity,
        issueUrl: issue?.url,
        gaps: closedGaps(records),
        answers: searchedGaps(records),
      })
      if (written > 0) issue = await save(issue, false)
    }
  } catch (error) {
    if (error instanceof CancelledError) throw error
    const message = `Could not write the health issue: ${getErrorMessage(error)}`
    ctx.outputs.set('jobs-created', JSON.stringify(started))
    return { summary: renderHealthSummary(view(), undefined, started), ending: { level: 'failure', message } }
  }

  if (m.searching) ctx.outputs.set('answers-json', JSON.stringify(answersOutput(records)))
  return finish(ctx, view(), { issue, started, impact, reopened: found.closed, stopped: m.stopped })
}

/** The agent's pull requests of the gaps the issue follows (their pullKey). */
export const agentPulls = (gaps: readonly GapRecord[]): Set<string> =>
  new Set(gaps.flatMap((g) => (g.job?.prLink ? [pullKey(g.job.prLink)] : [])))

/** The issue's view of this run: the gaps by what happened to them this week, the jobs, the impact. */
function viewOf(
  shown: Pick<
    HealthView,
    'projectId' | 'runUrl' | 'weeks' | 'weeksWanted' | 'gapWeek' | 'complete' | 'notes' | 'here' | 'answers'
  >,
  changes: Record<'fresh' | 'persisting' | 'gone', readonly GapRecord[]>,
  records: GapRecord[],
  impact: ImpactMeasured | undefined,
  ctx: ModeContext,
): HealthView {
  const among = (list: readonly GapRecord[]) => {
    const keys = new Set(list.map((r) => r.key))
    return records.filter((r) => keys.has(r.key))
  }
  return {
    ...shown,
    now: ctx.clock.now(),
    fresh: among(changes.fresh),
    persisting: among(changes.persisting),
    gone: among(changes.gone),
    jobs: records.filter((r) => r.job).reverse(),
    usage: renderUsage(ctx.usage()),
    ...(impact ? { impact: { ...impact.view, gaps: closedGaps(records), here: shown.here } } : {}),
  }
}

/** Writes the health issue's body: an edit of the issue found (reopened when asked), or a new issue. */
function issueWriter(o: {
  api: GitHubPort
  repo: Repo
  label: string
  identity: string | undefined
  project: string
  ctx: ModeContext
}) {
  const { api, repo, ctx } = o
  return async (issue: Issue | undefined, reopen: boolean, body: string): Promise<Issue> => {
    if (issue) {
      await api.updateIssue(repo, issue.number, { body, ...(reopen ? { open: true } : {}) })
      return issue
    }
    const made = await createHealthIssue({
      api,
      repo,
      label: o.label,
      identity: o.identity,
      title: healthTitle(o.project),
      body,
      runUrl: ctx.run.runUrl,
      clock: ctx.clock,
      signal: ctx.signal,
      log: (m) => core.info(m),
    })
    // another run's issue: this run's body replaces it
    if (!made.created) await api.updateIssue(repo, made.issue.number, { body })
    return made.issue
  }
}

/**
 * The measured pull requests' comments, linking to the issue (with impact-comment, where docs-token
 * can write): how many were written, so the issue then keeps their ids. Where none can be written,
 * a notice says why.
 */
async function commentMeasured(
  impact: ImpactMeasured,
  settings: NonNullable<HealthSettings['health']['impact']>,
  docs: NonNullable<Awaited<ReturnType<typeof docsPort>>>,
  o: {
    api: GitHubPort
    identity: string | undefined
    issueUrl: string | undefined
    gaps: ReturnType<typeof closedGaps>
    answers: ReturnType<typeof searchedGaps>
  },
): Promise<number> {
  const uncommented = impact.state.pulls.filter((p) => p.figures && !p.comment)
  if (settings.comment && docs.canWrite) {
    const done = await commentImpact({
      state: impact.state,
      settings,
      repo: docs.repo,
      port: docs.port,
      identity: docs.port === o.api ? o.identity : await docs.port.identity(),
      issueUrl: o.issueUrl,
      gaps: o.gaps,
      answers: o.answers,
    })
    for (const w of done.warnings) core.warning(w)
    return done.written
  }
  if (settings.comment && uncommented.length > 0) {
    core.notice(
      `${count(uncommented.length, 'measured pull request')} of ${docs.repo.owner}/${docs.repo.repo} got no comment: ` +
        'it is not this repository, and docs-token is empty. ' +
        'Give docs-token (a token that can write pull requests there) to comment the figures.',
    )
  }
  return 0
}

/** The end of a run that kept the issue: the outputs, the summary and how the step ends. */
function finish(
  ctx: ModeContext,
  shown: HealthView,
  kept: {
    issue: Issue | undefined
    started: string[]
    impact: ImpactMeasured | undefined
    reopened: boolean
    /** Why the trend's fetch stopped early, if it did. */
    stopped: string | undefined
  },
): Report {
  const { issue, started, impact } = kept
  ctx.outputs.set('issue-number', issue?.number)
  ctx.outputs.set('issue-url', issue?.url)
  ctx.outputs.set('new-gaps', shown.fresh.length)
  ctx.outputs.set('persisting-gaps', shown.persisting.length)
  ctx.outputs.set('gone-gaps', shown.gone.length)
  ctx.outputs.set('jobs-created', JSON.stringify(started))
  if (impact) ctx.outputs.set('impact-json', JSON.stringify(impactOutput(impact.state, impact.view.counted)))
  if (kept.reopened && issue) core.info(`Reopened the health issue #${issue.number}: it had been closed.`)
  const summary = renderHealthSummary(shown, issue, started)
  // a request that failed (not the budget running out) is worth a warning; the issue was still kept
  const failed = kept.stopped !== undefined && !/max-requests/.test(kept.stopped)
  return {
    summary,
    ending: failed
      ? {
          level: 'warning',
          message:
            `Some weeks of the trend could not be fetched: ${kept.stopped ?? 'stopped early'}. ` +
            `The issue was kept${issue ? `: ${issue.url}` : '.'}`,
        }
      : { level: 'notice', message: `Docs health: ${issue?.url ?? ''}` },
  }
}

/** Phase 1: the health issue this run keeps, who keeps it, and its memory (or why it was rebuilt). */
export async function openHealthIssue(
  settings: HealthSettings,
  api: GitHubPort,
  repo: Repo,
): Promise<
  | { failure: Report }
  | {
      found: HealthIssueFound
      identity: Awaited<ReturnType<GitHubPort['identity']>>
      state: HealthState
      priorImpact: ImpactState | undefined
      notes: string[]
    }
> {
  const { label } = settings.health
  const project = settings.projectId
  const notes: string[] = []
  const identity = await api.identity()
  let found: HealthIssueFound
  try {
    found = await findHealthIssue(api, repo, label, identity)
  } catch (error) {
    const message =
      `Could not list the issues labelled ${label}: ${getErrorMessage(error)}. Nothing ` +
      `was fetched or written (the workflow needs "issues: write").`
    return { failure: { summary: renderHealthFailure(message), ending: { level: 'failure', message } } }
  }
  let state: HealthState = { project, weeks: [], gaps: [] }
  if (found.issue) {
    const decoded = decodeHealthState(found.issue.body, project)
    if ('state' in decoded) state = decoded.state
    else {
      const why = 'broken' in decoded ? decoded.broken : 'it has no hidden state'
      notes.push(
        `The issue's memory could not be read: ${why}. It was rebuilt from the service: the ` +
          `trend from the weeks fetched now, and every gap counts as new.`,
      )
      core.notice(`Health issue #${found.issue.number}: ${why}. Rebuilt from the service.`)
    }
  }

  let priorImpact: ImpactState | undefined
  if (found.issue && settings.health.impact) {
    const decoded = decodeImpactState(found.issue.body)
    if ('state' in decoded) priorImpact = decoded.state
    else if ('broken' in decoded)
      notes.push(
        `The issue's memory of the docs changes could not be read: ${decoded.broken}. The ` +
          `pull requests are measured again from the start.`,
      )
  }
  for (const name of settings.health.unapplied)
    core.warning(
      name === 'max-searches'
        ? 'Input "max-searches" is read only with assistant-key and domain (nothing is searched), so it was ignored.'
        : `Input "${name}" is not read with impact: off, so it was ignored.`,
    )
  return { found, identity, state, priorImpact, notes }
}

/** The gaps each job's pull request was for, with what the search answers them, by its pullKey. */
function searchedGaps(records: readonly GapRecord[]): Map<string, SearchedGap[]> {
  const searched = new Map<string, SearchedGap[]>()
  for (const r of records) {
    if (!r.job?.prLink || !r.job.answer) continue
    const key = pullKey(r.job.prLink)
    searched.set(key, [...(searched.get(key) ?? []), { name: gapName(r), kind: r.kind, job: r.job }])
  }
  return searched
}

/** The gaps each pull request closed: gone after the pull request of their job merged, by its pullKey. */
function closedGaps(records: readonly GapRecord[]): Map<string, string[]> {
  const closed = new Map<string, string[]>()
  for (const r of records) {
    if (r.gone === undefined || !r.job?.prLink || !r.job.merged) continue
    const key = pullKey(r.job.prLink)
    closed.set(key, [...(closed.get(key) ?? []), gapName(r)])
  }
  return closed
}
