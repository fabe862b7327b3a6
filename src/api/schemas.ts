import * as z from 'zod/mini'

/**
 * Response shapes. Tolerant by design: unknown fields are kept and ignored, and no field the
 * vendor marks optional is required. Only `id` and `status` are needed to follow a job.
 */
const optionalText = z.catch(z.nullish(z.string()), undefined)

export const jobSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  status: z.string().check(z.minLength(1)),
  source: z.catch(z.nullish(z.looseObject({ repository: optionalText, ref: optionalText })), undefined),
  model: optionalText,
  prLink: optionalText,
  createdAt: optionalText,
  archivedAt: optionalText,
})

export type Job = z.infer<typeof jobSchema>

/** The statuses that end a wait. Anything else, known or not, means "still running". */
export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number]

export function isTerminal(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status)
}

const loose = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined)

/** The API's error body: `{"error": string, "details"?: [{"message": string}]}`. */
export const errorBodySchema = z.looseObject({
  error: loose(z.string()),
  message: loose(z.string()),
  details: loose(z.array(z.looseObject({ message: loose(z.string()) }))),
})

const count = z.number().check(z.nonnegative())

export const visitorRowSchema = z.looseObject({ path: z.string(), human: count, ai: count, total: count })
export type VisitorRow = Pick<z.infer<typeof visitorRowSchema>, 'path' | 'human' | 'ai' | 'total'>

export const visitorTotalsSchema = z.looseObject({ human: count, ai: count, total: count })
export type VisitorTotals = Pick<z.infer<typeof visitorTotalsSchema>, 'human' | 'ai' | 'total'>

/** One page of the unique-visitors export. All fields are required by the vendor's reference. */
export const visitorsPageSchema = z.looseObject({
  totals: visitorTotalsSchema,
  visitors: z.array(visitorRowSchema),
  hasMore: z.boolean(),
})

/** One page of the page-views export: the same shape, its rows under `views`. */
export const viewsPageSchema = z.looseObject({
  totals: visitorTotalsSchema,
  views: z.array(visitorRowSchema),
  hasMore: z.boolean(),
})

/** The offset-paged traffic endpoints, and a page of either as the export reads it. */
export type TrafficKind = 'visitors' | 'views'
export interface TrafficPage {
  totals: VisitorTotals
  rows: VisitorRow[]
  hasMore: boolean
}

/** A schema problem in words: where, and what was wrong (zod/mini carries no English messages). */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.join('.') || 'body'
  if (issue.code === 'invalid_type') return `${where}: expected ${issue.expected}`
  if (issue.code === 'too_small') return `${where}: too small (minimum ${String(issue.minimum)})`
  return `${where}: ${issue.code}`
}
