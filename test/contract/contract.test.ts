import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { describe, expect, onTestFinished, test } from 'vitest'
import { visitorsPageSchema } from '../../src/service/schemas.js'
import { commentTarget } from '../../src/github/comment-target.js'
import { readConversationEvent } from '../../src/github/comment-event.js'
import { GitHubSimulator } from '../simulator/github-simulator.js'
import { InsightsData } from '../simulator/insights-data.js'
import { ServiceSimulator } from '../simulator/service-simulator.js'
import { generateRows } from '../simulator/traffic-data.js'
import { checkVendorExchange, githubContract } from './openapi-contract.js'

/**
 * The fakes against descriptions nobody here wrote: the vendor's OpenAPI documents (kept in
 * test/contract/vendor/, see its README) and GitHub's (@octokit/openapi), and GitHub's real webhook
 * payloads (@octokit/webhooks-examples). The test setup (setup.ts) checks every exchange of every
 * test; here the checker itself is shown to catch a planted wrong field or path, and every route of
 * the simulator is exercised once.
 */

async function serve<T extends ServiceSimulator | GitHubSimulator>(server: T): Promise<T> {
  await server.start()
  onTestFinished(() => server.stop())
  return server
}

async function call(base: string, path: string, init: RequestInit & { key?: string } = {}): Promise<number> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${init.key ?? ''}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  })
  await res.text()
  return res.status
}

describe("the simulator against the vendor's OpenAPI documents", () => {
  test('every operation, with its errors, answers as the documents describe', async () => {
    const sim = await serve(
      new ServiceSimulator({
        visitors: generateRows(300),
        views: generateRows(20),
        insights: InsightsData.generate({ searches: 150, conversations: 1200, pages: 12 }),
        jobPlan: { runMs: 0 },
      }),
    )
    const key = sim.apiKey
    const p = sim.projectId
    expect(
      await call(sim.baseUrl, `/v2/agent/${p}/job`, { method: 'POST', body: JSON.stringify({ prompt: 'x' }), key }),
    ).toBe(201)
    expect(await call(sim.baseUrl, `/v2/agent/${p}/job/job_1`, { key })).toBe(200)
    expect(
      await call(sim.baseUrl, `/v2/agent/${p}/job/job_1/message`, {
        method: 'POST',
        body: JSON.stringify({ prompt: 'y' }),
        key,
      }),
    ).toBe(200)
    expect(await call(sim.baseUrl, `/v2/agent/${p}/job/job_404`, { key })).toBe(404)
    expect(
      await call(sim.baseUrl, `/v2/agent/${p}/job`, {
        method: 'POST',
        body: JSON.stringify({ prompt: 'x' }),
        key: 'mint_wrong',
      }),
    ).toBe(401)
    for (const path of [
      'visitors?limit=250&offset=250',
      'views?limit=10',
      'searches?limit=100',
      'assistant?limit=1000',
      'feedback?limit=100&source=contextual',
      'feedback/by-page?limit=100&dateFrom=2026-11-01&dateTo=2026-11-25',
    ]) {
      expect(await call(sim.baseUrl, `/v1/analytics/${p}/${path}`, { key }), path).toBe(200)
    }
    // two requests outside the spec on purpose, to see the simulator's 400 answers (which are checked)
    sim.allowDeviation(/query (limit="999"|source="everything")/, 'a bad request on purpose')
    expect(await call(sim.baseUrl, `/v1/analytics/${p}/visitors?limit=999`, { key })).toBe(400)
    expect(await call(sim.baseUrl, `/v1/analytics/${p}/feedback?source=everything`, { key })).toBe(400)
    expect(sim.contractViolations).toEqual([])
  })

  test('a planted wrong field in an answer is caught', async () => {
    const sim = await serve(
      new ServiceSimulator({ insights: InsightsData.generate({ searches: 3, conversations: 0, pages: 0 }) }),
    )
    ;(sim.insights.searches[0] as unknown as Record<string, unknown>).ctr = '40' // a string, where the spec says number
    expect(await call(sim.baseUrl, `/v1/analytics/${sim.projectId}/searches?limit=100`, { key: sim.apiKey })).toBe(200)
    expect(sim.contractViolations.splice(0)).toEqual([
      expect.stringContaining('GET /v1/analytics/proj_demo/searches → 200: body/searches/0/ctr must be number'),
    ])
  })

  test('a planted wrong path, a wrong parameter and a wrong body are caught', () => {
    expect(checkVendorExchange({ method: 'GET', url: '/v1/analytics/p/visitor?limit=10' }, false)).toEqual([
      expect.stringContaining("none of the vendor's OpenAPI documents has such an operation"),
    ])
    expect(checkVendorExchange({ method: 'GET', url: '/v1/analytics/p/visitors?limit=251' }, false)).toEqual([
      expect.stringMatching(/query limit="251" must be <= 250/),
    ])
    expect(checkVendorExchange({ method: 'GET', url: '/v1/analytics/p/searches?cursr=abc' }, false)).toEqual([
      expect.stringContaining('query parameter cursr is not one'),
    ])
    expect(
      checkVendorExchange({ method: 'POST', url: '/v2/agent/p/job', requestBody: '{"prompt":""}' }, false),
    ).toEqual([expect.stringContaining('body/prompt must NOT have fewer than 1 characters')])
    expect(checkVendorExchange({ method: 'GET', url: '/v1/analytics/p/feedback?source=everything' }, false)).toEqual([
      expect.stringContaining('must be equal to one of the allowed values'),
    ])
  })

  test("the search API (discovery-openapi.json): the action's body and the simulator's answer hold; a wrong one is caught", () => {
    const search = (requestBody: string, responseBody = '[]') =>
      checkVendorExchange(
        { method: 'POST', url: '/discovery/v1/search/acme', requestBody, status: 200, responseBody },
        true,
      )
    expect(
      search('{"query":"webhook retries","pageSize":10}', '[{"content":"…","path":"/webhooks","metadata":{}}]'),
    ).toEqual([])
    expect(search('{"query":"webhook retries","pageSize":51}')).toEqual([
      expect.stringMatching(/pageSize must be <= 50/),
    ])
    expect(search('{"pageSize":10}')).toEqual([expect.stringMatching(/must have required property 'query'/)])
    expect(search('{"query":"x"}', '{"results":[]}')).toEqual([expect.stringMatching(/must be array/)])
    expect(search('{"query":"x"}', '[{"path":7}]')).toEqual([expect.stringMatching(/path must be string/)])
  })

  test('negative counts: the spec allows them, the action refuses them (a count below zero is no count)', () => {
    const page = { totals: { human: -1, ai: 0, total: 0 }, visitors: [], hasMore: false }
    expect(
      checkVendorExchange(
        { method: 'GET', url: '/v1/analytics/p/visitors', status: 200, responseBody: JSON.stringify(page) },
        true,
      ),
    ).toEqual([])
    expect(visitorsPageSchema.safeParse(page).success).toBe(false)
  })
})

