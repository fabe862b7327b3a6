import { ApiError } from './errors.js'
import type { Clock } from '../util/clock.js'
import { formatDuration } from '../util/format.js'
import { external } from '../util/text.js'

/**
 * The one engine that follows something at the service until it ends: an agent job, a deployment,
 * a preview. The first check comes soon, so a short wait ends fast; the gaps grow by half up to the
 * poll interval (10 s: 1.5, 2.25, 3.4, 5.1, 7.6, then 10), so a long one costs few requests; the
 * last check comes at the deadline. A check whose retries ran out does not end the wait (the thing
 * goes on at the service): the timeout names the last error. An error no retry fixes (a wrong key,
 * an unknown id) ends it at once, unless `onFinalError` says to check again.
 */
const FIRST_POLL_DELAY_MS = 1500
const POLL_GROWTH = 1.5
/** A quiet wait still says it is alive this often. */
const HEARTBEAT_MS = 60_000

/** The gap before status check number `n` (0-based). */
export function pollDelay(n: number, pollIntervalMs: number): number {
  return Math.round(Math.min(pollIntervalMs, FIRST_POLL_DELAY_MS * POLL_GROWTH ** n))
}

export interface Poll<T> {
  /** One status check (the client retries it within itself). */
  read: () => Promise<T>
  clock: Clock
  signal: AbortSignal
  /** Epoch ms: the wait gives up at this time (after one last check). */
  deadline: number
  pollIntervalMs: number
  /** The status an answer shows, for the log. */
  statusOf: (value: T) => string
  /** Whether an answer ends the wait (it may log why). */
  ended: (value: T) => boolean
  /** The status already known before the first check (not logged again if unchanged). */
  knownStatus?: string
  /** Called with every answer, so outputs are current even if the wait then fails. */
  onValue: (value: T) => void
  /**
   * An error retrying cannot fix: 'again' checks again on schedule (a job just created that the
   * service does not show yet), anything else ends the wait with it (throw another error to say
   * more). Without it, the error ends the wait.
   */
  onFinalError?: (error: ApiError, seen: boolean) => 'again' | 'end'
  log: (message: string) => void
}

export type PollResult<T> =
  | { ended: true; value: T; checks: number }
  | { ended: false; value: T | undefined; checks: number; lastError?: ApiError }

/** Follows `read` until `ended` says so or the deadline passes. `checks` counts answered checks. */
export async function pollUntilEnded<T>(poll: Poll<T>): Promise<PollResult<T>> {
  const { clock, signal, deadline, pollIntervalMs, log } = poll
  let last: T | undefined
  let seen = false
  let lastStatus = poll.knownStatus
  let checks = 0
  let lastError: ApiError | undefined
  let failingSince: number | undefined
  const start = clock.now()
  let lastLogAt = start
  const timeout = (): PollResult<T> => ({ ended: false, value: last, checks, ...(lastError ? { lastError } : {}) })

  for (let n = 0; ; n++) {
    const gap = Math.min(pollDelay(n, pollIntervalMs), deadline - clock.now())
    if (gap > 0) await clock.sleep(gap, signal)

    let value: T
    try {
      value = await poll.read()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      // the time ran out during the check's own retries: a timeout, with the last real error if
      // there was one (never "the time ran out" as its own error)
      if (error.kind === 'out-of-time') {
        if (error.cause instanceof ApiError) lastError = error.cause
        return timeout()
      }
      if (!error.retriesExhausted) {
        if (poll.onFinalError?.(error, seen) === 'again') continue
        throw error
      }
      lastError = error
      failingSince ??= clock.now()
      const left = formatDuration(Math.max(0, deadline - clock.now()))
      log(
        `Status checks have failed for ${formatDuration(clock.now() - failingSince)}: ${error.message} Still waiting (${left} of the wait left).`,
      )
      lastLogAt = clock.now()
      if (clock.now() >= deadline) return timeout()
      continue
    }
    failingSince = undefined
    lastError = undefined
    checks++
    seen = true
    last = value
    poll.onValue(value)
    const status = poll.statusOf(value)
    const elapsed = formatDuration(clock.now() - start)
    if (status !== lastStatus) {
      log(`Status: ${external(status, 60)} (after ${elapsed})`)
      lastLogAt = clock.now()
    } else if (clock.now() - lastLogAt >= HEARTBEAT_MS) {
      log(`Still ${external(status, 60)} after ${elapsed} (${checks} status checks).`)
      lastLogAt = clock.now()
    }
    lastStatus = status
    if (poll.ended(value)) return { ended: true, value, checks }
    if (clock.now() >= deadline) return timeout()
  }
}
