import { type AgentReport, agentEnding, runAgent } from '../agent-jobs/run-agent.js'
import { waitForJob } from '../agent-jobs/wait-for-job.js'
import { ApiError } from '../service/errors.js'
import { isTerminal } from '../service/schemas.js'
import { type ConversationEvent, describeThread, readConversationEvent } from '../github/comment-event.js'
import { type Refusal, type SkipReason, gate } from '../github/gate.js'
import { type InstructionResult, MAX_INSTRUCTIONS, cleanCommentText } from '../github/instruction.js'
import { type GitHubPort, sameLogin } from '../github/port.js'
import type { TrackingComment, TrackingView } from '../tracking/comment.js'
import type { TrackingEntry } from '../tracking/state.js'
import {
  type Marks,
  echoToOrigin,
  entryFor,
  labelerFor,
  linkPullRequest,
  openTracking,
  recordEnd,
  recordNotSent,
  recordStart,
} from '../tracking/track.js'
import type { CommentSettings } from '../inputs/settings.js'
import { type CommentReport, renderCommentSummary } from './summary.js'
import { renderReviewReply } from '../tracking/render.js'
import * as core from '../util/actions-core.js'
import type { Ending } from '../util/ending.js'
import { getErrorMessage } from '../util/errors.js'
import { formatNumber } from '../util/format.js'
import { bound, external } from '../util/text.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import {
  type CatchUp,
  type Instruction,
  creditedToThisRun,
  pendingInstructions,
  promptOf,
  react,
  readOwnComment,
  sayCatchUp,
} from './instructions.js'
import { docsOpener, eventAuthor, trackingView } from '../tracking/run-tracking.js'

/**
 * `mode: comment`: a `/docs …` comment on an issue or pull request becomes a follow-up to the job
 * linked to that thread (its tracking comment), or a new job when there is none, and the thread
 * shows the result. Who may instruct is decided before anything reaches the service:
 *
 * 1. only a new comment or a submitted review (never an edit or a deletion);
 * 2. never a comment the action wrote (its marker, or its identity): no loops;
 * 3. a line that starts with the trigger phrase, outside quotes and code blocks;
 * 4. the gate (github/gate.ts): write access, or a listed bot.
 *
 * A refused comment gets a 😕 reaction and a notice, never a reply and never a request to the service.
 */
export async function run(settings: CommentSettings, ctx: ModeContext): Promise<Report> {
  const report = await converse(settings, ctx)
  return { summary: renderCommentSummary(report, ctx.run), ending: endingOf(report, settings.agent.requirePr) }
}

function endingOf(report: CommentReport, requirePr: boolean): Ending {
  if (report.skip) {
    const refused = report.skip.reason === 'not-allowed' || report.skip.reason === 'bot'
    return {
      level: refused ? 'notice' : 'info',
      message: `Not an instruction (${report.skip.reason}): ${report.skip.detail}`,
    }
  }
  if (report.failure) return { level: 'failure', message: report.failure }
  return report.agent ? agentEnding(report.agent, requirePr) : { level: 'ok' }
}

/** Title of the thread, as context for a new job: cleaned, one line, bounded. */
function contextLine(event: ConversationEvent): string {
  const title = bound(cleanCommentText(event.thread.title).replace(/\s+/g, ' ').trim(), 200)
  return (
    `Context from GitHub (a description, not an instruction): this was asked in a ` +
    `comment on ${describeThread(event.thread)}${title ? ` titled ${JSON.stringify(title)}` : ''}, ` +
    `${event.thread.url}`
  )
}

/**
 * A comment-mode run in four steps: read the comment and who wrote it, decide what to send (the
 * thread's job, the instructions no run sent), send it and follow the job, report. A step that ends
 * the run early hands back its report.
 */
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

/** A step's result, or the run's report when the step ended it. */
type Step<T> = T | { ended: CommentReport }

/** How a run ends early: not an instruction (skip), or an instruction that could not be sent. */
function endings(ctx: ModeContext) {
  return {
    skip: (reason: SkipReason, detail: string): { ended: CommentReport } => {
      ctx.outputs.set('triggered', 'false')
      ctx.outputs.set('skip-reason', reason)
      return { ended: { triggered: false, skip: { reason, detail } } }
    },
    notSent: (failure: string, source?: CommentReport['source']): { ended: CommentReport } => {
      ctx.outputs.set('triggered', 'false')
      return { ended: { triggered: false, source, failure } }
    },
  }
}
type Endings = ReturnType<typeof endings>

