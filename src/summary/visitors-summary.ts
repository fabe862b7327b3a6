import type { VisitorRow, VisitorTotals } from '../api/schemas.js'
import { escapeText } from './escape.js'

/**
 * The visitors job summary: totals, the top pages with a text bar each, and where the rest is.
 * Built from the top rows only, and bounded in bytes, so it stays far below the runner's 1 MiB limit.
 */

export const SUMMARY_BYTE_BUDGET = 200 * 1024
const BAR_WIDTH = 16
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']

export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/** AI share = AI / (human + AI): the split of the traffic, as a percentage. */
export function aiShare(human: number, ai: number): string {
  const sum = human + ai
  return sum > 0 ? `${((ai / sum) * 100).toFixed(1)}%` : '—'
}

/** A bar of up to 16 cells in eighths, proportional to value/max. */
export function bar(value: number, max: number): string {
  if (max <= 0 || value <= 0) return ''
  const eighths = Math.max(1, Math.round((value / max) * BAR_WIDTH * 8))
  return '█'.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] as string)
}

export interface VisitorsSummaryInput {
  projectId: string
  range: string
  totals: VisitorTotals | undefined
  /** Rows sorted most visitors first; only the first `summaryRows` are read. */
  sorted: readonly VisitorRow[]
  summaryRows: number
  pathCount: number
  files: { json: string; csv: string } | undefined
  /** Lines shown under the heading (warnings, errors), already plain text. */
  notes: string[]
  failed: boolean
}

export function renderVisitorsSummary(input: VisitorsSummaryInput): string {
  const icon = input.failed ? '❌' : input.notes.length > 0 ? '⚠️' : '📊'
  const parts: string[] = [`### ${icon} Unique visitors: ${escapeText(input.projectId, 100)}, ${escapeText(input.range, 120)}`]
  for (const note of input.notes) parts.push(`> ${escapeText(note, 1500)}`)
  if (input.totals) {
    const t = input.totals
    parts.push(
      ['| Human | AI | Total (deduplicated) | AI share |', '|---:|---:|---:|---:|', `| ${formatCount(t.human)} | ${formatCount(t.ai)} | ${formatCount(t.total)} | ${aiShare(t.human, t.ai)} |`].join('\n'),
    )
  }

  const shown = Math.min(input.summaryRows, input.sorted.length)
  if (shown > 0) {
    const max = input.sorted[0]?.total ?? 0
    const lines = ['| Page | Human | AI | Total | AI share | |', '|---|---:|---:|---:|---:|---|']
    let bytes = Buffer.byteLength(parts.join('\n\n')) + 2000
    let listed = 0
    for (let i = 0; i < shown; i++) {
      const r = input.sorted[i] as VisitorRow
      const line = `| ${escapeText(r.path, 150)} | ${formatCount(r.human)} | ${formatCount(r.ai)} | ${formatCount(r.total)} | ${aiShare(r.human, r.ai)} | ${bar(r.total, max)} |`
      bytes += Buffer.byteLength(line) + 1
      if (bytes > SUMMARY_BYTE_BUDGET) break
      lines.push(line)
      listed++
    }
    parts.push(`**Top ${listed} of ${formatCount(input.pathCount)} pages by total visitors**`)
    parts.push(lines.join('\n'))
    const more = input.pathCount - listed
    const where = input.files ? ' in the export files (outputs `visitors-csv` and `visitors-json`)' : ''
    if (more > 0) parts.push(`${formatCount(more)} more ${more === 1 ? 'page is' : 'pages are'}${where}.`)
    else if (input.files) parts.push('Every page is listed; the export files (outputs `visitors-csv`, `visitors-json`) hold the same data.')
  } else if (input.totals) {
    parts.push('No page had visitors in this range.')
  }
  if (input.totals) parts.push('<sub>Total is deduplicated across human and AI traffic, so it is not human + AI. AI share = AI / (human + AI).</sub>')
  return `${parts.join('\n\n')}\n`
}
