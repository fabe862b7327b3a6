/**
 * What a comment event says: which thread (issue or pull request), which comment, who wrote it,
 * and whether it is new. Pure: takes the event name and payload as the runner gives them, so it is
 * table-tested without a client. The text is the payload's (never fetched again: a comment can be
 * edited after it triggered the run).
 */

export interface Thread {
  owner: string
  repo: string
  number: number
  isPullRequest: boolean
  title: string
  url: string
}

/** `issue #7` or `pull request #12`, for logs, summaries and comments. */
export function describeThread(thread: Pick<Thread, 'isPullRequest' | 'number'>): string {
  return `${thread.isPullRequest ? 'pull request' : 'issue'} #${thread.number}`
}

export interface ConversationComment {
  /** An issue or pull-request comment, an inline review comment, or a review's body. */
  kind: 'issue-comment' | 'review-comment' | 'review'
  id: number
  body: string
  author: { login: string; type: string }
  url: string
  /** For an inline review comment: the thread's first comment, which replies attach to. */
  replyTo: number | undefined
}

export interface ConversationEvent {
  /** `created` for comments, `submitted` for reviews: the only actions that are instructions. */
  action: string
  created: boolean
  thread: Thread
  comment: ConversationComment
}

interface User {
  login?: unknown
  type?: unknown
}
interface RawComment {
  id?: unknown
  body?: unknown
  user?: User
  html_url?: unknown
  in_reply_to_id?: unknown
}
/** An issue or pull request as event payloads carry it. */
export interface RawThread {
  number?: unknown
  title?: unknown
  html_url?: unknown
  pull_request?: unknown
}
interface Payload {
  action?: unknown
  issue?: RawThread
  pull_request?: RawThread
  comment?: RawComment
  review?: RawComment
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const positive = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined

/** An issue or pull request of a payload as a Thread; undefined without a number or a repository. */
export function threadOf(
  raw: RawThread | undefined,
  repository: { owner: string; repo: string },
  isPullRequest: boolean,
): Thread | undefined {
  const number = positive(raw?.number)
  if (number === undefined || !repository.owner || !repository.repo) return undefined
  return { ...repository, number, isPullRequest, title: text(raw?.title), url: text(raw?.html_url) }
}

/** The conversation in an event, or undefined when the payload lacks what it needs. */
export function readConversationEvent(
  eventName: string,
  payload: unknown,
  repository: { owner: string; repo: string },
): ConversationEvent | undefined {
  const p = (payload ?? {}) as Payload
  const action = text(p.action)
  let rawThread: RawThread | undefined
  let raw: RawComment | undefined
  let kind: ConversationComment['kind']
  if (eventName === 'issue_comment') {
    ;[rawThread, raw, kind] = [p.issue, p.comment, 'issue-comment']
  } else if (eventName === 'pull_request_review_comment') {
    ;[rawThread, raw, kind] = [p.pull_request, p.comment, 'review-comment']
  } else if (eventName === 'pull_request_review') {
    ;[rawThread, raw, kind] = [p.pull_request, p.review, 'review']
  } else {
    return undefined
  }
  const thread = threadOf(rawThread, repository, eventName !== 'issue_comment' || Boolean(rawThread?.pull_request))
  const id = positive(raw?.id)
  const login = text(raw?.user?.login)
  if (!thread || !raw || id === undefined || !login) return undefined
  return {
    action,
    created: kind === 'review' ? action === 'submitted' : action === 'created',
    thread,
    comment: {
      kind,
      id,
      body: text(raw.body),
      author: { login, type: text(raw.user?.type) },
      url: text(raw.html_url),
      replyTo: kind === 'review-comment' ? (positive(raw.in_reply_to_id) ?? id) : undefined,
    },
  }
}
