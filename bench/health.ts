import { decodeImpactState, encodeImpactState } from '../src/health/memory.js'
import { runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { InsightsData } from '../test/simulator/insights-data.js'
import { PageWeeks, flat, rises } from '../test/simulator/page-weeks.js'
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
  const sim = new ServiceSimulator({
    insights: InsightsData.generate({ searches: 3000, conversations: 5000, pages: 60 }),
  })
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
        inputs: {
          'api-key': sim.apiKey,
          'project-id': sim.projectId,
          'base-url': sim.baseUrl,
          mode: 'health',
          'github-token': token,
        },
        env: { GITHUB_API_URL: gh.baseUrl },
        killAfterMs: 120_000,
      })
      if (run.code !== 0) throw new Error(`the health run failed: ${run.errors.join('; ')}`)
      const wallMs = performance.now() - start
      const analytics = sim.requests.slice(service).filter((r) => r.url.includes('/v1/analytics/'))
      const totals = analytics.filter((r) => /\/(visitors|views)\?/.test(r.url)).length
      const labelCreates = gh.requests.slice(github).filter((r) => r.route === 'create-label').length
      return {
        totals,
        insights: analytics.length - totals,
        analytics: analytics.length,
        github: gh.requests.length - github,
        labelCreates,
        wallMs,
      }
    }
    const first = await once()
    // a week on: the issue's memory lacks the newest week
    const issue = [...gh.issues.values()][0]
    if (!issue) throw new Error('the first run opened no issue')
    const state = JSON.parse(Buffer.from(STATE.exec(issue.body)?.[1] ?? '', 'base64').toString('utf8')) as {
      weeks: unknown[]
    }
    state.weeks = state.weeks.slice(0, -1)
    issue.body = issue.body.replace(
      STATE,
      `<!-- mintlify-docs-action:health-state v1 ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`,
    )
    const weekly = await once()
    if (first.labelCreates > 1 || weekly.labelCreates > 1)
      throw new Error('a health run asked GitHub to create its label more than once')
    if (weekly.totals !== 2) throw new Error(`a weekly run fetched ${weekly.totals} totals, expected 2`)
    if (weekly.analytics > 100 || first.analytics > 100) throw new Error('a health run spent more than max-requests')
    return { first, weekly }
  } finally {
    await sim.stop()
    await gh.stop()
  }
}

/** What a run spends with and without impact, side by side. */
export interface ImpactRuns {
  sitePages: number
  first: { on: HealthRun; off: HealthRun }
  weekly: { on: HealthRun; off: HealthRun }
  /** Views export requests of the one week a weekly run reads. */
  bound: number
}

/**
 * `impact: on` against `impact: off`, two worlds with the same data (a site of 1,234 pages, a docs
 * pull request merged three weeks ago with three changed pages): a first run, then a weekly run once
 * backfilled (the issue's memory lacks the newest week, of the trend and of the page views, as an
 * issue written a week ago does). The weekly run with impact must spend at most ceil(pages / 250) + 1
 * analytics requests more than without; the bench fails otherwise.
 */
