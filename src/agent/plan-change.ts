import { buildChangePrompt } from './change-prompt.js'
import { type ChangeEvent, fetchChange, pathFilter, readChangeEvent } from '../github/change.js'
import { type Refusal, type SkipReason, gate } from '../github/gate.js'
import type { GitHubPort } from '../github/port.js'
import { parsePullLink } from '../github/pull-link.js'
import type { AgentSettings } from './inputs.js'
import type { ModeContext } from '../modes/context.js'
import type { ThreadTracking } from '../tracking/thread-tracking.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { formatNumber } from '../util/format.js'
import { external } from '../util/text.js'

/** A code change as the agent action sends it (`changes`): its prompt, the job it continues, or why not. */

/** A change ready to send: the prompt, the job it continues (if any), and how the thread records it. */
export interface Described {
  prompt: string
  jobId: string | undefined
  /** The code head described, recorded in the thread for the next follow-up. */
  head: string
  /** The line in the tracking comment. */
  entry: string
  /** The code pull request or the push (the run's page when the push has no compare link; none on a hand run). */
  url: string | undefined
  label: string
  files: number
  cut: number
}

/** Reads the event's change and decides: a skip with its reason, or the prompt (never for no matching file). */
export async function planChange(
  changes: NonNullable<AgentSettings['changes']>,
  prompt: string | undefined,
  ctx: ModeContext,
  tracking: ThreadTracking | undefined,
): Promise<Described | { skip: SkipReason | 'no-relevant-changes'; detail: string } | { failure: string }> {
  const change = readChangeEvent(ctx.run.eventName, ctx.run.payload)
  if (!change)
    return { failure: `The ${external(ctx.run.eventName, 40)} event has no pull request or pushed commit to describe.` }
  const api: GitHubPort = tracking?.api ?? (await ctx.github(changes.token))

  if (change.kind === 'pull' && ctx.run.eventName === 'pull_request_target') {
    const refused = await labelledByWriter(change, api, ctx)
    if (refused) return refused
  }

  const state = tracking?.comment.state
  if (change.kind === 'pull' && change.action === 'closed') {
    if (change.merged && tracking) await markMerged(api, tracking, ctx)
    return {
      skip: 'no-relevant-changes',
      detail:
        `Pull request #${change.number} was closed${change.merged ? ' (merged)' : ''}: its ` +
        `change was described while it was open, so nothing is sent now.`,
    }
  }
  const jobId = changes.continueThread ? state?.job : undefined
  const since = jobId !== undefined && change.kind === 'pull' ? state?.head : undefined
  const head = change.kind === 'pull' ? change.headSha : change.after
  if (since !== undefined && since === head)
    return {
      skip: 'no-relevant-changes',
      detail: `The thread's job already has head ${head.slice(0, 7)}: nothing new to describe.`,
    }
  let fetched: Awaited<ReturnType<typeof fetchChange>>
  try {
    fetched = await fetchChange(api, ctx.run, change, since)
  } catch (error) {
    return { failure: `Could not read the change from GitHub: ${external(getErrorMessage(error), 300)}` }
  }
  if (fetched.sinceGone)
    core.info(
      since
        ? `Head ${since.slice(0, 7)}, described last time, is gone (a force-push): describing ` +
            `the whole pull request again.`
        : 'GitHub does not know the commit before this push: describing the files its commits name.',
    )
  const relevant = pathFilter(changes.paths)
  const matched = fetched.files.filter((f) => relevant(f.filename))
  const ignored = fetched.files.filter((f) => !relevant(f.filename))
  ctx.outputs.set('changed-files', String(matched.length))
  if (ignored.length > 0)
    core.info(
      `changes-paths left out ${ignored.length} file${ignored.length === 1 ? '' : 's'}: ${ignored
        .slice(0, 50)
        .map((f) => external(f.filename, 200))
        .join(', ')}${ignored.length > 50 ? ', …' : ''}`,
    )
  if (matched.length === 0) {
    const what =
      fetched.files.length === 0
        ? 'The change touches no file'
        : `None of the ${fetched.files.length} changed files matches changes-paths`
    return {
      skip: 'no-relevant-changes',
      detail: `${what}${since ? ` since ${since.slice(0, 7)}` : ''}: nothing was sent to the service.`,
    }
  }
  const built = buildChangePrompt({
    prompt,
    change,
    files: matched,
    commits: fetched.commits,
    kind: changes.kind,
    maxChars: changes.maxChars,
    ignored: ignored.length,
    since: fetched.since,
    sinceGone: fetched.sinceGone,
  })
  if (built.cut.length > 0)
    core.info(
      `The patches of ${built.cut.length} file${built.cut.length === 1 ? '' : 's'} were ` +
        `left out to stay within max-changes (${formatNumber(changes.maxChars)} characters); ` +
        `the prompt says so.`,
    )
  const label = describe(change)
  return {
    prompt: built.prompt,
    jobId,
    head,
    entry:
      `${since ? `Push to ${head.slice(0, 7)}` : label}: ${matched.length} changed ` +
      `file${matched.length === 1 ? '' : 's'} (${changes.kind})`,
    url: change.kind === 'pull' ? change.url : change.compareUrl || ctx.run.runUrl,
    label,
    files: matched.length,
    cut: built.cut.length,
  }
}

