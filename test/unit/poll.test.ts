import { describe, expect, test } from 'vitest'
import { followUpGraceMs, waitForJob } from '../../src/agent-jobs/wait-for-job.js'
import { ApiError } from '../../src/service/errors.js'
import { pollDelay, pollUntilEnded } from '../../src/service/poll.js'
import type { DeploymentStatus, Job } from '../../src/service/schemas.js'
import { waitForDeployment } from '../../src/live/wait-for-deployment.js'
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

describe('the engine itself', () => {
  const exhausted = (n: number) =>
    new ApiError(`check ${n} failed (gave up after 8 attempts)`, { kind: 'http', status: 503, retriesExhausted: true })

  function engine(read: () => Promise<string>, options: { deadlineMs?: number; pollIntervalMs?: number } = {}) {
    const clock = new FakeClock()
    const logs: string[] = []
    const result = pollUntilEnded({
      read,
      clock,
      signal: new AbortController().signal,
      deadline: clock.now() + (options.deadlineMs ?? 600_000),
      pollIntervalMs: options.pollIntervalMs ?? 10_000,
      statusOf: (v) => v,
      ended: (v) => v === 'done',
      onValue: () => {},
      log: (m) => logs.push(m),
    })
    return { result, logs }
  }

  test('a failing outage is logged with how long it has lasted and how much of the wait is left', async () => {
    let n = 0
    const { result, logs } = engine(async () => {
      n++
      if (n <= 3) throw exhausted(n)
      return 'done'
    })
    await expect(result).resolves.toMatchObject({ ended: true, checks: 1 })
    // the checks come at 1.5 s, 3.75 s and 7.125 s: the outage began at the first
    expect(logs.slice(0, 3)).toEqual([
      'Status checks have failed for 0ms: check 1 failed (gave up after 8 attempts) Still waiting (9m 59s of the wait left).',
      'Status checks have failed for 2.3s: check 2 failed (gave up after 8 attempts) Still waiting (9m 56s of the wait left).',
      'Status checks have failed for 5.6s: check 3 failed (gave up after 8 attempts) Still waiting (9m 53s of the wait left).',
    ])
  })

  test("the time running out during a check's retries keeps the last real error when it names none", async () => {
    let n = 0
    const { result } = engine(async () => {
      n++
      if (n === 1) throw exhausted(1)
      throw new ApiError('out of time', { kind: 'out-of-time' })
    })
    const ended = await result
    expect(ended.ended).toBe(false)
    expect(!ended.ended && ended.lastError?.message).toContain('check 1 failed')
  })

  test('an error retrying cannot fix ends the wait with that error, with or without a rule for it', async () => {
    const refused = new ApiError('refused', { kind: 'auth', status: 401 })
    const { result } = engine(async () => {
      throw refused
    })
    await expect(result).rejects.toBe(refused)
  })

  test('a quiet wait says it is alive a minute after it last spoke, to the check', async () => {
    const { result, logs } = engine(async () => 'going', { deadlineMs: 70_000, pollIntervalMs: 1500 })
    await result
    // checks every 1.5 s from 1.5 s: the status was said at 1.5 s, so the first sign of life is at 61.5 s
    expect(logs.filter((l) => l.startsWith('Still'))[0]).toBe('Still going after 1m 2s (41 status checks).')
  })
})
