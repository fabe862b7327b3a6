import type { Ending } from '../util/ending.js'
import { external } from '../util/text.js'
import type { AgentReport } from './run-agent.js'

/** How an agent job ends the step (agent mode, and an instruction sent in comment mode). */
export function agentEnding(report: AgentReport, requirePr: boolean): Ending {
  const message = report.message ?? ''
  switch (report.outcome) {
    case 'completed':
      return {
        level: 'notice',
        message: `Pull request opened by the documentation agent: ${external(report.job?.prLink ?? '', 500)}`,
      }
    case 'no-pr':
      return requirePr
        ? { level: 'failure', message: `${message} require-pr is true, so the step fails.` }
        : { level: 'warning', message }
    case 'archived':
      return requirePr && !report.job?.prLink
        ? { level: 'failure', message: `${message} require-pr is true, so the step fails.` }
        : { level: 'warning', message }
    case 'not-waited':
      return { level: 'info', message: `Not waiting (wait: false). Job ${external(report.jobId ?? '', 80)} goes on.` }
    default:
      return { level: 'failure', message: message || `The run ended with ${report.outcome}.` }
  }
}
