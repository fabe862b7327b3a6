import type { RangeEnd } from '../inputs/dates.js'
import { formatDay } from '../util/format.js'

/**
 * The period before a range, for `compare: previous-period`: as many whole UTC days as the range
 * spans, ending exactly where the range starts (the range's start, exclusive, is its end). With an
 * open end the range runs up to now, and today counts as a day: `date-from: 7d` at 10:00 spans 8
 * calendar days (7 full and today's part), so the previous period is the 8 days before it.
 */

const DAY_MS = 86_400_000

export interface PreviousPeriod {
  from: RangeEnd
  to: RangeEnd
  days: number
}

export function previousPeriod(from: RangeEnd, to: RangeEnd | undefined, now: number): PreviousPeriod {
  const end = to?.instant ?? now
  const days = Math.max(1, Math.ceil((end - from.instant) / DAY_MS))
  const instant = from.instant - days * DAY_MS
  const sent = from.dateOnly ? formatDay(instant) : new Date(instant).toISOString()
  return {
    from: { given: sent, sent, instant, dateOnly: from.dateOnly },
    to: { given: from.sent, sent: from.sent, instant: from.instant, dateOnly: from.dateOnly },
    days,
  }
}
