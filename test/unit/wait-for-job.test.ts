import { describe, expect, test } from 'vitest'
import { ApiError } from '../../src/service/errors.js'
import type { Job } from '../../src/service/schemas.js'
import { NEW_JOB_VISIBILITY_MS, waitForJob } from '../../src/agent-jobs/wait-for-job.js'
import { FakeClock } from './fake-clock.js'
import { defined } from '../e2e/typed.js'

const J = (status: string, prLink: string | null = null): Job => ({ id: 'job_1', status, prLink })

function setup(sequence: Job[], repeatLast = true) {
  const clock = new FakeClock()
  const seen: Job[] = []
  let i = 0
  const getJob = async (): Promise<Job> => {
    const job = defined(sequence[Math.min(i, sequence.length - 1)], 'a scripted job')
    if (!repeatLast && i >= sequence.length) throw new Error('no more')
    i++
    return job
  }
  return { clock, seen, getJob, calls: () => i }
}

/** getJob answering from a script: a Job is returned, an Error thrown (the last entry repeats). */
function scripted(script: Array<Job | Error>) {
  let i = 0
  return {
    getJob: async (): Promise<Job> => {
      const next = defined(script[Math.min(i++, script.length - 1)], 'a scripted answer')
      if (next instanceof Error) throw next
      return next
    },
    calls: () => i,
  }
}

/** waitForJob with what most cases share (a 10 s interval, no listener, a signal never aborted); `given` sets the rest. */
function waitWith(
  getJob: () => Promise<Job>,
  clock: FakeClock,
  given: Omit<Partial<Parameters<typeof waitForJob>[0]>, 'getJob' | 'clock'> & { deadline: number },
) {
  return waitForJob({
    getJob,
    clock,
    signal: new AbortController().signal,
    pollIntervalMs: 10_000,
    onJob: () => {},
    log: () => {},
    ...given,
  })
}

