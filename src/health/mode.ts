import * as core from '../util/actions-core.js'
import { advanceGaps, gapsForJobs } from './gaps.js'
import type { Repo } from '../github/port.js'
import { type HealthSettings, unappliedWarning } from './inputs.js'
import { count, formatDay } from '../util/format.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { checkMerged, markStarting, refreshJobs, startDue } from './gap-jobs.js'
import { askOnce, fetchTrend, readCallers, readGaps } from './reads.js'
import { HealthIssue } from './issue.js'
import type { HealthPage } from './issue-body.js'
import { finish } from './report.js'
import { agentPulls, docsPort, measureImpact } from './impact-run.js'
import { commentMeasured } from './impact-comments.js'
import { type Searching, answerGaps } from './answers-run.js'
import { CancelledError } from '../util/errors.js'

/**
 * `mode: health`: one GitHub issue a schedule keeps: the trend of the last `weeks` weeks, the gaps
 * readers hit, what the agent did. The issue is the memory: a run asks only for the new week, and a
 * second run in a week counts nothing twice. A gap "persists" when two weeks in a row have it; with
 * impact on, the docs pull requests merged in those weeks are measured too.
 */

/** Analytics requests a first run keeps for the insights when it backfills the trend. */
const INSIGHTS_RESERVE = 10
export async function run(settings: HealthSettings, ctx: ModeContext): Promise<Report> {
  const { weeks: wanted, token } = settings.health
  const { budget } = ctx
  // the week's feedback by page serves both the gaps and the changes' thumbs: asked once a run
  const client = askOnce(ctx.client)
  const repo: Repo = { owner: ctx.run.owner, repo: ctx.run.repo }
  const here = { serverUrl: ctx.run.serverUrl, owner: ctx.run.owner, repo: ctx.run.repo }

  // 1. the issue and its memory
  const api = await ctx.github(token)
  const issue = await HealthIssue.open(settings, api, repo, ctx)
  if ('failure' in issue) return issue.failure
  for (const name of settings.health.unapplied) core.warning(unappliedWarning(name))
  const { notes, memory } = issue

  // 2. the trend: the complete weeks the memory lacks, newest first, within max-requests
  const reserve = Math.min(INSIGHTS_RESERVE, Math.floor(budget.max / 2))
  const { all, weeks, fetched } = await fetchTrend(client, memory, wanted, ctx.clock.now(), budget.remaining - reserve)
  if (fetched.missing.length > 0)
    notes.push(
      `${count(fetched.missing.length, 'week is', 'weeks are')} not in the trend yet ` +
        `(${fetched.stopped ?? 'not fetched'}): the next runs fetch them, oldest last.`,
    )

  // 3. did the docs changes help: within what the trend left, keeping the gaps' reserve
  const impactSettings = settings.health.impact
  const docs = impactSettings ? await docsPort(impactSettings, api, ctx) : undefined
  // the trend's first and last weeks (weeks is at least 1, so there are)
  const trendStart = all[0]
  const gapWeek = all.at(-1)
  if (trendStart === undefined || gapWeek === undefined) throw new Error('The trend has no complete week.')
  const impact =
    impactSettings && docs
      ? await measureImpact({
          settings: impactSettings,
          ctx,
          client,
          repo: docs.repo,
          port: docs.port,
          prior: issue.priorImpact,
          trendStart,
          agentLinks: agentPulls(memory.gaps),
          allowance: () => budget.remaining - reserve,
        })
      : undefined
  for (const w of impact?.warnings ?? []) core.warning(w)
  notes.push(...(impact?.warnings ?? []))

  // 4. who asks the assistant that week (one request, kept: the week before is the last run's), and the gaps
  await readCallers(client, budget, weeks, gapWeek, notes)
  const { complete, current } = await readGaps(client, budget, gapWeek, notes)
  const changes = advanceGaps(memory.gaps, current, complete, gapWeek)

  // 5. the agent's jobs, their pull requests, and whether the fix answered (searched before and after)
  let records = await checkMerged(await refreshJobs(changes.records, ctx), api)
  const answers = settings.health.answers
  const searching: Searching | undefined = answers && {
    answers,
    ctx,
    api,
    docs,
    root: impact?.state.root ?? settings.health.impact?.root ?? '',
    today: formatDay(ctx.clock.now()),
    notes,
    deployments: new Map(),
  }
  if (searching) records = await answerGaps(records, searching)

  // 6. the issue written before any job starts (a run that dies after it never starts a second),
  // then after the jobs, and after the measured pull requests are commented
  const page: HealthPage = {
    shown: { weeks, weeksWanted: wanted, gapWeek, complete, here, answers: !!searching },
    changes,
    impact,
  }
  const due = settings.health.agent === 'persisting' ? gapsForJobs(records, settings.health.maxJobs) : []
  let started: string[] = []
  let failed: { error: unknown } | undefined
  try {
    if (due.length > 0) {
      records = await issue.write(page, markStarting(records, due))
      ;({ records, started } = await startDue(due, records, { settings, ctx, gapWeek, searching }))
    }
    records = await issue.write(page, records)
    const writer = { api: issue.api, identity: issue.identity, issueUrl: issue.kept?.url }
    if (impact && impactSettings && docs && (await commentMeasured(impact, impactSettings, docs, writer, records)) > 0)
      records = await issue.write(page, records)
  } catch (error) {
    if (error instanceof CancelledError) throw error
    failed = { error }
  }

  // 7. the outputs, the summary and how the step ends (a failure, when the issue could not be written)
  return finish(issue, page, records, { started, answered: !!searching, stopped: fetched.stopped, failed })
}

/** This mode as jobs.ts runs it: it may send max-requests analytics requests. */
export const job: Job<HealthSettings> = {
  run,
  analyticsBudget: (settings) => settings.health.maxRequests,
  search: (settings) => settings.health.answers,
}
