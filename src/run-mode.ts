import { RequestBudget } from './analytics/request-budget.js'
import { type InsightsReport, runInsights } from './analytics/run-insights.js'
import { type TrafficReport, runTraffic } from './analytics/run-traffic.js'
import { ApiClient } from './api/client.js'
import { fetchForBaseUrl } from './api/proxy.js'
import { type AgentReport, actionOf, runAgent } from './agent/run-agent.js'
import { type ConversationContext, runConversation } from './conversation/run-conversation.js'
import { commentTarget } from './github/comment-target.js'
import { type Thread, describeThread } from './github/conversation-event.js'
import { GitHubApi } from './github/github-api.js'
import { readRunContext } from './github/run-context.js'
import { ThreadComment } from './github/thread-comment.js'
import { entryFor, linkPullRequest, recordEnd, recordStart } from './github/tracking.js'
import type { AgentSettings, ConversationSettings, InsightsSettings, Settings, TrafficSettings } from './inputs/settings.js'
import { renderAgentSummary } from './summary/agent-summary.js'
import { renderConversationSummary } from './summary/conversation-summary.js'
import { escapeText } from './summary/escape.js'
import { writeSummary } from './summary/write-summary.js'
import * as core from './util/actions-core.js'
import { systemClock } from './util/clock.js'
import { getErrorMessage } from './util/errors.js'
import { Outputs } from './util/outputs.js'
import { external } from './util/text.js'

/**
 * Everything after the inputs are valid: the API client, the chosen mode, the summary, the comment
 * and how the step ends. main.ts loads this module only then, so a run stopped by a bad input
 * never loads it. Each mode is one entry in MODES.
 */

type ModeContext = ConversationContext & { analyticsBudget?: RequestBudget }

/** How an agent job ends the step (agent mode, and an instruction sent in comment mode). */
function concludeAgent(report: AgentReport, requirePr: boolean): void {
  const message = report.message ?? ''
  switch (report.outcome) {
    case 'completed':
      core.notice(`Pull request opened by the documentation agent: ${external(report.job?.prLink ?? '', 500)}`)
      return
    case 'no-pr':
      if (requirePr) core.setFailed(`${message} require-pr is true, so the step fails.`)
      else core.warning(message)
      return
    case 'archived':
      if (requirePr && !report.job?.prLink) core.setFailed(`${message} require-pr is true, so the step fails.`)
      else core.warning(message)
      return
    case 'not-waited':
      core.info(`Not waiting (wait: false). Job ${external(report.jobId ?? '', 80)} goes on.`)
      return
    default:
      core.setFailed(message || `The run ended with ${report.outcome}.`)
  }
}

/** How an analytics mode (visitors, views, insights) ends the step. */
function concludeAnalytics(report: TrafficReport | InsightsReport): void {
  if (report.outcome === 'complete') return
  if (report.outcome === 'incomplete') core.warning(report.message ?? 'The export is incomplete.')
  else core.setFailed(report.message ?? `The export ended with ${report.outcome}.`)
}

async function trafficMode(settings: TrafficSettings, ctx: ModeContext): Promise<void> {
  const dir = process.env.RUNNER_TEMP || process.cwd()
  const report = await runTraffic(settings, { client: ctx.client, outputs: ctx.outputs, now: () => ctx.clock.now(), dir })
  writeSummary(report.summary)
  concludeAnalytics(report)
}

async function insightsMode(settings: InsightsSettings, ctx: ModeContext): Promise<void> {
  const dir = process.env.RUNNER_TEMP || process.cwd()
  const budget = ctx.analyticsBudget as RequestBudget // runMode gives every analytics mode the client's own
  const report = await runInsights(settings, { client: ctx.client, outputs: ctx.outputs, now: () => ctx.clock.now(), dir, budget })
  writeSummary(report.summary)
  concludeAnalytics(report)
}

interface Tracking {
  thread: Thread
  api: GitHubApi
  identity: string | undefined
  comment: ThreadComment
  triggerPhrase: string
}

