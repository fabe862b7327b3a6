/** Anything thrown as a message a user can act on (non-Error values described too). */
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

/** A value the code before made sure of, checked: a broken promise fails saying what was missing. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null)
    throw new Error(`${what} is missing here (a bug in the action: please report it).`)
  return value
}
