import { isPage, normalAddress, pageAddress } from '../site/addresses.js'
import type { Judged } from './new-known.js'

/**
 * The check's problems weighed by their readers: one page-views request for 30 days gives each
 * address its views. Those fewer than min-views readers visited are listed, not failing. Pure.
 */

/** The days the views cover, ending the day before the run's (whole days, UTC). */
export const VIEWS_DAYS = 30

/** The rows one request asks for: the most the views endpoint sends a request. */
export const VIEWS_LIMIT = 250

const DAY_MS = 86_400_000

/** The 30 whole UTC days before the run's, as the views endpoint takes them (dateTo exclusive). */
export function viewsRange(now: number): { dateFrom: string; dateTo: string; through: string } {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
  return { dateFrom: day(today - VIEWS_DAYS * DAY_MS), dateTo: day(today), through: day(today - DAY_MS) }
}

/** The views a check's problems were weighed by: the range (both days included), and min-views. */
export interface ViewsWeighed {
  dateFrom: string
  through: string
  minViews: number
}

/** An address's page views in the range: exactly, or at most (it was not among the rows the service sent). */
export type Readers = NonNullable<Judged['readers']>

/** One row of the views endpoint, as the check reads it. */
export interface ViewsRow {
  path: string
  total: number
}

/** An address as views and pages both name it: percent-decoded (an encoded `/` stays), in its plain form. */
export function viewsAddress(path: string): string {
  let decoded = path
  try {
    decoded = decodeURI(path)
  } catch {
    // a stray `%`: the path as written
  }
  return normalAddress(decoded)
}

/**
 * What one views request's rows say of an address: its views (`/a`, `/a/`, `/%61` added up); else
 * none where the rows are all there are, at most the last row's where they came most-viewed first,
 * and unknown otherwise (always with no rows at all: nothing says no one came).
 */
export function readersFrom(rows: readonly ViewsRow[], hasMore: boolean): (address: string) => Readers | undefined {
  const views = new Map<string, number>()
  for (const row of rows) {
    const address = viewsAddress(row.path)
    views.set(address, (views.get(address) ?? 0) + row.total)
  }
  const mostFirst = rows.every((row, i) => i === 0 || (rows[i - 1]?.total ?? 0) >= row.total)
  const last = rows.at(-1)
  return (address) => {
    const known = views.get(viewsAddress(address))
    if (known !== undefined) return { views: known }
    if (!last) return undefined
    if (!hasMore) return { views: 0 }
    return mostFirst ? { views: last.total, atMost: true } : undefined
  }
}

/**
 * Whether the rows are this site's views: some row is one of its pages. Rows of a site under a path
 * prefix, or of another project, match none and would weigh every address as unvisited.
 */
export function describesSite(rows: readonly ViewsRow[], pages: ReadonlySet<string>): boolean {
  const decoded = new Set([...pages].map(viewsAddress))
  return rows.some((row) => decoded.has(viewsAddress(row.path)))
}

/**
 * The address readers meet a problem at: a lost address, or the problem's page; none for the site's
 * own, nor a lost redirect's source (its readers were counted at its destination).
 */
export function addressOf({ problem }: Judged): string | undefined {
  if (problem.rule === 'lost-address') return problem.redirected ? undefined : problem.target
  return isPage(problem.file) ? pageAddress(problem.file) : undefined
}

/** Each problem with its readers; a new lost address fewer than `minViews` visited is `few-views`, not failing. */
export function weigh(
  judged: readonly Judged[],
  readersOf: (address: string) => Readers | undefined,
  minViews: number,
): Judged[] {
  return judged.map((j) => {
    const address = addressOf(j)
    const readers = address === undefined ? undefined : readersOf(address)
    if (!readers) return j
    const few = j.status === 'new' && j.problem.rule === 'lost-address' && readers.views < minViews
    return { ...j, readers, ...(few ? { status: 'few-views' as const } : {}) }
  })
}

/** Most readers first; a problem whose readers are not known after every one whose are. Stable for ties. */
export function byReaders(a: Judged, b: Judged): number {
  return (b.readers?.views ?? -1) - (a.readers?.views ?? -1)
}
