import { RequestBudget } from './analytics/request-budget.js'
import { ApiClient } from './service/client.js'
import { fetchForBaseUrl } from './service/proxy.js'
import { GitHubApi } from './github/github-api.js'
import { readRunContext } from './github/run-context.js'
import { inputWords } from './inputs/api-words.js'
import { OUTPUTS_OF } from './inputs/outputs.js'
import type { Settings } from './interface/settings.js'
import type { ModeContext } from './modes/context.js'
import { jobFor } from './jobs.js'
import { escapeText } from './summary/escape.js'
import { renderRunHeader } from './summary/run-header.js'
import { renderUsage } from './summary/usage.js'
import * as core from './util/actions-core.js'
import { systemClock } from './util/clock.js'
import type { Ending } from './util/ending.js'
import { getErrorMessage } from './util/errors.js'
import { Outputs } from './util/outputs.js'

/**
 * Everything after the inputs are valid: build the context, run the mode from the table (jobs.ts), write its
 * summary and end the step as its report says. main.ts loads this module only then.
 */

/** Appends to the job summary through @actions/core (GitHub's tools see it); a failure is a warning. */
async function writeRunSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written.')
    return
  }
  try {
    await core.summary.addRaw(markdown.endsWith('\n') ? markdown : `${markdown}\n`).write()
  } catch (error) {
    core.warning(`Could not write the job summary: ${getErrorMessage(error)}`)
  } finally {
    core.summary.emptyBuffer()
  }
}

/** The step's ending: the one place, after the inputs, that fails the step. */
function conclude(ending: Ending): void {
  const problems = ending.problems ?? []
  if (problems.length > 1 && (ending.level === 'failure' || ending.level === 'warning')) {
    // one annotation per problem, the headline in the log; a failure still fails the step once
    if (ending.message) core.info(ending.message)
    for (const problem of problems.slice(0, -1)) (ending.level === 'failure' ? core.error : core.warning)(problem)
    const last = problems.at(-1) ?? ending.message ?? ''
    if (ending.level === 'failure') core.setFailed(last)
    else core.warning(last)
    return
  }
  const message = ending.message ?? ''
  if (ending.level === 'failure') core.setFailed(message)
  else if (ending.level === 'warning') core.warning(message)
  else if (ending.level === 'notice') core.notice(message)
  else if (ending.level === 'info') core.info(message)
}

/** What a test may replace: parts of the context (its clock), and plugin-retry's wait unit (1 s). */
export interface RunOverrides extends Partial<ModeContext> {
  githubRetryBaseMs?: number
}

export async function runMode(settings: Settings, signal: AbortSignal, overrides: RunOverrides = {}): Promise<void> {
  const { githubRetryBaseMs, ...replaced } = overrides
  const clock = overrides.clock ?? systemClock
  const started = clock.now()
  const deadline = started + settings.waitTimeoutMs
  const opened: GitHubApi[] = []
  let apiFetch: { fetch: typeof fetch; route: string }
  try {
    apiFetch = await fetchForBaseUrl(settings.baseUrl, (m) => core.info(m))
  } catch (error) {
    const message = `${getErrorMessage(error)} Nothing was sent to the API.`
    await writeRunSummary(`### ❌ Mintlify action: proxy settings\n\n${escapeText(message, 600)}\n`)
    return conclude({ level: 'failure', message })
  }
  const job = jobFor(settings)
  const budget = new RequestBudget(job.analyticsBudget)
  const searches = job.search ? new RequestBudget(job.search.maxSearches) : undefined
  const log = (m: string): void => core.info(m)
  // the client's hints in the action's terms: the inputs to check (it knows none itself)
  const client = new ApiClient({
    fetch: apiFetch.fetch,
    route: apiFetch.route,
    analyticsBudget: budget,
    ...(job.search && searches ? { search: { key: job.search.assistantKey, budget: searches } } : {}),
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    signal,
    deadline,
    log,
    words: inputWords,
  })
  const ctx: ModeContext = {
    client,
    clock,
    signal,
    started,
    deadline,
    outputs: new Outputs(),
    run: readRunContext(),
    github: async (token) => {
      const api = await GitHubApi.load(token, {
        signal,
        deadline,
        clock,
        log,
        retryBaseMs: githubRetryBaseMs,
      })
      opened.push(api)
      return api
    },
    dir: process.env.RUNNER_TEMP || process.cwd(),
    budget,
    searches,
    usage: () => ({
      agentUses: client.usage.agentUses,
      analyticsRequests: budget.spent,
      githubRequests: opened.reduce((n, api) => n + api.requests, 0),
      searches: searches?.spent ?? 0,
      ms: clock.now() - started,
    }),
    ...replaced,
  }
  const report = await job.run(ctx)
  const usage = ctx.usage()
  // the service's quotas, for the actions that declare them (check asks the service nothing)
  const quotas = OUTPUTS_OF[settings.mode].includes('agent-uses')
  if (quotas) {
    ctx.outputs.set('agent-uses', String(usage.agentUses))
    ctx.outputs.set('analytics-requests', String(usage.analyticsRequests))
  }
  await writeRunSummary(`${renderRunHeader(ctx.run)}\n\n${report.summary.trimEnd()}\n\n${renderUsage(usage, quotas)}\n`)
  conclude(report.ending)
}
