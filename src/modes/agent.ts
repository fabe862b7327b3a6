import { actionOf, agentEnding, runAgent } from '../agent/run-agent.js'
import { commentTarget } from '../github/comment-target.js'
import { entryFor, labelerFor, linkPullRequest, openTracking, recordEnd, recordStart } from '../github/tracking.js'
import type { AgentSettings } from '../inputs/settings.js'
import { renderAgentSummary } from '../summary/agent-summary.js'
import { threadCommentRenderer } from '../summary/thread-comment.js'
import * as core from '../util/actions-core.js'
import { external } from '../util/text.js'
import type { ModeContext, Report } from './context.js'

/**
 * `mode: agent`: create a job, send a follow-up or wait on one; with `comment: true`, the job is
 * tracked in the triggering issue's or pull request's tracking comment (and linked from the agent's
 * pull request), and with `status-labels` the thread's label says where the job stands.
 */
export async function run(settings: AgentSettings, ctx: ModeContext): Promise<Report> {
  const request = { projectId: settings.projectId, waitTimeoutMs: settings.waitTimeoutMs, ...settings.agent }
  const tracking = settings.comment ? await openThread(settings.comment, ctx) : undefined
  const action = actionOf(request)
  const entry = entryFor(ctx.run, ctx.run.actor, request.prompt ?? (action === 'resume' ? '(waiting on the job)' : ''), ctx.run.runUrl)
  const report = await runAgent(request, {
    client: ctx.client,
    clock: ctx.clock,
    signal: ctx.signal,
    deadline: ctx.deadline,
    outputs: ctx.outputs,
    onStarted: tracking && ((jobId) => recordStart(tracking.comment, jobId, [entry], { labeler: tracking.labeler })),
  })
  if (tracking) {
    await recordEnd(tracking.comment, report, [entry], { labeler: tracking.labeler })
    if (!ctx.signal.aborted) await linkPullRequest(tracking.api, tracking.identity, ctx.run, report, tracking.comment.thread, tracking.view, ctx.signal)
  }
  return { summary: renderAgentSummary(report, ctx.run), ending: agentEnding(report, settings.agent.requirePr) }
}

/** With comment: true, the tracking comment of the run's issue or pull request; undefined when the event has none. */
async function openThread(options: NonNullable<AgentSettings['comment']>, ctx: ModeContext) {
  const thread = commentTarget(ctx.run.eventName, ctx.run.payload, ctx.run)
  if (!thread) {
    core.notice(`comment is true, but this ${external(ctx.run.eventName, 40)} event has no issue or pull request to comment on.`)
    return undefined
  }
  const api = await ctx.github(options.token)
  const identity = await api.identity()
  const view = { runUrl: ctx.run.runUrl, render: threadCommentRenderer(options.triggerPhrase, ctx.run.serverUrl) }
  const comment = await openTracking(api, thread, identity, view, ctx.signal, 'fresh')
  return { api, identity, view, comment, labeler: labelerFor(api, thread, options.statusLabels) }
}
