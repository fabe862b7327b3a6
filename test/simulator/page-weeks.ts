import type { SimPageRating } from './insights-data.js'
import type { VisitorRow } from './traffic-data.js'

/**
 * Page views and thumbs per page and per week, for "did the docs change help": each page has a shape
 * (a function of the week's Monday), and a range's figures are the sums of its weeks, as the
 * service's are (page views are additive). Filler pages make the site as large as a test needs (250
 * rows a request), and the site's totals come from TrafficData (site-wide, not the rows' sum).
 */

export interface WeekFigures {
  human: number
  ai: number
  up?: number
  down?: number
}

export type Shape = (monday: string) => WeekFigures

const DAY = 86_400_000

/** The Mondays in [dateFrom, dateTo): the weeks a range holds (the action asks for whole weeks). */
export function mondaysIn(dateFrom: string | null, dateTo: string | null): string[] {
  if (!dateFrom || !dateTo) return []
  const out: string[] = []
  for (let t = Date.parse(dateFrom.slice(0, 10)); t < Date.parse(dateTo.slice(0, 10)); t += DAY) {
    if (new Date(t).getUTCDay() === 1) out.push(new Date(t).toISOString().slice(0, 10))
  }
  return out
}

/** A page that reads `before` a week until `from` (a Monday), then `after`. */
export const rises =
  (from: string, before: number, after: number): Shape =>
  (monday) => ({
    human: monday < from ? before : after,
    ai: Math.round((monday < from ? before : after) / 4),
    up: monday < from ? 1 : 3,
    down: monday < from ? 4 : 1,
  })
/** The same every week. */
export const flat =
  (human: number, ai = Math.round(human / 5)): Shape =>
  () => ({ human, ai, up: 2, down: 2 })
/** A page with none until `from`. */
export const added =
  (from: string, after: number): Shape =>
  (monday) =>
    monday < from ? { human: 0, ai: 0 } : { human: after, ai: Math.round(after / 3), up: 1, down: 0 }

export class PageWeeks {
  readonly shapes = new Map<string, Shape>()

  /** `filler` other pages (a few views each) make the views export that many rows longer; `prefix` serves every page under a path. */
  constructor(
    readonly filler = 0,
    readonly prefix = '',
  ) {}

  page(path: string, shape: Shape): this {
    this.shapes.set(path, shape)
    return this
  }

  private sums(dateFrom: string | null, dateTo: string | null): Array<[string, WeekFigures]> {
    const weeks = mondaysIn(dateFrom, dateTo)
    return [...this.shapes].map(([path, shape]) => {
      const total: WeekFigures = { human: 0, ai: 0, up: 0, down: 0 }
      for (const w of weeks) {
        const f = shape(w)
        total.human += f.human
        total.ai += f.ai
        total.up = (total.up ?? 0) + (f.up ?? 0)
        total.down = (total.down ?? 0) + (f.down ?? 0)
      }
      return [`${this.prefix}${path === '/' && this.prefix ? '' : path}` || '/', total]
    })
  }

  /** The views export's rows of a range: the shaped pages with any views, then the filler, most first. */
  views(dateFrom: string | null, dateTo: string | null): VisitorRow[] {
    const weeks = mondaysIn(dateFrom, dateTo).length
    const rows: VisitorRow[] = this.sums(dateFrom, dateTo)
      .filter(([, f]) => f.human + f.ai > 0)
      .map(([path, f]) => ({
        path,
        human: f.human,
        ai: f.ai,
        total: Math.max(f.human, f.ai) + Math.floor(Math.min(f.human, f.ai) * 0.8),
      }))
    for (let i = 0; i < this.filler; i++)
      rows.push({ path: `${this.prefix}/reference/item-${i}`, human: 3 * weeks, ai: weeks, total: 3 * weeks })
    return rows.sort((a, b) => b.total - a.total || a.path.localeCompare(b.path))
  }

  /** Feedback by page of a range: the pages with any thumbs, most first. */
  byPage(dateFrom: string | null, dateTo: string | null): SimPageRating[] {
    return this.sums(dateFrom, dateTo)
      .filter(([, f]) => (f.up ?? 0) + (f.down ?? 0) > 0)
      .map(([path, f]) => ({
        path,
        thumbsUp: f.up ?? 0,
        thumbsDown: f.down ?? 0,
        code: 0,
        total: (f.up ?? 0) + (f.down ?? 0),
      }))
      .sort((a, b) => b.total - a.total || a.path.localeCompare(b.path))
  }

  /** The sum of one page's shape over the Mondays given (what the action should report). */
  sum(path: string, mondays: readonly string[]): Required<WeekFigures> {
    const shape = this.shapes.get(path)
    const total = { human: 0, ai: 0, up: 0, down: 0 }
    for (const w of mondays) {
      const f = shape?.(w) ?? { human: 0, ai: 0 }
      total.human += f.human
      total.ai += f.ai
      total.up += f.up ?? 0
      total.down += f.down ?? 0
    }
    return total
  }
}
