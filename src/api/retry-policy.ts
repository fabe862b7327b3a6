/**
 * When to try a request again and how long to wait first. Pure functions of their inputs (the
 * random source is injected) so that the policy is tested exactly.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** First backoff delay; each further one doubles, up to `maxDelayMs`. */
  baseDelayMs: number
  maxDelayMs: number
  /** The longest Retry-After the client will sleep through; longer ones fail at once. */
  maxRetryAfterMs: number
}

export const GET_POLICY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: Number.POSITIVE_INFINITY, // bounded by the time left
}

/** Create and follow-up: only retried when the server certainly did not process them. */
export const POST_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: Number.POSITIVE_INFINITY,
}

/**
 * Analytics pages: every attempt spends one of the 100 analytics requests per organisation per hour,
 * so fewer attempts, and a runner never sleeps for long on a rate limit.
 */
export const ANALYTICS_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 5 * 60_000,
}

/**
 * Capped exponential backoff with "equal jitter": half the delay is fixed, half random, so that
 * retries spread out but never collapse to zero. `attempt` is the attempt that just failed (1-based).
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exp / 2 + (exp / 2) * random())
}

/** The longest wait a date can hold (a JavaScript Date reaches ±8.64e15 ms). */
const MAX_DATE_MS = 8.64e15

/**
 * Parses a Retry-After header: delay-seconds or an HTTP date. Returns milliseconds from `now`
 * (never negative), Infinity for a delay no clock can hold (`99999999999999999999`: "too long to
 * wait"), or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined
  const value = header.trim()
  if (value === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value)) {
    const ms = Math.round(Number(value) * 1000)
    return Number.isFinite(ms) && now + ms < MAX_DATE_MS ? ms : Number.POSITIVE_INFINITY
  }
  if (!/[a-z]/i.test(value)) return undefined
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

export type Method = 'GET' | 'POST'

/** Status codes after which a request is tried again. */
export function isRetryableStatus(method: Method, status: number): boolean {
  if (status === 429) return true // rate limited: the request was refused, not processed
  if (method === 'POST') return false // no idempotency key: anything else may have been processed
  return status === 408 || status >= 500
}

/** The code of a tunnel the proxy refused (see api/proxy.ts): nothing reached the server. */
export const PROXY_REFUSED = 'EPROXYREFUSED'

/** Network failure codes that prove the request never reached the server. */
const NOT_SENT_CODES = new Set([
  PROXY_REFUSED,
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

export function wasCertainlyNotSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT_CODES.has(code)
}
