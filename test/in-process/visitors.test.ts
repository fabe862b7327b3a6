import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { generateRows } from '../simulator/traffic-data.js'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import { PATHS, throughBundle, hasStackTrace, secretLeaks } from '../e2e/harness.js'
import { type ExportJson, readJson } from '../e2e/typed.js'

const visitorsMode = { mode: 'visitors' }

function csvLines(path: string | undefined): string[] {
  return readFileSync(path ?? '', 'utf8')
    .split('\r\n')
    .filter((l) => l !== '')
}

describe.each(PATHS)('visitors export ($name)', (runtime) => {
  test.each([0, 1, 250, 251, 1234])(
    '%i rows cost exactly max(1, ceil(N / 250)) requests, and all are exported',
    async (n) => {
      const sim = await startSimulator({ visitors: generateRows(n) })
      const run = await runAgainst(sim, runtime, visitorsMode)
      expect(run.code).toBe(0)
      const requests = sim.requestsTo('visitors')
      expect(requests).toHaveLength(Math.max(1, Math.ceil(n / 250)))
      expect(sim.visitors.queries.map((q) => [q.limit, q.offset])).toEqual(
        requests.map((_, i) => ['250', String(i * 250)]),
      )
      expect(run.outputs['path-count']).toBe(String(n))
      expect(csvLines(run.outputs['visitors-csv'])).toHaveLength(n + 1)
      const json = readJson<ExportJson>(run.outputs['visitors-json'] ?? '')
      expect(json.visitors).toHaveLength(n)
      expect(json.complete).toBe(true)
    },
  )

  test('totals come from the response, not from adding rows; files are sorted like the summary', async () => {
    const sim = await startSimulator({ visitors: generateRows(300, 7) })
    sim.visitors.totals = { human: 4321, ai: 1234, total: 5000 }
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'summary-rows': '3' })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ human: '4321', ai: '1234', total: '5000' })
    const json = readJson<ExportJson>(run.outputs['visitors-json'] ?? '')
    expect(json.totals).toEqual({ human: 4321, ai: 1234, total: 5000 })
    const totals = json.visitors.map((r) => r.total)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    const top = json.visitors.slice(0, 3).map((r) => r.path)
    const summaryRows = run.summary.split('\n').filter((l) => l.startsWith('| /'))
    expect(summaryRows.map((l) => l.split(' | ')[0]?.slice(2))).toEqual(top)
    expect(run.summary).toContain('| 4,321 | 1,234 | 5,000 | 22.2% |')
    expect(run.summary).toContain('297 more pages are in the export files')
    expect(run.summary).toContain('all time')
  })

  test('Nd dates are sent as YYYY-MM-DD, other forms as given; the heading says the range in words', async () => {
    const sim = await startSimulator({ visitors: generateRows(3) })
    const run = await runAgainst(sim, runtime, {
      ...visitorsMode,
      'date-from': '7d',
      'date-to': '2099-01-01T00:00:00Z',
    })
    expect(run.code).toBe(0)
    const weekAgo = new Date(Math.floor(run.startedAt / 86_400_000) * 86_400_000 - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    expect(sim.visitors.queries[0]).toMatchObject({ dateFrom: weekAgo, dateTo: '2099-01-01T00:00:00Z' })
    expect(run.summary).toContain('– before 2099-01-01 00:00 UTC')
    const json = readJson<ExportJson>(run.outputs['visitors-json'] ?? '')
    expect(json.range.requested).toEqual({ dateFrom: '7d', dateTo: '2099-01-01T00:00:00Z' })
    expect(json.range.sent).toEqual({ dateFrom: weekAgo, dateTo: '2099-01-01T00:00:00Z' })
  })

  test('a date-to after today is said in the summary: the range has data up to now only', async () => {
    const sim = await startSimulator({ visitors: generateRows(3) })
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'date-from': '2026-11-01', 'date-to': '2027-01-01' })
    expect(run.code).toBe(0)
    expect(run.summary).toContain(
      `date-to \\(2027-01-01\\) is after today: the range has data up to now only, ${new Date(run.startedAt).toISOString().slice(0, 10)}`,
    )
  })

  test('a calendar range reads with its exclusive end made plain', async () => {
    const sim = await startSimulator({ visitors: generateRows(3) })
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'date-from': '2026-10-01', 'date-to': '2026-11-01' })
    expect(run.summary).toContain('2026-10-01 – 2026-10-31')
    expect(sim.visitors.queries[0]).toMatchObject({ dateFrom: '2026-10-01', dateTo: '2026-11-01' })
  })

  test.each([
    [{ 'date-from': '2026-02-30' }, '"date-from" is "2026-02-30"'],
    [{ 'date-to': 'next tuesday' }, '"date-to" is "next tuesday"'],
    [{ 'date-from': '2026-11-01', 'date-to': '2026-10-01' }, 'a start before date-to'],
    // a range that starts after now spends nothing
    [
      { 'date-from': '2099-01-01', 'date-to': '2099-02-01' },
      '"date-from" is "2099-01-01": expected a start no later than now (',
    ],
    [{ 'date-from': '2098-11-25' }, '"date-from" is "2098-11-25": expected a start no later than now'],
    [{ 'page-size': '500' }, '"page-size" is "500"'],
    [{ 'page-size': 'all' }, '"page-size" is "all"'],
    [{ 'summary-rows': '0' }, '"summary-rows" is "0"'],
    [
      { mode: 'visitor' },
      '"mode" is "visitor": expected agent, comment, visitors, views, insights, deploy, preview, automation, health or check',
    ],
  ])('%o: one ::error::, no request', async (inputs, message) => {
    const sim = await startSimulator({ visitors: generateRows(3) })
    // a mode that is no action's goes through the root, whose input it is
    const run = await runAgainst(sim, runtime, { ...visitorsMode, ...inputs }, { root: 'mode' in inputs })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(message)
    expect(sim.requests).toHaveLength(0)
    expect(hasStackTrace(run)).toBe(false)
  })

  test('rows that move between pages are exported once, and the repeats are reported', async () => {
    const sim = await startSimulator({ visitors: generateRows(600) })
    sim.visitors.moveAfterEachPage = 1
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'page-size': '100' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('visitors')).toHaveLength(6)
    expect(run.stdout).toMatch(/5 rows repeated a path already exported/)
    const paths = csvLines(run.outputs['visitors-csv'])
      .slice(1)
      .map((l) => l.split(',')[0])
    expect(new Set(paths).size).toBe(paths.length)
    expect(run.outputs['path-count']).toBe(String(paths.length))
  })

  test('an empty page while hasMore is true ends the export with a warning', async () => {
    const sim = await startSimulator({ visitors: generateRows(600) })
    const emptyPage = { totals: { human: 1, ai: 1, total: 1 }, visitors: [], hasMore: true }
    sim.addFault({ route: 'visitors', skip: 1, status: 200, body: emptyPage })
    const run = await runAgainst(sim, runtime, visitorsMode)
    expect(run.code).toBe(0)
    expect(sim.requestsTo('visitors')).toHaveLength(2)
    expect(run.warnings.some((w) => w.includes('empty page at offset 250'))).toBe(true)
    expect(readJson<ExportJson>(run.outputs['visitors-json'] ?? '').complete).toBe(false)
    expect(run.summary).toContain('incomplete')
  })

  test('a service that caps its pages below page-size: every row is exported, none skipped', async () => {
    const sim = await startSimulator({ visitors: generateRows(530) })
    sim.visitors.maxRowsPerPage = 100
    const run = await runAgainst(sim, runtime, visitorsMode)
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([])
    expect(sim.visitors.queries.map((q) => [q.limit, q.offset])).toEqual(
      [0, 100, 200, 300, 400, 500].map((o) => ['250', String(o)]),
    )
    expect(run.outputs['path-count']).toBe('530')
    expect(csvLines(run.outputs['visitors-csv'])).toHaveLength(531)
    expect(readJson<ExportJson>(run.outputs['visitors-json'] ?? '').complete).toBe(true)
  })

  test('the hard bound of 1,000 pages ends the export with a warning, keeping every row fetched', async () => {
    // 1,001 rows at one row a page: hasMore is still true after page 1,000
    const sim = await startSimulator({ visitors: generateRows(1001) })
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'page-size': '1', 'max-requests': '2000' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('visitors')).toHaveLength(1000)
    expect(run.warnings).toHaveLength(1)
    expect(run.warnings[0]).toContain('reached the bound of 1,000 pages (1,000 rows)')
    expect(run.outputs['path-count']).toBe('1000')
    expect(readJson<ExportJson>(run.outputs['visitors-json'] ?? '').complete).toBe(false)
    expect(run.summary).toContain('incomplete')
  })

  test('SIGINT part-way: stops before SIGTERM, and the rows fetched are in the files and the summary', async () => {
    const sim = await startSimulator({ visitors: generateRows(600) })
    sim.addFault({ route: 'visitors', skip: 1, delayMs: 20_000, status: 503 })
    const run = await runAgainst(sim, throughBundle(runtime), visitorsMode, {
      cancelWhen: async () => {
        await sim.waitForRequest((r) => r.route === 'visitors' && r.url.includes('offset=250'))
      },
    })
    expect(run.neededSigterm).toBe(false)
    expect(run.code).not.toBe(0)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('Cancelled. 250 rows had been fetched (1 page of results)')
    expect(csvLines(run.outputs['visitors-csv'])).toHaveLength(251)
    expect(readJson<ExportJson>(run.outputs['visitors-json'] ?? '').complete).toBe(false)
    expect(run.outputs.total).toBeTruthy()
    expect(run.summary).toContain('250 rows had been fetched')
    expect(hasStackTrace(run)).toBe(false)
  })

  test("a 400 shows the API's error and every details message", async () => {
    const sim = await startSimulator({ visitors: generateRows(3) })
    sim.addFault({
      route: 'visitors',
      status: 400,
      body: {
        error: 'Invalid query parameters',
        details: [{ message: 'dateFrom must be before dateTo' }, { message: 'limit too large' }],
      },
    })
    const run = await runAgainst(sim, runtime, visitorsMode)
    expect(run.code).toBe(1)
    expect(sim.requestsTo('visitors')).toHaveLength(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(
      'HTTP 400 Bad Request: Invalid query parameters; dateFrom must be before dateTo; limit too large',
    )
    expect(run.errors[0]).toContain('0 rows had been fetched')
  })

  test('5xx, 408 and a short Retry-After are retried within the export', async () => {
    const sim = await startSimulator({ visitors: generateRows(700) })
    sim.addFault({ route: 'visitors', skip: 1, status: 503, body: { error: 'busy' }, headers: { 'Retry-After': '0' } })
    sim.addFault({ route: 'visitors', status: 408, body: '', headers: { 'Retry-After': '0' } })
    sim.addFault({ route: 'visitors', status: 429, body: { error: 'slow' }, headers: { 'Retry-After': '1' } })
    const run = await runAgainst(sim, runtime, visitorsMode)
    expect(run.code).toBe(0)
    expect(sim.requestsTo('visitors')).toHaveLength(3 + 3)
    expect(run.outputs['path-count']).toBe('700')
  })

  test('a rate limit for longer than a few minutes fails at once, says when to retry, and keeps the rows fetched', async () => {
    const sim = await startSimulator({ visitors: generateRows(1000) })
    const limited = { status: 429, body: { error: 'Rate limit exceeded' }, headers: { 'Retry-After': '1800' } }
    sim.addFault({ route: 'visitors', skip: 2, ...limited })
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'wait-timeout': '2h' })
    expect(run.code).toBe(1)
    expect(sim.requestsTo('visitors')).toHaveLength(3)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('100 requests per organisation per hour')
    expect(run.errors[0]).toMatch(/run it again after \d{4}-\d\d-\d\d \d\d:\d\d UTC\./)
    expect(run.errors[0]).toContain('500 rows had been fetched (2 pages of results)')
    expect(csvLines(run.outputs['visitors-csv'])).toHaveLength(501)
    expect(readJson<ExportJson>(run.outputs['visitors-json'] ?? '').complete).toBe(false)
    expect(run.outputs['path-count']).toBe('500')
    expect(run.summary).toContain('500 rows had been fetched')
  })

  test('hostile page paths stay text in the summary and inert in the CSV', async () => {
    const hostile = [
      '/a|b',
      '/[x](https://evil.example)',
      '/<img src=x onerror=alert(1)>',
      '=cmd|"/c calc"!A1',
      '/`tick`\n## heading',
      '+SUM(1)',
    ]
    const sim = await startSimulator({
      visitors: hostile.map((path, i) => ({ path, human: 100 - i, ai: i, total: 100 })),
    })
    const run = await runAgainst(sim, runtime, visitorsMode)
    expect(run.code).toBe(0)
    expect(run.summary).not.toMatch(/<img|\]\(https|^## heading/m)
    const rows = run.summary
      .split('\n')
      .filter((l) => /^\| [^-]/.test(l) && !l.startsWith('| Human') && !l.startsWith('| Page'))
    expect(rows.filter((r) => !/^\| [\d,]+ \|/.test(r))).toHaveLength(hostile.length)
    const csv = readFileSync(run.outputs['visitors-csv'] ?? '', 'utf8')
    expect(csv).toContain(`"'=cmd|""/c calc""!A1",`)
    expect(csv).toContain("'+SUM(1),")
    expect(csv).toContain('"/`tick`\n## heading",')
  })

  test('the summary stays far under 1 MiB for a large export with long paths and huge summary-rows', async () => {
    const rows = generateRows(20_000).map((r) => ({ ...r, path: `${r.path}/${'<|>'.repeat(60)}` }))
    const sim = await startSimulator({ visitors: rows })
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'summary-rows': '100000' })
    expect(run.code).toBe(0)
    expect(Buffer.byteLength(run.summary)).toBeLessThan(256 * 1024)
    expect(run.summary).toMatch(/more pages are in the export files/)
    expect(run.outputs['path-count']).toBe('20000')
  })

  test('files go under RUNNER_TEMP, or the working directory when it is unset', async () => {
    const sim = await startSimulator({ visitors: generateRows(3) })
    const inTemp = await runAgainst(sim, runtime, visitorsMode)
    expect(inTemp.outputs['visitors-csv']?.startsWith(inTemp.dir)).toBe(true)
    const noTemp = await runAgainst(sim, throughBundle(runtime), visitorsMode, { env: { RUNNER_TEMP: '' } })
    expect(noTemp.code).toBe(0)
    expect(noTemp.outputs['visitors-csv']?.startsWith(noTemp.dir)).toBe(true)
    const sub = join(inTemp.dir, 'nested', 'temp')
    mkdirSync(sub, { recursive: true })
    const custom = await runAgainst(sim, runtime, visitorsMode, { env: { RUNNER_TEMP: sub } })
    expect(custom.outputs['visitors-json']?.startsWith(sub)).toBe(true)
  })

  test('agent-only inputs are named as ignored; the key stays out of files, outputs and logs', async () => {
    const sim = await startSimulator({ visitors: generateRows(10) })
    const run = await runAgainst(sim, runtime, { mode: 'visitors', prompt: 'Document X' }, { root: true })
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([
      'Input "prompt" is not read with mode: visitors, so it was ignored (it is read by agent).',
    ])
    expect(sim.requestsTo('create')).toHaveLength(0)
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  // beyond the default max-requests (the scale of 100,000 rows is the benchmark's: docs/benchmarks.md)
  test('40,000 rows: 160 requests, every row exported once (with max-requests raised to allow them)', async () => {
    const sim = await startSimulator({ visitors: generateRows(40_000) })
    const run = await runAgainst(sim, runtime, { ...visitorsMode, 'max-requests': '160' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('visitors')).toHaveLength(160)
    expect(run.outputs['path-count']).toBe('40000')
    expect(Buffer.byteLength(run.summary)).toBeLessThan(64 * 1024)
  })
})
