import * as core from '../util/actions-core.js'
import type { Clock } from '../util/clock.js'
import { getErrorMessage } from '../util/errors.js'
import { type GitHubPort, type Issue, type Repo, sameLogin, statusOf } from '../github/port.js'
import type { GapRecord } from './gaps.js'
import type { HealthSettings } from './inputs.js'
import { type HealthPage, healthTitle, renderHealthBody, renderHealthFailure, viewOf } from './issue-body.js'
import { HEALTH_MARKER, type HealthState, type ImpactState, decodeHealthState, decodeImpactState } from './memory.js'
import type { ModeContext, Report } from '../modes/context.js'

/**
 * The one docs-health issue a repository keeps: found by its label and hidden marker, written only
 * by the action's identity, created once and then edited. Its body is its memory (memory.ts).
 * Never two:
 * - the oldest open one wins, should a person have copied it; a closed one is reopened, so its
 *   history and subscribers stay;
 * - the first creation is claimed by creating the label: GitHub answers 201 to one creator and 422
 *   to the rest, who look again and edit what the winner made;
 * - a create whose answer was lost is never sent again: the run looks for the issue naming its link.
 */

const LABEL_COLOR = '0e8a16'
const LABEL_DESCRIPTION = 'Kept by the Mintlify docs health action: the docs trend and reader gaps'
/** Issues with the label that one run reads to find its own (GitHub's list pages are 100). */
const LISTED = 300
const CLAIM_WAITS_MS = [5_000, 10_000, 20_000]

export interface HealthIssueFound {
  /** The issue to keep: the oldest open one, else the newest closed one (to reopen). */
  issue: Issue | undefined
  /** The issue is closed and must be reopened. */
  closed: boolean
}

/** The health issue: label, marker, and written by `identity` (anyone else's copy is not trusted). */
export async function findHealthIssue(
  api: GitHubPort,
  repo: Repo,
  label: string,
  identity: string | undefined,
): Promise<HealthIssueFound> {
  const ours = (await api.listIssues(repo, label, LISTED)).filter(
    (i) => i.body.includes(HEALTH_MARKER) && (!identity || sameLogin(i.author, identity)),
  )
  const open = ours.find((i) => i.open)
  if (open) return { issue: open, closed: false }
  const closed = ours.at(-1)
  return { issue: closed, closed: closed !== undefined }
}

export interface CreateOptions {
  api: GitHubPort
  repo: Repo
  label: string
  identity: string | undefined
  title: string
  body: string
  /** This run's link, in the body: how a lost create is found again (none known: never found again). */
  runUrl: string | undefined
  clock: Clock
  signal?: AbortSignal
  log: (message: string) => void
}

/** Creates the health issue once (see the module's comment for the claim and the lost create). */
export async function createHealthIssue(o: CreateOptions): Promise<{ issue: Issue; created: boolean }> {
  let claim: 'created' | 'existed' = 'created'
  try {
    claim = await o.api.createLabel(o.repo, o.label, LABEL_COLOR, LABEL_DESCRIPTION)
  } catch (error) {
    // no claim to be had (a token that cannot create labels): create, as a run without a race would
    o.log(`Could not create the label ${o.label} (${getErrorMessage(error)}); creating the issue without the claim.`)
  }
  // a claim lost: the winner's issue, looked for once and after each wait
  for (let look = 0; claim === 'existed'; look++) {
    const found = await findHealthIssue(o.api, o.repo, o.label, o.identity)
    if (found.issue) return { issue: found.issue, created: false }
    const wait = CLAIM_WAITS_MS[look]
    if (wait === undefined) break
    o.log(
      `The label ${o.label} exists but no health issue yet (another run may be creating ` +
        `it): looking again in ${wait / 1000} s.`,
    )
    await o.clock.sleep(wait, o.signal)
  }
  try {
    return { issue: await o.api.createIssue(o.repo, o.title, o.body, o.label), created: true }
  } catch (error) {
    const status = statusOf(error)
    if (status !== undefined && status < 500) throw error
    // the answer may be lost after GitHub made it: look for this run's issue before anything else
    const runUrl = o.runUrl
    const again = runUrl
      ? (await o.api.listIssues(o.repo, o.label, LISTED)).find(
          (i) =>
            i.body.includes(HEALTH_MARKER) &&
            i.body.includes(`"${runUrl}"`) &&
            (!o.identity || sameLogin(i.author, o.identity)),
        )
      : undefined
    if (again) {
      o.log(`The create's answer was lost, but GitHub made the issue: #${again.number}.`)
      return { issue: again, created: true }
    }
    throw error
  }
}

/** The health issue a run keeps: opened once with its memory read, then written through one verb. */
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
    const issue = new HealthIssue(api, identity, { repo, label }, project, ctx, found, !!settings.health.impact)
    for (const name of settings.health.unapplied)
      core.warning(
        name === 'max-searches'
          ? 'Input "max-searches" is read only with assistant-key and domain (nothing is searched), so it was ignored.'
          : `Input "${name}" is not read with impact: off, so it was ignored.`,
      )
    return issue
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
