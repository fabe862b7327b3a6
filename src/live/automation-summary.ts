import type { AgentReport } from '../agent-jobs/job-ending.js'
import type { Here } from '../github/pull-link.js'
import { renderAgentSummary } from '../summary/agent-summary.js'
import { alert, escapeText, keyValueTable } from '../summary/escape.js'

/** What an automation run did: not run, queued (not followed: `why`), or followed as an agent job. */
export type AutomationReport =
  | { state: 'not-run'; id: string; message: string }
  | { state: 'queued'; id: string; instanceId: string; jobId?: string; why: string; follow: string }
  | { state: 'unfollowed'; id: string; instanceId: string; jobId?: string; message: string }
  | { state: 'followed'; id: string; instanceId: string; agent: AgentReport }

export function renderAutomationSummary(report: AutomationReport, here?: Here): string {
  if (report.state === 'not-run') return `### ❌ Automation not run\n\n${alert('CAUTION', report.message)}\n`
  const rows: Array<[string, string]> = [
    ['Automation', escapeText(report.id, 100)],
    ['Run', escapeText(report.instanceId, 100)],
  ]
  // the agent summary's table names the job: the automation's own rows are the automation and its run
  if (report.state === 'followed')
    return `### ▶️ Automation run\n\n${keyValueTable(rows)}\n\n${renderAgentSummary(report.agent, here)}`
  const facts = keyValueTable([
    ...rows,
    ...(report.jobId ? ([['Job', escapeText(report.jobId, 100)]] as Array<[string, string]>) : []),
  ])
  if (report.state === 'queued')
    return `### ▶️ Automation run accepted (queued)\n\n${facts}\n\n${escapeText(`${report.why} ${report.follow}`, 600)}\n`
  return `### ⚠️ Automation run accepted (queued), not followed\n\n${facts}\n\n${alert('WARNING', report.message, 1000)}\n`
}
