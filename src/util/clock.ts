import { CancelledError } from './errors.js'

/** What varies in time, injected so that waits and retries are tested without real waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Resolves after `ms`, or rejects with CancelledError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /**
   * A signal that aborts once `ms` of this clock's time has passed: a request's own timeout, so a
   * run on a virtual clock times out on that clock, never on the machine's.
   */
  timeout(ms: number): AbortSignal
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, signal),
  timeout: (ms) => AbortSignal.timeout(Math.max(0, ms)),
}

/** setTimeout-based sleep (so fake timers drive it) that a signal can cut short. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError())
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new CancelledError())
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      Math.max(0, ms),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
