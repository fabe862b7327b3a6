import { commentTarget } from '../github/comment-target.js'
import type { GitHubPort } from '../github/port.js'
import type { StatusLabeler } from '../github/status-labels.js'
import type { ThreadComment, ThreadView } from '../github/thread-comment.js'
import { labelerFor, openTracking } from '../github/tracking.js'
import type { StatusLabels } from '../inputs/settings.js'
import { threadCommentRenderer } from '../summary/thread-comment.js'
import * as core from '../util/actions-core.js'
import { external } from '../util/text.js'
import type { ModeContext } from './context.js'

/**
 * With `comment: true`, the tracking comment of the run's issue or pull request, for the modes that
 * start something from an event (agent, deploy, preview, automation): the client, the identity it
 * writes as, the comment, and the status labeler. Undefined when the event has no issue or pull request.
 */
export interface RunThread {
  api: GitHubPort
  identity: string | undefined
  view: ThreadView
  comment: ThreadComment
  labeler: StatusLabeler | undefined
}

export async function openThread(options: { token: string; triggerPhrase: string; statusLabels?: StatusLabels }, ctx: ModeContext): Promise<RunThread | undefined> {
  const thread = commentTarget(ctx.run.eventName, ctx.run.payload, ctx.run)
  if (!thread) {
    core.notice(`comment is true, but this ${external(ctx.run.eventName, 40)} event has no issue or pull request to comment on.`)
    return undefined
  }
  const api = await ctx.github(options.token)
  const identity = await api.identity()
  const view = { runUrl: ctx.run.runUrl, render: threadCommentRenderer(options.triggerPhrase, ctx.run.serverUrl) }
  const comment = await openTracking(api, thread, identity, view, ctx.signal, 'fresh')
  return { api, identity, view, comment, labeler: labelerFor(api, thread, options.statusLabels) }
}
