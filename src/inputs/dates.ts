/**
 * The visitors range: `YYYY-MM-DD`, an ISO 8601 date-time, or `Nd` (N days before today, UTC).
 * `Nd` is sent as `YYYY-MM-DD`; the other forms are sent exactly as given.
 */

import { formatDay, formatTime } from '../util/format.js'

export const DATE_FORMS =
  'YYYY-MM-DD, an ISO 8601 date-time (2026-10-01T00:00:00Z), or Nd for N days before today in UTC (0d is today), from the year 2000 on'

export interface RangeEnd {
  /** As the user wrote it. */
  given: string
  /** As it goes to the API. */
  sent: string
  /** The instant it names (UTC; a date-time without offset is read as UTC). */
  instant: number
  /** True for a calendar date (YYYY-MM-DD or Nd), false for a date-time. */
  dateOnly: boolean
  /** An end the user left open, fixed by the run (pinOpenEnd), not given. */
  pinned?: boolean
}

const DAY_MS = 86_400_000

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Parses one end of the range; undefined when it is none of the accepted forms or not a real date. */
export function parseRangeEnd(text: string, now: number): RangeEnd | undefined {
  const value = text.trim()
  const relative = /^(\d{1,5})d$/.exec(value)
  if (relative) {
    const today = Math.floor(now / DAY_MS) * DAY_MS
    const instant = today - Number(relative[1]) * DAY_MS
    return { given: value, sent: formatDay(instant), instant, dateOnly: true }
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(value)
  if (!m) return undefined
  const [, y, mo, d, h, mi, s, frac, zone] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  // Date.UTC reads years 0-99 as 1900-1999; no analytics are that old anyway
  if (year < 2000) return undefined
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (h === undefined) return { given: value, sent: value, instant: Date.UTC(year, month - 1, day), dateOnly: true }
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s ?? 0)
  if (hour > 23 || minute > 59 || second > 59) return undefined
  let offsetMinutes = 0
  if (zone && zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)
    if (!z || Number(z[2]) > 23 || Number(z[3]) > 59) return undefined
    offsetMinutes = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]))
  }
  const ms = frac ? Math.floor(Number(frac) * 1000) : 0
  const instant = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000
  return { given: value, sent: value, instant, dateOnly: false }
}

/** The end of an export's range: the one given, else tomorrow (UTC), fixed for every page (the data is live). */
export function pinOpenEnd(to: RangeEnd | undefined, now: number): RangeEnd {
  if (to) return to
  const instant = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
  return { given: '', sent: formatDay(instant), instant, dateOnly: true, pinned: true }
}

/** What the range's end means, for summaries: an open end's pin, or a given end after today; else ''. */
export function describeEnd(to: RangeEnd, now: number): string {
  if (to.pinned) return describePin(to)
  const tomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
  return to.instant > tomorrow
    ? `date-to (${to.given}) is after today: the range has data up to now only, ${formatTime(now)}.`
    : ''
}

/** What a pinned end means, for summaries; '' for an end that was given. */
export function describePin(to: RangeEnd): string {
  return to.pinned
    ? `date-to was open, so every request was sent dateTo=${to.sent} (tomorrow in UTC, exclusive): one fixed end, so live data could not shift between pages.`
    : ''
}

/** The range in words, its exclusive end made plain (an end of 2026-11-01 reads "– 2026-10-31"). */
export function describeRange(from: RangeEnd | undefined, to: RangeEnd | undefined): string {
  if (!to) return from ? `since ${startWords(from)}` : 'all time'
  const end = to.pinned
    ? `today (${formatDay(to.instant - DAY_MS)})`
    : to.dateOnly
      ? formatDay(to.instant - DAY_MS)
      : `before ${formatTime(to.instant)}`
  if (!from) return to.pinned ? `all time up to ${end}` : to.dateOnly ? `up to and including ${end}` : end
  // one whole day reads as that day
  if (from.dateOnly && to.dateOnly && !to.pinned && to.instant - from.instant === DAY_MS) return startWords(from)
  return `${startWords(from)} – ${end}`
}

const startWords = (from: RangeEnd): string => (from.dateOnly ? formatDay(from.instant) : formatTime(from.instant))
