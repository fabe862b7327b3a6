import { describe, expect, test } from 'vitest'
import { decodeState } from '../../src/github/thread-state.js'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import { IN_PROCESS, secretLeaks } from '../e2e/harness.js'
import { ALICE, APP_TOKEN, twoRepositories } from '../e2e/two-repositories.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'

/** Docs in their own repository, over HTTP (test/e2e/two-repositories.ts: acme/app and acme/docs, one App on both). */
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
