import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { writeExportFiles } from '../../src/analytics/export-files.js'
import { readJson } from '../e2e/typed.js'

describe('writeExportFiles', () => {
  const meta = {
    project: 'proj/1',
    range: {
      description: 'all time',
      requested: { dateFrom: '7d', dateTo: null },
      sent: { dateFrom: '2026-11-14', dateTo: null },
    },
    fetchedAt: '2026-11-21T12:00:00.000Z',
    complete: true,
    pages: 1,
    totals: { human: 3, ai: 2, total: 4 },
  }

  test('JSON holds the context and every row; CSV has the header, CRLF rows and safe cells', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'))
    const rows = [
      { path: '/a', human: 2, ai: 1, total: 3 },
      { path: '=cmd,"x"', human: 1, ai: 1, total: 1 },
    ]
    const files = await writeExportFiles(dir, 'visitors', meta, rows)
    expect(files.json).toBe(join(dir, 'mintlify-visitors-proj_1-2026-11-14-to-now.json'))
    expect(JSON.parse(readFileSync(files.json, 'utf8'))).toEqual({ ...meta, visitors: rows })
    expect(readFileSync(files.csv, 'utf8')).toBe('path,human,ai,total\r\n/a,2,1,3\r\n"\'=cmd,""x""",1,1,1\r\n')
  })

  test.each([
    ['2026-11-19', '2026-11-26', 'mintlify-visitors-proj_1-2026-11-19-to-2026-11-25'],
    ['2026-11-01', '2026-12-01', 'mintlify-visitors-proj_1-2026-11-01-to-2026-11-30'],
    ['2024-02-01', '2024-03-01', 'mintlify-visitors-proj_1-2024-02-01-to-2024-02-29'],
    ['2026-12-31', '2027-01-01', 'mintlify-visitors-proj_1-2026-12-31-to-2026-12-31'],
    [
      '2026-11-19T08:00:00Z',
      '2026-11-26T12:30:00Z',
      'mintlify-visitors-proj_1-2026-11-19T08_00_00Z-to-2026-11-26T12_30_00Z',
    ],
  ])('%s to %s (dateTo exclusive) is named for the last day it holds: %s', async (dateFrom, dateTo, base) => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'))
    const files = await writeExportFiles(
      dir,
      'visitors',
      { ...meta, range: { ...meta.range, sent: { dateFrom, dateTo } } },
      [],
    )
    expect(files.csv).toBe(join(dir, `${base}.csv`))
    expect(files.json).toBe(join(dir, `${base}.json`))
  })

  test('an empty export is still valid JSON and a CSV with its header', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'))
    const files = await writeExportFiles(dir, 'visitors', meta, [])
    expect(readJson<{ visitors: unknown[] }>(files.json).visitors).toEqual([])
    expect(readFileSync(files.csv, 'utf8')).toBe('path,human,ai,total\r\n')
  })

  test('views files are named and keyed for views; with a comparison both periods and the previous columns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'))
    const previous = {
      ...meta,
      range: { ...meta.range, sent: { dateFrom: '2026-11-07', dateTo: '2026-11-14' } },
      complete: false,
      pages: 2,
    }
    const rows = [
      { path: '/a', human: 2, ai: 1, total: 3, previous: { human: 1, ai: 0, total: 1 }, change: 2 },
      { path: '/gone', human: 0, ai: 0, total: 0, previous: { human: 5, ai: 1, total: 5 }, change: -5 },
    ]
    const files = await writeExportFiles(dir, 'views', { ...meta, previous }, rows)
    expect(files.csv).toBe(join(dir, 'mintlify-views-proj_1-2026-11-14-to-now.csv'))
    const json = readJson<{ previous: unknown; views: unknown[] }>(files.json)
    expect(json.previous).toEqual(previous)
    expect(json.views).toEqual(rows)
    expect(readFileSync(files.csv, 'utf8')).toBe(
      'path,human,ai,total,previous_human,previous_ai,previous_total,change\r\n/a,2,1,3,1,0,1,2\r\n/gone,0,0,0,5,1,5,-5\r\n',
    )
  })
})
