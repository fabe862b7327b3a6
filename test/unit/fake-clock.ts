import type { Clock } from '../../src/util/clock.js'
import { CancelledError } from '../../src/util/errors.js'

/** The instant the unit tests' worlds start at: fixtures carry their own time, never the real clock's. */
export const FIXED_NOW = Date.UTC(2026, 10, 21, 12, 0, 0)

/** A clock whose sleeps return at once and move time forward: waits are tested in microseconds. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = []
  constructor(public time = FIXED_NOW) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new CancelledError()
    this.sleeps.push(ms)
    this.time += ms
  }
}
