import type { ApiClient } from '../service/client.js'
import { ApiError } from '../service/errors.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { type ImpactWeek, normalPath, servedAs, servedPrefix } from './impact.js'
import { PartialExportError, exportTraffic } from '../analytics/offset-export.js'
import { weekEnd } from './weeks.js'

/**
 * One week of the pages followed for "did the docs change help": the whole site's page views of the
 * week (one views export at 250 rows a request: ceil(pages / 250) requests, the same engine the
 * views action exports with) and its feedback by page (one request: the API lists at most 100 pages
 * and has no paging). Only the followed pages' figures are kept, and the site's totals.
 */

export const VIEWS_PAGE_SIZE = 250

export type WeekRead = { week: ImpactWeek; sitePages: number } | { stopped: string; budget: boolean }

type WeekClient = Pick<ApiClient, 'trafficPage' | 'feedbackByPage'>

export async function readImpactWeek(client: WeekClient, start: string, paths: readonly string[]): Promise<WeekRead> {
  const dateTo = weekEnd(start)
  let views
  try {
    views = await exportTraffic({
      client,
      kind: 'views',
      dateFrom: start,
      dateTo,
      pageSize: VIEWS_PAGE_SIZE,
      period: `the week of ${start}`,
    })
  } catch (error) {
    if (error instanceof CancelledError) throw error
    return { stopped: getErrorMessage(error instanceof PartialExportError ? error.reason : error), budget: false }
  }
  if (views.stoppedEarly || !views.totals)
    return {
      stopped: views.stoppedEarly ?? 'the views export gave no totals',
      budget: /max-requests/.test(views.stoppedEarly ?? ''),
    }
  let feedback
  try {
    feedback = await client.feedbackByPage({ dateFrom: start, dateTo })
  } catch (error) {
    if (error instanceof CancelledError) throw error
    return { stopped: getErrorMessage(error), budget: error instanceof ApiError && error.kind === 'budget' }
  }

  const served = byPath(views.rows.values(), (row) => [row.human, row.ai])
  const rated = byPath(feedback.feedback, (row) => [row.thumbsUp, row.thumbsDown])
  const prefix = servedPrefix(paths, new Set(served.keys()))
  const week: ImpactWeek = {
    start,
    site: [views.totals.human, views.totals.ai],
    views: {},
    thumbs: {},
    thumbsWhole: !feedback.hasMore,
    covered: [...paths],
    prefix,
  }
  for (const path of paths) {
    const v = served.get(servedAs(path, prefix))
    if (v && (v[0] > 0 || v[1] > 0)) week.views[path] = v
    const t = rated.get(servedAs(path, prefix))
    if (t && (t[0] > 0 || t[1] > 0 || !week.thumbsWhole)) week.thumbs[path] = t
  }
  return { week, sitePages: served.size }
}

/** Two figures by page path, normalised (a trailing slash is the same page), rows of one path summed. */
function byPath<R extends { path: string }>(
  rows: Iterable<R>,
  figures: (row: R) => [number, number],
): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>()
  for (const row of rows) {
    const path = normalPath(row.path)
    const [a, b] = figures(row)
    const had = out.get(path) ?? [0, 0]
    out.set(path, [had[0] + a, had[1] + b])
  }
  return out
}
