import type { ApiClient } from '../service/client.js'
import type { RequestBudget } from '../analytics/request-budget.js'
import type { GitHubOpener } from '../github/port.js'
import type { RunContext } from '../github/run-context.js'
import type { Clock } from '../util/clock.js'
import type { Ending } from '../util/ending.js'
import type { Outputs } from '../util/outputs.js'
import type { Usage } from '../summary/usage.js'

/** What every mode gets and gives back: all that varies in time or talks outside, so tests can fake it. */
export interface ModeContext {
  /** The service's API; a test gives an object with the methods its mode calls. */
  client: ServiceClient
  clock: Clock
  /** Aborts when the run is cancelled (SIGINT/SIGTERM). */
  signal: AbortSignal
  /** Epoch ms, from `clock`: when the run started. */
  started: number
  /** Epoch ms: wait-timeout from the start. */
  deadline: number
  outputs: Outputs
  /** The run as the runner describes it: event, repository, server. */
  run: RunContext
  /** Opens GitHub for a token (loads the client only then). */
  github: GitHubOpener
  /** Where files go (RUNNER_TEMP, else the working directory). */
  dir: string
  /** The analytics requests this step may spend (max-requests), for the analytics modes. */
  budget: RequestBudget
  /** The searches this step may send (max-searches), when the mode searches the docs site. */
  searches?: RequestBudget
  /** What the run has spent so far (agent uses, analytics and GitHub requests, time). */
  usage: () => Usage
}

export type ServiceClient = Pick<
  ApiClient,
  | 'callerStats'
  | 'searchDocs'
  | 'createJob'
  | 'getJob'
  | 'sendMessage'
  | 'trafficPage'
  | 'searchesPage'
  | 'assistantPage'
  | 'feedbackPage'
  | 'feedbackByPage'
  | 'triggerDeployment'
  | 'triggerPreview'
  | 'deploymentStatus'
  | 'triggerAutomation'
>

/** What each mode exports: its run, and the analytics requests it may spend (the budget is made first). */
export interface Job<S> {
  run(settings: S, ctx: ModeContext): Promise<Report>
  analyticsBudget(settings: S): number
  /** The search API's key and bound (max-searches), for a mode that searches the docs site. */
  search?(settings: S): { assistantKey: string; maxSearches: number } | undefined
}

/** What a mode hands back: the job summary (Markdown) and how the step ends. */
export interface Report {
  summary: string
  ending: Ending
}
