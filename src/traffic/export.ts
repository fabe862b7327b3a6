import * as core from '../util/actions-core.js'
import type { TrafficKind, VisitorRow } from '../service/schemas.js'
import { type RangeEnd, describeRange } from '../inputs/dates.js'
import type { VisitorsViewsSettings } from './inputs.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { count } from '../util/format.js'
import { type Comparison, joinPeriods } from '../analytics/compare.js'
import { type ExportMeta, type PeriodMeta, rangeMeta, writeExportFiles } from '../analytics/export-files.js'
import { PartialExportError, type TrafficExport, exportTraffic } from '../analytics/offset-export.js'
import { previousPeriod } from '../analytics/periods.js'
import type { ModeContext } from '../modes/context.js'

/**
 * The visitors and views export: every page of a range, and the period before it to compare with,
 * each in its own log group; then the files (JSON and CSV) that hold them.
 */

/** What the traffic export needs of the run. */
export type TrafficContext = Pick<ModeContext, 'client' | 'outputs' | 'dir'> & { now: () => number }

const WHAT: Record<TrafficKind, string> = { visitors: 'unique visitors', views: 'page views' }

export interface Period {
  from: RangeEnd | undefined
  to: RangeEnd | undefined
  range: string
  result: TrafficExport
  failure: unknown
}

/** One period's export, in its own log group; what was fetched is kept whatever happens. */
async function exportPeriod(
  settings: VisitorsViewsSettings,
  ctx: TrafficContext,
  from: RangeEnd | undefined,
  to: RangeEnd | undefined,
  previous: boolean,
): Promise<Period> {
  const kind = settings.mode
  const { pageSize } = settings.pages
  const range = describeRange(from, to)
  let result: TrafficExport = { totals: undefined, rows: new Map(), pages: 0, repeats: 0, stoppedEarly: undefined }
  let failure: unknown
  const label = previous ? 'Previous period' : 'Page'
  await core.group(`Export ${WHAT[kind]}${previous ? ' of the previous period' : ''}`, async () => {
    const sent = [from && `dateFrom=${from.sent}`, to && `dateTo=${to.sent} (exclusive)`].filter(Boolean).join(', ')
    core.info(
      `Project ${external(settings.projectId, 80)}, ${range}${sent ? ` (${sent})` : ''}, ${pageSize} rows per request.`,
    )
    try {
      result = await exportTraffic({
        client: ctx.client,
        kind,
        dateFrom: from?.sent,
        dateTo: to?.sent,
        pageSize,
        period: previous ? 'the previous period' : undefined,
        onPage: ({ offset, rows, hasMore, result: r }) => {
          core.info(
            `${label}${previous ? ', page' : ''} ${r.pages} (offset ${offset}): ${count(rows, 'row', 'rows')}${hasMore ? ', more to come' : ', the last'}.`,
          )
          if (!previous && r.totals) {
            ctx.outputs.set('human', r.totals.human)
            ctx.outputs.set('ai', r.totals.ai)
            ctx.outputs.set('total', r.totals.total)
          }
        },
      })
    } catch (error) {
      if (!(error instanceof PartialExportError)) throw error
      result = error.partial
      failure = error.reason
    }
  })
  if (result.repeats > 0) {
    core.info(
      `${result.repeats} rows repeated a path already exported (the data moved between ` +
        `pages while paging); each path is kept once, first seen wins.`,
    )
  }
  return { from, to, range, result, failure }
}

/** Whether a period's export got every page: no failure, no bound. */
const whole = (p: Period): boolean => p.failure === undefined && !p.result.stoppedEarly

function periodMeta(p: Period): PeriodMeta {
  return {
    range: rangeMeta(p.range, p.from, p.to),
    complete: whole(p),
    pages: p.result.pages,
    totals: p.result.totals ?? null,
  }
}

/** The range's export and, with compare, the period before it (only when the range came whole). */
export async function exportPeriods(
  settings: VisitorsViewsSettings,
  ctx: TrafficContext,
  dateFrom: RangeEnd | undefined,
  dateTo: RangeEnd | undefined,
  compare: boolean,
): Promise<{ current: Period; previous: Period | undefined; comparison: Comparison | undefined; notes: string[] }> {
  const current = await exportPeriod(settings, ctx, dateFrom, dateTo, false)
  const notes: string[] = []
  if (current.result.stoppedEarly) notes.push(`The export is incomplete: ${current.result.stoppedEarly}.`)

  let previous: Period | undefined
  if (compare && dateFrom && whole(current)) {
    const before = previousPeriod(dateFrom, dateTo, ctx.now())
    core.info(`Comparing with the previous period: ${count(before.days, 'day', 'days')} ending where this one starts.`)
    previous = await exportPeriod(settings, ctx, before.from, before.to, true)
    if (previous.result.stoppedEarly)
      notes.push(`The previous period's export is incomplete: ${previous.result.stoppedEarly}.`)
  } else if (compare) {
    notes.push('The previous period was not fetched: this period is incomplete, so a comparison would mislead.')
  }
  const comparison: Comparison | undefined = previous && {
    previousTotals: previous.result.totals,
    previousRange: previous.range,
    previousComplete: whole(previous),
    rows: joinPeriods(current.result.rows, previous.result.rows),
  }
  return { current, previous, comparison, notes }
}

/** The export's files (JSON and CSV, every page) and their outputs; a failure to write is kept, not thrown. */
export async function writeFiles(
  settings: VisitorsViewsSettings,
  ctx: TrafficContext,
  o: { current: Period; previous: Period | undefined; comparison: Comparison | undefined; sorted: VisitorRow[] },
): Promise<{ files: { json: string; csv: string } | undefined; writeFailure: unknown }> {
  const { current, previous, comparison, sorted } = o
  const kind = settings.mode
  try {
    const { range, complete, pages, totals } = periodMeta(current)
    const fetchedAt = new Date(ctx.now()).toISOString()
    const meta: ExportMeta = {
      project: settings.projectId,
      range,
      fetchedAt,
      complete,
      pages,
      totals,
      ...(previous ? { previous: periodMeta(previous) } : {}),
    }
    const files = await writeExportFiles(ctx.dir, kind, meta, comparison ? comparison.rows : sorted)
    ctx.outputs.set('path-count', sorted.length)
    ctx.outputs.set(`${kind}-json`, files.json)
    ctx.outputs.set(`${kind}-csv`, files.csv)
    core.info(
      `Exported ${count(sorted.length, 'path', 'paths')} from ` +
        `${count(current.result.pages, 'page', 'pages')} of ` +
        `results${comparison ? ` (and ${count(comparison.rows.length - sorted.length, 'path', 'paths')} seen only in the previous period)` : ''} ` +
        `to ${files.csv} and ${files.json}.`,
    )
    return { files, writeFailure: undefined }
  } catch (error) {
    return {
      files: undefined,
      writeFailure: new Error(`Could not write the export files in ${ctx.dir}: ${getErrorMessage(error)}`),
    }
  }
}
