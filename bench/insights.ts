import { readFileSync } from 'node:fs'
import { runAction } from '../test/e2e/harness.js'
import { InsightsData } from '../test/simulator/insights-data.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'

/**
 * What insights mode spends on a large site: the bundled action against the simulator over HTTP,
 * with `maxRequests`, counting the requests that reached the service (they must never exceed it),
 * which lists came out complete, and the wall time.
 */
export interface InsightsCost {
  maxRequests: number
  requests: number
  byRoute: Record<string, number>
  complete: string[]
  wallMs: number
}

export async function insightsCost(
  node: string,
  sizes: { searches: number; conversations: number; pages: number },
  maxRequests: number,
): Promise<InsightsCost> {
  const sim = new ServiceSimulator({ insights: InsightsData.generate(sizes) })
  await sim.start()
  try {
    const start = performance.now()
    const run = await runAction({
      runtime: { name: 'bench', node },
      inputs: {
        'api-key': sim.apiKey,
        'project-id': sim.projectId,
        'base-url': sim.baseUrl,
        mode: 'insights',
        'date-from': '2026-11-15',
        'date-to': '2026-11-22',
        'max-requests': String(maxRequests),
      },
      killAfterMs: 120_000,
    })
    const wallMs = performance.now() - start
    if (sim.requests.length > maxRequests)
      throw new Error(`insights sent ${sim.requests.length} requests with max-requests ${maxRequests}`)
    const json = JSON.parse(readFileSync(run.outputs['insights-json'] ?? '', 'utf8')) as {
      lists: Record<string, { complete: boolean }>
    }
    const byRoute: Record<string, number> = {}
    for (const r of sim.requests) byRoute[r.route] = (byRoute[r.route] ?? 0) + 1
    return {
      maxRequests,
      requests: sim.requests.length,
      byRoute,
      complete: Object.entries(json.lists)
        .filter(([, l]) => l.complete)
        .map(([name]) => name),
      wallMs,
    }
  } finally {
    await sim.stop()
  }
}
