import * as core from '../util/actions-core.js'
import { ApiError } from '../service/errors.js'
import type { Conversation, FeedbackItem, PageRating, SearchRow } from '../service/schemas.js'
import type { ApiClient } from '../service/client.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count } from '../util/format.js'
import { type CursorExport, type CursorPage, exportCursor } from './cursor-export.js'
import {
  type DownRatedPage,
  type SearchSummary,
  type UnansweredQuestion,
  downRatedPages,
  groupUnanswered,
  summariseSearches,
} from './insights.js'
import type { RequestBudget } from './request-budget.js'

/**
 * What readers could not find in a range, within a request budget: the one reader of the insights
 * endpoints (insights and health). Feedback by page first (one request); then searches, assistant
 * conversations and, where a page is rated down, readers' comments, each a fair share of what is
 * left (a third, a half, the rest), so no list starves the others; a second pass gives what is left
 * to the lists their share cut short. The client refuses any request past the budget.
 */

/** Whether a list is complete and, when not, why. */
export interface ListState {
  complete: boolean
  /** Why not complete, or anything to know. */
  note: string | undefined
  /** A request failed after its retries (not only the budget running out). */
  failed?: boolean
}

export interface GatheredInsights {
  searchSummary: SearchSummary
  questions: UnansweredQuestion[]
  pages: DownRatedPage[]
  searchState: ListState
  questionState: ListState
  pageState: ListState
  /** What was fetched, as the API sent it (for the files). */
  ratings: PageRating[]
  searches: SearchRow[]
  conversations: Conversation[]
  feedback: FeedbackItem[]
  /** The run was cancelled part-way: what was fetched is here. */
  cancelled: boolean
}

/** "Incomplete: searches its share of max-requests was spent after 3 pages" (no full stop: callers add what follows). */
export function incompleteNote(state: ListState): string {
  return `Incomplete: ${(state.note ?? 'stopped early').replace(/\.$/, '')}`
}

type InsightsClient = Pick<ApiClient, 'searchesPage' | 'assistantPage' | 'feedbackPage' | 'feedbackByPage'>

function listState<T>(name: string, result: CursorExport<T> | undefined): ListState {
  if (!result) return { complete: false, note: 'not fetched: max-requests was spent before it' }
  if (result.complete) return { complete: true, note: undefined }
  const error = result.error === undefined ? '' : `: ${getErrorMessage(result.error)}`
  return {
    complete: false,
    note: `${name} ${result.stoppedEarly ?? 'stopped early'}${error}`,
    failed: result.error !== undefined,
  }
}

export async function gatherInsights(
  client: InsightsClient,
  budget: RequestBudget,
  dates: { dateFrom?: string; dateTo?: string },
): Promise<GatheredInsights> {
  const lists = lister(budget)

  // 1. which pages are rated down: one request
  const rating = await readRatings(client, dates, lists)
  const rated = rating.ratings.filter((r) => r.thumbsDown > r.thumbsUp).length
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
  const commentsTitle = "Readers' comments (contextual feedback)"
  let searches = await lists.cursor<SearchRow>('Searches', Math.floor(budget.remaining / listsLeft), fetchSearches)
  let assistant = await lists.cursor<Conversation>(
    'Assistant conversations',
    Math.floor(budget.remaining / (listsLeft - 1)),
    fetchQuestions,
  )
  let feedback =
    rated > 0 ? await lists.cursor<FeedbackItem>(commentsTitle, budget.remaining, fetchComments) : undefined

  // a second pass: what the lists left unspent goes to those their share cut short, in the same order
  const shortened = [searches, assistant, feedback].filter((r) => r?.resume !== undefined).length
  if (shortened > 0 && budget.remaining > 0 && !lists.cancelled()) {
    let left = shortened
    const more = <T>(
      r: CursorExport<T> | undefined,
      title: string,
      fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
    ) =>
      r?.resume && budget.remaining > 0
        ? lists.cursor<T>(`${title}, continued`, Math.ceil(budget.remaining / left--), fetchPage, r)
        : Promise.resolve(r)
    searches = await more(searches, 'Searches', fetchSearches)
    assistant = await more(assistant, 'Assistant conversations', fetchQuestions)
    feedback = await more(feedback, commentsTitle, fetchComments)
  }
  return gathered({ rating, rated, searches, assistant, feedback, totalSearches, cancelled: lists.cancelled() })
}