/**
 * pull_request_target runs with this repository's secrets on a contributor's pull request: a job
 * only when a writer added the label (labelling needs only triage). Undefined when one did.
 */
async function labelledByWriter(
  change: Extract<ChangeEvent, { kind: 'pull' }>,
  api: GitHubPort,
  ctx: ModeContext,
): Promise<{ skip: SkipReason; detail: string } | { failure: string } | undefined> {
  const why = "pull_request_target runs with this repository's secrets on a contributor's pull request"
  if (!change.labelled) {
    return {
      skip: 'not-allowed',
      detail:
        `This ${change.action || 'pull_request_target'} event is no label: ${why}, so a ` +
        `docs job starts only when a person with write access labels it (docs/security.md). ` +
        `Nothing was sent.`,
    }
  }
  let refusal: Refusal | undefined
  try {
    const thread = {
      owner: ctx.run.owner,
      repo: ctx.run.repo,
      number: change.number,
      isPullRequest: true,
      title: change.title,
      url: change.url,
    }
    refusal = await gate(api, thread, change.labelled.by, [])
  } catch (error) {
    return { failure: getErrorMessage(error) }
  }
  if (refusal)
    return {
      skip: refusal.reason,
      detail:
        `The label ${JSON.stringify(change.labelled.label)} was added by someone without ` +
        `write access: ${why}, so only a writer's label starts a docs job. ${refusal.detail} ` +
        `Nothing was sent.`,
    }
  core.info(
    `${external(change.labelled.by.login, 60)} (write access) labelled pull request ` +
      `#${change.number} ${JSON.stringify(change.labelled.label)}: its change is read ` +
      `through the API and quoted to the agent as data; its code is never checked out or run.`,
  )
  return undefined
}

/** A merged code pull request: its tracking comment says whether the docs pull request is still open. */
async function markMerged(api: GitHubPort, tracking: ThreadTracking, ctx: ModeContext): Promise<void> {
  const prLink = tracking.comment.state.prLink
  if (!prLink) return
  const docs = parsePullLink(prLink)
  let docsOpen: boolean | undefined
  // on another server (docs on github.com, code on GHES) this API answers 404: "cannot tell"
  if (docs) {
    try {
      const found = await api.pullRequestState({ owner: docs.owner, repo: docs.repo }, docs.number)
      docsOpen = found ? found.open : undefined
    } catch (error) {
      core.info(`Could not read the documentation pull request's state: ${external(getErrorMessage(error), 200)}.`)
    }
  }
  await tracking.comment.update((state) => ({
    ...state,
    merged: { at: new Date(ctx.clock.now()).toISOString(), ...(docsOpen !== undefined ? { docsOpen } : {}) },
  }))
}

function describe(change: ChangeEvent): string {
  return change.kind === 'pull'
    ? `Code pull request #${change.number}`
    : `Push to ${change.ref.replace(/^refs\/heads\//, '')} (${change.after.slice(0, 7)})`
}
