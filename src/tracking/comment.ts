import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { type Thread, describeThread } from '../github/comment-event.js'
import { type GitHubPort, type IssueComment, githubTime, sameLogin, statusOf } from '../github/port.js'
import {
  ENTRY_INSTRUCTION_CHARS,
  MAX_ENTRIES,
  type TrackingEntry,
  type TrackingState,
  decodeState,
  sameRun,
} from './state.js'

/** How the tracking comment is written: this run's link (a lost create's mark) and the renderer. */
export interface TrackingWriter {
  /** This run's page, when known: without it a lost create cannot be recognised (a second comment is better than someone else's). */
  runUrl: string | undefined
  /** When this run started (the run's clock): the lost-create search looks from shortly before it. */
  startedAt: number
  render: (state: TrackingState, thread: Thread, status: string | undefined) => string
}

/** How a job's run ended, as the thread records it (the agent's report is one). */
export interface JobEnd {
  outcome: string
  jobId: string | undefined
  job: { prLink?: string | null; status: string } | undefined
  message: string | undefined
}

/**
 * How far before the run's start a lost create is looked for: GitHub stamps whole seconds on its own
 * clock. The match is on identity and run link, so a wide window costs only a few comments read.
 */
const LOST_CREATE_MARGIN_MS = 60_000

/** After a cancel the process must be gone within 2 s: the last edit gets this long. */
const CANCELLED_TIMEOUT_MS = 900

/** What a record changes besides the entries: the thread's label, the state's own fields, the status shown. */
export interface RecordHow {
  label?: string | undefined
  change?: (state: TrackingState) => TrackingState
  status?: string | undefined
}

/**
 * The one comment the action keeps on an issue or pull request, across runs and modes: created once,
 * then edited. Its hidden state (state.ts) records the thread's job, which a `/docs` comment
 * continues. Only a comment the action's own identity wrote counts (never a pasted marker); with the
 * identity unknown a new one is written. Writing never fails the step: a failure is one warning.
 */
export class TrackingComment {
  private disabled = false
  /** Set when a create may have succeeded without us learning its id. */
  private uncertain = false
  /** `since` for the lost-create search: GitHub's whole-second format, a margin before the start. */
  private readonly since: string

  private constructor(
    private readonly api: GitHubPort,
    readonly thread: Thread,
    private readonly identity: string | undefined,
    private readonly writer: TrackingWriter,
    private id: number | undefined,
    public state: TrackingState,
    /** The thread's comments as they read when it was opened, oldest first ([] for a blank one). */
    readonly comments: readonly IssueComment[],
    private readonly signal: AbortSignal,
  ) {
    this.since = githubTime(writer.startedAt - LOST_CREATE_MARGIN_MS)
  }

  /** The newest tracking comment the identity wrote on the thread, with its state. */
  static findOwn(
    comments: IssueComment[],
    identity: string | undefined,
  ): { comment: IssueComment; state: TrackingState } | undefined {
    if (!identity) return undefined
    for (const comment of [...comments].reverse()) {
      if (!sameLogin(comment.author, identity)) continue
      const state = decodeState(comment.body)
      if (state) return { comment, state }
    }
    return undefined
  }

  /** Reads the thread's comments and takes up the action's tracking comment; throws when they cannot be read. */
  static async open(
    api: GitHubPort,
    thread: Thread,
    identity: string | undefined,
    writer: TrackingWriter,
    signal: AbortSignal,
  ): Promise<TrackingComment> {
    const comments = await api.listComments(thread)
    const own = TrackingComment.findOwn(comments, identity)
    return new TrackingComment(
      api,
      thread,
      identity,
      writer,
      own?.comment.id,
      own?.state ?? { entries: [] },
      comments,
      signal,
    )
  }

  /** A tracking comment not yet looked for (the thread's comments could not be read). */
  static blank(
    api: GitHubPort,
    thread: Thread,
    identity: string | undefined,
    writer: TrackingWriter,
    signal: AbortSignal,
  ): TrackingComment {
    return new TrackingComment(api, thread, identity, writer, undefined, { entries: [] }, [], signal)
  }

  /** When this identity keeps no tracking comment on the thread, the bot that does (one more would split it). */
  get otherKeeper(): string | undefined {
    if (this.id !== undefined) return undefined
    const identity = this.identity
    return [...this.comments]
      .reverse()
      .find((c) => c.authorType === 'Bot' && !(identity && sameLogin(c.author, identity)) && decodeState(c.body))
      ?.author
  }

  /** The id of the tracking comment, once there is one. */
  get commentId(): number | undefined {
    return this.id
  }

  /** Changes the state and writes the comment (created the first time, edited after). Never throws. */
  async update(change: (state: TrackingState) => TrackingState, status?: string): Promise<void> {
    this.state = change(this.state)
    if (this.disabled) return
    const body = this.writer.render(this.state, this.thread, status)
    const timeout = this.signal.aborted ? CANCELLED_TIMEOUT_MS : undefined
    const where = describeThread(this.thread)
    try {
      if (this.id === undefined && this.uncertain) this.id = await this.findLostCreate()
      if (this.id === undefined) {
        this.uncertain = true
        const created = await this.api.createComment(this.thread, body, timeout)
        this.id = created.id
        this.uncertain = false
        core.info(`Commented on ${where}: ${external(created.url, 200)}`)
      } else {
        await this.api.updateComment(this.thread, this.id, body, timeout)
        core.info(`Updated the tracking comment on ${where}.`)
      }
    } catch (error) {
      this.warn(error, where)
    }
  }

