import type { IncomingMessage, ServerResponse } from 'node:http'
import { passTime } from './pass-time.js'
import { type Fault as RouteFault, FaultBook, answerFault, readBody, send } from './faults.js'
import { checkVendorExchange } from '../contract/openapi-contract.js'
import { LocalServer, type RecordedRequest as Recorded } from './local-server.js'
import { InsightsData } from './insights-data.js'
import { TrafficData, type VisitorRow } from './traffic-data.js'
import { registerUserText } from '../contract/rendering.js'
import { SearchSite } from './search-site.js'

/**
 * A local simulator of the documentation service's API, for e2e tests, the demo and benchmarks.
 * Real HTTP on 127.0.0.1; jobs progress over real time; tests script faults per route.
 * Never bundled into dist/.
 */

export type Route =
  | 'create'
  | 'get'
  | 'message'
  | 'visitors'
  | 'views'
  | 'searches'
  | 'assistant'
  | 'feedback'
  | 'feedback-by-page'
  | 'deploy'
  | 'preview'
  | 'deploy-status'
  | 'automation'
  | 'caller-stats'
  | 'search'

export interface JobPlan {
  /** How long the job runs before reaching `finalStatus`. */
  runMs: number
  finalStatus: string
  /** Whether the job opens a pull request when it finishes. */
  pr: boolean
  /** The status shown while it runs. */
  runningStatus: string
}

export interface FollowUpPlan extends JobPlan {
  /** How long after the message the job still shows its old state (the follow-up race). */
  lagMs: number
}

export type Fault = RouteFault<Route>

type RecordedRequest = Recorded<Route>

interface Phase {
  at: number
  status: string
  prLink: string | null
}

interface SimJob {
  id: string
  createdAt: number
  phases: Phase[]
  prompts: string[]
}

export interface SimulatorOptions {
  apiKey?: string
  projectId?: string
  jobPlan?: Partial<JobPlan>
  followUpPlan?: Partial<FollowUpPlan>
  /** Extra fields added to every job object (the API may add fields later). */
  extraJobFields?: Record<string, unknown>
  /** A new job answers 404 to status checks for this long after its create (reads lag writes). */
  invisibleForMs?: number
  visitors?: VisitorRow[]
  views?: VisitorRow[]
  insights?: InsightsData
  /** The assistant key the search API takes (`mint_dsc_…`), apart from the admin key. */
  assistantKey?: string
  site?: SearchSite
}

const DEFAULT_PLAN: JobPlan = { runMs: 400, finalStatus: 'completed', pr: true, runningStatus: 'active' }

function route(method: string, path: string): { route: Route | 'unknown'; project?: string; jobId?: string } {
  let m = /^\/v2\/agent\/([^/]+)\/job$/.exec(path)
  if (m && method === 'POST') return { route: 'create', project: m[1] }
  m = /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/.exec(path)
  if (m && method === 'GET') return { route: 'get', project: m[1], jobId: m[2] }
  m = /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/.exec(path)
  if (m && method === 'POST') return { route: 'message', project: m[1], jobId: m[2] }
  m = /^\/v1\/project\/update\/([^/]+)$/.exec(path)
  if (m && method === 'POST') return { route: 'deploy', project: m[1] }
  m = /^\/v1\/project\/preview\/([^/]+)$/.exec(path)
  if (m && method === 'POST') return { route: 'preview', project: m[1] }
  m = /^\/v1\/project\/update-status\/([^/]+)$/.exec(path)
  if (m && method === 'GET') return { route: 'deploy-status', jobId: m[1] }
  m = /^\/v1\/workflow\/([^/]+)\/([^/]+)\/trigger$/.exec(path)
  if (m && method === 'POST') return { route: 'automation', project: m[1], jobId: m[2] }
  m = /^\/v1\/analytics\/([^/]+)\/assistant\/caller-stats$/.exec(path)
  if (m && method === 'GET') return { route: 'caller-stats', project: m[1] }
  m = /^\/discovery\/v1\/search\/([^/]+)$/.exec(path)
  if (m && method === 'POST') return { route: 'search', project: m[1] }
  m = /^\/v1\/analytics\/([^/]+)\/(visitors|views|searches|assistant|feedback|feedback\/by-page)$/.exec(path)
  if (m && method === 'GET')
    return { route: (m[2] === 'feedback/by-page' ? 'feedback-by-page' : m[2]) as Route, project: m[1] }
  return { route: 'unknown' }
}

