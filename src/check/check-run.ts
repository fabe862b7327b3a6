import type { CheckAnnotation } from '../github/port.js'
import type { Judged } from './new-known.js'
import { formatNumber } from '../util/format.js'

/** The check run that shows every new problem on the Files tab: what to send, 50 annotations a request. Pure. */

/** The most annotations one request of the Checks API takes. */
export const ANNOTATIONS_PER_REQUEST = 50

/** The most characters a check run's summary holds. */
export const SUMMARY_LIMIT = 65_535

/**
 * The most annotations one check run is given (20 requests): GitHub allows a token 80 writes a minute
 * and 500 an hour, which 10,000 broken links would spend. The rest are in the summary.
 */
export const MOST_ANNOTATED = 1_000

/** Between two writes to one check run past the first burst: 80 a minute at most, as GitHub's secondary limit asks. */
export const WRITE_SPACING_MS = 750

/** The writes a check run sends without a pause: a burst this small stays far below 80 a minute. */
export const UNPACED_WRITES = 10

/** The pause before a check run's `write`th write (0: its creation): none within the first burst. */
export const spacingBefore = (write: number): number => (write < UNPACED_WRITES ? 0 : WRITE_SPACING_MS)

/** An annotation's message and title within GitHub's bounds (64 KB; 255 characters). */
const MESSAGE_BYTES = 65_536
const TITLE_CHARACTERS = 255

/** Text cut to at most `bytes` bytes of UTF-8, never inside a character, with an ellipsis where cut. */
export function withinBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= bytes) return text
  let cut = ''
  let used = Buffer.byteLength('…', 'utf8')
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8')
    if (used + size > bytes) break
    cut += char
    used += size
  }
  return `${cut}…`
}

/** Its name on the commit and on the pull request's checks: the check action's. */
export const CHECK_RUN_NAME = 'Mintlify docs check'

/** Each new problem as an annotation at its line (at the first line, saying so, when its line is unknown). */
export function checkAnnotations(
  fresh: readonly Judged[],
  level: 'failure' | 'warning',
  words: (j: Judged) => { title: string; message: string },
): CheckAnnotation[] {
  return fresh.map((j) => {
    const said = words(j)
    const title = [...said.title].length > TITLE_CHARACTERS ? `${[...said.title].slice(0, 254).join('')}…` : said.title
    const message = withinBytes(said.message, MESSAGE_BYTES - 100)
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

/**
 * What each write to a check run carries: 50 annotations, and the summary whole in the last only
 * (each write replaces it; the ones before say where the annotating is).
 */
export function checkRunWrites<A>(
  annotations: readonly A[],
  title: string,
  summary: string,
): Array<{ title: string; summary: string; annotations: A[] }> {
  const batches = inBatches(annotations)
  const whole = fitSummary(summary)
  return batches.map((batch, i) => ({
    title,
    summary:
      i === batches.length - 1
        ? whole
        : `Annotating ${formatNumber(annotations.length)} problems, ${ANNOTATIONS_PER_REQUEST} a request: ` +
          `${formatNumber((i + 1) * ANNOTATIONS_PER_REQUEST)} so far. The summary comes with the last.`,
    annotations: batch,
  }))
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
