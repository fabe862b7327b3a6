import { describe, expect, test } from 'vitest'
import { decodeState } from '../../src/tracking/state.js'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import { IN_PROCESS, secretLeaks } from '../e2e/harness.js'
import {
  exampleSteps,
  isTokenStep,
  ourAction,
  repositoryBindings,
  resolve,
  tokenRequest,
} from '../e2e/example-steps.js'
import { ALICE, APP_TOKEN, type AppTokenRequest, twoRepositories } from '../e2e/two-repositories.js'
import type { GitHubSimulator } from '../simulator/github-simulator.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'
import { promptOf } from '../e2e/typed.js'

/** Docs in their own repository, over HTTP (test/e2e/two-repositories.ts: acme/app and acme/docs, one App on both). */
const issueInApp = {
  number: 7,
  title: 'Document webhooks',
  body: 'Please.',
  html_url: 'https://github.com/acme/app/issues/7',
  user: ALICE,
}

function agentInApp(sim: ServiceSimulator, apiUrl: string, extra: Record<string, string> = {}) {
  return runAgainst(
    sim,
    IN_PROCESS,
    { prompt: 'Document the webhooks', comment: 'true', ...extra },
    {
      event: {
        name: 'issues',
        payload: { action: 'labeled', label: { name: 'docs' }, issue: issueInApp, sender: ALICE },
      },
      env: { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/app' },
    },
  )
}

/** alice's comment on the agent's pull request #`pr` in acme/docs, as GitHub sends the event. */
function onDocsPull(pr: number, comment: { id: number; body: string; html_url: string }) {
  return {
    name: 'issue_comment',
    payload: {
      action: 'created',
      issue: {
        number: pr,
        title: 'Docs: webhooks',
        html_url: `https://github.com/acme/docs/pull/${pr}`,
        pull_request: { url: 'x' },
      },
      comment: { id: comment.id, body: comment.body, user: ALICE, html_url: comment.html_url },
    },
  }
}

/** The tracking comments on a thread: the action's state, in a comment a bot wrote. */
function trackingComments(gh: GitHubSimulator, number: number) {
  return gh.commentsOn(number).filter((c) => c.user.type === 'Bot' && decodeState(c.body) !== undefined)
}

/**
 * One of the guide's workflows, run as GitHub would: its create-github-app-token step makes a token
 * scoped as that action scopes it (the fake GitHub refuses it anywhere else), and its action step's
 * `with:` is given as written, each `${{ … }}` from the run's context.
 */
function fromExample(
  file: string,
  repository: string,
  sim: ServiceSimulator,
  appToken: (request: AppTokenRequest, current: string) => string,
  event: Record<string, string> = {},
) {
  const steps = exampleSteps(file)
  const tokenStep = steps.find(isTokenStep)
  const step = steps.find((s) => ourAction(s) !== undefined)
  if (!tokenStep || !step) throw new Error(`${file} has no token step or no action step`)
  const bindings = {
    ...repositoryBindings(repository),
    'secrets.MINTLIFY_API_KEY': sim.apiKey,
    'vars.MINTLIFY_PROJECT_ID': sim.projectId,
    [`steps.${tokenStep.id}.outputs.token`]: appToken(tokenRequest(tokenStep, repository), repository),
    ...event,
  }
  const inputs = Object.fromEntries(
    Object.entries(step.with ?? {}).map(([name, value]) => [name, resolve(value, bindings)]),
  )
  return { mode: ourAction(step) as string, ...inputs }
}

describe('docs in their own repository, over HTTP (two repositories, one App)', () => {
  test("the guide's three workflows, with their own token scopes and inputs: one conversation across both repositories, one tracking comment per thread", async () => {
    const sim = await startSimulator()
    const { code, docs, apiUrl, appToken } = await twoRepositories()
    code.addIssue({ number: 7, title: issueInApp.title, body: issueInApp.body, user: ALICE })
    const inApp = { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/app' }
    const inDocs = { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/docs' }

    // acme/app, docs-repository-code.yml: the labelled issue becomes a job
    const labelled = fromExample('docs-repository-code.yml', 'acme/app', sim, appToken, {
      'github.event.issue.number': '7',
      'github.event.issue.title': issueInApp.title,
      'github.event.issue.body': issueInApp.body,
    })
    const first = await runAgainst(sim, IN_PROCESS, labelled, {
      event: {
        name: 'issues',
        payload: { action: 'labeled', label: { name: 'docs' }, issue: issueInApp, sender: ALICE },
      },
      env: inApp,
    })
    expect(first.code).toBe(0)
    expect(first.warnings).toEqual([])
    const jobId = first.outputs['job-id']
    const pr = Number(first.outputs['pr-number'])
    expect(first.outputs['pr-link']).toBe(`https://github.com/acme/docs/pull/${pr}`)
    expect(trackingComments(code, 7).map((c) => c.user.login)).toEqual(['docs-app[bot]'])
    expect(trackingComments(docs, pr).map((c) => c.user.login)).toEqual(['docs-app[bot]'])
    expect(decodeState(trackingComments(docs, pr)[0]?.body ?? '')).toMatchObject({
      job: jobId,
      origin: { url: 'https://github.com/acme/app/issues/7', label: 'acme/app#7' },
    })

    // acme/docs, docs-repository-docs.yml: alice's /docs on the agent's pull request continues it, and shows on the code issue
    const onPr = docs.addComment(pr, ALICE, '/docs add a curl example')
    const second = await runAgainst(
      sim,
      IN_PROCESS,
      fromExample('docs-repository-docs.yml', 'acme/docs', sim, appToken),
      { event: onDocsPull(pr, onPr), env: inDocs },
    )
    expect(second.code).toBe(0)
    expect(second.warnings).toEqual([])
    expect(second.outputs).toMatchObject({ triggered: 'true', 'job-id': jobId })

    // acme/app, docs-repository-code-conversation.yml: alice's /docs on the code issue continues it too
    const onIssue = code.addComment(7, ALICE, '/docs mention the retry header')
    const third = await runAgainst(
      sim,
      IN_PROCESS,
      fromExample('docs-repository-code-conversation.yml', 'acme/app', sim, appToken),
      {
        event: {
          name: 'issue_comment',
          payload: {
            action: 'created',
            issue: issueInApp,
            comment: { id: onIssue.id, body: onIssue.body, user: ALICE, html_url: onIssue.html_url },
          },
        },
        env: inApp,
      },
    )
    expect(third.code).toBe(0)
    expect(third.warnings).toEqual([])
    expect(third.outputs).toMatchObject({ triggered: 'true', 'job-id': jobId })

    // one job, two follow-ups; one tracking comment per thread, the code issue's holding the whole conversation
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(sim.requestsTo('message').map((r) => promptOf(r.body))).toEqual([
      'add a curl example',
      'mention the retry header',
    ])
    expect(trackingComments(code, 7)).toHaveLength(1)
    expect(trackingComments(docs, pr)).toHaveLength(1)
    expect(decodeState(trackingComments(code, 7)[0]?.body ?? '')?.entries.map((e) => e.instruction)).toEqual([
      'mention the retry header',
      'add a curl example',
      expect.stringContaining('Update the documentation'),
    ]) // newest first
    expect(decodeState(trackingComments(docs, pr)[0]?.body ?? '')?.entries.map((e) => e.instruction)).toEqual([
      'add a curl example',
    ])
    for (const run of [first, second, third]) expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test("a token created for the docs repository alone (the 1.0 guide's) cannot write on the code issue: GitHub refuses it, and the run says which repository the token must cover", async () => {
    const sim = await startSimulator()
    const { code, docs, apiUrl, appToken } = await twoRepositories()
    code.addIssue({ number: 7, title: issueInApp.title, body: issueInApp.body, user: ALICE })
    const first = await agentInApp(sim, apiUrl, { 'docs-token': APP_TOKEN, 'github-token': APP_TOKEN })
    const pr = Number(first.outputs['pr-number'])
    const asked = docs.addComment(pr, ALICE, '/docs add a curl example')
    const docsOnly = appToken({}, 'acme/docs')
    const second = await runAgainst(
      sim,
      IN_PROCESS,
      { mode: 'comment', 'github-token': docsOnly },
      { event: onDocsPull(pr, asked), env: { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/docs' } },
    )
    expect(second.outputs.triggered).toBe('true')
    expect(second.warnings.filter((w) => w.includes('Could not show this instruction on acme/app#7'))).toHaveLength(1)
    expect(code.writes().filter((w) => w.includes('acme/app/issues/7/comments'))).toHaveLength(1)
    expect(trackingComments(code, 7)).toHaveLength(1)
  })

  test("the code issue's comment written with GITHUB_TOKEN (the 1.0 set-up): a /docs on the docs pull request never writes a second one there, and says how to make one identity write both", async () => {
    const sim = await startSimulator()
    const { code, docs, apiUrl } = await twoRepositories()
    code.addIssue({ number: 7, title: issueInApp.title, body: issueInApp.body, user: ALICE })

    const first = await agentInApp(sim, apiUrl, { 'docs-token': APP_TOKEN })
    expect(first.code).toBe(0)
    const jobId = first.outputs['job-id']
    const pr = Number(first.outputs['pr-number'])
    expect(trackingComments(code, 7).map((c) => c.user.login)).toEqual(['github-actions[bot]'])
    expect(trackingComments(docs, pr).map((c) => c.user.login)).toEqual(['docs-app[bot]'])
    expect(secretLeaks(first, APP_TOKEN)).toEqual([])

    const asked = docs.addComment(pr, ALICE, '/docs add a curl example')
    const second = await runAgainst(
      sim,
      IN_PROCESS,
      { mode: 'comment', 'github-token': APP_TOKEN },
      { event: onDocsPull(pr, asked), env: { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/docs' } },
    )
    expect(second.code).toBe(0)
    expect(second.outputs).toMatchObject({ triggered: 'true', 'job-id': jobId })
    expect(promptOf(sim.requestsTo('message')[0]?.body)).toBe('add a curl example')
    expect(decodeState(trackingComments(docs, pr)[0]?.body ?? '')?.entries[0]?.instruction).toBe('add a curl example')
    // the code issue keeps its one tracking comment; the warning names who wrote it and the fix
    expect(trackingComments(code, 7).map((c) => c.user.login)).toEqual(['github-actions[bot]'])
    const said = second.warnings.filter((w) => w.includes('Did not show this instruction on acme/app#7'))
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('written by github-actions[bot], not docs-app[bot]')
    expect(said[0]).toContain("this same App's token as github-token")
  })

  test("a /docs on the code issue with the App's token where GITHUB_TOKEN wrote the tracking comment (a token mix-up): the new job it must start is said, never silent", async () => {
    const sim = await startSimulator()
    const { code, apiUrl } = await twoRepositories()
    code.addIssue({ number: 7, title: issueInApp.title, body: issueInApp.body, user: ALICE })
    const first = await agentInApp(sim, apiUrl, { 'docs-token': APP_TOKEN })
    expect(trackingComments(code, 7).map((c) => c.user.login)).toEqual(['github-actions[bot]'])
    const asked = code.addComment(7, ALICE, '/docs mention the retry header')
    const second = await runAgainst(
      sim,
      IN_PROCESS,
      { mode: 'comment', 'github-token': APP_TOKEN, 'docs-token': APP_TOKEN },
      {
        event: {
          name: 'issue_comment',
          payload: {
            action: 'created',
            issue: issueInApp,
            comment: { id: asked.id, body: asked.body, user: ALICE, html_url: asked.html_url },
          },
        },
        env: { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/app' },
      },
    )
    expect(second.outputs['job-id']).not.toBe(first.outputs['job-id'])
    const said = second.warnings.filter((w) =>
      w.includes('has a tracking comment written by github-actions[bot], not by docs-app[bot]'),
    )
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('a new job starts')
  })

  test("without docs-token: the job and the issue's comment as before, and one notice that says exactly what is missing", async () => {
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
