import { ApiError } from '../service/errors.js'
import type { Judged } from './new-known.js'
import { type PullPage, withViews } from '../site/pull-pages.js'
import { servedBy } from '../site/addresses.js'
import { pagesOf } from './tree-copy.js'
import {
  VIEWS_DAYS,
  VIEWS_LIMIT,
  type ViewsWeighed,
  addressOf,
  describesSite,
  readersFrom,
  viewsRange,
  weigh,
} from './readers.js'
import type { CheckSettings } from './inputs.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatNumber } from '../util/format.js'
import { external } from '../util/text.js'
import type { ModeContext } from '../modes/context.js'

/** A pull request's problems weighed by their readers: one request, only for a new problem at an address. */

export async function weighByReaders(
  settings: CheckSettings,
  ctx: Pick<ModeContext, 'client' | 'clock'>,
  site: { judged: Judged[]; notes: string[]; folder: string; listed?: PullPage[] | undefined },
): Promise<{ judged: Judged[]; views?: ViewsWeighed; pages?: PullPage[] }> {
  const { judged, notes, listed } = site
  const wanted = settings.check.views
  const weighs = judged.some((j) => j.status === 'new' && addressOf(j) !== undefined)
  // the same request shows the pull request's pages with their readers: sent whenever there is a key
  if (wanted === undefined || (!weighs && (listed ?? []).length === 0) || (wanted === 'no-key' && !weighs))
    return { judged }
  // every way of not weighing ends alike: one notice, and the verdict as without a key
  const unweighed = (why: string): { judged: Judged[] } => {
    const said = weighs
      ? `${why}, so the problems were not weighed: each counts, as without a key.`
      : `${why}, so the pull request's pages are listed without their readers.`
    core.notice(said)
    notes.push(said)
    return { judged }
  }
  if (wanted === 'no-key') return unweighed('api-key is empty (a pull request from a fork gets no secrets)')
  const range = viewsRange(ctx.clock.now())
  let page: Awaited<ReturnType<ModeContext['client']['trafficPage']>>
  try {
    page = await ctx.client.trafficPage('views', {
      dateFrom: range.dateFrom,
      dateTo: range.dateTo,
      limit: VIEWS_LIMIT,
      offset: 0,
      period: `the last ${VIEWS_DAYS} days`,
    })
  } catch (error) {
    if (error instanceof CancelledError) throw error
    // the one request allowed was refused and not sent again: what the service said
    const why =
      error instanceof ApiError && error.kind === 'budget' && error.cause instanceof Error ? error.cause : error
    return unweighed(`The readers' page views could not be read (${external(getErrorMessage(why), 300)})`)
  }
  if (page.rows.length === 0)
    return unweighed(
      `The readers' page views hold no row for ${range.dateFrom} to ${range.through} (a new or wrong ` +
        `project-id, or views the service has not counted yet): no row says no one came`,
    )
  // the site's pages as the checkout has them: what the views' paths must name
  if (!describesSite(page.rows, new Set(servedBy(pagesOf(site.folder), undefined).pages.keys())))
    return unweighed(
      `The readers' page views name none of this site's pages (${external(page.rows[0]?.path ?? '', 100)} ` +
        `is one: a site served under a path prefix, or another project's)`,
    )
  const readersOf = readersFrom(page.rows, page.hasMore)
  const weighed = weigh(judged, readersOf, wanted.minViews)
  const days = `${range.dateFrom} to ${range.through}`
  core.info(
    `Page views of ${days}: ${count(page.rows.length, 'page')}${page.hasMore ? ', the most viewed (more were not asked for)' : ', every page with views'}.`,
  )
  const few = weighed.filter((j) => j.status === 'few-views').length
  if (!weighs) notes.push(`The pull request's pages with their readers: the page views of ${days}, one request.`)
  else
    notes.push(
      `Weighed by readers: the page views of ${days}, one request.` +
        (wanted.minViews > 0
          ? ` An address this pull request stops serving fails when readers visited it at least ` +
            `${formatNumber(wanted.minViews)} ${wanted.minViews === 1 ? 'time' : 'times'} (min-views)` +
            (few > 0
              ? `; ${count(few, 'address', 'addresses')} with fewer ${few === 1 ? 'is' : 'are'} listed, not failing.`
              : '.')
          : ''),
    )
  return {
    judged: weighed,
    views: { dateFrom: range.dateFrom, through: range.through, minViews: wanted.minViews },
    ...(listed ? { pages: withViews(listed, readersOf) } : {}),
  }
}
