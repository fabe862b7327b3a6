import type { PullPage } from '../site/pull-pages.js'
import { SUMMARY_ROWS, pagesTable } from '../summary/pages-table.js'
import type { DeploymentStatus } from '../service/schemas.js'
import { alert, escapeText, keyValueTable, link } from '../summary/escape.js'

/** A deployment's or preview's summary: verdict, pages, screenshot, the build log's end; all escaped. */
export interface DeploymentView {
  preview: boolean
  branch?: string
  statusId?: string
  previewUrl?: string
  status?: DeploymentStatus
  /** Why the step fails (the trigger was refused, the wait ran out, the check failed). */
  failure?: string
  /** Why nothing was sent, where that is no failure (a fork's pull request). */
  skipped?: string
  /** The pull request's pages, linked on the preview (they stand for the service's list of changed files). */
  pages?: PullPage[] | undefined
}

const LOG_LINES = 30
const PAGES_SHOWN = 20

const ICON: Record<string, string> = { success: '✅', failure: '❌', queued: '⏳', in_progress: '⏳' }

export function renderDeploymentSummary(view: DeploymentView): string {
  const what = view.preview ? 'Preview deployment' : 'Deployment'
  const state = view.status?.status
  const icon = view.skipped
    ? '⏭️'
    : view.failure && state !== 'failure'
      ? '❌'
      : state
        ? (ICON[state] ?? '❔')
        : view.statusId
          ? '▶️'
          : '❌'
  const parts = [
    `### ${icon} ${what}${state ? `: ${escapeText(state, 40)}` : view.statusId ? ': started' : ': not started'}`,
  ]
  const rows: Array<[string, string]> = []
  if (view.branch) rows.push(['Branch', escapeText(view.branch, 100)])
  if (view.statusId) rows.push(['Deployment id', escapeText(view.statusId, 100)])
  if (view.previewUrl)
    rows.push(['Preview', link(view.previewUrl, view.previewUrl) || escapeText(view.previewUrl, 200)])
  const commit = view.status?.commit
  if (commit?.sha)
    rows.push([
      'Commit',
      `${escapeText(commit.sha.slice(0, 12), 12)}${commit.message ? ` ${escapeText(commit.message.split('\n')[0] ?? '', 120)}` : ''}`,
    ])
  if (view.status?.screenshot)
    rows.push(['Screenshot', link(view.status.screenshot, 'screenshot') || escapeText(view.status.screenshot, 200)])
  if (rows.length > 0) parts.push(keyValueTable(rows))
  if (view.failure) parts.push(alert('CAUTION', view.failure))
  if (view.skipped) parts.push(alert('NOTE', view.skipped))
  if (view.status?.summary) parts.push(escapeText(view.status.summary, 1000))
  const files = commit?.filesChanged
  const pages = view.pages ? [] : [...(files?.added ?? []), ...(files?.modified ?? [])]
  if (view.pages && view.pages.length > 0)
    parts.push(pagesTable(view.pages, { previewUrl: view.previewUrl, most: SUMMARY_ROWS }))
  if (pages.length > 0) {
    parts.push(
      `**Changed pages** (${pages.length}): ${pages
        .slice(0, PAGES_SHOWN)
        .map((p) => escapeText(p, 150))
        .join(', ')}${pages.length > PAGES_SHOWN ? ', …' : ''}`,
    )
  }
  const logs = (view.status?.logs ?? []).filter((l) => l.trim() !== '')
  if (logs.length > 0) {
    const tail = logs.slice(-LOG_LINES).map((l) => escapeText(l, 300))
    parts.push(
      `<details><summary>The last ${tail.length} lines of the build log</summary>\n\n${tail.map((l) => `- ${l}`).join('\n')}\n\n</details>`,
    )
  }
  return `${parts.join('\n\n')}\n`
}
