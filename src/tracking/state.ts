import * as z from 'zod/mini'
import { pageSchema } from '../site/pull-pages.js'

/**
 * What the tracking comment remembers in its hidden marker: the thread's job, its pull request, the
 * instructions and their results, the newest comment dealt with, the label. Base64 JSON inside an
 * HTML comment, so no text can close it; validated on reading, like any API answer.
 */

/** Every comment the action writes starts with this; a comment carrying it is never an instruction. */
const MARKER_PREFIX = '<!-- mintlify-docs-action'
const STATE_MARKER = /<!-- mintlify-docs-action:thread v1 ([A-Za-z0-9+/=]+) -->/

/** The marker of a reply in a review thread (carries no state). */
export const REPLY_MARKER = `${MARKER_PREFIX}:reply -->`

/** How many instructions a tracking comment lists; older ones drop off. */
export const MAX_ENTRIES = 10

/** The most instructions one run sends (its own among them); its entry lists the ones left out. */
export const MAX_INSTRUCTIONS = 10

/** How much of each instruction the comment shows. */
export const ENTRY_INSTRUCTION_CHARS = 500

const entrySchema = z.object({
  at: z.string(),
  by: z.string(),
  instruction: z.string(),
  source: z.string(),
  result: z.string(),
  prLink: z.optional(z.string()),
  /** The run that wrote it; absent when the run's page is not known (a hand run). */
  runUrl: z.optional(z.string()),
  /** What went wrong or what to do next (a timeout's resume hint, an API error). */
  note: z.optional(z.string()),
  /** The issue comment the instruction came from (ids only grow on GitHub). */
  comment: z.optional(z.number()),
  /** The instruction is the action's description of what it sent (a change, an automation), not a person's words: never shown as a quote. */
  described: z.optional(z.boolean()),
  /** Earlier instructions this run left out (more were waiting than one run sends): each must be written again. */
  left: z.optional(z.array(z.object({ by: z.string(), url: z.string(), at: z.string() }))),
})
export type TrackingEntry = z.infer<typeof entrySchema>

const stateSchema = z.object({
  job: z.optional(z.string()),
  prLink: z.optional(z.string()),
  origin: z.optional(z.object({ url: z.string(), label: z.string() })),
  entries: z.array(entrySchema),
  /** The newest comment a run dealt with: the next run catches up after it (comment ids only grow). */
  lastComment: z.optional(z.number()),
  /** The status label the action last put on the thread (status-labels). */
  label: z.optional(z.string()),
  /** The code head the last instruction described (changes with continue-thread). */
  head: z.optional(z.string()),
  /** When the code pull request merged, and whether its docs pull request was still open then. */
  merged: z.optional(z.object({ at: z.string(), docsOpen: z.optional(z.boolean()) })),
  /**
   * The check's fix rounds on this pull request, each with its head (never two for one). `sending` is
   * the claim that keeps a second run from sending too: dropped once sent, removed if it failed.
   */
  fixes: z.optional(
    z.array(z.object({ head: z.string(), round: z.number(), at: z.string(), sending: z.optional(z.boolean()) })),
  ),
  /** The newest deployment a run started from this thread (deploy, preview modes). */
  deployment: z.optional(
    z.object({
      preview: z.boolean(),
      id: z.string(),
      status: z.optional(z.string()),
      url: z.optional(z.string()),
      screenshot: z.optional(z.string()),
      runUrl: z.optional(z.string()),
      /** The pull request's pages, the first COMMENT_ROWS of them (the run's summary has every one). */
      pages: z.optional(z.object({ total: z.number(), shown: z.array(pageSchema) })),
    }),
  ),
})
export type TrackingState = z.infer<typeof stateSchema>

export function carriesMarker(body: string): boolean {
  return body.includes(MARKER_PREFIX)
}

export function encodeState(state: TrackingState): string {
  const bounded: TrackingState = { ...state, entries: state.entries.slice(0, MAX_ENTRIES) }
  return `${MARKER_PREFIX}:thread v1 ${Buffer.from(JSON.stringify(bounded), 'utf8').toString('base64')} -->`
}

/** The state in a comment body, or undefined when it has none or it does not read. */
export function decodeState(body: string): TrackingState | undefined {
  const encoded = STATE_MARKER.exec(body)?.[1]
  if (encoded === undefined) return undefined
  try {
    const parsed = stateSchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** Whether two records name the same run: only a known run page matches (two hand runs are not one run). */
export function sameRun(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && a !== '' && a === b
}
