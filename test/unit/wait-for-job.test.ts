import { describe, expect, test } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import type { Job } from '../../src/api/schemas.js'
import { waitForJob } from '../../src/agent/wait-for-job.js'
import { FakeClock } from './fake-clock.js'

const J = (status: string, prLink: string | null = null): Job => ({ id: 'job_1', status, prLink })

function setup(sequence: Job[], repeatLast = true) {
  const clock = new FakeClock()
  const seen: Job[] = []
  let i = 0
  const getJob = async (): Promise<Job> => {
    const job = sequence[Math.min(i, sequence.length - 1)] as Job
    if (!repeatLast && i >= sequence.length) throw new Error('no more')
    i++
    return job
  }
  return { clock, seen, getJob, calls: () => i }
}

describe('waitForJob', () => {
  test('polls on the schedule until a terminal status; unknown statuses keep it waiting', async () => {
    const { clock, seen, getJob } = setup([J('active'), J('thinking_harder'), J('completed', 'https://x/pull/3')])
    const start = clock.now()
    const result = await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: start + 600_000, pollIntervalMs: 10_000, onJob: (j) => seen.push(j), log: () => {} })
    expect(result).toMatchObject({ ended: true, checks: 3, job: { status: 'completed' } })
    expect(clock.sleeps).toEqual([1500, 2250, 3375])
    expect(seen.map((j) => j.status)).toEqual(['active', 'thinking_harder', 'completed'])
  })

  test('a long quiet wait logs a heartbeat about once a minute', async () => {
    const { clock, getJob } = setup([J('active')])
    const logs: string[] = []
    await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: clock.now() + 5 * 60_000, pollIntervalMs: 10_000, onJob: () => {}, log: (m) => logs.push(m) })
    expect(logs[0]).toBe('Status: active (after 1.5s)')
    expect(logs.filter((l) => l.startsWith('Still active after'))).toHaveLength(4)
  })

  test('gives up at the deadline after a last check there', async () => {
    const { clock, getJob, calls } = setup([J('active')])
    const start = clock.now()
    const result = await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: start + 20_000, pollIntervalMs: 10_000, onJob: () => {}, log: () => {} })
    expect(result.ended).toBe(false)
    expect(clock.now()).toBe(start + 20_000)
    expect(calls()).toBe(result.checks)
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(20_000)
  })

  test('an out-of-time error from a status check ends the wait as a timeout, with that error', async () => {
    const clock = new FakeClock()
    const error = new ApiError('Could not check: wait-timeout ran out.', { kind: 'out-of-time' })
    const result = await waitForJob({
      getJob: () => Promise.reject(error),
      clock,
      signal: new AbortController().signal,
      deadline: clock.now() + 5000,
      pollIntervalMs: 1000,
      onJob: () => {},
      log: () => {},
    })
    expect(result).toMatchObject({ ended: false, lastError: error })
  })

  describe('after a follow-up', () => {
    const old = J('completed', 'https://x/pull/1')

    test('the old terminal state is not the result; the state after the job ran again is', async () => {
      const { clock, getJob } = setup([old, old, J('active'), J('completed', 'https://x/pull/2')])
      const now = clock.now()
      const result = await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: now + 600_000, pollIntervalMs: 10_000, followUp: { sentAt: now, graceMs: 30_000, before: old }, onJob: () => {}, log: () => {} })
      expect(result).toMatchObject({ ended: true, job: { prLink: 'https://x/pull/2' }, checks: 4 })
    })

    test('a visible change (another status or prLink) counts without seeing it run', async () => {
      const { clock, getJob } = setup([old, J('completed', 'https://x/pull/2')])
      const now = clock.now()
      const result = await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: now + 600_000, pollIntervalMs: 10_000, followUp: { sentAt: now, graceMs: 30_000, before: old }, onJob: () => {}, log: () => {} })
      expect(result).toMatchObject({ ended: true, checks: 2, job: { prLink: 'https://x/pull/2' } })
    })

    test('an unchanged state is taken once the grace period has passed', async () => {
      const { clock, getJob } = setup([old])
      const now = clock.now()
      const logs: string[] = []
      const result = await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: now + 600_000, pollIntervalMs: 10_000, followUp: { sentAt: now, graceMs: 30_000, before: old }, onJob: () => {}, log: (m) => logs.push(m) })
      expect(result).toMatchObject({ ended: true, job: old })
      expect(clock.now() - now).toBeGreaterThanOrEqual(30_000)
      expect(clock.now() - now).toBeLessThan(40_000)
      expect(logs.some((l) => l.includes('still shows its earlier "completed" state'))).toBe(true)
    })

    test('a message response that already shows the job running needs no grace', async () => {
      const { clock, getJob } = setup([J('completed', 'https://x/pull/1')])
      const now = clock.now()
      const result = await waitForJob({ getJob, clock, signal: new AbortController().signal, deadline: now + 600_000, pollIntervalMs: 10_000, followUp: { sentAt: now, graceMs: 30_000, before: J('active') }, onJob: () => {}, log: () => {} })
      expect(result).toMatchObject({ ended: true, checks: 1 })
    })
  })

  test('cancellation stops the wait', async () => {
    const { clock, getJob } = setup([J('active')])
    const controller = new AbortController()
    controller.abort()
    await expect(waitForJob({ getJob, clock, signal: controller.signal, deadline: clock.now() + 60_000, pollIntervalMs: 1000, onJob: () => {}, log: () => {} })).rejects.toThrow('cancelled')
  })
})
