import { type RawThread, type Thread, threadOf } from './comment-event.js'

/**
 * Which issue or pull request an agent-mode run's tracking comment belongs to, from the event that
 * triggered it. Pure: takes the event name and payload, so it is tested without loading the GitHub
 * client.
 */

const COMMENT_EVENTS = [
  'issues',
  'issue_comment',
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
] as const

interface Payload {
  issue?: RawThread
  pull_request?: RawThread
}

export function commentTarget(
  eventName: string,
  payload: unknown,
  repository: { owner: string; repo: string },
): Thread | undefined {
  if (!(COMMENT_EVENTS as readonly string[]).includes(eventName)) return undefined
  const p = (payload ?? {}) as Payload
  return threadOf(p.issue ?? p.pull_request, repository, Boolean(p.pull_request || p.issue?.pull_request))
}
