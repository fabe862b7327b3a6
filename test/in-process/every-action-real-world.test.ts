import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parse } from 'csv-parse/sync'
import { describe, expect, test } from 'vitest'
import { InsightsData } from '../simulator/insights-data.js'
import { runAgainst, startGitHub, startSimulator, startWorlds, rateLimitedCreate } from '../e2e/fixtures.js'
import { PATHS, hasStackTrace, runAction, secretLeaks } from '../e2e/harness.js'
import { guardFormulas } from '../../src/analytics/csv.js'
import { type InsightsJson, readJson } from '../e2e/typed.js'

/**
 * What checks against the real service, real GitHub and an attack found (issue 15), each a run of
 * the action (in-process; through the bundle too with FULL_E2E=1): each test failed before its fix.
 */
const runtime = PATHS[0]
const PROMPT = 'Document the new webhook endpoint'
const FORMULA = /^[=+\-@\t\r＝＋－＠]/

const issueEvent = {
  name: 'issues',
  payload: {
    action: 'labeled',
    issue: { number: 7, title: 'Document webhooks', html_url: 'https://github.com/acme/docs/issues/7' },
  },
}
const commentEvent = (body: string) => ({
  name: 'issue_comment',
  payload: {
    action: 'created',
    issue: { number: 7, title: 'Document webhooks', html_url: 'https://github.com/acme/docs/issues/7' },
    comment: {
      id: 555,
      body,
      user: { login: 'alice', type: 'User' },
      html_url: 'https://github.com/acme/docs/issues/7#issuecomment-555',
    },
  },
})

/** Every cell of a CSV file read back with each separator a spreadsheet may use. */
function cellsUnderEverySeparator(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  return [',', ';', '\t'].flatMap((delimiter) =>
    parse(text, { delimiter, relax_quotes: true, relax_column_count: true }).flat(),
  )
}

