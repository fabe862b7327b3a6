import type { Thread } from '../github/comment-event.js'
import { commentTarget } from '../github/comment-target.js'
import type { GitHubPort } from '../github/port.js'
import type { StatusLabeler } from '../github/status-labels.js'
import type { TrackingComment, TrackingView } from './comment.js'
import {
  type DocsOpener,
  type JobEnd,
  type Marks,
  labelerFor,
  linkPullRequest,
  openTracking,
  recordEnd,
  recordStart,
} from './track.js'
import type { TrackingEntry } from './state.js'
import type { StatusLabels } from '../inputs/parsers.js'
import { trackingCommentRenderer } from './render.js'
import * as core from '../util/actions-core.js'
import { external } from '../util/text.js'
import type { GitHubOpener } from '../github/port.js'
import type { RunContext } from '../github/run-context.js'

/** What opening a run's tracking comment needs of the mode's context (a ModeContext is one). */
interface RunSide {
  run: RunContext
  github: GitHubOpener
  signal: AbortSignal
  started: number
}

/**
 * The tracking comment of a thread, for the modes that start something from an event (agent,
 * deploy, preview, automation, with `comment: true`) and for the conversation: the client, the
 * identity it writes as, the comment, and the status labeler.
 */
export interface RunTracking {
  api: GitHubPort
  identity: string | undefined
  view: TrackingView
  comment: TrackingComment
  labeler: StatusLabeler | undefined
  /** The docs repository's GitHub (docs-token), when the agent's pull request may be there. */
  docs: DocsOpener | undefined
}

/**
 * With `comment: true`, the tracking of the run's issue or pull request; undefined (and a notice)
 * when the event has none.
 */
export async function openRunTracking(
  options: { token: string; docsToken?: string; triggerPhrase: string; statusLabels?: StatusLabels },
  ctx: RunSide,
): Promise<RunTracking | undefined> {
  const thread = commentTarget(ctx.run.eventName, ctx.run.payload, ctx.run)
  if (!thread) {
    core.notice(
      `comment is true, but this ${external(ctx.run.eventName, 40)} event has no issue or pull request to comment on.`,
    )
    return undefined
  }
  const api = await ctx.github(options.token)
  return openThreadTracking(api, await api.identity(), thread, options, ctx, 'fresh')
}

/**
 * A thread's tracking, with the GitHub the run writes with and the account it writes as: the comment
 * (when its comments cannot be read, `unreadable` decides, as openTracking says), the status labeler
 * and the docs repository's GitHub.
 */
export async function openThreadTracking(
  api: GitHubPort,
  identity: string | undefined,
  thread: Thread,
  options: { docsToken?: string; triggerPhrase: string; statusLabels?: StatusLabels },
  ctx: RunSide,
  unreadable: 'fresh' | 'fail',
): Promise<RunTracking> {
  const docs = docsOpener(options.docsToken, ctx)
  const view = trackingView(options.triggerPhrase, ctx)
  const comment = await openTracking(api, thread, identity, view, ctx.signal, unreadable)
  return { api, identity, view, comment, labeler: labelerFor(api, thread, options.statusLabels), docs }
}

/**
 * Who opened what the event is about, for `reviewers: author`: a pull request's author (the code
 * change), else an issue's author (the request), else who pushed; none for another event (and never
 * a bot: a bot reviews nothing).
 */
export function eventAuthor(payload: unknown): string | undefined {
  type User = { login?: unknown; type?: unknown }
  const p = payload as { pull_request?: { user?: User }; issue?: { user?: User }; pusher?: { name?: unknown } }
  const user = p.pull_request?.user ?? p.issue?.user
  if (user && typeof user.login === 'string') return user.type === 'Bot' ? undefined : user.login
  return typeof p.pusher?.name === 'string' ? p.pusher.name : undefined
}

/** Opens the docs repository's GitHub with docs-token (once, when first needed); none without one. */
export function docsOpener(token: string | undefined, ctx: RunSide): DocsOpener | undefined {
  if (!token) return undefined
  let opened: ReturnType<DocsOpener> | undefined
  return () => {
    opened ??= ctx.github(token).then(async (api) => ({ api, identity: await api.identity() }))
    return opened
  }
}

/** How this run writes a thread's tracking comment: its link, its start and the renderer. */
export function trackingView(triggerPhrase: string, ctx: Pick<RunSide, 'run' | 'started'>): TrackingView {
  return {
    runUrl: ctx.run.runUrl,
    startedAt: ctx.started,
    render: trackingCommentRenderer(triggerPhrase, ctx.run.serverUrl),
  }
}

/**
 * A job's life in the run thread, for the modes that start or follow one (agent, automation, the
 * conversation): its entries when the job starts, their result when it ends, and the tracking
 * comment on the agent's pull request. Nothing when there is no thread. What the caller shows
 * between the result and the link (`between`: the conversation's echo and review reply) runs even
 * when the run was cancelled; the link does not.
 */
export function trackJob(
  tracking: RunTracking | undefined,
  entries: readonly TrackingEntry[],
  marks: Marks,
  ctx: RunSide,
  reviewers: readonly string[] = [],
) {
  return {
    started: async (jobId: string): Promise<void> => {
      if (tracking) await recordStart(tracking.comment, jobId, entries, { ...marks, labeler: tracking.labeler })
    },
    ended: async (report: JobEnd, between?: (done: TrackingEntry[]) => Promise<void>): Promise<void> => {
      if (!tracking) return
      const done = await recordEnd(tracking.comment, report, entries, { ...marks, labeler: tracking.labeler })
      if (between) await between(done)
      if (!ctx.signal.aborted)
        await linkPullRequest(
          tracking.api,
          tracking.identity,
          ctx.run,
          report,
          tracking.comment.thread,
          tracking.view,
          ctx.signal,
          tracking.docs,
          reviewers,
        )
    },
  }
}
