import type * as z from 'zod/mini'
import { external } from '../util/text.js'
import { GET_POLICY, POST_POLICY, ANALYTICS_POLICY } from './retry-policy.js'
import {
  type AutomationRun,
  type CallerStats,
  type SearchHit,
  callerStatsSchema,
  searchResultsSchema,
  type DeploymentStatus,
  type DeploymentTrigger,
  type Job,
  type TrafficKind,
  type TrafficPage,
  assistantPageSchema,
  automationRunSchema,
  deploymentStatusSchema,
  deploymentTriggerSchema,
  feedbackByPageSchema,
  feedbackPageSchema,
  jobSchema,
  searchesPageSchema,
  viewsPageSchema,
  visitorsPageSchema,
} from './schemas.js'
import { type ClientOptions, Transport } from './transport.js'

const AGENT_QUOTA = 'rate limited: agent jobs allow 100 creates and follow-ups per project per hour'
const SEARCH_QUOTA = 'rate limited: the search API allows 10,000 requests per organisation per hour'
const ANALYTICS_QUOTA =
  'rate limited: analytics allows 100 requests per organisation per hour, shared by all analytics endpoints'

/** The service's endpoints by resource: each says what its request is, and transport.ts sends it. */
export class ApiClient {
  /** What this run spent of the project's agent uses (jobs created, messages sent, automations run). */
  readonly usage: { agentUses: number }
  private readonly transport: Transport
  private readonly projectId: string

  /** The search API's own transport: the assistant key, and the searches' budget (max-searches). */
  private readonly searching: Transport | undefined

  constructor(
    options: ClientOptions & { search?: { key: string; budget: NonNullable<ClientOptions['analyticsBudget']> } },
  ) {
    this.transport = new Transport(options)
    this.usage = this.transport.usage
    this.projectId = options.projectId
    this.searching = options.search
      ? new Transport({
          ...options,
          apiKey: options.search.key,
          analyticsBudget: options.search.budget,
          spentHint: 'searches-spent',
        })
      : undefined
  }

  private projectPath(prefix: string): string {
    return `${prefix}/${encodeURIComponent(this.projectId)}`
  }

  // agent jobs: create, read, follow up (each create and follow-up spends an agent use)

  async createJob(prompt: string): Promise<Job> {
    return this.transport.request({
      method: 'POST',
      path: `${this.projectPath('/v2/agent')}/job`,
      body: { prompt },
      prompt,
      what: 'create the agent job',
      schema: jobSchema,
      policy: POST_POLICY,
      spendsAgentUse: true,
      notFound: 'unknown-project',
      quotaHint: AGENT_QUOTA,
      mayExistHint:
        'A job may have been created even so. Check the dashboard before running this step ' +
        'again (each create spends one of the 100 agent uses per hour and may open a pull request).',
    })
  }

  getJob(jobId: string): Promise<Job> {
    return this.transport.request({
      method: 'GET',
      path: `${this.projectPath('/v2/agent')}/job/${encodeURIComponent(jobId)}`,
      what: `check the status of job ${external(jobId, 80)}`,
      schema: jobSchema,
      policy: GET_POLICY,
      notFound: 'unknown-job',
    })
  }

  async sendMessage(jobId: string, prompt: string): Promise<Job> {
    const id = external(jobId, 80)
    return this.transport.request({
      method: 'POST',
      path: `${this.projectPath('/v2/agent')}/job/${encodeURIComponent(jobId)}/message`,
      body: { prompt },
      prompt,
      what: `send the follow-up message to job ${id}`,
      schema: jobSchema,
      policy: POST_POLICY,
      spendsAgentUse: true,
      notFound: 'unknown-job',
      quotaHint: AGENT_QUOTA,
      mayExist: { hint: 'message-may-exist', jobId: id },
    })
  }

  // deployments: production, previews, and their status

  /** Deploys the project's deployment branch to production; answers the status id to follow. */
  triggerDeployment(): Promise<DeploymentTrigger> {
    return this.transport.request({
      method: 'POST',
      path: this.projectPath('/v1/project/update'),
      what: 'trigger the deployment',
      schema: deploymentTriggerSchema,
      policy: POST_POLICY,
      notFound: 'unknown-project',
      mayExistHint:
        "A deployment may have started even so: check the dashboard's deployments before running this step again.",
    })
  }

  /** Deploys `branch` as a preview; answers the status id and the preview's URL at once. */
  triggerPreview(branch: string): Promise<DeploymentTrigger> {
    return this.transport.request({
      method: 'POST',
      path: this.projectPath('/v1/project/preview'),
      body: { branch },
      what: `trigger a preview of branch ${external(branch, 100)}`,
      schema: deploymentTriggerSchema,
      policy: POST_POLICY,
      notFound: 'unknown-project',
      badRequestHint: 'The service needs the name of a branch of the docs repository.',
      forbiddenHint:
        "Preview deployments are not part of this project's plan (or the key lacks the " +
        "write scope): see the dashboard's plan and API keys pages.",
      mayExistHint:
        'A preview deployment may have started even so: check the dashboard before running this step again.',
    })
  }

