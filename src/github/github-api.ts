import type { ConversationComment, Thread } from './comment-event.js'
import {
  type CheckRunOutput,
  type ChangedFile,
  type Commit,
  type DeploymentState,
  type GitHubPort,
  type Issue,
  type IssueComment,
  type MergedPull,
  type NewDeployment,
  type Reaction,
  type NewReview,
  type Repo,
  type Review,
  statusOf,
} from './port.js'

import { type GitHubApiOptions, GitHubTransport, type Octokit } from './github-transport.js'

type RawComment = {
  id: number
  body?: string | null
  user?: { login?: string; type?: string } | null
  html_url?: string
  created_at?: string
}
/** A request's answer, or undefined when GitHub answers 404 (no such thing, or the token cannot see it). */
async function unlessNotFound<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request
  } catch (error) {
    if (statusOf(error) === 404) return undefined
    throw error
  }
}

type RawIssue = {
  number: number
  body?: string | null
  state: string
  user?: { login?: string } | null
  html_url: string
  pull_request?: unknown
}
const toIssue = (i: RawIssue): Issue => ({
  number: i.number,
  body: i.body ?? '',
  open: i.state === 'open',
  author: i.user?.login ?? '',
  url: i.html_url,
})

type RawFile = {
  filename: string
  status: string
  additions: number
  deletions: number
  patch?: string
  previous_filename?: string
}
const toChangedFile = (f: RawFile): ChangedFile => ({
  filename: f.filename,
  status: f.status,
  additions: f.additions,
  deletions: f.deletions,
  ...(typeof f.patch === 'string' ? { patch: f.patch } : {}),
  ...(f.previous_filename ? { previousFilename: f.previous_filename } : {}),
})
const toIssueComment = (c: RawComment): IssueComment => ({
  id: c.id,
  body: c.body ?? '',
  author: c.user?.login ?? '',
  authorType: c.user?.type ?? '',
  url: c.html_url ?? '',
  createdAt: c.created_at ?? '',
})

/** The GitHub endpoints the action calls, by resource, each with github-transport.ts's request options. */
export class GitHubApi implements GitHubPort {
  private readonly octokit: Octokit

  private constructor(private readonly transport: GitHubTransport) {
    this.octokit = transport.octokit
  }

  static async load(token: string, options: GitHubApiOptions): Promise<GitHubApi> {
    return new GitHubApi(await GitHubTransport.open(token, options))
  }

  /** GitHub requests sent (each attempt, retries included). */
  get requests(): number {
    return this.transport.requests
  }

  private request(options: { create?: boolean; timeoutMs?: number } = {}): { signal: AbortSignal; retries?: 0 } {
    return this.transport.request(options)
  }

  // the token: who it writes as, and what a login may do

