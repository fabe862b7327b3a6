import * as core from '../util/actions-core.js'
import { advanceGaps } from './gaps.js'
import type { Repo } from '../github/port.js'
import type { HealthSettings } from './inputs.js'
import { count, formatDay } from '../util/format.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { checkMerged, refreshJobs } from './gap-jobs.js'
import { askOnce, fetchTrend, readCallers, readGaps } from './reads.js'
import { agentPulls, keepIssue, openHealthIssue } from './keep-issue.js'
import { docsPort, measureImpact } from './impact-run.js'
import { type Searching, answerGaps } from './answers-run.js'

/**
 * `mode: health`: one GitHub issue that a schedule keeps, with the trend of the last `weeks` whole
 * weeks, the gaps readers hit (new, persisting, gone), and what the agent did about them. The issue
 * is the memory (issue.ts), so a run asks only for what it lacks: a weekly run spends
 * two analytics requests on the trend (the new week's visitors and page views totals) and the rest
 * of max-requests on the week's insights (analytics/gather-insights.ts). A first run backfills the
 * trend within max-requests, keeping some for the insights, and says what it left for later runs.
 *
 * The unit is the week: gaps are read for the last complete week, a gap "persists" when two weeks in
 * a row have it, and a second run in the same week changes nothing it already counted.
 *
 * With impact on, the run also measures the docs pull requests merged in those weeks (impact-run.ts)
 * between the trend and the gaps, within what the trend left but the gaps' reserve, and comments each
 * measured one after the issue is written.
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
  const notes: string[] = []

  // 1. the issue and its memory
  const api = await ctx.github(token)
  const opened = await openHealthIssue(settings, api, repo)
  if ('failure' in opened) return opened.failure
  const { found, identity, priorImpact } = opened
  const state = opened.state
  notes.push(...opened.notes)

  // 2. the trend: the complete weeks the memory lacks, newest first, within max-requests
  const reserve = Math.min(INSIGHTS_RESERVE, Math.floor(budget.max / 2))
  const { all, weeks, fetched } = await fetchTrend(client, state, wanted, ctx.clock.now(), budget.remaining - reserve)
  if (fetched.missing.length > 0)
    notes.push(
      `${count(fetched.missing.length, 'week is', 'weeks are')} not in the trend yet ` +
        `(${fetched.stopped ?? 'not fetched'}): the next runs fetch them, oldest last.`,
    )

  // 3. did the docs changes help: the merged docs pull requests and the weeks they lack, within
  // what the trend left, keeping the reserve for the gaps
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
          prior: priorImpact,
          trendStart,
          agentLinks: agentPulls(state.gaps),
          allowance: () => budget.remaining - reserve,
        })
      : undefined
  for (const w of impact?.warnings ?? []) core.warning(w)
  notes.push(...(impact?.warnings ?? []))

  // 4. who asks the assistant that week (one request, kept: the week before is the last run's), and the gaps
  await readCallers(client, budget, weeks, gapWeek, notes)
  const { complete, current } = await readGaps(client, budget, gapWeek, notes)
  const changes = advanceGaps(state.gaps, current, complete, gapWeek)
  let records = changes.records

  // 5. the agent's jobs: their status, their pull requests, and new ones for persisting gaps
  records = await refreshJobs(records, ctx)
  records = await checkMerged(records, api)
  // did the fix answer: each job's gap searched before its change and once more when it is live
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
  return keepIssue(settings, ctx, {
    searching,
    api,
    repo,
    here,
    identity,
    found,
    notes,
    weeks,
    gapWeek,
    complete,
    changes,
    records,
    impact,
    docs,
    stopped: fetched.stopped,
  })
}

/**
 * This mode as jobs.ts runs it: its run, and the analytics requests it may send: max-requests, for
 * the weeks, the gaps and the impact.
 */
export const job: Job<HealthSettings> = {
  run,
  analyticsBudget: (settings) => settings.health.maxRequests,
  search: (settings) => settings.health.answers,
}
