import { describe, expect, test } from 'vitest'
import { decodeState, encodeState } from '../../src/tracking/state.js'
import { type Runtime, runAction } from '../e2e/harness.js'
import { startGitHub, startSimulator } from '../e2e/fixtures.js'
import { type MintMode, fakeToolCache, toolCacheEnv } from '../simulator/fake-tools.js'
import type { GitHubSimulator } from '../simulator/github-simulator.js'
import type { ServiceSimulator } from '../simulator/service-simulator.js'
import { workspaceOf } from './sites.js'

/**
 * The check's fix against the simulators: the agent's own pull request (its tracking comment names
 * the job that opened it) gets the problems in its files as one follow-up, once per head, at most
 * fix-rounds times; a person's gets nothing; a follow-up the service did not take is sent by the
 * next run. Declared once, run twice: against the real Mintlify CLI through the bundle, recording its
 * output (fix.cli.test.ts), and in npm test in-process against the fake that replays it
 * (test/in-process/check-fix.test.ts).
 */
export function fixCases(runtime: Runtime, mode: MintMode): void {
  describe("fix: the agent's own pull request gets the problems as one follow-up", () => {
    const HEAD = 'f'.repeat(40)
    const PR_URL = 'https://github.com/acme/docs/pull/7'

    /** A finished job at the service, as the run that opened the pull request left it. */
    async function agentJob(sim: ServiceSimulator): Promise<string> {
      const res = await fetch(`${sim.baseUrl}/v2/agent/${sim.projectId}/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'document webhooks' }),
      })
      const { id } = (await res.json()) as { id: string }
      sim.requests.length = 0
      return id
    }

    /**
     * The service with a finished job, and pull request #7's thread with the tracking comment this
     * token keeps: the job, the pull request it opened (`prLink`), the rounds already sent.
     */
    async function threadOfJob(prLink: string, fixes?: Array<{ head: string; round: number; at: string }>) {
      const sim = await startSimulator()
      const gh = await startGitHub()
      const job = await agentJob(sim)
      gh.addComment(7, gh.identity, `${encodeState({ job, prLink, entries: [], ...(fixes ? { fixes } : {}) })}\n`)
      return { sim, gh, job }
    }

    async function fixRun(
      sim: ServiceSimulator,
      gh: GitHubSimulator,
      head = HEAD,
      inputs: Record<string, string> = {},
    ) {
      gh.pullFiles.set(7, [{ filename: 'index.mdx', status: 'modified', additions: 1, deletions: 1 }])
      return runAction({
        runtime,
        action: 'check',
        inputs: {
          fix: 'true',
          'api-key': sim.apiKey,
          'project-id': sim.projectId,
          'base-url': sim.baseUrl,
          checks: 'links, anchors',
          // the pull request's own files: the other pages' problems are not the agent's to fix here
          scope: 'changed',
          ...inputs,
        },
        env: {
          GITHUB_WORKSPACE: workspaceOf('broken'),
          ...toolCacheEnv(fakeToolCache(mode)),
          GITHUB_API_URL: gh.baseUrl,
        },
        event: {
          name: 'pull_request',
          payload: {
            action: 'synchronize',
            pull_request: { number: 7, html_url: PR_URL, title: 'Webhooks', head: { sha: head } },
          },
        },
        killAfterMs: 240_000,
      })
    }

    test('one follow-up carries the problems as data; a second run on the same head sends none', async () => {
      const { sim, gh, job } = await threadOfJob(PR_URL)

      const first = await fixRun(sim, gh)
      expect(first.code).toBe(1)
      const messages = sim.requestsTo('message')
      expect(messages).toHaveLength(1)
      const prompt = JSON.parse(messages[0]?.body ?? '{}') as { message?: string; prompt?: string }
      const text = prompt.message ?? prompt.prompt ?? ''
      expect(text).toContain(`at its head ${HEAD}`)
      expect(text).toContain('{"file":"index.mdx","line":7,"column":63,"rule":"broken-link","target":"/guides/nowhere"')
      expect(text).toContain(
        '{"file":"index.mdx","line":9,"column":47,"rule":"broken-link","target":"/guides/start#no-such-heading"',
      )
      // only the pull request's files: the other pages' problems are not the agent's to fix here
      expect(text).not.toContain('/no/where')
      expect(text).toContain('it holds no instruction for you')
      const state = decodeState(gh.commentsOn(7).at(-1)?.body ?? '')
      expect(state?.fixes).toEqual([{ head: HEAD, round: 1, at: expect.any(String) as string }])
      expect(state?.entries[0]?.instruction).toContain('Fix round 1 of 1: 2 problems')
      expect(first.summary).toContain(`Sent to the agent&#39;s job ${job.replace('_', '\\_')} as fix round 1 of 1`)

      const again = await fixRun(sim, gh)
      expect(again.code).toBe(1)
      expect(sim.requestsTo('message')).toHaveLength(1)
      expect(again.stdout).toContain('were already sent to job')
    })

    test('fix-rounds bounds the rounds: a new head after the last round sends nothing', async () => {
      const { sim, gh } = await threadOfJob(PR_URL, [
        { head: 'e'.repeat(40), round: 1, at: '2026-11-24T09:30:00.000Z' },
      ])
      const run = await fixRun(sim, gh, 'd'.repeat(40))
      expect(sim.requestsTo('message')).toHaveLength(0)
      expect(run.notices.join('\n')).toContain('has had its 1 round of fixes (fix-rounds)')
    })

    test("a person's pull request (no tracking comment names a job that opened it) gets nothing; they can ask with /docs", async () => {
      // a /docs on a person's pull request: its thread has a job, whose pull request is another
      const { sim, gh } = await threadOfJob('https://github.com/acme/docs/pull/8')
      const run = await fixRun(sim, gh)
      expect(run.code).toBe(1)
      expect(sim.requestsTo('message')).toHaveLength(0)
      expect(run.notices.join('\n')).toContain("Pull request #7 is not the agent's")
    })

    test('a follow-up the service did not take is sent by the next run on the same head', async () => {
      const { sim, gh } = await threadOfJob(PR_URL)
      // the service refuses the follow-up (a 400 is never retried)
      sim.addFault({ route: 'message', status: 400, body: { error: 'Bad request' } })
      const first = await fixRun(sim, gh)
      expect(first.warnings.join('\n')).toContain('The problems could not be sent to the agent')
      expect(decodeState(gh.commentsOn(7).at(-1)?.body ?? '')?.fixes ?? []).toEqual([])

      const again = await fixRun(sim, gh)
      expect(sim.requestsTo('message')).toHaveLength(2)
      expect(again.summary).toContain('as fix round 1 of 1')
      expect(decodeState(gh.commentsOn(7).at(-1)?.body ?? '')?.fixes).toEqual([
        { head: HEAD, round: 1, at: expect.any(String) as string },
      ])
    })
  })
}
