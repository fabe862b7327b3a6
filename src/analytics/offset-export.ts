import type { ApiClient } from '../service/client.js'
import { ApiError } from '../service/errors.js'
import type { TrafficKind, VisitorRow, VisitorTotals } from '../service/schemas.js'
import { count, formatNumber } from '../util/format.js'

/**
 * The export of every offset-paged analytics endpoint (visitors, page views): the offset grows by
 * the rows each page held, not by the page size asked, so a service that sends fewer loses no rows.
 * The data is live and rows can move between pages: a path seen twice is kept once, and counted.
 */

/** A hard bound on pages, so a misbehaving API can never keep an export going (250,000 rows at 250). */
const MAX_PAGES = 1000

export interface TrafficExport {
  totals: VisitorTotals | undefined
  /** Distinct paths, first seen wins, in the order they arrived. */
  rows: Map<string, VisitorRow>
  /** Pages received (requests that succeeded; a retried page counts once). */
  pages: number
  /** Rows that repeated a path already exported. */
  repeats: number
  /** Why the export stopped before hasMore was false, if it did. */
  stoppedEarly: string | undefined
}

export class PartialExportError extends Error {
  constructor(
    readonly partial: TrafficExport,
    readonly reason: unknown,
  ) {
    super('export stopped part-way')
    this.name = 'PartialExportError'
  }
}

export interface ExportOptions {
  client: Pick<ApiClient, 'trafficPage'>
  kind: TrafficKind
  dateFrom: string | undefined
  dateTo: string | undefined
  pageSize: number
  /** Which period this is, for messages ("the previous period"); none for a single export. */
  period?: string
  maxPages?: number
  /** Called after every page (for logs and outputs). */
  onPage?: (page: { offset: number; rows: number; hasMore: boolean; result: TrafficExport }) => void
}

export async function exportTraffic(options: ExportOptions): Promise<TrafficExport> {
  const { client, pageSize } = options
  const maxPages = options.maxPages ?? MAX_PAGES
  const result: TrafficExport = { totals: undefined, rows: new Map(), pages: 0, repeats: 0, stoppedEarly: undefined }
  for (let offset = 0; ;) {
    let page
    try {
      page = await client.trafficPage(options.kind, {
        dateFrom: options.dateFrom,
        dateTo: options.dateTo,
        limit: pageSize,
        offset,
        period: options.period,
      })
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'budget') {
        result.stoppedEarly = `max-requests was spent after ${count(result.pages, 'page', 'pages')} of results; stopped there`
        return result
      }
      throw new PartialExportError(result, error)
    }
    result.pages++
    result.totals = { human: page.totals.human, ai: page.totals.ai, total: page.totals.total }
    for (const row of page.rows) {
      if (result.rows.has(row.path)) result.repeats++
      else result.rows.set(row.path, { path: row.path, human: row.human, ai: row.ai, total: row.total })
    }
    options.onPage?.({ offset, rows: page.rows.length, hasMore: page.hasMore, result })
    if (!page.hasMore) return result
    if (page.rows.length === 0) {
      result.stoppedEarly = `the API sent an empty page at offset ${offset} but said there was more; stopped there`
      return result
    }
    if (result.pages >= maxPages) {
      result.stoppedEarly =
        `reached the bound of ${formatNumber(maxPages)} pages ` +
        `(${formatNumber(offset + page.rows.length)} rows); stopped there`
      return result
    }
    offset += page.rows.length
  }
}

/** Most first; ties by path (code-unit order, so the same data sorts the same everywhere). */
export function compareRows(a: VisitorRow, b: VisitorRow): number {
  if (a.total !== b.total) return b.total - a.total
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}
