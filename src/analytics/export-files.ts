import { mkdir, open } from 'node:fs/promises'
import { join } from 'node:path'
import type { TrafficKind, VisitorRow, VisitorTotals } from '../api/schemas.js'
import type { RangeEnd } from '../inputs/dates.js'
import type { ComparedRow } from './compare.js'

/**
 * The export as files a later step can upload or process: JSON (the whole export with its
 * context) and CSV (RFC 4180, spreadsheet-safe). Written in chunks, so memory stays bounded.
 * With a comparison, both cover every path of either period, with the previous counts and the
 * change; without one, they are exactly the single export.
 */

const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV cell: a leading formula character is neutralised with `'`, then RFC 4180 quoting. */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function csvRow(row: VisitorRow): string {
  return `${csvCell(row.path)},${row.human},${row.ai},${row.total}\r\n`
}

function comparedCsvRow(row: ComparedRow): string {
  const p = row.previous
  return `${csvCell(row.path)},${row.human},${row.ai},${row.total},${p.human},${p.ai},${p.total},${row.change}\r\n`
}

export interface RangeMeta {
  description: string
  requested: { dateFrom: string | null; dateTo: string | null }
  sent: { dateFrom: string | null; dateTo: string | null }
}

/** A range as the files record it: in words, as the user wrote it, and as it was sent. */
export function rangeMeta(description: string, from: RangeEnd | undefined, to: RangeEnd | undefined): RangeMeta {
  return {
    description,
    requested: { dateFrom: from?.given ?? null, dateTo: to?.given ?? null },
    sent: { dateFrom: from?.sent ?? null, dateTo: to?.sent ?? null },
  }
}

export interface PeriodMeta {
  range: RangeMeta
  /** False when the export stopped part-way (an error, cancellation, or a bound). */
  complete: boolean
  /** Pages of results received. */
  pages: number
  totals: VisitorTotals | null
}

export interface ExportMeta extends PeriodMeta {
  project: string
  fetchedAt: string
  /** The previous period, with `compare: previous-period`. */
  previous?: PeriodMeta
}

const CHUNK_ROWS = 5000

function fileBase(kind: TrafficKind, meta: ExportMeta): string {
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)
  const from = meta.range.sent.dateFrom ?? 'start'
  const to = meta.range.sent.dateTo ?? 'now'
  return `mintlify-${kind}-${safe(meta.project)}-${safe(from)}-to-${safe(to)}`
}

async function writeChunked<R>(path: string, head: string, rows: readonly R[], line: (row: R, i: number) => string, tail: string): Promise<void> {
  const file = await open(path, 'w')
  try {
    await file.write(head)
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      let chunk = ''
      const end = Math.min(rows.length, start + CHUNK_ROWS)
      for (let i = start; i < end; i++) chunk += line(rows[i] as R, i)
      await file.write(chunk)
    }
    await file.write(tail)
  } finally {
    await file.close()
  }
}

/**
 * Writes `<dir>/mintlify-<kind>-<project>-<from>-to-<to>.json` and `.csv`; returns their paths.
 * `rows` are compared rows exactly when `meta.previous` is set.
 */
export async function writeExportFiles(dir: string, kind: TrafficKind, meta: ExportMeta, rows: readonly VisitorRow[] | readonly ComparedRow[]): Promise<{ json: string; csv: string }> {
  await mkdir(dir, { recursive: true })
  const base = join(dir, fileBase(kind, meta))
  const json = `${base}.json`
  const csv = `${base}.csv`
  const head = JSON.stringify(meta, null, 2).replace(/\n}$/, `,\n  "${kind}": [`)
  const tail = rows.length > 0 ? '\n  ]\n}\n' : ']\n}\n'
  if (meta.previous) {
    const compared = rows as readonly ComparedRow[]
    await writeChunked(json, head, compared, (r, i) => `${i === 0 ? '' : ','}\n    ${JSON.stringify({ path: r.path, human: r.human, ai: r.ai, total: r.total, previous: r.previous, change: r.change })}`, tail)
    await writeChunked(csv, 'path,human,ai,total,previous_human,previous_ai,previous_total,change\r\n', compared, comparedCsvRow, '')
  } else {
    const plain = rows as readonly VisitorRow[]
    await writeChunked(json, head, plain, (r, i) => `${i === 0 ? '' : ','}\n    ${JSON.stringify({ path: r.path, human: r.human, ai: r.ai, total: r.total })}`, tail)
    await writeChunked(csv, 'path,human,ai,total\r\n', plain, csvRow, '')
  }
  return { json, csv }
}
