import * as core from '../util/actions-core.js'
import type { TrafficKind, VisitorRow } from '../service/schemas.js'
import { type RangeEnd, describeEnd, describeRange, pinOpenEnd } from '../inputs/dates.js'
import type { VisitorsViewsSettings } from './inputs.js'
import { renderVisitorsViewsSummary } from './summary.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { count } from '../util/format.js'
import { type Comparison, changePercent, joinPeriods } from '../analytics/compare.js'
import { type ExportMeta, type PeriodMeta, rangeMeta, writeExportFiles } from '../analytics/export-files.js'
import { PartialExportError, type TrafficExport, compareRows, exportTraffic } from '../analytics/offset-export.js'
import { previousPeriod } from '../analytics/periods.js'
import { exportEnding } from '../util/ending.js'
import type { Job, ModeContext, Report } from '../modes/context.js'

/** What the traffic export needs of the run. */
type TrafficContext = Pick<ModeContext, 'client' | 'outputs' | 'dir'> & { now: () => number }

const WHAT: Record<TrafficKind, string> = { visitors: 'unique visitors', views: 'page views' }

interface Period {
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

/**
 * `mode: visitors` and `mode: views`: export every page of the range (and, with compare, of the
 * period before it), write the files and outputs, render the summary; never throws. A list cut short
 * is a warning, a failure fails the step; what was fetched is kept either way.
 */
export async function run(settings: VisitorsViewsSettings, mode: ModeContext): Promise<Report> {
  const ctx: TrafficContext = { client: mode.client, outputs: mode.outputs, dir: mode.dir, now: () => mode.clock.now() }
  const kind = settings.mode
  const { dateFrom, summaryRows, compare } = settings.pages
  const dateTo = pinOpenEnd(settings.pages.dateTo, ctx.now())
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

  // Nothing fetched is thrown away: whatever arrived is sorted, written and reported.
  const sorted: VisitorRow[] = [...current.result.rows.values()].sort(compareRows)
  const comparison: Comparison | undefined = previous && {
    previousTotals: previous.result.totals,
    previousRange: previous.range,
    previousComplete: whole(previous),
    rows: joinPeriods(current.result.rows, previous.result.rows),
  }
  const failure = current.failure ?? previous?.failure
  const { files, writeFailure } = current.result.totals
    ? await writeFiles(settings, ctx, { current, previous, comparison, sorted })
    : { files: undefined, writeFailure: undefined }
  if (comparison?.previousTotals && current.result.totals) {
    ctx.outputs.set('previous-total', comparison.previousTotals.total)
    ctx.outputs.set('change-percent', changePercent(current.result.totals.total, comparison.previousTotals.total))
    if (!comparison.previousComplete) {
      notes.push(
        'The previous period is incomplete: its totals (sent with every page) are complete, ' +
          'so previous-total and change-percent stand, but the page-level changes are not shown.',
      )
    }
  }

  let outcome: 'complete' | 'incomplete' | 'error' | 'cancelled' = notes.length > 0 ? 'incomplete' : 'complete'
  let message = notes[0]
  const stop = failure ?? writeFailure
  if (stop !== undefined) {
    outcome = stop instanceof CancelledError ? 'cancelled' : 'error'
    const what = outcome === 'cancelled' ? 'Cancelled.' : getErrorMessage(stop)
    // the stop came from the previous period when this one and the files are fine: name it
    const stopped = current.failure === undefined && writeFailure === undefined ? previous : undefined
    const kept = files ? ` They are in ${files.csv} and ${files.json} (marked incomplete).` : ''
    const fetched = stopped
      ? `${count(stopped.result.rows.size, 'row', 'rows')} of the previous period had been ` +
        `fetched (${count(stopped.result.pages, 'page', 'pages')} of results)`
      : `${count(current.result.rows.size, 'row', 'rows')} had been fetched ` +
        `(${count(current.result.pages, 'page', 'pages')} of results)`
    message = `${what}${stopped ? ' (in the previous period)' : ''} ${fetched} before that.${kept}`
    notes.unshift(message)
  }
  const summary = renderVisitorsViewsSummary({
    kind,
    projectId: settings.projectId,
    range: current.range,
    totals: current.result.totals,
    sorted,
    summaryRows,
    pathCount: sorted.length,
    files,
    notes,
    failed: stop !== undefined,
    comparison,
    pin: describeEnd(dateTo, ctx.now()),
  })
  return { summary, ending: exportEnding(outcome, message) }
}

/**
 * This mode as jobs.ts runs it: its run, and the analytics requests it may send: max-requests, for
 * the export's pages, and the period before.
 */
export const job: Job<VisitorsViewsSettings> = { run, analyticsBudget: (settings) => settings.pages.maxRequests }

/** The export's files (JSON and CSV, every page) and their outputs; a failure to write is kept, not thrown. */
async function writeFiles(
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
