import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Fault as RouteFault, FaultBook, answerFault, readBody, send } from './faults.js'
import { LocalServer } from './local-server.js'

/**
 * A stateful fake of the GitHub REST and GraphQL API on 127.0.0.1, for the e2e tests of comments and
 * conversations (GITHUB_API_URL points here, with or without GHES's /api/v3): comments with authors,
 * paging (Link headers) and `since`; reactions; replies in review threads; collaborator permissions;
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

export interface FakeReaction {
  kind: 'issue-comment' | 'review-comment'
  commentId: number
  content: string
  by: string
}

export interface FakeReply {
  pull: number
  inReplyTo: number
  body: string
  by: string
}

export class GitHubSimulator extends LocalServer<GitHubRoute> {
  readonly comments: FakeComment[] = []
  readonly reactions: FakeReaction[] = []
  readonly replies: FakeReply[] = []
  /** Permission on the repository by login: admin, maintain, write, triage, read (absent: not a collaborator). */
  readonly roles = new Map<string, string>()
  /** Comment ids the action edited, with the author each had. */
  readonly edits: Array<{ id: number; author: string }> = []
  private readonly faults = new FaultBook<GitHubRoute>()
  private nextId = 9001
  private last = 0

  /** `identity` is who the token writes as: `github-actions[bot]` for GITHUB_TOKEN, a login for a personal token. */
  constructor(
    readonly token: string,
    public identity: FakeUser = { login: 'github-actions[bot]', type: 'Bot' },
  ) {
    super()
  }

  addFault(fault: GitHubFault): this {
    this.faults.add(fault)
    return this
  }

  /** Seeds a comment as if `user` had written it earlier. */
  addComment(issue: number, user: FakeUser, body: string): FakeComment {
    const at = this.stamp()
    const id = this.nextId++
    const comment = { id, issue, body, user, created_at: at, updated_at: at, html_url: `https://github.com/acme/docs/issues/${issue}#issuecomment-${id}` }
    this.comments.push(comment)
    return comment
  }

  /** Now, strictly after the last stamp (so `since` and ordering behave like GitHub's). */
  private stamp(): string {
    this.last = Math.max(Date.now(), this.last + 1)
    return new Date(this.last).toISOString()
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
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/)) && method === 'GET') route = 'permission'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)\/reactions$/)) && method === 'POST') route = 'react-issue-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)\/reactions$/)) && method === 'POST') route = 'react-review-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/))) route = method === 'POST' ? 'create-comment' : 'list-comments'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/)) && method === 'PATCH') route = 'update-comment'
    else if ((m = match(/^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/comments\/(\d+)\/replies$/)) && method === 'POST') route = 'reply-review-comment'
    else m = null
    if (m) ids = m.slice(1).map((v) => (/^\d+$/.test(v) ? Number(v) : NaN))
    this.record({ route, method, url: req.url ?? '', headers: req.headers, body, at: Date.now() })

    const fault = this.faults.take(route)
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    if (fault && !fault.afterProcessing) {
      answerFault(req, res, fault)
      return
    }
    const answer = this.process(req, route, m, ids, body, url)
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
    const auth = req.headers.authorization ?? ''
    if (auth !== `token ${this.token}` && auth !== `Bearer ${this.token}`) return { status: 401, body: { message: 'Bad credentials' } }
    const now = this.stamp()
    const me = this.identity
    switch (route) {
      case 'graphql':
        return { status: 200, body: { data: { viewer: { login: me.login } } } }
      case 'get-user':
        // installation tokens (GITHUB_TOKEN, app tokens) cannot read /user
        return me.type === 'Bot' ? { status: 403, body: { message: 'Resource not accessible by integration' } } : { status: 200, body: { login: me.login, type: me.type } }
      case 'permission': {
        const login = decodeURIComponent(m?.[1] ?? '')
        if (login.endsWith('[bot]')) return { status: 404, body: { message: `${login} is not a user` } }
        const role = this.roles.get(login.toLowerCase())
        if (!role) return { status: 404, body: { message: 'Not Found' } }
        const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
        return { status: 200, body: { permission, role_name: role, user: { login } } }
      }
      case 'react-issue-comment':
      case 'react-review-comment': {
        const content = (JSON.parse(body) as { content: string }).content
        this.reactions.push({ kind: route === 'react-issue-comment' ? 'issue-comment' : 'review-comment', commentId: ids[0] ?? 0, content, by: me.login })
        return { status: 201, body: { id: this.reactions.length, content, user: me } }
      }
      case 'create-comment': {
        const text = (JSON.parse(body) as { body: string }).body
        const id = this.nextId++
        const comment: FakeComment = { id, issue: ids[0] ?? 0, body: text, user: me, created_at: now, updated_at: now, html_url: `https://github.com/acme/docs/issues/${ids[0]}#issuecomment-${id}` }
        this.comments.push(comment)
        return { status: 201, body: comment }
      }
      case 'update-comment': {
        const comment = this.comments.find((c) => c.id === ids[0])
        if (!comment) return { status: 404, body: { message: 'Not Found' } }
        this.edits.push({ id: comment.id, author: comment.user.login })
        comment.body = (JSON.parse(body) as { body: string }).body
        comment.updated_at = now
        return { status: 200, body: comment }
      }
      case 'list-comments': {
        const since = url.searchParams.get('since')
        const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30))
        const page = Number(url.searchParams.get('page') ?? 1)
        const all = this.commentsOn(ids[0] ?? 0).filter((c) => !since || c.updated_at >= since)
        const slice = all.slice((page - 1) * perPage, page * perPage)
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
        this.replies.push({ pull: ids[0] ?? 0, inReplyTo: ids[1] ?? 0, body: text, by: me.login })
        return { status: 201, body: { id: this.nextId++, body: text, user: me } }
      }
      default:
        return { status: 404, body: { message: 'Not Found' } }
    }
  }
}
