import type { StatusLabels } from '../inputs/parsers.js'
import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import { type Thread, describeThread } from './comment-event.js'
import type { GitHubPort } from './port.js'

/**
 * `status-labels`: the thread's label says where its job stands, the one before removed (the last
 * set is in the thread's state). GitHub creates a missing label on adding it. A label that cannot be
 * written is one warning a run.
 */
export type LabelStage = keyof StatusLabels

export class StatusLabeler {
  private failed = false

  constructor(
    private readonly api: GitHubPort,
    private readonly thread: Thread,
    private readonly labels: StatusLabels,
  ) {}

  /** Sets the stage's label and removes `previous` (if another); returns the label now on the thread as far as it knows. */
  async set(stage: LabelStage, previous: string | undefined): Promise<string | undefined> {
    const label = this.labels[stage]
    if (this.failed) return previous
    try {
      if (previous?.toLowerCase() !== label.toLowerCase()) {
        await this.api.addLabels(this.thread, [label])
        if (previous) await this.api.removeLabel(this.thread, previous)
      }
      return label
    } catch (error) {
      this.failed = true
      core.warning(
        `Could not set the label "${external(label, 60)}" on ` +
          `${describeThread(this.thread)}: ${external(getErrorMessage(error), 300)}. The token ` +
          `needs "issues: write" (and "pull-requests: write" on a pull request). The ` +
          `instruction is not affected.`,
      )
      return previous
    }
  }
}

/** The label for how a run ended: done (completed, archived), working while the job runs, else failed. */
export function endStage(outcome: string): LabelStage {
  if (outcome === 'completed' || outcome === 'no-pr' || outcome === 'archived') return 'done'
  if (outcome === 'not-waited' || outcome === 'timeout') return 'working'
  return 'failed'
}
