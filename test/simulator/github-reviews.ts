import { diffLines } from '../../src/check/head-lines.js'
import { githubExample } from '../contract/openapi-contract.js'

/**
 * Pull request reviews as GitHub keeps them, for the GitHub simulator: a review submitted as a
 * comment with its comments on lines of the diff, listed, its comments listed and deleted one by
 * one, its body replaced. GitHub takes a review whole or not at all: one comment on a line that is
 * not in the pull request's diff (added or context, on the head's side), or a range that crosses
 * hunks, and it answers 422 with the words it uses, and makes nothing. `writable` false: the token
 * has no pull-requests: write (a fork's read-only token), and every write answers 403.
 */

const API = 'https://api.github.com'
const REVIEWS_DOCS = 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request'

export interface FakeReviewComment {
  id: number
  path: string
  line: number
  startLine?: number
  body: string
}

export interface FakeReview {
  id: number
  pull: number
  user: Record<string, unknown>
  login: string
  body: string
  commitId: string
  comments: FakeReviewComment[]
  submittedAt: string
}

type Answer = { status: number; body: unknown }

export type ReviewRoute =
  'list-reviews' | 'create-review' | 'update-review' | 'list-review-comments' | 'delete-review-comment'

/** The routes, from a path and a method: the route and its numbers (pull, review or comment). */
export function reviewRoute(path: string, method: string): { route: ReviewRoute; ids: number[] } | undefined {
  let m: RegExpExecArray | null
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews$/.exec(path)))
    return method === 'POST'
      ? { route: 'create-review', ids: [Number(m[1])] }
      : method === 'GET'
        ? { route: 'list-reviews', ids: [Number(m[1])] }
        : undefined
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews\/(\d+)$/.exec(path)) && method === 'PUT')
    return { route: 'update-review', ids: [Number(m[1]), Number(m[2])] }
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews\/(\d+)\/comments$/.exec(path)) && method === 'GET')
    return { route: 'list-review-comments', ids: [Number(m[1]), Number(m[2])] }
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)$/.exec(path)) && method === 'DELETE')
    return { route: 'delete-review-comment', ids: [Number(m[1])] }
  return undefined
}

export class FakeReviews {
  readonly reviews: FakeReview[] = []
  /** The token may write pull requests (pull-requests: write). */
  writable = true
  private nextId = 5000

  constructor(
    private readonly repository: string,
    /** A pull request's files, each with its patch (what its diff is). */
    private readonly patches: (pull: number) => Array<{ filename: string; patch?: string }>,
  ) {}

  /** The live comments of every review, as a reviewer sees them on the Files tab. */
  liveComments(pull: number): Array<FakeReviewComment & { review: number }> {
    return this.reviews.filter((r) => r.pull === pull).flatMap((r) => r.comments.map((c) => ({ ...c, review: r.id })))
  }

