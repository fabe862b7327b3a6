import { agentEnding } from '../agent-jobs/job-ending.js'
import type { AgentReport } from '../agent-jobs/job-ending.js'
import type { SkipReason } from '../github/gate.js'
import type { ModeContext } from '../modes/context.js'
import type { Ending } from '../util/ending.js'

/**
 * What a comment-mode run did, and how it ends: not an instruction (skip), an instruction that could
 * not be sent, or the agent's job followed to its end.
 */

/** What a comment-mode run did: the summary and the run's ending are made from it. */
export interface CommentReport {
  triggered: boolean
  skip?: { reason: SkipReason; detail: string }
  /** Where the instruction came from, for the summary. */
  source?: { author: string; where: string; url: string }
  agent?: AgentReport
  /** How many earlier instructions on the thread this run caught up on and sent with its own. */
  caughtUp?: number
  /** How many earlier instructions were left out (more were waiting than one run sends). */
  left?: number
  /** Why the run's own comment was not an instruction, when it sent only the instructions it caught up on. */
  notOwn?: { reason: SkipReason; detail: string }
  /** Why the run failed before (or instead of) sending the instruction. */
  failure?: string
}

/** The run's ending: a refusal is a notice, a comment that is no instruction a line of the log. */
export function endingOf(report: CommentReport, requirePr: boolean): Ending {
  if (report.skip) {
    const refused = report.skip.reason === 'not-allowed' || report.skip.reason === 'bot'
    return {
      level: refused ? 'notice' : 'info',
      message: `Not an instruction (${report.skip.reason}): ${report.skip.detail}`,
    }
  }
  if (report.failure) return { level: 'failure', message: report.failure }
  return report.agent ? agentEnding(report.agent, requirePr) : { level: 'ok' }
}

/** A step's result, or the run's report when the step ended it. */
export type Step<T> = T | { ended: CommentReport }

/** How a run ends early: not an instruction (skip), or an instruction that could not be sent. */
export function endings(ctx: ModeContext) {
  return {
    skip: (reason: SkipReason, detail: string): { ended: CommentReport } => {
      ctx.outputs.set('triggered', 'false')
      ctx.outputs.set('skip-reason', reason)
      return { ended: { triggered: false, skip: { reason, detail } } }
    },
    notSent: (failure: string, source?: CommentReport['source']): { ended: CommentReport } => {
      ctx.outputs.set('triggered', 'false')
      return { ended: { triggered: false, source, failure } }
    },
  }
}
export type Endings = ReturnType<typeof endings>
