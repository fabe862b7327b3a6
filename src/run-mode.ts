import { ApiClient } from './api/client.js'
import { fetchForBaseUrl } from './api/proxy.js'
import { type AgentReport, actionOf, runAgent } from './agent/run-agent.js'
import { ProgressComment } from './github/progress-comment.js'
import type { AgentSettings, Settings } from './inputs/settings.js'
import { renderAgentSummary } from './summary/agent-summary.js'
import { escapeText } from './summary/escape.js'
import { writeSummary } from './summary/write-summary.js'
import * as core from './util/actions-core.js'
import { systemClock } from './util/clock.js'
import { getErrorMessage } from './util/errors.js'
import { Outputs } from './util/outputs.js'
import { external } from './util/text.js'
import { type VisitorsReport, runVisitors } from './visitors/run-visitors.js'

/**
 * Everything after the inputs are valid: the API client, the chosen mode, the summary, the comment
 * and how the step ends. main.ts loads this module only then, so a run stopped by a bad input
 * never loads it.
 */

/** How an agent run ends the step. */
function concludeAgent(report: AgentReport, settings: AgentSettings): void {
  const message = report.message ?? ''
  switch (report.outcome) {
    case 'completed':
      core.notice(`Pull request opened by the documentation agent: ${external(report.job?.prLink ?? '', 500)}`)
      return
    case 'no-pr':
      if (settings.agent.requirePr) core.setFailed(`${message} require-pr is true, so the step fails.`)
      else core.warning(message)
      return
    case 'archived':
      if (settings.agent.requirePr && !report.job?.prLink) core.setFailed(`${message} require-pr is true, so the step fails.`)
      else core.warning(message)
      return
    case 'not-waited':
      core.info(`Not waiting (wait: false). Job ${external(report.jobId ?? '', 80)} goes on.`)
      return
    default:
      core.setFailed(message || `The run ended with ${report.outcome}.`)
  }
}

/** How a visitors export ends the step. */
function concludeVisitors(report: VisitorsReport): void {
  if (report.outcome === 'complete') return
  if (report.outcome === 'incomplete') core.warning(report.message ?? 'The export is incomplete.')
  else core.setFailed(report.message ?? `The export ended with ${report.outcome}.`)
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
  const client = new ApiClient({
    fetch: apiFetch,
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    signal,
    deadline,
    log: (m) => core.info(m),
  })
  const outputs = new Outputs()

  if (settings.mode === 'visitors') {
    const dir = process.env.RUNNER_TEMP || process.cwd()
    const report = await runVisitors(settings, { client, outputs, now: () => clock.now(), dir })
    writeSummary(report.summary)
    concludeVisitors(report)
    return
  }
  const comment = settings.comment ? await ProgressComment.forEvent(settings.comment.token, signal) : undefined
  const report = await runAgent(settings, {
    client,
    clock,
    signal,
    deadline,
    outputs,
    onStarted: comment ? (jobId) => comment.start(jobId, actionOf(settings.agent)) : undefined,
  })
  writeSummary(renderAgentSummary(report))
  await comment?.finish(report)
  concludeAgent(report, settings)
}
