/**
 * Which issue or pull request a run's comment belongs to, from the event that triggered it.
 * Pure: takes the event name and payload, so it is tested without loading the GitHub client.
 */

export const COMMENT_EVENTS = [
  'issues',
  'issue_comment',
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
] as const

export interface CommentTarget {
  owner: string
  repo: string
  number: number
  kind: 'issue' | 'pull request'
}

interface Payload {
  issue?: { number?: unknown; pull_request?: unknown }
  pull_request?: { number?: unknown }
}

export function commentTarget(eventName: string, payload: unknown, repository: { owner: string; repo: string }): CommentTarget | undefined {
  if (!(COMMENT_EVENTS as readonly string[]).includes(eventName)) return undefined
  const p = (payload ?? {}) as Payload
  const number = p.issue?.number ?? p.pull_request?.number
  if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0) return undefined
  if (!repository.owner || !repository.repo) return undefined
  const kind = p.pull_request || p.issue?.pull_request ? 'pull request' : 'issue'
  return { ...repository, number, kind }
}
