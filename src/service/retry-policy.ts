/** When to try a request again and how long to wait first; pure (the random source is injected). */

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

/** Analytics: each attempt spends one of the hour's 100 requests, so fewer, and no long sleep on a limit. */
export const ANALYTICS_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 5 * 60_000,
}

/** Capped exponential backoff, "equal jitter" (half fixed, half random); `attempt` just failed, 1-based. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exp / 2 + (exp / 2) * random())
}

/** The longest wait a date can hold (a JavaScript Date reaches ±8.64e15 ms). */
const MAX_DATE_MS = 8.64e15

/**
 * A Retry-After header (seconds or an HTTP date) as milliseconds from `now`, never negative;
 * Infinity for a delay no clock can hold; undefined when absent or unreadable.
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

/** The code of a tunnel the proxy refused (see service/proxy.ts): nothing reached the server. */
export const PROXY_REFUSED = 'EPROXYREFUSED'

/** The TLS handshake failed (a certificate not trusted, or not TLS at all): no request was sent, and a retry meets the same certificate. */
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
])

/** What fetch refuses before connecting (a blocked port, an unknown scheme): said at once, never retried. */
const BLOCKED_BY_FETCH = new Set(['bad port', 'unknown scheme'])

/** Network failure codes that prove the request never reached the server. */
const NOT_SENT_CODES = new Set([
  PROXY_REFUSED,
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  ...TLS_CODES,
])

export function wasCertainlyNotSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT_CODES.has(code)
}

/** A failed connection, as the operator must act on it (`blocked`: fetch never connects there). */
export type ConnectionFailure = 'dns' | 'refused' | 'tls' | 'blocked' | 'proxy' | 'network'

export function connectionFailure(code: string | undefined, causeMessage: string | undefined): ConnectionFailure {
  if (causeMessage !== undefined && BLOCKED_BY_FETCH.has(causeMessage)) return 'blocked'
  if (code === PROXY_REFUSED) return 'proxy'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns'
  if (code === 'ECONNREFUSED') return 'refused'
  if (code !== undefined && TLS_CODES.has(code)) return 'tls'
  return 'network'
}

/** Whether a failed connection can only fail again: fetch's own refusal, or a certificate not trusted. */
export function isPermanentFailure(failure: ConnectionFailure): boolean {
  return failure === 'blocked' || failure === 'tls'
}
