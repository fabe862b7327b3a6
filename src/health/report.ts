import * as core from '../util/actions-core.js'
import type { Issue } from '../github/port.js'
import { getErrorMessage } from '../util/errors.js'
import type { ModeContext, Report } from '../modes/context.js'
import type { GapRecord } from './gaps.js'
import { type HealthView, renderHealthSummary } from './issue-body.js'
import { impactOutput } from './impact-report.js'
import type { ImpactMeasured } from './impact-report.js'
import { answersOutput } from './answers-run.js'

/**
 * How a health run ends: its outputs, its summary and how the step ends, the issue written (finish)
 * or not (failed).
 */

/** The end of a run that kept the issue: the outputs, the summary and how the step ends. */
export function finish(
  ctx: ModeContext,
  shown: HealthView,
  kept: {
    issue: Issue | undefined
    started: string[]
    impact: ImpactMeasured | undefined
    reopened: boolean
    /** The gaps as the issue keeps them, with what the search answers (set when the run searched). */
    answered: readonly GapRecord[] | undefined
    /** Why the trend's fetch stopped early, if it did. */
    stopped: string | undefined
  },
): Report {
  const { issue, started, impact } = kept
  if (kept.answered) ctx.outputs.set('answers-json', JSON.stringify(answersOutput(kept.answered)))
  ctx.outputs.set('issue-number', issue?.number)
  ctx.outputs.set('issue-url', issue?.url)
  ctx.outputs.set('new-gaps', shown.fresh.length)
  ctx.outputs.set('persisting-gaps', shown.persisting.length)
  ctx.outputs.set('gone-gaps', shown.gone.length)
  ctx.outputs.set('jobs-created', JSON.stringify(started))
  if (impact) ctx.outputs.set('impact-json', JSON.stringify(impactOutput(impact.state, impact.view.counted)))
  if (kept.reopened && issue) core.info(`Reopened the health issue #${issue.number}: it had been closed.`)
  const summary = renderHealthSummary(shown, issue, started)
  // a request that failed (not the budget running out) is worth a warning; the issue was still kept
  const failed = kept.stopped !== undefined && !/max-requests/.test(kept.stopped)
  return {
    summary,
    ending: failed
      ? {
          level: 'warning',
          message:
            `Some weeks of the trend could not be fetched: ${kept.stopped ?? 'stopped early'}. ` +
            `The issue was kept${issue ? `: ${issue.url}` : '.'}`,
        }
      : { level: 'notice', message: `Docs health: ${issue?.url ?? ''}` },
  }
}

/** The end of a run whose issue could not be written: the jobs it started, and the failure. */
export function failed(ctx: ModeContext, shown: HealthView, started: readonly string[], error: unknown): Report {
  const message = `Could not write the health issue: ${getErrorMessage(error)}`
  ctx.outputs.set('jobs-created', JSON.stringify(started))
  return { summary: renderHealthSummary(shown, undefined, [...started]), ending: { level: 'failure', message } }
}
