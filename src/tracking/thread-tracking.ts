import { type Thread, describeThread } from '../github/comment-event.js'
import { commentTarget } from '../github/comment-target.js'
import type { GitHubOpener, GitHubPort } from '../github/port.js'
import type { RunContext } from '../github/run-context.js'
import { type LabelStage, StatusLabeler, endStage } from '../github/status-labels.js'
import type { StatusLabels } from '../inputs/parsers.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { type JobEnd, type StateMarks, TrackingComment, type TrackingWriter } from './comment.js'
import { type DocsOpener, echoToOrigin, linkPullRequest } from './linked-threads.js'
import { trackingCommentRenderer } from './render.js'
import type { TrackingEntry } from './state.js'

/**
 * A thread's tracking, as every mode that keeps one uses it: one object, opened once, with its
 * verbs: a job's life in the thread (`job`), instructions not sent (`notSent`), and the thread the
 * job came from shown too (`echoToOrigin`).
 */

/** What a thread's tracking needs of the mode's context (a ModeContext is one). */
export interface TrackingContext {
  run: RunContext
  github: GitHubOpener
  signal: AbortSignal
  started: number
}

/** What the thread's tracking is opened with: the docs repository's token, the phrase, the labels. */
export interface TrackingOptions {
  docsToken?: string
  triggerPhrase: string
  statusLabels?: StatusLabels
}

/** A job's life in the thread: when it starts, and how it ended. */
export interface JobInThread {
  started: (jobId: string) => Promise<void>
  /** Records the result, runs `between` (even when cancelled), then links the agent's pull request. */
  ended: (report: JobEnd, between?: (done: TrackingEntry[]) => Promise<void>) => Promise<void>
}

/** A job with no thread to track it in: nothing is recorded, and nothing in between runs. */
export const UNTRACKED: JobInThread = { started: async () => {}, ended: async () => {} }

export class ThreadTracking {
  private constructor(
    readonly api: GitHubPort,
    /** The account the comment is written as (undefined: no comment is trusted, a new one is written). */
    readonly identity: string | undefined,
    readonly writer: TrackingWriter,
    readonly comment: TrackingComment,
    private readonly labeler: StatusLabeler | undefined,
    /** The docs repository's GitHub (docs-token), when the agent's pull request may be there. */
    private readonly docs: DocsOpener | undefined,
    private readonly ctx: TrackingContext,
  ) {}

  /** The tracking of the run's issue or pull request; undefined (and a notice) when the event has none. */
  static async ofRun(
    options: TrackingOptions & { token: string },
    ctx: TrackingContext,
  ): Promise<ThreadTracking | undefined> {
    const thread = commentTarget(ctx.run.eventName, ctx.run.payload, ctx.run)
    if (!thread) {
      core.notice(
        `comment is true, but this ${external(ctx.run.eventName, 40)} event has no issue or pull request to comment on.`,
      )
      return undefined
    }
    const api = await ctx.github(options.token)
    return ThreadTracking.open(api, await api.identity(), thread, options, ctx, 'fresh')
  }

  /**
   * A thread's tracking. When its comments cannot be read, `fresh` writes a new comment (the agent's
   * job does not depend on it) and `fail` throws (the thread's job must be known before sending).
   */
  static async open(
    api: GitHubPort,
    identity: string | undefined,
    thread: Thread,
    options: TrackingOptions,
    ctx: TrackingContext,
    unreadable: 'fresh' | 'fail',
  ): Promise<ThreadTracking> {
    const writer: TrackingWriter = {
      runUrl: ctx.run.runUrl,
      startedAt: ctx.started,
      render: trackingCommentRenderer(options.triggerPhrase, ctx.run.serverUrl),
    }
    let comment: TrackingComment
    try {
      comment = await TrackingComment.open(api, thread, identity, writer, ctx.signal)
    } catch (error) {
      if (unreadable === 'fail') throw error
      core.warning(
        `Could not read the comments on ${describeThread(thread)}: ` +
          `${external(getErrorMessage(error), 300)}. A new tracking comment is written.`,
      )
      comment = TrackingComment.blank(api, thread, identity, writer, ctx.signal)
    }
    const labeler = options.statusLabels ? new StatusLabeler(api, thread, options.statusLabels) : undefined
    return new ThreadTracking(api, identity, writer, comment, labeler, docsOpener(options.docsToken, ctx), ctx)
  }

  /** A job's life in this thread for `entries`; `reviewers` are asked to review its pull request. */
  job(entries: readonly TrackingEntry[], marks: StateMarks, reviewers: readonly string[] = []): JobInThread {
    return {
      started: async (jobId) => this.comment.recordStart(jobId, entries, marks, await this.label('working')),
      ended: async (report, between) => {
        const stage = report.jobId ? endStage(report.outcome) : undefined
        const done = await this.comment.recordEnd(report, entries, marks, await this.label(stage))
        if (between) await between(done)
        if (!this.ctx.signal.aborted)
          await linkPullRequest(
            this.api,
            this.identity,
            this.ctx.run,
            report,
            this.comment.thread,
            this.writer,
            this.ctx.signal,
            this.docs,
            reviewers,
          )
      },
    }
  }

  /** Records entries that were not sent (the job was busy, or could not be checked). */
  async notSent(entries: readonly TrackingEntry[], marks: StateMarks): Promise<void> {
    const label = await this.label('failed')
    await this.comment.record(
      entries.map((e) => ({ ...e, result: 'not-sent' })),
      marks,
      { label },
    )
  }

  /** Shows the instruction and its result on the code thread the job came from, when it is another repository's. */
  async echoToOrigin(report: JobEnd, entries: readonly TrackingEntry[]): Promise<void> {
    const { api, identity, ctx } = this
    await echoToOrigin(api, identity, ctx.run, this.comment.state.origin, report, entries, this.writer, ctx.signal)
  }

  /** The thread's status label once set to `stage`; as it stands without status labels or a stage. */
  private async label(stage: LabelStage | undefined): Promise<string | undefined> {
    const current = this.comment.state.label
    return this.labeler && stage ? this.labeler.set(stage, current) : current
  }
}

/** An instruction's entry, stamped `at`; `described` when it is the action's own words, not someone's. */
export function entryFor(
  run: RunContext,
  at: number,
  by: string,
  instruction: string,
  source: string | undefined,
  from: { comment?: number; described?: boolean } = {},
): TrackingEntry {
  return {
    at: new Date(at).toISOString(),
    by,
    instruction,
    source: source ?? '',
    result: 'working',
    ...(run.runUrl ? { runUrl: run.runUrl } : {}),
    ...(from.comment !== undefined ? { comment: from.comment } : {}),
    ...(from.described ? { described: true } : {}),
  }
}

/** Opens the docs repository's GitHub with docs-token (once, when first needed); none without one. */
function docsOpener(token: string | undefined, ctx: TrackingContext): DocsOpener | undefined {
  if (!token) return undefined
  let opened: ReturnType<DocsOpener> | undefined
  return () => {
    opened ??= ctx.github(token).then(async (api) => ({ api, identity: await api.identity() }))
    return opened
  }
}
