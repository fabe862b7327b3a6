import { RequestBudget } from '../../src/analytics/request-budget.js'
import { ApiError } from '../../src/service/errors.js'
import type { Job } from '../../src/service/schemas.js'
import type { ChangedFile, Commit } from '../../src/github/change.js'
import type { ConversationComment, Thread } from '../../src/github/comment-event.js'
import {
  type GitHubPort,
  type IssueComment,
  type MergedPull,
  type Reaction,
  githubTime,
} from '../../src/github/port.js'
import type { RunContext } from '../../src/github/run-context.js'
import type { ModeContext, ServiceClient } from '../../src/modes/context.js'
import { Outputs } from '../../src/util/outputs.js'
import { FakeClock, FIXED_NOW } from '../unit/fake-clock.js'
import type { AgentSettings } from '../../src/agent/inputs.js'
import type { CommentSettings } from '../../src/comment/inputs.js'
import { parseSettings } from '../../src/interface/settings.js'

/**
 * The outside world of a mode, in memory, for in-process tests: the service's agent jobs on the
 * fake clock, and GitHub behind its port. What they answer follows what the simulators answer (and
 * those are held to the real descriptions in test/contract/).
 */

interface FakeJob {
  id: string
  prompts: string[]
  /** The job's statuses over fake time: each from its `at` on. */
  phases: Array<{ at: number; status: string; prLink: string | null }>
}

/** The service's agent endpoints on a fake clock; jobs run `runMs` and end as `plan` says. */
class FakeService implements Pick<ServiceClient, 'createJob' | 'getJob' | 'sendMessage'> {
  readonly jobs = new Map<string, FakeJob>()
  readonly calls: string[] = []
  plan = { runMs: 30_000, finalStatus: 'completed', pr: true }
  private next = 1
  private pr = 101

  constructor(private readonly clock: FakeClock) {}

  private view(job: FakeJob): Job {
    const now = this.clock.now()
    const phase = [...job.phases].reverse().find((p) => p.at <= now) ?? job.phases[0]
    if (!phase) throw new Error(`job ${job.id} has no phase`)
    return {
      id: job.id,
      status: phase.status,
      prLink: phase.prLink,
      model: 'fake-agent',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      createdAt: null,
      archivedAt: null,
    }
  }

  private phases(start: number): FakeJob['phases'] {
    const prLink = this.plan.pr ? `https://github.com/acme/docs/pull/${this.pr++}` : null
    return [
      { at: start, status: 'active', prLink: null },
      { at: start + this.plan.runMs, status: this.plan.finalStatus, prLink },
    ]
  }

  /** A job that exists already (an earlier run's), `runMs` from now until it ends. */
  existing(runMs = 0): string {
    const id = `job_${this.next++}`
    this.jobs.set(id, {
      id,
      prompts: ['earlier'],
      phases: this.phases(this.clock.now() - 1).map((p, i) => (i === 1 ? { ...p, at: this.clock.now() + runMs } : p)),
    })
    return id
  }

  async createJob(prompt: string): Promise<Job> {
    this.calls.push('create')
    const job: FakeJob = { id: `job_${this.next++}`, prompts: [prompt], phases: this.phases(this.clock.now()) }
    this.jobs.set(job.id, job)
    return this.view(job)
  }

  async getJob(id: string): Promise<Job> {
    this.calls.push('get')
    const job = this.jobs.get(id)
    if (!job)
      throw new ApiError(`Could not check the status of job ${id}: HTTP 404 Not Found.`, { kind: 'http', status: 404 })
    return this.view(job)
  }

  async sendMessage(id: string, prompt: string): Promise<Job> {
    this.calls.push('message')
    const job = this.jobs.get(id)
    if (!job)
      throw new ApiError(`Could not send the follow-up message to job ${id}: HTTP 404 Not Found.`, {
        kind: 'http',
        status: 404,
      })
    job.prompts.push(prompt)
    job.phases = [...job.phases.filter((p) => p.at <= this.clock.now()), ...this.phases(this.clock.now())]
    return this.view(job)
  }
}

