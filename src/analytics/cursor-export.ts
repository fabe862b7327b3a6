import { ApiError } from '../service/errors.js'
import { count, formatNumber } from '../util/format.js'
import type { RequestBudget } from './request-budget.js'

/**
 * The export of every cursor-paged analytics endpoint (searches, assistant, feedback): pages at the
 * largest size while the endpoint says there is more. It stops, keeping what it fetched, when its
 * share of max-requests is spent, a request fails, or the API repeats a cursor (never an endless loop).
 */

const MAX_CURSOR_PAGES = 1000

export interface CursorPage<T> {
  items: T[]
  nextCursor: string | null | undefined
  /** Absent for endpoints that have none (`/searches`). */
  hasMore?: boolean
}

export interface CursorExport<T> {
  items: T[]
  pages: number
  complete: boolean
  /** Why it stopped early, in words; undefined when complete. */
  stoppedEarly: string | undefined
  /** The request that failed after its retries, if one did. */
  error: unknown
  /** Set when only its share stopped it: where to go on from with more of the budget (no cursor: the first page). */
  resume: { cursor: string | undefined } | undefined
}

export interface CursorOptions<T> {
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>
  budget: RequestBudget
  /** The most requests (retries included) this export may spend of the budget. */
  share: number
  maxPages?: number
  onPage?: (pages: number, items: number, more: boolean) => void
  /** Go on from an earlier export that its share stopped (its `resume`); items and pages add up. */
  from?: CursorExport<T>
}

export async function exportCursor<T>(options: CursorOptions<T>): Promise<CursorExport<T>> {
  const { budget, share } = options
  const maxPages = options.maxPages ?? MAX_CURSOR_PAGES
  const start = budget.spent
  const result: CursorExport<T> = options.from
    ? { ...options.from, complete: false, stoppedEarly: undefined, error: undefined, resume: undefined }
    : { items: [], pages: 0, complete: false, stoppedEarly: undefined, error: undefined, resume: undefined }
  const seen = new Set<string>()
  let cursor: string | undefined = options.from?.resume?.cursor
  for (;;) {
    if (budget.spent - start >= share) {
      result.resume = { cursor }
      result.stoppedEarly =
        result.pages === 0
          ? 'not fetched: max-requests was spent before it'
          : `its share of max-requests was spent after ${count(result.pages, 'page', 'pages')}`
      return result
    }
    let page: CursorPage<T>
    try {
      page = await options.fetchPage(cursor)
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'budget') {
        result.stoppedEarly = `max-requests was spent after ${count(result.pages, 'page', 'pages')}`
      } else {
        result.error = error
        result.stoppedEarly = `a request failed after ${count(result.pages, 'page', 'pages')}`
      }
      return result
    }
    result.pages++
    result.items.push(...page.items)
    const next = typeof page.nextCursor === 'string' && page.nextCursor !== '' ? page.nextCursor : undefined
    const more = next !== undefined && page.hasMore !== false
    options.onPage?.(result.pages, page.items.length, more)
    if (!more) {
      result.complete = true
      return result
    }
    if (seen.has(next)) {
      result.stoppedEarly = 'the API sent a cursor it had sent before; stopped there'
      return result
    }
    if (result.pages >= maxPages) {
      result.stoppedEarly = `reached the bound of ${formatNumber(maxPages)} pages; stopped there`
      return result
    }
    seen.add(next)
    cursor = next
  }
}
