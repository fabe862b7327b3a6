/**
 * How a step ends, as a mode reports it: the level of its annotation (`failure` fails the step,
 * `ok` says nothing more) and the message. run.ts turns it into the step's ending, the one place
 * that calls setFailed after the inputs are valid.
 */
export interface Ending {
  level: 'ok' | 'info' | 'notice' | 'warning' | 'failure'
  message?: string
  /** When the ending has several causes: one annotation each (the message is then the log's headline). */
  problems?: string[]
}

/** How an export (visitors, views, insights) ends the step: cut short warns, a failure fails. */
export function exportEnding(
  outcome: 'complete' | 'incomplete' | 'error' | 'cancelled',
  message: string | undefined,
  problems?: string[],
): Ending {
  const each = problems && problems.length > 1 ? { problems } : {}
  if (outcome === 'complete') return { level: 'ok' }
  if (outcome === 'incomplete') return { level: 'warning', message: message ?? 'The export is incomplete.', ...each }
  return { level: 'failure', message: message ?? `The export ended with ${outcome}.`, ...each }
}
