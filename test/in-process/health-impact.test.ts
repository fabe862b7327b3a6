import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { GitHubSimulator } from '../simulator/github-simulator.js'
import { InsightsData } from '../simulator/insights-data.js'
import { PageWeeks, added, flat, rises } from '../simulator/page-weeks.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'
import { periodRows } from '../simulator/traffic-data.js'
import { runHealth, startSimulator } from '../e2e/fixtures.js'
import { type ActionRun, TEST_TOKEN, secretLeaks } from '../e2e/harness.js'
import { APP_TOKEN, twoRepositories } from '../e2e/two-repositories.js'
import { decodeImpactState, encodeHealthState, encodeImpactState } from '../../src/health/memory.js'
import { encodeState } from '../../src/tracking/state.js'
import { parseJson, defined } from '../e2e/typed.js'

/**
 * "Did the docs change help?" as whole health runs (src/main.ts in-process, the service simulator
 * and the fake GitHub over HTTP), a virtual week at a time: a docs pull request merged in the week of
 * 2026-11-02 is measured over the 4 weeks before (2026-10-05 to 2026-11-01) and the 4 after
 * (2026-11-09 to 2026-12-06); its comment comes on the first run after 2026-12-07, once.
 */

const DAY = 86_400_000
const MERGED = '2026-11-04T15:00:00Z'
const BEFORE = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26']
const AFTER = ['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']
const TITLE = 'Webhooks: retries <img src=x onerror=alert(1)> @everyone'

const page = (filename: string, status: 'added' | 'modified' = 'modified') => ({
  filename,
  status,
  additions: 10,
  deletions: 2,
})

/** The service's side: the shaped pages, their weeks and their thumbs. */
async function service(
  options: { filler?: number; prefix?: string } = {},
): Promise<{ sim: ServiceSimulator; pw: PageWeeks }> {
  const sim = await startSimulator()
  const pw = new PageWeeks(options.filler ?? 600, options.prefix ?? '')
    .page('/guides/webhooks', rises('2026-11-09', 200, 300))
    .page('/api/auth', flat(500))
    .page('/changelog/old', flat(5, 1))
    .page('/guides/retries', added('2026-11-09', 150))
  sim.views.byRange = (from, to) => pw.views(from, to)
  sim.visitors.byRange = (from) => periodRows(from, 12)
  sim.insights = new InsightsData()
  sim.insights.byPageFor = (from, to) => pw.byPage(from, to)
  return { sim, pw }
}

/** The docs repository's side: its files, the docs pull request #12 and one that changed no page. */
function docsRepository(gh: GitHubSimulator, root = ''): void {
  const at = (f: string): string => (root ? `${root}/${f}` : f)
  gh.tree.push(at('docs.json'), at('guides/webhooks.mdx'), at('api/auth.mdx'), 'README.md')
  gh.merge(12, TITLE, MERGED, [
    page(at('guides/webhooks.mdx')),
    page(at('api/auth.mdx')),
    page(at('changelog/old.mdx')),
    page(at('guides/retries.mdx'), 'added'),
    page(at('images/flow.png'), 'added'),
    page(at('docs.json')),
    page(at('snippets/note.mdx')),
    page('src/server.ts'),
  ])
  // a merged pull request that changed no page: looked at once, then never again
  gh.merge(11, 'Bump the linter', '2026-11-03T10:00:00Z', [page('package.json')])
}

async function world(
  options: { filler?: number; prefix?: string; root?: string } = {},
): Promise<{ sim: ServiceSimulator; gh: GitHubSimulator; pw: PageWeeks }> {
  const { sim, pw } = await service(options)
  const gh = new GitHubSimulator(TEST_TOKEN)
  await gh.start()
  onTestFinished(() => gh.stop())
  docsRepository(gh, options.root)
  return { sim, gh, pw }
}

const nextWeek = (): void => void vi.setSystemTime(Date.now() + 7 * DAY)
/** The test's virtual timeline starts at `iso` instead of the harness's start. */
function startAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(iso) })
  onTestFinished(() => void vi.useRealTimers())
}
const analytics = (sim: ServiceSimulator, from = 0) =>
  sim.requests.slice(from).filter((r) => r.url.includes('/v1/analytics/'))
