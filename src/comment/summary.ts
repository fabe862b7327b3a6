import type { Here } from '../github/pull-link.js'
import { renderAgentSummary } from '../summary/agent-summary.js'
import { MAX_INSTRUCTIONS } from '../tracking/state.js'
import type { CommentReport } from './report.js'
import { count } from '../util/format.js'
import { alert, escapeText, keyValueTable, link } from '../summary/escape.js'

/**
 * The comment-mode job summary: why a comment was not taken (one line, never a silent green run),
 * or where the instruction came from followed by the agent summary.
 */
export function renderCommentSummary(report: CommentReport, here?: Here): string {
  const parts: string[] = []
  if (report.skip) {
    const refused = report.skip.reason === 'not-allowed' || report.skip.reason === 'bot'
    parts.push(
      `### ${refused ? '🚫' : '💬'} Documentation agent: comment ${refused ? 'refused' : 'not taken as an instruction'}`,
    )
    parts.push(
      keyValueTable([
        ['Reason', `\`${report.skip.reason}\``],
        ['Why', escapeText(report.skip.detail, 500)],
      ]),
    )
    parts.push('Nothing was sent to the documentation service.')
    return `${parts.join('\n\n')}\n`
  }
  const from = report.source
    ? `Instruction from ${escapeText(report.source.author, 60)} on ${link(report.source.url, report.source.where) || escapeText(report.source.where, 60)}`
    : ''
  if (report.failure) {
    parts.push('### ❌ Documentation agent: instruction not sent')
    if (from) parts.push(from)
    parts.push(alert('CAUTION', report.failure))
    return `${parts.join('\n\n')}\n`
  }
  const caughtUp = count(report.caughtUp ?? 0, 'earlier instruction')
  if (report.notOwn) {
    parts.push(
      keyValueTable([
        ['This comment', `not an instruction (\`${report.notOwn.reason}\`): ${escapeText(report.notOwn.detail, 500)}`],
        ['Sent instead', `${caughtUp} on the thread that no run had sent (see the tracking comment)`],
      ]),
    )
  } else if (from)
    parts.push(
      report.caughtUp
        ? `${from}, sent after ${caughtUp} on the thread that no run had sent (see the tracking comment)`
        : from,
    )
  if (report.left)
    parts.push(
      alert(
        'WARNING',
        `${count(report.left, 'earlier instruction was', 'earlier instructions were')} left ` +
          `out: more were waiting than one run sends (${MAX_INSTRUCTIONS}). The tracking ` +
          `comment lists ${report.left === 1 ? 'it' : 'them'}; write ` +
          `${report.left === 1 ? 'it' : 'them'} again.`,
      ),
    )
  return `${report.agent ? renderAgentSummary(report.agent, here) : ''}${parts.length > 0 ? `\n${parts.join('\n\n')}\n` : ''}`
}
