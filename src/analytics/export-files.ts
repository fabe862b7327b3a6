import { mkdir, open } from 'node:fs/promises'
import { join } from 'node:path'
import type { TrafficKind, VisitorRow, VisitorTotals } from '../service/schemas.js'
import { type RangeEnd, describePin } from '../inputs/dates.js'
import type { ComparedRow } from './compare.js'
import { csvRows } from './csv.js'
import { lastDayBefore } from '../util/format.js'

/** The export as JSON and CSV files for a later step, written in chunks so memory stays bounded. */

const plainCells = (row: VisitorRow) => [row.path, row.human, row.ai, row.total]
const comparedCells = (row: ComparedRow) => [
  row.path,
  row.human,
  row.ai,
  row.total,
  row.previous.human,
  row.previous.ai,
  row.previous.total,
  row.change,
]

export interface RangeMeta {
  description: string
  requested: { dateFrom: string | null; dateTo: string | null }
  sent: { dateFrom: string | null; dateTo: string | null }
  /** Set when date-to was open and the run fixed it (inputs/dates.ts pinOpenEnd). */
  pinnedDateTo?: string
}

/** A range as the files record it: in words, as the user wrote it, and as it was sent. */
export function rangeMeta(description: string, from: RangeEnd | undefined, to: RangeEnd | undefined): RangeMeta {
  const pin = to ? describePin(to) : ''
  return {
    description,
    requested: { dateFrom: from?.given ?? null, dateTo: to && !to.pinned ? to.given : null },
    sent: { dateFrom: from?.sent ?? null, dateTo: to?.sent ?? null },
    ...(pin ? { pinnedDateTo: pin } : {}),
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

const CHUNK_ROWS = 1000

function fileBase(kind: TrafficKind, meta: ExportMeta): string {
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)
  const from = meta.range.sent.dateFrom ?? 'start'
  // named for the last day it holds, as the summary says it (dateTo is exclusive)
  const to = meta.range.sent.dateTo === null ? 'now' : lastDayBefore(meta.range.sent.dateTo)
  return `mintlify-${kind}-${safe(meta.project)}-${safe(from)}-to-${safe(to)}`
}

/** Writes head, then the rows CHUNK_ROWS at a time (`chunk` turns a slice into text), then tail. */
async function writeChunked<R>(
  path: string,
  head: string,
  rows: readonly R[],
  chunk: (slice: readonly R[], start: number) => string,
  tail: string,
): Promise<void> {
  const file = await open(path, 'w')
  try {
    await file.write(head)
    for (let start = 0; start < rows.length; start += CHUNK_ROWS)
      await file.write(chunk(rows.slice(start, start + CHUNK_ROWS), start))
    await file.write(tail)
  } finally {
    await file.close()
  }
}

/** JSON lines of an array, comma-separated, for writeChunked. */
const jsonItems =
  <R>(item: (row: R) => unknown) =>
  (slice: readonly R[], start: number): string =>
    slice.map((r, i) => `${start + i === 0 ? '' : ','}\n    ${JSON.stringify(item(r))}`).join('')

/** Writes `<dir>/mintlify-<kind>-<project>-<from>-to-<to>.json` and `.csv`; returns their paths. */
export async function writeExportFiles(
  dir: string,
  kind: TrafficKind,
  meta: ExportMeta,
  rows: readonly VisitorRow[] | readonly ComparedRow[],
): Promise<{ json: string; csv: string }> {
  await mkdir(dir, { recursive: true })
  const base = join(dir, fileBase(kind, meta))
  const json = `${base}.json`
  const csv = `${base}.csv`
  const head = JSON.stringify(meta, null, 2).replace(/\n}$/, `,\n  "${kind}": [`)
  const tail = rows.length > 0 ? '\n  ]\n}\n' : ']\n}\n'
  if (meta.previous) {
    const compared = rows as readonly ComparedRow[]
    await writeChunked(
      json,
      head,
      compared,
      jsonItems((r: ComparedRow) => ({
        path: r.path,
        human: r.human,
        ai: r.ai,
        total: r.total,
        previous: r.previous,
        change: r.change,
      })),
      tail,
    )
    await writeChunked(
      csv,
      'path,human,ai,total,previous_human,previous_ai,previous_total,change\r\n',
      compared,
      (slice) => csvRows(slice.map(comparedCells)),
      '',
    )
  } else {
    const plain = rows as readonly VisitorRow[]
    await writeChunked(
      json,
      head,
      plain,
      jsonItems((r: VisitorRow) => ({ path: r.path, human: r.human, ai: r.ai, total: r.total })),
      tail,
    )
    await writeChunked(csv, 'path,human,ai,total\r\n', plain, (slice) => csvRows(slice.map(plainCells)), '')
  }
  return { json, csv }
}
