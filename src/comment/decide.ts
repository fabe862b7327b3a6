import { waitForJob } from '../agent-jobs/wait-for-job.js'
import type { CommentSettings } from './inputs.js'
import type { ModeContext } from '../modes/context.js'
import { ApiError } from '../service/errors.js'
import { isTerminal } from '../service/schemas.js'
import type { TrackingComment } from '../tracking/comment.js'
import { ThreadTracking, entryFor } from '../tracking/thread-tracking.js'
import type { StateMarks } from '../tracking/comment.js'
import { MAX_INSTRUCTIONS, type TrackingEntry } from '../tracking/state.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { type Asked, react } from './ask.js'
import { type CatchUp, type Instruction, creditedToThisRun, pendingInstructions, sayCatchUp } from './instructions.js'
import type { CommentReport, Endings, Step } from './report.js'

/** What to send, the second step: the claim on this comment, the instructions no run sent, and their job. */

/** What the run sends, where its results go, and to which job (undefined: a new one). */
export interface Decided {
  tracking: ThreadTracking
  source: NonNullable<CommentReport['source']>
  catchUp: CatchUp
  instructions: Instruction[]
  entries: TrackingEntry[]
  marks: StateMarks
  jobId: string | undefined
}

/** Decide: the thread's tracking comment, the claim on this comment, the instructions, the job. */
export async function decide(
  settings: CommentSettings,
  ctx: ModeContext,
  asked: Asked,
  ends: Endings,
): Promise<Step<Decided>> {
  const { event, what, whereText, notOwn, api, identity } = asked
  let tracking: ThreadTracking
  try {
    tracking = await ThreadTracking.open(api, identity, event.thread, settings.comment, ctx, 'fail')
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
    const taken = await claimed(asked, tracking.comment, ctx.run.runUrl)
    if (taken) return ends.skip('already-handled', taken)
  }

  let catchUp: CatchUp
  try {
    catchUp = await pendingInstructions(
      api,
      tracking.comment,
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
  const marks: StateMarks = { lastComment: own.kind === 'issue-comment' ? own.id : catchUp.newest }
  sayCatchUp(catchUp, entries, { what, whereText, notOwn })

  let jobId = tracking.comment.state.job
  if (jobId !== undefined) {
    const ready = await readyForFollowUp(settings, ctx, jobId)
    if (ready === 'gone') jobId = undefined
    else if (ready !== 'ready') {
      await tracking.notSent(entries, marks)
      return ends.notSent(ready.notSent, source)
    }
  }
  sayJob(whereText, jobId, jobId === undefined ? tracking.comment.otherKeeper : undefined, identity)
  return { tracking, source, catchUp, instructions, entries, marks, jobId }
}

/** Whether this comment is taken already (caught up, or another run's 👀); undefined when this run takes it. */
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

/** Says which job the instructions go to; a thread kept by another account is a warning, never silent. */
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

/**
 * Whether the linked job can take a follow-up now: a busy job is waited for (one instruction at a
 * time), and nothing is sent if it is still busy at wait-timeout. A job gone (404) means a new one.
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