/** How a deployment goes: queued, in progress, then its end after `runMs` (or never, `stuck`). */
export interface DeployPlan {
  runMs: number
  final: 'success' | 'failure'
  stuck?: boolean
  logs?: string[]
}

interface SimDeployment {
  id: string
  startedAt: number
  preview: boolean
  branch?: string
  plan: DeployPlan
}

export class ServiceSimulator extends LocalServer<Route> {
  deployPlan: DeployPlan = { runMs: 3000, final: 'success' }
  /** Whether the plan includes preview deployments (else 403). */
  previewsAllowed = true
  readonly deployments = new Map<string, SimDeployment>()
  /** Saved automations by id: `agent` when its run's job is an agent job, `other` when not, `inactive` answers 400. */
  readonly automations = new Map<string, 'agent' | 'other' | 'inactive'>()
  private nextDeployment = 1
  private nextRun = 1

  apiKey: string
  projectId: string
  jobPlan: JobPlan
  followUpPlan: FollowUpPlan
  extraJobFields: Record<string, unknown>
  invisibleForMs: number
  readonly visitors: TrafficData
  readonly views: TrafficData
  insights: InsightsData
  assistantKey: string
  /** The docs site the search API answers from; a production deployment that succeeds ships its staged pages. */
  readonly site: SearchSite
  readonly jobs = new Map<string, SimJob>()
  private readonly faults = new FaultBook<Route>()
  private nextJob = 1
  private nextPr = 101

  /** Every exchange is checked against the vendor's OpenAPI documents (test/contract/). */
  protected override contract = checkVendorExchange

  /** Lets a job status outside the description's enum through: one the service may add later, or a hostile one. */
  allowStatusOutsideEnum(why: string): this {
    return this.allowDeviation(/body\/status must be equal to one of the allowed values/, why)
  }

  constructor(options: SimulatorOptions = {}) {
    super()
    this.apiKey = options.apiKey ?? 'mint_simulator_key_0123456789abcdef'
    this.projectId = options.projectId ?? 'proj_demo'
    this.jobPlan = { ...DEFAULT_PLAN, ...options.jobPlan }
    this.followUpPlan = { ...DEFAULT_PLAN, lagMs: 0, ...options.followUpPlan }
    this.extraJobFields = options.extraJobFields ?? {}
    this.invisibleForMs = options.invisibleForMs ?? 0
    this.visitors = new TrafficData(options.visitors ?? [], 'visitors')
    this.views = new TrafficData(options.views ?? [], 'views')
    this.insights = options.insights ?? new InsightsData()
    this.assistantKey = options.assistantKey ?? 'mint_dsc_simulator_key_0123456789abcdef'
    this.site = options.site ?? new SearchSite()
  }

  /** One search of the site (the vendor's body: query, pageSize 1 to 50, scoreThreshold 0 to 1, filter). */
  private search(domain: string, body: string): { status: number; body: unknown } {
    if (domain !== this.site.domain) return { status: 404, body: { error: 'Domain not found' } }
    let parsed: { query?: unknown; pageSize?: unknown; scoreThreshold?: unknown }
    try {
      parsed = JSON.parse(body) as typeof parsed
    } catch {
      return { status: 400, body: { error: 'Invalid JSON body' } }
    }
    const { query, pageSize = 10, scoreThreshold = 0 } = parsed
    if (typeof query !== 'string' || query.trim() === '') return { status: 400, body: { error: 'query is required' } }
    if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
      return { status: 400, body: { error: 'pageSize must be between 1 and 50' } }
    if (typeof scoreThreshold !== 'number' || scoreThreshold < 0 || scoreThreshold > 1)
      return { status: 400, body: { error: 'scoreThreshold must be between 0 and 1' } }
    return { status: 200, body: this.site.search(query, pageSize, scoreThreshold) }
  }

  /** Assistant queries by caller for a range: each day 20 from the site, 5 to 11 from the API, 1 other. */
  private callerStats(params: URLSearchParams): { status: number; body: unknown } {
    const day = 86_400_000
    const to = Date.parse(params.get('dateTo') ?? '') || Math.floor(Date.now() / day) * day
    const from = Date.parse(params.get('dateFrom') ?? '') || to - 30 * day
    let web = 0
    let api = 0
    let other = 0
    for (let t = Math.ceil(from / day) * day; t < to; t += day) {
      web += 20
      api += 5 + (Math.floor(t / day) % 7)
      other += 1
    }
    return { status: 200, body: { web, api, other, total: web + api + other } }
  }

