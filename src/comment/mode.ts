import { askOf } from '../agent-jobs/job-ask.js'
import type { AgentReport } from '../agent-jobs/job-ending.js'
import { runAgent } from '../agent-jobs/run-agent.js'
import type { ConversationEvent } from '../github/comment-event.js'
import type { GitHubPort } from '../github/port.js'
import type { CommentSettings } from './inputs.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { renderReviewReply } from '../tracking/render.js'
import { eventAuthor } from '../github/run-context.js'
import type { TrackingEntry } from '../tracking/state.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { type Asked, readAsk } from './ask.js'
import { type Decided, decide } from './decide.js'
import { contextLine, promptOf } from './instructions.js'
import { type CommentReport, endingOf, endings } from './report.js'
import { renderCommentSummary } from './summary.js'

/**
 * `mode: comment`: a `/docs …` comment on an issue or pull request becomes a follow-up to the
 * thread's job, or a new job when there is none. Before anything reaches the service: only a new
 * comment or review, never the action's own, a line starting with the phrase outside quotes and
 * code, and write access (github/gate.ts). A refused comment gets a 😕 and a notice, nothing more.
 */
export async function run(settings: CommentSettings, ctx: ModeContext): Promise<Report> {
  const report = await converse(settings, ctx)
  return { summary: renderCommentSummary(report, ctx.run), ending: endingOf(report, settings.agent.requirePr) }
}

/** A comment-mode run in four steps: ask (ask.ts), decide (decide.ts), act (below), report (report.ts). */
async function converse(settings: CommentSettings, ctx: ModeContext): Promise<CommentReport> {
  const ends = endings(ctx)
  const asked = await readAsk(settings, ctx, ends)
  if ('ended' in asked) return asked.ended
  const decided = await decide(settings, ctx, asked, ends)
  if ('ended' in decided) return decided.ended
  const agent = await act(settings, ctx, asked, decided)
  return {
    triggered: ctx.outputs.get('triggered') === 'true',
    source: decided.source,
    agent,
    caughtUp: decided.catchUp.instructions.length,
    left: decided.catchUp.left.length,
    ...(asked.notOwn ? { notOwn: { reason: asked.notOwn.reason, detail: asked.notOwn.detail } } : {}),
  }
}

/**
 * Act: send the instructions, follow the job, and show it on the threads: the tracking comment, the
 * code thread that started it, the review thread, and the agent's pull request (with its reviewers).
 */
async function act(settings: CommentSettings, ctx: ModeContext, asked: Asked, decided: Decided): Promise<AgentReport> {
  const { event, notOwn } = asked
  const { tracking, instructions, entries, marks, jobId } = decided
  const changeBy = event.thread.isPullRequest ? eventAuthor(ctx.run.payload) : undefined
  const reviewers = settings.comment.reviewers
    ? [...instructions.map((i) => i.author), ...(changeBy ? [changeBy] : [])]
    : []
  const job = tracking.job(entries, marks, reviewers)
  const agent = await runAgent(
    {
      projectId: settings.projectId,
      waitTimeoutMs: settings.waitTimeoutMs,
      wait: settings.agent.wait,
      pollIntervalMs: settings.agent.pollIntervalMs,
      ...askOf(promptOf(instructions, jobId === undefined ? contextLine(event) : undefined), jobId),
    },
    {
      ...ctx,
      onStarted: async (id) => {
        ctx.outputs.set('triggered', 'true')
        ctx.outputs.set('skip-reason', '')
        await job.started(id)
      },
    },
  )
  if (ctx.outputs.get('triggered') !== 'true') ctx.outputs.set('triggered', 'false')
  await job.ended(agent, async (done) => {
    // on the agent's pull request in the docs repository: the code thread that started it shows it too
    if (!ctx.signal.aborted) await tracking.echoToOrigin(agent, done)
    if (!notOwn) await replyInReviewThread(tracking.api, event, agent, done.at(-1), ctx)
  })
  return agent
}

/** The result of an inline review comment's instruction, replied in its thread (even when cancelled). */
async function replyInReviewThread(
  api: GitHubPort,
  event: ConversationEvent,
  agent: AgentReport,
  entry: TrackingEntry | undefined,
  ctx: ModeContext,
): Promise<void> {
  const own = event.comment
  if (own.kind !== 'review-comment' || own.replyTo === undefined || !entry) return
  const reply = renderReviewReply(entry, agent.jobId, ctx.run)
  try {
    await api.replyToReviewComment(event.thread, own.replyTo, reply, ctx.signal.aborted ? 900 : undefined)
  } catch (error) {
    core.warning(
      `Could not reply in the review thread: ${external(getErrorMessage(error), 300)}. ` +
        `The tracking comment has the result.`,
    )
  }
}

/** This mode as jobs.ts runs it: its run, and the analytics requests it may send: none. */
export const job: Job<CommentSettings> = { run, analyticsBudget: () => 0 }