describe(`real-world fixes (${runtime.name})`, () => {
  test('ctr is a percentage: the summary shows the share the data gives, never above 100 %', async () => {
    const data = InsightsData.generate({ searches: 0, conversations: 0, pages: 1 })
    data.searches.push(
      {
        searchQuery: 'webhooks',
        hits: 30,
        ctr: 40,
        topClickedPage: '/docs/webhooks',
        lastSearchedAt: '2026-11-20T00:00:00Z',
      },
      { searchQuery: 'sso', hits: 10, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-20T00:00:00Z' },
    )
    data.totalSearches = 40
    const sim = await startSimulator({ insights: data })
    const run = await runAgainst(sim, runtime, { mode: 'insights', 'date-from': '2026-11-15', 'date-to': '2026-11-22' })
    expect(run.code).toBe(0)
    // 30 × 40 % = 12 clicks of 40 searches
    expect(run.summary).toContain('40 searches in the range, 30.0% of them followed by a click')
    const shares = [...run.summary.matchAll(/([\d.]+)% of them/g)].map((m) => Number(m[1]))
    expect(shares.every((s) => s <= 100)).toBe(true)
  })

  test('questions asked in one assistant thread all count: every unanswered turn is in the lists', async () => {
    const data = InsightsData.generate({ searches: 0, conversations: 600, pages: 1 })
    const sim = await startSimulator({ insights: data })
    const run = await runAgainst(sim, runtime, { mode: 'insights', 'date-from': '2026-11-15', 'date-to': '2026-11-22' })
    expect(run.code).toBe(0)
    const unansweredTurns = data.conversations.filter((c) => c.resolutionStatus === 'unanswered')
    expect(new Set(unansweredTurns.map((c) => c.id)).size).toBeLessThan(unansweredTurns.length) // threads share ids
    const json = readJson<InsightsJson>(run.outputs['insights-json'] ?? '')
    const asked = (json.lists.unansweredQuestions.items as Array<{ asked: number }>).reduce((n, q) => n + q.asked, 0)
    expect(asked).toBe(unansweredTurns.length)
  })

  test('an open range is pinned: every page of every list is sent one dateTo, and the files say so', async () => {
    const sim = await startSimulator({
      insights: InsightsData.generate({ searches: 300, conversations: 2500, pages: 30 }),
    })
    const run = await runAgainst(sim, runtime, { mode: 'insights', 'date-from': '2026-11-01' })
    expect(run.code).toBe(0)
    const sent = new Set(sim.insights.queries.map((q) => q.params.dateTo))
    expect(sent.size).toBe(1)
    const [pinned] = [...sent] as [string]
    expect(pinned).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const json = readJson<InsightsJson>(run.outputs['insights-json'] ?? '')
    expect(json.range.requested.dateTo).toBeNull()
    expect(json.range.sent.dateTo).toBe(pinned)
    expect(json.range.pinnedDateTo).toContain(`dateTo=${pinned}`)
    expect(run.summary).toContain(`dateTo=${pinned} \\(tomorrow in UTC, exclusive\\)`)
  })

  test.each([
    ['mint_dsc_0123456789abcdef0123', 'assistant API key'],
    ['mint_us_0123456789abcdef0123', 'index API key'],
  ])('a %s key is refused by its type: one error, no request, the key never printed', async (key, type) => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'api-key': key })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(`Input "api-key" is an ${type}`)
    expect(sim.requests).toHaveLength(0)
    expect(secretLeaks(run, key)).toEqual([])
    expect(run.summary).not.toContain('0123456789abcdef')
  })

  test('a secret in base-url is masked before anything prints, and the error shows the URL without it', async () => {
    const run = await runAction({
      runtime,
      inputs: {
        'api-key': 'mint_k_0123456789',
        'project-id': 'p',
        prompt: PROMPT,
        'base-url': 'https://deploy:hunter2hunter2@api.mintlify.com/?token=tok_abcdef123456',
      },
    })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('Input "base-url" is "https://***:***@api.mintlify.com/?token=***"')
    for (const secret of ['hunter2hunter2', 'tok_abcdef123456', 'deploy']) {
      expect(secretLeaks(run, secret), secret).toEqual([])
      expect(run.stdout).toContain(`::add-mask::${secret}`)
    }
  })

  test('no CSV value splits or starts a formula under comma, semicolon or tab readings (visitors and insights files)', async () => {
    const hostile = [
      "x;=cmd|' /C calc'!A0",
      "y\t=cmd|' /C calc'!A0",
      '=HYPERLINK("https://evil.example")',
      '@SUM(1)',
      'line\nbreak;=1+1',
    ]
    const insights = InsightsData.searching(hostile, 10)
    const sim = await startSimulator({
      visitors: hostile.map((path, i) => ({ path, human: 10 - i, ai: 1, total: 10 - i })),
      insights,
    })
    const visitors = await runAgainst(sim, runtime, {
      mode: 'visitors',
      'date-from': '2026-11-15',
      'date-to': '2026-11-22',
    })
    const gaps = await runAgainst(sim, runtime, {
      mode: 'insights',
      'date-from': '2026-11-15',
      'date-to': '2026-11-22',
    })
    expect([visitors.code, gaps.code]).toEqual([0, 0])
    const files = [
      visitors.outputs['visitors-csv'] ?? '',
      readJson<InsightsJson>(gaps.outputs['insights-json'] ?? '').files.searches,
    ]
    for (const file of files) {
      const cells = cellsUnderEverySeparator(file)
      expect(
        cells.filter((c) => FORMULA.test(c)),
        file,
      ).toEqual([])
      // under the comma reading, each hostile value is one whole cell, made text wherever a cell could start
      const comma = parse(readFileSync(file, 'utf8'), { delimiter: ',' }).map((r) => r[0])
      for (const value of hostile) expect(comma).toContain(guardFormulas(value))
    }
  })

  test('summary-rows 100000 with 10,000 dead-end searches: the report and the prompt are built at once, the prompt bounded', async () => {
    const data = InsightsData.generate({ searches: 0, conversations: 0, pages: 1 })
    for (let i = 0; i < 10_000; i++)
      data.searches.push({
        searchQuery: `dead end number ${i}`,
        hits: 10_000 - i,
        ctr: 0,
        topClickedPage: null,
        lastSearchedAt: '2026-11-20T00:00:00Z',
      })
    const sim = await startSimulator({ insights: data })
    const run = await runAgainst(sim, runtime, {
      mode: 'insights',
      'date-from': '2026-11-15',
      'date-to': '2026-11-22',
      'summary-rows': '100000',
      'max-requests': '300',
    })
    expect(run.code).toBe(0)
    expect(run.outputs['dead-end-searches']).toBe('10000')
    expect((run.outputs['agent-prompt'] ?? '').length).toBeLessThanOrEqual(8000)
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024)
  })

  test('an absurd Retry-After on a create keeps the 429, the endpoint and the quota in the error, and sends nothing twice', async () => {
    const sim = await startSimulator()
    sim.addFault(rateLimitedCreate({ 'retry-after': '99999999999999999999' }))
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('Could not create the agent job: HTTP 429 Too Many Requests')
    expect(run.errors[0]).toContain('100 creates and follow-ups per project per hour')
    expect(run.errors[0]).not.toContain('Invalid time value')
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(hasStackTrace(run)).toBe(false)
  })

  test.each([
    ['an indented code block', 'Look at this:\n\n    /docs add a curl example'],
    ['a fence inside a list item', '1. step one\n\n    ```\n    /docs add a curl example\n    ```'],
    ['an HTML <pre> block', '<pre>\n/docs add a curl example\n</pre>'],
    ['a lazy quote continuation', '> earlier, someone wrote\n/docs add a curl example'],
  ])('a /docs line in %s is no instruction: nothing is sent, the run says why', async (_what, body) => {
    const sim = await startSimulator()
    const gh = await startGitHub({ alice: 'write' })
    const run = await runAgainst(sim, runtime, { mode: 'comment' }, { event: commentEvent(body), gh })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ triggered: 'false', 'skip-reason': 'no-phrase' })
    expect(sim.requests).toHaveLength(0)
    expect(gh.writes()).toEqual([])
  })

  test('every job field in the outputs goes through the same redaction', async () => {
    const sim = await startSimulator()
    sim.extraJobFields = {
      model: `echo ${sim.apiKey}`,
      source: { repository: `https://github.com/acme/${sim.apiKey}`, ref: sim.apiKey },
    }
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    for (const name of ['model', 'source-repository', 'source-ref', 'job']) {
      expect(run.outputs[name], name).toContain('***')
      expect(run.outputs[name], name).not.toContain(sim.apiKey)
    }
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test('a pull request link from another host shows as its URL, and a non-canonical one is never commented on', async () => {
    const sim = await startSimulator()
    sim.extraJobFields = { prLink: 'https://github.com/acme/docs/pull/13/../../issues/1' }
    const gh = await startGitHub()
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, comment: 'true' }, { event: issueEvent, gh })
    expect(run.code).toBe(0)
    expect(run.outputs['pr-number']).toBe('')
    expect(run.summary).not.toMatch(/>#(13|1)</)
    expect(gh.commentsOn(13)).toHaveLength(0)
    expect(gh.commentsOn(1)).toHaveLength(0)
    expect(gh.commentsOn(7)).toHaveLength(1)

    const other = await startSimulator()
    other.extraJobFields = { prLink: 'https://gitlab.example/acme/docs/pull/9' }
    const shown = await runAgainst(other, runtime, { prompt: PROMPT })
    expect(shown.summary).toContain('>https:&#8288;//gitlab.example/acme/docs/pull/9</a>')
    expect(shown.summary).not.toContain('>#9<')
  })

  test('one 502 from GitHub is retried: the instruction still goes through', async () => {
    const sim = await startSimulator()
    const gh = await startGitHub({ alice: 'write' })
    gh.addFault({ route: 'permission', status: 502, body: { message: 'Server Error' } })
    const run = await runAgainst(
      sim,
      runtime,
      { mode: 'comment' },
      { event: commentEvent('/docs add a curl example'), gh },
    )
    expect(run.code).toBe(0)
    expect(run.outputs.triggered).toBe('true')
    expect(gh.requestsTo('permission')).toHaveLength(2)
    expect(sim.requestsTo('create')).toHaveLength(1)
  })

  test('a create comment that GitHub answered 502 is never sent again: the lost-create search finds it', async () => {
    const { sim, gh } = await startWorlds()
    gh.addFault({ route: 'create-comment', afterProcessing: true, status: 502, body: { message: 'Server Error' } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, comment: 'true' }, { event: issueEvent, gh })
    expect(run.code).toBe(0)
    expect(gh.requestsTo('create-comment').filter((r) => r.url.includes('/issues/7/'))).toHaveLength(1)
    expect(gh.commentsOn(7)).toHaveLength(1)
    // the search uses GitHub's whole-second format, a minute before the run
    const since = gh
      .requestsTo('list-comments')
      .map((r) => new URL(r.url, 'http://x').searchParams.get('since'))
      .find((s) => s !== null)
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  })

  test('a wait that simply ran out says the job is still running and how to resume, with no "last error"', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'wait-timeout': '1s' })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      /Job job_1 is still active after wait-timeout \(1(\.0)?s\)\. To keep waiting, run the action again with job-id: job_1 and no prompt\./,
    )
    expect(run.errors[0]).not.toContain('Last error')
  })

  test('bidirectional and invisible characters from readers never reach the summary', async () => {
    const data = InsightsData.generate({ searches: 0, conversations: 0, pages: 1 })
    data.searches.push({
      searchQuery: 'api\u200bkey rotation \u202eedoc \u2066x\u2069',
      hits: 5,
      ctr: 0,
      topClickedPage: null,
      lastSearchedAt: '2026-11-20T00:00:00Z',
    })
    const sim = await startSimulator({ insights: data })
    const run = await runAgainst(sim, runtime, { mode: 'insights', 'date-from': '2026-11-15', 'date-to': '2026-11-22' })
    expect(run.code).toBe(0)
    expect(run.summary).toContain('apikey rotation edoc x')
    expect(run.summary).not.toMatch(/[\u200b\u202e\u2066\u2069]/)
  })

  test.each(['write', 'read'])(
    "GitHub's own issue_comment payload drives the gate: a commenter with %s access",
    async (role) => {
      const require = createRequire(import.meta.url)
      const examples = JSON.parse(readFileSync(require.resolve('@octokit/webhooks-examples'), 'utf8')) as Array<{
        name: string
        examples: Array<{ action: string; comment: { body: string; user: { login: string } } }>
      }>
      const real = structuredClone(
        examples.find((e) => e.name === 'issue_comment')?.examples.find((p) => p.action === 'created'),
      )
      if (!real) throw new Error('no issue_comment example')
      real.comment.body = '/docs add a curl example'
      const sim = await startSimulator()
      const gh = await startGitHub({ [real.comment.user.login.toLowerCase()]: role })
      const run = await runAgainst(
        sim,
        runtime,
        { mode: 'comment' },
        { event: { name: 'issue_comment', payload: real }, gh },
      )
      expect(run.code).toBe(0)
      expect(gh.requestsTo('permission').map((r) => decodeURIComponent(r.url))).toEqual([
        expect.stringContaining(`/collaborators/${real.comment.user.login}/permission`),
      ])
      expect(run.outputs.triggered).toBe(role === 'write' ? 'true' : 'false')
      expect(sim.requestsTo('create')).toHaveLength(role === 'write' ? 1 : 0)
    },
  )

  test('a year before 2000 in date-from is refused (0099 is no 1999)', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { mode: 'visitors', 'date-from': '0099-01-01' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining('Input "date-from" is "0099-01-01": expected a real date')])
    expect(sim.requests).toHaveLength(0)
  })
})
