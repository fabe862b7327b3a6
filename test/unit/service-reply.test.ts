import { describe, expect, test } from 'vitest'
import { type ReplySpec, type Reading, apiErrorText, readReply, statusText } from '../../src/service/reply.js'
import type { ApiHint } from '../../src/service/errors.js'
import { type Job, jobSchema } from '../../src/service/schemas.js'
import { FIXED_NOW } from './fake-clock.js'

/** What an answer means, one row per kind of answer: the client's reading as a pure function. */

const GET: ReplySpec<Job> = { method: 'GET', schema: jobSchema, notFound: 'unknown-job' }
const POST: ReplySpec<Job> = { method: 'POST', schema: jobSchema, quotaHint: 'rate limited: 100 an hour' }
const words = (hint: ApiHint): string => `<${hint}>`
const answer = (status: number, text: string, headers: { location?: string; retryAfter?: string } = {}) => ({
  status,
  text,
  location: headers.location ?? null,
  retryAfter: headers.retryAfter ?? null,
})
const read = (spec: ReplySpec<Job>, a: ReturnType<typeof answer>): Reading<Job> => readReply(spec, a, FIXED_NOW, words)

describe('readReply', () => {
  test('a 2xx with the described body is the value (unknown fields kept)', () => {
    expect(read(GET, answer(200, '{"id":"job_1","status":"active","extra":1}'))).toEqual({
      ok: true,
      value: { id: 'job_1', status: 'active', extra: 1 },
    })
  })

  test.each([
    // spec, answer, retryable, kind, status, processed, hint, message contains
    [
      'GET 200 not JSON',
      GET,
      answer(200, '<html>'),
      true,
      'bad-response',
      200,
      true,
      undefined,
      'body that is not JSON: <html>',
    ],
    ['GET 200 empty', GET, answer(200, ''), true, 'bad-response', 200, true, undefined, 'not JSON: (empty)'],
    ['POST 200 not JSON', POST, answer(201, 'ok'), false, 'bad-response', 201, true, undefined, 'HTTP 201 with a body'],
    [
      'GET 200 wrong shape',
      GET,
      answer(200, '{"id":1}'),
      false,
      'bad-response',
      200,
      true,
      undefined,
      'unexpected body (id: expected string; status: expected string)',
    ],
    [
      '302 with a target',
      GET,
      answer(302, '', { location: 'https://elsewhere/x' }),
      false,
      'redirect',
      302,
      undefined,
      'redirect',
      'redirect to https://elsewhere/x. <redirect>',
    ],
    [
      '301 without one',
      GET,
      answer(301, ''),
      false,
      'redirect',
      301,
      undefined,
      'redirect',
      'HTTP 301 with a redirect. <redirect>',
    ],
    [
      '401',
      GET,
      answer(401, '{"error":"bad key"}'),
      false,
      'auth',
      401,
      undefined,
      undefined,
      'refused the key (HTTP 401 Unauthorized: bad key). The key is wrong',
    ],
    [
      '403 on a GET',
      GET,
      answer(403, ''),
      false,
      'auth',
      403,
      undefined,
      undefined,
      "(HTTP 403 Forbidden). The runner's IP address",
    ],
    ['403 on a POST', POST, answer(403, ''), false, 'auth', 403, undefined, undefined, 'limited to the read scope'],
    [
      '404 names what to check',
      GET,
      answer(404, '{"error":"no job"}'),
      false,
      'http',
      404,
      false,
      'unknown-job',
      'HTTP 404 Not Found: no job. <unknown-job>',
    ],
    [
      '429 names the quota',
      POST,
      answer(429, '{}'),
      true,
      'http',
      429,
      false,
      undefined,
      'HTTP 429 Too Many Requests (rate limited: 100 an hour): {}.',
    ],
    [
      '503 on a GET is retried',
      GET,
      answer(503, ''),
      true,
      'http',
      503,
      true,
      undefined,
      'HTTP 503 Service Unavailable.',
    ],
    ['503 on a POST may have been processed', POST, answer(503, ''), false, 'http', 503, true, undefined, 'HTTP 503'],
    ['408 on a GET', GET, answer(408, ''), true, 'http', 408, false, undefined, 'HTTP 408 Request Timeout.'],
    [
      '300 is a redirect too',
      GET,
      answer(300, ''),
      false,
      'redirect',
      300,
      undefined,
      'redirect',
      'HTTP 300 with a redirect',
    ],
    ['199 is no success', GET, answer(199, '{}'), false, 'http', 199, false, undefined, 'HTTP 199: {}.'],
    [
      '500 may have been processed',
      POST,
      answer(500, ''),
      false,
      'http',
      500,
      true,
      undefined,
      'HTTP 500 Internal Server Error.',
    ],
    ['an unknown status', GET, answer(418, 'teapot'), false, 'http', 418, false, undefined, 'HTTP 418: teapot.'],
  ] as const)('%s', (_name, spec, a, retryable, kind, status, processed, hint, says) => {
    const reading = read(spec, a)
    if (reading.ok) throw new Error('expected a refusal')
    expect(reading.retryable).toBe(retryable)
    expect(reading.refusal.kind).toBe(kind)
    expect(reading.refusal.status).toBe(status)
    expect(reading.refusal.mayHaveBeenProcessed).toBe(processed)
    expect(reading.refusal.hint).toBe(hint)
    expect(reading.refusal.message).toContain(says)
  })

  test("a 403 with the operation's own reason says that instead", () => {
    const reading = read({ ...GET, forbiddenHint: 'Only admins may deploy.' }, answer(403, ''))
    expect(!reading.ok && reading.refusal.message).toBe(
      'the API refused the request (HTTP 403 Forbidden). Only admins may deploy.',
    )
  })

  test.each([
    [
      'its own words',
      { badRequest: 'automation-not-runnable' as const },
      'HTTP 400 Bad Request: no. <automation-not-runnable>',
      'automation-not-runnable',
    ],
    [
      'a sentence',
      { badRequestHint: 'Shorten the prompt.' },
      'HTTP 400 Bad Request: no. Shorten the prompt.',
      undefined,
    ],
    ['nothing more', {}, 'HTTP 400 Bad Request: no.', undefined],
  ])('a 400 with %s', (_name, extra, message, hint) => {
    const reading = read({ ...GET, ...extra }, answer(400, '{"error":"no"}'))
    if (reading.ok) throw new Error('expected a refusal')
    expect(reading.refusal.message).toBe(message)
    expect(reading.refusal.hint).toBe(hint)
  })

  test("a 400's words are a 400's only: another status says neither the caller's words nor the sentence", () => {
    const spec = {
      ...GET,
      notFound: undefined,
      badRequest: 'automation-not-runnable' as const,
      badRequestHint: 'Shorten it.',
    }
    const reading = read(spec, answer(503, ''))
    if (reading.ok) throw new Error('expected a refusal')
    expect(reading.refusal.message).toBe('HTTP 503 Service Unavailable.')
    expect(reading.refusal.hint).toBeUndefined()
  })

  test('a Retry-After is read against the given time: seconds, or a date', () => {
    const seconds = read(GET, answer(429, '', { retryAfter: '30' }))
    expect(!seconds.ok && seconds.retryAfterMs).toBe(30_000)
    const date = read(GET, answer(503, '', { retryAfter: new Date(FIXED_NOW + 90_000).toUTCString() }))
    expect(!date.ok && date.retryAfterMs).toBe(90_000)
    const none = read(GET, answer(503, ''))
    expect(!none.ok && 'retryAfterMs' in none).toBe(false)
  })
})

describe("the API's own words", () => {
  test.each([
    ['{"error":"bad","details":[{"message":"a"},{"message":"b"},{}]}', 'bad; a; b'],
    ['{"message":"said as message"}', 'said as message'],
    ['{"details":[{"message":"only details"}]}', 'only details'],
    ['  plain text  ', 'plain text'],
    ['{}', '{}'],
    ['', ''],
  ])('%s → %s', (body, words) => {
    expect(apiErrorText(body)).toBe(words)
  })

  test.each([
    [404, 'HTTP 404 Not Found'],
    [504, 'HTTP 504 Gateway Timeout'],
    [599, 'HTTP 599'],
  ])('statusText(%i)', (status, text) => {
    expect(statusText(status)).toBe(text)
  })
})
