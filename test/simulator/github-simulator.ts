import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { passTime } from './pass-time.js'
import { type Fault as RouteFault, FaultBook, answerFault, readBody, send } from './faults.js'
import { githubContract, githubExample } from '../contract/openapi-contract.js'
import { FakeReviews, type ReviewRoute, reviewRoute } from './github-reviews.js'
import { LocalServer, type RecordedRequest } from './local-server.js'
import { checkRendered, registerUserText } from '../contract/rendering.js'

/**
 * A stateful fake of the GitHub REST and GraphQL API on 127.0.0.1, for the e2e tests of comments and
 * conversations (GITHUB_API_URL points here, with or without GHES's /api/v3): comments with authors,
 * paging (Link headers) and `since`; reactions (201 when new, 200 when the identity had left it);
 * labels (adding one the repository lacks creates it, grey; removing one the issue lacks is a 404; creating
 * one the repository has is a 422 already_exists); issues (created, edited, closed, listed by label,
 * state and creator, newest first unless asked otherwise); replies in review threads; collaborator permissions;
 * the token's identity (GraphQL viewer, GET /user); scripted faults per route.
 */
export type GitHubRoute =
  | 'graphql'
  | 'get-user'
  | 'permission'
  | 'react-issue-comment'
  | 'react-review-comment'
  | 'list-comments'
  | 'create-comment'
  | 'update-comment'
  | 'reply-review-comment'
  | 'add-labels'
  | 'remove-label'
  | 'pull-files'
  | 'compare'
  | 'get-content'
  | 'get-pull'
  | 'list-issues'
  | 'create-issue'
  | 'update-issue'
  | 'create-label'
  | 'request-reviewers'
  | 'get-repo'
  | 'list-pulls'
  | 'get-tree'
  | 'create-deployment'
  | 'create-deployment-status'
  | 'list-deployments'
  | 'list-deployment-statuses'
  | 'create-check-run'
  | 'update-check-run'
  | ReviewRoute
export type GitHubFault = RouteFault<GitHubRoute>

export interface FakeUser {
  login: string
  type: 'User' | 'Bot' | 'Organization'
}

export interface FakeComment {
  id: number
  issue: number
  body: string
  user: FakeUser
  created_at: string
  updated_at: string
  html_url: string
}

const API = 'https://api.github.com'

/** A user as GitHub's REST API shows one (`simple-user`: every required field). */
/** One page of a list, as GitHub pages it: a `Link` header names the next page while there is one. */
function pageOf<T>(
  url: URL,
  all: readonly T[],
  page: number,
  perPage: number,
  rest: (item: T) => unknown,
): { status: number; body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = {}
  if (page * perPage < all.length) {
    const next = new URL(url.toString())
    next.searchParams.set('page', String(page + 1))
    headers.link = `<${next.toString()}>; rel="next"`
  }
  return { status: 200, body: all.slice((page - 1) * perPage, page * perPage).map(rest), headers }
}

/** GitHub's answer to what it does not know, or to a token that may not see it. */
function notFound(
  documentation = 'https://docs.github.com/rest',
  message = 'Not Found',
): { status: number; body: unknown } {
  return { status: 404, body: { message, documentation_url: documentation, status: '404' } }
}

function restUser(user: FakeUser): Record<string, unknown> {
  // GitHub encodes a bot's [bot] in its URLs (github-actions%5Bbot%5D)
  const url = `${API}/users/${encodeURIComponent(user.login)}`
  return {
    login: user.login,
    id: 1000 + [...user.login].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1_000_000, 7),
    node_id: `U_${Buffer.from(user.login).toString('base64url')}`,
    avatar_url: `https://avatars.githubusercontent.com/u/1?v=4`,
    gravatar_id: '',
    url,
    html_url:
      user.type === 'Bot'
        ? `https://github.com/apps/${encodeURIComponent(user.login.replace(/\[bot\]$/, ''))}`
        : `https://github.com/${encodeURIComponent(user.login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  }
}

/** An issue comment as GitHub's REST API shows one (`issue-comment`). */
function restComment(c: FakeComment, repo = 'acme/docs'): Record<string, unknown> {
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${API}/repos/${repo}/issues/comments/${c.id}`,
    html_url: c.html_url,
    issue_url: `${API}/repos/${repo}/issues/${c.issue}`,
    body: c.body,
    user: restUser(c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'MEMBER',
  }
}

/** A changed file as a test gives it; the simulator adds what GitHub's `diff-entry` carries. */
export interface FakeFile {
  filename: string
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged'
  additions: number
  deletions: number
  /** Absent as GitHub leaves it out: binary files and very large ones. */
  patch?: string
  previous_filename?: string
}

/** A file as GitHub's REST API shows one (`diff-entry`). */
function restFile(f: FakeFile, ref: string, repo = 'acme/docs'): Record<string, unknown> {
  const sha = Buffer.from(f.filename).toString('hex').padEnd(40, '0').slice(0, 40)
  return {
    sha,
    filename: f.filename,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    changes: f.additions + f.deletions,
    blob_url: `https://github.com/${repo}/blob/${ref}/${urlPath(f.filename)}`,
    raw_url: `https://github.com/${repo}/raw/${ref}/${urlPath(f.filename)}`,
    contents_url: `${API}/repos/${repo}/contents/${urlPath(f.filename)}?ref=${ref}`,
    ...(f.patch !== undefined ? { patch: f.patch } : {}),
    ...(f.previous_filename ? { previous_filename: f.previous_filename } : {}),
  }
}

