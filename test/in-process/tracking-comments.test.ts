import { describe, expect, test } from 'vitest'
import { GitHubSimulator } from '../simulator/github-simulator.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'
import { generateRows } from '../simulator/traffic-data.js'
import { runAgainst, startSimulator, startWorlds, startGitHub } from '../e2e/fixtures.js'
import {
  type ActionRun,
  PATHS,
  throughBundle,
  type RunOptions,
  type Runtime,
  TEST_TOKEN,
  freePort,
  hasStackTrace,
  secretLeaks,
} from '../e2e/harness.js'
import { parseJson } from '../e2e/typed.js'

const PROMPT = 'Document the new webhook endpoint'
const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242'

const issueEvent = {
  name: 'issues',
  payload: {
    action: 'labeled',
    label: { name: 'docs' },
    issue: { number: 7, title: 'Document webhooks', body: 'Please document POST /webhooks' },
    repository: { name: 'docs', owner: { login: 'acme' } },
  },
}

function runWithGitHub(
  sim: ServiceSimulator,
  gh: GitHubSimulator,
  runtime: Runtime,
  inputs: Record<string, string>,
  options: Omit<RunOptions, 'inputs' | 'runtime'> & { root?: boolean } = {},
): Promise<ActionRun> {
  return runAgainst(
    sim,
    runtime,
    { comment: 'true', ...inputs },
    { event: issueEvent, ...options, gh, env: { ...options.env } },
  )
}

