/**
 * Runs a suite with the process clock moved: with TEST_CLOCK_AT set (an ISO time), `Date.now()` and
 * `new Date()` read that time at the suite's start and go on from there at the real pace. No test may
 * depend on today's date or the wall clock: `npm run test:moved-clocks` (CI) runs the unit and
 * in-process suites with the clock far from today, and the unit suites a minute before UTC midnight
 * too, so a test that does fails the day it is written, not the day after. Without the variable
 * nothing changes.
 */
const MOVED = Symbol.for('mintlify-docs-action.moved-clock')
const at = process.env.TEST_CLOCK_AT
const globals = globalThis as unknown as Record<symbol, boolean>

if (at && !globals[MOVED]) {
  const target = Date.parse(at)
  if (Number.isNaN(target)) throw new Error(`TEST_CLOCK_AT is "${at}": expected an ISO time`)
  const RealDate = Date
  const offset = target - RealDate.now()
  // a subclass keeps every static (UTC, parse) and instanceof; only "now" moves
  class MovedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...(args as [string | number]))
    }
    static override now(): number {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = MovedDate as DateConstructor
  globals[MOVED] = true
}
