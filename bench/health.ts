import { runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { InsightsData } from '../test/simulator/insights-data.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { periodRows } from '../test/simulator/traffic-data.js'

/**
 * What `mode: health` spends: a first run (the trend backfilled, `weeks` 12) and a weekly run after
 * it, the bundled action against both simulators over HTTP. The weekly run is the same issue a week
 * on: its hidden state lacks the newest week (as an issue written a week ago does), so it must fetch
 * that week's two totals and nothing more of the trend; the bench fails otherwise.
 */
export interface HealthRun {
  totals: number
  insights: number
  analytics: number
  github: number
  /** Label creates sent (the claim; 422 when the label exists): never more than one a run. */
  labelCreates: number
  wallMs: number
}

const STATE = /<!-- mintlify-docs-action:health-state v1 ([A-Za-z0-9+/=]+) -->/

export async function healthCost(node: string, labelExists = false): Promise<{ first: HealthRun; weekly: HealthRun }> {
  const sim = new ServiceSimulator({ insights: InsightsData.generate({ searches: 3000, conversations: 5000, pages: 60 }) })
  sim.visitors.byRange = (from) => periodRows(from, 1234)
  sim.views.byRange = (from) => periodRows(from, 1234, 3)
  const token = 'ghs_bench_token_0123456789'
  const gh = new GitHubSimulator(token)
  // a label made by hand before the first run: the claim is answered 422 already_exists, once
  if (labelExists) gh.repoLabels.set('docs-health', 'ededed')
  await sim.start()
  await gh.start()
  try {
    const once = async (): Promise<HealthRun> => {
      const [service, github] = [sim.requests.length, gh.requests.length]
      const start = performance.now()
      const run = await runAction({
        runtime: { name: 'bench', node },
        inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.baseUrl, mode: 'health', 'github-token': token },
        env: { GITHUB_API_URL: gh.baseUrl },
        killAfterMs: 120_000,
      })
      if (run.code !== 0) throw new Error(`the health run failed: ${run.errors.join('; ')}`)
      const wallMs = performance.now() - start
      const analytics = sim.requests.slice(service).filter((r) => r.url.includes('/v1/analytics/'))
      const totals = analytics.filter((r) => /\/(visitors|views)\?/.test(r.url)).length
      const labelCreates = gh.requests.slice(github).filter((r) => r.route === 'create-label').length
      return { totals, insights: analytics.length - totals, analytics: analytics.length, github: gh.requests.length - github, labelCreates, wallMs }
    }
    const first = await once()
    // a week on: the issue's memory lacks the newest week
    const issue = [...gh.issues.values()][0]
    if (!issue) throw new Error('the first run opened no issue')
    const state = JSON.parse(Buffer.from(STATE.exec(issue.body)?.[1] ?? '', 'base64').toString('utf8')) as { weeks: unknown[] }
    state.weeks = state.weeks.slice(0, -1)
    issue.body = issue.body.replace(STATE, `<!-- mintlify-docs-action:health-state v1 ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`)
    const weekly = await once()
    if (first.labelCreates > 1 || weekly.labelCreates > 1) throw new Error('a health run asked GitHub to create its label more than once')
    if (weekly.totals !== 2) throw new Error(`a weekly run fetched ${weekly.totals} totals, expected 2`)
    if (weekly.analytics > 100 || first.analytics > 100) throw new Error('a health run spent more than max-requests')
    return { first, weekly }
  } finally {
    await sim.stop()
    await gh.stop()
  }
}