  /** The state of a deployment or preview (queued, in_progress, success, failure, …). */
  deploymentStatus(statusId: string): Promise<DeploymentStatus> {
    return this.transport.request({
      method: 'GET',
      path: `/v1/project/update-status/${encodeURIComponent(statusId)}`,
      what: `check deployment ${external(statusId, 80)}`,
      schema: deploymentStatusSchema,
      policy: GET_POLICY,
      notFound: 'unknown-deployment',
    })
  }

  // automations

  /** Runs a saved automation now. */
  triggerAutomation(automationId: string): Promise<AutomationRun> {
    return this.transport.request({
      method: 'POST',
      path: `${this.projectPath('/v1/workflow')}/${encodeURIComponent(automationId)}/trigger`,
      what: `run automation ${external(automationId, 80)}`,
      schema: automationRunSchema,
      policy: POST_POLICY,
      spendsAgentUse: true,
      notFound: 'unknown-automation',
      badRequest: 'automation-not-runnable',
      quotaHint: AGENT_QUOTA,
      mayExistHint:
        "The service may have accepted the run even so: check the dashboard's automations " +
        'page before running this step again.',
    })
  }

  // analytics: every attempt spends one of max-requests

  /** One page of visitors or page views, the dates sent as given; `period` names it in messages. */
  async trafficPage(
    kind: TrafficKind,
    query: { dateFrom?: string; dateTo?: string; limit: number; offset: number; period?: string },
  ): Promise<TrafficPage> {
    const params = { dateFrom: query.dateFrom, dateTo: query.dateTo, limit: query.limit, offset: query.offset }
    const what =
      `fetch ${kind === 'views' ? 'page views' : 'visitors'}${query.period ? ` of ${query.period}` : ''} ` +
      `(offset ${query.offset}, limit ${query.limit})`
    if (kind === 'views') {
      const page = await this.analytics(kind, params, what, viewsPageSchema)
      return { totals: page.totals, rows: page.views, hasMore: page.hasMore }
    }
    const page = await this.analytics(kind, params, what, visitorsPageSchema)
    return { totals: page.totals, rows: page.visitors, hasMore: page.hasMore }
  }

  /** One GET of an analytics endpoint under /v1/analytics/{project}/ (every attempt spends max-requests). */
  private analytics<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    what: string,
    schema: z.ZodMiniType<T>,
  ): Promise<T> {
    return this.transport.request({
      method: 'GET',
      path: `${this.projectPath('/v1/analytics')}/${path}`,
      query,
      what,
      schema,
      policy: ANALYTICS_POLICY,
      notFound: 'unknown-project',
      quotaHint: ANALYTICS_QUOTA,
    })
  }

  /** One page of searches (at most 100 a page); `cursor` from the previous page's nextCursor. */
  searchesPage(q: { dateFrom?: string; dateTo?: string; cursor?: string }) {
    return this.analytics(
      'searches',
      { dateFrom: q.dateFrom, dateTo: q.dateTo, limit: 100, cursor: q.cursor },
      'fetch searches',
      searchesPageSchema,
    )
  }

  /** One page of assistant conversations (at most 1,000 a page). */
  assistantPage(q: { dateFrom?: string; dateTo?: string; cursor?: string }) {
    return this.analytics(
      'assistant',
      { dateFrom: q.dateFrom, dateTo: q.dateTo, limit: 1000, cursor: q.cursor },
      'fetch assistant conversations',
      assistantPageSchema,
    )
  }

  /** One page of feedback of one source (at most 100 a page). */
  feedbackPage(q: { dateFrom?: string; dateTo?: string; cursor?: string; source: string }) {
    return this.analytics(
      'feedback',
      { dateFrom: q.dateFrom, dateTo: q.dateTo, limit: 100, cursor: q.cursor, source: q.source },
      `fetch ${q.source} feedback`,
      feedbackPageSchema,
    )
  }

  /** Feedback counts by page: one request, the most the endpoint gives (100 pages). */
  feedbackByPage(q: { dateFrom?: string; dateTo?: string }) {
    return this.analytics(
      'feedback/by-page',
      { dateFrom: q.dateFrom, dateTo: q.dateTo, limit: 100 },
      'fetch feedback by page',
      feedbackByPageSchema,
    )
  }

  /** Assistant queries by caller (web, API, other) for a range: one request. */
  callerStats(q: { dateFrom?: string; dateTo?: string; period?: string }): Promise<CallerStats> {
    return this.analytics(
      'assistant/caller-stats',
      { dateFrom: q.dateFrom, dateTo: q.dateTo },
      `fetch the assistant's callers${q.period ? ` of ${q.period}` : ''}`,
      callerStatsSchema,
    )
  }

  // the search API: the site as readers search it (an assistant key; every attempt spends one of max-searches)

  /** One search of the docs site `domain`: its results, best first (at most `pageSize`, 1 to 50). */
  async searchDocs(domain: string, query: string, pageSize: number): Promise<SearchHit[]> {
    if (!this.searching) throw new Error('The search API needs an assistant key.')
    return this.searching.request({
      method: 'POST',
      path: `/discovery/v1/search/${encodeURIComponent(domain)}`,
      body: { query, pageSize },
      what: `search the docs for ${JSON.stringify(external(query, 80))}`,
      schema: searchResultsSchema,
      policy: ANALYTICS_POLICY,
      idempotent: true,
      notFound: 'unknown-domain',
      quotaHint: SEARCH_QUOTA,
    })
  }
}
