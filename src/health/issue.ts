import * as core from '../util/actions-core.js'
import { getErrorMessage } from '../util/errors.js'
import { type HealthIssueFound, createHealthIssue, findHealthIssue } from './issue-github.js'
import type { GitHubPort, Issue, Repo } from '../github/port.js'
import type { GapRecord } from './gaps.js'
import type { HealthSettings } from './inputs.js'
import { type HealthPage, healthTitle, renderHealthBody, renderHealthFailure, viewOf } from './issue-body.js'
import { type HealthState, type ImpactState, decodeHealthState, decodeImpactState } from './memory.js'
import type { ModeContext, Report } from '../modes/context.js'

/**
 * The docs-health issue as one run keeps it: opened once with its memory read, then written
 * through one verb. Finding it and creating it once, never two, is issue-github.ts.
 */

/** One run's health issue: what it found, the memory it read, its notes, and the verb that writes it. */
export class HealthIssue {
  private constructor(
    /** The token's client, and who it writes as (its login; undefined where GitHub does not say). */
    readonly api: GitHubPort,
    readonly identity: string | undefined,
    private readonly at: { repo: Repo; label: string },
    /** The project and the run the issue is kept for (what its view shows of them). */
    readonly projectId: string,
    readonly ctx: ModeContext,
    found: HealthIssueFound,
    /** Whether the run measures the docs changes (impact: on): their memory is read too. */
    impact: boolean,
  ) {
    this.kept = found.issue
    this.wasClosed = found.closed
    this.reopen = found.closed
    ;({ memory: this.memory, priorImpact: this.priorImpact } = readMemory(found.issue, projectId, impact, this.notes))
  }

  /** The issue found, then the one this run wrote; undefined when there is none yet. */
  kept: Issue | undefined
  /** Whether it was found closed: the first write reopens it. */
  readonly wasClosed: boolean
  /** Its memory as found: the trend's weeks and the gaps. */
  readonly memory: HealthState
  /** Its memory of the docs pull requests measured (impact: on). */
  readonly priorImpact: ImpactState | undefined
  /** What the run says on the issue and in its summary, in the order it learns it. */
  readonly notes: string[] = []

  /** Whether the next write reopens it. */
  private reopen: boolean

  /** Finds the issue and reads its memory; or the run's failure, when the issues cannot be listed. */
  static async open(
    settings: HealthSettings,
    api: GitHubPort,
    repo: Repo,
    ctx: ModeContext,
  ): Promise<HealthIssue | { failure: Report }> {
    const { label } = settings.health
    const project = settings.projectId
    const identity = await api.identity()
    let found: HealthIssueFound
    try {
      found = await findHealthIssue(api, repo, label, identity)
    } catch (error) {
      const message =
        `Could not list the issues labelled ${label}: ${getErrorMessage(error)}. Nothing ` +
        `was fetched or written (the workflow needs "issues: write").`
      return { failure: { summary: renderHealthFailure(message), ending: { level: 'failure', message } } }
    }
    return new HealthIssue(api, identity, { repo, label }, project, ctx, found, !!settings.health.impact)
  }

  /**
   * Writes this run's page and gaps: a new issue, or an edit (reopened the first time, if closed).
   * Returns the gaps as the body keeps them (a body over GitHub's limit drops the oldest).
   */
  async write(page: HealthPage, records: readonly GapRecord[]): Promise<GapRecord[]> {
    const { api, projectId: project, ctx } = this
    const { repo, label } = this.at
    const memory = { project, weeks: page.shown.weeks, gaps: [...records] }
    const rendered = renderHealthBody(viewOf(page, records, this), memory, page.impact?.state)
    if (page.impact && rendered.impact) page.impact.state = rendered.impact
    const body = rendered.body
    if (!this.kept) {
      const made = await createHealthIssue({
        api,
        repo,
        label,
        identity: this.identity,
        title: healthTitle(project),
        body,
        runUrl: ctx.run.runUrl,
        clock: ctx.clock,
        signal: ctx.signal,
        log: (m) => core.info(m),
      })
      // another run's issue: this run's body replaces it
      if (!made.created) await api.updateIssue(repo, made.issue.number, { body })
      this.kept = made.issue
    } else {
      await api.updateIssue(repo, this.kept.number, { body, ...(this.reopen ? { open: true } : {}) })
    }
    this.reopen = false
    return rendered.state.gaps
  }
}

/** The memory in the issue's body, and a note for each part that could not be read. */
function readMemory(
  issue: Issue | undefined,
  project: string,
  impact: boolean,
  notes: string[],
): { memory: HealthState; priorImpact: ImpactState | undefined } {
  let state: HealthState = { project, weeks: [], gaps: [] }
  if (issue) {
    const decoded = decodeHealthState(issue.body, project)
    if ('state' in decoded) state = decoded.state
    else {
      const why = 'broken' in decoded ? decoded.broken : 'it has no hidden state'
      notes.push(
        `The issue's memory could not be read: ${why}. It was rebuilt from the service: the ` +
          `trend from the weeks fetched now, and every gap counts as new.`,
      )
      core.notice(`Health issue #${issue.number}: ${why}. Rebuilt from the service.`)
    }
  }

  let priorImpact: ImpactState | undefined
  if (issue && impact) {
    const decoded = decodeImpactState(issue.body)
    if ('state' in decoded) priorImpact = decoded.state
    else if ('broken' in decoded)
      notes.push(
        `The issue's memory of the docs changes could not be read: ${decoded.broken}. The ` +
          `pull requests are measured again from the start.`,
      )
  }
  return { memory: state, priorImpact }
}
