import type { ConversationComment, Thread } from './comment-event.js'

/** The GitHub calls the modes make: github-api.ts implements them, and tests run every mode on a fake. */

export interface IssueComment {
  id: number
  body: string
  author: string
  /** `User`, `Bot` or `Organization`, as GitHub says; '' when it does not. */
  authorType: string
  url: string
  /** When GitHub says it was written (whole seconds, `2026-11-24T10:00:00Z`); '' when it does not. */
  createdAt: string
}

export type Reaction = 'eyes' | 'confused'

/** One changed file, as GitHub's pull request files and compare endpoints list it (`diff-entry`). */
export interface ChangedFile {
  filename: string
  /** added, removed, modified, renamed, copied, changed, unchanged */
  status: string
  additions: number
  deletions: number
  /** Absent for a binary file and for one too large for GitHub to show. */
  patch?: string
  previousFilename?: string
}

/** One annotation of a check run (`check-annotation`): a place in a file of the repository. */
export interface CheckAnnotation {
  path: string
  startLine: number
  endLine: number
  /** Only on an annotation of one line. */
  startColumn?: number
  endColumn?: number
  level: 'notice' | 'warning' | 'failure'
  message: string
  title?: string
}

/** What a check run shows: its title, its summary (Markdown) and annotations, at most 50 a request. */
export interface CheckRunOutput {
  title: string
  summary: string
  annotations: CheckAnnotation[]
}

/** A merged pull request (`pull-request-simple`, the parts read). */
export interface MergedPull {
  number: number
  title: string
  url: string
  author: string
  /** Whole seconds, as GitHub writes it. */
  mergedAt: string
}

export interface Commit {
  sha: string
  message: string
}

/** An issue as the health mode keeps one (`issue` in GitHub's description, the parts it reads). */
export interface Issue {
  number: number
  body: string
  open: boolean
  author: string
  url: string
}

/** A GitHub deployment as the preview and deploy actions create one. */
export interface NewDeployment {
  ref: string
  environment: string
  description: string
  /** A preview: GitHub shows it as destroyed once set inactive, and it is no production. */
  transient: boolean
  production: boolean
}

/** A deployment status as GitHub takes one. */
export interface DeploymentState {
  state: 'in_progress' | 'success' | 'failure' | 'error'
  description: string
  environmentUrl?: string
  logUrl?: string
}

