import type { Clock } from '../../src/util/clock.js'
import { CancelledError } from '../../src/util/errors.js'

/** The instant the unit tests' worlds start at: fixtures carry their own time, never the real clock's. */
export const FIXED_NOW = Date.UTC(2026, 10, 21, 12, 0, 0)

/**
 * Timeouts on a virtual timeline: each aborts when the timeline's time reaches its end, never when
 * the machine's does. Whoever moves the time calls fireDue().
 */
export class VirtualTimeouts {
  private pending: Array<{ at: number; controller: AbortController }> = []
  constructor(private readonly now: () => number) {}

  timeout(ms: number): AbortSignal {
    const controller = new AbortController()
    this.pending.push({ at: this.now() + Math.max(0, ms), controller })
    // a timeout of no time ends as AbortSignal.timeout(0) does: soon, never while it is being made
    if (ms <= 0) queueMicrotask(() => this.fireDue())
    return controller.signal
  }

  /** Aborts every timeout whose end the time has reached. */
  fireDue(): void {
    const now = this.now()
    const due = this.pending.filter((t) => t.at <= now)
    this.pending = this.pending.filter((t) => t.at > now)
    for (const t of due)
      t.controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
  }
}

/**
 * A clock whose sleeps return at once and move time forward: waits are tested in microseconds. Its
 * timeouts end only when its time moves (a sleep, or advance()).
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = []
  private readonly timeouts = new VirtualTimeouts(() => this.time)
  constructor(public time = FIXED_NOW) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new CancelledError()
    this.sleeps.push(ms)
    this.advance(ms)
  }
  timeout(ms: number): AbortSignal {
    return this.timeouts.timeout(ms)
  }
  /** Moves the time forward without a sleep (time a request spent unanswered). */
  advance(ms: number): void {
    this.time += Math.max(0, ms)
    this.timeouts.fireDue()
  }
}
