import type { AgentReport } from '../agent-jobs/job-ending.js'
import { isTerminal } from '../service/schemas.js'
import { formatDuration } from '../util/format.js'
import { count } from '../util/format.js'
import type { Here } from '../github/pull-link.js'
import { alert, escapeText, keyValueTable, link, prLinkText } from './escape.js'

const HEADLINE: Record<AgentReport['outcome'], string> = {
  completed: '✅ pull request opened',
  'no-pr': '⚠️ completed without a pull request',
  archived: '⚠️ archived',
  failed: '❌ failed',
  timeout: '⏱️ still running at wait-timeout',
  'not-waited': '▶️ started (not waited for)',
  cancelled: '🛑 cancelled',
  error: '❌ error',
}

const ACTION: Record<AgentReport['action'], string> = {
  create: 'new job',
  'follow-up': 'follow-up',
  resume: 'resumed wait',
}

/** The agent-mode job summary, in Markdown: small, only what is known, and every external string escaped. */
export function renderAgentSummary(report: AgentReport, here?: Here): string {
  const job = report.job
  const pr = job?.prLink ? prLinkText(job.prLink, here) : ''
  const repository = job?.source?.repository
  const source = repository
    ? `${/^https?:\/\//.test(repository) ? link(repository, repository.replace(/^https?:\/\/(github\.com\/)?/, '')) : escapeText(repository, 200)}${job?.source?.ref ? ` @ ${escapeText(job.source.ref, 100)}` : ''}`
    : ''
  const waited =
    report.waitedMs > 0
      ? `${formatDuration(report.waitedMs)} (${count(report.checks, 'status check', 'status checks')})`
      : ''
  const rows: Array<[string, string]> = [
    ['Status', job ? escapeText(job.status, 60) : ''],
    ['Job', report.jobId ? escapeText(report.jobId, 100) : ''],
    // once the job is known, "no pull request (yet)" is a fact worth a row; before that, nothing is
    ['Pull request', pr || (job ? (isTerminal(job.status) ? 'none' : 'none yet') : '')],
    ['Model', job?.model ? escapeText(job.model, 100) : ''],
    ['Source', source],
    ['Waited', waited],
  ]
  const known = rows.filter(([, value]) => value !== '')
  const parts = [`### Documentation agent (${ACTION[report.action]}): ${HEADLINE[report.outcome]}`]
  if (known.length > 0) parts.push(keyValueTable(known))
  if (report.message)
    parts.push(alert(report.outcome === 'error' || report.outcome === 'failed' ? 'CAUTION' : 'WARNING', report.message))
  return `${parts.join('\n\n')}\n`
}

/** A run that sent nothing (changes with nothing relevant, a refused author): why, as a table. */
export function renderAgentSkip(reason: string, detail: string): string {
  const refused = reason === 'not-allowed' || reason === 'bot'
  return `### ${refused ? '🚫' : '💤'} Documentation agent: nothing sent\n\n${keyValueTable([
    ['Reason', `\`${reason}\``],
    ['Why', escapeText(detail, 600)],
  ])}\n`
}

/** The code change could not be read from GitHub: nothing was sent. */
export function renderChangeUnreadable(failure: string): string {
  return (
    `### ❌ Documentation agent: the change could not be ` +
    `read\n\n${escapeText(failure, 1000)}\n\nNothing was sent to the service.\n`
  )
}

/** What the code change the job describes was: the link, the files described, the docs pull request. */
export function renderChangeLine(
  change: { url: string | undefined; label: string; files: number; cut: number },
  prLink: string | null | undefined,
): string {
  const docs = prLink ? ` → docs ${link(prLink, 'pull request') || escapeText(prLink, 200)}` : ''
  return (
    `\n**Code change:** ${link(change.url, change.label) || escapeText(change.label, 200)}, ` +
    `${count(change.files, 'file')} described${change.cut > 0 ? ` (${count(change.cut, 'patch', 'patches')} left out for max-changes)` : ''}${docs}.\n`
  )
}
