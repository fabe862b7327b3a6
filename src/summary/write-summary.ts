import { appendFileSync } from 'node:fs'
import * as commands from '../util/workflow-commands.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'

/** Appends to GITHUB_STEP_SUMMARY with no library, for the start-up path; a failure is a warning. */
export function writeSummary(markdown: string): void {
  const path = process.env.GITHUB_STEP_SUMMARY
  if (!path) {
    commands.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.')
    return
  }
  try {
    appendFileSync(path, markdown.endsWith('\n') ? markdown : `${markdown}\n`)
  } catch (error) {
    commands.warning(`Could not write the job summary: ${external(getErrorMessage(error))}`)
  }
}
