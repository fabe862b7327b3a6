import { type JobRequest, askOf } from '../agent-jobs/job-ask.js'
import { agentEnding } from '../agent-jobs/job-ending.js'
import { runAgent } from '../agent-jobs/run-agent.js'
import type { AgentSettings } from './inputs.js'
import { present } from '../util/errors.js'
import {
  renderAgentSkip,
  renderAgentSummary,
  renderChangeLine,
  renderChangeUnreadable,
} from '../summary/agent-summary.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { type Described, planChange } from './plan-change.js'
import { ThreadTracking, UNTRACKED, entryFor } from '../tracking/thread-tracking.js'
import { eventAuthor } from '../github/run-context.js'

/**
 * `mode: agent`: create a job, follow one up or wait on one; tracked in the thread's comment with
 * `comment: true`. With `changes` the prompt carries the event's code change, and `continue-thread`
 * sends a pull request's later pushes to the same job.
 */
export async function run(settings: AgentSettings, ctx: ModeContext): Promise<Report> {
  const tracking = settings.comment ? await ThreadTracking.ofRun(settings.comment, ctx) : undefined
  let described: Described | undefined
  if (settings.changes) {
    const planned = await planChange(settings.changes, settings.agent.prompt, ctx, tracking)
    if ('skip' in planned) return skipped(planned.skip, planned.detail, ctx)
    if ('failure' in planned)
      return {
        summary: renderChangeUnreadable(planned.failure),
        ending: { level: 'failure', message: planned.failure },
      }
    described = planned
  }
  // the change's prompt and the thread's job, else the inputs'
  const ask = described ? askOf(described.prompt, described.jobId) : askOf(settings.agent.prompt, settings.agent.jobId)
  const { wait, pollIntervalMs } = settings.agent
  const request: JobRequest = {
    projectId: settings.projectId,
    waitTimeoutMs: settings.waitTimeoutMs,
    wait,
    pollIntervalMs,
    // the inputs' rules ask for prompt, job-id or changes, and changes make a prompt
    ...present(ask, 'prompt or job-id'),
  }
  const resume = request.action === 'resume'
  const instruction = described?.entry ?? (resume ? 'Waiting on the job' : request.prompt)
  const entry = entryFor(ctx.run, ctx.clock.now(), ctx.run.actor, instruction, described?.url ?? ctx.run.runUrl, {
    described: described !== undefined || resume,
  })
  // reviewers: author: who started the job, the code change's author or the issue's
  const author = settings.comment?.reviewers ? eventAuthor(ctx.run.payload) : undefined
  const job = tracking?.job([entry], { head: described?.head }, author ? [author] : []) ?? UNTRACKED
  const report = await runAgent(request, {
    ...ctx,
    onStarted: async (jobId) => {
      if (described) {
        ctx.outputs.set('triggered', 'true')
        ctx.outputs.set('skip-reason', '')
      }
      await job.started(jobId)
    },
  })
  if (described && ctx.outputs.get('triggered') !== 'true') ctx.outputs.set('triggered', 'false')
  await job.ended(report)
  return {
    summary: `${renderAgentSummary(report, ctx.run)}${described ? renderChangeLine(described, report.job?.prLink) : ''}`,
    ending: agentEnding(report, settings.agent.requirePr),
  }
}

/** A run that sent nothing: the outputs and a summary that say why. */
function skipped(reason: string, detail: string, ctx: ModeContext): Report {
  ctx.outputs.set('triggered', 'false')
  ctx.outputs.set('skip-reason', reason)
  const refused = reason === 'not-allowed' || reason === 'bot'
  return {
    summary: renderAgentSkip(reason, detail),
    ending: { level: refused ? 'notice' : 'info', message: `No docs job (${reason}): ${detail}` },
  }
}

/**
 * This mode as jobs.ts runs it: its run, and the analytics requests it may send: none (the agent's
 * jobs spend agent uses).
 */
export const job: Job<AgentSettings> = { run, analyticsBudget: () => 0 }
