import { deflateRawSync, inflateRawSync } from 'node:zlib'
import * as z from 'zod/mini'
import type { Clock } from '../util/clock.js'
import { getErrorMessage } from '../util/errors.js'
import { type GitHubPort, type Issue, type Repo, sameLogin, statusOf } from '../github/port.js'

/**
 * The one docs-health issue a repository keeps (`mode: health`): found by its label and its hidden
 * marker, written only by the action's own identity; created once, then edited in place. Its body is
 * its memory: the weekly totals and the gaps, as base64 JSON in an HTML comment (nothing in it can
 * close the comment or show), validated on read like any API answer.
 *
 * Never two:
 * - runs in a row find the issue by label and marker (the oldest open one wins, should a person have
 *   copied it);
 * - a closed one (a person closed it) is reopened, so its history, links and subscribers stay;
 * - the first creation is claimed by creating the label: GitHub answers 201 to one creator and 422
 *   (already_exists) to the rest, so of two runs racing only one creates the issue, and the other
 *   looks again (three times, 5, 10 and 20 s apart) and edits it. When the label already existed
 *   (made by hand) and no issue appears, the run creates it;
 * - a create whose answer was lost (a 5xx, a dropped connection) is never sent again: the run looks
 *   for an issue with the marker that names this run's link, as the tracking comment does.
 */

export const HEALTH_MARKER = '<!-- mintlify-docs-action:health -->'
const STATE_MARKER = /<!-- mintlify-docs-action:health-state v1 ([A-Za-z0-9+/=]+) -->/
const LABEL_COLOR = '0e8a16'
const LABEL_DESCRIPTION = 'Kept by the Mintlify docs health action: the docs trend and reader gaps'
/** Issues with the label that one run reads to find its own (GitHub's list pages are 100). */
const LISTED = 300
const CLAIM_WAITS_MS = [5_000, 10_000, 20_000]

// plain types only (the few extra rules are checked after parsing, in decodeHealthState): zod's
// check helpers would pull their code into the entry chunk that every run loads
const weekSchema = z.object({
  start: z.string(),
  human: z.number(),
  ai: z.number(),
  visitors: z.number(),
  views: z.number(),
  /** Assistant queries by caller that week (web, API, other), once read. */
  callers: z.optional(z.object({ web: z.number(), api: z.number(), other: z.number(), total: z.number() })),
})
const searchSchema = z.object({ at: z.string(), paths: z.array(z.string()) })
const jobSchema = z.object({
  id: z.string(),
  status: z.string(),
  prLink: z.optional(z.string()),
  merged: z.optional(z.boolean()),
  mergedAt: z.optional(z.string()),
  mergedSeen: z.optional(z.string()),
  baseline: z.optional(searchSchema),
  answer: z.optional(
    z.object({
      at: z.string(),
      paths: z.array(z.string()),
      verdict: z.enum(['answered', 'moved', 'still-missing']),
      page: z.optional(z.string()),
      rank: z.optional(z.number()),
    }),
  ),
})
const gapSchema = z.object({
  key: z.string(),
  kind: z.enum(['search', 'question', 'page']),
  text: z.string(),
  weight: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  runs: z.number(),
  gone: z.optional(z.string()),
  job: z.optional(jobSchema),
})
const stateSchema = z.object({
  /** The project the state is about: another project's state is not this one's memory. */
  project: z.string(),
  weeks: z.array(weekSchema),
  gaps: z.array(gapSchema),
})
export type HealthState = z.infer<typeof stateSchema>

export function encodeHealthState(state: HealthState): string {
  return (
    `<!-- mintlify-docs-action:health-state v1 ` +
    `${Buffer.from(JSON.stringify(state), 'utf8').toString('base64')} -->`
  )
}

