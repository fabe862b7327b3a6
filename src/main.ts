import * as core from '@actions/core'
import { ApiClient } from './api/client.js'
import { type AgentReport, actionOf, runAgent } from './agent/run-agent.js'
import { ProgressComment } from './github/progress-comment.js'
import { type AgentSettings, INPUT_NAMES, InputError, type RawInputs, type Settings, parseSettings, unusedInputs } from './inputs/settings.js'
import { renderAgentSummary } from './summary/agent-summary.js'
import { escapeText } from './summary/escape.js'
import { listenForCancellation } from './util/cancellation.js'
import { systemClock } from './util/clock.js'
import { getErrorMessage } from './util/errors.js'
import { Outputs } from './util/outputs.js'
import { external, registerSecret } from './util/text.js'
import { type VisitorsReport, runVisitors } from './visitors/run-visitors.js'

/** Reads every input as the runner passed it. The key is masked before anything can print. */
function readRawInputs(): RawInputs {
  for (const secret of ['api-key', 'github-token']) {
    const value = core.getInput(secret)
    if (value) {
      core.setSecret(value)
      registerSecret(value)
    }
  }
  const raw: RawInputs = {}
  for (const name of INPUT_NAMES) raw[name] = core.getInput(name, { trimWhitespace: name !== 'prompt' })
  return raw
}

async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.')
    return
  }
  try {
    await core.summary.addRaw(markdown).write()
  } catch (error) {
    core.warning(`Could not write the job summary: ${external(getErrorMessage(error))}`)
  }
}

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

async function main(signal: AbortSignal): Promise<void> {
  const clock = systemClock
  const raw = readRawInputs()
  let settings: Settings
  try {
    settings = parseSettings(raw, clock.now())
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    core.setFailed(error.message)
    await writeSummary(`### ❌ Mintlify action: input error\n\n> ${escapeText(error.message, 2000)}\n`)
    return
  }
  if (!settings.apiKey.startsWith('mint_')) {
    core.warning('api-key does not start with "mint_", the prefix of Mintlify admin API keys: the API will likely refuse it. Check that the secret holds an admin key.')
  }
  const unused = unusedInputs(raw, settings.mode)
  if (settings.mode === 'visitors' && settings.commentIgnored) unused.push('comment')
  if (unused.length > 0) core.warning(`mode is ${settings.mode}, so these inputs are ignored: ${unused.join(', ')}.`)

  const deadline = clock.now() + settings.waitTimeoutMs
  const client = new ApiClient({
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
    await writeSummary(report.summary)
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
  await writeSummary(renderAgentSummary(report))
  await comment?.finish(report)
  concludeAgent(report, settings)
}

/** The action's entry point: never throws, and is the only caller of setFailed for unexpected errors. */
export async function run(): Promise<void> {
  const cancellation = listenForCancellation((name) => core.info(`Received ${name}: stopping and reporting what is known.`))
  try {
    await main(cancellation.signal)
  } catch (error) {
    core.setFailed(`Unexpected error: ${external(getErrorMessage(error), 1000)}`)
  } finally {
    cancellation.dispose()
  }
}