/** A commit as GitHub's REST API shows one (`commit`); git authors left null, as GitHub may. */
function restCommit(sha: string, message: string, repo = 'acme/docs'): Record<string, unknown> {
  return {
    url: `${API}/repos/${repo}/commits/${sha}`,
    sha,
    node_id: `C_${sha.slice(0, 10)}`,
    html_url: `https://github.com/${repo}/commit/${sha}`,
    comments_url: `${API}/repos/${repo}/commits/${sha}/comments`,
    commit: {
      author: null,
      committer: null,
      comment_count: 0,
      message,
      tree: { sha: 'f'.repeat(40), url: `${API}/repos/${repo}/git/trees/${'f'.repeat(40)}` },
      url: `${API}/repos/${repo}/git/commits/${sha}`,
    },
    author: null,
    committer: null,
    parents: [],
  }
}

export interface FakePull {
  number: number
  title: string
  /** Whole seconds; null when not merged. */
  mergedAt: string | null
  closed?: boolean
  updatedAt?: string
  base?: string
  author?: FakeUser
}

export interface FakeReaction {
  kind: 'issue-comment' | 'review-comment'
  commentId: number
  content: string
  by: string
}

export interface FakeIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  user: FakeUser
  created_at: string
  updated_at: string
  closed_at: string | null
}

export interface FakeReply {
  pull: number
  inReplyTo: number
  body: string
  by: string
}

/** What a token may do in a repository: see GitHubSimulator.acceptToken. */
export type TokenAccess = 'write' | 'read' | 'none'

export class GitHubSimulator extends LocalServer<GitHubRoute> {
  readonly comments: FakeComment[] = []
  readonly reactions: FakeReaction[] = []
  readonly replies: FakeReply[] = []
  /** Each pull request's files (GitHub lists at most 3,000), and the `base...head` compares it knows. */
  readonly pullFiles = new Map<number, FakeFile[]>()
  readonly compares = new Map<
    string,
    { files: FakeFile[]; commits: Array<{ sha: string; message: string }>; mergeBase?: string }
  >()
  /** Files at a commit, as the contents endpoint answers them: `<ref>:<path>` → the file's text. */
  readonly contents = new Map<string, string>()
  /** Pull requests GET /pulls/{n} knows (any other: 404): open, closed or merged. */
  readonly pulls = new Map<number, 'open' | 'closed' | 'merged'>()
  /** The repository's labels (name → colour), and each issue's or pull request's, by number. */
  readonly repoLabels = new Map<string, string>()
  readonly labels = new Map<number, string[]>()
  /** Permission on the repository by login: admin, maintain, write, triage, read (absent: not a collaborator). */
  readonly roles = new Map<string, string>()
  /** Issues by number (labels in `labels`); numbers from 200, apart from the tests' threads. */
  readonly issues = new Map<number, FakeIssue>()
  private nextIssue = 200
  /** The default branch, and its files (git/trees). */
  defaultBranch = 'main'
  readonly tree: string[] = []
  /** The files of other commits' trees (git/trees/{commit}?recursive=1), by commit; else the default branch's. */
  readonly treesAt = new Map<string, string[]>()
  /** Pull requests the list endpoint shows (merged ones have mergedAt). */
  readonly pullList: FakePull[] = []

  /** A pull request merged at `mergedAt` (whole seconds) with its files: listed, known to GET and to its files. */
  merge(
    number: number,
    title: string,
    mergedAt: string,
    files: FakeFile[],
    author: FakeUser = { login: 'dana', type: 'User' },
  ): void {
    this.pullList.push({ number, title, mergedAt, author })
    this.pulls.set(number, 'merged')
    this.pullFiles.set(number, files)
  }

  /** Deployments made through the API, each with the statuses set on it, oldest first. */
  readonly deployments: Array<{
    id: number
    url: string
    ref: string
    environment: string
    transient_environment: boolean
    production_environment: boolean
    statuses: Array<{
      state: string
      environmentUrl?: string
      logUrl?: string
      description?: string
      body?: Record<string, unknown>
    }>
    body?: Record<string, unknown>
  }> = []

  /**
   * Check runs made through the API, each with every annotation GitHub keeps for it (an update
   * appends its annotations to those there). `checksWrite` false: the token has no checks: write,
   * and creating one answers 403, as for a fork's read-only token.
   */
  readonly checkRuns: Array<{
    id: number
    name: string
    headSha: string
    conclusion: string
    title: string
    summary: string
    annotations: Array<Record<string, unknown>>
    requests: number
  }> = []
  checksWrite = true

  /** Pull request reviews (github-reviews.ts): `reviews.writable` false answers 403, as a fork's read-only token. */
  readonly reviews: FakeReviews

  /** Reviews requested, by pull request. */
  readonly reviewRequests: Array<{ pull: number; logins: string[] }> = []
  /** Comment ids the action edited, with the author each had. */
  readonly edits: Array<{ id: number; author: string }> = []
  private readonly faults = new FaultBook<GitHubRoute>()
  private nextId = 9001

  /**
   * Every REST exchange is checked against GitHub's own description (@octokit/openapi); GHES's
   * `/api/v3` prefix is taken off first, and GraphQL (not in the REST description) is not checked.
   */
  protected override contract = (
    exchange: Parameters<NonNullable<LocalServer<GitHubRoute>['contract']>>[0],
    withResponse: boolean,
  ): string[] => {
    const url = exchange.url.replace(/^\/api\/v3(?=\/)/, '')
    if (/^\/(api\/)?graphql\b/.test(url)) return []
    const contract = githubContract()
    const checked = { ...exchange, url }
    return [...contract.checkRequest(checked), ...(withResponse ? contract.checkResponse(checked) : [])]
  }

