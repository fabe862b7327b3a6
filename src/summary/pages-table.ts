import type { PullPage } from '../site/pull-pages.js'
import { escapeText, link } from './escape.js'
import { formatNumber } from '../util/format.js'
import { withoutTrailing } from '../util/text.js'

/**
 * A pull request's pages as a reviewer reads them on the preview: those it edits, then those it
 * changes without editing, each title linked to its preview address. Titles, addresses and reasons
 * are the repository's text: escaped, and linked only as a path on the preview's own host.
 */

/** The tracking comment's rows: the rest are in the run's summary. */
export const COMMENT_ROWS = 25
/** The summary's rows (a summary holds 1 MiB). */
export const SUMMARY_ROWS = 1000

/** An address on the preview: its path segments encoded, so it can never leave the preview's host. */
export function onPreview(previewUrl: string | undefined, address: string): string | undefined {
  if (!previewUrl) return undefined
  let root: URL
  try {
    root = new URL(previewUrl)
  } catch {
    return undefined
  }
  if (root.protocol !== 'https:' && root.protocol !== 'http:') return undefined
  const path = address
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => encodeURIComponent(segment))
    .join('/')
  return `${root.origin}${withoutTrailing(root.pathname, '/')}/${path}`
}

/** The address as text, linked on the preview where there is one. */
const addressCell = (previewUrl: string | undefined, address: string, text = address): string =>
  link(onPreview(previewUrl, address), text) || escapeText(text, 200)

const CHANGE: Record<PullPage['change'], string> = {
  added: 'Added',
  changed: 'Changed',
  renamed: 'Renamed',
  deleted: 'Deleted',
  affected: 'Affected',
}

function row(page: PullPage, previewUrl: string | undefined, withViews: boolean): string {
  const title = escapeText(page.title || page.address, 150)
  const cells =
    page.change === 'deleted'
      ? [
          `~~${title}~~`,
          `~~${escapeText(page.address, 200)}~~`,
          page.to === undefined
            ? 'Deleted: no redirect, readers find nothing there'
            : `Deleted: readers go to ${addressCell(previewUrl, page.to)}`,
        ]
      : [
          link(onPreview(previewUrl, page.address), page.title || page.address) || title,
          page.change === 'renamed' && page.from !== undefined
            ? `${escapeText(page.from, 200)} → ${addressCell(previewUrl, page.address)}`
            : addressCell(previewUrl, page.address),
          page.change === 'affected' && page.why ? escapeText(page.why, 200) : CHANGE[page.change],
        ]
  if (withViews)
    cells.push(page.views === undefined ? '—' : `${page.viewsAtMost ? 'at most ' : ''}${formatNumber(page.views)}`)
  return `| ${cells.join(' | ')} |`
}

/** The pages as Markdown, edited then affected, at most `most` rows (with "showing N of M" when cut). */
export function pagesTable(
  pages: readonly PullPage[],
  options: { previewUrl?: string | undefined; most: number; rest?: string; total?: number },
): string {
  const total = options.total ?? pages.length
  if (total === 0) return ''
  const shown = pages.slice(0, options.most)
  const withViews = shown.some((p) => p.views !== undefined)
  // the affected pages' third column says why they change
  const table = (of: readonly PullPage[], third: string): string =>
    [
      `| Page | Address | ${third} |${withViews ? ' Views (30 days) |' : ''}`,
      `|---|---|---|${withViews ? '---|' : ''}`,
      ...of.map((p) => row(p, options.previewUrl, withViews)),
    ].join('\n')
  const edited = shown.filter((p) => p.change !== 'affected')
  const affected = shown.filter((p) => p.change === 'affected')
  const parts = [`**Pages of this pull request** (${formatNumber(total)})`]
  if (edited.length > 0) parts.push(table(edited, 'Change'))
  if (affected.length > 0) parts.push(`Changed without being edited:\n\n${table(affected, 'Why')}`)
  if (total > shown.length)
    parts.push(
      `Showing ${formatNumber(shown.length)} of ${formatNumber(total)}${options.rest ? `: ${options.rest}` : '.'}`,
    )
  return parts.join('\n\n')
}