/** The state in a body: `state`, or why it cannot be used (`broken`), or `absent`. */
export function decodeHealthState(
  body: string,
  project: string,
): { state: HealthState } | { broken: string } | { absent: true } {
  const encoded = STATE_MARKER.exec(body)?.[1]
  if (encoded === undefined)
    return body.includes('mintlify-docs-action:health-state')
      ? { broken: 'its hidden state is not readable (edited by hand?)' }
      : { absent: true }
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
  } catch {
    return { broken: 'its hidden state is not valid JSON (edited by hand?)' }
  }
  const parsed = stateSchema.safeParse(json)
  if (!parsed.success)
    return {
      broken:
        `its hidden state does not read ` +
        `(${parsed.error.issues[0]?.path.join('.') || 'the whole'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
    }
  if (parsed.data.project !== project)
    return { broken: `its hidden state is about another project (${parsed.data.project.slice(0, 80)})` }
  const badWeek = parsed.data.weeks.findIndex((w) => !/^\d{4}-\d{2}-\d{2}$/.test(w.start))
  if (badWeek >= 0) return { broken: `its hidden state does not read (weeks.${badWeek}.start: not a YYYY-MM-DD day)` }
  const badGap = parsed.data.gaps.findIndex((g) => !Number.isInteger(g.runs) || g.runs < 1)
  if (badGap >= 0)
    return { broken: `its hidden state does not read (gaps.${badGap}.runs: not a whole number of weeks)` }
  return { state: parsed.data }
}

// ---- "did the docs change help": the pull requests followed and their weeks ----

const IMPACT_MARKER = /<!-- mintlify-docs-action:impact-state v1 ([A-Za-z0-9+/=]+) -->/
const pair = z.tuple([z.number(), z.number()])
const countsSchema = z.object({
  human: z.number(),
  ai: z.number(),
  up: z.optional(z.number()),
  down: z.optional(z.number()),
})
const figuresSchema = z.object({
  before: z.optional(countsSchema),
  after: z.optional(countsSchema),
  site: z.optional(z.object({ before: z.number(), after: z.number() })),
  pages: z.array(
    z.object({
      path: z.string(),
      served: z.optional(z.string()),
      added: z.optional(z.boolean()),
      before: z.optional(countsSchema),
      after: countsSchema,
    }),
  ),
})
const pullSchema = z.object({
  number: z.number(),
  url: z.string(),
  title: z.string(),
  mergedAt: z.string(),
  agent: z.optional(z.boolean()),
  pages: z.array(z.object({ path: z.string(), added: z.optional(z.boolean()), previous: z.optional(z.string()) })),
  morePages: z.optional(z.number()),
  other: z.array(z.string()),
  moreOther: z.optional(z.number()),
  removed: z.optional(z.array(z.string())),
  figures: z.optional(figuresSchema),
  comment: z.optional(z.object({ id: z.number(), digest: z.string() })),
})
const impactWeekSchema = z.object({
  start: z.string(),
  site: pair,
  views: z.record(z.string(), pair),
  thumbs: z.record(z.string(), pair),
  thumbsWhole: z.boolean(),
  covered: z.array(z.string()),
  prefix: z.string(),
})
const impactSchema = z.object({
  /** The docs repository and the window length the figures are about: another's are not this memory. */
  repository: z.string(),
  impactWeeks: z.number(),
  /** The folder of docs.json found in the docs repository (when docs-root is not given). */
  root: z.optional(z.string()),
  pulls: z.array(pullSchema),
  /** Merged pull requests looked at that changed no page (not looked at again). */
  skipped: z.array(z.number()),
  /** Those of them still in the trend's weeks, as the issue lists them (absent in a memory from before 1.1.0). */
  noPage: z.optional(
    z.array(
      z.object({
        number: z.number(),
        url: z.string(),
        title: z.string(),
        mergedAt: z.string(),
        other: z.array(z.string()),
        moreOther: z.optional(z.number()),
      }),
    ),
  ),
  weeks: z.array(impactWeekSchema),
  /** The site's pages the last week read had: how many views requests a week costs. */
  sitePages: z.optional(z.number()),
})
export type ImpactState = z.infer<typeof impactSchema>

/** Compressed: the weekly figures of the followed pages repeat paths that deflate well. */
export function encodeImpactState(state: ImpactState): string {
  return (
    `<!-- mintlify-docs-action:impact-state v1 ` +
    `${deflateRawSync(Buffer.from(JSON.stringify(state), 'utf8')).toString('base64')} -->`
  )
}

/** The impact memory in a body, or why it cannot be used. */
export function decodeImpactState(body: string): { state: ImpactState } | { broken: string } | { absent: true } {
  const encoded = IMPACT_MARKER.exec(body)?.[1]
  if (encoded === undefined)
    return body.includes('mintlify-docs-action:impact-state')
      ? { broken: 'its hidden figures of the docs changes are not readable (edited by hand?)' }
      : { absent: true }
  let json: unknown
  try {
    json = JSON.parse(inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8'))
  } catch {
    return { broken: 'its hidden figures of the docs changes are not readable (edited by hand?)' }
  }
  const parsed = impactSchema.safeParse(json)
  if (!parsed.success)
    return {
      broken:
        `its hidden figures of the docs changes do not read ` +
        `(${parsed.error.issues[0]?.path.join('.') || 'the whole'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
    }
  return { state: parsed.data }
}

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
  if (claim === 'existed') {
    for (const wait of CLAIM_WAITS_MS) {
      const found = await findHealthIssue(o.api, o.repo, o.label, o.identity)
      if (found.issue) return { issue: found.issue, created: false }
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
