import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Fault as RouteFault, FaultBook, answerFault, readBody, send } from './faults.js'
import { LocalServer } from './local-server.js'

/**
 * A fake GitHub REST API on 127.0.0.1, just the issue-comment endpoints the action uses, for the
 * e2e tests of `comment: true` (GITHUB_API_URL points here).
 */
export type GitHubRoute = 'create-comment' | 'update-comment' | 'list-comments'
export type GitHubFault = RouteFault<GitHubRoute>

export interface FakeComment {
  id: number
  issue: number
  body: string
  created_at: string
  updated_at: string
  html_url: string
}

export class GitHubSimulator extends LocalServer<GitHubRoute> {
  readonly comments: FakeComment[] = []
  private readonly faults = new FaultBook<GitHubRoute>()
  private nextId = 9001

  constructor(readonly token: string) {
    super()
  }

  addFault(fault: GitHubFault): this {
    this.faults.add(fault)
    return this
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://gh')
    const path = url.pathname.replace(/^\/api\/v3(?=\/)/, '') // GitHub Enterprise Server serves the API under /api/v3
    let route: GitHubRoute | 'unknown' = 'unknown'
    let m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path)
    if (m && req.method === 'POST') route = 'create-comment'
    if (m && req.method === 'GET') route = 'list-comments'
    const issue = m ? Number(m[3]) : 0
    m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(path)
    if (m && req.method === 'PATCH') route = 'update-comment'
    const commentId = m ? Number(m[3]) : 0
    this.record({ route, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() })

    const fault = this.faults.take(route)
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    if (fault && !fault.afterProcessing) {
      answerFault(req, res, fault)
      return
    }
    const answer = this.process(req, route, issue, commentId, body, url)
    if (fault) answerFault(req, res, fault)
    else send(res, answer.status, answer.body)
  }

  private process(req: IncomingMessage, route: GitHubRoute | 'unknown', issue: number, commentId: number, body: string, url: URL): { status: number; body: unknown } {
    const auth = req.headers.authorization ?? ''
    if (auth !== `token ${this.token}` && auth !== `Bearer ${this.token}`) return { status: 401, body: { message: 'Bad credentials' } }
    const now = new Date().toISOString()
    if (route === 'create-comment') {
      const text = (JSON.parse(body) as { body: string }).body
      const comment: FakeComment = { id: this.nextId++, issue, body: text, created_at: now, updated_at: now, html_url: `https://github.com/acme/docs/issues/${issue}#issuecomment-${this.nextId}` }
      this.comments.push(comment)
      return { status: 201, body: comment }
    }
    if (route === 'update-comment') {
      const comment = this.comments.find((c) => c.id === commentId)
      if (!comment) return { status: 404, body: { message: 'Not Found' } }
      comment.body = (JSON.parse(body) as { body: string }).body
      comment.updated_at = now
      return { status: 200, body: comment }
    }
    if (route === 'list-comments') {
      const since = url.searchParams.get('since')
      return { status: 200, body: this.comments.filter((c) => c.issue === issue && (!since || c.updated_at >= since)) }
    }
    return { status: 404, body: { message: 'Not Found' } }
  }
}
