/**
 * What can go wrong talking to the API, as values the caller can act on. `kind` says what
 * happened; `mayHaveBeenProcessed` says whether a POST may have reached the server (so it must
 * not be sent again); `retryAt` says when a rate limit lifts, when the API said so;
 * `retriesExhausted` says the failure was of a kind worth retrying, but this request's attempts ran
 * out (a caller with time left, like the job waiter, may try again later).
 */
export type ApiErrorKind =
  | 'http' // an error status the client does not retry (or retries ran out)
  | 'auth' // 401 / 403
  | 'rate-limited' // 429 that cannot be waited out within the time left
  | 'network' // connection failed, reset or dropped
  | 'timeout' // the request got no answer within its timeout
  | 'redirect' // a 3xx: redirects are not followed
  | 'bad-response' // a success status with a body that is not what the API documents
  | 'out-of-time' // the wait-timeout budget ran out between retries
  | 'budget' // max-requests: no analytics request left for this step

/** What the caller may have to check, as a code (util/api-hints.ts); its words come in through ClientOptions.words. */
export type { ApiHint } from '../util/api-hints.js'
import type { ApiHint } from '../util/api-hints.js'

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  /** What the caller may have to check (ClientOptions.words says it in the caller's terms). */
  readonly hint: ApiHint | undefined
  readonly status: number | undefined
  readonly mayHaveBeenProcessed: boolean
  readonly retryAt: Date | undefined
  readonly retriesExhausted: boolean

  constructor(
    message: string,
    options: {
      kind: ApiErrorKind
      status?: number
      mayHaveBeenProcessed?: boolean
      retryAt?: Date
      retriesExhausted?: boolean
      hint?: ApiHint
      cause?: unknown
    },
  ) {
    super(message, { cause: options.cause })
    this.name = 'ApiError'
    this.kind = options.kind
    this.hint = options.hint
    this.status = options.status
    this.mayHaveBeenProcessed = options.mayHaveBeenProcessed ?? false
    this.retryAt = options.retryAt
    this.retriesExhausted = options.retriesExhausted ?? false
  }
}
