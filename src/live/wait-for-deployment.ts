import type { ApiError } from '../service/errors.js'
import { pollUntilEnded } from '../service/poll.js'
import { type DeploymentStatus, deploymentEnded } from '../service/schemas.js'
import type { Clock } from '../util/clock.js'

/**
 * Follows a deployment or preview until `success` or `failure` (service/poll.ts), never past the
 * deadline; any other status is "still going", and an error no retry fixes ends it at once.
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
