import { pollDelay } from '../agent/poll-schedule.js'
import { ApiError } from '../api/errors.js'
import { type DeploymentStatus, deploymentEnded } from '../api/schemas.js'
import type { Clock } from '../util/clock.js'
import { formatDuration } from '../util/format.js'
import { external } from '../util/text.js'

/**
 * Follows a deployment or preview until `success` or `failure`, on the agent waiter's schedule
 * (frequent first, then every poll-interval) and never after the deadline. Any other status, known or
 * not (`queued`, `in_progress`, one added later), means "still going". A check whose retries ran out
 * does not end the wait (the deployment goes on at the service); an error retrying cannot fix (a
 * wrong key, an unknown id) ends it at once.
 */
export interface DeploymentWait {
  read: () => Promise<DeploymentStatus>
  clock: Clock
  signal: AbortSignal
  deadline: number
  pollIntervalMs: number
  onStatus: (status: DeploymentStatus) => void
  log: (message: string) => void
}

export type DeploymentResult =
  | { ended: true; status: DeploymentStatus; checks: number }
  | { ended: false; status: DeploymentStatus | undefined; checks: number; lastError?: ApiError }

export async function waitForDeployment(options: DeploymentWait): Promise<DeploymentResult> {
  const { clock, signal, deadline, pollIntervalMs, onStatus, log } = options
  const start = clock.now()
  let last: DeploymentStatus | undefined
  let lastError: ApiError | undefined
  let checks = 0
  for (let n = 0; ; n++) {
    const gap = Math.min(pollDelay(n, pollIntervalMs), deadline - clock.now())
    if (gap > 0) await clock.sleep(gap, signal)
    try {
      checks++
      const status = await options.read()
      lastError = undefined
      if (status.status !== last?.status)
        log(`Deployment: ${external(status.status, 60)} (after ${formatDuration(clock.now() - start)})`)
      last = status
      onStatus(status)
      if (deploymentEnded(status.status)) return { ended: true, status, checks }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      // the deadline came during the check's own retries or before it: the wait ran out
      if (error.kind === 'out-of-time')
        return {
          ended: false,
          status: last,
          checks,
          ...(error.cause instanceof ApiError ? { lastError: error.cause } : {}),
        }
      if (!error.retriesExhausted) throw error
      lastError = error
      log(`A status check failed (${external(error.message, 200)}); checking again on schedule.`)
    }
    if (clock.now() >= deadline) return { ended: false, status: last, checks, lastError }
  }
}
