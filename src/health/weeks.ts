import type { ApiClient } from '../service/client.js'
import { ApiError } from '../service/errors.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'

/** Whole weeks, Monday to Monday (UTC), and their totals: two requests a week, whatever the site's size. */

export interface WeekTotals {
  /** The week's Monday, YYYY-MM-DD. */
  start: string
  human: number
  ai: number
  /** Unique visitors, deduplicated across human and AI (not human + AI). */
  visitors: number
  views: number
  /** Assistant queries by caller that week (health reads the newest week's once). */
  callers?: { web: number; api: number; other: number; total: number }
}

const DAY = 86_400_000

/** The Mondays of the last `count` complete weeks before `now`, oldest first. */
export function completeWeeks(now: number, count: number): string[] {
  const today = Math.floor(now / DAY) * DAY
  // 1970-01-01 was a Thursday: days since the last Monday
  const sinceMonday = (Math.floor(today / DAY) + 3) % 7
  const thisMonday = today - sinceMonday * DAY
  const weeks: string[] = []
  for (let i = count; i >= 1; i--) weeks.push(new Date(thisMonday - i * 7 * DAY).toISOString().slice(0, 10))
  return weeks
}

/** The Monday `weeks` weeks after `start` (before it when negative). */
export const shiftWeeks = (start: string, weeks: number): string =>
  new Date(Date.parse(`${start}T00:00:00Z`) + weeks * 7 * DAY).toISOString().slice(0, 10)

/** The Monday after `start` (a week's exclusive end). */
export function weekEnd(start: string): string {
  return shiftWeeks(start, 1)
}

/** The Monday before `start`: the week before. */
export function weekBefore(start: string): string {
  return shiftWeeks(start, -1)
}

type TotalsClient = Pick<ApiClient, 'trafficPage'>

export interface WeeksFetched {
  weeks: WeekTotals[]
  /** The weeks asked for and not fetched: the budget ran out, or a request failed. */
  missing: string[]
  /** Why the fetch stopped early, if it did. */
  stopped?: string
}

/** Fetches the totals of `starts`, newest first; a spent budget or failed request leaves the rest `missing`. */
export async function fetchWeeks(
  client: TotalsClient,
  starts: readonly string[],
  maxWeeks: number,
): Promise<WeeksFetched> {
  const wanted = [...starts].sort().reverse()
  const weeks: WeekTotals[] = []
  let stopped: string | undefined
  for (const start of wanted) {
    if (weeks.length >= maxWeeks) {
      stopped ??= 'max-requests leaves no more for the trend this run'
      break
    }
    const query = { dateFrom: start, dateTo: weekEnd(start), limit: 1, offset: 0, period: `the week of ${start}` }
    try {
      const visitors = await client.trafficPage('visitors', query)
      const views = await client.trafficPage('views', query)
      weeks.push({
        start,
        human: visitors.totals.human,
        ai: visitors.totals.ai,
        visitors: visitors.totals.total,
        views: views.totals.total,
      })
    } catch (error) {
      if (error instanceof CancelledError) throw error
      stopped = error instanceof ApiError && error.kind === 'budget' ? 'max-requests was spent' : getErrorMessage(error)
      break
    }
  }
  const got = new Set(weeks.map((w) => w.start))
  return {
    weeks: weeks.reverse(),
    missing: wanted.filter((w) => !got.has(w)).reverse(),
    ...(stopped ? { stopped } : {}),
  }
}

/** The Monday (YYYY-MM-DD, UTC) of the week holding `instant`. */
export function weekOf(instant: number): string {
  const day = Math.floor(instant / DAY)
  return new Date((day - ((day + 3) % 7)) * DAY).toISOString().slice(0, 10)
}
