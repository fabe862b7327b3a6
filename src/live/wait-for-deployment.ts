import type { ApiError } from '../service/errors.js'
import { pollUntilEnded } from '../service/poll.js'
import { type DeploymentStatus, deploymentEnded } from '../service/schemas.js'
import type { Clock } from '../util/clock.js'

/**
 * Follows a deployment or preview until `success` or `failure`, on the engine every wait at the
 * service uses (service/poll.ts: its schedule, its count of checks, a failed check waited out), never
 * after the deadline. Any other status, known or not (`queued`, `in_progress`, one added later),
 * means "still going"; an error retrying cannot fix (a wrong key, an unknown id) ends it at once.
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
  const result = await pollUntilEnded({
    read: options.read,
    clock: options.clock,
    signal: options.signal,
    deadline: options.deadline,
    pollIntervalMs: options.pollIntervalMs,
    statusOf: (status) => status.status,
    ended: (status) => deploymentEnded(status.status),
    onValue: options.onStatus,
    log: options.log,
  })
  return result.ended
    ? { ended: true, status: result.value, checks: result.checks }
    : {
        ended: false,
        status: result.value,
        checks: result.checks,
        ...(result.lastError ? { lastError: result.lastError } : {}),
      }
}
