/**
 * The action's own work over what a pull request holds (a page's text, its links, its redirects, its
 * configuration's references), counted where it loops: so a test can show it grows with its input and
 * no faster (the count at 1× and 8× its input, never a time), and so a run can stop it at its
 * deadline (wait-timeout) though it never waits on anything. One meter a process: a run sets its
 * deadline while it checks, and takes it off when done.
 */

/** When work stops: a clock, the time on it, and the error that stops it (the run's own: its catches know it). */
export interface Deadline {
  now: () => number
  at: number
  stopped: () => Error
}

/** How many steps go between two looks at the clock (a look costs about what a few hundred steps do). */
const BETWEEN_LOOKS = 10_000

export class WorkMeter {
  /** Every step counted since the meter was made (tests read its growth). */
  count = 0
  private deadline: Deadline | undefined
  private nextLook = BETWEEN_LOOKS

  /** `steps` more steps of work; past the deadline (looked at now and then), the deadline's error is thrown. */
  tick(steps = 1): void {
    this.count += steps
    if (this.deadline === undefined || this.count < this.nextLook) return
    this.nextLook = this.count + BETWEEN_LOOKS
    if (this.deadline.now() >= this.deadline.at) throw this.deadline.stopped()
  }

  /** Work stops at `at` on the clock `now` from here on, with the error `stopped` makes; undefined takes the deadline off. */
  stopAt(deadline: Deadline | undefined): void {
    this.deadline = deadline
    this.nextLook = this.count
  }

  /** The steps `work` takes (for tests: how the count grows with its input). */
  measure(work: () => unknown): number {
    const before = this.count
    work()
    return this.count - before
  }
}

/** The process's meter. */
export const work = new WorkMeter()
