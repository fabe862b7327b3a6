import type { Clock } from '../../src/util/clock.js'
import { CancelledError } from '../../src/util/errors.js'

/** A clock whose sleeps return at once and move time forward: waits are tested in microseconds. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = []
  constructor(public time = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new CancelledError()
    this.sleeps.push(ms)
    this.time += ms
  }
}
