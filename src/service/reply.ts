import type * as z from 'zod/mini'
import { external } from '../util/text.js'
import type { ApiError, ApiHint } from './errors.js'
import { type Method, isRetryableStatus, parseRetryAfter } from './retry-policy.js'
import { describeIssue, errorBodySchema } from './schemas.js'

/** What one reply from the API means, as a pure function of the request, the reply and the time. */

/** What reading a reply needs to know of its request. */
export interface ReplySpec<T> {
  method: Method
  schema: z.ZodMiniType<T>
  /** Added to a 404 message: which identifier to check. */
  notFound?: Extract<ApiHint, `unknown-${string}`>
  /** Added to a 400 message: what the operation refuses. */
  badRequestHint?: string
  /** A 400 whose words are the caller's (it names what to check). */
  badRequest?: Extract<ApiHint, 'automation-not-runnable'>
  /** Replaces the general explanation of a 403 (an operation with a reason of its own). */
  forbiddenHint?: string
  /** Added to a 429 message: which hourly quota this spends. */
  quotaHint?: string
}

/** A reply as it came: its status, the headers read, its body as text. */
export interface Reply {
  status: number
  location: string | null
  retryAfter: string | null
  text: string
}

/** What the error will say and carry (the client adds "Could not …" and what may exist). */
export interface Refusal {
  message: string
  kind: ApiError['kind']
  status: number
  mayHaveBeenProcessed?: boolean
  hint?: ApiHint
}

export type Reading<T> =
  { ok: true; value: T } | { ok: false; retryable: boolean; retryAfterMs?: number; refusal: Refusal }

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function statusText(status: number): string {
  const reason = REASONS[status]
  return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`
}

/** The API's own words from an error body: `error`, then every `details[].message`. */
export function apiErrorText(body: string): string {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(body))
    if (parsed.success) {
      const main = parsed.data.error ?? parsed.data.message
      const details = (parsed.data.details ?? []).map((d) => d.message).filter((m): m is string => Boolean(m))
      const parts = [main, ...details].filter((p): p is string => Boolean(p))
      if (parts.length > 0) return external(parts.join('; '), 500)
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  const trimmed = body.trim()
  return trimmed ? external(trimmed, 200) : ''
}

const KEY_REFUSED =
  "The key is wrong, revoked or expired (admin keys expire after 90 days by default): create a new one on the dashboard's API keys page and update the secret."
const FORBIDDEN_POST =
  "The key may be limited to the read scope (GET only: it can export analytics but cannot create jobs or send follow-ups), or the runner's IP address may be outside the key's IP allowlist. Use a key with the write scope, or allow the runner's address, on the dashboard's API keys page."
const FORBIDDEN_GET =
  "The runner's IP address may be outside the key's IP allowlist, or the key may lack the scope this needs: check the key on the dashboard's API keys page."

/** What a reply means; `words` are the caller's for a hint, `now` reads a Retry-After date. */
export function readReply<T>(
  spec: ReplySpec<T>,
  reply: Reply,
  now: number,
  words: (hint: ApiHint) => string,
): Reading<T> {
  const { status, text } = reply
  const isPost = spec.method === 'POST'
  const refuse = (retryable: boolean, refusal: Refusal): Reading<T> => ({ ok: false, retryable, refusal })

  if (status >= 300 && status < 400) {
    const target = reply.location ? ` to ${external(reply.location, 200)}` : ''
    return refuse(false, {
      message: `the API answered ${statusText(status)} with a redirect${target}. ${words('redirect')}`,
      kind: 'redirect',
      status,
      hint: 'redirect',
    })
  }

  if (status >= 200 && status < 300) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return refuse(!isPost, {
        message: `the API answered ${statusText(status)} with a body that is not JSON: ${external(text, 200) || '(empty)'}`,
        kind: 'bad-response',
        status,
        mayHaveBeenProcessed: true,
      })
    }
    const parsed = spec.schema.safeParse(json)
    if (parsed.success) return { ok: true, value: parsed.data }
    const problem = parsed.error.issues.map(describeIssue).join('; ')
    return refuse(false, {
      message: `the API answered ${statusText(status)} with an unexpected body (${external(problem, 200)}): ${external(text, 300)}`,
      kind: 'bad-response',
      status,
      mayHaveBeenProcessed: true,
    })
  }

  const apiText = apiErrorText(text)
  const said = apiText ? `: ${apiText}` : ''
  if (status === 401)
    return refuse(false, {
      message: `the API refused the key (${statusText(status)}${said}). ${KEY_REFUSED}`,
      kind: 'auth',
      status,
    })
  if (status === 403) {
    const why = spec.forbiddenHint ?? (isPost ? FORBIDDEN_POST : FORBIDDEN_GET)
    return refuse(false, {
      message: `the API refused the request (${statusText(status)}${said}). ${why}`,
      kind: 'auth',
      status,
    })
  }
  const code = status === 404 ? spec.notFound : status === 400 ? spec.badRequest : undefined
  const hint = code ? ` ${words(code)}` : status === 400 && spec.badRequestHint ? ` ${spec.badRequestHint}` : ''
  const quota = status === 429 && spec.quotaHint ? ` (${spec.quotaHint})` : ''
  const retryAfterMs = parseRetryAfter(reply.retryAfter, now)
  return {
    ok: false,
    retryable: isRetryableStatus(spec.method, status),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    refusal: {
      message: `${statusText(status)}${quota}${said}.${hint}`,
      kind: 'http',
      status,
      mayHaveBeenProcessed: status >= 500,
      ...(code ? { hint: code } : {}),
    },
  }
}
