import * as core from '../util/actions-core.js'
import type { Thread } from '../github/comment-event.js'
import type { ImpactState } from './memory.js'
import { type GitHubPort, type Repo, fullName, sameLogin, statusOf } from '../github/port.js'
import { pullKey } from '../github/pull-link.js'
import { IMPACT_COMMENT_MARKER, type ImpactMeasured, digestOf, renderImpactComment } from './impact-report.js'
import { type GapRecord, type SearchedGap, closedGaps, searchedGaps } from './gaps.js'
import type { DocsRepo, ImpactSettings } from './impact-run.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count } from '../util/format.js'

/**
 * The health run's last step with impact on: once the issue is written, one comment on each measured
 * docs pull request with its figures, found again by its own marker and edited only when they change.
 */

/** Comments one run writes. */
const COMMENTS = 5

/** Comments the measured pull requests (impact-comment): how many were written, so the issue keeps their ids. */
export async function commentMeasured(
  impact: ImpactMeasured,
  settings: ImpactSettings,
  docs: DocsRepo,
  writer: { api: GitHubPort; identity: string | undefined; issueUrl: string | undefined },
  records: readonly GapRecord[],
): Promise<number> {
  const uncommented = impact.state.pulls.filter((p) => p.figures && !p.comment)
  if (settings.comment && docs.canWrite) {
    const done = await commentImpact({
      state: impact.state,
      settings,
      repo: docs.repo,
      port: docs.port,
      identity: docs.port === writer.api ? writer.identity : await docs.port.identity(),
      issueUrl: writer.issueUrl,
      gaps: closedGaps(records),
      answers: searchedGaps(records),
    })
    for (const w of done.warnings) core.warning(w)
    return done.written
  }
  if (settings.comment && uncommented.length > 0) {
    core.notice(
      `${count(uncommented.length, 'measured pull request')} of ${docs.repo.owner}/${docs.repo.repo} got no comment: ` +
        'it is not this repository, and docs-token is empty. ' +
        'Give docs-token (a token that can write pull requests there) to comment the figures.',
    )
  }
  return 0
}

/**
 * One comment on each measured pull request, linking to the issue: created once, edited when the
 * figures changed. Returns how many were written; the state keeps each one's id and digest.
 */
async function commentImpact(o: {
  state: ImpactState
  settings: ImpactSettings
  repo: Repo
  port: GitHubPort
  identity: string | undefined
  issueUrl: string | undefined
  /** The gaps each pull request closed, by its pullKey. */
  gaps: ReadonlyMap<string, string[]>
  /** The gaps each pull request's job was for, searched again once it shipped, by its pullKey. */
  answers?: ReadonlyMap<string, SearchedGap[]>
}): Promise<{ written: number; warnings: string[] }> {
  const { state, settings, port, repo } = o
  const warnings: string[] = []
  let written = 0
  // the pull requests still waiting for their comment first, newest first; then corrections
  const order = [...state.pulls].sort(
    (a, b) => Number(a.comment !== undefined) - Number(b.comment !== undefined) || b.mergedAt.localeCompare(a.mergedAt),
  )
  for (const pull of order) {
    if (!pull.figures || written >= COMMENTS) continue
    const key = pullKey(pull.url)
    const body = renderImpactComment(pull, state.impactWeeks, o.gaps.get(key) ?? [], o.issueUrl, o.answers?.get(key))
    const digest = digestOf(body)
    if (pull.comment?.digest === digest) continue
    const thread: Thread = { ...repo, number: pull.number, isPullRequest: true, title: pull.title, url: pull.url }
    try {
      let id = pull.comment?.id
      if (id === undefined) {
        const ours = (await port.listComments(thread)).find(
          (c) => c.body.startsWith(IMPACT_COMMENT_MARKER) && (!o.identity || sameLogin(c.author, o.identity)),
        )
        id = ours?.id
        if (ours && digestOf(ours.body) === digest) {
          pull.comment = { id: ours.id, digest }
          continue
        }
      }
      if (id === undefined) {
        id = (await port.createComment(thread, body)).id
        core.info(`Commented the figures on ${fullName(repo)}#${pull.number}.`)
      } else {
        try {
          await port.updateComment(thread, id, body)
          core.info(`Updated the figures in the comment on ${fullName(repo)}#${pull.number}.`)
        } catch (error) {
          if (statusOf(error) !== 404) throw error
          // someone deleted it: that is respected, and it is not written again
          core.info(`The comment on ${fullName(repo)}#${pull.number} was deleted; it is not written again.`)
        }
      }
      pull.comment = { id, digest }
      written++
    } catch (error) {
      if (error instanceof CancelledError) throw error
      warnings.push(
        `Could not comment on ${fullName(repo)}#${pull.number}: ${getErrorMessage(error)} ` +
          `(${settings.docsToken ? 'docs-token' : 'github-token'} needs "pull-requests: write" there).`,
      )
      break
    }
  }
  return { written, warnings }
}
