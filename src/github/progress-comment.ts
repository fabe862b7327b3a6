import * as core from '../util/actions-core.js'
import type { AgentReport } from '../agent/run-agent.js'
import { commentMarker, renderEndComment, renderStartComment } from '../summary/agent-comment.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { type CommentTarget, commentTarget } from './comment-target.js'

type GitHubModule = typeof import('@actions/github')
type Octokit = ReturnType<GitHubModule['getOctokit']>

const REQUEST_TIMEOUT_MS = 10_000
/** After a cancel the process must be gone within 2 s: the last edit gets this long. */
const CANCELLED_TIMEOUT_MS = 900

/**
 * The one comment a run keeps on the issue or pull request that triggered it: created when the job
 * starts, edited when it ends. Never a second comment for one run, and never a failed step: a
 * comment that cannot be written is a warning.
 */
export class ProgressComment {
  private id: number | undefined
  /** Set once writing is pointless (no permission, no such issue): no more attempts, no more warnings. */
  private disabled = false
  /** Set when a create may have succeeded without us learning its id. */
  private uncertain = false
  private readonly startedAt = new Date()

  private constructor(
    private readonly octokit: Octokit,
    private readonly target: CommentTarget,
    private readonly runUrl: string,
    private readonly marker: string,
    private readonly signal: AbortSignal,
  ) {}

  /**
   * Loads @actions/github (only now: a run without comments never pays for it) and finds the issue
   * or pull request of the event; undefined, with a notice, when the event has none.
   */
  static async forEvent(token: string, signal: AbortSignal): Promise<ProgressComment | undefined> {
    const github: GitHubModule = await import('@actions/github')
    const { context } = github
    const target = commentTarget(context.eventName, context.payload, { owner: context.repo.owner, repo: context.repo.repo })
    if (!target) {
      core.notice(`comment is true, but this ${external(context.eventName, 40)} event has no issue or pull request to comment on.`)
      return undefined
    }
    const runUrl = `${context.serverUrl}/${target.owner}/${target.repo}/actions/runs/${context.runId}`
    const marker = commentMarker(`${context.runId}.${context.runAttempt || 1}`)
    return new ProgressComment(github.getOctokit(token), target, runUrl, marker, signal)
  }

  async start(jobId: string, action: AgentReport['action']): Promise<void> {
    await this.write(renderStartComment({ marker: this.marker, jobId, action, runUrl: this.runUrl }), REQUEST_TIMEOUT_MS)
  }

  async finish(report: AgentReport): Promise<void> {
    const timeout = this.signal.aborted ? CANCELLED_TIMEOUT_MS : REQUEST_TIMEOUT_MS
    await this.write(renderEndComment({ marker: this.marker, report, runUrl: this.runUrl }), timeout)
  }

  private async write(body: string, timeoutMs: number): Promise<void> {
    if (this.disabled) return
    const signal = this.signal.aborted ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([this.signal, AbortSignal.timeout(timeoutMs)])
    const { owner, repo, number } = this.target
    try {
      if (this.id === undefined && this.uncertain) this.id = await this.findOwnComment(signal)
      if (this.id === undefined) {
        this.uncertain = true
        const created = await this.octokit.rest.issues.createComment({ owner, repo, issue_number: number, body, request: { signal } })
        this.id = created.data.id
        this.uncertain = false
        core.info(`Commented on ${this.target.kind} #${number}: ${external(created.data.html_url ?? '', 200)}`)
      } else {
        await this.octokit.rest.issues.updateComment({ owner, repo, comment_id: this.id, body, request: { signal } })
        core.info(`Updated the comment on ${this.target.kind} #${number}.`)
      }
    } catch (error) {
      this.warn(error)
    }
  }

  /** Looks for this run's comment (by its marker) among those written since the run started. */
  private async findOwnComment(signal: AbortSignal): Promise<number | undefined> {
    const { owner, repo, number } = this.target
    const { data } = await this.octokit.rest.issues.listComments({
      owner,
      repo,
      issue_number: number,
      since: this.startedAt.toISOString(),
      per_page: 100,
      request: { signal },
    })
    return data.find((c) => c.body?.includes(this.marker))?.id
  }

  private warn(error: unknown): void {
    const status = (error as { status?: unknown }).status
    const where = `${this.target.kind} #${this.target.number}`
    if (status === 403 || status === 401) {
      this.disabled = true
      core.warning(`Could not comment on ${where} (HTTP ${status}): the token may not write comments. Grant "issues: write" (or "pull-requests: write") in the workflow's permissions. The job's outputs and summary are not affected.`)
    } else if (status === 404 || status === 410) {
      this.disabled = true
      core.warning(`Could not comment on ${where} (HTTP ${status}): it was not found, or the token cannot see it. The job's outputs and summary are not affected.`)
    } else {
      core.warning(`Could not comment on ${where}: ${external(getErrorMessage(error), 300)}. The job's outputs and summary are not affected.`)
    }
  }
}
