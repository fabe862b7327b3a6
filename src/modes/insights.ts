import * as core from '../util/actions-core.js'
import { ApiError } from '../api/errors.js'
import type { Conversation, FeedbackItem, PageRating, SearchRow } from '../api/schemas.js'
import { describePin, describeRange, pinOpenEnd } from '../inputs/dates.js'
import type { InsightsSettings } from '../inputs/settings.js'
import { type ListState, renderInsightsSummary } from '../summary/insights-summary.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { count } from '../util/format.js'
import { type CursorExport, type CursorPage, exportCursor } from '../analytics/cursor-export.js'
import { buildAgentPrompt, downRatedPages, groupUnanswered, summariseSearches } from '../analytics/insights.js'
import { rangeMeta } from '../analytics/export-files.js'
import { writeInsightsFiles } from '../analytics/insights-files.js'
import type { ModeContext, Report } from './context.js'
import { exportEnding } from '../util/ending.js'

/**
 * `mode: insights`: what readers could not find, as a report and as work for the agent.
 *
 * How max-requests is spent, in this order: feedback by page first (one request: which pages are
 * rated down); then searches, assistant conversations and, when some page is rated down, the
 * contextual feedback that holds readers' comments, each with a fair share of what is left (a third,
 * a half, the rest), so no list starves the others and what one leaves unspent passes to the next;
 * then a second pass gives whatever is still left to the lists their share cut short, in that order.
 * The client refuses any request past max-requests, retries included, so no run sends more.
 *
 * A list cut short (the budget, a failed request) is marked incomplete with a warning, and what was
 * fetched is kept. The step fails only when no list is complete and a request failed for real.
 */

function listState<T>(name: string, result: CursorExport<T> | undefined): ListState {
  if (!result) return { complete: false, note: 'not fetched: max-requests was spent before it' }
  if (result.complete) return { complete: true, note: undefined }
  const error = result.error === undefined ? '' : `: ${getErrorMessage(result.error)}`
  return { complete: false, note: `${name} ${result.stoppedEarly}${error}`, failed: result.error !== undefined }
}