const healthIssue = (gh: GitHubSimulator) =>
  [...gh.issues.values()].find((i) => i.body.includes('<!-- mintlify-docs-action:health -->'))
const impactComments = (gh: GitHubSimulator, pull: number) =>
  gh.commentsOn(pull).filter((c) => c.body.startsWith('<!-- mintlify-docs-action:impact -->'))
/** impact-json, as far as these tests read it. */
interface ImpactSeen {
  number: number
  agent: boolean
  weeksCounted: number
  pages: string[]
  notPages: string[]
  commented?: boolean
  figures: { before: unknown; after: { human: number }; site: unknown }
}
const impactJson = (run: ActionRun) => parseJson<ImpactSeen[]>(run.outputs['impact-json'], '[]')

/** The site's human views over weeks, as the service answers them (its totals, not the rows' sum). */
function siteHuman(sim: ServiceSimulator, mondays: readonly string[]): number {
  return mondays.reduce((n, m) => {
    const to = new Date(Date.parse(`${m}T00:00:00Z`) + 7 * DAY).toISOString().slice(0, 10)
    return n + sim.views.currentTotals(sim.views.rowsFor(m, to)).human
  }, 0)
}

const signed = (before: number, after: number): string => {
  const p = ((after - before) / before) * 100
  return `${p > 0 ? '+' : ''}${p.toFixed(1)}%`
}

