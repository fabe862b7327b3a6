import type { CheckAnnotation } from '../github/port.js'
import type { Judged } from './new-known.js'

/**
 * The check run that shows every new problem on the pull request's Files tab (GitHub's Checks API):
 * its annotations, at most 50 a request (the first with the run's creation, the rest appended by
 * updating it), and its summary within GitHub's limit. Pure: what to send, not the sending.
 */

/** The most annotations one request of the Checks API takes. */
export const ANNOTATIONS_PER_REQUEST = 50

/** The most characters a check run's summary holds. */
export const SUMMARY_LIMIT = 65_535

/** Its name on the commit and on the pull request's checks: the check action's. */
export const CHECK_RUN_NAME = 'Mintlify docs check'

/**
 * Each new problem as an annotation at its line; one with no line known at the file's first line,
 * saying so (the Checks API needs a line). Its level is the step's: a failure, or a warning when
 * problems only warn.
 */
export function checkAnnotations(
  fresh: readonly Judged[],
  level: 'failure' | 'warning',
  words: (j: Judged) => { title: string; message: string },
): CheckAnnotation[] {
  return fresh.map((j) => {
    const { title, message } = words(j)
    const p = j.problem
    if (p.line === undefined)
      return { path: p.path, startLine: 1, endLine: 1, level, title, message: `${message} (No line is known for it.)` }
    return {
      path: p.path,
      startLine: p.line,
      endLine: p.line,
      ...(p.column !== undefined ? { startColumn: p.column, endColumn: p.column } : {}),
      level,
      title,
      message,
    }
  })
}

/** The annotations as the requests carry them: 50 a request, the first batch with the run's creation. */
export function inBatches<T>(items: readonly T[], size = ANNOTATIONS_PER_REQUEST): T[][] {
  const batches: T[][] = [items.slice(0, size)]
  for (let at = size; at < items.length; at += size) batches.push(items.slice(at, at + size))
  return batches
}

/** The summary cut to what GitHub keeps, at a line, saying where the rest is. */
export function fitSummary(summary: string, limit = SUMMARY_LIMIT): string {
  if (summary.length <= limit) return summary
  const note =
    '\n\n…cut here: GitHub keeps 65,535 characters of a check run. The job summary and problems-json have the rest.\n'
  const room = summary.slice(0, limit - note.length)
  const cut = room.lastIndexOf('\n')
  return `${cut > 0 ? room.slice(0, cut) : room}${note}`
}
