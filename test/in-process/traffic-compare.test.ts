import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { periodRows } from '../simulator/traffic-data.js'
import { runAgainst, startSimulator, compared } from '../e2e/fixtures.js'
import { PATHS, hasStackTrace } from '../e2e/harness.js'
import { type ExportJson, defined, readJson } from '../e2e/typed.js'

/** mode: views, and compare: previous-period in both traffic modes, end to end against the simulator. */
const csvLines = (path: string | undefined): string[] =>
  readFileSync(path ?? '', 'utf8')
    .split('\r\n')
    .filter((l) => l !== '')
const totalOf = (rows: Array<{ total: number }>): number => Math.round(rows.reduce((a, r) => a + r.total, 0) * 0.75) // the simulator's site-wide total

describe.each(PATHS)('views and comparisons ($name)', (runtime) => {
  test.each([0, 1, 251, 600])(
    'views mode: %i rows cost max(1, ceil(N / 250)) requests to /views, into views files',
    async (n) => {
      const sim = await startSimulator({ views: periodRows(null, n) })
      const run = await runAgainst(sim, runtime, { mode: 'views' })
      expect(run.code).toBe(0)
      expect(sim.requestsTo('visitors')).toHaveLength(0)
      expect(sim.requestsTo('views')).toHaveLength(Math.max(1, Math.ceil(n / 250)))
      expect(run.outputs['path-count']).toBe(String(n))
      // no date-to: every page was sent one fixed end, tomorrow in UTC, and the file is named for the last day it holds, today
      const pinned = defined(sim.views.queries[0]?.dateTo, 'the dateTo sent')
      expect(pinned).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      // tomorrow in UTC (a day's midnight within the next 24 hours, whichever side of midnight the run fell)
      expect(Date.parse(pinned) - run.startedAt).toBeGreaterThan(0)
      expect(Date.parse(pinned) - run.startedAt).toBeLessThanOrEqual(86_400_000)
      expect(sim.views.queries.every((q) => q.dateTo === pinned)).toBe(true)
      const today = new Date(Date.parse(pinned) - 86_400_000).toISOString().slice(0, 10)
      expect(run.outputs['views-csv']).toMatch(new RegExp(`mintlify-views-proj_demo-start-to-${today}\\.csv$`))
      expect(run.summary).toContain(`all time up to today \\(${today}\\)`)
      expect(run.outputs['visitors-csv']).toBeUndefined()
      expect(csvLines(run.outputs['views-csv'])).toHaveLength(n + 1)
      expect(readJson<ExportJson>(run.outputs['views-json'] ?? '').views).toHaveLength(n)
      expect(run.summary).toContain('### 📊 Page views: proj\\_demo, all time up to today')
      expect(run.summary).toContain(`every request was sent dateTo=${pinned} \\(tomorrow in UTC, exclusive\\)`)
      expect(run.outputs['previous-total']).toBeUndefined()
    },
  )

  test('compare in visitors mode: two exports, the fewest requests, the previous period right before; change figures, movers and the union in the files', async () => {
    const sim = await startSimulator()
    const current = periodRows('2026-11-15', 300)
    const previous = periodRows('2026-11-08', 260)
    sim.visitors.byRange = (from) => (from === '2026-11-15' ? current : from === '2026-11-08' ? previous : [])
    const run = await runAgainst(sim, runtime, compared('visitors', '2026-11-15', '2026-11-22'))

    expect(run.code).toBe(0)
    expect(sim.visitors.queries.map((q) => [q.dateFrom, q.dateTo, q.offset])).toEqual([
      ['2026-11-15', '2026-11-22', '0'],
      ['2026-11-15', '2026-11-22', '250'],
      ['2026-11-08', '2026-11-15', '0'],
      ['2026-11-08', '2026-11-15', '250'],
    ]) // max(1, ceil(300/250)) + max(1, ceil(260/250)), one at a time
    const t = totalOf(current)
    const p = totalOf(previous)
    expect(run.outputs.total).toBe(String(t))
    expect(run.outputs['previous-total']).toBe(String(p))
    const percent = Math.round(((t - p) / p) * 1000) / 10
    expect(run.outputs['change-percent']).toBe(`${percent > 0 ? '+' : ''}${percent.toFixed(1)}`)
    expect(run.outputs['path-count']).toBe('300')
    expect(run.stdout).toContain('Comparing with the previous period: 7 days ending where this one starts.')
    expect(run.stdout).toContain('Previous period, page 2 (offset 250): 10 rows, the last.')

    const union = new Set([...current, ...previous].map((r) => r.path))
    const lines = csvLines(run.outputs['visitors-csv'])
    expect(lines[0]).toBe('path,human,ai,total,previous_human,previous_ai,previous_total,change')
    expect(lines).toHaveLength(union.size + 1)
    const gone = previous.find((r) => !current.some((c) => c.path === r.path))
    expect(lines).toContain(`${gone?.path},0,0,0,${gone?.human},${gone?.ai},${gone?.total},-${gone?.total}`)
    const json = readJson<ExportJson>(run.outputs['visitors-json'] ?? '')
    expect(json.range.sent).toEqual({ dateFrom: '2026-11-15', dateTo: '2026-11-22' })
    expect(json.previous.range.sent).toEqual({ dateFrom: '2026-11-08', dateTo: '2026-11-15' })
    expect(json.previous.totals.total).toBe(p)
    expect(json.previous.complete).toBe(true)
    expect(json.visitors).toHaveLength(union.size)

    expect(run.summary).toContain('| Previous total | Change |')
    expect(run.summary).toContain('Compared with 2026-11-08 – 2026-11-14.')
    expect(run.summary).toContain('#### Movers')
    const added = current.filter((r) => !previous.some((q) => q.path === r.path)).length
    const vanished = previous.filter((r) => !current.some((c) => c.path === r.path)).length
    expect(added).toBeGreaterThan(0)
    expect(vanished).toBeGreaterThan(0)
    expect(run.summary).toContain(`**New pages (visitors now, none before)** (${added})`)
    expect(run.summary).toContain(`**Gone quiet (visitors before, none now)** (${vanished})`)
    expect(run.summary).toContain(`and ${added - 10} more new pages in the export files`)
    expect(Buffer.byteLength(run.summary)).toBeLessThan(200 * 1024)
  })

  test('compare in views mode with Nd dates: the 7 days before the last 7', async () => {
    const sim = await startSimulator()
    sim.views.byRange = (from) => periodRows(from, 40)
    const run = await runAgainst(sim, runtime, compared('views', '7d', '0d'))
    expect(run.code).toBe(0)
    const day = (n: number): string =>
      new Date(Math.floor(run.startedAt / 86_400_000) * 86_400_000 - n * 86_400_000).toISOString().slice(0, 10)
    expect(sim.views.queries.map((q) => [q.dateFrom, q.dateTo])).toEqual([
      [day(7), day(0)],
      [day(14), day(7)],
    ])
    expect(run.outputs['views-csv']).toBeDefined()
    expect(run.outputs['change-percent']).toMatch(/^([+-]\d+\.\d|0\.0)$/)
  })

  test('the previous period fails part-way: the step fails, says which period, keeps everything, and shows no page-level change', async () => {
    const sim = await startSimulator()
    sim.visitors.byRange = (from) => periodRows(from, 300)
    // the current period's two pages pass; the previous period's second page is refused
    sim.addFault({
      route: 'visitors',
      skip: 3,
      status: 400,
      body: { error: 'Invalid query parameters', details: [{ message: 'offset too large' }] },
    })
    const run = await runAgainst(sim, runtime, compared('visitors', '2026-11-15', '2026-11-22'))
    expect(run.code).toBe(1)
    expect(sim.requestsTo('visitors')).toHaveLength(4)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('HTTP 400 Bad Request: Invalid query parameters; offset too large')
    expect(run.errors[0]).toContain(
      '(in the previous period) 250 rows of the previous period had been fetched (1 page of results)',
    )
    const json = readJson<ExportJson>(run.outputs['visitors-json'] ?? '')
    expect(json.complete).toBe(true)
    expect(json.previous.complete).toBe(false)
    expect(run.outputs['previous-total']).toBeDefined() // totals come with every page
    expect(run.summary).toContain('that period is incomplete, so a change would mislead')
    expect(run.summary).not.toContain('#### Movers')
    expect(hasStackTrace(run)).toBe(false)
  })

  test('the current period fails: the previous one is not fetched at all', async () => {
    const sim = await startSimulator()
    sim.visitors.byRange = (from) => periodRows(from, 300)
    sim.addFault({ route: 'visitors', skip: 1, status: 400, body: { error: 'nope' } })
    const run = await runAgainst(sim, runtime, {
      mode: 'visitors',
      'date-from': '2026-11-15',
      compare: 'previous-period',
    })
    expect(run.code).toBe(1)
    expect(sim.requestsTo('visitors')).toHaveLength(2)
    expect(run.outputs['previous-total']).toBeUndefined()
    expect(run.summary).toContain('The previous period was not fetched')
  })

  test('compare without date-from: one input error, nothing sent', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { mode: 'views', compare: 'previous-period' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([
      'Input "date-from" is empty: expected a start with compare: previous-period (the previous period is as long as this one, so this one needs a start).',
    ])
    expect(sim.requests).toHaveLength(0)
  })

  test('compare given to agent mode is ignored, and the log says so', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { prompt: 'Document X', compare: 'previous-period' }, { root: true })
    expect(run.code).toBe(0)
    expect(run.warnings).toContain(
      'Input "compare" is not read with mode: agent, so it was ignored (it is read by visitors, views).',
    )
  })
})
