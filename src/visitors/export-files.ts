import { mkdir, open } from 'node:fs/promises'
import { join } from 'node:path'
import type { VisitorRow, VisitorTotals } from '../api/schemas.js'

/**
 * The export as files a later step can upload or process: JSON (the whole export with its
 * context) and CSV (RFC 4180, spreadsheet-safe). Written in chunks, so memory stays bounded.
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

export interface ExportMeta {
  project: string
  range: {
    description: string
    requested: { dateFrom: string | null; dateTo: string | null }
    sent: { dateFrom: string | null; dateTo: string | null }
  }
  fetchedAt: string
  /** False when the export stopped part-way (an error, cancellation, or a bound). */
  complete: boolean
  /** Pages of results received. */
  pages: number
  totals: VisitorTotals | null
}

const CHUNK_ROWS = 5000

function fileBase(meta: ExportMeta): string {
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)
  const from = meta.range.sent.dateFrom ?? 'start'
  const to = meta.range.sent.dateTo ?? 'now'
  return `mintlify-visitors-${safe(meta.project)}-${safe(from)}-to-${safe(to)}`
}

async function writeChunked(path: string, head: string, rows: readonly VisitorRow[], line: (row: VisitorRow, i: number) => string, tail: string): Promise<void> {
  const file = await open(path, 'w')
  try {
    await file.write(head)
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      let chunk = ''
      const end = Math.min(rows.length, start + CHUNK_ROWS)
      for (let i = start; i < end; i++) chunk += line(rows[i] as VisitorRow, i)
      await file.write(chunk)
    }
    await file.write(tail)
  } finally {
    await file.close()
  }
}

/** Writes `<dir>/mintlify-visitors-<project>-<from>-to-<to>.json` and `.csv`; returns their paths. */
export async function writeExportFiles(dir: string, meta: ExportMeta, rows: readonly VisitorRow[]): Promise<{ json: string; csv: string }> {
  await mkdir(dir, { recursive: true })
  const base = join(dir, fileBase(meta))
  const json = `${base}.json`
  const csv = `${base}.csv`
  const head = JSON.stringify(meta, null, 2).replace(/\n}$/, ',\n  "visitors": [')
  await writeChunked(
    json,
    head,
    rows,
    (r, i) => `${i === 0 ? '' : ','}\n    ${JSON.stringify({ path: r.path, human: r.human, ai: r.ai, total: r.total })}`,
    rows.length > 0 ? '\n  ]\n}\n' : ']\n}\n',
  )
  await writeChunked(csv, 'path,human,ai,total\r\n', rows, (r) => csvRow(r), '')
  return { json, csv }
}