/** GitHub behind its port: comments, reactions, permissions and the token's identity, in memory. */
/** What FakeGitHub does not do: the GitHub simulator answers it over HTTP. */
const elsewhere = (what: string) => async (): Promise<never> => {
  throw new Error(`FakeGitHub has no ${what}: use the GitHub simulator`)
}

export class FakeGitHub implements GitHubPort {
  readonly comments: Array<IssueComment & { issue: number }> = []
  readonly reactions: Array<{ commentId: number; content: Reaction }> = []
  readonly replies: Array<{ commentId: number; body: string }> = []
  readonly roles = new Map<string, string>()
  /** Each pull request's files, and each `base...head` compare GitHub knows. */
  readonly pullFiles = new Map<number, ChangedFile[]>()
  readonly compares = new Map<string, { files: ChangedFile[]; commits: Commit[] }>()
  /** Labels on each issue or pull request, by number. */
  readonly labels = new Map<number, string[]>()
  readonly calls: string[] = []
  identityLogin: string | undefined = 'github-actions[bot]'
  private next = 9001

  /** `now` stamps comments as GitHub does (whole seconds). */
  constructor(private readonly now: () => number) {}

  async identity(): Promise<string | undefined> {
    this.calls.push('identity')
    return this.identityLogin
  }

  async permission(_thread: Thread, login: string): Promise<{ permission: string; role: string }> {
    this.calls.push(`permission ${login}`)
    const role = this.roles.get(login.toLowerCase())
    if (!role) throw Object.assign(new Error('Not Found'), { status: 404 })
    return { permission: role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role, role }
  }

  async react(
    _thread: Thread,
    comment: Pick<ConversationComment, 'id'>,
    content: Reaction,
  ): Promise<'created' | 'existed'> {
    this.calls.push(`react ${content}`)
    // GitHub: 200 with the existing reaction when this identity already left it, 201 when new
    if (this.reactions.some((r) => r.commentId === comment.id && r.content === content)) return 'existed'
    this.reactions.push({ commentId: comment.id, content })
    return 'created'
  }

  async addLabels(thread: Thread, labels: string[]): Promise<void> {
    this.calls.push(`add-labels ${labels.join(',')}`)
    const have = this.labels.get(thread.number) ?? []
    for (const label of labels) if (!have.some((l) => l.toLowerCase() === label.toLowerCase())) have.push(label)
    this.labels.set(thread.number, have)
  }

  async removeLabel(thread: Thread, label: string): Promise<void> {
    this.calls.push(`remove-label ${label}`)
    this.labels.set(
      thread.number,
      (this.labels.get(thread.number) ?? []).filter((l) => l.toLowerCase() !== label.toLowerCase()),
    )
  }

  /** Pull requests' states by number (any repository). */
  readonly pullStates = new Map<number, { open: boolean; merged: boolean }>()

  async pullRequestState(_repo: unknown, number: number): Promise<{ open: boolean; merged: boolean } | undefined> {
    this.calls.push(`pull ${number}`)
    return this.pullStates.get(number)
  }

  async pullRequestFiles(_repo: unknown, number: number, maxPages = 30): Promise<ChangedFile[]> {
    this.calls.push(`pull-files ${number}`)
    return (this.pullFiles.get(number) ?? []).slice(0, Math.min(3000, maxPages * 100))
  }

  /** Merged pull requests, newest first, and the default branch's files. */
  readonly merged: MergedPull[] = []
  readonly files: string[] = []

  async defaultBranch(): Promise<string | undefined> {
    this.calls.push('repository')
    return 'main'
  }

  async mergedPulls(_repo: unknown, _base: string, since: string): Promise<{ pulls: MergedPull[]; more: boolean }> {
    this.calls.push('merged-pulls')
    return { pulls: this.merged.filter((p) => p.mergedAt >= since), more: false }
  }

  async treePaths(): Promise<{ paths: string[]; truncated: boolean } | undefined> {
    this.calls.push('tree')
    return { paths: [...this.files], truncated: false }
  }