  /** The login the token writes as: GraphQL `viewer` (an app's `<slug>[bot]` too), else `GET /user`. */
  async identity(): Promise<string | undefined> {
    try {
      const data = await this.octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }', {
        request: this.request(),
      })
      if (typeof data.viewer?.login === 'string' && data.viewer.login) return data.viewer.login
    } catch {
      // fall through to REST
    }
    try {
      const { data } = await this.octokit.rest.users.getAuthenticated({ request: this.request() })
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
      request: this.request(),
    })
    return {
      permission: String(data.permission ?? 'none'),
      role:
        typeof (data as { role_name?: unknown }).role_name === 'string'
          ? (data as { role_name: string }).role_name
          : '',
    }
  }

  // comments and reactions, on issues, pull requests and review threads

  async react(
    thread: Thread,
    comment: Pick<ConversationComment, 'kind' | 'id'>,
    content: Reaction,
  ): Promise<'created' | 'existed'> {
    const common = { owner: thread.owner, repo: thread.repo, comment_id: comment.id, content, request: this.request() }
    const { status } =
      comment.kind === 'review-comment'
        ? await this.octokit.rest.reactions.createForPullRequestReviewComment(common)
        : await this.octokit.rest.reactions.createForIssueComment(common)
    return Number(status) === 201 ? 'created' : 'existed'
  }

  /** Every comment on the thread, oldest first, 100 a page (octokit.paginate drops the request options). */
  async listComments(thread: Thread, since?: string): Promise<IssueComment[]> {
    const all: IssueComment[] = []
    for (let page = 1; ; page++) {
      const { data } = await this.octokit.rest.issues.listComments({
        owner: thread.owner,
        repo: thread.repo,
        issue_number: thread.number,
        per_page: 100,
        page,
        ...(since ? { since } : {}),
        request: this.request(),
      })
      all.push(...data.map(toIssueComment))
      if (data.length < 100) return all
    }
  }

  async createComment(thread: Thread, body: string, timeoutMs?: number): Promise<IssueComment> {
    const { data } = await this.octokit.rest.issues.createComment({
      owner: thread.owner,
      repo: thread.repo,
      issue_number: thread.number,
      body,
      request: this.request({ create: true, timeoutMs }),
    })
    return toIssueComment(data)
  }

  async updateComment(thread: Thread, id: number, body: string, timeoutMs?: number): Promise<void> {
    await this.octokit.rest.issues.updateComment({
      owner: thread.owner,
      repo: thread.repo,
      comment_id: id,
      body,
      request: this.request({ timeoutMs }),
    })
  }

  /** Replies in an inline review thread (to the thread's first comment). */
  async replyToReviewComment(thread: Thread, commentId: number, body: string, timeoutMs?: number): Promise<void> {
    await this.octokit.rest.pulls.createReplyForReviewComment({
      owner: thread.owner,
      repo: thread.repo,
      pull_number: thread.number,
      comment_id: commentId,
      body,
      request: this.request({ create: true, timeoutMs }),
    })
  }

  // pull request reviews

  async listReviews(repo: Repo, number: number, max: number): Promise<Review[]> {
    const all: Review[] = []
    for (let page = 1; all.length < max; page++) {
      const { data } = await this.octokit.rest.pulls.listReviews({
        ...repo,
        pull_number: number,
        per_page: 100,
        page,
        request: this.request(),
      })
      all.push(
        ...data.map((r) => ({
          id: r.id,
          author: r.user?.login ?? '',
          body: r.body,
          commitId: r.commit_id ?? '',
          url: r.html_url,
        })),
      )
      if (data.length < 100) break
    }
    return all.slice(0, max)
  }

  async createReview(repo: Repo, number: number, review: NewReview): Promise<{ id: number; url: string }> {
    const { data } = await this.octokit.rest.pulls.createReview({
      ...repo,
      pull_number: number,
      commit_id: review.commitId,
      body: review.body,
      event: 'COMMENT',
      comments: review.comments.map((c) => ({
        path: c.path,
        line: c.line,
        side: 'RIGHT',
        ...(c.startLine !== undefined && c.startLine < c.line ? { start_line: c.startLine, start_side: 'RIGHT' } : {}),
        body: c.body,
      })),
      request: this.request({ create: true }),
    })
    return { id: data.id, url: data.html_url }
  }

  async reviewComments(repo: Repo, number: number, reviewId: number): Promise<Array<{ id: number; body: string }>> {
    const comments: Array<{ id: number; body: string }> = []
    for (let page = 1; ; page++) {
      const { data } = await this.octokit.rest.pulls.listCommentsForReview({
        ...repo,
        pull_number: number,
        review_id: reviewId,
        per_page: 100,
        page,
        request: this.request(),
      })
      comments.push(...data.map((c) => ({ id: c.id, body: c.body })))
      if (data.length < 100) return comments
    }
  }

  async deleteReviewComment(repo: Repo, commentId: number): Promise<void> {
    await unlessNotFound(
      this.octokit.rest.pulls.deleteReviewComment({ ...repo, comment_id: commentId, request: this.request() }),
    )
  }

  async updateReview(repo: Repo, number: number, reviewId: number, body: string): Promise<void> {
    await this.octokit.rest.pulls.updateReview({
      ...repo,
      pull_number: number,
      review_id: reviewId,
      body,
      request: this.request(),
    })
  }

  // issues and labels

  /** Oldest first, 100 a page (GitHub's issue list includes pull requests: they are left out). */
  async listIssues(repo: Repo, label: string, max: number): Promise<Issue[]> {
    const all: Issue[] = []
    for (let page = 1; all.length < max; page++) {
      const { data } = await this.octokit.rest.issues.listForRepo({
        ...repo,
        labels: label,
        state: 'all',
        sort: 'created',
        direction: 'asc',
        per_page: 100,
        page,
        request: this.request(),
      })
      all.push(...(data as RawIssue[]).filter((i) => !i.pull_request).map(toIssue))
      if (data.length < 100) break
    }
    return all.slice(0, max)
  }

  async createIssue(repo: Repo, title: string, body: string, label: string): Promise<Issue> {
    const { data } = await this.octokit.rest.issues.create({
      ...repo,
      title,
      body,
      labels: [label],
      request: this.request({ create: true }),
    })
    return toIssue(data)
  }

  async updateIssue(repo: Repo, number: number, change: { body: string; open?: boolean }): Promise<void> {
    await this.octokit.rest.issues.update({
      ...repo,
      issue_number: number,
      body: change.body,
      ...(change.open ? { state: 'open' as const } : {}),
      request: this.request(),
    })
  }

  async addLabels(thread: Thread, labels: string[]): Promise<void> {
    await this.octokit.rest.issues.addLabels({
      owner: thread.owner,
      repo: thread.repo,
      issue_number: thread.number,
      labels,
      request: this.request(),
    })
  }

  async removeLabel(thread: Thread, label: string): Promise<void> {
    await unlessNotFound(
      this.octokit.rest.issues.removeLabel({
        owner: thread.owner,
        repo: thread.repo,
        issue_number: thread.number,
        name: label,
        request: this.request(),
      }),
    )
  }

  async createLabel(repo: Repo, name: string, color: string, description: string): Promise<'created' | 'existed'> {
    try {
      await this.octokit.rest.issues.createLabel({
        ...repo,
        name,
        color,
        description,
        request: this.request({ create: true }),
      })
      return 'created'
    } catch (error) {
      const errors = (error as { response?: { data?: { errors?: Array<{ code?: string }> } } }).response?.data?.errors
      if (statusOf(error) === 422 && errors?.some((e) => e.code === 'already_exists')) return 'existed'
      throw error
    }
  }

  // pull requests

  async pullRequestState(
    repo: Repo,
    number: number,
  ): Promise<{ open: boolean; merged: boolean; mergedAt?: string } | undefined> {
    const found = await unlessNotFound(
      this.octokit.rest.pulls.get({ owner: repo.owner, repo: repo.repo, pull_number: number, request: this.request() }),
    )
    return (
      found && {
        open: found.data.state === 'open',
        merged: found.data.merged === true,
        ...(found.data.merged_at ? { mergedAt: found.data.merged_at } : {}),
      }
    )
  }

  async requestReviewers(repo: Repo, number: number, logins: string[]): Promise<void> {
    await this.octokit.rest.pulls.requestReviewers({
      owner: repo.owner,
      repo: repo.repo,
      pull_number: number,
      reviewers: logins,
      request: this.request(),
    })
  }

  /** GitHub lists at most 3,000 files of a pull request: 30 pages of 100. */
  async pullRequestFiles(repo: Repo, number: number, maxPages = 30): Promise<ChangedFile[]> {
    const all: ChangedFile[] = []
    for (let page = 1; page <= Math.min(30, maxPages); page++) {
      const { data } = await this.octokit.rest.pulls.listFiles({
        owner: repo.owner,
        repo: repo.repo,
        pull_number: number,
        per_page: 100,
        page,
        request: this.request(),
      })
      all.push(...data.map(toChangedFile))
      if (data.length < 100) break
    }
    return all
  }

  /** Closed pull requests into `base`, newest update first, until a page reaches updates before `since`. */
  async mergedPulls(
    repo: Repo,
    base: string,
    since: string,
    maxPages: number,
  ): Promise<{ pulls: MergedPull[]; more: boolean }> {
    const pulls: MergedPull[] = []
    for (let page = 1; page <= maxPages; page++) {
      const { data } = await this.octokit.rest.pulls.list({
        owner: repo.owner,
        repo: repo.repo,
        state: 'closed',
        base,
        sort: 'updated',
        direction: 'desc',
        per_page: 100,
        page,
        request: this.request(),
      })
      for (const p of data) {
        if (p.merged_at && p.merged_at >= since)
          pulls.push({
            number: p.number,
            title: p.title,
            url: p.html_url,
            author: p.user?.login ?? '',
            mergedAt: p.merged_at,
          })
      }
      const last = data.at(-1)
      if (data.length < 100 || !last || last.updated_at < since) return { pulls, more: false }
    }
    return { pulls, more: true }
  }

  // deployments

  async createDeployment(repo: Repo, deployment: NewDeployment): Promise<number> {
    const { status, data } = await this.octokit.rest.repos.createDeployment({
      owner: repo.owner,
      repo: repo.repo,
      ref: deployment.ref,
      environment: deployment.environment,
      description: deployment.description,
      // a deployment of what is there: no merge of the default branch into it, no checks waited for
      auto_merge: false,
      required_contexts: [],
      transient_environment: deployment.transient,
      production_environment: deployment.production,
      request: this.request({ create: true }),
    })
    // 202 is GitHub merging first (auto_merge), which this never asks for: no deployment to follow
    if (Number(status) !== 201 || !('id' in data)) throw new Error(`GitHub made no deployment (HTTP ${status}).`)
    return data.id
  }

  async setDeploymentStatus(repo: Repo, id: number, status: DeploymentState): Promise<void> {
    await this.octokit.rest.repos.createDeploymentStatus({
      owner: repo.owner,
      repo: repo.repo,
      deployment_id: id,
      state: status.state,
      description: status.description.slice(0, 140),
      ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {}),
      ...(status.logUrl ? { log_url: status.logUrl } : {}),
      // a new success leaves the environment's earlier deployments inactive, as GitHub does by default
      request: this.request({ create: true }),
    })
  }

  async latestDeployment(repo: Repo, environment: string): Promise<{ state: string; at: string } | undefined> {
    const listed = await unlessNotFound(
      this.octokit.rest.repos.listDeployments({ ...repo, environment, per_page: 1, request: this.request() }),
    )
    const deployment = listed?.data[0]
    if (!deployment) return undefined
    const statuses = await this.octokit.rest.repos.listDeploymentStatuses({
      ...repo,
      deployment_id: deployment.id,
      per_page: 1,
      request: this.request(),
    })
    const status = statuses.data[0]
    return status ? { state: status.state, at: status.created_at } : { state: 'pending', at: deployment.created_at }
  }

  // check runs

  async createCheckRun(
    repo: Repo,
    run: { name: string; headSha: string; conclusion: 'success' | 'failure' | 'neutral'; output: CheckRunOutput },
  ): Promise<{ id: number; url: string }> {
    const { data } = await this.octokit.rest.checks.create({
      owner: repo.owner,
      repo: repo.repo,
      name: run.name,
      head_sha: run.headSha,
      status: 'completed',
      conclusion: run.conclusion,
      output: checkOutput(run.output),
      request: this.request({ create: true }),
    })
    return { id: data.id, url: data.html_url ?? '' }
  }

  async updateCheckRun(repo: Repo, id: number, output: CheckRunOutput): Promise<void> {
    await this.octokit.rest.checks.update({
      owner: repo.owner,
      repo: repo.repo,
      check_run_id: id,
      output: checkOutput(output),
      request: this.request({ create: true }),
    })
  }

  // the repository's contents and history

  async defaultBranch(repo: Repo): Promise<string | undefined> {
    const found = await unlessNotFound(
      this.octokit.rest.repos.get({ owner: repo.owner, repo: repo.repo, request: this.request() }),
    )
    return found?.data.default_branch
  }

  async fileAt(repo: Repo, path: string, ref: string): Promise<Uint8Array | undefined> {
    const found = await unlessNotFound(
      this.octokit.rest.repos.getContent({ owner: repo.owner, repo: repo.repo, path, ref, request: this.request() }),
    )
    if (!found) return undefined
    const data = found.data as { type?: string; encoding?: string; content?: string; sha?: string; size?: number }
    if (Array.isArray(found.data) || data.type !== 'file') return undefined
    if (data.encoding === 'base64' && typeof data.content === 'string') return Buffer.from(data.content, 'base64')
    // over 1 MB the contents answer has no content ("encoding": "none"): the blob has it, up to 100 MB
    if (!data.sha) return undefined
    const blob = await this.octokit.rest.git.getBlob({
      owner: repo.owner,
      repo: repo.repo,
      file_sha: data.sha,
      request: this.request(),
    })
    return Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8')
  }

  async treePaths(repo: Repo, ref: string): Promise<{ paths: string[]; truncated: boolean } | undefined> {
    const found = await unlessNotFound(
      this.octokit.rest.git.getTree({
        owner: repo.owner,
        repo: repo.repo,
        tree_sha: ref,
        recursive: 'true',
        request: this.request(),
      }),
    )
    return (
      found && {
        paths: found.data.tree.filter((t) => t.type === 'blob' && typeof t.path === 'string').map((t) => t.path),
        truncated: found.data.truncated,
      }
    )
  }

  async mergeBase(repo: Repo, base: string, head: string): Promise<string | undefined> {
    const found = await unlessNotFound(
      this.octokit.rest.repos.compareCommitsWithBasehead({
        owner: repo.owner,
        repo: repo.repo,
        basehead: `${base}...${head}`,
        per_page: 1,
        request: this.request(),
      }),
    )
    return found?.data.merge_base_commit.sha
  }

  async compare(
    repo: Repo,
    base: string,
    head: string,
  ): Promise<{ files: ChangedFile[]; commits: Commit[] } | undefined> {
    const found = await unlessNotFound(
      this.octokit.rest.repos.compareCommitsWithBasehead({
        owner: repo.owner,
        repo: repo.repo,
        basehead: `${base}...${head}`,
        per_page: 100,
        request: this.request(),
      }),
    )
    return (
      found && {
        files: (found.data.files ?? []).map(toChangedFile),
        commits: found.data.commits.map((c) => ({ sha: c.sha, message: c.commit.message })),
      }
    )
  }
}

/** A check run's output as GitHub's API spells it. */
function checkOutput(output: CheckRunOutput) {
  return {
    title: output.title,
    summary: output.summary,
    annotations: output.annotations.map((a) => ({
      path: a.path,
      start_line: a.startLine,
      end_line: a.endLine,
      ...(a.startColumn !== undefined ? { start_column: a.startColumn } : {}),
      ...(a.endColumn !== undefined ? { end_column: a.endColumn } : {}),
      annotation_level: a.level,
      message: a.message,
      ...(a.title !== undefined ? { title: a.title } : {}),
    })),
  }
}
