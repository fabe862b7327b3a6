import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import type { Thread } from './comment-event.js'
import { type GitHubPort, statusOf } from './port.js'

/**
 * May this comment's author instruct? A `User` with admin, maintain or write permission (GitHub's
 * permission endpoint, never author_association), or a bot that allowed-bots lists. Anything else is
 * refused, with the reason; a permission check that fails throws (nothing may be sent then).
 */

export type SkipReason =
  'no-phrase' | 'empty-instruction' | 'not-allowed' | 'bot' | 'own-comment' | 'not-created' | 'already-handled'

export interface Refusal {
  reason: SkipReason
  detail: string
}

export async function gate(
  api: GitHubPort,
  thread: Thread,
  author: { login: string; type: string },
  allowedBots: readonly string[],
): Promise<Refusal | undefined> {
  const { login, type } = author
  const who = external(login, 60)
  if (type === 'Bot') {
    if (allowedBots.includes(login.toLowerCase())) return undefined
    return { reason: 'bot', detail: `${who} is a bot that allowed-bots does not list.` }
  }
  if (type !== 'User')
    return {
      reason: 'not-allowed',
      detail: `${who} is a ${external(type || 'account of unknown type', 40)}, not a user.`,
    }
  try {
    const { permission, role } = await api.permission(thread, login)
    if (permission === 'admin' || permission === 'write' || role === 'maintain') return undefined
    return {
      reason: 'not-allowed',
      detail: `${who} has ${external(role || permission, 20)} access to the repository; instructions need write, maintain or admin.`,
    }
  } catch (error) {
    if (statusOf(error) === 404)
      return { reason: 'not-allowed', detail: `${who} is not a collaborator on the repository.` }
    throw new Error(
      `Could not check ${who}'s permission on the repository: ${external(getErrorMessage(error), 300)}. Nothing was sent to the service.`,
    )
  }
}