  answer(
    route: ReviewRoute,
    ids: number[],
    body: string,
    me: { login: string; user: Record<string, unknown> },
    now: string,
    query: URLSearchParams,
  ): Answer {
    const [first = 0, second = 0] = ids
    if (route !== 'list-reviews' && route !== 'list-review-comments' && !this.writable)
      return refused(403, 'Resource not accessible by integration', 'https://docs.github.com/rest/pulls/reviews')
    switch (route) {
      case 'list-reviews': {
        const all = this.reviews.filter((r) => r.pull === first)
        return { status: 200, body: page(all, query).map((r) => this.rest(r)) }
      }
      case 'create-review': {
        const asked = JSON.parse(body) as {
          commit_id?: string
          body?: string
          event?: string
          comments?: Array<{ path: string; line?: number; start_line?: number; side?: string; body: string }>
        }
        const comments = asked.comments ?? []
        const files = new Map(this.patches(first).map((f) => [f.filename, diffLines(f.patch ?? '')]))
        const outside = comments.some((c) => {
          const lines = files.get(c.path)
          if (!lines || c.line === undefined || c.side === 'LEFT' || !lines.has(c.line)) return true
          if (c.start_line === undefined) return false
          if (c.start_line >= c.line) return true
          // a range in one hunk: every line between in the diff
          for (let l = c.start_line; l <= c.line; l++) if (!lines.has(l)) return true
          return false
        })
        if (outside)
          return {
            status: 422,
            body: {
              message: 'Unprocessable Entity',
              errors: [
                "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank",
              ],
              documentation_url: REVIEWS_DOCS,
              status: '422',
            },
          }
        const review: FakeReview = {
          id: this.nextId++,
          pull: first,
          user: me.user,
          login: me.login,
          body: asked.body ?? '',
          commitId: asked.commit_id ?? '',
          comments: comments.map((c) => ({
            id: this.nextId++,
            path: c.path,
            line: c.line ?? 0,
            ...(c.start_line !== undefined ? { startLine: c.start_line } : {}),
            body: c.body,
          })),
          submittedAt: now,
        }
        this.reviews.push(review)
        return { status: 200, body: this.rest(review) }
      }
      case 'update-review': {
        const review = this.reviews.find((r) => r.pull === first && r.id === second)
        if (!review)
          return refused(
            404,
            'Not Found',
            'https://docs.github.com/rest/pulls/reviews#update-a-review-for-a-pull-request',
          )
        review.body = (JSON.parse(body) as { body: string }).body
        return { status: 200, body: this.rest(review) }
      }
      case 'list-review-comments': {
        const review = this.reviews.find((r) => r.pull === first && r.id === second)
        if (!review)
          return refused(
            404,
            'Not Found',
            'https://docs.github.com/rest/pulls/reviews#list-comments-for-a-pull-request-review',
          )
        return { status: 200, body: page(review.comments, query).map((c) => this.restComment(review, c)) }
      }
      case 'delete-review-comment': {
        const review = this.reviews.find((r) => r.comments.some((c) => c.id === first))
        if (!review)
          return refused(
            404,
            'Not Found',
            'https://docs.github.com/rest/pulls/comments#delete-a-review-comment-for-a-pull-request',
          )
        review.comments = review.comments.filter((c) => c.id !== first)
        return { status: 204, body: undefined }
      }
    }
  }

  private rest(r: FakeReview): Record<string, unknown> {
    const html = `https://github.com/${this.repository}/pull/${r.pull}#pullrequestreview-${r.id}`
    const pull = `${API}/repos/${this.repository}/pulls/${r.pull}`
    return {
      ...githubExample('pull-request-review'),
      id: r.id,
      node_id: `PRR_${r.id}`,
      user: r.user,
      body: r.body,
      state: 'COMMENTED',
      html_url: html,
      pull_request_url: pull,
      _links: { html: { href: html }, pull_request: { href: pull } },
      submitted_at: r.submittedAt,
      commit_id: r.commitId,
      author_association: 'NONE',
    }
  }

  private restComment(r: FakeReview, c: FakeReviewComment): Record<string, unknown> {
    const url = `${API}/repos/${this.repository}/pulls/comments/${c.id}`
    const html = `https://github.com/${this.repository}/pull/${r.pull}#discussion_r${c.id}`
    const pull = `${API}/repos/${this.repository}/pulls/${r.pull}`
    const { in_reply_to_id: _reply, ...example } =
      (githubExample('review-comment-items') as unknown as Array<Record<string, unknown>>)[0] ?? {}
    return {
      ...example,
      url,
      pull_request_review_id: r.id,
      id: c.id,
      node_id: `PRRC_${c.id}`,
      path: c.path,
      position: null,
      original_position: 1,
      line: c.line,
      original_line: c.line,
      side: 'RIGHT',
      ...(c.startLine !== undefined ? { start_line: c.startLine, start_side: 'RIGHT' } : {}),
      commit_id: r.commitId,
      original_commit_id: r.commitId,
      user: r.user,
      body: c.body,
      created_at: r.submittedAt,
      updated_at: r.submittedAt,
      html_url: html,
      pull_request_url: pull,
      _links: { self: { href: url }, html: { href: html }, pull_request: { href: pull } },
    }
  }
}

/** One page of a list, as `per_page` and `page` ask (GitHub's default 30). */
function page<T>(all: readonly T[], query: URLSearchParams): T[] {
  const per = Number(query.get('per_page') ?? 30)
  const at = Number(query.get('page') ?? 1)
  return all.slice((at - 1) * per, at * per)
}

function refused(status: number, message: string, documentation: string): Answer {
  return { status, body: { message, documentation_url: documentation, status: String(status) } }
}
