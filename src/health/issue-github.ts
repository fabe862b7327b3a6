import type { Clock } from '../util/clock.js'
import { getErrorMessage } from '../util/errors.js'
import { type GitHubPort, type Issue, type Repo, sameLogin, statusOf } from '../github/port.js'
import { HEALTH_MARKER } from './memory.js'

/**
 * The one docs-health issue a repository keeps, found by its label and marker, written only by the
 * action's identity. Never two: the oldest open one wins (a closed one is reopened, its history
 * kept); creating the label claims the first creation (GitHub answers 201 to one run, 422 to the
 * rest, who edit the winner's); a create whose answer was lost is found by its run's link, not sent again.
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
  // a claim lost: the winner's issue, looked for at once and again after each wait
  for (const wait of claim === 'existed' ? [0, ...CLAIM_WAITS_MS] : []) {
    if (wait > 0) {
      o.log(
        `The label ${o.label} exists but no health issue yet (another run may be creating ` +
          `it): looking again in ${wait / 1000} s.`,
      )
      await o.clock.sleep(wait, o.signal)
    }
    const found = await findHealthIssue(o.api, o.repo, o.label, o.identity)
    if (found.issue) return { issue: found.issue, created: false }
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
