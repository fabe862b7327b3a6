import { type Clock } from '../util/clock.js'
import { formatDuration, formatNumber, formatTime } from '../util/format.js'
import { MAX_PROMPT_CHARS } from '../util/prompt-bounds.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external, registerSecret } from '../util/text.js'
import { type Reply, type ReplySpec, readReply } from './reply.js'
import { ApiError, type ApiHint } from './errors.js'
import {
  PROXY_REFUSED,
  ANALYTICS_POLICY,
  type RetryPolicy,
  backoffDelay,
  connectionFailure,
  isPermanentFailure,
  wasCertainlyNotSent,
} from './retry-policy.js'

/**
 * How a request to the service travels: auth, timeouts on the run's clock, cancellation, retries,
 * the analytics budget, and every failure made one message ("Could not …: …") in the caller's terms.
 * The endpoints (client.ts) say only what each request is.
 */

const USER_AGENT = 'mintlify-docs-action'

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  projectId: string
  clock: Clock
  /** Aborts whatever is in flight when the run is cancelled. */
  signal: AbortSignal
  /** Epoch ms: no attempt starts and no retry waits beyond it. */
  deadline: number
  fetch?: typeof fetch
  random?: () => number
  /** Each request's own timeout (also bounded by the time left, but never below 1 s). */
  requestTimeoutMs?: number
  /** Where notes about retries go. */
  log?: (message: string) => void
  /** The caller's words for what to check (its input names: the client knows none). */
  words: ApiWords
  /** Analytics requests left (max-requests): each attempt takes one, given back if it never arrived. */
  analyticsBudget?: { take(): boolean; giveBack(): void; readonly max: number; readonly remaining: number }
  /** The hint of a spent budget: the analytics requests (max-requests), or the searches (max-searches). */
  spentHint?: Extract<ApiHint, 'budget-spent' | 'searches-spent'>
  /** How requests travel, for a failed connection's message: `directly`, or `through the proxy …`. */
  route?: string
}

/** Words for a hint, in the caller's terms; `detail`: a job id, a bound. */
export type ApiWords = (hint: ApiHint, detail: { jobId?: string; max?: number }) => string

/** A request: what reading its reply needs (reply.ts), and how to send and word it. */
export interface RequestSpec<T> extends ReplySpec<T> {
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  /** The prompt the body carries (a create, a follow-up): over the action's bound, refused unsent. */
  prompt?: string
  /** What was being done, as the end of "Could not …". */
  what: string
  policy: RetryPolicy
  /** The request spends one of the project's agent uses when it succeeds (creates, messages, automations). */
  spendsAgentUse?: boolean
  /** Added when a POST may have reached the server: what may exist now and what to do. */
  mayExistHint?: string
  /** The same, in the caller's words (it names the job to wait on). */
  mayExist?: { hint: Extract<ApiHint, 'message-may-exist'>; jobId: string }
  /** A POST that only reads (a search): retried and reported as a GET is, never "may have been processed". */
  idempotent?: boolean
}

/** Whether a failed attempt may have changed something at the service: a POST that is no read. */
const writes = (spec: RequestSpec<unknown>): boolean => spec.method === 'POST' && !spec.idempotent

type Attempt<T> =
  | { ok: true; value: T }
  /** `notSent`: the request certainly never reached the service (no connection was made). */
  | { ok: false; error: ApiError; retryable: boolean; retryAfterMs?: number; notSent?: boolean }

type NetworkCause = { code?: unknown; message?: unknown; permanent?: unknown; errors?: Array<{ code?: unknown }> }

/** The error code behind a failed fetch (undici puts it on `cause`, sometimes inside an AggregateError). */
function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause as NetworkCause | undefined
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as { code?: unknown })?.code
  return typeof code === 'string' ? code : undefined
}

/** What a failed fetch was, for the message: the code, or the proxy's refusal in words. */
function networkDetail(error: unknown, code: string | undefined): string {
  const cause = (error as { cause?: unknown })?.cause as NetworkCause | undefined
  if (code === PROXY_REFUSED && typeof cause?.message === 'string') return external(cause.message, 300)
  return code ?? external(getErrorMessage(error), 120)
}

/** Sends the service's requests: one Transport per run, shared by every endpoint. */
export class Transport {
  /** What this run spent of the project's agent uses (jobs created, messages sent, automations run). */
  readonly usage = { agentUses: 0 }

  private readonly options: Required<Omit<ClientOptions, 'log' | 'analyticsBudget' | 'route' | 'spentHint'>> &
    Pick<ClientOptions, 'analyticsBudget' | 'route' | 'spentHint'> & { log: (m: string) => void }
  /** The service's host and port as a failure names it: from the base URL, never its credentials. */
  private readonly host: string

  constructor(options: ClientOptions) {
    registerSecret(options.apiKey)
    this.options = {
      fetch: globalThis.fetch,
      random: Math.random,
      requestTimeoutMs: 30_000,
      log: () => {},
      ...options,
    }
    this.host = URL.canParse(options.baseUrl) ? new URL(options.baseUrl).host : 'the service'
  }

