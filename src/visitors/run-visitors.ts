import * as core from '../util/actions-core.js'
import type { ApiClient } from '../api/client.js'
import type { VisitorRow } from '../api/schemas.js'
import { describeRange } from '../inputs/dates.js'
import type { VisitorsSettings } from '../inputs/settings.js'
import { renderVisitorsSummary } from '../summary/visitors-summary.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import type { Outputs } from '../util/outputs.js'
import { count, external } from '../util/text.js'
import { writeExportFiles } from './export-files.js'
import { PartialExportError, type VisitorsExport, compareRows, exportVisitors } from './export-visitors.js'

export interface VisitorsReport {
  outcome: 'complete' | 'incomplete' | 'error' | 'cancelled'
  /** Failure or warning text for the step's ending. */
  message: string | undefined
  summary: string
}

export interface VisitorsContext {
  client: ApiClient
  outputs: Outputs
  now: () => number
  /** Where the files go: RUNNER_TEMP, or the working directory. */
  dir: string
}

/** Runs visitors mode: export every page, write the files and outputs; never throws. */
export async function runVisitors(settings: VisitorsSettings, ctx: VisitorsContext): Promise<VisitorsReport> {
  const { dateFrom, dateTo, pageSize, summaryRows } = settings.visitors
  const range = describeRange(dateFrom, dateTo)
  let result: VisitorsExport | undefined
  let failure: unknown

  await core.group('Export unique visitors', async () => {
    const sent = [dateFrom && `dateFrom=${dateFrom.sent}`, dateTo && `dateTo=${dateTo.sent} (exclusive)`].filter(Boolean).join(', ')
    core.info(`Project ${external(settings.projectId, 80)}, ${range}${sent ? ` (${sent})` : ''}, ${pageSize} rows per request.`)
    try {
      result = await exportVisitors({
        client: ctx.client,
        dateFrom: dateFrom?.sent,
        dateTo: dateTo?.sent,
        pageSize,
        onPage: ({ offset, rows, hasMore, result: r }) => {
          core.info(`Page ${r.pages} (offset ${offset}): ${count(rows, 'row', 'rows')}${hasMore ? ', more to come' : ', the last'}.`)
          if (r.totals) {
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

  const exported = result as VisitorsExport
  const notes: string[] = []
  if (exported.repeats > 0) {
    core.info(`${exported.repeats} rows repeated a path already exported (the data moved between pages while paging); each path is kept once, first seen wins.`)
  }
  if (exported.stoppedEarly) notes.push(`The export is incomplete: ${exported.stoppedEarly}.`)

  // Nothing fetched is thrown away: whatever arrived is sorted, written and reported.
  const sorted: VisitorRow[] = [...exported.rows.values()].sort(compareRows)
  let files: { json: string; csv: string } | undefined
  if (exported.totals) {
    try {
      files = await writeExportFiles(
        ctx.dir,
        {
          project: settings.projectId,
          range: {
            description: range,
            requested: { dateFrom: dateFrom?.given ?? null, dateTo: dateTo?.given ?? null },
            sent: { dateFrom: dateFrom?.sent ?? null, dateTo: dateTo?.sent ?? null },
          },
          fetchedAt: new Date(ctx.now()).toISOString(),
          complete: failure === undefined && !exported.stoppedEarly,
          pages: exported.pages,
          totals: exported.totals,
        },
        sorted,
      )
      ctx.outputs.set('path-count', sorted.length)
      ctx.outputs.set('visitors-json', files.json)
      ctx.outputs.set('visitors-csv', files.csv)
      core.info(`Exported ${count(sorted.length, 'path', 'paths')} from ${count(exported.pages, 'page', 'pages')} of results to ${files.csv} and ${files.json}.`)
    } catch (error) {
      failure ??= new Error(`Could not write the export files in ${ctx.dir}: ${getErrorMessage(error)}`)
    }
  }

  let outcome: VisitorsReport['outcome'] = exported.stoppedEarly ? 'incomplete' : 'complete'
  let message = exported.stoppedEarly ? notes[0] : undefined
  if (failure !== undefined) {
    outcome = failure instanceof CancelledError ? 'cancelled' : 'error'
    const what = outcome === 'cancelled' ? 'Cancelled.' : getErrorMessage(failure)
    const kept = files ? ` They are in ${files.csv} and ${files.json} (marked incomplete).` : ''
    message = `${what} ${count(exported.rows.size, 'row', 'rows')} had been fetched (${count(exported.pages, 'page', 'pages')} of results) before that.${kept}`
    notes.unshift(message)
  }
  const summary = renderVisitorsSummary({
    projectId: settings.projectId,
    range,
    totals: exported.totals,
    sorted,
    summaryRows,
    pathCount: sorted.length,
    files,
    notes,
    failed: failure !== undefined,
  })
  return { outcome, message, summary }
}