/** How the lists are fetched: each in a log group, within its share of the budget. */
function lister(budget: RequestBudget) {
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
  const cursor = <T>(
    what: string,
    share: number,
    fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
    from?: CursorExport<T>,
  ) =>
    guard(what, async () => {
      const result = await exportCursor<T>({
        fetchPage,
        budget,
        share,
        from,
        onPage: (pages, items, more) =>
          core.info(`Page ${pages}: ${count(items, 'item', 'items')}${more ? ', more to come' : ', the last'}.`),
      })
      if (result.error instanceof CancelledError) throw result.error
      if (!result.complete)
        core.info(
          `Stopped: ${result.stoppedEarly ?? 'early'}` +
            `${result.error === undefined ? '' : ` (${getErrorMessage(result.error)})`}.`,
        )
      return result
    })
  return { guard, cursor, cancelled: () => cancelled }
}

interface Rating {
  ratings: PageRating[]
  state: ListState
  hasMore: boolean
}

/** The pages' thumbs up and down: one request (the endpoint gives at most 100 pages). */
async function readRatings(
  client: InsightsClient,
  dates: { dateFrom?: string; dateTo?: string },
  lists: ReturnType<typeof lister>,
): Promise<Rating> {
  const rating: Rating = { ratings: [], state: { complete: false, note: 'not fetched' }, hasMore: false }
  await lists.guard('Feedback by page', async () => {
    try {
      const page = await client.feedbackByPage(dates)
      rating.ratings = page.feedback
      rating.hasMore = page.hasMore === true
      rating.state = { complete: true, note: undefined }
      core.info(
        `${count(rating.ratings.length, 'page', 'pages')} with feedback` +
          `${rating.hasMore ? ' (the endpoint gives at most 100)' : ''}.`,
      )
    } catch (error) {
      if (error instanceof CancelledError) throw error
      const spent = error instanceof ApiError && error.kind === 'budget'
      rating.state = {
        complete: false,
        note: `feedback by page ${spent ? 'was not fetched: max-requests was spent' : `failed: ${getErrorMessage(error)}`}`,
        failed: !spent,
      }
      core.info(`Stopped: ${rating.state.note ?? 'early'}.`)
    }
  })
  return rating
}

/** The lists made from what was fetched, each with whether it is complete. */
function gathered(o: {
  rating: Rating
  rated: number
  searches: CursorExport<SearchRow> | undefined
  assistant: CursorExport<Conversation> | undefined
  feedback: CursorExport<FeedbackItem> | undefined
  totalSearches: number | undefined
  cancelled: boolean
}): GatheredInsights {
  const { rating, rated, searches, assistant, feedback } = o
  const commentState = rated > 0 ? listState("readers' comments", feedback) : { complete: true, note: undefined }
  const pageState: ListState = !rating.state.complete
    ? rating.state
    : !commentState.complete
      ? {
          complete: false,
          note: `the pages are complete, but ${commentState.note ?? 'their comments are not'}`,
          failed: commentState.failed,
        }
      : { complete: true, note: rating.hasMore ? 'the endpoint gives at most 100 pages' : undefined }
  return {
    searchSummary: summariseSearches(searches?.items ?? [], o.totalSearches),
    questions: groupUnanswered(assistant?.items ?? []),
    pages: downRatedPages(rating.ratings, feedback?.items ?? []),
    searchState: listState('searches', searches),
    questionState: listState('assistant conversations', assistant),
    pageState,
    ratings: rating.ratings,
    searches: searches?.items ?? [],
    conversations: assistant?.items ?? [],
    feedback: feedback?.items ?? [],
    cancelled: o.cancelled,
  }
}