export interface GitHubPort {
  /** The login the token writes as; undefined when GitHub will not say. */
  identity(): Promise<string | undefined>
  /** The user's permission on the repository (`admin`, `write`, `read`, `none`) and role name. */
  permission(thread: Thread, login: string): Promise<{ permission: string; role: string }>
  /** Leaves a reaction: `created` when new (201), `existed` (200): REST's one atomic "first to claim". */
  react(
    thread: Thread,
    comment: Pick<ConversationComment, 'kind' | 'id'>,
    content: Reaction,
  ): Promise<'created' | 'existed'>
  /** Every comment on the thread, oldest first; with `since`, those updated since then. */
  listComments(thread: Thread, since?: string): Promise<IssueComment[]>
  createComment(thread: Thread, body: string, timeoutMs?: number): Promise<IssueComment>
  updateComment(thread: Thread, id: number, body: string, timeoutMs?: number): Promise<void>
  /** Replies in an inline review thread (to the thread's first comment). */
  replyToReviewComment(thread: Thread, commentId: number, body: string, timeoutMs?: number): Promise<void>
  /** Requests reviews of a pull request from users (422 when one is not a collaborator, or its author). */
  requestReviewers(repo: Repo, number: number, logins: string[]): Promise<void>
  /** A GitHub deployment of `ref` to `environment` (no merge, no required checks): its id. */
  createDeployment(repo: Repo, deployment: NewDeployment): Promise<number>
  /** A status on a deployment: where it is (`environmentUrl`), the run that made it (`logUrl`). */
  setDeploymentStatus(repo: Repo, id: number, status: DeploymentState): Promise<void>
  /** The newest deployment to `environment` and its newest status; undefined when there is none. */
  latestDeployment(repo: Repo, environment: string): Promise<{ state: string; at: string } | undefined>
  /** Adds labels to the issue or pull request (GitHub creates a label that does not exist, grey). */
  addLabels(thread: Thread, labels: string[]): Promise<void>
  /** Removes a label from it; one it does not have is no error. */
  removeLabel(thread: Thread, label: string): Promise<void>
  /** Whether a pull request is open, or merged; undefined when the token cannot see it (404). */
  pullRequestState(
    repo: Repo,
    number: number,
  ): Promise<{ open: boolean; merged: boolean; mergedAt?: string } | undefined>
  /** A completed check run on a commit (at most 50 annotations): its id and page. Never retried. */
  createCheckRun(
    repo: Repo,
    run: { name: string; headSha: string; conclusion: 'success' | 'failure' | 'neutral'; output: CheckRunOutput },
  ): Promise<{ id: number; url: string }>
  /** Adds annotations to a check run (at most 50 a request): GitHub appends them to those it has. */
  updateCheckRun(repo: Repo, id: number, output: CheckRunOutput): Promise<void>
  /** A pull request's reviews, oldest first (at most `max`). */
  listReviews(repo: Repo, number: number, max: number): Promise<Review[]>
  /**
   * A comment review of a commit, with comments on lines of the diff: its id and page. Never retried.
   * GitHub refuses it whole (422) when one comment is on a line outside the diff.
   */
  createReview(repo: Repo, number: number, review: NewReview): Promise<{ id: number; url: string }>
  /** A review's comments, each its id and body (GitHub's review comments, each on lines of the diff). */
  reviewComments(repo: Repo, number: number, reviewId: number): Promise<Array<{ id: number; body: string }>>
  /** Deletes a review comment; one already gone (404) is no error. */
  deleteReviewComment(repo: Repo, commentId: number): Promise<void>
  /** Replaces a submitted review's body (a submitted review cannot be deleted). */
  updateReview(repo: Repo, number: number, reviewId: number, body: string): Promise<void>
  /** A pull request's files, 100 a page (GitHub lists at most 3,000): at most `maxPages` pages. */
  pullRequestFiles(repo: Repo, number: number, maxPages?: number): Promise<ChangedFile[]>
  /** A file's bytes at a commit; undefined when it is not there (404). Files over 1 MB through the blob. */
  fileAt(repo: Repo, path: string, ref: string): Promise<Uint8Array | undefined>
  /** The commit two commits' histories share (the compare's merge base); undefined when either is unknown. */
  mergeBase(repo: Repo, base: string, head: string): Promise<string | undefined>
  /** The repository's default branch; undefined when the token cannot see it (404). */
  defaultBranch(repo: Repo): Promise<string | undefined>
  /** Pull requests merged into `base` since `since`, newest first; `more` when older ones may remain. */
  mergedPulls(
    repo: Repo,
    base: string,
    since: string,
    maxPages: number,
  ): Promise<{ pulls: MergedPull[]; more: boolean }>
  /** Every file path of a branch (one request; `truncated` when GitHub cut the listing short). */
  treePaths(repo: Repo, ref: string): Promise<{ paths: string[]; truncated: boolean } | undefined>
  /** `base...head`: its files (at most 300) and commits; undefined when GitHub does not know a commit (404). */
  compare(repo: Repo, base: string, head: string): Promise<{ files: ChangedFile[]; commits: Commit[] } | undefined>
  /** The repository's issues with a label, open and closed, oldest first (pull requests left out; at most `max`). */
  listIssues(repo: Repo, label: string, max: number): Promise<Issue[]>
  /** Opens an issue with one label; never retried (its answer may be lost after GitHub made it). */
  createIssue(repo: Repo, title: string, body: string, label: string): Promise<Issue>
  /** Replaces an issue's body, and reopens it when `open` is true. */
  updateIssue(repo: Repo, number: number, change: { body: string; open?: boolean }): Promise<void>
  /** Creates a label: `created` for the first to ask (201), `existed` (422): an atomic claim. */
  createLabel(repo: Repo, name: string, color: string, description: string): Promise<'created' | 'existed'>
}

export interface Review {
  id: number
  author: string
  body: string
  /** The commit it reviewed. */
  commitId: string
  url: string
}

export interface NewReview {
  commitId: string
  body: string
  /** Each on one line of the head's file (GitHub's `side: RIGHT`), or lines `startLine`…`line`. */
  comments: Array<{ path: string; line: number; startLine?: number; body: string }>
}

export interface Repo {
  owner: string
  repo: string
}

/** `owner/name`, as GitHub writes a repository (compare it lower-cased: GitHub's names are not case-sensitive). */
export const fullName = (r: Repo): string => `${r.owner}/${r.repo}`

/** Opens the port for a token (loads the client only then). */
export type GitHubOpener = (token: string) => Promise<GitHubPort>

/** A time as GitHub writes and reads it: whole seconds, `YYYY-MM-DDTHH:MM:SSZ`, rounded down. */
export function githubTime(instant: number): string {
  return new Date(Math.floor(instant / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** GitHub logins are case-insensitive. */
export function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status
  return typeof status === 'number' ? status : undefined
}
