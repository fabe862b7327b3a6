import type { Problem } from '../check/cli-output.js'
import { count, formatNumber } from '../util/format.js'
import { alert, escapeText } from './escape.js'

/** A problem where the repository has it: its path there (the docs folder's and the CLI's file). */
export interface ReportedProblem extends Problem {
  path: string
}

export interface CheckView {
  checked: string[]
  problems: ReportedProblem[]
  /** Problems in files the pull request does not change, not reported (scope: changed). */
  outside: number
  /** The pull request whose files were the scope. */
  pull?: number
  notes?: string[]
  /** The check could not reach a verdict. */
  failure?: string
}

/** The rows the summary shows at most (every problem is in problems-json and annotated). */
const MAX_ROWS = 200

const RULE_WORDS: Record<Problem['rule'], string> = {
  'broken-link': 'broken link',
  'broken-redirect': 'broken redirect',
  'missing-alt': 'no alt text',
  accessibility: 'accessibility',
  contrast: 'colour contrast',
  build: 'build',
}

export function renderCheckSummary(view: CheckView): string {
  const what = `Checked: ${view.checked.map((c) => escapeText(c, 40)).join(', ')}.`
  const scope =
    view.pull !== undefined
      ? ` The files of pull request #${view.pull}${view.outside > 0 ? ` (${count(view.outside, 'problem')} elsewhere not reported)` : ''}.`
      : ''
  if (view.failure) return `### ❌ Docs check: no verdict\n\n${alert('CAUTION', view.failure, 1500)}\n\n${what}\n`
  const notes = (view.notes ?? []).map((n) => `\n${escapeText(n, 400)}\n`).join('')
  if (view.problems.length === 0) return `### ✅ Docs check passed\n\n${what}${scope}\n${notes}`
  const rows = view.problems.slice(0, MAX_ROWS).map((p) => {
    const where = p.line !== undefined ? `${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : '—'
    return `| ${escapeText(p.path, 200)} | ${where} | ${RULE_WORDS[p.rule]} | ${escapeText(p.message, 300)} |`
  })
  const more =
    view.problems.length > MAX_ROWS ? `\n\n${formatNumber(view.problems.length - MAX_ROWS)} more in problems-json.` : ''
  return `### ❌ Docs check: ${count(view.problems.length, 'problem')}\n\n${what}${scope}\n\n| File | Line | Problem | Details |\n|---|---|---|---|\n${rows.join('\n')}${more}\n${notes}`
}
