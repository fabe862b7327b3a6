import { COMMENT_ROWS, pagesTable } from '../summary/pages-table.js'
import type { AgentOutcome } from '../agent-jobs/job-ending.js'
import { count, formatTime } from '../util/format.js'
import type { Here } from '../github/pull-link.js'
import { MAX_INSTRUCTIONS, REPLY_MARKER, type TrackingEntry, type TrackingState, encodeState } from './state.js'
import { escapeText, link, prLinkText } from '../summary/escape.js'

/**
 * The text of a tracking comment and of a review-thread reply: outside text escaped, and the oldest
 * instructions dropped while it is over MAX_COMMENT_CHARS (escaping can make text five times longer).
 */

type EntryResult = AgentOutcome | 'working' | 'not-sent'

const RESULT: Record<EntryResult, string> = {
  working: '⏳ working on it',
  completed: '✅ pull request opened or updated',
  'no-pr': '⚠️ finished without changing any files',
  archived: '⚠️ the job was archived',
  failed: '❌ the job failed',
  timeout: '⏱️ still working when the workflow stopped waiting',
  'not-waited': '▶️ sent (not waited for)',
  cancelled: '🛑 the workflow run was cancelled',
  error: '❌ could not be sent or followed',
  'not-sent': '⏸️ not sent: the job was still busy with an earlier instruction',
}

function describeResult(result: string): string {
  return RESULT[result as EntryResult] ?? escapeText(result, 60)
}

function renderEntry(entry: TrackingEntry, here: Here | undefined): string {
  const who = entry.by ? escapeText(entry.by, 60) : 'the workflow'
  const pr = entry.prLink ? ` · ${prLinkText(entry.prLink, here)}` : ''
  // a link only when whole: a hand run has no run page, an entry may have no source
  const when = link(entry.source, formatTime(entry.at)) || escapeText(formatTime(entry.at))
  const head = `- ${describeResult(entry.result)}${pr} · ${who}, ${when}${entry.runUrl ? ` · ${link(entry.runUrl, 'run')}` : ''}`
  const text = escapeText(entry.instruction, 500)
  // the action's words (the note, its own description of what it sent) are on the head line's
  // paragraph (after a hard break), never in or after the quote, where a CommonMark lazy continuation
  // would make them part of what the user wrote; the quote holds only a person's instruction
  const own = [...(entry.described && text ? [text] : []), ...(entry.note ? [escapeText(entry.note, 500)] : [])]
  const quoted = entry.described ? '' : text
  return `${head}${own.map((line) => `\\\n  ${line}`).join('')}${quoted ? `\n  > ${quoted}` : ''}${renderLeft(entry.left)}`
}

/** The instructions a run left out, under its entry: each a linked line, so forty read as plainly as one. */
function renderLeft(left: TrackingEntry['left']): string {
  if (!left || left.length === 0) return ''
  const items = left.map(
    (l) => `    - ${escapeText(l.by, 60)}, ${link(l.url, formatTime(l.at) || 'comment') || escapeText(l.url, 200)}`,
  )
  return (
    `\n\n  ⏸️ ${count(left.length, 'earlier instruction was', 'earlier instructions were')} ` +
    `**not sent**: more than ${MAX_INSTRUCTIONS} were waiting at once. Write ` +
    `${left.length === 1 ? 'it' : 'them'} again:\n\n${items.join('\n')}`
  )
}

export interface TrackingCommentView {
  state: TrackingState
  triggerPhrase: string
  /** The status the job was last seen in, if known. */
  status?: string
  /** The server and repository of the thread, to read pull request links. */
  here?: Here
}

/** The renderer a TrackingComment writes with: the state as this comment's text, on this server. */
export function trackingCommentRenderer(
  triggerPhrase: string,
  serverUrl: string,
): (state: TrackingState, thread: { owner: string; repo: string }, status: string | undefined) => string {
  return (state, thread, status) =>
    renderTrackingComment({ state, triggerPhrase, status, here: { serverUrl, owner: thread.owner, repo: thread.repo } })
}

