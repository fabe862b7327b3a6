import {
  type ConversationComment,
  type ConversationEvent,
  type Thread,
  describeThread,
  readConversationEvent,
} from '../github/comment-event.js'
import { type Refusal, type SkipReason, gate } from '../github/gate.js'
import { type GitHubPort, sameLogin } from '../github/port.js'
import { carriesMarker } from '../tracking/state.js'
import type { CommentSettings } from './inputs.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { formatNumber } from '../util/format.js'
import { external } from '../util/text.js'
import { type InstructionResult, findInstruction } from './find-instruction.js'
import type { ModeContext } from '../modes/context.js'
import type { Endings, Step } from './report.js'

/**
 * What was asked, the first step of a comment-mode run: the event's comment as an instruction, the
 * action's account, whether the author may instruct (the gate), and the 👀 and 😕 reactions.
 */

/** What the run read: the event, the comment's instruction, who writes, and why it is not one (notOwn). */
export interface Asked {
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
export async function readAsk(settings: CommentSettings, ctx: ModeContext, ends: Endings): Promise<Step<Asked>> {
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

/**
 * Whether the event's comment is an instruction. One that only names the phrase (quoted, in code)
 * passes the workflow's filter and cancels a pending run, so it still catches up (`notOwn`).
 */
export async function readOwnComment(
  event: ConversationEvent,
  triggerPhrase: string,
): Promise<{ skip: Refusal } | { found: InstructionResult; notOwn: Refusal | undefined }> {
  const what = event.comment.kind === 'review' ? 'review' : 'comment'
  if (!event.created)
    return {
      skip: {
        reason: 'not-created',
        detail:
          `This ${what} was ${external(event.action || 'changed', 30)}; only new comments and ` +
          `submitted reviews are instructions.`,
      },
    }
  if (carriesMarker(event.comment.body))
    return {
      skip: {
        reason: 'own-comment',
        detail: `The ${what} carries this action's marker: the action's own comments are never instructions.`,
      },
    }
  const found = await findInstruction(event.comment.body, triggerPhrase)
  let notOwn: Refusal | undefined
  if (!found.found)
    notOwn = {
      reason: 'no-phrase',
      detail: `No line of the ${what} starts with ${triggerPhrase} (quoted lines and code blocks do not count).`,
    }
  else if (found.text === '')
    notOwn = { reason: 'empty-instruction', detail: `The ${what} has ${triggerPhrase} with nothing after it.` }
  if (notOwn && !event.comment.body.toLowerCase().includes(triggerPhrase.toLowerCase())) return { skip: notOwn }
  return { found, notOwn }
}

/**
 * A 👀 (received, and the claim) or 😕 (refused) reaction; `existed` when the identity had left it.
 * One that cannot be added counts as new (the thread's state still guards against sending twice).
 */
export async function react(
  api: GitHubPort,
  thread: Thread,
  comment: Pick<ConversationComment, 'kind' | 'id'>,
  content: 'eyes' | 'confused',
): Promise<'created' | 'existed'> {
  if (comment.kind === 'review') {
    core.info(`A review has no reactions on GitHub, so there is no ${content === 'eyes' ? '👀' : '😕'} on it.`)
    return 'created'
  }
  try {
    return await api.react(thread, comment, content)
  } catch (error) {
    core.warning(
      `Could not add the ${content === 'eyes' ? '👀' : '😕'} reaction: ${external(getErrorMessage(error), 300)}.`,
    )
    return 'created'
  }
}
