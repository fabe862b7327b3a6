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
import type { StatusLabels } from '../inputs/settings.js'
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
 * With `comment: true`, the tracking comment of the run's issue or pull request, for the modes that
 * start something from an event (agent, deploy, preview, automation): the client, the identity it
 * writes as, the comment, and the status labeler. Undefined when the event has no issue or pull request.
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
  const identity = await api.identity()
  const view = trackingView(options.triggerPhrase, ctx)
  const comment = await openTracking(api, thread, identity, view, ctx.signal, 'fresh')
  return {
    api,
    identity,
    view,
    comment,
    labeler: labelerFor(api, thread, options.statusLabels),
    docs: docsOpener(options.docsToken, ctx),
  }
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
 * A job's life in the run thread, for the modes that start or follow one (agent, automation): its
 * entry when the job starts, its result when it ends, and the tracking comment on the agent's pull
 * request. Nothing when there is no thread.
 */
export function trackJob(
  tracking: RunTracking | undefined,
  entry: TrackingEntry,
  marks: Marks,
  ctx: RunSide,
  reviewers: readonly string[] = [],
) {
  return {
    started: async (jobId: string): Promise<void> => {
      if (tracking) await recordStart(tracking.comment, jobId, [entry], { ...marks, labeler: tracking.labeler })
    },
    ended: async (report: JobEnd): Promise<void> => {
      if (!tracking) return
      await recordEnd(tracking.comment, report, [entry], { ...marks, labeler: tracking.labeler })
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