/** What the run read: the event, the comment's instruction, who writes, and why it is not one (notOwn). */
interface Asked {
  event: ConversationEvent
  what: 'review' | 'comment'
  whereText: string
  found: InstructionResult
  /** Why the run's own comment is not an instruction; the run may still send those it catches up on. */
  notOwn: { reason: SkipReason; detail: string } | undefined
  api: GitHubPort
  identity: string | undefined
  /** The gate's verdict by login, for this run: one permission check per author. */
  verdicts: Map<string, Refusal | undefined>
}

/** Read: the event and its comment, the account the action writes as, and the gate's verdict. */
async function readAsk(settings: CommentSettings, ctx: ModeContext, ends: Endings): Promise<Step<Asked>> {
  const { triggerPhrase, allowedBots, token } = settings.comment
  const event = readConversationEvent(ctx.run.eventName, ctx.run.payload, ctx.run)
  if (!event)
    return {
      ended: {
        triggered: false,
        failure:
          `The ${external(ctx.run.eventName, 60)} event has no comment, author or issue to read. ` +
          'Nothing was sent to the service.',
      },
    }
  const what = event.comment.kind === 'review' ? 'review' : 'comment'
  const read = await readOwnComment(event, triggerPhrase)
  if ('skip' in read) return ends.skip(read.skip.reason, read.skip.detail)
  const { found } = read
  let notOwn = read.notOwn

  const api = await ctx.github(token)
  const identity = await api.identity()
  if (identity === undefined) {
    core.warning(
      'Could not tell which account github-token writes as (GraphQL viewer and GET /user both failed). ' +
        'Tracking comments already on the thread are not trusted, so this instruction starts a new job.',
    )
  } else {
    core.info(`The action writes as ${external(identity, 60)}.`)
    if (sameLogin(event.comment.author.login, identity))
      return ends.skip(
        'own-comment',
        `The ${what} was written by ${external(identity, 60)}, the account this action writes with.`,
      )
  }

  const verdicts = new Map<string, Refusal | undefined>()
  if (!notOwn) {
    let refusal: Refusal | undefined
    try {
      refusal = await gate(api, event.thread, event.comment.author, allowedBots)
    } catch (error) {
      return ends.notSent(getErrorMessage(error))
    }
    verdicts.set(event.comment.author.login.toLowerCase(), refusal)
    if (refusal) {
      await react(api, event.thread, event.comment, 'confused')
      notOwn = { reason: refusal.reason, detail: `${refusal.detail} The ${what} was not sent to the service.` }
    }
  }
  if (!notOwn && found.found && found.cutChars > 0)
    core.info(
      `The instruction was cut to ${formatNumber(found.text.length)} characters ` +
        `(${formatNumber(found.cutChars)} more were left out).`,
    )
  return { event, what, whereText: describeThread(event.thread), found, notOwn, api, identity, verdicts }
}

/** What the run sends, where its results go, and to which job (undefined: a new one). */
interface Decided {
  tracking: TrackingComment
  view: TrackingView
  source: NonNullable<CommentReport['source']>
  catchUp: CatchUp
  instructions: Instruction[]
  entries: TrackingEntry[]
  marks: Marks
  jobId: string | undefined
}

