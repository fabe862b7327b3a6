import { appendFileSync } from 'node:fs'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'

/**
 * Appends Markdown to the job summary (GITHUB_STEP_SUMMARY), once per ending. A synchronous append:
 * what core.summary.addRaw(...).write() does, without loading its async writer, which cost about
 * 5 ms on the start-up path (a bad input ends there). A failure to write is a warning.
 */
export function writeSummary(markdown: string): void {
  const path = process.env.GITHUB_STEP_SUMMARY
  if (!path) {
    core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.')
    return
  }
  try {
    appendFileSync(path, markdown.endsWith('\n') ? markdown : `${markdown}\n`)
  } catch (error) {
    core.warning(`Could not write the job summary: ${external(getErrorMessage(error))}`)
  }
}
