import { agentEnding, runAgent } from '../agent/run-agent.js'
import { ApiError } from '../api/errors.js'
import { entryFor } from '../github/tracking.js'
import type { LiveSettings } from '../inputs/settings.js'
import { renderAgentSummary } from '../summary/agent-summary.js'
import { alert, escapeText, keyValueTable } from '../summary/escape.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import type { ModeContext, Report } from './context.js'
import { openThread, trackJob } from './thread.js'

/**
 * `mode: automation`: runs one of the project's saved automations now (once: the POST is not
 * idempotent) and sets `automation-run-id`. Whether the run's `jobId` is an agent job is not
 * documented: with `wait: true` the action asks the agent API for it, and only when that answers does
 * it wait on it as agent mode does (the agent outputs, `pr-link` among them); otherwise the run is
 * said to be queued, with where to see it.
 */
export async function run(settings: LiveSettings, ctx: ModeContext): Promise<Report> {
  const id = settings.live.automationId as string
  const tracking = settings.comment ? await openThread(settings.comment, ctx) : undefined
  let started
  try {
    core.info(`Project ${external(settings.projectId, 80)}: running automation ${external(id, 80)} now.`)
    started = await ctx.client.triggerAutomation(id)
  } catch (error) {
    const message = getErrorMessage(error)
    return { summary: `### ❌ Automation not run\n\n${alert('CAUTION', message)}\n`, ending: { level: 'failure', message } }
  }
  ctx.outputs.set('automation-run-id', started.instanceId)
  const automationRows: Array<[string, string]> = [
    ['Automation', escapeText(id, 100)],
    ['Run', escapeText(started.instanceId, 100)],
  ]
  const facts = keyValueTable([...automationRows, ...(started.jobId ? ([['Job', escapeText(started.jobId, 100)]] as Array<[string, string]>) : [])])
  // the service answers 202 Accepted: the run is queued, not yet seen running
  const accepted = `Automation ${id}: the service accepted run ${started.instanceId} (202 Accepted: queued).`
  const follow = `Follow it on the dashboard's automations page (its run ${started.instanceId}).`
  const queued = (why: string): Report => ({
    summary: `### ▶️ Automation run accepted (queued)\n\n${facts}\n\n${escapeText(`${why} ${follow}`, 600)}\n`,
    ending: { level: 'notice', message: `${accepted} ${why} ${follow}` },
  })
  if (!settings.live.wait) return queued('Not waited for (wait: false).')
  if (!started.jobId) return queued('The service named no job for this run, so this step cannot follow it.')
  try {
    await ctx.client.getJob(started.jobId)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return queued(`Its job ${started.jobId} is not an agent job this action can follow.`)
    const message = `${accepted} Its job could not be read: ${getErrorMessage(error)} ${follow}`
    return { summary: `### ⚠️ Automation run accepted (queued), not followed\n\n${facts}\n\n${alert('WARNING', message, 1000)}\n`, ending: { level: 'warning', message } }
  }
  core.info(`The run's job ${external(started.jobId, 80)} is an agent job: waiting on it.`)
  // with comment: true the thread tracks the automation's job as it would an agent-mode job
  const job = trackJob(tracking, entryFor(ctx.run, ctx.clock.now(), ctx.run.actor, `Automation ${id}, run ${started.instanceId}`, ctx.run.runUrl, { described: true }), {}, ctx)
  const report = await runAgent(
    { projectId: settings.projectId, waitTimeoutMs: settings.waitTimeoutMs, wait: true, pollIntervalMs: settings.live.pollIntervalMs, prompt: undefined, jobId: started.jobId },
    {
      client: ctx.client,
      clock: ctx.clock,
      signal: ctx.signal,
      deadline: ctx.deadline,
      outputs: ctx.outputs,
      onStarted: job.started,
    },
  )
  await job.ended(report)
  // the agent summary's table names the job: the automation's own rows are the automation and its run
  return { summary: `### ▶️ Automation run\n\n${keyValueTable(automationRows)}\n\n${renderAgentSummary(report, ctx.run)}`, ending: agentEnding(report, settings.live.requirePr) }
}
