import { describe, expect, test } from 'vitest'
import { decodeState } from '../../src/tracking/state.js'
import { runAgainst, startGitHub, startSimulator, startWorlds } from '../e2e/fixtures.js'
import { PATHS, hasStackTrace, secretLeaks } from '../e2e/harness.js'

/**
 * Live docs: `mode: deploy`, `mode: preview` and `mode: automation` against the service simulator
 * (its four operations held to the vendor's openapi.json, like every exchange).
 */
const prEvent = {
  name: 'pull_request',
  payload: {
    action: 'opened',
    pull_request: {
      number: 101,
      head: { ref: 'docs/webhooks', sha: 'a'.repeat(40), repo: { full_name: 'acme/docs' } },
      base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: 'acme/docs' } },
    },
  },
}

describe.each(PATHS)('live docs ($name)', (runtime) => {
  test('deploy and wait: success, with every output, the verdict in the summary', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { mode: 'deploy', 'poll-interval': '2s' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('deploy')).toHaveLength(1)
    expect(sim.requestsTo('deploy-status').length).toBeGreaterThan(1)
    const id = [...sim.deployments.keys()][0]
    expect(run.outputs).toMatchObject({ 'deployment-id': id, 'deployment-status': 'success' })
    expect(JSON.parse(run.outputs['changed-pages'] ?? '[]')).toEqual(['webhooks.mdx', 'docs.json', 'api/overview.mdx'])
    expect(run.notices).toContain('Deployed to production.')
    expect(run.summary).toContain('### ✅ Deployment: success')
    expect(run.summary).toContain('Deployed 3 pages')
    expect(run.summary).toContain('<a href="https://screenshots.mintlify.com/acme/latest.png">screenshot</a>')
    expect(run.summary).toContain('**Changed pages** (3)')
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test("a failed deployment fails the step after every output is set; the summary shows the log's last lines", async () => {
    const sim = await startSimulator()
    sim.deployPlan = { runMs: 2000, final: 'failure' }
    const run = await runAgainst(sim, runtime, { mode: 'deploy' })
    expect(run.code).toBe(1)
    expect(run.outputs['deployment-status']).toBe('failure')
    expect(run.outputs['deployment-id']).toBeTruthy()
    expect(run.errors).toEqual([expect.stringContaining('failed: Build failed: 1 error in docs.json')])
    expect(run.summary).toContain('Error: docs.json: navigation references missing page &quot;webhooks&quot;')
    expect(run.summary).toContain('The last 3 lines of the build log')
  })

  test('a deployment still queued at wait-timeout: the step fails, says it goes on, with its id', async () => {
    const sim = await startSimulator()
    sim.deployPlan = { runMs: 0, final: 'success', stuck: true }
    const run = await runAgainst(sim, runtime, { mode: 'deploy', 'wait-timeout': '3s' })
    expect(run.code).toBe(1)
    expect(run.outputs['deployment-status']).toBe('queued')
    expect(run.errors[0]).toMatch(/was still queued at wait-timeout\. It goes on at the service/)
  })

  test('a lost answer to the trigger is never sent again: one POST, and the error says a deployment may have started', async () => {
    const sim = await startSimulator()
    sim.addFault({ route: 'deploy', afterProcessing: true, drop: true })
    const run = await runAgainst(sim, runtime, { mode: 'deploy' })
    expect(run.code).toBe(1)
    expect(sim.requestsTo('deploy')).toHaveLength(1)
    expect(sim.deployments.size).toBe(1)
    expect(run.errors[0]).toContain('A deployment may have started even so')
    expect(hasStackTrace(run)).toBe(false)
  })

  test('preview on a pull request: its head branch, the preview URL at once (wait: false returns right away)', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { mode: 'preview', wait: 'false' }, { event: prEvent })
    expect(run.code).toBe(0)
    expect(JSON.parse(sim.requestsTo('preview')[0]?.body ?? '{}')).toEqual({ branch: 'docs/webhooks' })
    expect(run.outputs['preview-url']).toBe('https://acme-docs-webhooks.mintlify.app')
    expect(sim.requestsTo('deploy-status')).toHaveLength(0)
    expect(run.summary).toContain('https://acme-docs-webhooks.mintlify.app')
  })

  test("a fork's pull request: its branch is the fork's, so nothing is previewed, one notice says why", async () => {
    const sim = await startSimulator()
    const fork = structuredClone(prEvent)
    fork.payload.pull_request.head.repo.full_name = 'someone/docs'
    // this repository has a branch of the fork's branch's name: never previewed for it
    const run = await runAgainst(sim, runtime, { mode: 'preview', wait: 'false' }, { event: fork })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('preview')).toHaveLength(0)
    expect(run.notices).toEqual([expect.stringContaining('Pull request #101 comes from a fork')])
    expect(run.summary).toContain('### ⏭️ Preview deployment: not started')
    expect(run.summary).toContain('> [!NOTE]')
    // given a branch the run knows holds the fork's head, that one
    const given = await runAgainst(
      sim,
      runtime,
      { mode: 'preview', wait: 'false', branch: 'forks/pr-101' },
      { event: fork },
    )
    expect(JSON.parse(sim.requestsTo('preview')[0]?.body ?? '{}')).toEqual({ branch: 'forks/pr-101' })
    expect(given.code).toBe(0)
  })

  test('preview on a plan without previews (403): a clear error that says so', async () => {
    const sim = await startSimulator()
    sim.previewsAllowed = false
    const run = await runAgainst(sim, runtime, { mode: 'preview', branch: 'docs/x' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain("Preview deployments are not part of this project's plan")
    expect(sim.requestsTo('preview')).toHaveLength(1)
  })

  test('preview with no branch on a non-pull-request event is an input error, with no request', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { mode: 'preview' })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining('Input "branch" is empty: expected the branch to preview')])
    expect(sim.requests).toHaveLength(0)
  })

  test('automation whose run is an agent job: waited on like agent mode, with pr-link', async () => {
    const sim = await startSimulator()
    sim.automations.set('wf_weekly', 'agent')
    const run = await runAgainst(sim, runtime, { mode: 'automation', 'automation-id': 'wf_weekly' })
    expect(run.code).toBe(0)
    expect(run.outputs['automation-run-id']).toBe('run_1')
    expect(run.outputs['pr-link']).toMatch(/\/pull\/\d+$/)
    expect(run.outputs.status).toBe('completed')
  })

  test('automation whose job is not an agent job: said to be queued, the step passes', async () => {
    const sim = await startSimulator()
    sim.automations.set('wf_other', 'other')
    const run = await runAgainst(sim, runtime, { mode: 'automation', 'automation-id': 'wf_other' })
    expect(run.code).toBe(0)
    expect(run.notices[0]).toContain('is not an agent job this action can follow')
    // what the service said (202 Accepted), never more: accepted and queued, with where to follow it
    expect(run.notices[0]).toContain('the service accepted run run_1 (202 Accepted: queued)')
    expect(run.notices[0]).toContain("Follow it on the dashboard's automations page (its run run_1)")
    expect(run.summary).toContain('### ▶️ Automation run accepted (queued)')
    expect(`${run.summary}\n${run.stdout}`).not.toMatch(/automation[^\n]* started/i)
    expect(run.outputs['pr-link']).toBeUndefined()
  })

  test.each([
    ['wf_missing', undefined, 'Check automation-id and project-id: the automation is not in this project.'],
    ['wf_inactive', 'inactive' as const, 'runs only an active automation with a custom schedule'],
  ])('automation %s: explained, and never sent twice', async (id, kind, says) => {
    const sim = await startSimulator()
    if (kind) sim.automations.set(id, kind)
    const run = await runAgainst(sim, runtime, { mode: 'automation', 'automation-id': id })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain(says)
    expect(sim.requestsTo('automation')).toHaveLength(1)
  })

  test('preview with comment: true on the pull request: the thread shows the preview link at once and the verdict at the end', async () => {
    const { sim, gh } = await startWorlds()
    const run = await runAgainst(sim, runtime, { mode: 'preview', comment: 'true' }, { event: prEvent, gh })
    expect(run.code).toBe(0)
    const tracking = gh.commentsOn(101).find((c) => c.user.type === 'Bot')
    expect(gh.commentsOn(101)).toHaveLength(1)
    expect(decodeState(tracking?.body ?? '')?.deployment).toMatchObject({
      preview: true,
      status: 'success',
      url: 'https://acme-docs-webhooks.mintlify.app',
    })
    expect(tracking?.body).toContain('✅ Preview success at <a href="https://acme-docs-webhooks.mintlify.app/">')
    expect(tracking?.body).toContain('<a href="https://screenshots.mintlify.com/acme/latest.png">screenshot</a>')
    expect(gh.requestsTo('create-comment')).toHaveLength(1)
    expect(gh.requestsTo('update-comment')).toHaveLength(1)
  })

  describe('as GitHub deployments (github-deployment: true)', () => {
    const PREVIEW_AS_DEPLOYMENT = { mode: 'preview', 'github-deployment': 'true' }
    /** A deploy with github-deployment on a push of `sha`, the service deploying as `plan` says. */
    async function deployOnPush(
      plan: NonNullable<Awaited<ReturnType<typeof startSimulator>>['deployPlan']>,
      sha: string,
      inputs: Record<string, string>,
    ) {
      const sim = await startSimulator()
      sim.deployPlan = plan
      const gh = await startGitHub()
      const run = await runAgainst(
        sim,
        runtime,
        { mode: 'deploy', 'github-deployment': 'true', ...inputs },
        { event: { name: 'push', payload: {} }, gh, env: { GITHUB_SHA: sha } },
      )
      return { run, gh }
    }

    test("a preview on a pull request: one deployment of its head, in progress, then success with the preview's URL", async () => {
      const { sim, gh } = await startWorlds()
      const run = await runAgainst(sim, runtime, PREVIEW_AS_DEPLOYMENT, { event: prEvent, gh })
      expect(run.code).toBe(0)
      expect(run.warnings).toEqual([])
      expect(gh.deployments).toHaveLength(1)
      expect(gh.deployments[0]).toMatchObject({
        ref: 'a'.repeat(40),
        environment: 'docs-preview',
        transient_environment: true,
        production_environment: false,
      })
      expect(gh.deployments[0]?.statuses).toEqual([
        expect.objectContaining({ state: 'in_progress', logUrl: 'https://github.com/acme/docs/actions/runs/4242' }),
        expect.objectContaining({ state: 'success', environmentUrl: 'https://acme-docs-webhooks.mintlify.app' }),
      ])
    })

    test('a failed production deployment: its commit, the environment given, in progress then failure', async () => {
      const { run, gh } = await deployOnPush({ runMs: 2000, final: 'failure' }, 'b'.repeat(40), {
        'deployment-environment': 'docs',
      })
      expect(run.code).toBe(1)
      expect(gh.deployments).toHaveLength(1)
      expect(gh.deployments[0]).toMatchObject({
        ref: 'b'.repeat(40),
        environment: 'docs',
        production_environment: true,
      })
      expect(gh.deployments[0]?.statuses.map((st) => st.state)).toEqual(['in_progress', 'failure'])
    })

    test('still queued at wait-timeout: error, never a success GitHub would show', async () => {
      const { run, gh } = await deployOnPush({ runMs: 0, final: 'success', stuck: true }, 'c'.repeat(40), {
        'wait-timeout': '3s',
      })
      expect(run.code).toBe(1)
      expect(gh.deployments[0]?.environment).toBe('docs-production')
      expect(gh.deployments[0]?.statuses.map((st) => st.state)).toEqual(['in_progress', 'error'])
    })

    test('a token without deployments: write: one warning, and the docs deployment goes on to its verdict', async () => {
      const { sim, gh } = await startWorlds()
      gh.addFault({
        route: 'create-deployment',
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: 'https://docs.github.com/rest',
          status: '403',
        },
      })
      const run = await runAgainst(sim, runtime, PREVIEW_AS_DEPLOYMENT, { event: prEvent, gh })
      expect(run.code).toBe(0)
      expect(run.outputs['deployment-status']).toBe('success')
      expect(run.warnings).toEqual([expect.stringContaining('needs "deployments: write" for github-token')])
      expect(gh.deployments).toHaveLength(0)
    })

    test('deployment-environment without github-deployment is said, not silently ignored', async () => {
      const sim = await startSimulator()
      const run = await runAgainst(sim, runtime, { mode: 'deploy', 'deployment-environment': 'docs' })
      expect(run.code).toBe(0)
      expect(run.warnings).toEqual([
        'Input "deployment-environment" is read only with github-deployment: true, so it was ignored.',
      ])
    })
  })
})
