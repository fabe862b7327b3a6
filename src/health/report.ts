import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import type { Report } from '../modes/context.js'
import type { GapRecord } from './gaps.js'
import type { HealthIssue } from './issue.js'
import { type HealthPage, renderHealthSummary, viewOf } from './issue-body.js'
import { impactOutput } from './impact-report.js'

/** How a health run ends: its outputs, its summary and how the step ends, the issue written or not. */

/** The end of a run: the outputs, the summary and how the step ends. */
export function finish(
  health: HealthIssue,
  page: HealthPage,
  records: readonly GapRecord[],
  run: {
    started: string[]
    /** Whether the run searched: the gaps' answers are an output. */
    answered: boolean
    /** Why the trend's fetch stopped early, if it did. */
    stopped: string | undefined
    /** Why the issue could not be written, if it could not: the jobs started are the only output. */
    failed?: { error: unknown }
  },
): Report {
  const { ctx, kept: issue } = health
  const { started, failed } = run
  const { impact } = page
  if (run.answered && !failed) ctx.outputs.set('answers-json', JSON.stringify(answersOutput(records)))
  const shown = viewOf(page, records, health)
  if (failed) {
    ctx.outputs.set('jobs-created', JSON.stringify(started))
    const message = `Could not write the health issue: ${getErrorMessage(failed.error)}`
    return { summary: renderHealthSummary(shown, undefined, [...started]), ending: { level: 'failure', message } }
  }
  ctx.outputs.set('issue-number', issue?.number)
  ctx.outputs.set('issue-url', issue?.url)
  ctx.outputs.set('new-gaps', shown.fresh.length)
  ctx.outputs.set('persisting-gaps', shown.persisting.length)
  ctx.outputs.set('gone-gaps', shown.gone.length)
  ctx.outputs.set('jobs-created', JSON.stringify(started))
  if (impact) ctx.outputs.set('impact-json', JSON.stringify(impactOutput(impact.state, impact.view.counted)))
  if (health.wasClosed && issue) core.info(`Reopened the health issue #${issue.number}: it had been closed.`)
  const summary = renderHealthSummary(shown, issue, started)
  // a request that failed (not the budget running out) is worth a warning; the issue was still kept
  const cutShort = run.stopped !== undefined && !/max-requests/.test(run.stopped)
  return {
    summary,
    ending: cutShort
      ? {
          level: 'warning',
          message:
            `Some weeks of the trend could not be fetched: ${run.stopped ?? 'stopped early'}. ` +
            `The issue was kept${issue ? `: ${issue.url}` : '.'}`,
        }
      : { level: 'notice', message: `Docs health: ${issue?.url ?? ''}` },
  }
}

/** answers-json: every gap searched again once its change shipped, with the verdict. */
function answersOutput(records: readonly GapRecord[]): unknown[] {
  return records.flatMap((r) =>
    r.job?.answer
      ? [
          {
            kind: r.kind,
            query: r.text,
            job: r.job.id,
            prLink: r.job.prLink,
            baseline: r.job.baseline ?? null,
            after: { at: r.job.answer.at, paths: r.job.answer.paths },
            verdict: r.job.answer.verdict,
            ...(r.job.answer.page ? { page: r.job.answer.page, rank: r.job.answer.rank } : {}),
          },
        ]
      : [],
  )
}