export async function run(settings: InsightsSettings, ctx: ModeContext): Promise<Report> {
  const { dateFrom, summaryRows } = settings.insights
  const dateTo = pinOpenEnd(settings.insights.dateTo, ctx.clock.now())
  const range = describeRange(dateFrom, dateTo)
  const dates = { dateFrom: dateFrom?.sent, dateTo: dateTo.sent }
  const { client, budget } = ctx
  core.info(`Project ${external(settings.projectId, 80)}, ${range}: up to ${count(budget.max, 'analytics request', 'analytics requests')}.`)

  let cancelled = false
  const guard = async <T>(what: string, run: () => Promise<T>): Promise<T | undefined> => {
    if (cancelled) return undefined
    try {
      return await core.group(what, run)
    } catch (error) {
      if (error instanceof CancelledError) cancelled = true
      else throw error
      return undefined
    }
  }
  const cursorList = <T>(what: string, share: number, fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>, from?: CursorExport<T>) =>
    guard(what, async () => {
      const result = await exportCursor<T>({
        fetchPage,
        budget,
        share,
        from,
        onPage: (pages, items, more) => core.info(`Page ${pages}: ${count(items, 'item', 'items')}${more ? ', more to come' : ', the last'}.`),
      })
      if (result.error instanceof CancelledError) throw result.error
      if (!result.complete) core.info(`Stopped: ${result.stoppedEarly}${result.error === undefined ? '' : ` (${getErrorMessage(result.error)})`}.`)
      return result
    })

  // 1. which pages are rated down: one request
  let ratings: PageRating[] = []
  let ratingsState: ListState = { complete: false, note: 'not fetched' }
  let ratingsHasMore = false
  await guard('Feedback by page', async () => {
    try {
      const page = await client.feedbackByPage(dates)
      ratings = page.feedback
      ratingsHasMore = page.hasMore === true
      ratingsState = { complete: true, note: undefined }
      core.info(`${count(ratings.length, 'page', 'pages')} with feedback${ratingsHasMore ? ' (the endpoint gives at most 100)' : ''}.`)
    } catch (error) {
      if (error instanceof CancelledError) throw error
      const spent = error instanceof ApiError && error.kind === 'budget'
      ratingsState = { complete: false, note: `feedback by page ${spent ? 'was not fetched: max-requests was spent' : `failed: ${getErrorMessage(error)}`}`, failed: !spent }
      core.info(`Stopped: ${ratingsState.note}.`)
    }
  })
  const rated = ratings.filter((r) => r.thumbsDown > r.thumbsUp).length
  const listsLeft = rated > 0 ? 3 : 2

  // 2-4. the cursor lists, each with a fair share of what is left
  let totalSearches: number | undefined
  const fetchSearches = async (cursor: string | undefined) => {
    const page = await client.searchesPage({ ...dates, cursor })
    totalSearches ??= page.totalSearches
    return { items: page.searches, nextCursor: page.nextCursor }
  }
  const fetchQuestions = async (cursor: string | undefined) => {
    const page = await client.assistantPage({ ...dates, cursor })
    return { items: page.conversations, nextCursor: page.nextCursor, hasMore: page.hasMore }
  }
  const fetchComments = async (cursor: string | undefined) => {
    const page = await client.feedbackPage({ ...dates, cursor, source: 'contextual' })
    return { items: page.feedback, nextCursor: page.nextCursor, hasMore: page.hasMore }
  }
  const commentsTitle = 'Readers\' comments (contextual feedback)'
  let searches = await cursorList<SearchRow>('Searches', Math.floor(budget.remaining / listsLeft), fetchSearches)
  let assistant = await cursorList<Conversation>('Assistant conversations', Math.floor(budget.remaining / (listsLeft - 1)), fetchQuestions)
  let feedback = rated > 0 ? await cursorList<FeedbackItem>(commentsTitle, budget.remaining, fetchComments) : undefined

  // a second pass: what the lists left unspent goes to those their share cut short, in the same order
  const shortened = [searches, assistant, feedback].filter((r) => r?.resume !== undefined).length
  if (shortened > 0 && budget.remaining > 0 && !cancelled) {
    let left = shortened
    const more = <T>(r: CursorExport<T> | undefined, title: string, fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>) =>
      r?.resume && budget.remaining > 0 ? cursorList<T>(`${title}, continued`, Math.ceil(budget.remaining / left--), fetchPage, r) : Promise.resolve(r)
    searches = await more(searches, 'Searches', fetchSearches)
    assistant = await more(assistant, 'Assistant conversations', fetchQuestions)
    feedback = await more(feedback, commentsTitle, fetchComments)
  }

  // the lists
  const searchSummary = summariseSearches(searches?.items ?? [], totalSearches)
  const questions = groupUnanswered(assistant?.items ?? [])
  const pages = downRatedPages(ratings, feedback?.items ?? [])
  const searchState = listState('searches', searches)
  const questionState = listState('assistant conversations', assistant)
  const commentState = rated > 0 ? listState('readers\' comments', feedback) : { complete: true, note: undefined }
  const pageState: ListState = !ratingsState.complete
    ? ratingsState
    : !commentState.complete
      ? { complete: false, note: `the pages are complete, but ${commentState.note}`, failed: commentState.failed }
      : { complete: true, note: ratingsHasMore ? 'the endpoint gives at most 100 pages' : undefined }
  const prompt = buildAgentPrompt({ project: settings.projectId, range, searches: searchSummary.deadEnds, questions, pages, perList: summaryRows })

  ctx.outputs.set('dead-end-searches', searchSummary.deadEnds.length)
  ctx.outputs.set('unanswered-questions', questions.length)
  ctx.outputs.set('down-rated-pages', pages.length)
  ctx.outputs.set('agent-prompt', prompt)

  const states = [searchState, questionState, pageState]
  const lists = { searches: searchSummary.deadEnds, questions, pages }
  let files: { json: string } | undefined
  const notes: string[] = []
  try {
    const base = `mintlify-insights-${settings.projectId}-${dateFrom?.sent ?? 'start'}-to-${dateTo.sent}`
    files = await writeInsightsFiles(ctx.dir, base, {
      project: settings.projectId,
      range: rangeMeta(range, dateFrom, dateTo),
      fetchedAt: new Date(ctx.clock.now()).toISOString(),
      requests: { max: budget.max, spent: budget.spent },
      lists: {
        deadEndSearches: { ...searchState, totalSearches: searchSummary.totalSearches, clickThrough: searchSummary.clickThrough ?? null, items: searchSummary.deadEnds },
        unansweredQuestions: { ...questionState, items: questions },
        downRatedPages: { ...pageState, items: pages },
      },
      agentPrompt: prompt,
      fetched: { feedbackByPage: ratings, searches: searches?.items ?? [], conversations: assistant?.items ?? [], contextualFeedback: feedback?.items ?? [] },
    }, lists)
    ctx.outputs.set('insights-json', files.json)
    core.info(`Wrote ${files.json} and one CSV per list beside it.`)
  } catch (error) {
    notes.push(`Could not write the insights files in ${ctx.dir}: ${getErrorMessage(error)}`)
  }

  const incomplete = states.filter((s) => !s.complete)
  let outcome: 'complete' | 'incomplete' | 'error' | 'cancelled' = incomplete.length === 0 && notes.length === 0 ? 'complete' : 'incomplete'
  // a failure only when no list is complete and a request failed for real; a spent budget is a warning
  if (cancelled) outcome = 'cancelled'
  else if (incomplete.length === states.length && states.some((s) => s.failed)) outcome = 'error'
  const message = cancelled
    ? 'Cancelled. What was fetched is in the files and the summary.'
    : incomplete.length > 0
      ? `${incomplete.length === states.length ? 'No list is complete' : `${count(incomplete.length, 'list is', 'lists are')} incomplete`}: ${incomplete.map((s) => (s.note ?? 'stopped early').replace(/\.$/, '')).join('; ')}. What was fetched is kept.`
      : notes[0]
  if (message && outcome !== 'complete') notes.unshift(message)
  const summary = renderInsightsSummary({
    projectId: settings.projectId,
    range,
    summaryRows,
    searches: { list: searchSummary.deadEnds, totalSearches: searchSummary.totalSearches, clickThrough: searchSummary.clickThrough, ...searchState },
    questions: { list: questions, asked: questions.reduce((a, q) => a + q.asked, 0), ...questionState },
    pages: { list: pages, rated: ratings.length, ...pageState },
    requests: { spent: budget.spent, max: budget.max },
    notes,
    failed: outcome === 'error' || outcome === 'cancelled',
    files,
    promptChars: prompt.length,
    pin: describePin(dateTo),
  })
  // each incomplete list is its own problem (its own annotation)
  const problems = cancelled ? undefined : incomplete.map((s) => `Incomplete: ${(s.note ?? 'stopped early').replace(/\.$/, '')}. What was fetched is kept.`)
  return { summary, ending: exportEnding(outcome, message, problems) }
}
