/**
 * When to check a job's status. The first check comes soon, so a short job ends fast; the gaps
 * then grow by half each time up to poll-interval, so a long job costs few requests.
 *
 * With the default poll-interval of 10 s: 1.5 s, 2.25 s, 3.4 s, 5.1 s, 7.6 s, then every 10 s.
 */
const FIRST_POLL_DELAY_MS = 1500
const POLL_GROWTH = 1.5

/** The gap before status check number `n` (0-based). */
export function pollDelay(n: number, pollIntervalMs: number): number {
  return Math.round(Math.min(pollIntervalMs, FIRST_POLL_DELAY_MS * POLL_GROWTH ** n))
}

/**
 * How long after a follow-up message a `completed`/`archived`/`failed` status that the job had
 * before the message is still taken as the old state: three full poll intervals, at most 60 s
 * (30 s at the default poll-interval). See waitForJob.
 */
export function followUpGraceMs(pollIntervalMs: number): number {
  return Math.min(60_000, 3 * pollIntervalMs)
}