  /** Files at a commit (`<ref>:<path>`), and the merge bases compare knows (`base...head`). */
  readonly contents = new Map<string, string>()
  readonly mergeBases = new Map<string, string>()

  async fileAt(_repo: unknown, path: string, ref: string): Promise<Uint8Array | undefined> {
    this.calls.push(`contents ${path}@${ref}`)
    const text = this.contents.get(`${ref}:${path}`)
    return text === undefined ? undefined : Buffer.from(text, 'utf8')
  }

  async mergeBase(_repo: unknown, base: string, head: string): Promise<string | undefined> {
    this.calls.push(`merge-base ${base}...${head}`)
    return this.mergeBases.get(`${base}...${head}`)
  }

  async compare(
    _repo: unknown,
    base: string,
    head: string,
  ): Promise<{ files: ChangedFile[]; commits: Commit[] } | undefined> {
    this.calls.push(`compare ${base}...${head}`)
    return this.compares.get(`${base}...${head}`)
  }

  // the health issue's requests are tested against the GitHub simulator over HTTP (test/in-process/health.test.ts)
  readonly listIssues = elsewhere('issues')
  readonly createIssue = elsewhere('issues')
  readonly updateIssue = elsewhere('issues')
  readonly createLabel = elsewhere('labels to create')
  readonly createDeployment = elsewhere('deployments')
  readonly setDeploymentStatus = elsewhere('deployments')
  readonly latestDeployment = elsewhere('deployments')
  readonly createCheckRun = elsewhere('check runs')
  readonly updateCheckRun = elsewhere('check runs')
  readonly listReviews = elsewhere('pull request reviews')
  readonly createReview = elsewhere('pull request reviews')
  readonly reviewComments = elsewhere('pull request reviews')
  readonly deleteReviewComment = elsewhere('pull request reviews')
  readonly updateReview = elsewhere('pull request reviews')

  /** Reviews requested, by pull request number. */
  readonly reviewRequests: Array<{ number: number; logins: string[] }> = []

  async requestReviewers(_repo: unknown, number: number, logins: string[]): Promise<void> {
    this.calls.push('request-reviewers')
    // GitHub refuses the whole request when any login is not a collaborator of the repository
    if (logins.some((l) => !this.roles.has(l.toLowerCase()))) {
      throw Object.assign(
        new Error(
          'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the acme/docs repository.',
        ),
        { status: 422 },
      )
    }
    this.reviewRequests.push({ number, logins })
  }

  /** A comment someone wrote on issue `issue`, as GitHub lists it (ids only grow). */
  addComment(issue: number, author: string, body: string, authorType = 'User'): IssueComment & { issue: number } {
    const comment = {
      id: this.next++,
      issue,
      body,
      author,
      authorType,
      url: `https://github.com/acme/docs/issues/${issue}#issuecomment-${this.next - 1}`,
      createdAt: githubTime(this.now()),
    }
    this.comments.push(comment)
    return comment
  }

  async listComments(thread: Thread): Promise<IssueComment[]> {
    this.calls.push('list')
    return this.comments.filter((c) => c.issue === thread.number)
  }

  async createComment(thread: Thread, body: string): Promise<IssueComment> {
    this.calls.push('create-comment')
    const comment = {
      id: this.next++,
      issue: thread.number,
      body,
      author: this.identityLogin ?? 'someone',
      authorType: 'Bot',
      url: `https://github.com/acme/docs/issues/${thread.number}#issuecomment-${this.next}`,
      createdAt: githubTime(this.now()),
    }
    this.comments.push(comment)
    return comment
  }

  async updateComment(_thread: Thread, id: number, body: string): Promise<void> {
    this.calls.push('update-comment')
    const comment = this.comments.find((c) => c.id === id)
    if (!comment) throw Object.assign(new Error('Not Found'), { status: 404 })
    comment.body = body
  }

  async replyToReviewComment(_thread: Thread, commentId: number, body: string): Promise<void> {
    this.calls.push('reply')
    this.replies.push({ commentId, body })
  }

