import { prNumber } from '../agent/job-outputs.js'
import type { AgentReport } from '../agent/run-agent.js'
import { formatDuration } from '../util/clock.js'
import { escapeText, link } from './escape.js'

/**
 * The text of the one comment a run keeps on its issue or pull request. Same escaping rules as
 * the summary: nothing from the API becomes markup. The marker lets a run find its own comment.
 */

export function commentMarker(runKey: string): string {
  return `<!-- mintlify-docs-action run=${runKey.replace(/[^0-9A-Za-z.]/g, '')} -->`
}

export function renderStartComment(options: { marker: string; jobId: string; action: AgentReport['action']; runUrl: string }): string {
  const verb = options.action === 'follow-up' ? 'is working on a follow-up' : options.action === 'resume' ? 'is being watched' : 'is working on this'
  return [
    options.marker,
    `### 📝 The documentation agent ${verb}`,
    `Job ${escapeText(options.jobId, 100)} started · ${link(options.runUrl, 'workflow run')}`,
    'This comment is updated when the job ends.',
  ].join('\n\n')
}

const TITLE: Record<AgentReport['outcome'], string> = {
  completed: '✅ The documentation agent opened a pull request',
  'no-pr': '⚠️ The documentation agent finished without changing any files',
  archived: '⚠️ The documentation agent job was archived',
  failed: '❌ The documentation agent job failed',
  timeout: '⏱️ The documentation agent is still working',
  'not-waited': '▶️ The documentation agent job started',
  cancelled: '🛑 The workflow run was cancelled',
  error: '❌ The documentation agent job could not be run',
}

export function renderEndComment(options: { marker: string; report: AgentReport; runUrl: string }): string {
  const { report } = options
  const job = report.job
  const facts: string[] = []
  if (job?.prLink) facts.push(`Pull request: ${link(job.prLink, prNumber(job.prLink) ? `#${prNumber(job.prLink)}` : job.prLink)}`)
  if (report.jobId) facts.push(`Job ${escapeText(report.jobId, 100)}${job ? ` (${escapeText(job.status, 60)})` : ''}`)
  if (report.waitedMs > 0) facts.push(`waited ${formatDuration(report.waitedMs)}`)
  facts.push(link(options.runUrl, 'workflow run'))
  const parts = [options.marker, `### ${TITLE[report.outcome]}`, facts.join(' · ')]
  if (report.message) parts.push(`> ${escapeText(report.message, 1500)}`)
  return parts.join('\n\n')
}
