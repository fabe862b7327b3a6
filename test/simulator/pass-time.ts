import type { ServerResponse } from 'node:http'

/**
 * How a simulator lets time pass before it answers (a fault's delayMs). By default the machine's
 * time, cut short when the client goes away (its own timeout, or a cancelled run); a test that runs
 * the action on a virtual clock moves that clock instead, so the action's request timeout ends on
 * the run's time, however busy the machine is.
 */
export type PassTime = (ms: number, clientGone: AbortSignal) => Promise<void>

const machineTime: PassTime = (ms, clientGone) =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      clientGone.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    clientGone.addEventListener('abort', done, { once: true })
  })

// kept on the process, not the module: a test that resets its modules (each in-process run does)
// may load this file again, and every copy must see the same driver
const DRIVER = Symbol.for('mintlify-docs-action.test.pass-time')
const holder = globalThis as { [DRIVER]?: PassTime }

/** Lets `ms` pass before an answer to `res`, on whatever time the test drives. */
export function passTime(ms: number, res: ServerResponse): Promise<void> {
  const gone = new AbortController()
  if (res.destroyed || res.writableEnded) gone.abort()
  else res.once('close', () => gone.abort())
  return (holder[DRIVER] ?? machineTime)(ms, gone.signal)
}

/** Makes simulators' delays move the test's own clock until the returned function is called. */
export function driveDelays(with_: PassTime): () => void {
  const previous = holder[DRIVER]
  holder[DRIVER] = with_
  return () => {
    holder[DRIVER] = previous
  }
}