describe('did the docs change help: before and after for a merged docs pull request', () => {
  test("measured while its weeks after come in, commented once they are complete (figures = the service's sums), never twice, corrected in place", async () => {
    const { sim, gh, pw } = await world()

    // 2026-11-24: two of its four weeks after are complete
    const first = await runHealth(sim, gh)
    expect(first.errors).toEqual([])
    expect(first.warnings).toEqual([])
    expect(impactComments(gh, 12)).toHaveLength(0)
    let body = healthIssue(gh)?.body ?? ''
    expect(body).toContain('### What the changes did')
    expect(body).toMatch(
      /\*\*Being measured\*\* \(1\)[\s\S]*acme\/docs\/pull\/12[\s\S]*\| 2026-11-04 \| 4 \| 2 of 4 \|/,
    )
    expect(impactJson(first)).toEqual([
      expect.objectContaining({
        number: 12,
        weeks: 4,
        weeksCounted: 2,
        agent: false,
        pages: ['/guides/webhooks', '/api/auth', '/changelog/old', '/guides/retries'],
        notPages: ['images/flow.png', 'docs.json', 'snippets/note.mdx', 'src/server.ts'],
      }),
    ])
    expect(impactJson(first)[0]).not.toHaveProperty('figures')
    // the pull request that changed no page is not followed, and its files are not read again; the issue lists it as such
    expect(gh.requestsTo('pull-files').filter((r) => r.url.includes('/pulls/11/'))).toHaveLength(1)
    expect(body).toMatch(
      /\*\*Changed no page\*\* \(1\)[\s\S]*acme\/docs\/pull\/11[\s\S]*Bump the linter \| 2026-11-03 \| package\.json \|/,
    )

    nextWeek() // 2026-12-01: three
    const second = await runHealth(sim, gh)
    expect(impactJson(second)[0]?.weeksCounted).toBe(3)
    expect(impactComments(gh, 12)).toHaveLength(0)
    expect(gh.requestsTo('pull-files')).toHaveLength(2)

    nextWeek() // 2026-12-08: all four: the comment
    const third = await runHealth(sim, gh)
    expect(third.warnings).toEqual([])
    const comments = impactComments(gh, 12)
    expect(comments).toHaveLength(1)
    const comment = comments[0]?.body ?? ''
    const webhooks = [pw.sum('/guides/webhooks', BEFORE), pw.sum('/guides/webhooks', AFTER)] as const
    const auth = [pw.sum('/api/auth', BEFORE), pw.sum('/api/auth', AFTER)] as const
    const old = [pw.sum('/changelog/old', BEFORE), pw.sum('/changelog/old', AFTER)] as const
    const fresh = pw.sum('/guides/retries', AFTER)
    const pagesBefore = webhooks[0].human + auth[0].human + old[0].human
    const pagesAfter = webhooks[1].human + auth[1].human + old[1].human
    const site = [siteHuman(sim, BEFORE), siteHuman(sim, AFTER)] as const
    expect([pagesBefore, pagesAfter]).toEqual([2_820, 3_220])
    expect(comment).toContain(
      `**pages ${signed(pagesBefore, pagesAfter)} against the site's ${signed(site[0], site[1])} (`,
    )
    expect(comment).toContain('(2,820 → 3,220 human views')
    expect(comment).toMatch(/\| \/guides\/webhooks \| 800 → 1,200 \| 200 → 300 \| 4 \/ 16 → 12 \/ 4 \| \+50\.0% \|/)
    expect(comment).toMatch(/\| \/api\/auth \| 2,000 → 2,000 \| 400 → 400 \| .* \| 0\.0% \|/)
    expect(comment).toMatch(/\| \/changelog\/old \| 20 → 20 \| 4 → 4 \| .* \| too few views to tell \|/)
    expect(comment).toMatch(
      new RegExp(`\\| /guides/retries \\| ${fresh.human} \\| ${fresh.ai} \\| 4 / 0 \\| new page \\|`),
    )
    // the pages that existed before, together: human views, AI views and thumbs, before and after
    const sum = (i: 0 | 1, key: 'human' | 'ai' | 'up' | 'down') => webhooks[i][key] + auth[i][key] + old[i][key]
    const n = (v: number) => v.toLocaleString('en-US')
    expect(comment).toContain(
      `| **The 3 that existed before, together** | ${n(sum(0, 'human'))} → ${n(sum(1, 'human'))} | ${n(sum(0, 'ai'))} → ${n(sum(1, 'ai'))} | ${n(sum(0, 'up'))} / ${n(sum(0, 'down'))} → ${n(sum(1, 'up'))} / ${n(sum(1, 'down'))} | ${signed(pagesBefore, pagesAfter)} |`,
    )
    expect(comment).toContain(
      `| **The whole site** (control) | ${site[0].toLocaleString('en-US')} → ${site[1].toLocaleString('en-US')} |`,
    )
    expect(comment).toContain('2026-10-05 – 2026-11-01')
    expect(comment).toContain('2026-11-09 – 2026-12-06')
    expect(comment).toContain(
      'Files that are no page (not measured): images/flow.png, docs.json, snippets/note.mdx, src/server.ts.',
    )
    expect(comment.match(/not proof of cause/g)).toHaveLength(1)
    const issue = healthIssue(gh)
    expect(comment).toContain(`href="https://github.com/acme/docs/issues/${issue?.number}"`)
    body = issue?.body ?? ''
    expect(body).toMatch(/\*\*Measured\*\*, newest first \(1\)[\s\S]*pull\/12[\s\S]*pages \+14\.2%/)
    // the issue links each measured pull request's comment, where its pages are
    expect(body).toContain(
      `<a href="https://github.com/acme/docs/pull/12#issuecomment-${comments[0]?.id}">each page</a>`,
    )
    expect(body).not.toContain('**Being measured**')
    // still listed, two weeks on: never dropped while it merged in the trend's weeks
    expect(body).toMatch(/\*\*Changed no page\*\* \(1\)[\s\S]*Bump the linter/)
    expect(body).not.toContain('<img')
    expect(comment).not.toContain('<img')
    const measured = impactJson(third)[0]
    const together = (i: 0 | 1) => ({
      human: webhooks[i].human + auth[i].human + old[i].human,
      ai: webhooks[i].ai + auth[i].ai + old[i].ai,
      up: webhooks[i].up + auth[i].up + old[i].up,
      down: webhooks[i].down + auth[i].down + old[i].down,
    })
    expect(measured?.figures.before).toEqual(together(0))
    expect(measured?.figures.after).toEqual(together(1))
    expect(measured?.figures.after.human).toBe(3_220)
    expect(measured?.figures.site).toEqual({ before: site[0], after: site[1] })
    expect(measured?.commented).toBe(true)
    expect(third.summary).toContain(
      'Docs changes: 1 measured, 0 being measured (4 weeks before and after each merge week)',
    )
    expect(first.summary).toContain('Docs changes: 0 measured, 1 being measured')

    // the next week: nothing new to say, nothing written
    nextWeek()
    const writesBefore = gh.requestsTo('create-comment').length + gh.requestsTo('update-comment').length
    await runHealth(sim, gh)
    expect(impactComments(gh, 12)).toHaveLength(1)
    expect(gh.requestsTo('create-comment').length + gh.requestsTo('update-comment').length).toBe(writesBefore)

    // the service corrects a week (late data), and a new pull request makes the action read it again:
    // the figures change, and the one comment is edited, not repeated
    const corrected = pw.shapes.get('/guides/webhooks')
    pw.page('/guides/webhooks', (m) =>
      m === '2026-11-16' ? { human: 400, ai: 75, up: 3, down: 1 } : (corrected?.(m) ?? { human: 0, ai: 0 }),
    )
    sim.views.correct()
    gh.merge(14, 'Errors page', '2026-12-16T09:00:00Z', [page('guides/errors.mdx')])
    pw.page('/guides/errors', flat(120))
    nextWeek()
    const later = await runHealth(sim, gh)
    expect(later.warnings).toEqual([])
    expect(impactComments(gh, 12)).toHaveLength(1)
    expect(impactComments(gh, 12)[0]?.body).toContain('800 → 1,300')
    expect(gh.requestsTo('update-comment').length).toBeGreaterThan(0)
  })

  test('once backfilled, a weekly run with impact spends at most ceil(pages / 250) + 1 analytics requests more than without', async () => {
    const on = await world({ filler: 600 })
    const off = await world({ filler: 600 })
    await runHealth(on.sim, on.gh)
    await runHealth(off.sim, off.gh, { impact: 'off' })
    const extras: number[] = []
    for (let week = 0; week < 3; week++) {
      nextWeek()
      const [a, b] = [on.sim.requests.length, off.sim.requests.length]
      await runHealth(on.sim, on.gh)
      await runHealth(off.sim, off.gh, { impact: 'off' })
      const sitePages = on.pw.views('2026-11-02', '2026-11-09').length
      const extra = analytics(on.sim, a).length - analytics(off.sim, b).length
      expect(extra).toBeLessThanOrEqual(Math.ceil(sitePages / 250) + 1)
      extras.push(extra)
    }
    // while the pull request is measured, its newest week is one views export (604 pages: 3
    // requests); its feedback by page is the one the gaps read anyway, asked once; once measured, none
    expect(extras).toEqual([3, 3, 0])
    // impact off: no GitHub request about pull requests at all
    expect(off.gh.requestsTo('list-pulls')).toHaveLength(0)
    expect(off.gh.requestsTo('pull-files')).toHaveLength(0)
  })

  test('a small max-requests: the weeks before are backfilled over several runs, the issue says what is missing', async () => {
    const { sim, gh } = await world({ filler: 0 })
    startAt('2026-12-08T09:30:00Z')
    // the trend's 6 weeks come first (half of what the gaps' reserve leaves), the pull request's 8 weeks next runs
    const first = await runHealth(sim, gh, { 'max-requests': '20', weeks: '6' })
    expect(first.code).toBe(0)
    expect(analytics(sim).length).toBeLessThanOrEqual(20)
    expect(healthIssue(gh)?.body).toMatch(/weeks? of page views (is|are) still to read for 1 pull request/)
    expect(impactComments(gh, 12)).toHaveLength(0)
    let runs = 1
    while (impactComments(gh, 12).length === 0 && runs < 6) {
      await runHealth(sim, gh, { 'max-requests': '20', weeks: '6' })
      runs++
    }
    expect(runs).toBeGreaterThan(1)
    expect(impactComments(gh, 12)).toHaveLength(1)
    expect(healthIssue(gh)?.body).not.toMatch(/still to read/)
  })

  test('a site served under a path prefix, docs in a folder: pages match on whole segments, the served path is shown', async () => {
    const { sim, gh, pw } = await world({ prefix: '/docs', root: 'site', filler: 10 })
    startAt('2026-12-08T09:30:00Z')
    const run = await runHealth(sim, gh)
    expect(run.warnings).toEqual([])
    const comment = impactComments(gh, 12)[0]?.body ?? ''
    expect(comment).toMatch(/\| \/guides\/webhooks <sub>\(\/docs\/guides\/webhooks\)<\/sub> \| 800 → 1,200 \|/)
    expect(impactJson(run)[0]?.pages).toEqual(['/guides/webhooks', '/api/auth', '/changelog/old', '/guides/retries'])
    // site/docs.json was found, so the files outside site/ are no pages
    expect(impactJson(run)[0]?.notPages).toEqual([
      'site/images/flow.png',
      'site/docs.json',
      'site/snippets/note.mdx',
      'src/server.ts',
    ])
    expect(pw.sum('/guides/webhooks', AFTER).human).toBe(1_200)
  })

  test('impact-comment false: measured in the issue, nothing written on the pull request; impact off warns about its inputs', async () => {
    const { sim, gh } = await world()
    startAt('2026-12-08T09:30:00Z')
    const run = await runHealth(sim, gh, { 'impact-comment': 'false' })
    expect(impactJson(run)[0]?.figures).toBeDefined()
    expect(impactComments(gh, 12)).toHaveLength(0)
    expect(healthIssue(gh)?.body).toContain('**Measured**')

    // a docs token for this very repository does nothing: said
    const same = await runHealth(sim, gh, { 'docs-token': 'ghs_not_needed_0000000000' })
    expect(same.warnings).toEqual([
      'Input "docs-token" is not used: docs-repository is this repository (acme/docs), which github-token reads and comments.',
    ])

    const off = await runHealth(sim, gh, { impact: 'off', 'impact-weeks': '6' })
    expect(off.warnings).toEqual(['Input "impact-weeks" is not read with impact: off, so it was ignored.'])
    expect(off.outputs['impact-json']).toBeUndefined()
  })

  test('a comment someone deleted is not written again, even when the figures change', async () => {
    const { sim, gh, pw } = await world()
    startAt('2026-12-08T09:30:00Z')
    await runHealth(sim, gh)
    const comment = defined(impactComments(gh, 12)[0], 'the impact comment')
    gh.comments.splice(gh.comments.indexOf(comment), 1)
    // the service corrects a week, and a new pull request has it read again
    const was = pw.shapes.get('/guides/webhooks')
    pw.page('/guides/webhooks', (m) =>
      m === '2026-11-16' ? { human: 400, ai: 75 } : (was?.(m) ?? { human: 0, ai: 0 }),
    )
    sim.views.correct()
    gh.merge(14, 'Errors page', '2026-12-09T09:00:00Z', [page('guides/errors.mdx')])
    nextWeek()
    const run = await runHealth(sim, gh)
    expect(run.warnings).toEqual([])
    expect(gh.requestsTo('update-comment').length).toBeGreaterThan(0)
    expect(impactComments(gh, 12)).toHaveLength(0)
    expect(gh.requestsTo('create-comment').filter((r) => r.url.includes('/issues/12/'))).toHaveLength(1)
  })

  test("the agent's pull request is marked as the agent's, and the gap it closed is named with it", async () => {
    const { sim, gh } = await world()
    startAt('2026-12-08T09:30:00Z')
    const gap = {
      key: 'search:webhook retries',
      kind: 'search' as const,
      text: 'webhook retries',
      weight: 40,
      firstSeen: '2026-10-19',
      lastSeen: '2026-11-02',
      runs: 3,
      gone: '2026-11-16',
      job: { id: 'job_77', status: 'completed', prLink: 'https://github.com/Acme/Docs/pull/12', merged: true },
    }
    gh.addIssue(
      {
        title: 'Docs health: proj_demo',
        body: `<!-- mintlify-docs-action:health -->\n${encodeHealthState({ project: 'proj_demo', weeks: [], gaps: [gap] })}`,
      },
      ['docs-health'],
    )
    const run = await runHealth(sim, gh)
    expect(run.warnings).toEqual([])
    expect(impactJson(run)[0]?.agent).toBe(true)
    const body = healthIssue(gh)?.body ?? ''
    expect(body).toMatch(
      /pull\/12[^|]*\(the agent's\) · <a href="[^"]+">each page<\/a><br>Gaps gone after it merged: Search with no click: webhook retries \|/,
    )
    expect(impactComments(gh, 12)[0]?.body).toContain(
      'Gaps readers hit that were gone after it merged: Search with no click: webhook retries.',
    )
  })

  test("a pull request an agent job opened (its tracking comment names the job and the pull request) is the agent's; a person's copy of the marker is not", async () => {
    const { sim, gh } = await world()
    startAt('2026-12-08T09:30:00Z')
    const tracking = `<!-- mintlify-docs-action -->\nTracking job_9\n${encodeState({ job: 'job_9', prLink: 'https://github.com/acme/docs/pull/12', entries: [] })}`
    gh.addComment(12, { login: 'github-actions[bot]', type: 'Bot' }, tracking)
    gh.merge(15, "A person's change", '2026-11-05T10:00:00Z', [page('api/auth.mdx')])
    gh.addComment(15, { login: 'mallory', type: 'User' }, tracking.replace('/pull/12', '/pull/15'))
    const run = await runHealth(sim, gh)
    const byNumber = new Map(impactJson(run).map((p) => [p.number, p.agent]))
    expect(byNumber.get(12)).toBe(true)
    expect(byNumber.get(15)).toBe(false)
  })

  test('docs in their own repository: read and commented there with docs-token; without it, read (a public repository) and a notice instead of the comment', async () => {
    const { sim } = await service()
    const { code, docs, apiUrl } = await twoRepositories()
    docsRepository(docs)
    startAt('2026-12-08T09:30:00Z')
    const run = await runHealth(
      sim,
      apiUrl,
      { 'docs-repository': 'acme/docs', 'docs-token': APP_TOKEN },
      { env: { GITHUB_REPOSITORY: 'acme/app' } },
    )
    expect(run.errors).toEqual([])
    expect(run.warnings).toEqual([])
    // the health issue in the workflow's repository; the pull requests and the comment in the docs one
    const issue = [...code.issues.values()].find((i) => i.body.includes('<!-- mintlify-docs-action:health -->'))
    expect(issue?.body).toContain('https://github.com/acme/docs/pull/12')
    expect(docs.requestsTo('list-pulls')).toHaveLength(1)
    expect(code.requestsTo('list-pulls')).toHaveLength(0)
    const comment = impactComments(docs, 12)[0]
    expect(comment?.user.login).toBe('docs-app[bot]')
    expect(comment?.body).toContain(`href="https://github.com/acme/app/issues/${issue?.number}"`)
    expect(secretLeaks(run, APP_TOKEN)).toEqual([])

    // without docs-token: GITHUB_TOKEN reads a public repository, and cannot write there
    const { code: code2, docs: docs2, apiUrl: apiUrl2 } = await twoRepositories()
    docsRepository(docs2)
    docs2.acceptToken(TEST_TOKEN, { login: 'github-actions[bot]', type: 'Bot' }, 'read')
    const plain = await runHealth(
      sim,
      apiUrl2,
      { 'docs-repository': 'acme/docs' },
      { env: { GITHUB_REPOSITORY: 'acme/app' } },
    )
    expect(plain.errors).toEqual([])
    expect(
      plain.notices.some((n) => /1 measured pull request of acme\/docs got no comment: .*Give docs-token/.test(n)),
    ).toBe(true)
    expect(impactComments(docs2, 12)).toHaveLength(0)
    expect(docs2.writes()).toEqual([])
    expect([...code2.issues.values()].some((i) => i.body.includes('**Measured**'))).toBe(true)
  })

  test('a token that cannot read the files (no contents: read): pages from the root this run, said, and looked for again next run; one that cannot list pull requests: a warning that says what to grant', async () => {
    const { sim, gh } = await world({ root: 'site' })
    startAt('2026-12-08T09:30:00Z')
    gh.addFault({
      route: 'get-tree',
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/git/trees#get-a-tree',
        status: '403',
      },
    })
    const run = await runHealth(sim, gh)
    expect(run.warnings).toEqual([])
    const body = healthIssue(gh)?.body ?? ''
    expect(body).toMatch(
      /Could not read the files of acme\/docs to find docs\.json \(.*Resource not accessible by integration.*contents: read.*\): pages are taken from its root this run\. Set docs-root/,
    )
    // from the root, site/… files are pages under /site
    expect(impactJson(run)[0]?.pages).toContain('/site/guides/webhooks')
    nextWeek()
    await runHealth(sim, gh)
    expect(gh.requestsTo('get-tree')).toHaveLength(2)

    const other = await world()
    other.gh.addFault({
      route: 'list-pulls',
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests',
        status: '403',
      },
    })
    const refused = await runHealth(other.sim, other.gh)
    expect(refused.code).toBe(0)
    expect(refused.warnings).toEqual([
      expect.stringMatching(
        /Could not list the merged pull requests of acme\/docs: .*github-token needs "pull-requests: read" there \(or set impact: off\)/,
      ),
    ])
  })

  test('an issue whose memory of the changes is near the size limit: the run keeps the body under it, the newest measured and every one being measured', async () => {
    const { sim, gh } = await world()
    startAt('2026-12-08T09:30:00Z')
    let seed = 11
    const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % 100_000
    const counts = () => ({ human: random(), ai: random(), up: random() % 40, down: random() % 40 })
    // 200 measured pull requests merged in the trend's weeks, each with 40 pages of figures
    const measured = Array.from({ length: 200 }, (_, i) => {
      const paths = Array.from({ length: 40 }, (_, j) => `/reference/area-${i}/page-${j}-${random()}`)
      return {
        number: 1_000 + i,
        url: `https://github.com/acme/docs/pull/${1_000 + i}`,
        title: `Reference ${i} ${random()}`,
        mergedAt: new Date(Date.parse('2026-09-15T00:00:00Z') + i * 6 * 3_600_000)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        pages: paths.map((path) => ({ path })),
        other: [],
        figures: {
          before: counts(),
          after: counts(),
          site: { before: 1, after: 1 },
          pages: paths.map((path) => ({ path, before: counts(), after: counts() })),
        },
        comment: { id: 1, digest: 'x' },
      }
    })
    const impact = encodeImpactState({
      repository: 'acme/docs',
      impactWeeks: 4,
      pulls: measured,
      skipped: [11],
      weeks: [],
    })
    expect(impact.length).toBeGreaterThan(60_000)
    gh.addIssue(
      {
        title: 'Docs health: proj_demo',
        body: `<!-- mintlify-docs-action:health -->\n${encodeHealthState({ project: 'proj_demo', weeks: [], gaps: [] })}\n${impact}`,
      },
      ['docs-health'],
    )
    const run = await runHealth(sim, gh)
    expect(run.errors).toEqual([])
    const body = healthIssue(gh)?.body ?? ''
    expect(body.length).toBeLessThan(60_000)
    const kept = decodeImpactState(body)
    if (!('state' in kept)) throw new Error('the memory of the changes did not read back')
    // pull request 12 (measured this run, the newest) is kept, and the oldest seeded ones went first
    const numbers = kept.state.pulls.map((p) => p.number)
    expect(numbers).toContain(12)
    expect(numbers).toContain(1_199)
    expect(numbers).not.toContain(1_000)
    expect(impactComments(gh, 12)).toHaveLength(1)
  })

  test('a folder name from the docs repository cannot start a workflow command in the log', async () => {
    const { sim, gh } = await world()
    gh.tree.splice(0, gh.tree.length, 'site\n::error::injected/docs.json')
    const run = await runHealth(sim, gh)
    expect(run.errors).toEqual([])
    expect(run.stdout).not.toMatch(/^::error::injected/m)
  })

  test('bad impact inputs: one error each, nothing sent', async () => {
    const { sim, gh } = await world()
    const run = await runHealth(sim, gh, {
      impact: 'yes',
      'impact-weeks': '0',
      'docs-repository': 'not a repo',
      'docs-root': '../up',
    })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(4)
    expect(run.errors.join('\n')).toMatch(/"impact" is "yes": expected on .* or off/)
    expect(run.errors.join('\n')).toMatch(/"impact-weeks" is "0": expected .* from 1 to 12/)
    expect(run.errors.join('\n')).toMatch(/"docs-repository" is "not a repo": expected owner\/name/)
    expect(run.errors.join('\n')).toMatch(/"docs-root" is "\.\.\/up"/)
    expect(sim.requests).toHaveLength(0)
    expect(gh.requests).toHaveLength(0)
  })
})
