import { type ComparedRow, type Comparison, type Movers, movers } from '../analytics/compare.js'
import type { TrafficKind, VisitorRow, VisitorTotals } from '../service/schemas.js'
import { alert, escapeText } from '../summary/escape.js'
import { formatNumber, formatPercent, formatSignedPercent } from '../util/format.js'

/**
 * The visitors and page-views job summary: totals, the top pages with a text bar each, and where the
 * rest is; with a comparison, the previous period's totals, a change column and the movers. Built
 * from the top rows only, and bounded in bytes, so it stays far below the runner's 1 MiB limit.
 */

export const SUMMARY_BYTE_BUDGET = 200 * 1024
const BAR_WIDTH = 16
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']

/** AI share = AI / (human + AI): the split of the traffic, as a percentage. */
export function aiShare(human: number, ai: number): string {
  const sum = human + ai
  return sum > 0 ? formatPercent(ai / sum) : '—'
}

/** A bar of up to 16 cells in eighths, proportional to value/max. */
export function bar(value: number, max: number): string {
  if (max <= 0 || value <= 0) return ''
  const eighths = Math.max(1, Math.round((value / max) * BAR_WIDTH * 8))
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]
}

/** How many pages each list of movers shows. */
const MOVERS_SHOWN = 10

const TITLE: Record<TrafficKind, string> = { visitors: 'Unique visitors', views: 'Page views' }
const NOUN: Record<TrafficKind, string> = { visitors: 'visitors', views: 'views' }

/** A change as the summary shows it: `▲ +120 (+12.5%)`, `▼ -30 (-3.0%)`, `＝ 0`, `new`, `gone`. */
export function formatChange(row: ComparedRow): string {
  if (row.previous.total === 0) return row.total > 0 ? '🆕 new' : '—'
  if (row.total === 0) return `▼ ${formatNumber(row.change)} (gone)`
  const arrow = row.change > 0 ? '▲' : row.change < 0 ? '▼' : '＝'
  return `${arrow} ${row.change > 0 ? '+' : ''}${formatNumber(row.change)} (${formatSignedPercent(row.change / row.previous.total)})`
}

export interface VisitorsViewsSummaryInput {
  kind: TrafficKind
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
  /** With compare: previous-period. The top pages' change is looked up in `comparison.rows`. */
  comparison?: Comparison
  /** What the run did with an open date-to (inputs/dates.ts describePin); '' when it was given. */
  pin?: string
}

