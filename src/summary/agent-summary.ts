import { prNumber } from '../agent/job-outputs.js'
import type { AgentReport } from '../agent/run-agent.js'
import { formatDuration } from '../util/clock.js'
import { escapeText, keyValueTable, link } from './escape.js'

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

/** The agent-mode job summary, in Markdown: small, and every external string escaped. */
export function renderAgentSummary(report: AgentReport): string {
  const job = report.job
  const pr = job?.prLink ? link(job.prLink, prNumber(job.prLink) ? `#${prNumber(job.prLink)}` : job.prLink) : ''
  const repository = job?.source?.repository
  const source = repository
    ? `${/^https?:\/\//.test(repository) ? link(repository, repository.replace(/^https?:\/\/(github\.com\/)?/, '')) : escapeText(repository, 200)}${job?.source?.ref ? ` @ ${escapeText(job.source.ref, 100)}` : ''}`
    : ''
  const waited = report.waitedMs > 0 ? `${formatDuration(report.waitedMs)} (${report.checks} status checks)` : ''
  const rows: Array<[string, string]> = [
    ['Status', job ? escapeText(job.status, 60) : ''],
    ['Job', report.jobId ? escapeText(report.jobId, 100) : ''],
    ['Pull request', pr],
    ['Model', job?.model ? escapeText(job.model, 100) : ''],
    ['Source', source],
    ['Waited', waited],
  ]
  const parts = [`### Documentation agent (${ACTION[report.action]}): ${HEADLINE[report.outcome]}`, keyValueTable(rows)]
  if (report.message) parts.push(`> ${escapeText(report.message, 1500)}`)
  return `${parts.join('\n\n')}\n`
}
