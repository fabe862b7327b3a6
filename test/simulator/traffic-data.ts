/**
 * The simulator's offset-paged traffic endpoints (unique visitors, page views): validation like the
 * real API (400 with `details`), offset paging with hasMore, totals that are site-wide (not the sum
 * of the rows), live data that can move between pages while an export runs, and, when `byRange` is
 * set, different data for different date ranges (kept per range, so paging through one is stable).
 */

export interface VisitorRow {
  path: string
  human: number
  ai: number
  total: number
}

export interface VisitorTotals {
  human: number
  ai: number
  total: number
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** A deterministic data set of `n` pages with varied counts. */
export function generateRows(n: number, seed = 1): VisitorRow[] {
  const rows: VisitorRow[] = []
  let x = seed
  const next = (): number => {
    x = (x * 1103515245 + 12345) % 2147483648
    return x >>> 8 // the low bits of this generator repeat quickly
  }
  for (let i = 0; i < n; i++) {
    const human = next() % 5000
    const ai = next() % 2000
    const total = Math.max(human, ai) + Math.floor(Math.min(human, ai) * 0.8)
    rows.push({ path: `/docs/section-${Math.floor(i / 100)}/page-${i}`, human, ai, total })
  }
  return rows
}

/**
 * A week's worth of pages for the range starting `dateFrom`: consecutive weeks share most paths
 * (some rise, some fall), and each week 5 pages appear and 5 go quiet, so a comparison has
 * something to show. Deterministic.
 */
export function periodRows(dateFrom: string | null, n: number, scale = 1): VisitorRow[] {
  const day = dateFrom ? Math.floor(Date.parse(dateFrom.slice(0, 10)) / 86_400_000) : 0
  const week = Math.floor(day / 7)
  const rows: VisitorRow[] = []
  for (let i = 0; i < n; i++) {
    const page = week * 5 + i
    let x = (page * 2654435761 + week * 40503) >>> 0
    const next = (): number => (x = (x * 1103515245 + 12345) >>> 0) >>> 8
    const human = Math.round(((next() % 4000) + 100) * scale)
    const ai = Math.round(((next() % 1500) + 20) * scale)
    rows.push({
      path: `/docs/guide/page-${page}`,
      human,
      ai,
      total: Math.max(human, ai) + Math.floor(Math.min(human, ai) * 0.8),
    })
  }
  return rows
}

export class TrafficData {
  rows: VisitorRow[]
  /** When set, the rows a query gets depend on its range (each range's rows are kept once made). */
  byRange: ((dateFrom: string | null, dateTo: string | null) => VisitorRow[]) | undefined
  private readonly ranges = new Map<string, VisitorRow[]>()
  /** Site-wide totals; by default derived from the rows, and deliberately not their sum. */
  totals: VisitorTotals | undefined
  /** After each page served, move this many rows from the end to the front (live data). */
  moveAfterEachPage = 0
  /** Serve at most this many rows a page, whatever limit asks for (a lowered maximum). */
  maxRowsPerPage = Number.POSITIVE_INFINITY
  /** Queries received, as parsed. */
  readonly queries: Array<Record<string, string>> = []

  /** `key` is where a page's rows go in the body: `visitors` or `views`. */
  constructor(
    rows: VisitorRow[],
    readonly key: 'visitors' | 'views' = 'visitors',
  ) {
    this.rows = rows
  }

  /** The rows for a query's range. */
  rowsFor(dateFrom: string | null, dateTo: string | null): VisitorRow[] {
    if (!this.byRange) return this.rows
    const key = `${dateFrom ?? ''}|${dateTo ?? ''}`
    let rows = this.ranges.get(key)
    if (!rows) this.ranges.set(key, (rows = this.byRange(dateFrom, dateTo)))
    return rows
  }

  /** The service corrected its data: every range is made afresh from byRange. */
  correct(): void {
    this.ranges.clear()
  }

  currentTotals(rows: VisitorRow[] = this.rows): VisitorTotals {
    if (this.totals && !this.byRange) return this.totals
    let human = 0
    let ai = 0
    let total = 0
    for (const r of rows) {
      human += r.human
      ai += r.ai
      total += r.total
    }
    return { human: Math.round(human * 0.7), ai: Math.round(ai * 0.8), total: Math.round(total * 0.75) }
  }

  answer(params: URLSearchParams): { status: number; body: unknown } {
    const query = Object.fromEntries(params.entries())
    this.queries.push(query)
    const problems: string[] = []
    const int = (name: string, fallback: number, min: number, max: number): number => {
      const raw = params.get(name)
      if (raw === null) return fallback
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        problems.push(`${name} must be an integer from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any' : max}`)
        return fallback
      }
      return Number(raw)
    }
    const limit = int('limit', 50, 1, 250)
    const offset = int('offset', 0, 0, Number.MAX_SAFE_INTEGER)
    for (const name of ['dateFrom', 'dateTo']) {
      const raw = params.get(name)
      if (raw !== null && (!DATE.test(raw) || Number.isNaN(Date.parse(raw))))
        problems.push(`${name} must be an ISO 8601 date`)
    }
    if (problems.length > 0) {
      return {
        status: 400,
        body: { error: 'Invalid query parameters', details: problems.map((message) => ({ message })) },
      }
    }
    const rows = this.rowsFor(params.get('dateFrom'), params.get('dateTo'))
    const served = Math.min(limit, this.maxRowsPerPage)
    const page = rows.slice(offset, offset + served)
    const body = { totals: this.currentTotals(rows), [this.key]: page, hasMore: offset + served < rows.length }
    for (let i = 0; i < this.moveAfterEachPage && rows.length > 1; i++) {
      rows.unshift(rows.pop() as VisitorRow)
    }
    return { status: 200, body }
  }
}
