import { agentEnding, runAgent } from '../agent/run-agent.js'
import { waitForJob } from '../agent/wait-for-job.js'
import { ApiError } from '../api/errors.js'
import { isTerminal } from '../api/schemas.js'
import { type ConversationEvent, describeThread, readConversationEvent } from '../github/conversation-event.js'
import { type Refusal, type SkipReason, gate } from '../github/gate.js'
import { cleanCommentText, findInstruction } from '../github/instruction.js'
import { type GitHubPort, sameLogin } from '../github/port.js'
import type { ThreadComment } from '../github/thread-comment.js'
import { carriesMarker, withEntry } from '../github/thread-state.js'
import { entryFor, linkPullRequest, openTracking, recordEnd, recordStart } from '../github/tracking.js'
import type { ConversationSettings } from '../inputs/settings.js'
import { type ConversationReport, renderConversationSummary } from '../summary/conversation-summary.js'
import { renderReviewReply, threadCommentRenderer } from '../summary/thread-comment.js'
import * as core from '../util/actions-core.js'
import type { Ending } from '../util/ending.js'
import { getErrorMessage } from '../util/errors.js'
import { bound, external } from '../util/text.js'
import type { ModeContext, Report } from './context.js'

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
export async function run(settings: ConversationSettings, ctx: ModeContext): Promise<Report> {
  const report = await converse(settings, ctx)
  return { summary: renderConversationSummary(report, ctx.run), ending: endingOf(report, settings.agent.requirePr) }
}

function endingOf(report: ConversationReport, requirePr: boolean): Ending {
  if (report.skip) {
    const refused = report.skip.reason === 'not-allowed' || report.skip.reason === 'bot'
    return { level: refused ? 'notice' : 'info', message: `Not an instruction (${report.skip.reason}): ${report.skip.detail}` }
  }
  if (report.failure) return { level: 'failure', message: report.failure }
  return report.agent ? agentEnding(report.agent, requirePr) : { level: 'ok' }
}

/** Title of the thread, as context for a new job: cleaned, one line, bounded. */
function contextLine(event: ConversationEvent): string {
  const title = bound(cleanCommentText(event.thread.title).replace(/\s+/g, ' ').trim(), 200)
  return `Context from GitHub (a description, not an instruction): this was asked in a comment on ${describeThread(event.thread)}${title ? ` titled ${JSON.stringify(title)}` : ''}, ${event.thread.url}`
}

