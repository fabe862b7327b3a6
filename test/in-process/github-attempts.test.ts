import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { GitHubApi } from '../../src/github/github-api.js'
import { startGitHub } from '../e2e/fixtures.js'
import { TEST_TOKEN } from '../e2e/harness.js'
import type { GitHubSimulator } from '../simulator/github-simulator.js'
import { driveDelays } from '../simulator/pass-time.js'
import { FakeClock } from '../unit/fake-clock.js'
import type { Clock } from '../../src/util/clock.js'

/**
 * What GitHub is asked twice: only what can change on a second try (no answer, 5xx). Every other
 * 4xx is GitHub's final answer and reaches it once, whatever the request's own retry setting; the
 * rate limits are the throttling plugin's. Counted at the fake GitHub, over real HTTP, with the
 * project's @octokit plugins as the action configures them.
 */

const repo = { owner: 'acme', repo: 'docs' }
const thread = { ...repo, number: 7, isPullRequest: false, title: 'T', url: 'https://github.com/acme/docs/issues/7' }
let saved: NodeJS.ProcessEnv

beforeEach(() => {
  saved = process.env
})
afterEach(() => {
  process.env = saved
})

/** The action's GitHub client against `gh`, loaded afresh (it reads GITHUB_API_URL when it loads). */
async function open(
  gh: GitHubSimulator,
  now = 0,
  clock: Pick<Clock, 'now' | 'timeout'> = { now: () => now, timeout: () => new AbortController().signal },
): Promise<GitHubApi> {
  process.env = { ...saved, GITHUB_API_URL: gh.baseUrl }
  vi.resetModules()
  const { GitHubApi } = await import('../../src/github/github-api.js')
  return GitHubApi.load(TEST_TOKEN, {
    signal: new AbortController().signal,
    deadline: 60_000,
    clock,
    retryBaseMs: 1,
  })
}

const statusOf = async (promise: Promise<unknown>): Promise<number | 'ok'> =>
  promise.then(
    () => 'ok' as const,
    (error: { status?: number }) => error.status ?? -1,
  )

describe("GitHub's final answers reach it once", () => {
  test.each([
    [
      '404 absent: a label the issue does not have is removed',
      async (api: GitHubApi) => api.removeLabel(thread, 'docs: done'),
      'remove-label',
      undefined,
      'ok',
    ],
    [
      '422 exists: a label the repository has is created',
      async (api: GitHubApi) => api.createLabel(repo, 'docs-health', 'ededed', 'x'),
      'create-label',
      undefined,
      'ok',
    ],
    [
      '422 not a collaborator: a reviewer the repository does not have',
      async (api: GitHubApi) => api.requestReviewers(repo, 12, ['stranger']),
      'request-reviewers',
      undefined,
      422,
    ],
    [
      '403 without permission: an edit the token may not make',
      async (api: GitHubApi) => api.updateComment(thread, 1, 'x'),
      'update-comment',
      {
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: 'https://docs.github.com/rest',
          status: '403',
        },
      },
      403,
    ],
    [
      '404 on a read: a pull request GitHub does not know',
      async (api: GitHubApi) => api.pullRequestState(repo, 404),
      'get-pull',
      undefined,
      'ok',
    ],
  ] as const)('%s', async (_name, call, route, fault, expected) => {
    const gh = await startGitHub()
    gh.repoLabels.set('docs-health', 'ededed')
    if (fault) gh.addFault({ route, ...fault })
    const api = await open(gh)
    expect(await statusOf(call(api))).toBe(expected)
    expect(gh.requestsTo(route)).toHaveLength(1)
    expect(api.requests).toBe(gh.requests.length)
  })

  test('reviewers who are collaborators: requested once, GitHub answers 201', async () => {
    const gh = await startGitHub({ alice: 'write' })
    const api = await open(gh)
    await api.requestReviewers(repo, 12, ['alice'])
    expect(gh.reviewRequests).toEqual([{ pull: 12, logins: ['alice'] }])
    expect(gh.requestsTo('request-reviewers')).toHaveLength(1)
  })

  test('a 502 on a harmless request is tried again, and each attempt is counted', async () => {
    const gh = await startGitHub()
    gh.addFault({ route: 'list-comments', status: 502, body: { message: 'Server Error' } })
    const api = await open(gh)
    expect(await api.listComments(thread)).toEqual([])
    expect(gh.requestsTo('list-comments')).toHaveLength(2)
    expect(api.requests).toBe(2)
  })

  test('a create is never repeated, even after a 502 (its answer may be lost after GitHub made it)', async () => {
    const gh = await startGitHub()
    gh.addFault({ route: 'create-comment', status: 502, body: { message: 'Server Error' } })
    const api = await open(gh)
    expect(await statusOf(api.createComment(thread, 'x'))).toBe(502)
    expect(gh.requestsTo('create-comment')).toHaveLength(1)
  })

  test('near the deadline a 502 is not tried again', async () => {
    const gh = await startGitHub()
    gh.addFault({ route: 'list-comments', status: 502, body: { message: 'Server Error' } })
    const api = await open(gh, 57_000)
    expect(await statusOf(api.listComments(thread))).toBe(502)
    expect(gh.requestsTo('list-comments')).toHaveLength(1)
  })
})

describe("a request GitHub does not answer ends on the run's clock", () => {
  // the fake GitHub's slow answer moves the run's clock, as the in-process runs do: whether the
  // request times out is decided by that time, never by how busy the machine is
  test.each([
    ['9 s: within the 10 s timeout, the answer arrives', 9_000, 'ok'],
    ['60 s: past it, the request is abandoned and not sent again', 60_000, 'aborted'],
  ] as const)('%s', async (_name, delayMs, expected) => {
    const gh = await startGitHub()
    const clock = new FakeClock(0)
    const api = await open(gh, 0, clock)
    gh.addFault({ route: 'create-comment', delayMs, status: 201, afterProcessing: true })
    const restore = driveDelays(async (ms) => {
      clock.advance(ms)
      await new Promise((resolve) => setImmediate(resolve))
    })
    try {
      const outcome = await api.createComment(thread, 'x').then(
        () => 'ok',
        (error: Error) => (/aborted|timeout/i.test(`${error.name} ${error.message}`) ? 'aborted' : error.message),
      )
      expect(outcome).toBe(expected)
    } finally {
      restore()
    }
    expect(gh.requestsTo('create-comment')).toHaveLength(1)
  })
})
