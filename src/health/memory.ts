import { deflateRawSync, inflateRawSync } from 'node:zlib'
import * as z from 'zod/mini'

/** The health issue's memory, hidden in its body as base64 JSON, validated on reading like any API answer. */

/** The marker every health issue's body carries: how a run knows its own issue. */
export const HEALTH_MARKER = '<!-- mintlify-docs-action:health -->'
const STATE_MARKER = /<!-- mintlify-docs-action:health-state v1 ([A-Za-z0-9+/=]+) -->/

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
