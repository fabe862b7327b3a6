import type { VisitorRow, VisitorTotals } from '../service/schemas.js'

/** A period against the one before: every path of either, with both counts and the change. Pure. */

interface Counts {
  human: number
  ai: number
  total: number
}

export interface ComparedRow extends VisitorRow {
  previous: Counts
  /** total − previous total */
  change: number
}

const ZERO: Counts = { human: 0, ai: 0, total: 0 }

/** (current − previous) / previous × 100, one decimal, signed (`+12.5`, `-3.0`, `0.0`); empty when previous is 0. */
export function changePercent(current: number, previous: number): string {
  if (previous === 0) return ''
  const rounded = Math.round(((current - previous) / previous) * 1000) / 10
  if (rounded === 0) return '0.0'
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}`
}

/** Every path of either period with both counts (0 where none) and the change, most in this period first. */
export function joinPeriods(
  current: ReadonlyMap<string, VisitorRow>,
  previous: ReadonlyMap<string, VisitorRow>,
): ComparedRow[] {
  const rows: ComparedRow[] = []
  for (const row of current.values()) {
    const before = previous.get(row.path)
    const prev = before ? { human: before.human, ai: before.ai, total: before.total } : ZERO
    rows.push({ ...row, previous: prev, change: row.total - prev.total })
  }
  for (const before of previous.values()) {
    if (current.has(before.path)) continue
    rows.push({
      path: before.path,
      human: 0,
      ai: 0,
      total: 0,
      previous: { human: before.human, ai: before.ai, total: before.total },
      change: -before.total,
    })
  }
  return rows.sort(
    (a, b) =>
      b.total - a.total || b.previous.total - a.previous.total || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  )
}

export interface Movers {
  /** Pages with traffic in both periods that grew most, by absolute change. */
  risers: ComparedRow[]
  /** … and that fell most. */
  fallers: ComparedRow[]
  /** Pages with traffic now and none before. */
  added: ComparedRow[]
  /** Pages with traffic before and none now. */
  gone: ComparedRow[]
  /** How many there are of each in all (the lists hold at most `limit`). */
  counts: { risers: number; fallers: number; added: number; gone: number }
}

const byPath = (a: ComparedRow, b: ComparedRow): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)

export function movers(rows: readonly ComparedRow[], limit: number): Movers {
  const both = rows.filter((r) => r.total > 0 && r.previous.total > 0)
  const risers = both.filter((r) => r.change > 0).sort((a, b) => b.change - a.change || byPath(a, b))
  const fallers = both.filter((r) => r.change < 0).sort((a, b) => a.change - b.change || byPath(a, b))
  const added = rows
    .filter((r) => r.total > 0 && r.previous.total === 0)
    .sort((a, b) => b.total - a.total || byPath(a, b))
  const gone = rows
    .filter((r) => r.total === 0 && r.previous.total > 0)
    .sort((a, b) => b.previous.total - a.previous.total || byPath(a, b))
  return {
    risers: risers.slice(0, limit),
    fallers: fallers.slice(0, limit),
    added: added.slice(0, limit),
    gone: gone.slice(0, limit),
    counts: { risers: risers.length, fallers: fallers.length, added: added.length, gone: gone.length },
  }
}

export interface Comparison {
  previousTotals: VisitorTotals | undefined
  /** The previous period in words, and as sent. */
  previousRange: string
  /** False when the previous period's export stopped part-way. */
  previousComplete: boolean
  rows: ComparedRow[]
}