  /** Calls that changed something on GitHub. */
  writes(): string[] {
    return this.calls.filter(
      (c) => c.startsWith('react') || c.endsWith('-comment') || c === 'reply' || c.includes('-label'),
    )
  }
}

export interface World {
  ctx: ModeContext
  clock: FakeClock
  service: FakeService
  github: FakeGitHub
  outputs: Map<string, string>
}

/** A mode's context over the fakes; `run` is the runner's description of the event. */
export function world(run: Partial<RunContext> = {}, waitTimeoutMs = 30 * 60_000): World {
  const clock = new FakeClock()
  const service = new FakeService(clock)
  const github = new FakeGitHub(() => clock.now())
  const outputs = new Map<string, string>()
  const ctx: ModeContext = {
    client: service as unknown as ServiceClient,
    clock,
    signal: new AbortController().signal,
    started: clock.now(),
    deadline: clock.now() + waitTimeoutMs,
    outputs: new Outputs((name, value) => void outputs.set(name, value)),
    run: {
      eventName: 'workflow_dispatch',
      payload: {},
      owner: 'acme',
      repo: 'docs',
      serverUrl: 'https://github.com',
      runUrl: 'https://github.com/acme/docs/actions/runs/4242',
      actor: 'alice',
      sha: '',
      workspace: '/nonexistent',
      toolCache: '',
      ...run,
    },
    github: async () => github,
    usage: () => ({ agentUses: 0, analyticsRequests: 0, githubRequests: 0, ms: 0 }),
    dir: '/nonexistent',
    budget: new RequestBudget(0),
  }
  return { ctx, clock, service, github, outputs }
}

/** The inputs every run of these worlds shares: a key, a project, a poll interval. */
export const BASE_INPUTS = { 'api-key': 'mint_unit_key_000', 'project-id': 'proj_demo', 'poll-interval': '10s' }

/** The comment action's settings for an issue comment, with `extra` inputs. */
export const commentSettings = (extra: Record<string, string> = {}): CommentSettings =>
  parseSettings(
    { ...BASE_INPUTS, mode: 'comment', 'github-token': 'ghs_unit', ...extra },
    FIXED_NOW,
    'issue_comment',
  ) as CommentSettings

/** The agent action's settings for a labelled issue, with `extra` inputs. */
export const agentSettings = (extra: Record<string, string>): AgentSettings =>
  parseSettings({ ...BASE_INPUTS, ...extra }, FIXED_NOW, 'issues') as AgentSettings

/** Issue #7 of acme/docs, as an event payload carries it. */
export const ISSUE = { number: 7, title: 'Document webhooks', html_url: 'https://github.com/acme/docs/issues/7' }

/**
 * The docs in their own repository: a second fake GitHub, the App's ('docs-app[bot]'), that
 * docs-token ('ghs_docs') opens in `w`'s runs.
 */
export function docsRepository(w: World): FakeGitHub {
  const docs = new FakeGitHub(() => w.clock.now())
  docs.identityLogin = 'docs-app[bot]'
  w.ctx.github = async (token) => (token === 'ghs_docs' ? docs : w.github)
  return docs
}

/** A pull request event's payload: #12 of acme/docs by alice, at `head`, from a fork or not. */
export const pullPayload = (head = 'h'.repeat(40), fork = false) => ({
  action: 'synchronize',
  pull_request: {
    number: 12,
    title: 'Add webhooks',
    body: 'Body',
    html_url: 'https://github.com/acme/docs/pull/12',
    user: { login: 'alice', type: 'User' },
    base: { ref: 'main', repo: { full_name: 'acme/docs' } },
    head: { ref: 'feat', sha: head, repo: { full_name: fork ? 'mallory/docs' : 'acme/docs' } },
  },
})
/** A modified file of a change, with its patch if given. */
export const changedFile = (filename: string, patch?: string): ChangedFile => ({
  filename,
  status: 'modified',
  additions: 2,
  deletions: 1,
  ...(patch !== undefined ? { patch } : {}),
})
