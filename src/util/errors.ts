/**
 * Turns anything that was thrown into a message a user can act on. Non-Error values (strings,
 * objects, undefined) are described too, so a failure is never silent.
 */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'string') return error
  if (error === undefined || error === null) return `unknown error (${String(error)})`
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/** The user stopped the run (SIGINT / SIGTERM from the runner). */
export class CancelledError extends Error {
  constructor(message = 'The run was cancelled') {
    super(message)
    this.name = 'CancelledError'
  }
}