  /** The caller's words for a hint. */
  words(hint: ApiHint, detail: { jobId?: string; max?: number }): string {
    return this.options.words(hint, detail)
  }

  /** The analytics requests (or searches) are spent: what the last attempt got, if one was made. */
  private spent(spec: RequestSpec<unknown>, max: number, lastError: ApiError | undefined): ApiError {
    const hint = this.options.spentHint ?? 'budget-spent'
    return new ApiError(
      `Could not ${spec.what}: ${this.words(hint, { max })}${lastError ? ` Last error: ${lastError.message}` : ''}`,
      { kind: 'budget', status: lastError?.status, hint, cause: lastError },
    )
  }

  /** Sends one request, retrying as the policy allows, and returns the validated body. */
  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, signal, deadline, random, log } = this.options
    if (spec.prompt !== undefined && spec.prompt.length > MAX_PROMPT_CHARS)
      throw new ApiError(
        `Could not ${spec.what}: the prompt is ${formatNumber(spec.prompt.length)} characters, more than the ` +
          `${formatNumber(MAX_PROMPT_CHARS)} this action sends. Nothing was sent. ${this.words('prompt-too-long', {})}`,
        { kind: 'http', hint: 'prompt-too-long' },
      )
    let lastError: ApiError | undefined
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw new CancelledError()
      const remaining = deadline - clock.now()
      if (remaining < 0) throw this.outOfTime(spec, lastError)
      const budget = this.options.analyticsBudget
      if (spec.policy === ANALYTICS_POLICY && budget && !budget.take()) throw this.spent(spec, budget.max, lastError)

      const result = await this.attempt(spec, remaining)
      if (result.ok) {
        if (spec.spendsAgentUse) this.usage.agentUses++
        return result.value
      }
      // a request that never reached the service spent none of its quota
      if (result.notSent && spec.policy === ANALYTICS_POLICY) budget?.giveBack()
      lastError = result.error
      if (!result.retryable) throw result.error
      if (attempt >= spec.policy.maxAttempts) {
        throw new ApiError(`${result.error.message} (gave up after ${attempt} attempts)`, {
          kind: result.error.kind,
          status: result.error.status,
          mayHaveBeenProcessed: result.error.mayHaveBeenProcessed,
          retriesExhausted: true,
          cause: result.error,
        })
      }

      const left = deadline - clock.now()
      if (
        result.retryAfterMs !== undefined &&
        (result.retryAfterMs > spec.policy.maxRetryAfterMs || result.retryAfterMs > left)
      ) {
        const stepLeft = Number.isFinite(spec.policy.maxRetryAfterMs)
          ? ''
          : ` (${formatDuration(Math.max(0, left))} left)`
        if (!Number.isFinite(result.retryAfterMs)) {
          throw new ApiError(
            `${result.error.message}. The API asks to wait longer than any clock can hold (its ` +
              `Retry-After is too large to read), far longer than this step will wait${stepLeft}; ` +
              `run it again later.`,
            { kind: 'rate-limited', status: result.error.status, cause: result.error },
          )
        }
        const retryAt = clock.now() + result.retryAfterMs
        // said to the minute, rounded up: "after 13:01" must not be before the time the API gave
        const after = formatTime(Math.ceil(retryAt / 60_000) * 60_000)
        throw new ApiError(
          `${result.error.message.replace(/\.$/, '')}. The API asks to wait ` +
            `${formatDuration(result.retryAfterMs)} (until ${after}), ` +
            `longer than this step will wait${stepLeft}; run it again after ${after}.`,
          { kind: 'rate-limited', status: result.error.status, retryAt: new Date(retryAt), cause: result.error },
        )
      }
      // no request left for another attempt: said now, not after waiting for one
      if (spec.policy === ANALYTICS_POLICY && budget?.remaining === 0) throw this.spent(spec, budget.max, lastError)
      const delay = result.retryAfterMs ?? backoffDelay(spec.policy, attempt, random)
      if (delay > left) throw this.outOfTime(spec, lastError)
      log(
        `${result.error.message.replace(/\.$/, '')}; retrying in ${formatDuration(delay)} ` +
          `(attempt ${attempt + 1} of ${spec.policy.maxAttempts}).`,
      )
      await clock.sleep(delay, signal)
    }
  }

  private outOfTime(spec: RequestSpec<unknown>, lastError: ApiError | undefined): ApiError {
    const last = lastError ? ` Last error: ${lastError.message}` : ''
    return new ApiError(`Could not ${spec.what}: ${this.words('out-of-time', {})}${last}`, {
      kind: 'out-of-time',
      hint: 'out-of-time',
      status: lastError?.status,
      mayHaveBeenProcessed: lastError?.mayHaveBeenProcessed,
      cause: lastError,
    })
  }

  private url(spec: RequestSpec<unknown>): string {
    const url = new URL(this.options.baseUrl + spec.path)
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    return url.toString()
  }

  /** One attempt: send the request, then read its reply (reply.ts). */
  private async attempt<T>(spec: RequestSpec<T>, remaining: number): Promise<Attempt<T>> {
    const sent = await this.send(spec, remaining)
    if (!('reply' in sent)) return sent
    const reading = readReply(
      spec.idempotent ? { ...spec, method: 'GET' } : spec,
      sent.reply,
      this.options.clock.now(),
      (hint) => this.words(hint, {}),
    )
    if (reading.ok) return reading
    const { message, ...extra } = reading.refusal
    return {
      ok: false,
      retryable: reading.retryable,
      ...(reading.retryAfterMs !== undefined ? { retryAfterMs: reading.retryAfterMs } : {}),
      error: this.failure(spec, message, extra),
    }
  }

  /** "Could not <what>: <message>", and for a POST that may have arrived, what may exist now. */
  private failure(
    spec: RequestSpec<unknown>,
    message: string,
    extra: { kind: ApiError['kind']; status?: number; mayHaveBeenProcessed?: boolean; hint?: ApiHint },
  ): ApiError {
    const processed = writes(spec) && extra.mayHaveBeenProcessed === true
    const words = !processed
      ? ''
      : spec.mayExist
        ? ` ${this.words(spec.mayExist.hint, { jobId: spec.mayExist.jobId })}`
        : spec.mayExistHint
          ? ` ${spec.mayExistHint}`
          : ''
    const hint = extra.hint ?? (processed ? spec.mayExist?.hint : undefined)
    return new ApiError(`Could not ${spec.what}: ${message}${words}`, {
      ...extra,
      mayHaveBeenProcessed: processed,
      ...(hint ? { hint } : {}),
    })
  }

  /** Sends the request with its timeout and the run's cancellation: the reply, or the failed attempt. */
  private async send(
    spec: RequestSpec<unknown>,
    remaining: number,
  ): Promise<{ reply: Reply } | Extract<Attempt<never>, { ok: false }>> {
    const { signal, requestTimeoutMs } = this.options
    const controller = new AbortController()
    const onCancel = (): void => controller.abort()
    signal.addEventListener('abort', onCancel, { once: true })
    const timeoutMs = Math.min(requestTimeoutMs, Math.max(remaining, 1000))
    // the request's own timeout runs on the run's clock, as its deadline does
    const timeout = this.options.clock.timeout(timeoutMs)
    let timedOut = false
    const onTimeout = (): void => {
      timedOut = true
      controller.abort()
    }
    if (timeout.aborted) onTimeout()
    else timeout.addEventListener('abort', onTimeout, { once: true })

    try {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${this.options.apiKey}`,
        Accept: 'application/json',
        'User-Agent': USER_AGENT,
      }
      if (spec.body !== undefined) headers['Content-Type'] = 'application/json'
      const response = await this.options.fetch(this.url(spec), {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        redirect: 'manual',
        signal: controller.signal,
      })
      return {
        reply: {
          status: response.status,
          location: response.headers.get('location'),
          retryAfter: response.headers.get('retry-after'),
          text: await response.text(),
        },
      }
    } catch (error) {
      if (signal.aborted) throw new CancelledError()
      if (timedOut) {
        return {
          ok: false,
          retryable: !writes(spec),
          error: this.failure(spec, `no answer within ${formatDuration(timeoutMs)}.`, {
            kind: 'timeout',
            mayHaveBeenProcessed: true,
          }),
        }
      }
      return this.connectionFailed(spec, error)
    } finally {
      timeout.removeEventListener('abort', onTimeout)
      signal.removeEventListener('abort', onCancel)
    }
  }

  /** A fetch that failed without an answer: where it tried to go, what happened, what to check. */
  private connectionFailed(spec: RequestSpec<unknown>, error: unknown): Extract<Attempt<never>, { ok: false }> {
    const code = networkCode(error)
    const cause = (error as { cause?: NetworkCause }).cause
    const failure = connectionFailure(code, typeof cause?.message === 'string' ? cause.message : undefined)
    const notSent = wasCertainlyNotSent(code) || failure === 'blocked'
    const detail = failure === 'blocked' ? external(String(cause?.message), 40) : networkDetail(error, code)
    const permanent = cause?.permanent === true || isPermanentFailure(failure)
    // the host from the base URL (never its credentials), how the request travelled, what to check
    const where = `${this.host} ${this.options.route ?? 'directly'}`
    const check = failure === 'proxy' ? '' : ` ${this.words(`connect-${failure}`, {})}`
    return {
      ok: false,
      retryable: !permanent && (!writes(spec) || notSent),
      notSent,
      error: this.failure(
        spec,
        notSent
          ? `could not connect to ${where} (${detail}).${check}`
          : `the connection to ${where} failed (${detail}).${check}`,
        {
          kind: 'network',
          mayHaveBeenProcessed: !notSent,
          ...(failure === 'proxy' ? {} : { hint: `connect-${failure}` as const }),
        },
      ),
    }
  }
}