  private deploy(preview: boolean, body: string): { status: number; body: unknown } {
    let branch: string | undefined
    if (preview) {
      if (!this.previewsAllowed)
        return { status: 403, body: { error: 'Preview deployments are not available on your plan' } }
      try {
        const parsed = JSON.parse(body) as { branch?: unknown }
        branch = typeof parsed.branch === 'string' && parsed.branch.length > 0 ? parsed.branch : undefined
      } catch {
        branch = undefined
      }
      if (!branch) return { status: 400, body: { error: 'branch is required' } }
    }
    const id = `65f0c0ffee${String(this.nextDeployment++).padStart(14, '0')}`
    this.deployments.set(id, { id, startedAt: Date.now(), preview, branch, plan: { ...this.deployPlan } })
    return {
      status: 202,
      body: preview
        ? {
            statusId: id,
            previewUrl: `https://acme-${String(branch)
              .replace(/[^a-z0-9]+/gi, '-')
              .toLowerCase()}.mintlify.app`,
          }
        : { statusId: id },
    }
  }

  /** A deployment as the status operation shows it now: queued, in progress, then its end. */
  private deploymentStatus(id: string): { status: number; body: unknown } {
    const d = this.deployments.get(id)
    if (!d) return { status: 404, body: { error: 'Status not found' } }
    const age = Date.now() - d.startedAt
    const ended = !d.plan.stuck && age >= d.plan.runMs
    const status = d.plan.stuck ? 'queued' : ended ? d.plan.final : age < d.plan.runMs / 3 ? 'queued' : 'in_progress'
    // a production deployment that succeeded puts the staged pages on the site
    if (ended && !d.preview && d.plan.final === 'success') this.site.ship()
    const at = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString()
    return {
      status: 200,
      body: {
        _id: d.id,
        projectId: this.projectId,
        subdomain: 'acme',
        status,
        createdAt: at(d.startedAt),
        ...(ended ? { endedAt: at(d.startedAt + d.plan.runMs) } : {}),
        summary: ended
          ? d.plan.final === 'success'
            ? 'Deployed 3 pages'
            : 'Build failed: 1 error in docs.json'
          : 'Building',
        logs: d.plan.logs ?? [
          'Installing dependencies',
          'Building pages',
          ...(ended && d.plan.final === 'failure'
            ? ['Error: docs.json: navigation references missing page "webhooks"']
            : []),
        ],
        screenshot: 'https://screenshots.mintlify.com/acme/latest.png',
        author: { name: 'Alice', avatarUrl: 'https://avatars.githubusercontent.com/u/1', githubUserId: 1 },
        commit: {
          sha: 'c0ffee'.padEnd(40, '0'),
          ref: d.branch ?? 'main',
          message: 'Document webhooks',
          filesChanged: { added: ['webhooks.mdx'], modified: ['docs.json', 'api/overview.mdx'], removed: [] },
        },
        source: 'api',
      },
    }
  }

  private automation(id: string): { status: number; body: unknown } {
    const kind = this.automations.get(id)
    if (!kind) return { status: 404, body: { error: 'Workflow not found' } }
    if (kind === 'inactive')
      return { status: 400, body: { error: 'Workflow is not active or does not have a custom schedule' } }
    const instanceId = `run_${this.nextRun++}`
    if (kind === 'agent') {
      const job: SimJob = {
        id: `job_${this.nextJob++}`,
        createdAt: Date.now(),
        phases: this.plannedPhases(Date.now(), this.jobPlan),
        prompts: [`automation ${id}`],
      }
      this.jobs.set(job.id, job)
      return { status: 202, body: { schemaId: id, instanceId, jobId: job.id } }
    }
    return { status: 202, body: { schemaId: id, instanceId, jobId: `bg_${instanceId}` } }
  }

  /** Scripts a fault: the next matching requests get it instead of (or after) the normal answer. */
  addFault(fault: Fault): this {
    this.faults.add(fault)
    return this
  }

  /** A job as the API shows it at `now`. */
  jobView(job: SimJob, now = Date.now()): Record<string, unknown> {
    const phase = [...job.phases].reverse().find((p) => p.at <= now) ?? job.phases[0]
    if (!phase) throw new Error(`job ${job.id} has no phase`)
    return {
      id: job.id,
      status: phase.status,
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'sim-agent-1',
      prLink: phase.prLink,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: phase.status === 'archived' ? new Date(phase.at).toISOString() : null,
      ...this.extraJobFields,
    }
  }