describe('waitForJob', () => {
  test('polls on the schedule until a terminal status; unknown statuses keep it waiting', async () => {
    const { clock, seen, getJob } = setup([J('active'), J('thinking_harder'), J('completed', 'https://x/pull/3')])
    const start = clock.now()
    const result = await waitWith(getJob, clock, {
      deadline: start + 600_000,
      onJob: (j) => seen.push(j),
    })
    expect(result).toMatchObject({ ended: true, checks: 3, job: { status: 'completed' } })
    expect(clock.sleeps).toEqual([1500, 2250, 3375])
    expect(seen.map((j) => j.status)).toEqual(['active', 'thinking_harder', 'completed'])
  })

  test('a long quiet wait logs a heartbeat about once a minute', async () => {
    const { clock, getJob } = setup([J('active')])
    const logs: string[] = []
    await waitWith(getJob, clock, {
      deadline: clock.now() + 5 * 60_000,
      log: (m) => logs.push(m),
    })
    expect(logs[0]).toBe('Status: active (after 1.5s)')
    expect(logs.filter((l) => l.startsWith('Still active after'))).toHaveLength(4)
  })

  test('gives up at the deadline after a last check there', async () => {
    const { clock, getJob, calls } = setup([J('active')])
    const start = clock.now()
    const result = await waitWith(getJob, clock, {
      deadline: start + 20_000,
    })
    expect(result.ended).toBe(false)
    expect(clock.now()).toBe(start + 20_000)
    expect(calls()).toBe(result.checks)
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(20_000)
  })

  test('an out-of-time error with no error before it ends the wait as a plain timeout: no "last error"', async () => {
    const clock = new FakeClock()
    const error = new ApiError('Could not check: wait-timeout ran out.', { kind: 'out-of-time' })
    const result = await waitWith(() => Promise.reject(error), clock, {
      deadline: clock.now() + 5000,
      pollIntervalMs: 1000,
    })
    expect(result.ended).toBe(false)
    expect(result).not.toHaveProperty('lastError', error)
    expect(result.ended === false && result.lastError).toBeUndefined()
  })

  test('an out-of-time error after a real error ends the wait as a timeout, with the real error', async () => {
    const clock = new FakeClock()
    const cause = new ApiError('Could not check: HTTP 503 Service Unavailable.', { kind: 'http', status: 503 })
    const error = new ApiError('Could not check: wait-timeout ran out.', { kind: 'out-of-time', cause })
    const result = await waitWith(() => Promise.reject(error), clock, {
      deadline: clock.now() + 5000,
      pollIntervalMs: 1000,
    })
    expect(result).toMatchObject({ ended: false, lastError: cause })
  })

  describe('a job this run created that status checks do not show yet (404)', () => {
    const notFound = new ApiError('Could not check the status of job job_1: HTTP 404 Not Found: Agent job not found.', {
      kind: 'http',
      status: 404,
    })

    test('is checked again within the window, and the wait ends normally once it shows', async () => {
      const clock = new FakeClock()
      const logs: string[] = []
      const result = await waitWith(
        scripted([notFound, notFound, J('active'), J('completed', 'https://x/pull/3')]).getJob,
        clock,
        {
          deadline: clock.now() + 600_000,
          notFoundGraceUntil: clock.now() + NEW_JOB_VISIBILITY_MS,
          log: (m) => logs.push(m),
        },
      )
      expect(result).toMatchObject({ ended: true, checks: 2, job: { status: 'completed' } })
      expect(logs.filter((l) => l.includes('not visible to status checks yet'))).toHaveLength(1)
    })

    test('still 404 when the window has passed: fails, saying the job was created but is not shown', async () => {
      const clock = new FakeClock()
      const start = clock.now()
      const wait = waitWith(scripted([notFound]).getJob, clock, {
        deadline: start + 600_000,
        notFoundGraceUntil: start + NEW_JOB_VISIBILITY_MS,
      })
      await expect(wait).rejects.toThrow(
        /HTTP 404 Not Found.*created by this run 1m( \d+s)? ago, but the service still does not show it/,
      )
      expect(clock.now()).toBeGreaterThanOrEqual(start + NEW_JOB_VISIBILITY_MS)
      expect(clock.now()).toBeLessThan(start + NEW_JOB_VISIBILITY_MS + 10_000)
    })

    test('without the window (a job-id the user gave), a 404 fails at the first check', async () => {
      const clock = new FakeClock()
      let calls = 0
      const wait = waitWith(() => (calls++, Promise.reject(notFound)), clock, {
        deadline: clock.now() + 600_000,
      })
      await expect(wait).rejects.toBe(notFound)
      expect(calls).toBe(1)
    })

    test('once the job has been seen, a 404 fails at once even within the window', async () => {
      const clock = new FakeClock()
      const wait = waitWith(scripted([J('active'), notFound]).getJob, clock, {
        deadline: clock.now() + 600_000,
        notFoundGraceUntil: clock.now() + NEW_JOB_VISIBILITY_MS,
      })
      await expect(wait).rejects.toBe(notFound)
    })
  })

  describe('when status checks fail', () => {
    const exhausted = new ApiError(
      'Could not check the status of job job_1: HTTP 503 Service Unavailable. (gave up after 8 attempts)',
      {
        kind: 'http',
        status: 503,
        retriesExhausted: true,
      },
    )

    test("an outage that outlasts one check's retries is waited out: the job's end is still seen", async () => {
      const clock = new FakeClock()
      const { getJob, calls } = scripted([J('active'), exhausted, exhausted, J('completed', 'https://x/pull/9')])
      const logs: string[] = []
      const result = await waitWith(getJob, clock, {
        deadline: clock.now() + 600_000,
        log: (m) => logs.push(m),
      })
      expect(result).toMatchObject({ ended: true, checks: 2, job: { prLink: 'https://x/pull/9' } })
      expect(calls()).toBe(4)
      expect(logs.filter((l) => l.startsWith('Status checks have failed'))).toHaveLength(2)
      expect(logs.find((l) => l.startsWith('Status checks have failed'))).toContain('HTTP 503')
    })

    test('an outage that lasts to the deadline ends the wait as a timeout that names the last error', async () => {
      const clock = new FakeClock()
      const { getJob } = scripted([J('active'), exhausted])
      const start = clock.now()
      const result = await waitWith(getJob, clock, {
        deadline: start + 60_000,
      })
      expect(result).toMatchObject({ ended: false, checks: 1, job: { status: 'active' }, lastError: exhausted })
      expect(clock.now()).toBe(start + 60_000)
    })

    test.each([
      ['a refused key', new ApiError('refused', { kind: 'auth', status: 401 })],
      ['an unknown job', new ApiError('not found', { kind: 'http', status: 404 })],
      ['a rate limit longer than the time left', new ApiError('later', { kind: 'rate-limited', status: 429 })],
      ['something that is not an API error', new TypeError('bug')],
    ])('%s ends the wait at once', async (_, error) => {
      const clock = new FakeClock()
      const { getJob, calls } = scripted([J('active'), error])
      await expect(
        waitWith(getJob, clock, {
          deadline: clock.now() + 600_000,
        }),
      ).rejects.toBe(error)
      expect(calls()).toBe(2)
    })
  })

  describe('after a follow-up', () => {
    const old = J('completed', 'https://x/pull/1')

    test('the old terminal state is not the result; the state after the job ran again is', async () => {
      const { clock, getJob } = setup([old, old, J('active'), J('completed', 'https://x/pull/2')])
      const now = clock.now()
      const result = await waitWith(getJob, clock, {
        deadline: now + 600_000,
        followUp: { sentAt: now, graceMs: 30_000, before: old },
      })
      expect(result).toMatchObject({ ended: true, job: { prLink: 'https://x/pull/2' }, checks: 4 })
    })

    test('a visible change (another status or prLink) counts without seeing it run', async () => {
      const { clock, getJob } = setup([old, J('completed', 'https://x/pull/2')])
      const now = clock.now()
      const result = await waitWith(getJob, clock, {
        deadline: now + 600_000,
        followUp: { sentAt: now, graceMs: 30_000, before: old },
      })
      expect(result).toMatchObject({ ended: true, checks: 2, job: { prLink: 'https://x/pull/2' } })
    })

    test('an unchanged state is taken once the grace period has passed', async () => {
      const { clock, getJob } = setup([old])
      const now = clock.now()
      const logs: string[] = []
      const result = await waitWith(getJob, clock, {
        deadline: now + 600_000,
        followUp: { sentAt: now, graceMs: 30_000, before: old },
        log: (m) => logs.push(m),
      })
      expect(result).toMatchObject({ ended: true, job: old })
      expect(clock.now() - now).toBeGreaterThanOrEqual(30_000)
      expect(clock.now() - now).toBeLessThan(40_000)
      expect(logs.some((l) => l.includes('still shows its earlier "completed" state'))).toBe(true)
    })

    test('a message response that already shows the job running needs no grace', async () => {
      const { clock, getJob } = setup([J('completed', 'https://x/pull/1')])
      const now = clock.now()
      const result = await waitWith(getJob, clock, {
        deadline: now + 600_000,
        followUp: { sentAt: now, graceMs: 30_000, before: J('active') },
      })
      expect(result).toMatchObject({ ended: true, checks: 1 })
    })
  })

  test('cancellation stops the wait', async () => {
    const { clock, getJob } = setup([J('active')])
    const controller = new AbortController()
    controller.abort()
    await expect(
      waitWith(getJob, clock, {
        signal: controller.signal,
        deadline: clock.now() + 60_000,
        pollIntervalMs: 1000,
      }),
    ).rejects.toThrow('cancelled')
  })
})