/** The most a tracking comment may hold: far below GitHub's 65,536-character limit. */
export const MAX_COMMENT_CHARS = 30_000

/** The comment, with the oldest instructions dropped (from the state too) until it fits MAX_COMMENT_CHARS. */
export function renderTrackingComment(view: TrackingCommentView): string {
  for (let keep = view.state.entries.length; ; keep--) {
    const body = renderWith({ ...view, state: { ...view.state, entries: view.state.entries.slice(0, keep) } })
    if (body.length <= MAX_COMMENT_CHARS || keep === 0) return body
  }
}

function renderWith(view: TrackingCommentView): string {
  const { state } = view
  const facts: string[] = []
  if (state.job)
    facts.push(`Job ${escapeText(state.job, 100)}${view.status ? ` (${escapeText(view.status, 60)})` : ''}`)
  if (state.prLink) facts.push(`Pull request ${prLinkText(state.prLink, view.here)}`)
  const phrase = escapeText(view.triggerPhrase, 50)
  const parts = [encodeState(state), '### 📝 Documentation agent']
  if (facts.length > 0) parts.push(facts.join(' · '))
  if (state.deployment) {
    const d = state.deployment
    const status = d.status ? escapeText(d.status, 40) : 'started'
    const icon = d.status === 'success' ? '✅' : d.status === 'failure' ? '❌' : '⏳'
    const where = d.url ? ` at ${link(d.url, d.url) || escapeText(d.url, 200)}` : ''
    const shot = d.screenshot ? ` · ${link(d.screenshot, 'screenshot')}` : ''
    parts.push(
      `${icon} ${d.preview ? 'Preview' : 'Deployment'} ${status}${where}${shot}${d.runUrl ? ` · ${link(d.runUrl, 'run')}` : ''}`,
    )
    if (d.pages && d.pages.total > 0)
      parts.push(
        pagesTable(d.pages.shown, {
          previewUrl: d.url,
          most: COMMENT_ROWS,
          total: d.pages.total,
          rest: d.runUrl
            ? `the ${link(d.runUrl, "run's summary")} lists them all.`
            : "the run's summary lists them all.",
        }),
      )
  }
  if (state.merged && state.prLink) {
    const docs = prLinkText(state.prLink, view.here)
    const open = state.merged.docsOpen
    parts.push(
      `🔀 This pull request was merged ${formatTime(state.merged.at)}. ${open === true ? `Its documentation pull request ${docs} is **still open**: review and merge it so ` + `the docs match the code.` : open === false ? `Its documentation pull request ${docs} is closed or merged.` : `Check that its documentation pull request ${docs} is merged too (this workflow ` + `cannot see it).`}`,
    )
  }
  if (state.origin) {
    parts.push(
      `The documentation agent opened this pull request, asked for in ${link(state.origin.url, state.origin.label)}.`,
    )
  }
  parts.push(
    `To continue this job, comment \`${phrase} <what to change>\` ` +
      `here${state.origin ? ' or in a review comment' : ''} (people with write access only).`,
  )
  if (state.entries.length > 0)
    parts.push(`**Instructions**, newest first:\n\n${state.entries.map((e) => renderEntry(e, view.here)).join('\n')}`)
  return parts.join('\n\n')
}

/** The reply in an inline review thread: the result of the instruction given there. */
export function renderReviewReply(entry: TrackingEntry, jobId: string | undefined, here: Here): string {
  const pr = entry.prLink ? ` · ${prLinkText(entry.prLink, here)}` : ''
  const job = jobId ? ` · job ${escapeText(jobId, 100)}` : ''
  return `${REPLY_MARKER}\n${describeResult(entry.result)}${pr}${job}${entry.runUrl ? ` · ${link(entry.runUrl, 'workflow run')}` : ''}`
}