/** With comment: true, the tracking comment of the run's issue or pull request; undefined when the event has none. */
async function openTracking(options: NonNullable<AgentSettings['comment']>, ctx: ModeContext): Promise<Tracking | undefined> {
  const thread = commentTarget(ctx.run.eventName, ctx.run.payload, ctx.run)
  if (!thread) {
    core.notice(`comment is true, but this ${external(ctx.run.eventName, 40)} event has no issue or pull request to comment on.`)
    return undefined
  }
  const api = await GitHubApi.load(options.token, { signal: ctx.signal, deadline: ctx.deadline, now: () => ctx.clock.now(), log: (m) => core.info(m) })
  const identity = await api.identity()
  const view = { triggerPhrase: options.triggerPhrase, runUrl: ctx.run.runUrl, serverUrl: ctx.run.serverUrl }
  let comment: ThreadComment
  try {
    comment = await ThreadComment.open(api, thread, identity, view, ctx.signal)
  } catch (error) {
    core.warning(`Could not read the comments on ${describeThread(thread)}: ${external(getErrorMessage(error), 300)}. A new tracking comment is written.`)
    comment = ThreadComment.blank(api, thread, identity, view, ctx.signal)
  }
  return { thread, api, identity, comment, triggerPhrase: options.triggerPhrase }
}

/** Agent mode; with comment: true, the job is tracked in the thread's tracking comment. */
async function agentMode(settings: AgentSettings, ctx: ModeContext): Promise<void> {
  const tracking = settings.comment ? await openTracking(settings.comment, ctx) : undefined
  const action = actionOf(settings.agent)
  const entry = entryFor(ctx.run, ctx.run.actor, settings.agent.prompt ?? (action === 'resume' ? '(waiting on the job)' : ''), ctx.run.runUrl)
  const report = await runAgent(settings, {
    client: ctx.client,
    clock: ctx.clock,
    signal: ctx.signal,
    deadline: ctx.deadline,
    outputs: ctx.outputs,
    onStarted: tracking && ((jobId) => recordStart(tracking.comment, jobId, entry)),
  })
  writeSummary(renderAgentSummary(report, ctx.run))
  if (tracking) {
    await recordEnd(tracking.comment, report, entry)
    if (!ctx.signal.aborted) await linkPullRequest(tracking.api, tracking.identity, ctx.run, report, tracking.thread, tracking.triggerPhrase, ctx.signal)
  }
  concludeAgent(report, settings.agent.requirePr)
}

async function commentMode(settings: ConversationSettings, ctx: ModeContext): Promise<void> {
  const report = await runConversation(settings, ctx)
  writeSummary(renderConversationSummary(report, ctx.run))
  if (report.skip) {
    const refused = report.skip.reason === 'not-allowed' || report.skip.reason === 'bot'
    const line = `Not an instruction (${report.skip.reason}): ${report.skip.detail}`
    if (refused) core.notice(line)
    else core.info(line)
  } else if (report.failure) {
    core.setFailed(report.failure)
  } else if (report.agent) {
    concludeAgent(report.agent, settings.agent.requirePr)
  }
}

type ModeRunner<S> = (settings: S, ctx: ModeContext) => Promise<void>
const MODES: { [M in Settings['mode']]: ModeRunner<Extract<Settings, { mode: M }>> } = {
  agent: agentMode,
  visitors: trafficMode,
  views: trafficMode,
  insights: insightsMode,
  comment: commentMode,
}

export async function runMode(settings: Settings, signal: AbortSignal): Promise<void> {
  const clock = systemClock
  await core.prepareOutputs()
  const deadline = clock.now() + settings.waitTimeoutMs
  let apiFetch: typeof fetch
  try {
    apiFetch = await fetchForBaseUrl(settings.baseUrl, (m) => core.info(m))
  } catch (error) {
    const message = `${getErrorMessage(error)} Nothing was sent to the API.`
    writeSummary(`### ❌ Mintlify action: proxy settings\n\n${escapeText(message, 600)}\n`)
    core.setFailed(message)
    return
  }
  const maxRequests = settings.mode === 'insights' ? settings.insights.maxRequests : settings.mode === 'visitors' || settings.mode === 'views' ? settings.traffic.maxRequests : undefined
  const analyticsBudget = maxRequests === undefined ? undefined : new RequestBudget(maxRequests)
  const client = new ApiClient({
    fetch: apiFetch,
    analyticsBudget,
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    signal,
    deadline,
    log: (m) => core.info(m),
  })
  const ctx: ModeContext = { client, clock, signal, deadline, outputs: new Outputs(), run: readRunContext(), analyticsBudget }
  await (MODES[settings.mode] as ModeRunner<Settings>)(settings, ctx)
}