describe("the fake GitHub against GitHub's OpenAPI description", () => {
  test('a planted wrong field in a comment, and a wrong path, are caught', async () => {
    const gh = await serve(new GitHubSimulator('ghs_contract'))
    gh.addComment(7, { login: 'alice', type: 'User' }, 'hello')
    ;(gh.comments[0] as unknown as Record<string, unknown>).created_at = 12 // a number, where GitHub sends a date-time string
    const headers = { authorization: 'token ghs_contract' }
    expect((await fetch(`${gh.baseUrl}/repos/acme/docs/issues/7/comments?per_page=100`, { headers })).status).toBe(200)
    expect(gh.contractViolations.splice(0)).toEqual(
      expect.arrayContaining([expect.stringContaining('body/0/created_at must be string')]),
    )
    const contract = githubContract()
    expect(contract.checkRequest({ method: 'GET', url: '/repos/acme/docs/issue/7/comments' })).toEqual([
      expect.stringContaining('has no such operation'),
    ])
    expect(contract.checkRequest({ method: 'GET', url: '/repos/acme/docs/issues/7/comments?per_pag=100' })).toEqual([
      expect.stringContaining('query parameter per_pag is not one'),
    ])
    expect(contract.checkRequest({ method: 'GET', url: '/repos/acme/docs/issues/7/comments?since=yesterday' })).toEqual(
      [expect.stringContaining('must match format "date-time"')],
    )
  })
})

