import type { ConversationComment, Thread } from './conversation-event.js'

/**
 * The GitHub requests the action makes, over @actions/github's client (which follows the runner's
 * proxy and GITHUB_API_URL, so GitHub Enterprise Server works). Loaded only when a run needs GitHub.
 * Every request has its own timeout and follows the run's cancellation.
 */

type GitHubModule = typeof import('@actions/github')
type Octokit = ReturnType<GitHubModule['getOctokit']>

export const REQUEST_TIMEOUT_MS = 10_000

export interface IssueComment {
  id: number
  body: string
  author: string
  url: string
}

export type Reaction = 'eyes' | 'confused'

/** GitHub logins are case-insensitive. */
export function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

type RawComment = { id: number; body?: string | null; user?: { login?: string } | null; html_url?: string }
const toIssueComment = (c: RawComment): IssueComment => ({ id: c.id, body: c.body ?? '', author: c.user?.login ?? '', url: c.html_url ?? '' })

export class GitHubApi {
  private constructor(
    private readonly octokit: Octokit,
    private readonly signal: AbortSignal,
  ) {}

  static async load(token: string, signal: AbortSignal): Promise<GitHubApi> {
    const github: GitHubModule = await import('@actions/github')
    return new GitHubApi(github.getOctokit(token), signal)
  }

  /** A request signal: the run's cancellation and a timeout (after a cancel, a short one of its own). */
  requestSignal(timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal {
    return this.signal.aborted ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([this.signal, AbortSignal.timeout(timeoutMs)])
  }

  /**
   * The login the token writes as: GraphQL `viewer` (personal tokens, and installation tokens such as
   * GITHUB_TOKEN, which write as `github-actions[bot]`, or an app's `<slug>[bot]`), else REST
   * `GET /user` (personal tokens). Undefined when neither answers.
   */
  async identity(): Promise<string | undefined> {
    try {
      const data = await this.octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }', { request: { signal: this.requestSignal() } })
      if (typeof data.viewer?.login === 'string' && data.viewer.login) return data.viewer.login
    } catch {
      // fall through to REST
    }
    try {
      const { data } = await this.octokit.rest.users.getAuthenticated({ request: { signal: this.requestSignal() } })
      return data.login || undefined
    } catch {
      return undefined
    }
  }

  /** The commenter's permission on the repository (`admin`, `write`, `read`, `none`) and role name. */
  async permission(thread: Thread, login: string): Promise<{ permission: string; role: string }> {
    const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({
      owner: thread.owner,
      repo: thread.repo,
      username: login,
      request: { signal: this.requestSignal() },
    })
    return { permission: String(data.permission ?? 'none'), role: String((data as { role_name?: unknown }).role_name ?? '') }
  }

  async react(thread: Thread, comment: ConversationComment, content: Reaction): Promise<void> {
    const common = { owner: thread.owner, repo: thread.repo, comment_id: comment.id, content, request: { signal: this.requestSignal() } }
    if (comment.kind === 'issue-comment') await this.octokit.rest.reactions.createForIssueComment(common)
    else if (comment.kind === 'review-comment') await this.octokit.rest.reactions.createForPullRequestReviewComment(common)
  }

  /** Every comment on the thread, oldest first (100 a page: ceil(n / 100) requests). */
  async listComments(thread: Thread, since?: string): Promise<IssueComment[]> {
    const all = await this.octokit.paginate(this.octokit.rest.issues.listComments, {
      owner: thread.owner,
      repo: thread.repo,
      issue_number: thread.number,
      per_page: 100,
      ...(since ? { since } : {}),
      request: { signal: this.requestSignal() },
    })
    return all.map(toIssueComment)
  }

  async createComment(thread: Thread, body: string, timeoutMs?: number): Promise<IssueComment> {
    const { data } = await this.octokit.rest.issues.createComment({
      owner: thread.owner,
      repo: thread.repo,
      issue_number: thread.number,
      body,
      request: { signal: this.requestSignal(timeoutMs) },
    })
    return toIssueComment(data)
  }

  async updateComment(thread: Thread, id: number, body: string, timeoutMs?: number): Promise<void> {
    await this.octokit.rest.issues.updateComment({ owner: thread.owner, repo: thread.repo, comment_id: id, body, request: { signal: this.requestSignal(timeoutMs) } })
  }

  /** Replies in an inline review thread (to the thread's first comment). */
  async replyToReviewComment(thread: Thread, commentId: number, body: string, timeoutMs?: number): Promise<void> {
    await this.octokit.rest.pulls.createReplyForReviewComment({
      owner: thread.owner,
      repo: thread.repo,
      pull_number: thread.number,
      comment_id: commentId,
      body,
      request: { signal: this.requestSignal(timeoutMs) },
    })
  }
}

/** The HTTP status of an error from the client, if it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status
  return typeof status === 'number' ? status : undefined
}