  private plannedPhases(start: number, plan: JobPlan): Phase[] {
    const prLink = plan.pr ? `https://github.com/acme/docs/pull/${this.nextPr++}` : null
    return [
      { at: start, status: plan.runningStatus, prLink: null },
      { at: start + plan.runMs, status: plan.finalStatus, prLink },
    ]
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://sim')
    const matched = route(req.method ?? 'GET', url.pathname)
    const recorded: RecordedRequest = {
      route: matched.route,
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      at: Date.now(),
    }
    this.record(recorded)

    const fault = this.faults.take(matched.route)
    if (fault?.delayMs) await passTime(fault.delayMs, res)
    // what a fault says is the service's text too
    if (fault) registerUserText((fault as { body?: unknown }).body)
    if (fault && !fault.afterProcessing) {
      this.checkExchange(recorded)
      answerFault(req, res, fault)
      return
    }
    const answer = this.process(req, matched, url, body)
    this.checkExchange(recorded, fault ? undefined : answer)
    if (fault) answerFault(req, res, fault)
    else {
      // everything the service says is outside text (readers' searches, error messages, page paths): the
      // action may show it as it is, escaped (the rendering check of summaries and comments)
      registerUserText(answer.body)
      send(res, answer.status, answer.body)
    }
  }

  private process(
    req: IncomingMessage,
    matched: ReturnType<typeof route>,
    url: URL,
    body: string,
  ): { status: number; body: unknown } {
    // the search API takes an assistant key, and only that: an admin key there is refused, and the other way round
    const key = matched.route === 'search' ? this.assistantKey : this.apiKey
    if (req.headers.authorization !== `Bearer ${key}`)
      return { status: 401, body: { error: 'Invalid or expired API key' } }
    if (matched.route === 'unknown') return { status: 404, body: { error: 'Not found' } }
    if (matched.route === 'search') return this.search(decodeURIComponent(matched.project ?? ''), body)
    if (matched.route === 'deploy-status') return this.deploymentStatus(decodeURIComponent(matched.jobId ?? ''))
    if (decodeURIComponent(matched.project ?? '') !== this.projectId)
      return { status: 404, body: { error: 'Project not found' } }
    if (matched.route === 'deploy' || matched.route === 'preview') return this.deploy(matched.route === 'preview', body)
    if (matched.route === 'automation') return this.automation(decodeURIComponent(matched.jobId ?? ''))
    if (matched.route === 'visitors') return this.visitors.answer(url.searchParams)
    if (matched.route === 'views') return this.views.answer(url.searchParams)
    if (matched.route === 'caller-stats') return this.callerStats(url.searchParams)
    if (['searches', 'assistant', 'feedback', 'feedback-by-page'].includes(matched.route))
      return this.insights.answer(matched.route, url.searchParams)

    let prompt: string | undefined
    if (req.method === 'POST') {
      try {
        const parsed = JSON.parse(body) as { prompt?: unknown }
        prompt = typeof parsed.prompt === 'string' ? parsed.prompt : undefined
      } catch {
        prompt = undefined
      }
      if (!prompt || req.headers['content-type'] !== 'application/json') {
        return { status: 400, body: { error: 'Invalid request body: prompt must be a non-empty string' } }
      }
    }
    const now = Date.now()
    if (matched.route === 'create') {
      const job: SimJob = {
        id: `job_${this.nextJob++}`,
        createdAt: now,
        phases: this.plannedPhases(now, this.jobPlan),
        prompts: [prompt as string],
      }
      this.jobs.set(job.id, job)
      return { status: 201, body: this.jobView(job, now) }
    }
    const job = this.jobs.get(decodeURIComponent(matched.jobId ?? ''))
    if (!job || (matched.route === 'get' && now - job.createdAt < this.invisibleForMs))
      return { status: 404, body: { error: 'Agent job not found' } }
    if (matched.route === 'get') return { status: 200, body: this.jobView(job, now) }

    // a follow-up message: the old state shows for lagMs, then the job runs again
    const plan = this.followUpPlan
    job.prompts.push(prompt as string)
    job.phases = [...job.phases.filter((p) => p.at <= now), ...this.plannedPhases(now + plan.lagMs, plan)]
    return { status: 200, body: this.jobView(job, now) }
  }
}