  /**
   * Records `entries` and `marks` on the state as `change` leaves it, with the thread's `label`, and
   * writes the comment (the job's `status` shown). Never throws.
   */
  async record(entries: readonly TrackingEntry[], marks: StateMarks, how: RecordHow = {}): Promise<void> {
    const { label, change = (state) => state, status } = how
    await this.update(
      (state) => ({ ...withEntries(change(state), entries, marks), ...(label ? { label } : {}) }),
      status,
    )
  }

  /** Records that `jobId` started for `entries` (a new job replaces the thread's job and its pull request). */
  async recordStart(
    jobId: string,
    entries: readonly TrackingEntry[],
    marks: StateMarks,
    label: string | undefined,
  ): Promise<void> {
    await this.record(entries, marks, {
      label,
      change: (state) => (state.job === jobId ? state : { ...state, job: jobId, prLink: undefined }),
    })
  }

  /** Records how the run ended for `entries`; returns the entries as recorded. */
  async recordEnd(
    report: JobEnd,
    entries: readonly TrackingEntry[],
    marks: StateMarks,
    label: string | undefined,
  ): Promise<TrackingEntry[]> {
    const prLink = report.job?.prLink
    const done = entries.map((entry): TrackingEntry => ({
      ...entry,
      result: report.outcome,
      ...(prLink ? { prLink } : {}),
      ...(report.message ? { note: report.message } : {}),
    }))
    await this.record(done, marks, {
      label,
      change: (state) => ({ ...state, ...(report.jobId ? { job: report.jobId } : {}), ...(prLink ? { prLink } : {}) }),
      status: report.job?.status,
    })
    return done
  }

  /**
   * A create whose answer was lost: this run's comment, found by its run link among the identity's
   * comments since `since`. With the identity unknown nothing is adopted (better a second comment).
   */
  private async findLostCreate(): Promise<number | undefined> {
    const identity = this.identity
    if (!identity) return undefined
    const comments = await this.api.listComments(this.thread, this.since)
    return comments.find(
      (c) =>
        sameLogin(c.author, identity) &&
        decodeState(c.body)?.entries.some((e) => sameRun(e.runUrl, this.writer.runUrl)),
    )?.id
  }

  private warn(error: unknown, where: string): void {
    const status = statusOf(error)
    if (status === 403 || status === 401) {
      this.disabled = true
      core.warning(
        `Could not comment on ${where} (HTTP ${status}): the token may not write comments. ` +
          `Grant "issues: write" and "pull-requests: write" in the workflow's permissions. The ` +
          `job's outputs and summary are not affected.`,
      )
    } else if (status === 404 || status === 410) {
      this.disabled = true
      core.warning(
        `Could not comment on ${where} (HTTP ${status}): it was not found, or the token ` +
          `cannot see it. The job's outputs and summary are not affected.`,
      )
    } else {
      core.warning(
        `Could not comment on ${where}: ${external(getErrorMessage(error), 300)}. The job's ` +
          `outputs and summary are not affected.`,
      )
    }
  }
}

/** Whether two entries are one instruction of one run: same source and run (a hand run: the same instant). */
function sameEntry(a: TrackingEntry, b: TrackingEntry): boolean {
  if (a.source !== b.source) return false
  return a.runUrl === undefined && b.runUrl === undefined ? a.at === b.at : sameRun(a.runUrl, b.runUrl)
}

/** Adds an instruction's entry (newest first) or replaces the one from the same source and run. */
export function withEntry(state: TrackingState, entry: TrackingEntry): TrackingState {
  const others = state.entries.filter((e) => !sameEntry(e, entry))
  const bounded = {
    ...entry,
    instruction: entry.instruction.slice(0, ENTRY_INSTRUCTION_CHARS),
    ...(entry.note ? { note: entry.note.slice(0, ENTRY_INSTRUCTION_CHARS) } : {}),
  }
  return { ...state, entries: [bounded, ...others].slice(0, MAX_ENTRIES) }
}

/** What a run marks in the state besides its entries: the newest comment it dealt with, the code head. */
export interface StateMarks {
  lastComment?: number
  /** The code head this run's instruction described (changes). */
  head?: string
}

/** The state with every entry added (in the order given, so the last is newest) and the newest comment dealt with. */
export function withEntries(state: TrackingState, entries: readonly TrackingEntry[], marks: StateMarks): TrackingState {
  let next = state
  for (const entry of entries) next = withEntry(next, entry)
  if (marks.head) next = { ...next, head: marks.head }
  return marks.lastComment === undefined
    ? next
    : { ...next, lastComment: Math.max(marks.lastComment, state.lastComment ?? 0) }
}
