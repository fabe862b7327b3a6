import { describe, expect, test } from 'vitest'
import { followUpGraceMs, waitForJob } from '../../src/agent/wait-for-job.js'
import { ApiError } from '../../src/api/errors.js'
import { pollDelay } from '../../src/api/poll.js'
import type { DeploymentStatus, Job } from '../../src/api/schemas.js'
import { waitForDeployment } from '../../src/deploy/wait-for-deployment.js'
import { FakeClock } from './fake-clock.js'

describe('pollDelay', () => {
  test('starts at 1.5 s and grows by half toward poll-interval', () => {
    expect(Array.from({ length: 8 }, (_, n) => pollDelay(n, 10_000))).toEqual([
      1500, 2250, 3375, 5063, 7594, 10_000, 10_000, 10_000,
    ])
  })
  test('never exceeds a short poll-interval', () => {
    expect(Array.from({ length: 3 }, (_, n) => pollDelay(n, 200))).toEqual([200, 200, 200])
  })
  test('a 30-minute job at the default interval costs under 190 checks', () => {
    let t = 0
    let checks = 0
    for (let n = 0; t < 30 * 60_000; n++) {
      t += pollDelay(n, 10_000)
      checks++
    }
    expect(checks).toBeLessThan(190)
  })
})

describe('followUpGraceMs', () => {
  test.each([
    [10_000, 30_000],
    [200, 600],
    [60_000, 60_000],
  ])('poll-interval %i → grace %i', (poll, grace) => {
    expect(followUpGraceMs(poll)).toBe(grace)
  })
})

/**
 * One engine for every wait at the service: an agent job and a deployment, given the same answers,
 * are checked at the same moments, count the same checks, and wait out the same failed checks.
 */
describe('the agent job and the deployment wait alike', () => {
  const exhausted = new ApiError('Could not check: HTTP 503 (gave up after 8 attempts)', {
    kind: 'http',
    status: 503,
    retriesExhausted: true,
  })
  // going, failed twice (retries ran out), going, ended
  const script: Array<'going' | 'failed' | 'ended'> = ['going', 'failed', 'failed', 'going', 'ended']
  const job = (step: string): Job => ({ id: 'job_1', status: step === 'ended' ? 'completed' : 'active', prLink: null })
  const deployment = (step: string): DeploymentStatus => ({ status: step === 'ended' ? 'success' : 'in_progress' })

  async function follow(kind: 'job' | 'deployment', deadlineMs = 600_000) {
    const clock = new FakeClock()
    const start = clock.now()
    const at: number[] = []
    const logs: string[] = []
    let i = 0
    const next = (): string => {
      at.push(clock.now() - start)
      const step = script[Math.min(i++, script.length - 1)] ?? 'ended'
      if (step === 'failed') throw exhausted
      return step
    }
    const common = {
      clock,
      signal: new AbortController().signal,
      deadline: start + deadlineMs,
      pollIntervalMs: 10_000,
      log: (m: string) => logs.push(m),
    }
    const result =
      kind === 'job'
        ? await waitForJob({ ...common, getJob: async () => job(next()), onJob: () => {} })
        : await waitForDeployment({ ...common, read: async () => deployment(next()), onStatus: () => {} })
    return {
      ended: result.ended,
      checks: result.checks,
      lastError: result.ended ? undefined : result.lastError,
      at,
      failed: logs.filter((l) => l.startsWith('Status checks have failed')),
    }
  }

  test('the same moments, the same count of answered checks, the same failed checks waited out', async () => {
    const jobRun = await follow('job')
    const deploymentRun = await follow('deployment')
    expect(jobRun).toEqual({ ...deploymentRun, failed: jobRun.failed })
    expect(jobRun.at).toEqual([1500, 3750, 7125, 12188, 19782])
    expect(jobRun.checks).toBe(3)
    expect(jobRun.failed).toHaveLength(2)
    expect(deploymentRun.failed).toHaveLength(2)
  })

  test('an outage to the deadline ends both as a timeout naming the last error', async () => {
    for (const kind of ['job', 'deployment'] as const) {
      const run = await follow(kind, 5000)
      expect(run.ended).toBe(false)
      expect(run.lastError).toBe(exhausted)
      expect(run.at.at(-1)).toBe(5000)
    }
  })
})