export function renderVisitorsViewsSummary(input: VisitorsViewsSummaryInput): string {
  const icon = input.failed ? '❌' : input.notes.length > 0 ? '⚠️' : '📊'
  const noun = NOUN[input.kind]
  const comparison = input.comparison
  // a change is shown only between two complete periods; otherwise the note says why not
  const compared =
    comparison && comparison.previousComplete && !input.failed && input.notes.length === 0 ? comparison : undefined
  const parts: string[] = [
    `### ${icon} ${TITLE[input.kind]}: ${escapeText(input.projectId, 100)}, ${escapeText(input.range, 120)}`,
  ]
  for (const note of input.notes) parts.push(alert(input.failed ? 'CAUTION' : 'WARNING', note))
  if (input.totals) {
    const t = input.totals
    const prev = compared?.previousTotals
    // five columns at most: with a comparison, human and AI share a cell
    const counts = prev
      ? `| ${formatNumber(t.human)} / ${formatNumber(t.ai)} |`
      : `| ${formatNumber(t.human)} | ${formatNumber(t.ai)} |`
    const head = prev
      ? '| Human / AI | Total (deduplicated) | AI share | Previous total | Change |'
      : '| Human | AI | Total (deduplicated) | AI share |'
    const align = prev ? '|---:|---:|---:|---:|---:|' : '|---:|---:|---:|---:|'
    const change = prev
      ? ` ${formatNumber(prev.total)} | ` +
        `${formatChange({ path: '', ...t, previous: prev, change: t.total - prev.total })} |`
      : ''
    parts.push([head, align, `${counts} ${formatNumber(t.total)} | ${aiShare(t.human, t.ai)} |${change}`].join('\n'))
    if (comparison) {
      parts.push(
        compared
          ? `Compared with ${escapeText(comparison.previousRange, 120)}.`
          : `Not compared with ${escapeText(comparison.previousRange, 120)}: ` +
              `${comparison.previousComplete ? 'this period is incomplete' : 'that period is incomplete'}, ` +
              `so a change would mislead.`,
      )
    }
  }

  const byPath = compared ? new Map(compared.rows.map((r) => [r.path, r])) : undefined
  const shown = Math.min(input.summaryRows, input.sorted.length)
  if (shown > 0) {
    const max = input.sorted[0]?.total ?? 0
    // five columns at most, so the table fits a summary's width with long paths: human and AI share a
    // cell, and with a comparison the change takes the AI share's place (the totals above keep it)
    const lines = [`| Page | Total | Human / AI | ${byPath ? 'Change' : 'AI share'} | |`, '|---|---:|---:|---:|---|']
    let bytes = Buffer.byteLength(parts.join('\n\n')) + 2000 + (byPath ? 40_000 : 0) // room for the movers
    let listed = 0
    for (const r of input.sorted.slice(0, shown)) {
      const joined = byPath?.get(r.path)
      const fourth = byPath ? (joined ? formatChange(joined) : '—') : aiShare(r.human, r.ai)
      const line =
        `| ${escapeText(r.path, 150)} | ${formatNumber(r.total)} | ${formatNumber(r.human)} ` +
        `/ ${formatNumber(r.ai)} | ${fourth} | ${bar(r.total, max)} |`
      bytes += Buffer.byteLength(line) + 1
      if (bytes > SUMMARY_BYTE_BUDGET) break
      lines.push(line)
      listed++
    }
    parts.push(`**Top ${listed} of ${formatNumber(input.pathCount)} pages by total ${noun}**`)
    parts.push(lines.join('\n'))
    const more = input.pathCount - listed
    const where = input.files ? ` in the export files (outputs \`${input.kind}-csv\` and \`${input.kind}-json\`)` : ''
    if (more > 0) parts.push(`${formatNumber(more)} more ${more === 1 ? 'page is' : 'pages are'}${where}.`)
    else if (input.files)
      parts.push(
        `Every page is listed; the export files (outputs \`${input.kind}-csv\`, ` +
          `\`${input.kind}-json\`) hold the same data.`,
      )
  } else if (input.totals) {
    parts.push(`No page had ${noun} in this range.`)
  }
  if (compared) parts.push(renderMovers(movers(compared.rows, MOVERS_SHOWN), noun))
  if (input.totals)
    parts.push(
      `<sub>Total is deduplicated across human and AI traffic, so it is not human + AI. ` +
        `AI share = AI / (human + AI).${input.pin ? ` ${escapeText(input.pin, 300)}` : ''}</sub>`,
    )
  return `${parts.join('\n\n')}\n`
}

/** A list's title without its count (`Risers (by views)` → `Risers`). */
const withoutCount = (title: string): string => (title.endsWith(')') ? (title.split(' (')[0] ?? title) : title)

/** Risers, fallers, new and gone pages: each bounded, each saying how many more there are. */
function renderMovers(m: Movers, noun: string): string {
  const empty: string[] = []
  const list = (title: string, rows: ComparedRow[], all: number, line: (r: ComparedRow) => string): string[] => {
    if (all === 0) {
      empty.push(withoutCount(title).toLowerCase())
      return []
    }
    const more = all - rows.length
    return [
      [
        `**${title}** (${formatNumber(all)})`,
        ...rows.map((r) => `- ${escapeText(r.path, 150)}: ${line(r)}`),
        ...(more > 0
          ? [`- … and ${formatNumber(more)} more ${withoutCount(title).toLowerCase()} in the export files`]
          : []),
      ].join('\n'),
    ]
  }
  const counts = (r: ComparedRow): string =>
    `${formatNumber(r.previous.total)} → ${formatNumber(r.total)}, ${formatChange(r)}`
  const lists = [
    ...list('Biggest risers', m.risers, m.counts.risers, counts),
    ...list('Biggest fallers', m.fallers, m.counts.fallers, counts),
    ...list(`New pages (${noun} now, none before)`, m.added, m.counts.added, (r) => `${formatNumber(r.total)}`),
    ...list(
      `Gone quiet (${noun} before, none now)`,
      m.gone,
      m.counts.gone,
      (r) => `${formatNumber(r.previous.total)} before`,
    ),
  ]
  // what did not happen is one line, not four "none" lists
  if (lists.length === 0) return `#### Movers\n\nNo page rose, fell, appeared or went quiet.`
  return ['#### Movers', ...lists, ...(empty.length > 0 ? [`None: ${empty.join(', ')}.`] : [])].join('\n\n')
}
