import { setImmediate as turn } from 'node:timers/promises'
import { onTestFinished, vi } from 'vitest'
import { CancelledError } from '../../src/util/errors.js'
import type { Clock } from '../../src/util/clock.js'
import { VirtualTimeouts } from '../unit/fake-clock.js'
import { driveDelays } from '../simulator/pass-time.js'
import { type ActionRun, type RunOptions, collectRun, prepareRun } from './harness.js'

/**
 * Runs src/main.ts in the test's own process, as the runner would run the bundle: the same INPUT_*
 * variables, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / GITHUB_EVENT_PATH files and environment
 * (prepareRun), the same simulators over real HTTP on 127.0.0.1. What differs, on purpose:
 *
 * - time is virtual: `Date` is faked from the test's first run to its end, starting at VIRTUAL_START
 *   whatever the real date (the simulators read it too, so a job "runs" for
 *   its planned time of virtual clock), and the action's clock sleeps by moving it forward, so a
 *   poll interval, a Retry-After or a wait-timeout costs no real time. A request's own timeout
 *   runs on that clock too: a simulator's slow answer (a fault's delayMs) moves it, so the timeout
 *   ends on the run's time however busy the machine is.
 * - GitHub's retry waits (plugin-retry's 1 s unit) are 1 ms.
 * - a timer of no delay runs at the next turn of the event loop (setImmediate) instead of Node's
 *   1 ms floor: the throttling plugin's queue (Bottleneck) yields with four of them per GitHub
 *   request, which made the runs wait for real about 4 ms a request, a third of their time.
 * - the working directory is not changed; RUNNER_TEMP is the run's folder, so every file goes there;
- stdout and stderr are captured from process.stdout/stderr.write; the exit code is process.exitCode.
 *
 * What only the real process shows (signals, NODE_EXTRA_CA_CERTS, the bundle's loading) is
 * test/e2e/every-action-smoke.e2e.test.ts's and the other bundle-only suites' job.
 */
/**
 * Where every test's virtual timeline starts (a Tuesday morning, UTC): fixtures carry their own
 * times, so no in-process run depends on today's date (CI moves the real clock to prove it).
 */
export const VIRTUAL_START = Date.UTC(2026, 10, 24, 9, 30, 0)

/** The test's time now: its virtual clock once a run started it, else where it will start. */
export function virtualNow(): number {
  return vi.isFakeTimers() ? Date.now() : VIRTUAL_START
}

export async function runInProcess(options: RunOptions): Promise<ActionRun> {
  if (options.cancelWhen) throw new Error('cancellation needs a real process: run this test through the bundle')
  const prepared = prepareRun(options)
  // the working directory stays the test's: a run that falls back to it (no RUNNER_TEMP) would
  // write there, so such a run must go through the bundle
  if (!prepared.env.RUNNER_TEMP)
    throw new Error('a run without RUNNER_TEMP writes to the working directory: run it through the bundle')
  const savedEnv = process.env
  // saved to be put back as they were, never called here
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const savedStdout = process.stdout.write
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const savedStderr = process.stderr.write
  const savedExitCode = process.exitCode
  let stdout = ''
  let stderr = ''
  const capture =
    (into: 'stdout' | 'stderr') =>
    (chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      if (into === 'stdout') stdout += text
      else stderr += text
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback
      if (typeof done === 'function') (done as () => void)()
      return true
    }

  // the run's time moves only when it sleeps or a simulator takes time to answer, and each
  // request's timeout ends on that time (never on the machine's, which a busy machine stretches)
  const timeouts = new VirtualTimeouts(() => Date.now())
  const moveTime = (ms: number): void => {
    vi.setSystemTime(Date.now() + Math.max(0, ms))
    timeouts.fireDue()
  }
  const clock: Clock = {
    now: () => Date.now(),
    async sleep(ms: number, signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) throw new CancelledError()
      await options.onSleep?.(ms)
      moveTime(ms)
      await turn()
      if (signal?.aborted) throw new CancelledError()
    },
    timeout: (ms) => timeouts.timeout(ms),
  }

  // one virtual timeline per test: Date stays faked from the first run to the test's end, so a
  // second run, or a comment the test adds between runs, comes after the first run's virtual time
  if (!vi.isFakeTimers()) {
    vi.useFakeTimers({ toFake: ['Date'], now: VIRTUAL_START })
    onTestFinished(() => {
      vi.useRealTimers()
    })
  }
  process.env = { ...prepared.env }
  const restoreTimers = immediateZeroTimers()
  // a simulator's slow answer takes the run's time: the request's timeout ends on it
  const restoreDelays = driveDelays(async (ms) => {
    moveTime(ms)
    await turn()
  })
  process.exitCode = undefined
  process.stdout.write = capture('stdout')
  process.stderr.write = capture('stderr')
  let code: number | null
  const startedAt = Date.now()
  let running = true
  if (options.moveClock) {
    const { when, by } = options.moveClock
    void when().then(() => {
      if (running) moveTime(by)
    })
  }
  try {
    // afresh for each run, as each real run is a new process: @actions/github reads the environment
    // (GITHUB_API_URL, the proxy) when it loads
    vi.resetModules()
    const { run } = await import('../../src/main.js')
    await run({ clock, githubRetryBaseMs: 1 }, options.action as Parameters<typeof run>[1])
    code = typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0)
  } finally {
    running = false
    restoreTimers()
    restoreDelays()
    process.stdout.write = savedStdout
    process.stderr.write = savedStderr
    process.env = savedEnv
    process.exitCode = savedExitCode
  }
  return collectRun(prepared, { code, signal: null, stdout, stderr, neededSigterm: false, startedAt })
}

/**
 * While a run lasts, `setTimeout(fn)` and `setTimeout(fn, 0)` run `fn` at the next turn of the event
 * loop (setImmediate), as the 1 ms Node gives them otherwise is real time the run only waits; a
 * timer with a delay is untouched. Returns what puts the real ones back.
 */
function immediateZeroTimers(): () => void {
  const realSetTimeout = globalThis.setTimeout
  const realClearTimeout = globalThis.clearTimeout
  const immediates = new WeakSet<object>()
  const patched = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (typeof fn !== 'function' || (ms ?? 0) > 0) return realSetTimeout(fn, ms, ...args)
    const handle = setImmediate(fn, ...args)
    immediates.add(handle)
    return handle
  }) as unknown as typeof setTimeout
  globalThis.setTimeout = patched
  globalThis.clearTimeout = (handle?: unknown) => {
    if (handle && typeof handle === 'object' && immediates.has(handle)) clearImmediate(handle as NodeJS.Immediate)
    else realClearTimeout(handle as Parameters<typeof clearTimeout>[0])
  }
  return () => {
    globalThis.setTimeout = realSetTimeout
    globalThis.clearTimeout = realClearTimeout
  }
}
