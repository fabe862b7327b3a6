import { describe, expect, test } from 'vitest'
import {
  GET_POLICY,
  backoffDelay,
  connectionFailure,
  isPermanentFailure,
  isRetryableStatus,
  parseRetryAfter,
  wasCertainlyNotSent,
} from '../../src/service/retry-policy.js'

describe('backoffDelay', () => {
  test('doubles per attempt, capped, with half of it jittered', () => {
    const low = [1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(GET_POLICY, a, () => 0))
    const high = [1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(GET_POLICY, a, () => 1))
    expect(low).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000])
    expect(high).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
  })
})

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0)
  test.each([
    ['120', 120_000],
    ['0', 0],
    ['1.5', 1500],
    ['Sat, 21 Nov 2026 12:00:30 GMT', 30_000],
    ['Sat, 21 Nov 2026 11:59:00 GMT', 0],
    ['99999999999999999999', Number.POSITIVE_INFINITY],
    ['1'.repeat(400), Number.POSITIVE_INFINITY],
    [' 30 ', 30_000],
    ['1.25', 1250],
    // the last instant a Date can hold: a wait that reaches it cannot be said as a time
    [String((8.64e15 - now) / 1000), Number.POSITIVE_INFINITY],
    [String((8.64e15 - now) / 1000 - 1), 8.64e15 - now - 1000],
  ])('%s → %i ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms)
  })
  test.each([null, undefined, '', 'soon', '-5', '12abc'])('%j → undefined', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined()
  })
})

describe('what is retried', () => {
  test.each([
    ['GET', 408, true],
    ['GET', 429, true],
    ['GET', 500, true],
    ['GET', 503, true],
    ['GET', 400, false],
    ['GET', 404, false],
    ['POST', 429, true],
    ['POST', 408, false],
    ['POST', 500, false],
    ['POST', 503, false],
  ] as const)('%s %i → %s', (method, status, retry) => {
    expect(isRetryableStatus(method, status)).toBe(retry)
  })
  test.each([
    ['ECONNREFUSED', true],
    ['ENOTFOUND', true],
    ['ECONNRESET', false],
    ['UND_ERR_SOCKET', false],
    [undefined, false],
  ])('%s certainly not sent: %s', (code, expected) => {
    expect(wasCertainlyNotSent(code)).toBe(expected)
  })
})

describe('a failed connection, by kind', () => {
  test.each([
    [undefined, 'bad port', 'blocked', true, false],
    [undefined, 'unknown scheme', 'blocked', true, false],
    ['EPROXYREFUSED', undefined, 'proxy', false, true],
    ['ENOTFOUND', undefined, 'dns', false, true],
    ['EAI_AGAIN', 'getaddrinfo EAI_AGAIN x', 'dns', false, true],
    ['ECONNREFUSED', undefined, 'refused', false, true],
    ['CERT_HAS_EXPIRED', undefined, 'tls', true, true],
    ['SELF_SIGNED_CERT_IN_CHAIN', undefined, 'tls', true, true],
    ['ERR_TLS_CERT_ALTNAME_INVALID', undefined, 'tls', true, true],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', undefined, 'tls', true, true],
    ['EHOSTUNREACH', undefined, 'network', false, true],
    ['ECONNRESET', undefined, 'network', false, false],
    ['UND_ERR_SOCKET', 'other side closed', 'network', false, false],
    [undefined, undefined, 'network', false, false],
  ] as const)('%s (%s) is %s; permanent: %s; certainly not sent: %s', (code, message, kind, permanent, notSent) => {
    const failure = connectionFailure(code, message)
    expect(failure).toBe(kind)
    expect(isPermanentFailure(failure)).toBe(permanent)
    expect(wasCertainlyNotSent(code)).toBe(notSent)
  })
})
