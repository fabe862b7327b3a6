import { ApiError } from '../service/errors.js'
import { pollUntilEnded } from '../service/poll.js'
import { type Job, isTerminal } from '../service/schemas.js'
import type { Clock } from '../util/clock.js'
import { formatDuration } from '../util/format.js'
import { external } from '../util/text.js'

/**
 * How long a status check may answer 404 for a job this run has just created before that counts as
 * "no such job": the create answered with the job, so a 404 soon after is the service not showing
 * it yet (a read that lags the write), not a wrong id. A job-id the user gave gets no such grace.
 */
export const NEW_JOB_VISIBILITY_MS = 60_000

/**
 * How long after a follow-up message a `completed`/`archived`/`failed` status that the job had
 * before the message is still taken as the old state: three full poll intervals, at most 60 s
 * (30 s at the default poll-interval). See waitForJob.
 */
export function followUpGraceMs(pollIntervalMs: number): number {
  return Math.min(60_000, 3 * pollIntervalMs)
}

export interface FollowUp {
  /** When the message was accepted (epoch ms). */
  sentAt: number
  /** How long an unchanged terminal state is still taken as the state before the message. */
  graceMs: number
  /** The job as the message response showed it. */
  before: Job
}

export interface WaitOptions {
  getJob: () => Promise<Job>
  clock: Clock
  signal: AbortSignal
  /** Epoch ms: the wait gives up at this time (after one last check). */
  deadline: number
  pollIntervalMs: number
  /** Set after a follow-up message: see the race rule below. */
  followUp?: FollowUp
  /** Epoch ms: for a job this run created, a 404 before this time means "not visible yet". */
  notFoundGraceUntil?: number
  /** Called with every job seen, so outputs are current even if the wait then fails. */
  onJob: (job: Job) => void
  log: (message: string) => void
}

export type WaitResult =
  | { ended: true; job: Job; checks: number }
  | { ended: false; job: Job | undefined; checks: number; lastError?: ApiError }

/**
 * Polls the job until its status is terminal (completed, archived, failed; any other is "running")
 * or the deadline passes. A job this run created may answer 404 until `notFoundGraceUntil`. After a
 * follow-up, an old terminal state counts only once the job ran since, changed, or the grace passed.
 */
export async function waitForJob(options: WaitOptions): Promise<WaitResult> {
  const { clock, deadline, followUp, log } = options
  let seenRunning = followUp !== undefined && !isTerminal(followUp.before.status)
  let toldNotVisible = false
  const start = clock.now()

  const ended = (job: Job): boolean => {
    if (!isTerminal(job.status)) {
      seenRunning = true
      return false
    }
    if (followUp === undefined || seenRunning) return true
    if (job.status !== followUp.before.status || (job.prLink ?? null) !== (followUp.before.prLink ?? null)) return true
    if (clock.now() - followUp.sentAt >= followUp.graceMs) {
      log(
        `The job still shows its earlier "${external(job.status, 60)}" state ` +
          `${Math.round(followUp.graceMs / 1000)} s after the follow-up; taking it as the result.`,
      )
      return true
    }
    return false
  }

  const onFinalError = (error: ApiError, seen: boolean): 'again' | 'end' => {
    if (error.status !== 404 || seen || options.notFoundGraceUntil === undefined) return 'end'
    if (clock.now() < options.notFoundGraceUntil && clock.now() < deadline) {
      if (!toldNotVisible) log('The new job is not visible to status checks yet (HTTP 404); checking again.')
      toldNotVisible = true
      return 'again'
    }
    throw new ApiError(
      `${error.message} The job was created by this run ` +
        `${formatDuration(clock.now() - start)} ago, but the service still does not show it.`,
      { kind: error.kind, status: error.status, cause: error },
    )
  }

  const result = await pollUntilEnded({
    read: options.getJob,
    clock,
    signal: options.signal,
    deadline,
    pollIntervalMs: options.pollIntervalMs,
    statusOf: (job) => job.status,
    ended,
    ...(followUp ? { knownStatus: followUp.before.status } : {}),
    onValue: options.onJob,
    onFinalError,
    log,
  })
  return result.ended
    ? { ended: true, job: result.value, checks: result.checks }
    : {
        ended: false,
        job: result.value,
        checks: result.checks,
        ...(result.lastError ? { lastError: result.lastError } : {}),
      }
}
