import { commentTarget } from '../github/comment-target.js'
import type { RunContext } from '../github/run-context.js'
import { escapeText, link } from './escape.js'

/** The first line of every summary: the event, and its issue, pull request or branch (titles escaped). */
export function renderRunHeader(run: RunContext): string {
  // outside a workflow (a hand run, @github/local-action) there is no event to name
  if (!run.eventName) return '<sub>Started outside a workflow event (a hand run)</sub>'
  // escaped text, not a code span: inside one GitHub would show escapeText's backslashes
  const event = `the ${escapeText(run.eventName, 40)} event`
  const thread = commentTarget(run.eventName, run.payload, run)
  if (thread) {
    const label = `${thread.isPullRequest ? 'pull request' : 'issue'} #${thread.number}`
    const shown = link(thread.url, label) || label
    const title = thread.title ? ` ${escapeText(JSON.stringify(thread.title.slice(0, 120)), 160)}` : ''
    return `<sub>Started by ${event} on ${shown}${title}</sub>`
  }
  const ref = (run.payload as { ref?: unknown })?.ref
  if (run.eventName === 'push' && typeof ref === 'string' && ref)
    return `<sub>Started by ${event} to ${escapeText(ref.replace(/^refs\/heads\//, ''), 100)}</sub>`
  return `<sub>Started by ${event}</sub>`
}
