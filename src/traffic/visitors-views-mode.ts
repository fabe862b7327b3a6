import type { VisitorRow } from '../service/schemas.js'
import { describeEnd, pinOpenEnd } from '../inputs/dates.js'
import type { VisitorsViewsSettings } from './inputs.js'
import { renderVisitorsViewsSummary } from './summary.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count } from '../util/format.js'
import { changePercent } from '../analytics/compare.js'
import { compareRows } from '../analytics/offset-export.js'
import { exportEnding } from '../util/ending.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { type TrafficContext, exportPeriods, writeFiles } from './export.js'

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
  // 1. every page of the range, and with compare the period before it
  const { current, previous, comparison, notes } = await exportPeriods(settings, ctx, dateFrom, dateTo, compare)
  // Nothing fetched is thrown away: whatever arrived is sorted, written and reported.
  const sorted: VisitorRow[] = [...current.result.rows.values()].sort(compareRows)
  const failure = current.failure ?? previous?.failure
  // 2. the files, and what they hold as outputs
  const { files, writeFailure } = current.result.totals
    ? await writeFiles(settings, ctx, { current, previous, comparison, sorted })
    : { files: undefined, writeFailure: undefined }
  // 3. the change against the period before, and how the step ends
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
  // 4. the summary
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
