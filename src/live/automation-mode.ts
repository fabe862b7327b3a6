import { agentEnding } from '../agent-jobs/job-ending.js'
import { runAgent } from '../agent-jobs/run-agent.js'
import { ApiError } from '../service/errors.js'
import type { LiveSettings } from './inputs.js'
import { renderAutomationSummary } from './automation-summary.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage, present } from '../util/errors.js'
import { external } from '../util/text.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { ThreadTracking, UNTRACKED, entryFor } from '../tracking/thread-tracking.js'

/**
 * `mode: automation`: runs a saved automation once (the POST is not idempotent). That its `jobId` is
 * an agent job is undocumented: with `wait: true` it is followed as one only when the agent API
 * knows it; otherwise the run is said to be queued.
 */
export async function run(settings: LiveSettings, ctx: ModeContext): Promise<Report> {
  const id = present(settings.live.automationId, 'automation-id')
  const tracking = settings.comment ? await ThreadTracking.ofRun(settings.comment, ctx) : undefined
  let started
  try {
    core.info(`Project ${external(settings.projectId, 80)}: running automation ${external(id, 80)} now.`)
    started = await ctx.client.triggerAutomation(id)
  } catch (error) {
    const message = getErrorMessage(error)
    return {
      summary: renderAutomationSummary({ state: 'not-run', id, message }),
      ending: { level: 'failure', message },
    }
  }
  const { instanceId, jobId } = started
  ctx.outputs.set('automation-run-id', instanceId)
  // the service answers 202 Accepted: the run is queued, not yet seen running
  const accepted = `Automation ${id}: the service accepted run ${instanceId} (202 Accepted: queued).`
  const follow = `Follow it on the dashboard's automations page (its run ${instanceId}).`
  const queued = (why: string): Report => ({
    summary: renderAutomationSummary({ state: 'queued', id, instanceId, ...(jobId ? { jobId } : {}), why, follow }),
    ending: { level: 'notice', message: `${accepted} ${why} ${follow}` },
  })
  if (!settings.live.wait) return queued('Not waited for (wait: false).')
  if (!jobId) return queued('The service named no job for this run, so this step cannot follow it.')
  try {
    await ctx.client.getJob(jobId)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return queued(`Its job ${jobId} is not an agent job this action can follow.`)
    const message = `${accepted} Its job could not be read: ${getErrorMessage(error)} ${follow}`
    return {
      summary: renderAutomationSummary({ state: 'unfollowed', id, instanceId, jobId, message }),
      ending: { level: 'warning', message },
    }
  }
  core.info(`The run's job ${external(jobId, 80)} is an agent job: waiting on it.`)
  // with comment: true the thread tracks the automation's job as it would an agent-mode job
  const entry = entryFor(
    ctx.run,
    ctx.clock.now(),
    ctx.run.actor,
    `Automation ${id}, run ${instanceId}`,
    ctx.run.runUrl,
    {
      described: true,
    },
  )
  const job = tracking?.job([entry], {}) ?? UNTRACKED
  const report = await runAgent(
    {
      projectId: settings.projectId,
      waitTimeoutMs: settings.waitTimeoutMs,
      wait: true,
      pollIntervalMs: settings.live.pollIntervalMs,
      action: 'resume',
      jobId,
    },
    {
      ...ctx,
      onStarted: job.started,
    },
  )
  await job.ended(report)
  return {
    summary: renderAutomationSummary({ state: 'followed', id, instanceId, agent: report }, ctx.run),
    ending: agentEnding(report, settings.live.requirePr),
  }
}

/** This mode as jobs.ts runs it: its run, and the analytics requests it may send: none. */
export const job: Job<LiveSettings> = { run, analyticsBudget: () => 0 }