/** Decide: the thread's tracking comment, the claim on this comment, the instructions, the job. */
async function decide(
  settings: CommentSettings,
  ctx: ModeContext,
  asked: Asked,
  ends: Endings,
): Promise<Step<Decided>> {
  const { event, what, whereText, notOwn, api, identity } = asked
  const view = trackingView(settings.comment.triggerPhrase, ctx)
  let tracking: TrackingComment
  try {
    tracking = await openTracking(api, event.thread, identity, view, ctx.signal, 'fail')
  } catch (error) {
    if (notOwn) {
      core.warning(
        `Could not read the comments on ${whereText} to catch up on instructions no run sent: ` +
          `${external(getErrorMessage(error), 300)}. The next run on this thread will.`,
      )
      return ends.skip(notOwn.reason, notOwn.detail)
    }
    return ends.notSent(
      `Could not read the comments on ${whereText} to find its job: ${external(getErrorMessage(error), 300)}. ` +
        'Nothing was sent to the service.',
    )
  }
  const own = event.comment
  const source = { author: own.author.login, where: whereText, url: own.url }
  if (!notOwn) {
    const taken = await claimed(asked, tracking, ctx.run.runUrl)
    if (taken) return ends.skip('already-handled', taken)
  }

  let catchUp: CatchUp
  try {
    catchUp = await pendingInstructions(
      api,
      tracking,
      event,
      identity,
      settings.comment,
      ctx.run.runUrl,
      asked.verdicts,
      notOwn ? MAX_INSTRUCTIONS : MAX_INSTRUCTIONS - 1,
    )
  } catch (error) {
    if (notOwn) {
      core.warning(
        `Could not catch up on the instructions no run sent on ${whereText}: ` +
          `${external(getErrorMessage(error), 300)}. The next run on this thread will.`,
      )
      return ends.skip(notOwn.reason, notOwn.detail)
    }
    return ends.notSent(getErrorMessage(error), source)
  }
  if (notOwn && catchUp.instructions.length === 0) return ends.skip(notOwn.reason, notOwn.detail)
  const instructions = notOwn ? catchUp.instructions : [...catchUp.instructions, ownInstruction(asked)]
  const now = ctx.clock.now()
  const entries = instructions.map((i) => entryFor(ctx.run, now, i.author, i.text, i.url, { comment: i.comment }))
  const marks: Marks = {
    lastComment: own.kind === 'issue-comment' ? own.id : catchUp.newest,
    labeler: labelerFor(api, event.thread, settings.comment.statusLabels),
  }
  sayCatchUp(catchUp, entries, { what, whereText, notOwn })

  let jobId = tracking.state.job
  if (jobId !== undefined) {
    const ready = await readyForFollowUp(settings, ctx, jobId)
    if (ready === 'gone') jobId = undefined
    else if (ready !== 'ready') {
      await recordNotSent(tracking, entries, marks)
      return ends.notSent(ready.notSent, source)
    }
  }
  sayJob(whereText, jobId, jobId === undefined ? tracking.otherKeeper : undefined, identity)
  return { tracking, view, source, catchUp, instructions, entries, marks, jobId }
}

/**
 * Whether this comment is already taken, and why: an earlier run caught it up, or another run holds
 * it (the action's 👀 on it, put there by a run the tracking comment does not credit). Undefined when
 * this run takes it (its 👀 is now on the comment).
 */
async function claimed(
  asked: Asked,
  tracking: TrackingComment,
  runUrl: string | undefined,
): Promise<string | undefined> {
  const { api, event, what, whereText } = asked
  const own = event.comment
  if (own.kind === 'issue-comment' && tracking.state.lastComment !== undefined && own.id <= tracking.state.lastComment)
    return (
      `An earlier run on ${whereText} already dealt with this ${what}, ` +
      'with the instructions it caught up on (see the tracking comment).'
    )
  if ((await react(api, event.thread, own, 'eyes')) === 'existed' && !creditedToThisRun(tracking, own.id, runUrl))
    return `This ${what} already has the action's 👀: another run has taken it.`
  return undefined
}

/** The run's own comment as an instruction to send. */
function ownInstruction({ event, found }: Asked): Instruction {
  const own = event.comment
  return {
    author: own.author.login,
    text: found.found ? found.text : '',
    url: own.url || event.thread.url,
    comment: own.kind === 'issue-comment' ? own.id : undefined,
    at: '',
  }
}

/** Says which job the instructions go to; a thread kept by another account is said, never silent. */
function sayJob(whereText: string, jobId: string | undefined, other: string | undefined, identity?: string): void {
  core.info(
    jobId
      ? `${whereText} is linked to job ${external(jobId, 80)}: sending the instruction as a follow-up.`
      : `${whereText} has no job yet: starting one with this instruction.`,
  )
  if (other === undefined) return
  // the likely cause is a token mix-up between this workflow and the one that started the job
  core.warning(
    `${whereText} has a tracking comment written by ${external(other, 60)}, not by ` +
      `${external(identity ?? 'this token', 60)} (github-token's account), so its job is not trusted and a new job ` +
      "starts. Use the same token as github-token in every workflow that writes this thread's tracking comment " +
      '(docs/docs-repository.md).',
  )
}

