import type { CallerStats } from '../service/schemas.js'
import { previousPeriod } from '../analytics/periods.js'
import * as core from '../util/actions-core.js'
import { describeEnd, describeRange, pinOpenEnd } from '../inputs/dates.js'
import type { InsightsSettings } from './inputs.js'
import { renderInsightsSummary } from './summary.js'
import { gatherInsights, incompleteNote } from '../analytics/gather-insights.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { count, lastDayBefore } from '../util/format.js'
import { buildAgentPrompt } from '../analytics/insights.js'
import { rangeMeta } from '../analytics/export-files.js'
import { writeInsightsFiles } from './files.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { exportEnding } from '../util/ending.js'

/**
 * `mode: insights`: what readers could not find, as a report and as work for the agent. A list cut
 * short is marked incomplete, with what was fetched kept; the step fails only when no list is
 * complete and a request failed.
 */

export async function run(settings: InsightsSettings, ctx: ModeContext): Promise<Report> {
  const { dateFrom, summaryRows } = settings.insights
  const dateTo = pinOpenEnd(settings.insights.dateTo, ctx.clock.now())
  const range = describeRange(dateFrom, dateTo)
  const dates = { dateFrom: dateFrom?.sent, dateTo: dateTo.sent }
  const { client, budget } = ctx
  core.info(
    `Project ${external(settings.projectId, 80)}, ${range}: up to ${count(budget.max, 'analytics request', 'analytics requests')}.`,
  )

  const gathered = await gatherInsights(client, budget, dates)
  const callers = await readCallers(ctx, dates, dateFrom && previousPeriod(dateFrom, dateTo, ctx.clock.now()))
  const { searchSummary, questions, pages, searchState, questionState, pageState, ratings, cancelled } = gathered
  const prompt = buildAgentPrompt({
    project: settings.projectId,
    range,
    searches: searchSummary.deadEnds,
    questions,
    pages,
    perList: summaryRows,
  })

  ctx.outputs.set('dead-end-searches', searchSummary.deadEnds.length)
  ctx.outputs.set('unanswered-questions', questions.length)
  ctx.outputs.set('down-rated-pages', pages.length)
  ctx.outputs.set('agent-prompt', prompt)

  const states = [searchState, questionState, pageState]
  const notes: string[] = []
  const files = await writeFiles(settings, ctx, { gathered, prompt, range, dateTo }, notes)
  const incomplete = states.filter((s) => !s.complete)
  let outcome: 'complete' | 'incomplete' | 'error' | 'cancelled' =
    incomplete.length === 0 && notes.length === 0 ? 'complete' : 'incomplete'
  // a failure only when no list is complete and a request failed for real; a spent budget is a warning
  if (cancelled) outcome = 'cancelled'
  else if (incomplete.length === states.length && states.some((s) => s.failed)) outcome = 'error'
  const message = cancelled
    ? 'Cancelled. What was fetched is in the files and the summary.'
    : incomplete.length > 0
      ? `${incomplete.length === states.length ? 'No list is complete' : `${count(incomplete.length, 'list is', 'lists are')} incomplete`}: ` +
        `${incomplete.map((s) => (s.note ?? 'stopped early').replace(/\.$/, '')).join('; ')}. ` +
        `What was fetched is kept.`
      : notes[0]
  if (message && outcome !== 'complete') notes.unshift(message)
  const summary = renderInsightsSummary({
    projectId: settings.projectId,
    range,
    summaryRows,
    searches: {
      list: searchSummary.deadEnds,
      totalSearches: searchSummary.totalSearches,
      clickThrough: searchSummary.clickThrough,
      ...searchState,
    },
    questions: { list: questions, asked: questions.reduce((a, q) => a + q.asked, 0), ...questionState },
    pages: { list: pages, rated: ratings.length, ...pageState },
    requests: { spent: budget.spent, max: budget.max },
    notes,
    failed: outcome === 'error' || outcome === 'cancelled',
    files,
    promptChars: prompt.length,
    pin: describeEnd(dateTo, ctx.clock.now()),
    ...(callers ? { callers } : {}),
  })
  // each incomplete list is its own problem (its own annotation)
  const problems = cancelled ? undefined : incomplete.map((s) => `${incompleteNote(s)}. What was fetched is kept.`)
  return { summary, ending: exportEnding(outcome, message, problems) }
}

/** The insights files (JSON, and a CSV per list): their paths, or undefined with a note saying why not. */
async function writeFiles(
  settings: InsightsSettings,
  ctx: ModeContext,
  o: {
    gathered: Awaited<ReturnType<typeof gatherInsights>>
    prompt: string
    range: string
    dateTo: ReturnType<typeof pinOpenEnd>
  },
  notes: string[],
): Promise<{ json: string } | undefined> {
  const { gathered, prompt, range, dateTo } = o
  const { dateFrom } = settings.insights
  const { budget } = ctx
  const { searchSummary, questions, pages, searchState, questionState, pageState, ratings } = gathered
  const lists = { searches: searchSummary.deadEnds, questions, pages }
  let files: { json: string } | undefined
  try {
    const base = `mintlify-insights-${settings.projectId}-${dateFrom?.sent ?? 'start'}-to-${lastDayBefore(dateTo.sent)}`
    files = await writeInsightsFiles(
      ctx.dir,
      base,
      {
        project: settings.projectId,
        range: rangeMeta(range, dateFrom, dateTo),
        fetchedAt: new Date(ctx.clock.now()).toISOString(),
        requests: { max: budget.max, spent: budget.spent },
        lists: {
          deadEndSearches: {
            ...searchState,
            totalSearches: searchSummary.totalSearches,
            clickThrough: searchSummary.clickThrough ?? null,
            items: searchSummary.deadEnds,
          },
          unansweredQuestions: { ...questionState, items: questions },
          downRatedPages: { ...pageState, items: pages },
        },
        agentPrompt: prompt,
        fetched: {
          feedbackByPage: ratings,
          searches: gathered.searches,
          conversations: gathered.conversations,
          contextualFeedback: gathered.feedback,
        },
      },
      lists,
    )
    ctx.outputs.set('insights-json', files.json)
    core.info(`Wrote ${files.json} and one CSV per list beside it.`)
  } catch (error) {
    notes.push(`Could not write the insights files in ${ctx.dir}: ${getErrorMessage(error)}`)
  }
  return files
}

/** Who asks the assistant, in the range and the period before: a request each, within the budget. */
async function readCallers(
  ctx: ModeContext,
  dates: { dateFrom?: string; dateTo?: string },
  before: ReturnType<typeof previousPeriod> | undefined,
): Promise<{ now: CallerStats; before: CallerStats | undefined } | undefined> {
  if (ctx.budget.remaining <= 0 || ctx.signal.aborted) return undefined
  try {
    const now = await ctx.client.callerStats(dates)
    const earlier =
      before && ctx.budget.remaining > 0
        ? await ctx.client.callerStats({
            dateFrom: before.from.sent,
            dateTo: before.to.sent,
            period: 'the period before',
          })
        : undefined
    return { now, before: earlier }
  } catch (error) {
    if (error instanceof CancelledError) throw error
    core.info(`The assistant's callers could not be read: ${getErrorMessage(error)}`)
    return undefined
  }
}

/** This mode as jobs.ts runs it: it may send max-requests analytics requests. */
export const job: Job<InsightsSettings> = { run, analyticsBudget: (settings) => settings.insights.maxRequests }
