import { ApiError } from '../api/errors.js'
import { type Job, isTerminal } from '../api/schemas.js'
import type { Clock } from '../util/clock.js'
import { formatDuration } from '../util/format.js'
import { external } from '../util/text.js'
import { pollDelay } from './poll-schedule.js'

/** A quiet wait still says it is alive this often. */
const HEARTBEAT_MS = 60_000

/**
 * How long a status check may answer 404 for a job this run has just created before that counts as
 * "no such job": the create answered with the job, so a 404 soon after is the service not showing
 * it yet (a read that lags the write), not a wrong id. A job-id the user gave gets no such grace.
 */
export const NEW_JOB_VISIBILITY_MS = 60_000

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
 * Polls the job until its status is terminal (completed, archived, failed) or the deadline passes.
 * Any other status, known or not, means "still running".
 *
 * A status check whose retries ran out (the API down or overloaded for a minute or more) does not
 * end the wait: the job goes on at the service, so the waiter keeps checking on its schedule until
 * the deadline, and a timeout then names the last error. Errors that retrying cannot fix (a wrong
 * key, an unknown job, a rate limit longer than the time left) end it at once.
 *
 * A job this run created may answer 404 until `notFoundGraceUntil` (see NEW_JOB_VISIBILITY_MS), as
 * long as it has not been seen yet; after that, or once seen, a 404 ends the wait at once.
 *
 * The follow-up race: the API does not say how soon a follow-up reopens a finished job, so the
 * message response and the next polls may still show the old terminal state and the old prLink.
 * After a follow-up, a terminal status counts only once the job has been seen not terminal since
 * the message, or has visibly changed (another status or prLink than the message response showed),
 * or the grace period has passed without either.
 */
export async function waitForJob(options: WaitOptions): Promise<WaitResult> {
  const { clock, signal, deadline, pollIntervalMs, followUp, onJob, log } = options
  let seenRunning = followUp !== undefined && !isTerminal(followUp.before.status)
  let last: Job | undefined
  let lastStatus = followUp?.before.status
  let checks = 0
  let lastError: ApiError | undefined
  let failingSince: number | undefined
  let toldNotVisible = false
  const start = clock.now()
  let lastLogAt = start

  for (let n = 0; ; n++) {
    const gap = Math.min(pollDelay(n, pollIntervalMs), deadline - clock.now())
    if (gap > 0) await clock.sleep(gap, signal)

    let job: Job
    try {
      job = await options.getJob()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (error.status === 404 && last === undefined && options.notFoundGraceUntil !== undefined) {
        if (clock.now() < options.notFoundGraceUntil && clock.now() < deadline) {
          if (!toldNotVisible) log('The new job is not visible to status checks yet (HTTP 404); checking again.')
          toldNotVisible = true
          continue
        }
        throw new ApiError(
          `${error.message} The job was created by this run ${formatDuration(clock.now() - start)} ago, but the service still does not show it.`,
          {
            kind: error.kind,
            status: error.status,
            cause: error,
          },
        )
      }
      // the time ran out: a timeout, with the last real error if there was one (never "wait-timeout ran out" as its own error)
      if (error.kind === 'out-of-time')
        return { ended: false, job: last, checks, lastError: error.cause instanceof ApiError ? error.cause : lastError }
      if (!error.retriesExhausted) throw error
      lastError = error
      failingSince ??= clock.now()
      const left = formatDuration(Math.max(0, deadline - clock.now()))
      log(
        `Status checks have failed for ${formatDuration(clock.now() - failingSince)}: ${error.message} Still waiting (${left} of wait-timeout left).`,
      )
      lastLogAt = clock.now()
      if (clock.now() >= deadline) return { ended: false, job: last, checks, lastError }
      continue
    }
    failingSince = undefined
    checks++
    last = job
    onJob(job)
    const elapsed = formatDuration(clock.now() - start)
    if (job.status !== lastStatus) {
      log(`Status: ${external(job.status, 60)} (after ${elapsed})`)
      lastLogAt = clock.now()
    } else if (clock.now() - lastLogAt >= HEARTBEAT_MS) {
      log(`Still ${external(job.status, 60)} after ${elapsed} (${checks} status checks).`)
      lastLogAt = clock.now()
    }
    lastStatus = job.status

    if (!isTerminal(job.status)) {
      seenRunning = true
    } else if (followUp === undefined || seenRunning) {
      return { ended: true, job, checks }
    } else if (job.status !== followUp.before.status || (job.prLink ?? null) !== (followUp.before.prLink ?? null)) {
      return { ended: true, job, checks }
    } else if (clock.now() - followUp.sentAt >= followUp.graceMs) {
      log(
        `The job still shows its earlier "${external(job.status, 60)}" state ${Math.round(followUp.graceMs / 1000)} s after the follow-up; taking it as the result.`,
      )
      return { ended: true, job, checks }
    }

    if (clock.now() >= deadline) return { ended: false, job: last, checks }
  }
}