describe.each(PATHS)('comments on the triggering issue or pull request ($name)', (runtime) => {
  test('one tracking comment when the job starts, edited with the pull request when it ends; the pull request links back', async () => {
    const { sim, gh } = await startWorlds()
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT })

    expect(run.code).toBe(0)
    const onIssue = gh.commentsOn(7)
    expect(onIssue).toHaveLength(1)
    const [create] = gh.requestsTo('create-comment')
    expect(create?.url).toBe('/repos/acme/docs/issues/7/comments')
    expect(create?.headers.authorization).toBe(`token ${TEST_TOKEN}`)
    const started = parseJson<{ body: string }>(create?.body).body
    expect(started).toContain('Job job\\_1')
    expect(started).toContain('⏳ working on it')
    expect(started).toContain(`<a href="${RUN_URL}">run</a>`)

    const final = onIssue[0]?.body ?? ''
    expect(gh.requestsTo('update-comment').map((r) => r.url)).toContain(
      `/repos/acme/docs/issues/comments/${onIssue[0]?.id}`,
    )
    expect(final).toContain('✅ pull request opened or updated')
    expect(final).toContain('<a href="https://github.com/acme/docs/pull/101">#101</a>')
    expect(final).toContain('comment `/docs <what to change>` here')
    // the agent's pull request gets its own tracking comment, naming the job and where it was asked for
    const onPr = gh.commentsOn(101)
    expect(onPr).toHaveLength(1)
    expect(onPr[0]?.body).toContain('asked for in <a href="https://github.com/acme/docs/issues/7">issue #7</a>')
    expect(gh.edits.every((e) => e.author === 'github-actions[bot]')).toBe(true)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    expect(secretLeaks(run, TEST_TOKEN)).toEqual([])
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test('a second run on the same issue edits the same tracking comment, listing both runs', async () => {
    const { sim, gh } = await startWorlds()
    await runWithGitHub(sim, gh, runtime, { prompt: PROMPT })
    const second = await runWithGitHub(
      sim,
      gh,
      runtime,
      { prompt: 'Also document retries' },
      { env: { GITHUB_RUN_ID: '4243' } },
    )
    expect(second.code).toBe(0)
    const onIssue = gh.commentsOn(7)
    expect(onIssue).toHaveLength(1)
    expect(onIssue[0]?.body).toContain('Job job\\_2')
    expect(onIssue[0]?.body).toContain('Also document retries')
    expect(onIssue[0]?.body).toContain(PROMPT)
  })

  test('GitHub Enterprise Server: links come from GITHUB_SERVER_URL, requests go to GITHUB_API_URL', async () => {
    const { sim, gh } = await startWorlds()
    const server = 'https://ghes.acme.internal'
    const run = await runWithGitHub(
      sim,
      gh,
      runtime,
      { prompt: PROMPT },
      { env: { GITHUB_SERVER_URL: server, GITHUB_API_URL: `${gh.baseUrl}/api/v3` } },
    )
    expect(run.code).toBe(0)
    expect(gh.requests.length).toBeGreaterThan(0)
    expect(gh.requests.every((r) => r.url.startsWith('/api/v3/') || r.url === '/api/graphql')).toBe(true)
    const body = gh.commentsOn(7)[0]?.body ?? ''
    expect(body).toContain(`<a href="${server}/acme/docs/actions/runs/4242">run</a>`)
    expect(body).not.toContain('https://github.com/acme/docs/actions')
    // the pull request is on github.com, not this server: no link-back
    expect(gh.commentsOn(101)).toHaveLength(0)
  })

  test('a pull_request event comments on the pull request', async () => {
    const { sim, gh } = await startWorlds()
    const opened = { name: 'pull_request', payload: { action: 'opened', pull_request: { number: 12 } } }
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT }, { event: opened })
    expect(run.code).toBe(0)
    expect(gh.requestsTo('create-comment')[0]?.url).toBe('/repos/acme/docs/issues/12/comments')
    expect(run.stdout).toContain('Commented on pull request #12')
  })

  test('a refused comment is a warning: the step stays green, outputs and summary are written, no retry', async () => {
    const { sim, gh } = await startWorlds()
    gh.addFault({ route: 'create-comment', status: 403, body: { message: 'Resource not accessible by integration' } })
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.errors).toEqual([])
    expect(run.warnings.filter((w) => w.includes('Could not comment on issue #7 (HTTP 403)'))).toHaveLength(1)
    expect(run.warnings[0]).toContain('issues: write')
    expect(gh.requestsTo('create-comment').filter((r) => r.url.includes('/issues/7/'))).toHaveLength(1)
    expect(gh.requestsTo('update-comment')).toHaveLength(0)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    expect(run.summary).toContain('pull request opened')
  })

  test('an unreachable GitHub API is a warning, never a failure', async () => {
    const sim = await startSimulator()
    const closed = `http://127.0.0.1:${await freePort()}`
    const run = await runAgainst(
      sim,
      runtime,
      { prompt: PROMPT, comment: 'true' },
      { event: issueEvent, env: { GITHUB_API_URL: closed } },
    )
    expect(run.code).toBe(0)
    expect(run.warnings.some((w) => w.includes('Could not comment on issue #7') && w.includes('ECONNREFUSED'))).toBe(
      true,
    )
    expect(run.outputs.status).toBe('completed')
    expect(hasStackTrace(run)).toBe(false)
  })

  test('a start comment whose answer was lost is found by its marker and edited, not posted again', async () => {
    const { sim, gh } = await startWorlds()
    gh.addFault({ route: 'create-comment', afterProcessing: true, status: 502, body: { message: 'Bad gateway' } })
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(gh.commentsOn(7)).toHaveLength(1)
    expect(gh.requestsTo('create-comment').filter((r) => r.url.includes('/issues/7/'))).toHaveLength(1)
    expect(
      gh.requestsTo('list-comments').filter((r) => r.url.includes('/issues/7/') && r.url.includes('since=')),
    ).toHaveLength(1)
    expect(gh.commentsOn(7)[0]?.body).toContain('#101')
  })

  test('no issue or pull request in the event: a notice, and nothing is sent to GitHub', async () => {
    const { sim, gh } = await startWorlds()
    const push = { name: 'push', payload: { ref: 'refs/heads/main' } }
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT }, { event: push })
    expect(run.code).toBe(0)
    expect(run.notices.some((n) => n.includes('push event has no issue or pull request'))).toBe(true)
    expect(gh.requests).toHaveLength(0)
  })

  test('comment: false (the default) sends nothing to GitHub', async () => {
    const { sim, gh } = await startWorlds()
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT, comment: 'false' })
    expect(run.code).toBe(0)
    expect(gh.requests).toHaveLength(0)
  })

  test('a timeout: the comment says the job is still running and how to resume', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
    const gh = await startGitHub()
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT, 'wait-timeout': '1500ms' })
    expect(run.code).toBe(1)
    expect(gh.comments).toHaveLength(1)
    expect(gh.comments[0]?.body).toContain('still working when the workflow stopped waiting')
    expect(gh.comments[0]?.body).toContain('job-id: job\\_1 and no prompt')
  })

  test('a job that could not be created: one comment saying what went wrong, escaped', async () => {
    const { sim, gh } = await startWorlds()
    sim.addFault({
      route: 'create',
      status: 400,
      body: { error: 'Bad prompt <img src=x onerror=alert(1)> [x](https://evil.example)' },
    })
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT })
    expect(run.code).toBe(1)
    expect(gh.requestsTo('create-comment')).toHaveLength(1)
    expect(gh.requestsTo('update-comment')).toHaveLength(0)
    const body = gh.comments[0]?.body ?? ''
    expect(body).toContain('could not be sent or followed')
    expect(body).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;')
    expect(body).not.toMatch(/<img|\]\(https/)
  })

  test('cancelled: the comment is updated and the step still stops before SIGTERM', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
    const gh = await startGitHub()
    const run = await runWithGitHub(
      sim,
      gh,
      throughBundle(runtime),
      { prompt: PROMPT },
      { cancelWhen: async () => void (await sim.waitForRequest((r) => r.route === 'get')) },
    )
    expect(run.neededSigterm).toBe(false)
    expect(run.code).not.toBe(0)
    expect(gh.comments).toHaveLength(1)
    expect(gh.comments[0]?.body).toContain('cancelled')
  })

  test('comment: true with an empty github-token is an input error, with no request', async () => {
    const { sim, gh } = await startWorlds()
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT, 'github-token': '' })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('Input "github-token" is empty')
    expect(sim.requests).toHaveLength(0)
    expect(gh.requests).toHaveLength(0)
  })

  test('docs-token is masked before anything prints, and appears in no output, file or summary', async () => {
    const { sim, gh } = await startWorlds()
    const docsToken = 'ghs_docs_repository_token_0123456789'
    const run = await runWithGitHub(sim, gh, runtime, { prompt: PROMPT, 'docs-token': docsToken })
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toMatch(/^::add-mask::/)
    expect(run.stdout).toContain(`::add-mask::${docsToken}`)
    expect(secretLeaks(run, docsToken)).toEqual([])
  })

  test('visitors mode ignores comment, and says so', async () => {
    const sim = await startSimulator({ visitors: generateRows(5) })
    const gh = await startGitHub()
    // the root with mode: visitors (the visitors action has no comment input, and the runner says so)
    const run = await runWithGitHub(sim, gh, runtime, { mode: 'visitors' }, { root: true })
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([
      'Input "comment" is not read with mode: visitors, so it was ignored (it is read by agent, deploy, preview, automation).',
    ])
    expect(gh.requests).toHaveLength(0)
  })
})
