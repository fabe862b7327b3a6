import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, onTestFinished, test } from 'vitest'
import { decodeState } from '../../src/github/thread-state.js'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import { IN_PROCESS, TEST_TOKEN, secretLeaks } from '../e2e/harness.js'
import { readBody } from '../simulator/faults.js'
import { type FakeUser, GitHubSimulator } from '../simulator/github-simulator.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'

/**
 * Docs in their own repository, over HTTP: the code repository (acme/app) and the docs repository
 * (acme/docs) are two fake GitHub repositories behind one API address, as on github.com; a GitHub
 * App is installed on both, its installation token writing as `docs-app[bot]`. Every exchange is
 * checked against GitHub's description, as everywhere.
 */
const APP_TOKEN = 'ghs_docs_app_installation_token_000000'
const APP: FakeUser = { login: 'docs-app[bot]', type: 'Bot' }
const ALICE: FakeUser = { login: 'alice', type: 'User' }

async function twoRepositories(): Promise<{ code: GitHubSimulator; docs: GitHubSimulator; apiUrl: string }> {
  // the code repository's workflow writes with its GITHUB_TOKEN, and the App may write there too
  const code = new GitHubSimulator(TEST_TOKEN, { login: 'github-actions[bot]', type: 'Bot' }, 'acme/app').acceptToken(APP_TOKEN, APP)
  const docs = new GitHubSimulator(APP_TOKEN, APP, 'acme/docs')
  for (const gh of [code, docs]) {
    gh.roles.set('alice', 'write')
    await gh.start()
    onTestFinished(() => gh.stop())
  }
  // one API address: /repos/acme/… to that repository; who-am-I (GraphQL, /user) to the token's own
  const front: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const path = req.url ?? ''
      const app = (req.headers.authorization ?? '').endsWith(APP_TOKEN)
      const target = /^\/repos\/acme\/app\//.test(path) ? code : /^\/repos\//.test(path) ? docs : app ? docs : code
      const headers: Record<string, string> = {}
      for (const name of ['authorization', 'content-type', 'accept', 'user-agent']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string
      const answer = await fetch(`${target.baseUrl}${req.url ?? '/'}`, { method: req.method, headers, ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }) })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(await answer.text())
    })()
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => front.close(() => resolve())))
  return { code, docs, apiUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}` }
}

const issueInApp = { number: 7, title: 'Document webhooks', body: 'Please.', html_url: 'https://github.com/acme/app/issues/7', user: ALICE }

function agentInApp(sim: ServiceSimulator, apiUrl: string, extra: Record<string, string> = {}) {
  return runAgainst(sim, IN_PROCESS, { prompt: 'Document the webhooks', comment: 'true', ...extra }, {
    event: { name: 'issues', payload: { action: 'labeled', label: { name: 'docs' }, issue: issueInApp, sender: ALICE } },
    env: { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/app' },
  })
}

describe('docs in their own repository, over HTTP (two repositories, one App)', () => {
  test('an issue\'s job, its docs pull request and a /docs comment there are one conversation, shown on both threads', async () => {
    const sim = await startSimulator()
    const { code, docs, apiUrl } = await twoRepositories()
    code.addIssue({ number: 7, title: issueInApp.title, body: issueInApp.body, user: ALICE })

    const first = await agentInApp(sim, apiUrl, { 'docs-token': APP_TOKEN })
    expect(first.code).toBe(0)
    const jobId = first.outputs['job-id'] as string
    const pr = Number(first.outputs['pr-number'])
    expect(first.outputs['pr-link']).toBe(`https://github.com/acme/docs/pull/${pr}`)
    // the code issue: its tracking comment (GITHUB_TOKEN) links the docs pull request
    const onIssue = code.commentsOn(7)
    expect(onIssue).toHaveLength(1)
    expect(onIssue[0]?.user.login).toBe('github-actions[bot]')
    expect(onIssue[0]?.body).toContain(`acme/docs#${pr}`)
    // the docs pull request: the App's tracking comment, the job, and the way back
    const onPr = docs.commentsOn(pr)
    expect(onPr).toHaveLength(1)
    expect(onPr[0]?.user.login).toBe('docs-app[bot]')
    expect(decodeState(onPr[0]?.body ?? '')).toMatchObject({ job: jobId, origin: { url: 'https://github.com/acme/app/issues/7', label: 'acme/app#7' } })
    expect(first.notices.join('\n')).not.toContain('not acme/app')
    expect(secretLeaks(first, APP_TOKEN)).toEqual([])

    // the docs repository's workflow: alice's /docs on the pull request, the comment action with the App's token
    const asked = docs.addComment(pr, ALICE, '/docs add a curl example')
    const second = await runAgainst(sim, IN_PROCESS, { mode: 'comment', 'github-token': APP_TOKEN }, {
      event: { name: 'issue_comment', payload: { action: 'created', issue: { number: pr, title: 'Docs: webhooks', html_url: `https://github.com/acme/docs/pull/${pr}`, pull_request: { url: 'x' } }, comment: { id: asked.id, body: asked.body, user: ALICE, html_url: asked.html_url } } },
      env: { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/docs' },
    })
    expect(second.code).toBe(0)
    expect(second.outputs).toMatchObject({ triggered: 'true', 'job-id': jobId })
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(JSON.parse(sim.requestsTo('message')[0]?.body ?? '{}').prompt).toBe('add a curl example')
    // shown on both threads: the pull request's comment, and the code issue (the App's own comment there)
    expect(docs.commentsOn(pr)).toHaveLength(2)
    expect(decodeState(docs.commentsOn(pr).find((c) => c.user.login === 'docs-app[bot]' && c.body.includes('thread v1'))?.body ?? '')?.entries[0]?.instruction).toBe('add a curl example')
    const echoed = code.commentsOn(7).filter((c) => c.user.login === 'docs-app[bot]')
    expect(echoed).toHaveLength(1)
    expect(decodeState(echoed[0]?.body ?? '')).toMatchObject({ job: jobId, entries: [{ instruction: 'add a curl example', by: 'alice' }] })
  })

  test('without docs-token: the job and the issue\'s comment as before, and one notice that says exactly what is missing', async () => {
    const sim = await startSimulator()
    const { code, docs, apiUrl } = await twoRepositories()
    code.addIssue({ number: 7, title: issueInApp.title, body: issueInApp.body, user: ALICE })
    const run = await agentInApp(sim, apiUrl)
    expect(run.code).toBe(0)
    const notice = run.notices.filter((n) => n.includes('is in acme/docs, not acme/app'))
    expect(notice).toHaveLength(1)
    expect(notice[0]).toContain('gets no tracking comment')
    expect(notice[0]).toContain('docs-token')
    expect(docs.requests).toHaveLength(0)
    expect(code.commentsOn(7)).toHaveLength(1)
  })
})
