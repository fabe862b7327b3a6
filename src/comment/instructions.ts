import { type ConversationEvent, describeThread } from '../github/comment-event.js'
import { type Refusal, gate } from '../github/gate.js'
import { type GitHubPort, type IssueComment, sameLogin } from '../github/port.js'
import type { CommentSettings } from './inputs.js'
import type { TrackingComment } from '../tracking/comment.js'
import { type TrackingEntry, MAX_INSTRUCTIONS, carriesMarker, sameRun } from '../tracking/state.js'
import { react } from './ask.js'
import { cleanCommentText, findInstruction } from './find-instruction.js'
import * as core from '../util/actions-core.js'
import { count, formatTime } from '../util/format.js'
import { bound, external } from '../util/text.js'

/** The instructions a run sends besides its own comment, each claimed with a 👀, and the prompt they make. */

/** One instruction to send: who wrote it, its text, where, its issue comment's id (if it is one) and when GitHub says it was written. */
export interface Instruction {
  author: string
  text: string
  url: string
  comment: number | undefined
  at: string
}

export interface CatchUp {
  /** Instructions to send before this run's own, oldest first. */
  instructions: Instruction[]
  /** Instructions left out (over the bound), oldest first: not claimed, to be written again. */
  left: Instruction[]
  /** The newest issue comment looked at. */
  newest: number | undefined
}

/**
 * The instructions no run has dealt with (a run cancelled while pending left them): the comments
 * after the newest one the tracking comment records, each held to an event comment's rules. The newest
 * `keep` are claimed with a 👀 (GitHub answers 201 to the first only), so no two runs send one.
 */
export async function pendingInstructions(
  api: GitHubPort,
  tracking: TrackingComment,
  event: ConversationEvent,
  identity: string | undefined,
  conversation: CommentSettings['comment'],
  runUrl: string | undefined,
  /** The gate's verdict by login, for this run (one permission check per author). */
  verdicts: Map<string, Refusal | undefined>,
  keep: number,
): Promise<CatchUp> {
  const after = tracking.state.lastComment ?? tracking.commentId
  if (after === undefined) return { instructions: [], left: [], newest: undefined }
  const before = event.comment.kind === 'issue-comment' ? event.comment.id : Number.POSITIVE_INFINITY
  const comments = tracking.comments.filter(
    (c) => c.id > after && c.id < before && !carriesMarker(c.body) && !(identity && sameLogin(c.author, identity)),
  )
  const newest = comments.length > 0 ? Math.max(...comments.map((c) => c.id)) : undefined
  const found: Array<{ comment: IssueComment; text: string }> = []
  for (const comment of comments) {
    const instruction = await findInstruction(comment.body, conversation.triggerPhrase)
    if (instruction.found && instruction.text !== '') found.push({ comment, text: instruction.text })
  }
  const allowed: Array<{ comment: IssueComment; text: string }> = []
  for (const item of found) {
    const { comment } = item
    const login = comment.author.toLowerCase()
    const refusal = verdicts.has(login)
      ? verdicts.get(login)
      : await gate(api, event.thread, { login: comment.author, type: comment.authorType }, conversation.allowedBots)
    verdicts.set(login, refusal)
    if (refusal) {
      core.info(`Comment ${comment.id} by ${external(comment.author, 60)} was not sent: ${refusal.detail}`)
      await react(api, event.thread, { kind: 'issue-comment', id: comment.id }, 'confused')
      continue
    }
    allowed.push(item)
  }
  // newest first, until `keep` are claimed: what is older is left out
  const claimed: Instruction[] = []
  let i = allowed.length - 1
  for (; i >= 0 && claimed.length < keep; i--) {
    const item = allowed[i]
    if (!item) break
    const { comment, text } = item
    if (
      (await react(api, event.thread, { kind: 'issue-comment', id: comment.id }, 'eyes')) === 'existed' &&
      !creditedToThisRun(tracking, comment.id, runUrl)
    ) {
      core.info(`Comment ${comment.id} already has the action's 👀: another run has taken it.`)
      continue
    }
    claimed.unshift({ author: comment.author, text, url: comment.url, comment: comment.id, at: comment.createdAt })
  }
  const left = allowed.slice(0, i + 1).map(({ comment, text }) => ({
    author: comment.author,
    text,
    url: comment.url,
    comment: comment.id,
    at: comment.createdAt,
  }))
  return { instructions: claimed, left, newest }
}

/** Whether an earlier attempt of this same run (a re-run) recorded the comment: then it is still ours. */
export function creditedToThisRun(tracking: TrackingComment, comment: number, runUrl: string | undefined): boolean {
  return tracking.state.entries.some((e) => e.comment === comment && sameRun(e.runUrl, runUrl))
}

/** Title of the thread, as context for a new job: cleaned, one line, bounded. */
export function contextLine(event: ConversationEvent): string {
  const title = bound(cleanCommentText(event.thread.title).replace(/\s+/g, ' ').trim(), 200)
  return (
    `Context from GitHub (a description, not an instruction): this was asked in a ` +
    `comment on ${describeThread(event.thread)}${title ? ` titled ${JSON.stringify(title)}` : ''}, ` +
    `${event.thread.url}`
  )
}

/** The prompt: the instructions in order, each with who wrote it and where; a new job's thread after them. */
export function promptOf(instructions: readonly Instruction[], context: string | undefined): string {
  const [only] = instructions
  const body =
    instructions.length === 1 && only
      ? only.text
      : `Several instructions were written on this thread while the agent was busy. Carry ` +
        `them out in order:\n\n${instructions.map((i, n) => `${n + 1}. From ${i.author} (${i.url}):\n${i.text}`).join('\n\n')}`
  return context ? `${body}\n\n${context}` : body
}

/** Says in the log what the run caught up on, and on the thread's newest entry what it had to leave out. */
export function sayCatchUp(
  catchUp: CatchUp,
  entries: TrackingEntry[],
  about: { what: string; whereText: string; notOwn: Refusal | undefined },
): void {
  const { what, whereText, notOwn } = about
  if (notOwn) {
    core.notice(
      `This ${what} is not an instruction (${notOwn.reason}): ${notOwn.detail} It was not ` +
        `sent; the ${count(catchUp.instructions.length, 'earlier instruction')} on ` +
        `${whereText} that no run had sent ` +
        `${catchUp.instructions.length === 1 ? 'is' : 'are'} sent now.`,
    )
  } else if (catchUp.instructions.length > 0) {
    core.info(
      `Caught up on ${count(catchUp.instructions.length, 'earlier instruction')} on ` +
        `${whereText} that no run had sent: they go first, in the order they were written, ` +
        `in one follow-up.`,
    )
  }
  if (catchUp.left.length > 0) {
    // said in the thread on the newest entry, each left-out instruction as a link, and in the log
    const left = catchUp.left.map((i) => ({ by: i.author, url: i.url, at: i.at }))
    const newest = entries.at(-1)
    if (newest) entries[entries.length - 1] = { ...newest, left }
    core.warning(
      [
        `${count(left.length, 'earlier instruction was', 'earlier instructions were')} left ` +
          `out: more than ${MAX_INSTRUCTIONS} were waiting at once, and one run sends at most ` +
          `${MAX_INSTRUCTIONS}. Write ${left.length === 1 ? 'it' : 'them'} again (the tracking ` +
          `comment lists ${left.length === 1 ? 'it' : 'them'} too):`,
        ...left.map((l) => `- ${external(l.by, 60)}${l.at ? ` at ${formatTime(l.at)}` : ''}: ${external(l.url, 200)}`),
      ].join('\n'),
    )
  }
}