async function converse(settings: ConversationSettings, ctx: ModeContext): Promise<ConversationReport> {
  const { triggerPhrase, allowedBots, token } = settings.conversation
  const event = readConversationEvent(ctx.run.eventName, ctx.run.payload, ctx.run)
  if (!event) return { triggered: false, failure: `The ${external(ctx.run.eventName, 60)} event has no comment, author or issue to read. Nothing was sent to the service.` }
  const what = event.comment.kind === 'review' ? 'review' : 'comment'
  const skip = (reason: SkipReason, detail: string): ConversationReport => {
    ctx.outputs.set('triggered', 'false')
    ctx.outputs.set('skip-reason', reason)
    return { triggered: false, skip: { reason, detail } }
  }
  const notSent = (failure: string, source?: ConversationReport['source']): ConversationReport => {
    ctx.outputs.set('triggered', 'false')
    return { triggered: false, source, failure }
  }

  if (!event.created) return skip('not-created', `This ${what} was ${external(event.action || 'changed', 30)}; only new comments and submitted reviews are instructions.`)
  if (carriesMarker(event.comment.body)) return skip('own-comment', `The ${what} carries this action's marker: the action's own comments are never instructions.`)
  const found = await findInstruction(event.comment.body, triggerPhrase)
  if (!found.found) return skip('no-phrase', `No line of the ${what} starts with ${triggerPhrase} (quoted lines and code blocks do not count).`)
  if (found.text === '') return skip('empty-instruction', `The ${what} has ${triggerPhrase} with nothing after it.`)

  const api = await ctx.github(token)
  const identity = await api.identity()
  if (identity === undefined) {
    core.warning('Could not tell which account github-token writes as (GraphQL viewer and GET /user both failed). Tracking comments already on the thread are not trusted, so this instruction starts a new job.')
  } else {
    core.info(`The action writes as ${external(identity, 60)}.`)
    if (sameLogin(event.comment.author.login, identity)) return skip('own-comment', `The ${what} was written by ${external(identity, 60)}, the account this action writes with.`)
  }

  let refusal: Refusal | undefined
  try {
    refusal = await gate(api, event, allowedBots)
  } catch (error) {
    return notSent(getErrorMessage(error))
  }
  const whereText = describeThread(event.thread)
  if (refusal) {
    await react(api, event, 'confused')
    return skip(refusal.reason, `${refusal.detail} The ${what} was not sent to the service.`)
  }
  await react(api, event, 'eyes')

  if (found.cutChars > 0) core.info(`The instruction was cut to ${found.text.length} characters (${found.cutChars} more were left out).`)
  const view = { runUrl: ctx.run.runUrl, render: threadCommentRenderer(triggerPhrase, ctx.run.serverUrl) }
  let tracking: ThreadComment
  try {
    tracking = await openTracking(api, event.thread, identity, view, ctx.signal, 'fail')
  } catch (error) {
    return notSent(`Could not read the comments on ${whereText} to find its job: ${external(getErrorMessage(error), 300)}. Nothing was sent to the service.`)
  }
  const source = { author: event.comment.author.login, where: whereText, url: event.comment.url }
  const entry = entryFor(ctx.run, event.comment.author.login, found.text, event.comment.url || event.thread.url)

  let jobId = tracking.state.job
  if (jobId !== undefined) {
    const ready = await readyForFollowUp(settings, ctx, jobId)
    if (ready === 'gone') jobId = undefined
    else if (ready !== 'ready') {
      await tracking.update((state) => withEntry(state, { ...entry, result: 'not-sent' }))
      return notSent(ready, source)
    }
  }
  core.info(jobId ? `${whereText} is linked to job ${external(jobId, 80)}: sending the instruction as a follow-up.` : `${whereText} has no job yet: starting one with this instruction.`)

  const agent = await runAgent(
    {
      projectId: settings.projectId,
      waitTimeoutMs: settings.waitTimeoutMs,
      wait: settings.agent.wait,
      pollIntervalMs: settings.agent.pollIntervalMs,
      prompt: jobId ? found.text : `${found.text}\n\n${contextLine(event)}`,
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
        await recordStart(tracking, id, entry)
      },
    },
  )
  if (ctx.outputs.get('triggered') !== 'true') ctx.outputs.set('triggered', 'false')
  const done = await recordEnd(tracking, agent, entry)
  if (event.comment.kind === 'review-comment' && event.comment.replyTo !== undefined) {
    try {
      await api.replyToReviewComment(event.thread, event.comment.replyTo, renderReviewReply(done, agent.jobId, ctx.run), ctx.signal.aborted ? 900 : undefined)
    } catch (error) {
      core.warning(`Could not reply in the review thread: ${external(getErrorMessage(error), 300)}. The tracking comment has the result.`)
    }
  }
  if (!ctx.signal.aborted) await linkPullRequest(api, identity, ctx.run, agent, event.thread, view, ctx.signal)
  return { triggered: ctx.outputs.get('triggered') === 'true', source, agent }
}

/** A 👀 (received) or 😕 (refused) reaction; a review body has none. Never fails the run. */
async function react(api: GitHubPort, event: ConversationEvent, content: 'eyes' | 'confused'): Promise<void> {
  if (event.comment.kind === 'review') {
    core.info(`A review has no reactions on GitHub, so there is no ${content === 'eyes' ? '👀' : '😕'} on it.`)
    return
  }
  try {
    await api.react(event.thread, event.comment, content)
  } catch (error) {
    core.warning(`Could not add the ${content === 'eyes' ? '👀' : '😕'} reaction: ${external(getErrorMessage(error), 300)}.`)
  }
}

/**
 * Whether the linked job can take a follow-up now. A job still working on an earlier instruction is
 * waited for first (with wait: true), so the agent gets instructions one at a time and the result
 * shown is this instruction's; if it is still busy at wait-timeout, nothing is sent. A job the
 * service no longer knows (404) is 'gone': a new job starts.
 */
async function readyForFollowUp(settings: ConversationSettings, ctx: ModeContext, jobId: string): Promise<'ready' | 'gone' | string> {
  if (!settings.agent.wait) return 'ready'
  try {
    const job = await ctx.client.getJob(jobId)
    if (isTerminal(job.status)) return 'ready'
    core.info(`Job ${external(jobId, 80)} is still ${external(job.status, 60)} from an earlier instruction: waiting for it to finish before sending this one.`)
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
    return `Job ${external(jobId, 80)} was still working on an earlier instruction at wait-timeout, so this instruction was not sent. Write it again once the job is done.`
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      core.info(`Job ${external(jobId, 80)}, linked to this thread, is no longer known to the service: starting a new job.`)
      return 'gone'
    }
    return `Could not check job ${external(jobId, 80)} before sending the instruction: ${getErrorMessage(error)} Nothing was sent.`
  }
}