export async function impactCost(node: string): Promise<ImpactRuns> {
  const DAY = 86_400_000
  // this week's Monday on the real clock (the bundle runs as a child process, on the real date)
  const today = Math.floor(Date.now() / DAY)
  const monday = (weeksAgo: number): string =>
    new Date((today - ((today + 3) % 7) - 7 * weeksAgo) * DAY).toISOString().slice(0, 10)
  const mergedAt = `${monday(3)}T15:00:00Z`
  const world = async (impact: 'on' | 'off') => {
    const sim = new ServiceSimulator({
      insights: InsightsData.generate({ searches: 3000, conversations: 5000, pages: 60 }),
    })
    const pw = new PageWeeks(1230)
      .page('/guides/webhooks', rises(monday(2), 200, 300))
      .page('/api/auth', flat(500))
      .page('/guides/retries', flat(150))
      .page('/changelog', flat(20))
    sim.visitors.byRange = (from) => periodRows(from, 1234)
    sim.views.byRange = (from, to) => pw.views(from, to)
    const token = 'ghs_bench_token_0123456789'
    const gh = new GitHubSimulator(token)
    gh.tree.push('docs.json', 'guides/webhooks.mdx', 'api/auth.mdx')
    gh.merge(
      12,
      'Webhooks: retries',
      mergedAt,
      ['guides/webhooks.mdx', 'api/auth.mdx', 'guides/retries.mdx', 'images/flow.png'].map((filename) => ({
        filename,
        status: 'modified' as const,
        additions: 3,
        deletions: 1,
      })),
    )
    await sim.start()
    await gh.start()
    const once = async (): Promise<HealthRun> => {
      const [service, github] = [sim.requests.length, gh.requests.length]
      const start = performance.now()
      const run = await runAction({
        runtime: { name: 'bench', node },
        inputs: {
          'api-key': sim.apiKey,
          'project-id': sim.projectId,
          'base-url': sim.baseUrl,
          mode: 'health',
          'github-token': token,
          impact,
          'docs-repository': 'acme/docs',
        },
        env: { GITHUB_API_URL: gh.baseUrl },
        killAfterMs: 120_000,
      })
      if (run.code !== 0) throw new Error(`the health run failed: ${run.errors.join('; ')}`)
      const analytics = sim.requests.slice(service).filter((r) => r.url.includes('/v1/analytics/'))
      const totals = analytics.filter((r) => /\/(visitors|views)\?/.test(r.url)).length
      return {
        totals,
        insights: analytics.length - totals,
        analytics: analytics.length,
        github: gh.requests.length - github,
        labelCreates: 0,
        wallMs: performance.now() - start,
      }
    }
    /** A week on: the memory lacks the newest week of the trend and of the page views. */
    const weekOn = (): void => {
      const issue = [...gh.issues.values()][0]
      if (!issue) throw new Error('the first run opened no issue')
      const state = JSON.parse(Buffer.from(STATE.exec(issue.body)?.[1] ?? '', 'base64').toString('utf8')) as {
        weeks: unknown[]
      }
      state.weeks = state.weeks.slice(0, -1)
      issue.body = issue.body.replace(
        STATE,
        `<!-- mintlify-docs-action:health-state v1 ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`,
      )
      const found = decodeImpactState(issue.body)
      if ('state' in found) {
        issue.body = issue.body.replace(
          /<!-- mintlify-docs-action:impact-state v1 [A-Za-z0-9+/=]+ -->/,
          encodeImpactState({ ...found.state, weeks: found.state.weeks.filter((w) => w.start !== monday(1)) }),
        )
      }
    }
    const stop = async (): Promise<void> => {
      await sim.stop()
      await gh.stop()
    }
    return { once, weekOn, stop, sitePages: pw.views(monday(1), monday(0)).length }
  }
  const on = await world('on')
  const off = await world('off')
  try {
    const first = { on: await on.once(), off: await off.once() }
    on.weekOn()
    off.weekOn()
    const weekly = { on: await on.once(), off: await off.once() }
    const bound = Math.ceil(on.sitePages / 250)
    if (weekly.on.analytics - weekly.off.analytics > bound + 1) {
      throw new Error(
        `a weekly run with impact spent ${weekly.on.analytics - weekly.off.analytics} analytics requests more than without; the bound is ceil(${on.sitePages} / 250) + 1 = ${bound + 1}`,
      )
    }
    if (weekly.on.analytics - weekly.off.analytics !== bound)
      throw new Error(
        `a weekly run with impact read ${weekly.on.analytics - weekly.off.analytics} more requests than without, expected the week's views export: ${bound}`,
      )
    return { sitePages: on.sitePages, first, weekly, bound }
  } finally {
    await on.stop()
    await off.stop()
  }
}
