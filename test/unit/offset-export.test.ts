import { describe, expect, test } from 'vitest'
import { ApiError } from '../../src/service/errors.js'
import type { TrafficPage, VisitorRow } from '../../src/service/schemas.js'
import { PartialExportError, compareRows, exportTraffic } from '../../src/analytics/offset-export.js'

const rows = (n: number, prefix = '/p'): VisitorRow[] =>
  Array.from({ length: n }, (_, i) => ({ path: `${prefix}${i}`, human: i, ai: 1, total: i + 1 }))
const totals = { human: 10, ai: 5, total: 12 }
/** The visitors export with no dates: the service's default range. */
const ALL_VISITORS = { kind: 'visitors', dateFrom: undefined, dateTo: undefined } as const

/** A client over a fixed data set, paging like the API; records each query. */
function pagedClient(data: VisitorRow[]) {
  const queries: Array<{ limit: number; offset: number }> = []
  return {
    queries,
    trafficPage: async (_kind: string, q: { limit: number; offset: number }): Promise<TrafficPage> => {
      queries.push({ limit: q.limit, offset: q.offset })
      return { totals, rows: data.slice(q.offset, q.offset + q.limit), hasMore: q.offset + q.limit < data.length }
    },
  }
}

/** An export of the pages `page(n)` gives (n from 0): its result, and how many pages it asked for. */
async function exportPages(page: (n: number) => TrafficPage, options: { pageSize: number; maxPages?: number }) {
  let calls = 0
  const result = await exportTraffic({
    client: { trafficPage: async () => page(calls++) },
    ...ALL_VISITORS,
    ...options,
  })
  return { result, calls }
}

describe('exportTraffic', () => {
  test.each([0, 1, 249, 250, 251, 1234])('%i rows at page-size 250 cost max(1, ceil(N/250)) requests', async (n) => {
    const client = pagedClient(rows(n))
    const result = await exportTraffic({
      client,
      ...ALL_VISITORS,
      pageSize: 250,
    })
    expect(client.queries).toHaveLength(Math.max(1, Math.ceil(n / 250)))
    expect(client.queries.map((q) => q.offset)).toEqual(client.queries.map((_, i) => i * 250))
    expect(result.rows.size).toBe(n)
    expect(result.totals).toEqual(totals)
  })

  test('a service that serves fewer rows than asked: offset grows by the rows received, so none vanish', async () => {
    const data = rows(530)
    const queries: Array<{ limit: number; offset: number }> = []
    const capped = {
      trafficPage: async (_kind: string, q: { limit: number; offset: number }): Promise<TrafficPage> => {
        queries.push({ limit: q.limit, offset: q.offset })
        return { totals, rows: data.slice(q.offset, q.offset + 100), hasMore: q.offset + 100 < data.length }
      },
    }
    const result = await exportTraffic({
      client: capped,
      ...ALL_VISITORS,
      pageSize: 250,
    })
    expect(queries.map((q) => q.offset)).toEqual([0, 100, 200, 300, 400, 500])
    expect(queries.every((q) => q.limit === 250)).toBe(true)
    expect(result.rows.size).toBe(530)
    expect(result.stoppedEarly).toBeUndefined()
  })

  test('a path that comes twice is kept once, first seen wins, and counted', async () => {
    const pages: TrafficPage[] = [
      {
        totals,
        rows: [
          { path: '/a', human: 1, ai: 0, total: 1 },
          { path: '/b', human: 2, ai: 0, total: 2 },
        ],
        hasMore: true,
      },
      {
        totals,
        rows: [
          { path: '/b', human: 9, ai: 9, total: 9 },
          { path: '/c', human: 3, ai: 0, total: 3 },
        ],
        hasMore: false,
      },
    ]
    const result = await exportTraffic({
      client: { trafficPage: async () => pages.shift() as TrafficPage },
      ...ALL_VISITORS,
      pageSize: 2,
    })
    expect([...result.rows.keys()]).toEqual(['/a', '/b', '/c'])
    expect(result.rows.get('/b')?.total).toBe(2)
    expect(result.repeats).toBe(1)
  })

  test('an empty page while hasMore is true ends the export with a reason, not a loop', async () => {
    const { result, calls } = await exportPages(
      (n) => (n === 0 ? { totals, rows: rows(2), hasMore: true } : { totals, rows: [], hasMore: true }),
      { pageSize: 2 },
    )
    expect(calls).toBe(2)
    expect(result.stoppedEarly).toContain('empty page at offset 2')
  })

  test('the page bound ends an endless export', async () => {
    const { result, calls } = await exportPages((n) => ({ totals, rows: rows(1, `/x${n}-`), hasMore: true }), {
      pageSize: 1,
      maxPages: 7,
    })
    expect(calls).toBe(7)
    expect(result.stoppedEarly).toContain('bound of 7 pages')
  })

  test('a failure part-way keeps what was fetched', async () => {
    let calls = 0
    const error = await exportTraffic({
      client: {
        trafficPage: async () => {
          if (calls++ === 2) throw new ApiError('boom', { kind: 'http', status: 500 })
          return { totals, rows: rows(3, `/p${calls}-`), hasMore: true }
        },
      },
      kind: 'visitors',
      dateFrom: '2026-10-01',
      dateTo: undefined,
      pageSize: 3,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PartialExportError)
    expect((error as PartialExportError).partial.rows.size).toBe(6)
    expect((error as PartialExportError).partial.pages).toBe(2)
    expect((error as PartialExportError).reason).toBeInstanceOf(ApiError)
  })

  test('rows sort by total, most first, ties by path', () => {
    const sorted = [
      { path: '/b', human: 0, ai: 0, total: 5 },
      { path: '/a', human: 0, ai: 0, total: 5 },
      { path: '/c', human: 0, ai: 0, total: 9 },
    ].sort(compareRows)
    expect(sorted.map((r) => r.path)).toEqual(['/c', '/a', '/b'])
  })
})
