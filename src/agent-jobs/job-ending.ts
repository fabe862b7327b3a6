import type { Ending } from '../util/ending.js'
import type { Job } from '../service/schemas.js'
import { external } from '../util/text.js'
import type { AgentAction } from './job-ask.js'

/**
 * How an agent job ends: its outcome once the wait is over (what its last status means), and how
 * that outcome ends the step.
 */

export type AgentOutcome =
  | 'completed' // with a pull request
  | 'no-pr' // completed without a pull request
  | 'archived'
  | 'failed'
  | 'timeout'
  | 'not-waited' // wait: false
  | 'cancelled'
  | 'error' // the API could not be reached or refused a request

/** What happened, for the summary, the comment and the step's conclusion. */
export interface AgentReport {
  action: AgentAction
  outcome: AgentOutcome
  jobId: string | undefined
  job: Job | undefined
  /** What went wrong, or what to know (for warnings and failures). */
  message: string | undefined
  /** From the start of the wait to its end; 0 when there was no wait. */
  waitedMs: number
  checks: number
  /** A create or follow-up whose answer was lost: the service may have acted on it (never send it again). */
  mayHaveBeenProcessed?: boolean
}

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

/** What an ended job's status means for the run: its outcome, and what to say when it is not a pull request. */
export function classify(report: AgentReport, job: Job): void {
  const id = external(job.id, 80)
  switch (job.status) {
    case 'completed':
      if (job.prLink) {
        report.outcome = 'completed'
      } else {
        report.outcome = 'no-pr'
        report.message = `Job ${id} completed without a pull request: the agent changed no files.`
      }
      return
    case 'archived':
      report.outcome = 'archived'
      report.message = `Job ${id} was archived${job.prLink ? '' : ' without a pull request'}.`
      return
    default:
      report.outcome = 'failed'
      report.message = `Job ${id} failed: the agent met an unrecoverable error.`
  }
}