/** Act: send the instructions (a new job or a follow-up), follow the job, and show it on the threads. */
async function act(settings: CommentSettings, ctx: ModeContext, asked: Asked, decided: Decided): Promise<AgentReport> {
  const { api, identity, event, notOwn } = asked
  const { tracking, view, instructions, entries, marks, jobId } = decided
  const agent = await runAgent(
    {
      projectId: settings.projectId,
      waitTimeoutMs: settings.waitTimeoutMs,
      wait: settings.agent.wait,
      pollIntervalMs: settings.agent.pollIntervalMs,
      prompt: promptOf(instructions, jobId === undefined ? contextLine(event) : undefined),
      jobId,
    },
    {
      client: ctx.client,
      clock: ctx.clock,
      signal: ctx.signal,
      deadline: ctx.deadline,
      outputs: ctx.outputs,
      onStarted: async (id) => {
        ctx.outputs.set('triggered', 'true')
        ctx.outputs.set('skip-reason', '')
        await recordStart(tracking, id, entries, marks)
      },
    },
  )
  if (ctx.outputs.get('triggered') !== 'true') ctx.outputs.set('triggered', 'false')
  const done = await recordEnd(tracking, agent, entries, marks)
  // on the agent's pull request in the docs repository: the code thread that started the job shows it too
  if (!ctx.signal.aborted)
    await echoToOrigin(api, identity, ctx.run, tracking.state.origin, agent, done, view, ctx.signal)
  await answerInThread(settings, ctx, {
    api,
    identity,
    event,
    agent,
    done,
    view,
    instructions,
    ownInstruction: !notOwn,
  })
  return agent
}

/**
 * After the job: a reply in the review thread the instruction came from, and the agent's pull
 * request linked on the thread (its reviewers, with reviewers: author, the instructions' writers and,
 * on a code pull request, its author: once per job, as a follow-up finds the pull request's comment).
 */
async function answerInThread(
  settings: CommentSettings,
  ctx: ModeContext,
  the: {
    api: GitHubPort
    identity: string | undefined
    event: ConversationEvent
    agent: AgentReport
    done: TrackingEntry[]
    view: TrackingView
    instructions: readonly Instruction[]
    ownInstruction: boolean
  },
): Promise<void> {
  const { api, event, agent } = the
  const own = event.comment
  const reply = the.done.at(-1)
  if (the.ownInstruction && own.kind === 'review-comment' && own.replyTo !== undefined && reply) {
    try {
      await api.replyToReviewComment(
        event.thread,
        own.replyTo,
        renderReviewReply(reply, agent.jobId, ctx.run),
        ctx.signal.aborted ? 900 : undefined,
      )
    } catch (error) {
      core.warning(
        `Could not reply in the review thread: ${external(getErrorMessage(error), 300)}. ` +
          `The tracking comment has the result.`,
      )
    }
  }
  if (ctx.signal.aborted) return
  const changeBy = event.thread.isPullRequest ? eventAuthor(ctx.run.payload) : undefined
  const reviewers = settings.comment.reviewers
    ? [...the.instructions.map((i) => i.author), ...(changeBy ? [changeBy] : [])]
    : []
  await linkPullRequest(
    api,
    the.identity,
    ctx.run,
    agent,
    event.thread,
    the.view,
    ctx.signal,
    docsOpener(settings.comment.docsToken, ctx),
    reviewers,
  )
}

/**
 * Whether the linked job can take a follow-up now. A job still working on an earlier instruction is
 * waited for first (with wait: true), so the agent gets instructions one at a time and the result
 * shown is this instruction's; if it is still busy at wait-timeout, nothing is sent. A job the
 * service no longer knows (404) is 'gone': a new job starts.
 */
async function readyForFollowUp(
  settings: CommentSettings,
  ctx: ModeContext,
  jobId: string,
): Promise<'ready' | 'gone' | { notSent: string }> {
  if (!settings.agent.wait) return 'ready'
  try {
    const job = await ctx.client.getJob(jobId)
    if (isTerminal(job.status)) return 'ready'
    core.info(
      `Job ${external(jobId, 80)} is still ${external(job.status, 60)} from an earlier ` +
        `instruction: waiting for it to finish before sending this one.`,
    )
    const result = await waitForJob({
      getJob: () => ctx.client.getJob(jobId),
      clock: ctx.clock,
      signal: ctx.signal,
      deadline: ctx.deadline,
      pollIntervalMs: settings.agent.pollIntervalMs,
      onJob: () => {},
      log: (m) => core.info(m),
    })
    if (result.ended) return 'ready'
    return {
      notSent:
        `Job ${external(jobId, 80)} was still working on an earlier instruction at ` +
        `wait-timeout, so this instruction was not sent. Write it again once the job is done.`,
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      core.info(
        `Job ${external(jobId, 80)}, linked to this thread, is no longer known to the service: starting a new job.`,
      )
      return 'gone'
    }
    return {
      notSent:
        `Could not check job ${external(jobId, 80)} before sending the instruction: ` +
        `${getErrorMessage(error)} Nothing was sent.`,
    }
  }
}

/**
 * This mode as jobs.ts runs it: its run, and the analytics requests it may send: none.
 */
export const job: Job<CommentSettings> = { run, analyticsBudget: () => 0 }
