import type { Clock } from '../util/clock.js'

/**
 * How the action's GitHub requests travel, over @actions/github's client (the runner's proxy and
 * GITHUB_API_URL, so Enterprise Server works), each with its timeout and the run's cancellation.
 * A 5xx or dropped connection is retried twice (1 s, 4 s) where a repeat is harmless; a create never
 * is (its answer may be lost after GitHub made it). A 4xx is final; a rate limit is waited out once,
 * if it ends before the deadline. Writes are not spaced out: a run makes a handful.
 */

export type Octokit = ReturnType<(typeof import('./octokit.js'))['makeOctokit']>

const REQUEST_TIMEOUT_MS = 10_000
/** Retries of a request whose repeat is harmless; plugin-retry waits (n + 1)² × 1 s before retry n. */
const GITHUB_RETRIES = 2
/** The retries' waits (1 s + 4 s): a request gets retries only while this much is left before the deadline. */
const RETRY_SPAN_MS = 5_000

export interface GitHubApiOptions {
  signal: AbortSignal
  /** Epoch ms: the step's deadline (wait-timeout); no retry or rate-limit wait goes past it. */
  deadline: number
  /** The run's clock: its time, and each request's timeout. */
  clock: Pick<Clock, 'now' | 'timeout'>
  log?: (message: string) => void
  /** plugin-retry's unit of wait (1 s); a test shortens it, the action never does. */
  retryBaseMs?: number
}

/** One token's GitHub client, configured as above, and the options each request goes with. */
export class GitHubTransport {
  private readonly signal: AbortSignal
  private readonly now: () => number

  private constructor(
    /** The client the endpoints call, each with `request` as its request options. */
    readonly octokit: Octokit,
    private readonly options: GitHubApiOptions,
  ) {
    this.signal = options.signal
    this.now = () => options.clock.now()
  }

  static async open(token: string, options: GitHubApiOptions): Promise<GitHubTransport> {
    const { makeOctokit } = await import('./octokit.js')
    const now = (): number => options.clock.now()
    const log = options.log ?? (() => {})
    const octokit = makeOctokit(token, {
      retries: GITHUB_RETRIES,
      retryBaseMs: options.retryBaseMs ?? 1000,
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
      onAttempt: () => {
        api.requests++
      },
      // a rate limit is waited out once, and only when GitHub's wait ends before the deadline
      onRateLimit: (kind, retryAfter, request, retryCount) => {
        const ok = retryCount === 0 && !options.signal.aborted && now() + retryAfter * 1000 < options.deadline
        log(
          `GitHub's ${kind} for ${request.method ?? ''} ${request.url ?? ''}: ${ok ? `waiting ${retryAfter} s as it asks, then trying once more` : 'not waiting (past the deadline, or already retried)'}.`,
        )
        return ok
      },
    })
    const api: GitHubTransport = new GitHubTransport(octokit, options)
    // a request that got no answer at all (GitHub unreachable): later requests are not retried, so
    // an unreachable GitHub costs one request's retries, not every request's
    octokit.hook.error('request', (error: unknown) => {
      if ((error as { response?: unknown }).response === undefined) api.unreachable = true
      throw error
    })
    return api
  }

  /** GitHub requests sent (each attempt, retries included). */
  requests = 0

  /** Set once a request got no answer at all: no more retries this run. */
  private unreachable = false

  /**
   * Request options: the signal, and `retries: 0` where no retry may happen (a create, near the
   * deadline, GitHub unreachable). Never a positive count: plugin-retry would then resend a 404 too.
   */
  request(options: { create?: boolean; timeoutMs?: number } = {}): { signal: AbortSignal; retries?: 0 } {
    const room = this.options.deadline - this.now() >= RETRY_SPAN_MS && !this.signal.aborted && !this.unreachable
    return {
      signal: this.requestSignal(options.timeoutMs),
      ...(options.create || !room ? { retries: 0 as const } : {}),
    }
  }

  /** The run's cancellation and a timeout on the run's clock (after a cancel, a short one). */
  private requestSignal(timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal {
    const timeout = this.options.clock.timeout(timeoutMs)
    return this.signal.aborted ? timeout : AbortSignal.any([this.signal, timeout])
  }
}