describe('the fakes of "did the docs change help"', () => {
  test("the fake GitHub's repository, merged pull requests, tree and files answer as GitHub describes", async () => {
    const gh = await serve(new GitHubSimulator('ghs_contract'))
    gh.tree.push('docs/docs.json', 'docs/index.mdx')
    gh.merge(12, 'Webhooks', '2026-11-04T15:00:00Z', [
      { filename: 'docs/index.mdx', status: 'modified', additions: 1, deletions: 0 },
    ])
    gh.pullList.push(
      { number: 13, title: 'Closed, not merged', mergedAt: null, closed: true, updatedAt: '2026-11-05T10:00:00Z' },
      { number: 14, title: 'Open', mergedAt: null },
    )
    const headers = { authorization: 'token ghs_contract' }
    const get = async (path: string) => {
      const res = await fetch(`${gh.baseUrl}${path}`, { headers })
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>>,
      }
    }
    expect((await get('/repos/acme/docs')).body.default_branch).toBe('main')
    const pulls = await get(
      '/repos/acme/docs/pulls?state=closed&base=main&sort=updated&direction=desc&per_page=100&page=1',
    )
    // closed ones only, most recently updated first; merged_at null for the one closed unmerged
    expect(pulls.body.map((p) => [p.number, p.merged_at])).toEqual([
      [13, null],
      [12, '2026-11-04T15:00:00Z'],
    ])
    expect((await get('/repos/acme/docs/pulls?state=closed&base=release')).body).toEqual([])
    expect((await get('/repos/acme/docs/git/trees/main?recursive=true')).body.tree).toEqual([
      expect.objectContaining({ path: 'docs/docs.json', type: 'blob' }),
      expect.objectContaining({ path: 'docs/index.mdx' }),
    ])
    expect((await get('/repos/acme/docs/pulls/12/files?per_page=100&page=1')).body.map((f) => f.filename)).toEqual([
      'docs/index.mdx',
    ])
    expect(gh.contractViolations).toEqual([])
  })

  test("the simulator's page views and feedback by page are per page and per week, and additive: two weeks are the sum of each", async () => {
    const { PageWeeks, rises } = await import('../simulator/page-weeks.js')
    const pw = new PageWeeks(3).page('/guides/a', rises('2026-11-09', 100, 160))
    const sim = await serve(new ServiceSimulator())
    sim.views.byRange = (from, to) => pw.views(from, to)
    sim.insights.byPageFor = (from, to) => pw.byPage(from, to)
    const views = async (from: string, to: string) => {
      const res = await fetch(
        `${sim.baseUrl}/v1/analytics/${sim.projectId}/views?dateFrom=${from}&dateTo=${to}&limit=250&offset=0`,
        { headers: { authorization: `Bearer ${sim.apiKey}` } },
      )
      return ((await res.json()) as { views: Array<{ path: string; human: number }> }).views.find(
        (v) => v.path === '/guides/a',
      )?.human
    }
    const [one, two, both] = [
      await views('2026-11-02', '2026-11-09'),
      await views('2026-11-09', '2026-11-16'),
      await views('2026-11-02', '2026-11-16'),
    ]
    expect([one, two]).toEqual([100, 160])
    expect(both).toBe((one ?? 0) + (two ?? 0))
    const res = await fetch(
      `${sim.baseUrl}/v1/analytics/${sim.projectId}/feedback/by-page?limit=100&dateFrom=2026-11-09&dateTo=2026-11-16`,
      { headers: { authorization: `Bearer ${sim.apiKey}` } },
    )
    expect(await res.json()).toEqual({
      feedback: [{ path: '/guides/a', thumbsUp: 3, thumbsDown: 1, code: 0, total: 4 }],
      hasMore: false,
    })
    expect(sim.contractViolations).toEqual([])
  })
})

const require = createRequire(import.meta.url)
type Example = { name: string; examples: Array<Record<string, unknown>> }
const examples = JSON.parse(readFileSync(require.resolve('@octokit/webhooks-examples'), 'utf8')) as Example[]
const payloads = (name: string) =>
  (examples.find((e) => e.name === name)?.examples ?? []).map(
    (p, i) => [`${name} #${i + 1} (${typeof p.action === 'string' ? p.action : ''})`, p] as const,
  )
const repo = { owner: 'acme', repo: 'docs' }

describe("GitHub's real webhook payloads (@octokit/webhooks-examples)", () => {
  const comments = [
    ...payloads('issue_comment'),
    ...payloads('pull_request_review_comment'),
    ...payloads('pull_request_review'),
  ]
  test.each(comments)('%s: the thread, the comment and its author are read as GitHub sent them', (label, payload) => {
    const name = label.split(' ')[0] ?? ''
    const event = readConversationEvent(name, payload, repo)
    const p = payload as {
      action: string
      issue?: { number: number; pull_request?: unknown }
      pull_request?: { number: number }
      comment?: { id: number; user: { login: string; type: string }; body: string }
      review?: { id: number; user: { login: string; type: string }; body: string | null }
    }
    const raw = p.comment ?? p.review
    expect(event, label).toBeDefined()
    expect(event?.thread.number).toBe(p.issue?.number ?? p.pull_request?.number)
    expect(event?.thread.isPullRequest).toBe(name !== 'issue_comment' || Boolean(p.issue?.pull_request))
    expect(event?.comment.id).toBe(raw?.id)
    expect(event?.comment.author).toEqual({ login: raw?.user.login, type: raw?.user.type })
    expect(event?.comment.body).toBe(raw?.body ?? '')
    // only a new comment or a submitted review is an instruction
    expect(event?.created).toBe(name === 'pull_request_review' ? p.action === 'submitted' : p.action === 'created')
    expect(['User', 'Bot']).toContain(event?.comment.author.type)
  })

  const threads = [...payloads('issues'), ...payloads('pull_request'), ...comments]
  test.each(threads)('%s: the thread a tracking comment belongs to', (label, payload) => {
    const name = label.split(' ')[0] ?? ''
    const p = payload as { issue?: { number: number; pull_request?: unknown }; pull_request?: { number: number } }
    const thread = commentTarget(name, payload, repo)
    expect(thread?.number).toBe(p.issue?.number ?? p.pull_request?.number)
    expect(thread?.isPullRequest).toBe(Boolean(p.pull_request || p.issue?.pull_request))
  })
})
