import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TrafficPage } from '../src/service/schemas.js'
import { exportTraffic } from '../src/analytics/offset-export.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { generateRows } from '../test/simulator/traffic-data.js'
import { inputVariable, parseOutputFile } from '../test/e2e/harness.js'

/** Export cost: requests the real exportTraffic spends for N rows, against a client that pages like the API. */
export async function exportRequests(rows: number, pageSize: number): Promise<number> {
  let requests = 0
  const client = {
    trafficPage: async (_kind: string, q: { limit: number; offset: number }): Promise<TrafficPage> => {
      requests++
      const count = Math.max(0, Math.min(q.limit, rows - q.offset))
      const visitors = Array.from({ length: count }, (_, i) => ({
        path: `/p${q.offset + i}`,
        human: 1,
        ai: 1,
        total: 1,
      }))
      return { totals: { human: rows, ai: rows, total: rows }, rows: visitors, hasMore: q.offset + q.limit < rows }
    },
  }
  await exportTraffic({ client, kind: 'visitors', dateFrom: undefined, dateTo: undefined, pageSize })
  return requests
}

export interface ScaleResult {
  rows: number
  requests: number
  wallMs: number
  peakRssMiB: number
  summaryBytes: number
  exitCode: number | null
}

/**
 * Export scale: the bundled action exporting `rows` rows from the simulator over HTTP on 127.0.0.1,
 * as the runner starts it. Peak RSS is the child's own (process.resourceUsage at exit, through a
 * preload that writes it to a file).
 */
export async function exportScale(root: string, node: string, rows: number, compare = false): Promise<ScaleResult> {
  const sim = new ServiceSimulator({ visitors: generateRows(rows) })
  // with compare: last week (2026-11-15 to 22) against the week before, `rows` pages each, other counts
  const previous = generateRows(rows, 2)
  if (compare) sim.visitors.byRange = (from) => (from === '2026-11-15' ? sim.visitors.rows : previous)
  const baseUrl = await sim.start()
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-'))
  const preload = join(dir, 'rss.cjs')
  const rssFile = join(dir, 'rss')
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)))\n`,
  )
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: dir,
    [inputVariable('api-key')]: sim.apiKey,
    [inputVariable('project-id')]: sim.projectId,
    [inputVariable('base-url')]: baseUrl,
    [inputVariable('mode')]: 'visitors',
    [inputVariable('page-size')]: '250',
    [inputVariable('summary-rows')]: '25',
    [inputVariable('wait-timeout')]: '10m',
    [inputVariable('max-requests')]: '10000', // the benchmark measures scale, not the hourly quota
    ...(compare
      ? {
          [inputVariable('date-from')]: '2026-11-15',
          [inputVariable('date-to')]: '2026-11-22',
          [inputVariable('compare')]: 'previous-period',
        }
      : {}),
  }
  writeFileSync(env.GITHUB_OUTPUT as string, '')
  writeFileSync(env.GITHUB_STEP_SUMMARY as string, '')
  const start = process.hrtime.bigint()
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(node, ['-r', preload, join(root, 'dist', 'index.js')], { env, stdio: 'ignore' })
    child.on('close', (code) => resolve(code))
  })
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6
  await sim.stop()
  const outputs = parseOutputFile(readFileSync(env.GITHUB_OUTPUT as string, 'utf8'))
  if (outputs['path-count'] !== String(rows))
    throw new Error(`export of ${rows} rows produced ${outputs['path-count'] ?? 'no'} paths`)
  if (compare && outputs['previous-total'] === undefined)
    throw new Error(`the comparison of ${rows} rows produced no previous-total`)
  return {
    rows,
    requests: sim.requestsTo('visitors').length,
    wallMs,
    peakRssMiB: Number(readFileSync(rssFile, 'utf8')) / 1024,
    summaryBytes: Buffer.byteLength(readFileSync(env.GITHUB_STEP_SUMMARY as string)),
    exitCode,
  }
}
