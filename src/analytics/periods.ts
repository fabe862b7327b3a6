import type { RangeEnd } from '../inputs/dates.js'
import { formatDay } from '../util/format.js'

/**
 * The period before a range (`compare: previous-period`): as many whole days, ending where it starts.
 * An open end counts today: `date-from: 7d` spans 8 days, so the period before is 8 days too.
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
