/**
 * Turns anything that was thrown into a message a user can act on. Non-Error values (strings,
 * objects, undefined) are described too, so a failure is never silent.
 */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'string') return error
  if (error === undefined || error === null) return `unknown error (${String(error)})`
  // a number, a boolean, a bigint or a symbol says what it is; an object as JSON (never "[object Object]")
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint') return String(error)
  if (typeof error === 'symbol') return error.toString()
  try {
    return JSON.stringify(error) ?? Object.prototype.toString.call(error)
  } catch {
    return Object.prototype.toString.call(error)
  }
}

/** The user stopped the run (SIGINT / SIGTERM from the runner). */
export class CancelledError extends Error {
  constructor(message = 'The run was cancelled') {
    super(message)
    this.name = 'CancelledError'
  }
}