  /**
   * `identity` is who the token writes as: `github-actions[bot]` for GITHUB_TOKEN, a login for a
   * personal token; `repository` the one repository this fake serves (a second one is a second fake).
   */
  constructor(
    readonly token: string,
    public identity: FakeUser = { login: 'github-actions[bot]', type: 'Bot' },
    readonly repository = 'acme/docs',
  ) {
    super()
    this.reviews = new FakeReviews(repository, (pull) => this.pullFiles.get(pull) ?? [])
  }

  /** Other tokens this repository knows, each with its identity and what it may do here. */
  private readonly otherTokens = new Map<string, { identity: FakeUser; access: TokenAccess }>()

  /**
   * A token of another kind this repository knows: `write` a GitHub App installed here whose token
   * was created for it; `read` a token created for another repository, this one public (reads
   * answer, writes 403 "Resource not accessible by integration"); `none` the same, this one private
   * (404 for everything, as GitHub hides a private repository). As `actions/create-github-app-token`
   * scopes a token: only the repositories it was created for (test/e2e/two-repositories.ts).
   */
  acceptToken(token: string, identity: FakeUser, access: TokenAccess = 'write'): this {
    this.otherTokens.set(token, { identity, access })
    return this
  }

  /** When each content-creating request (POST, PATCH, PUT, DELETE) came, for the secondary limit. */
  private readonly writeTimes: number[] = []
  /** The secondary-limit answers given (GitHub's 403 for more than 80 writes in a minute). */
  secondaryLimited = 0

  /**
   * GitHub's secondary rate limit: more than 80 content-creating requests in a minute are refused
   * with 403 and a retry-after, as GitHub documents it ("Rate limits for the REST API").
   */
  private secondaryLimit(
    method: string,
  ): { status: number; body: unknown; headers?: Record<string, string> } | undefined {
    if (method === 'GET' || method === 'HEAD') return undefined
    const now = Date.now()
    while (this.writeTimes.length > 0 && (this.writeTimes[0] ?? 0) <= now - 60_000) this.writeTimes.shift()
    if (this.writeTimes.length >= 80) {
      this.secondaryLimited++
      return {
        status: 403,
        headers: { 'retry-after': '60' },
        body: {
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url:
            'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        },
      }
    }
    this.writeTimes.push(now)
    return undefined
  }

  addFault(fault: GitHubFault): this {
    this.faults.add(fault)
    return this
  }

  /** Seeds a comment as if `user` had written it earlier. */
  addComment(issue: number, user: FakeUser, body: string): FakeComment {
    const at = this.stamp()
    const id = this.nextId++
    if (user.login !== this.identity.login) registerUserText(body)
    const comment = {
      id,
      issue,
      body,
      user,
      created_at: at,
      updated_at: at,
      html_url: `https://github.com/${this.repository}/issues/${issue}#issuecomment-${id}`,
    }
    this.comments.push(comment)
    return comment
  }

  /** Now, as GitHub stamps it: whole seconds (`2025-11-21T00:12:32Z`); comments made in one second share it. */
  private stamp(): string {
    return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
  }

  /** A label as GitHub's REST API shows one (`label`). */
  private restLabel(name: string): Record<string, unknown> {
    const id = 5000 + [...name].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1_000_000, 3)
    return {
      id,
      node_id: `LA_${id}`,
      url: `${API}/repos/${this.repository}/labels/${encodeURIComponent(name)}`,
      name,
      description: null,
      color: this.repoLabels.get(name) ?? 'ededed',
      default: false,
    }
  }

  /** An issue someone opened (or the action, with `user` its identity), with its labels. */
  addIssue(fields: Partial<FakeIssue> & { title: string; body: string }, labels: string[] = []): FakeIssue {
    const at = this.stamp()
    const issue: FakeIssue = {
      number: this.nextIssue++,
      state: 'open',
      user: this.identity,
      created_at: at,
      updated_at: at,
      closed_at: null,
      ...fields,
    }
    if (issue.state === 'closed' && !issue.closed_at) issue.closed_at = at
    this.issues.set(issue.number, issue)
    for (const name of labels)
      if (![...this.repoLabels.keys()].some((l) => l.toLowerCase() === name.toLowerCase()))
        this.repoLabels.set(name, 'ededed')
    this.labels.set(issue.number, [...labels])
    return issue
  }

  /** A person closes an issue. */
  closeIssue(number: number): void {
    const issue = this.issues.get(number)
    if (!issue) throw new Error(`no issue ${number}`)
    issue.state = 'closed'
    issue.closed_at = issue.updated_at = this.stamp()
  }

  private restIssue(issue: FakeIssue): Record<string, unknown> {
    const url = `${API}/repos/${this.repository}/issues/${issue.number}`
    return {
      ...githubExample('issue'),
      id: 7000 + issue.number,
      node_id: `I_${issue.number}`,
      url,
      repository_url: `${API}/repos/${this.repository}`,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: `https://github.com/${this.repository}/issues/${issue.number}`,
      number: issue.number,
      state: issue.state,
      state_reason: issue.state === 'closed' ? 'completed' : null,
      title: issue.title,
      body: issue.body,
      user: restUser(issue.user),
      labels: (this.labels.get(issue.number) ?? []).map((l) => this.restLabel(l)),
      assignee: null,
      assignees: [],
      milestone: null,
      locked: false,
      comments: this.commentsOn(issue.number).length,
      pull_request: undefined,
      closed_at: issue.closed_at,
      created_at: issue.created_at,
      updated_at: issue.updated_at,
      closed_by: null,
      author_association: issue.user.type === 'Bot' ? 'NONE' : 'OWNER',
    }
  }

