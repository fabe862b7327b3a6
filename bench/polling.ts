import { waitForJob } from '../src/agent-jobs/wait-for-job.js'
import type { Job } from '../src/service/schemas.js'
import type { Clock } from '../src/util/clock.js'

/**
 * Polling cost, computed with the action's real waitForJob on a simulated clock (no waiting):
 * how many status requests a job of a given length costs, and how long after the job's end the
 * step notices it. "Worst" and "typical" are the largest and the mean delay over end times spread
 * evenly across ±10 % of the nominal length (jobs never take exactly as long as planned).
 */
export interface PollingResult {
  jobMs: number
  requests: number
  worstDelayMs: number
  typicalDelayMs: number
  fixedRequests: number
  fixedWorstMs: number
  fixedTypicalMs: number
}

class SimulatedClock implements Clock {
  constructor(public time = 0) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number): Promise<void> {
    this.time += ms
  }
  /** The simulated job answers at once: no request ever reaches its timeout. */
  timeout(): AbortSignal {
    return new AbortController().signal
  }
}

/** Runs waitForJob against a job that completes at `endMs`; returns [requests, delay]. */
async function simulate(endMs: number, pollIntervalMs: number): Promise<[number, number]> {
  const clock = new SimulatedClock()
  let requests = 0
  const getJob = async (): Promise<Job> => {
    requests++
    return { id: 'job', status: clock.now() >= endMs ? 'completed' : 'active', prLink: null }
  }
  await waitForJob({
    getJob,
    clock,
    signal: new AbortController().signal,
    deadline: 10 * 3_600_000,
    pollIntervalMs,
    onJob: () => {},
    log: () => {},
  })
  return [requests, clock.now() - endMs]
}

/** The naive loop users paste today: a check every `everyMs`. */
function fixed(endMs: number, everyMs: number): [number, number] {
  const checks = Math.max(1, Math.ceil(endMs / everyMs))
  return [checks, checks * everyMs - endMs]
}

export async function measurePolling(jobMs: number, pollIntervalMs = 10_000, fixedMs = 5000): Promise<PollingResult> {
  const [requests] = await simulate(jobMs, pollIntervalMs)
  const delays: number[] = []
  const fixedDelays: number[] = []
  const samples = 200
  for (let i = 0; i <= samples; i++) {
    const end = jobMs * (0.9 + (0.2 * i) / samples)
    delays.push((await simulate(end, pollIntervalMs))[1])
    fixedDelays.push(fixed(end, fixedMs)[1])
  }
  const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length
  return {
    jobMs,
    requests,
    worstDelayMs: Math.max(...delays),
    typicalDelayMs: mean(delays),
    fixedRequests: fixed(jobMs, fixedMs)[0],
    fixedWorstMs: Math.max(...fixedDelays),
    fixedTypicalMs: mean(fixedDelays),
  }
}
