import * as core from '../util/actions-core.js'
import { getErrorMessage, present } from '../util/errors.js'
import { external } from '../util/text.js'
import { type Thread, describeThread } from '../github/comment-event.js'
import { type GitHubPort, sameLogin } from '../github/port.js'
import { parsePullLink, pullRequestHere } from '../github/pull-link.js'
import type { RunContext } from '../github/run-context.js'
import { type JobEnd, TrackingComment, type TrackingWriter } from './comment.js'
import type { TrackingEntry } from './state.js'

/**
 * The threads a job's thread links to: the agent's pull request (its review comments continue the
 * job) and, with the docs in their own repository, the code thread the job came from.
 */

/** A thread's link: `https://host/owner/repo/issues/7` or `…/pull/7`. */
const THREAD_LINK = /^https?:\/\/[^/]+\/([^/]+)\/([^/]+)\/(issues|pull)\/(\d+)$/

/**
 * The docs in their own repository: a `/docs` on the agent's pull request continued a job a code
 * thread (its `origin`) started, so that thread shows it too, written with this run's token (an App
 * on both). A thread of another job is left alone; a token that cannot write there is one warning.
 */
export async function echoToOrigin(
  api: GitHubPort,
  identity: string | undefined,
  run: RunContext,
  origin: { url: string; label: string } | undefined,
  report: JobEnd,
  entries: readonly TrackingEntry[],
  writer: TrackingWriter,
  signal: AbortSignal,
): Promise<void> {
  const m = origin ? THREAD_LINK.exec(origin.url) : null
  if (!origin || !m || !report.jobId) return
  const [, owner, repo, kind, number] = m as unknown as [string, string, string, string, string]
  if (sameLogin(owner, run.owner) && sameLogin(repo, run.repo)) return
  const thread: Thread = {
    owner,
    repo,
    number: Number(number),
    isPullRequest: kind === 'pull',
    title: '',
    url: origin.url,
  }
  try {
    const tracking = await TrackingComment.open(api, thread, identity, writer, signal)
    if (tracking.state.job !== undefined && tracking.state.job !== report.jobId) return
    const other = tracking.otherKeeper
    if (other !== undefined) {
      // one tracking comment per thread: another identity keeps that thread's (its workflows write with GITHUB_TOKEN)
      core.warning(
        `Did not show this instruction on ${external(origin.label, 160)}: its tracking ` +
          `comment was written by ${external(other, 60)}, not ` +
          `${external(identity ?? 'this token', 60)}, and a second one would split the thread. ` +
          `Give the workflows of ${external(`${owner}/${repo}`, 140)} this same App's token as ` +
          `github-token (docs/docs-repository.md), so that one identity writes both threads.`,
      )
      return
    }
    await tracking.record(
      entries,
      {},
      {
        change: (state) => ({
          ...state,
          job: report.jobId,
          ...(report.job?.prLink ? { prLink: report.job.prLink } : {}),
        }),
        status: report.job?.status,
      },
    )
  } catch (error) {
    core.warning(
      `Could not show this instruction on ${external(origin.label, 160)} too: ` +
        `${external(getErrorMessage(error), 300)}. The token needs to write issues there (a ` +
        `GitHub App installed on both repositories).`,
    )
  }
}

/**
 * `reviewers: author`: asks the people who started the job to review the agent's pull request, one
 * request each: GitHub refuses a whole request for one login that is no collaborator. Each refusal
 * is one warning.
 */
async function requestReviews(api: GitHubPort, pr: Thread, logins: readonly string[]): Promise<void> {
  const people = [...new Set(logins.filter((l) => l && !/\[bot\]$/i.test(l)).map((l) => l.toLowerCase()))]
  const where = external(`${pr.owner}/${pr.repo}#${pr.number}`, 160)
  for (const person of people) {
    try {
      await api.requestReviewers(pr, pr.number, [person])
      core.info(`Asked ${external(person, 60)} to review ${where}.`)
    } catch (error) {
      core.warning(
        `Could not ask ${external(person, 60)} to review ${where} (reviewers: author): ` +
          `${external(getErrorMessage(error), 300)}. A reviewer must be a collaborator of that ` +
          `repository, and not the pull request's author; the pull request is not affected.`,
      )
    }
  }
}

/** The GitHub side of the docs repository, when the agent's pull request lives in another one (docs-token). */
export type DocsOpener = () => Promise<{ api: GitHubPort; identity: string | undefined }>

/**
 * Keeps a tracking comment on the job's pull request too (unless it is the thread itself): with this
 * run's token here, with `docs` (docs-token) in the docs' own repository, else one notice. Once per
 * job and pull request.
 */
export async function linkPullRequest(
  api: GitHubPort,
  identity: string | undefined,
  run: RunContext,
  report: JobEnd,
  from: Thread,
  writer: TrackingWriter,
  signal: AbortSignal,
  docs?: DocsOpener,
  reviewers: readonly string[] = [],
): Promise<void> {
  const jobId = report.jobId
  const here = pullRequestHere(report.job?.prLink, run)
  const elsewhere = here === undefined ? parsePullLink(report.job?.prLink) : undefined
  if (
    !jobId ||
    (here === undefined && !elsewhere) ||
    (here !== undefined && from.isPullRequest && from.number === here)
  )
    return
  const origin = {
    url: from.url || `${run.serverUrl}/${run.owner}/${run.repo}/issues/${from.number}`,
    label: elsewhere ? `${run.owner}/${run.repo}#${from.number}` : describeThread(from),
  }
  if (elsewhere && !docs) {
    // the docs live in another repository: this token cannot write there, and nothing may be silent
    core.notice(
      `The agent's pull request is in ` +
        `${external(`${elsewhere.owner}/${elsewhere.repo}`, 140)}, not ` +
        `${external(`${run.owner}/${run.repo}`, 140)}: github-token writes only to this ` +
        `repository, so that pull request gets no tracking comment, and a /docs comment ` +
        `there cannot find job ${external(jobId, 80)}. Give docs-token a token that can ` +
        `write there (docs/docs-repository.md); the comment here links it.`,
    )
    return
  }
  const where = elsewhere ? `${elsewhere.owner}/${elsewhere.repo}#${elsewhere.number}` : `#${here ?? ''}`
  const pr: Thread = {
    owner: elsewhere?.owner ?? run.owner,
    repo: elsewhere?.repo ?? run.repo,
    number: present(elsewhere?.number ?? here, "The agent's pull request number"),
    isPullRequest: true,
    title: '',
    url: report.job?.prLink ?? '',
  }
  try {
    const side = elsewhere && docs ? await docs() : { api, identity }
    const tracking = await TrackingComment.open(side.api, pr, side.identity, writer, signal)
    if (tracking.state.job === jobId) return
    await tracking.update(
      (state) => ({ ...state, job: jobId, prLink: report.job?.prLink ?? undefined, origin }),
      report.job?.status,
    )
    // once per job and pull request, as the comment: the people whose change or words started it
    if (reviewers.length > 0) await requestReviews(side.api, pr, reviewers)
  } catch (error) {
    core.warning(
      `Could not link pull request ${external(where, 160)} to job ${external(jobId, 80)}: ` +
        `${external(getErrorMessage(error), 300)}. Review comments there will start a new job.`,
    )
  }
}