  commentsOn(issue: number): FakeComment[] {
    return this.comments.filter((c) => c.issue === issue)
  }

  /** Requests that changed something on GitHub (comments, reactions, replies). */
  writes(): string[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.route !== 'graphql').map((r) => `${r.route} ${r.url}`)
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'gh'}`)
    const path = url.pathname.replace(/^\/api\/v3(?=\/)/, '').replace(/^\/api\/graphql$/, '/graphql') // GHES serves the API under /api/v3
    const method = req.method ?? 'GET'
    const match = (re: RegExp): RegExpExecArray | null => re.exec(path)
    let route: GitHubRoute | 'unknown' = 'unknown'
    let m: RegExpExecArray | null = null
    let ids: number[] = []
    if (path === '/graphql' && method === 'POST') route = 'graphql'
    else if (path === '/user' && method === 'GET') route = 'get-user'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/)) && method === 'GET')
      route = 'permission'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)\/reactions$/)) && method === 'POST')
      route = 'react-issue-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)\/reactions$/)) && method === 'POST')
      route = 'react-review-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/)))
      route = method === 'POST' ? 'create-comment' : 'list-comments'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/)) && method === 'PATCH')
      route = 'update-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/comments\/(\d+)\/replies$/)) && method === 'POST')
      route = 'reply-review-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/labels$/)) && method === 'POST') route = 'add-labels'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/files$/)) && method === 'GET') route = 'pull-files'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/)) && method === 'GET') route = 'get-pull'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/compare\/([^/]+)$/)) && method === 'GET') route = 'compare'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/)) && method === 'GET') route = 'get-content'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/labels\/([^/]+)$/)) && method === 'DELETE')
      route = 'remove-label'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues$/))) route = method === 'POST' ? 'create-issue' : 'list-issues'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/)) && method === 'PATCH') route = 'update-issue'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/labels$/)) && method === 'POST') route = 'create-label'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/requested_reviewers$/)) && method === 'POST')
      route = 'request-reviewers'
    else if (match(/^\/repos\/[^/]+\/[^/]+$/) && method === 'GET') route = 'get-repo'
    else if (match(/^\/repos\/[^/]+\/[^/]+\/pulls$/) && method === 'GET') route = 'list-pulls'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/git\/trees\/(.+)$/)) && method === 'GET') route = 'get-tree'
    else if (match(/^\/repos\/[^/]+\/[^/]+\/deployments$/))
      route = method === 'POST' ? 'create-deployment' : 'list-deployments'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/deployments\/(\d+)\/statuses$/)))
      route = method === 'POST' ? 'create-deployment-status' : 'list-deployment-statuses'
    else if (match(/^\/repos\/[^/]+\/[^/]+\/check-runs$/) && method === 'POST') route = 'create-check-run'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/)) && method === 'PATCH') route = 'update-check-run'
    else m = null
    if (m) ids = m.slice(1).map((v) => (/^\d+$/.test(v) ? Number(v) : NaN))
    const reviewing = route === 'unknown' ? reviewRoute(path, method) : undefined
    if (reviewing) ({ route, ids } = reviewing)
    const recorded: RecordedRequest<GitHubRoute> = {
      route,
      method,
      url: req.url ?? '',
      headers: req.headers,
      body,
      at: Date.now(),
    }
    this.record(recorded)

    const fault = this.faults.take(route)
    if (fault?.delayMs) await passTime(fault.delayMs, res)
    if (fault && !fault.afterProcessing) {
      this.checkExchange(recorded)
      answerFault(req, res, fault)
      return
    }
    const answer = this.secondaryLimit(method) ?? this.process(req, route, m, ids, body, url)
    this.checkExchange(recorded, fault ? undefined : answer)
    if (fault) answerFault(req, res, fault)
    else send(res, answer.status, answer.body, answer.headers)
  }

  private process(
    req: IncomingMessage,
    route: GitHubRoute | 'unknown',
    m: RegExpExecArray | null,
    ids: number[],
    body: string,
    url: URL,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const given = (req.headers.authorization ?? '').replace(/^(token|Bearer) /, '')
    const known =
      given === this.token ? { identity: this.identity, access: 'write' as const } : this.otherTokens.get(given)
    if (!known)
      return {
        status: 401,
        body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
      }
    const me = known.identity
    // a token not created for this repository: who-am-I still answers (it is no repository's), the repository does not
    if (route !== 'graphql' && route !== 'get-user' && known.access !== 'write') {
      if (known.access === 'none') return notFound()
      if (req.method !== 'GET')
        return {
          status: 403,
          body: {
            message: 'Resource not accessible by integration',
            documentation_url: 'https://docs.github.com/rest',
            status: '403',
          },
        }
    }
    const now = this.stamp()
    switch (route) {
      case 'list-reviews':
      case 'create-review':
      case 'update-review':
      case 'list-review-comments':
      case 'delete-review-comment':
        return this.reviews.answer(route, ids, body, { login: me.login, user: restUser(me) }, now, url.searchParams)
      case 'graphql':
        return { status: 200, body: { data: { viewer: { login: me.login } } } }
      case 'get-user':
        // installation tokens (GITHUB_TOKEN, app tokens) cannot read /user
        if (me.type === 'Bot')
          return {
            status: 403,
            body: {
              message: 'Resource not accessible by integration',
              documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
              status: '403',
            },
          }
        return {
          status: 200,
          body: {
            ...restUser(me),
            name: null,
            company: null,
            blog: null,
            location: null,
            email: null,
            hireable: null,
            bio: null,
            public_repos: 1,
            public_gists: 0,
            followers: 0,
            following: 0,
            created_at: '2020-01-01T00:00:00Z',
            updated_at: '2025-01-01T00:00:00Z',
          },
        }
      case 'permission': {
        const login = decodeURIComponent(m?.[1] ?? '')
        if (login.endsWith('[bot]'))
          return notFound(
            'https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user',
            `${login} is not a user`,
          )
        const role = this.roles.get(login.toLowerCase())
        if (!role) return notFound()
        const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
        const permissions = {
          admin: permission === 'admin',
          maintain: role === 'maintain' || permission === 'admin',
          push: permission === 'admin' || permission === 'write',
          triage: role !== 'read',
          pull: true,
        }
        return {
          status: 200,
          body: {
            permission,
            role_name: role,
            user: { ...restUser({ login, type: 'User' }), permissions, role_name: role },
          },
        }
      }
      case 'react-issue-comment':
      case 'react-review-comment': {
        const content = (JSON.parse(body) as { content: string }).content
        const kind = route === 'react-issue-comment' ? 'issue-comment' : 'review-comment'
        const index = this.reactions.findIndex(
          (r) => r.kind === kind && r.commentId === (ids[0] ?? 0) && r.content === content && r.by === me.login,
        )
        // GitHub answers 200 with the reaction this user already left, 201 with a new one
        if (index >= 0)
          return {
            status: 200,
            body: { id: index + 1, node_id: `REA_${index + 1}`, content, user: restUser(me), created_at: now },
          }
        this.reactions.push({ kind, commentId: ids[0] ?? 0, content, by: me.login })
        return {
          status: 201,
          body: {
            id: this.reactions.length,
            node_id: `REA_${this.reactions.length}`,
            content,
            user: restUser(me),
            created_at: now,
          },
        }
      }
      case 'create-check-run':
      case 'update-check-run': {
        const asked = JSON.parse(body) as {
          name?: string
          head_sha?: string
          conclusion?: string
          output?: { title?: string; summary?: string; annotations?: Array<Record<string, unknown>> }
        }
        const refused = (status: number, message: string) => ({
          status,
          body: { message, documentation_url: 'https://docs.github.com/rest/checks/runs', status: String(status) },
        })
        if (!this.checksWrite) return refused(403, 'Resource not accessible by integration')
        const annotations = asked.output?.annotations ?? []
        if (annotations.length > 50) return refused(422, 'Only 50 annotations are allowed per request')
        if ((asked.output?.summary ?? '').length > 65_535)
          return refused(422, 'output.summary is too long (maximum is 65535 characters)')
        let run = this.checkRuns.find((r) => r.id === ids[0])
        if (route === 'update-check-run') {
          if (!run) return refused(404, 'Not Found')
          run.annotations.push(...annotations)
          run.requests++
          if (asked.output?.title !== undefined) run.title = asked.output.title
          if (asked.output?.summary !== undefined) run.summary = asked.output.summary
        } else {
          run = {
            id: this.checkRuns.length + 1,
            name: asked.name ?? '',
            headSha: asked.head_sha ?? '',
            conclusion: asked.conclusion ?? '',
            title: asked.output?.title ?? '',
            summary: asked.output?.summary ?? '',
            annotations: [...annotations],
            requests: 1,
          }
          this.checkRuns.push(run)
        }
        const example = githubExample('check-run')
        return {
          status: route === 'create-check-run' ? 201 : 200,
          body: {
            ...example,
            id: run.id,
            node_id: `CR_${run.id}`,
            head_sha: run.headSha,
            name: run.name,
            status: 'completed',
            conclusion: run.conclusion,
            url: `${API}/repos/${this.repository}/check-runs/${run.id}`,
            html_url: `https://github.com/${this.repository}/runs/${run.id}`,
            details_url: `https://github.com/${this.repository}/runs/${run.id}`,
            started_at: now,
            completed_at: now,
            output: {
              title: run.title,
              summary: run.summary,
              text: null,
              annotations_count: run.annotations.length,
              annotations_url: `${API}/repos/${this.repository}/check-runs/${run.id}/annotations`,
            },
            pull_requests: [],
          },
        }
      }
      case 'create-deployment': {
        const asked = JSON.parse(body) as {
          ref: string
          environment?: string
          description?: string
          transient_environment?: boolean
          production_environment?: boolean
        }
        const id = this.deployments.length + 1
        const deployment = {
          ...githubExample('deployment'),
          url: `${API}/repos/${this.repository}/deployments/${id}`,
          id,
          node_id: `DE_${id}`,
          sha: /^[0-9a-f]{40}$/.test(asked.ref) ? asked.ref : '0'.repeat(40),
          ref: asked.ref,
          task: 'deploy',
          payload: {},
          original_environment: asked.environment ?? 'production',
          environment: asked.environment ?? 'production',
          description: asked.description ?? null,
          creator: restUser(me),
          created_at: now,
          updated_at: now,
          statuses_url: `${API}/repos/${this.repository}/deployments/${id}/statuses`,
          repository_url: `${API}/repos/${this.repository}`,
          transient_environment: asked.transient_environment ?? false,
          production_environment: asked.production_environment ?? asked.environment === 'production',
        }
        this.deployments.push({ ...deployment, statuses: [], body: deployment })
        return { status: 201, body: deployment }
      }
      case 'create-deployment-status': {
        const deployment = this.deployments.find((d) => d.id === ids[0])
        if (!deployment) return notFound()
        const asked = JSON.parse(body) as {
          state: string
          environment_url?: string
          log_url?: string
          description?: string
        }
        const id = this.deployments.reduce((n, d) => n + d.statuses.length, 0) + 1
        // GitHub's example, without its example URLs: only what was asked for is there
        const { environment_url: _environment, log_url: _log, ...example } = githubExample('deployment-status')
        const status = {
          ...example,
          url: `${API}/repos/${this.repository}/deployments/${deployment.id}/statuses/${id}`,
          id,
          node_id: `DES_${id}`,
          state: asked.state,
          creator: restUser(me),
          description: asked.description ?? '',
          environment: deployment.environment,
          target_url: asked.log_url ?? '',
          created_at: now,
          updated_at: now,
          deployment_url: deployment.url,
          repository_url: `${API}/repos/${this.repository}`,
          // absent when not asked for: GitHub's description gives them as URIs
          ...(asked.environment_url ? { environment_url: asked.environment_url } : {}),
          ...(asked.log_url ? { log_url: asked.log_url } : {}),
        }
        deployment.statuses.push({
          state: asked.state,
          environmentUrl: asked.environment_url,
          logUrl: asked.log_url,
          description: asked.description,
          body: status,
        })
        return { status: 201, body: status }
      }
      case 'list-deployments': {
        // newest first, as GitHub lists them; filtered by environment, one page
        const environment = url.searchParams.get('environment')
        const perPage = Number(url.searchParams.get('per_page') ?? 30)
        const listed = this.deployments
          .filter((d) => environment === null || d.environment === environment)
          .reverse()
          .slice(0, perPage)
          .map((d) => d.body)
        return { status: 200, body: listed }
      }
      case 'list-deployment-statuses': {
        const deployment = this.deployments.find((d) => d.id === ids[0])
        if (!deployment) return notFound()
        const perPage = Number(url.searchParams.get('per_page') ?? 30)
        return {
          status: 200,
          body: [...deployment.statuses]
            .reverse()
            .slice(0, perPage)
            .map((s) => s.body),
        }
      }
      case 'pull-files': {
        const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30))
        const page = Number(url.searchParams.get('page') ?? 1)
        const all = (this.pullFiles.get(ids[0] ?? 0) ?? []).slice(0, 3000) // GitHub lists at most 3,000 files
        return pageOf(url, all, page, perPage, (f) => restFile(f, 'head', this.repository))
      }
      case 'get-pull': {
        const state = this.pulls.get(ids[0] ?? 0)
        if (!state) return notFound('https://docs.github.com/rest/pulls/pulls#get-a-pull-request')
        // GitHub's own example of a pull request (every field it documents), as this one; its
        // requested_teams entry lacks the `type` the schema requires, so none are requested here
        return {
          status: 200,
          body: {
            ...githubExample('pull-request'),
            number: ids[0],
            state: state === 'open' ? 'open' : 'closed',
            merged: state === 'merged',
            // when it merged, as merge() said (else GitHub's example time); null while not merged
            merged_at:
              state === 'merged'
                ? (this.pullList.find((p) => p.number === ids[0])?.mergedAt ??
                  (githubExample('pull-request') as { merged_at: string | null }).merged_at)
                : null,
            requested_teams: [],
          },
        }
      }
      case 'get-content': {
        const path = decodeURIComponent(m?.[1] ?? '')
        const ref = url.searchParams.get('ref') ?? this.defaultBranch
        const text = this.contents.get(`${ref}:${path}`)
        if (text === undefined) return notFound('https://docs.github.com/rest/repos/contents#get-repository-content')
        const bytes = Buffer.from(text, 'utf8')
        const sha = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
        const self = `${API}/repos/${this.repository}/contents/${encodeURI(path)}?ref=${ref}`
        const html = `https://github.com/${this.repository}/blob/${ref}/${encodeURI(path)}`
        const git = `${API}/repos/${this.repository}/git/blobs/${sha}`
        return {
          status: 200,
          body: {
            type: 'file',
            encoding: 'base64',
            size: bytes.length,
            name: path.split('/').at(-1) ?? path,
            path,
            // GitHub wraps the base64 at 60 characters a line
            content: (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n',
            sha,
            url: self,
            git_url: git,
            html_url: html,
            download_url: `https://raw.githubusercontent.com/${this.repository}/${ref}/${encodeURI(path)}`,
            _links: { self, git, html },
          },
        }
      }
      case 'compare': {
        const basehead = decodeURIComponent(m?.[1] ?? '')
        const known = this.compares.get(basehead)
        if (!known) return notFound('https://docs.github.com/rest/commits/commits#compare-two-commits')
        const [base = '', head = ''] = basehead.split('...')
        return {
          status: 200,
          body: {
            url: `${API}/repos/${this.repository}/compare/${basehead}`,
            html_url: `https://github.com/${this.repository}/compare/${basehead}`,
            permalink_url: `https://github.com/${this.repository}/compare/acme:${base}...acme:${head}`,
            diff_url: `https://github.com/${this.repository}/compare/${basehead}.diff`,
            patch_url: `https://github.com/${this.repository}/compare/${basehead}.patch`,
            base_commit: restCommit(base.padEnd(40, '0'), 'base', this.repository),
            merge_base_commit: restCommit(known.mergeBase ?? base.padEnd(40, '0'), 'base', this.repository),
            status: 'ahead',
            ahead_by: known.commits.length,
            behind_by: 0,
            total_commits: known.commits.length,
            commits: known.commits.map((c) => restCommit(c.sha, c.message, this.repository)),
            files: known.files.slice(0, 300).map((f) => restFile(f, head, this.repository)),
          },
        }
      }
      case 'add-labels': {
        const names = (JSON.parse(body) as { labels: string[] }).labels
        const have = this.labels.get(ids[0] ?? 0) ?? []
        for (const name of names) {
          if (![...this.repoLabels.keys()].some((l) => l.toLowerCase() === name.toLowerCase()))
            this.repoLabels.set(name, 'ededed')
          if (!have.some((l) => l.toLowerCase() === name.toLowerCase())) have.push(name)
        }
        this.labels.set(ids[0] ?? 0, have)
        return { status: 200, body: have.map((name) => this.restLabel(name)) }
      }
      case 'remove-label': {
        const name = decodeURIComponent(m?.[2] ?? '')
        const have = this.labels.get(ids[0] ?? 0) ?? []
        if (!have.some((l) => l.toLowerCase() === name.toLowerCase()))
          return notFound(
            'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue',
            'Label does not exist',
          )
        const left = have.filter((l) => l.toLowerCase() !== name.toLowerCase())
        this.labels.set(ids[0] ?? 0, left)
        return { status: 200, body: left.map((l) => this.restLabel(l)) }
      }
      case 'request-reviewers': {
        const { reviewers = [] } = JSON.parse(body) as { reviewers?: string[] }
        // the whole request fails when any login is not a collaborator of the repository
        if (reviewers.some((login) => !this.roles.has(login.toLowerCase()) && !this.roles.has(login))) {
          return {
            status: 422,
            body: {
              message: `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${this.repository} repository.`,
              documentation_url:
                'https://docs.github.com/rest/pulls/review-requests#request-reviewers-for-a-pull-request',
              status: '422',
            },
          }
        }
        this.reviewRequests.push({ pull: ids[0] ?? 0, logins: reviewers })
        // GitHub's own example; its requested_teams entry lacks the `type` the schema requires, so none here
        return {
          status: 201,
          body: { ...githubExample('pull-request-review-request'), number: ids[0], requested_teams: [] },
        }
      }
      case 'create-label': {
        const { name, color } = JSON.parse(body) as { name: string; color?: string }
        if ([...this.repoLabels.keys()].some((l) => l.toLowerCase() === name.toLowerCase())) {
          return {
            status: 422,
            body: {
              message: 'Validation Failed',
              errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
              documentation_url: 'https://docs.github.com/rest/issues/labels#create-a-label',
              status: '422',
            },
          }
        }
        this.repoLabels.set(name, color ?? 'ededed')
        return { status: 201, body: this.restLabel(name) }
      }
      case 'create-issue': {
        const { title, body: text, labels } = JSON.parse(body) as { title: string; body?: string; labels?: string[] }
        checkRendered(text ?? '', 'an issue the action opened')
        const issue = this.addIssue({ title, body: text ?? '', user: me }, labels ?? [])
        return { status: 201, body: this.restIssue(issue) }
      }
      case 'update-issue': {
        const issue = this.issues.get(ids[0] ?? 0)
        if (!issue) return notFound('https://docs.github.com/rest/issues/issues#update-an-issue')
        const change = JSON.parse(body) as { title?: string; body?: string; state?: 'open' | 'closed' }
        if (change.title !== undefined) issue.title = change.title
        if (change.body !== undefined) {
          checkRendered(change.body, 'an issue the action edited')
          issue.body = change.body
        }
        if (change.state) {
          issue.closed_at = change.state === 'closed' ? now : null
          issue.state = change.state
        }
        issue.updated_at = now
        return { status: 200, body: this.restIssue(issue) }
      }
      case 'list-issues': {
        const labels = (url.searchParams.get('labels') ?? '')
          .split(',')
          .map((l) => l.trim().toLowerCase())
          .filter(Boolean)
        const state = url.searchParams.get('state') ?? 'open'
        const creator = url.searchParams.get('creator')
        const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30))
        const page = Number(url.searchParams.get('page') ?? 1)
        // GitHub's default order is newest first (sort=created, direction=desc)
        const ascending = url.searchParams.get('direction') === 'asc'
        const all = [...this.issues.values()]
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => !creator || i.user.login.toLowerCase() === creator.toLowerCase())
          .filter((i) =>
            labels.every((l) => (this.labels.get(i.number) ?? []).some((have) => have.toLowerCase() === l)),
          )
          .sort((a, b) => (ascending ? a.number - b.number : b.number - a.number))
        return pageOf(url, all, page, perPage, (i) => this.restIssue(i))
      }
      case 'create-comment': {
        const text = (JSON.parse(body) as { body: string }).body
        checkRendered(text, 'a comment the action wrote')
        const id = this.nextId++
        const comment: FakeComment = {
          id,
          issue: ids[0] ?? 0,
          body: text,
          user: me,
          created_at: now,
          updated_at: now,
          html_url: `https://github.com/${this.repository}/issues/${ids[0]}#issuecomment-${id}`,
        }
        this.comments.push(comment)
        return { status: 201, body: restComment(comment, this.repository) }
      }
      case 'update-comment': {
        const comment = this.comments.find((c) => c.id === ids[0])
        if (!comment) return notFound()
        this.edits.push({ id: comment.id, author: comment.user.login })
        comment.body = (JSON.parse(body) as { body: string }).body
        checkRendered(comment.body, 'a comment the action edited')
        comment.updated_at = now
        return { status: 200, body: restComment(comment, this.repository) }
      }
      case 'list-comments': {
        const since = url.searchParams.get('since')
        const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30))
        const page = Number(url.searchParams.get('page') ?? 1)
        // GitHub compares `since` as a time (documented as YYYY-MM-DDTHH:MM:SSZ) with whole-second stamps
        if (since !== null && Number.isNaN(Date.parse(since)))
          return { status: 422, body: { message: 'Validation Failed', errors: [{ field: 'since', code: 'invalid' }] } }
        const all = this.commentsOn(ids[0] ?? 0).filter(
          (c) => since === null || Date.parse(c.updated_at) >= Date.parse(since),
        )
        const slice = all.slice((page - 1) * perPage, page * perPage).map((c) => restComment(c, this.repository))
        const headers: Record<string, string> = {}
        if (page * perPage < all.length) {
          const next = new URL(url.toString())
          next.searchParams.set('page', String(page + 1))
          headers.link = `<${next.toString()}>; rel="next"`
        }
        return { status: 200, body: slice, headers }
      }
      case 'reply-review-comment': {
        const text = (JSON.parse(body) as { body: string }).body
        checkRendered(text, 'a reply the action wrote')
        this.replies.push({ pull: ids[0] ?? 0, inReplyTo: ids[1] ?? 0, body: text, by: me.login })
        const id = this.nextId++
        const pull = ids[0] ?? 0
        const self = `${API}/repos/${this.repository}/pulls/comments/${id}`
        const html = `https://github.com/${this.repository}/pull/${pull}#discussion_r${id}`
        return {
          status: 201,
          body: {
            url: self,
            id,
            node_id: `PRRC_${id}`,
            pull_request_review_id: 1,
            diff_hunk: '@@ -1 +1 @@',
            path: 'docs/index.mdx',
            commit_id: 'a'.repeat(40),
            original_commit_id: 'a'.repeat(40),
            in_reply_to_id: ids[1],
            user: restUser(me),
            body: text,
            created_at: now,
            updated_at: now,
            html_url: html,
            pull_request_url: `${API}/repos/${this.repository}/pulls/${pull}`,
            author_association: 'NONE',
            _links: {
              self: { href: self },
              html: { href: html },
              pull_request: { href: `${API}/repos/${this.repository}/pulls/${pull}` },
            },
          },
        }
      }
      case 'get-repo': {
        const [owner = '', name = ''] = this.repository.split('/')
        // GitHub's own example of a full repository, as this one (the example predates has_discussions, which the schema requires and GitHub answers)
        const example = githubExample('full-repository')
        return {
          status: 200,
          body: {
            ...example,
            has_discussions: false,
            name,
            full_name: this.repository,
            owner: { ...(example.owner as object), login: owner },
            html_url: `https://github.com/${this.repository}`,
            default_branch: this.defaultBranch,
          },
        }
      }
      case 'list-pulls': {
        const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30))
        const page = Number(url.searchParams.get('page') ?? 1)
        const base = url.searchParams.get('base')
        const state = url.searchParams.get('state') ?? 'open'
        // sort=updated, direction=desc: the most recently updated first (a merged one was updated when it merged)
        const all = this.pullList
          .filter(
            (p) =>
              (state === 'all' || (state === 'closed') === (p.mergedAt !== null || p.closed === true)) &&
              (!base || base === (p.base ?? this.defaultBranch)),
          )
          .sort((a, b) => (b.updatedAt ?? b.mergedAt ?? '').localeCompare(a.updatedAt ?? a.mergedAt ?? ''))
        const example = (githubExample('pull-request-simple-items') as unknown as Array<Record<string, unknown>>)[0]
        const body = all.slice((page - 1) * perPage, page * perPage).map((p) => {
          const at = p.updatedAt ?? p.mergedAt ?? '2026-01-01T00:00:00Z'
          return {
            ...example,
            number: p.number,
            title: p.title,
            state: p.mergedAt !== null || p.closed ? 'closed' : 'open',
            html_url: `https://github.com/${this.repository}/pull/${p.number}`,
            url: `${API}/repos/${this.repository}/pulls/${p.number}`,
            user: restUser(p.author ?? { login: 'octocat', type: 'User' }),
            created_at: at,
            updated_at: at,
            closed_at: p.mergedAt ?? (p.closed ? at : null),
            merged_at: p.mergedAt,
            requested_teams: [],
          }
        })
        const headers: Record<string, string> = {}
        if (page * perPage < all.length) {
          const next = new URL(url.toString())
          next.searchParams.set('page', String(page + 1))
          headers.link = `<${next.toString()}>; rel="next"`
        }
        return { status: 200, body, headers }
      }
      case 'get-tree': {
        const sha = 'e'.repeat(40)
        // GitHub's recursive listing stops at 100,000 entries and says so (truncated)
        const paths = this.treesAt.get(decodeURIComponent(m?.[1] ?? '')) ?? this.tree
        const tree = paths.slice(0, 100_000).map((path) => ({
          path,
          mode: '100644',
          type: 'blob',
          size: 100,
          sha: Buffer.from(path).toString('hex').padEnd(40, '0').slice(0, 40),
          url: `${API}/repos/${this.repository}/git/blobs/${sha}`,
        }))
        return {
          status: 200,
          body: {
            sha,
            url: `${API}/repos/${this.repository}/git/trees/${sha}`,
            tree,
            truncated: paths.length > 100_000,
          },
        }
      }
      default:
        return notFound()
    }
  }
}

/** A file's path in a URL as GitHub writes it: each of its names percent-encoded (a `#` or `?` in one too). */
function urlPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}
