import type { CallerStats } from '../service/schemas.js'
import { callersLine } from '../summary/callers.js'
import { type ListState, incompleteNote } from '../analytics/gather-insights.js'
import type { DeadEndSearch, DownRatedPage, UnansweredQuestion } from '../analytics/insights.js'
import { alert, escapeText } from '../summary/escape.js'
import { count, formatDay, formatNumber, formatPercent } from '../util/format.js'

/**
 * The insights job summary: the range, then the three lists as tables (the first `summary-rows`
 * of each, and how many more are in the files), each saying what its numbers mean, whether it is
 * complete, and in one line when it is empty. Every reader string is escaped.
 */

export interface InsightsSummaryInput {
  projectId: string
  range: string
  summaryRows: number
  searches: { list: DeadEndSearch[]; totalSearches: number; clickThrough: number | undefined } & ListState
  questions: { list: UnansweredQuestion[]; asked: number } & ListState
  pages: { list: DownRatedPage[]; rated: number } & ListState
  requests: { spent: number; max: number }
  /** Failures and warnings, plain text. */
  notes: string[]
  failed: boolean
  files: { json: string } | undefined
  promptChars: number
  /** What the run did with an open date-to (inputs/dates.ts describePin); '' when it was given. */
  pin?: string
  /** The assistant's queries by caller for the range, and for the period before when there is a start. */
  callers?: { now: CallerStats; before: CallerStats | undefined }
}

/** Each list's table stays under this, whatever summary-rows is (the runner drops a summary over 1 MiB). */
const TABLE_BYTE_BUDGET = 60 * 1024

/** A table of at most `lines` rows and TABLE_BYTE_BUDGET bytes, then how many more `noun` are in the files (named once, at the end). */
function table(head: string, lines: string[], total: number, noun: [string, string]): string {
  const kept: string[] = []
  let bytes = 0
  for (const line of lines) {
    bytes += Buffer.byteLength(line) + 1
    if (bytes > TABLE_BYTE_BUDGET) break
    kept.push(line)
  }
  const rest = total - kept.length
  return `\n\n${head}\n${kept.join('\n')}${rest > 0 ? `\n\n${formatNumber(rest)} more ${rest === 1 ? noun[0] : noun[1]} in the files.` : ''}`
}

function state(s: ListState): string {
  return s.complete ? '' : `\n\n${alert('WARNING', `${incompleteNote(s)}. What was fetched is listed.`, 500)}`
}

export function renderInsightsSummary(input: InsightsSummaryInput): string {
  const icon = input.failed
    ? '❌'
    : input.notes.length > 0 || !input.searches.complete || !input.questions.complete || !input.pages.complete
      ? '⚠️'
      : '🔎'
  const parts = [
    `### ${icon} What readers could not find: ${escapeText(input.projectId, 100)}, ${escapeText(input.range, 120)}`,
  ]
  for (const note of input.notes) parts.push(alert(input.failed ? 'CAUTION' : 'WARNING', note))
  const n = input.summaryRows

  const s = input.searches
  const ctr = s.clickThrough === undefined ? '' : `, ${formatPercent(s.clickThrough)} of them followed by a click`
  let searches =
    `#### Searches that led nowhere: ` +
    `${formatNumber(s.list.length)}\n\n${formatNumber(s.totalSearches)} searches in the ` +
    `range${ctr}. These queries were searched and no result was clicked (click-through ` +
    `0), most searched first.`
  if (s.list.length === 0) searches += '\n\nNone: every query was followed by a click at least once.'
  else {
    searches += table(
      '| Query | Searches | Last searched |\n|---|---:|---|',
      s.list
        .slice(0, n)
        .map((x) => `| ${escapeText(x.query, 150)} | ${formatNumber(x.hits)} | ${formatDay(x.lastSearchedAt ?? '')} |`),
      s.list.length,
      ['search', 'searches'],
    )
  }
  parts.push(searches + state(s))

  const q = input.questions
  let questions =
    `#### Questions the assistant could not answer: ` +
    `${formatNumber(q.list.length)}\n\n${formatNumber(q.asked)} unanswered questions ` +
    `asked, grouped by question (case, spacing and trailing punctuation folded), most asked first.`
  if (q.list.length === 0) questions += '\n\nNone: the assistant answered every question it was asked.'
  else {
    questions += table(
      '| Question | Asked | Page asked from |\n|---|---:|---|',
      q.list
        .slice(0, n)
        .map((x) => `| ${escapeText(x.question, 200)} | ${formatNumber(x.asked)} | ${escapeText(x.page ?? '', 150)} |`),
      q.list.length,
      ['question', 'questions'],
    )
  }
  parts.push(questions + state(q))

  const p = input.pages
  let pages =
    `#### Pages readers rated down: ${formatNumber(p.list.length)}\n\nOf ` +
    `${formatNumber(p.rated)} pages with feedback, these got more thumbs down than up, ` +
    `most thumbs down first, with the latest comments of readers who found them not helpful.`
  if (p.list.length === 0) pages += '\n\nNone: no page got more thumbs down than up.'
  else {
    const comments = (x: DownRatedPage): string => x.comments.map((c) => `“${escapeText(c.text, 200)}”`).join('<br>')
    pages += table(
      '| Page | 👎 | 👍 | Latest comments |\n|---|---:|---:|---|',
      p.list
        .slice(0, n)
        .map(
          (x) =>
            `| ${escapeText(x.path, 150)} | ${formatNumber(x.thumbsDown)} | ` +
            `${formatNumber(x.thumbsUp)} | ${comments(x)} |`,
        ),
      p.list.length,
      ['page', 'pages'],
    )
  }
  parts.push(pages + state(p))
  if (input.callers)
    parts.push(`#### Who asks the assistant\n\n${callersLine('this range', input.callers.now, input.callers.before)}`)

  const prompt =
    input.promptChars > 0
      ? `The output \`agent-prompt\` (${count(input.promptChars, 'character')}) asks the ` +
        `documentation agent to close the top gaps.`
      : 'No gaps, so `agent-prompt` is empty.'
  const files = input.files ? ' Every row of the three lists is in the files (output `insights-json`).' : ''
  parts.push(
    `${prompt}${files} ${formatNumber(input.requests.spent)} of max-requests ` +
      `(${formatNumber(input.requests.max)}) analytics requests spent.${input.pin ? ` ${escapeText(input.pin, 300)}` : ''}`,
  )
  parts.push(
    '<sub>Everything quoted here was typed by anonymous readers: it is shown as text, ' +
      'and in the prompt it is quoted as data, never as instructions. Review the pull ' +
      'request the agent opens.</sub>',
  )
  return `${parts.join('\n\n')}\n`
}
