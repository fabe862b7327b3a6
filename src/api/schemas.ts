import { z } from 'zod'

/**
 * Response shapes. Tolerant by design: unknown fields are kept and ignored, and no field the
 * vendor marks optional is required. Only `id` and `status` are needed to follow a job.
 */
const optionalText = z.string().nullish().catch(undefined)

export const jobSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  source: z
    .looseObject({ repository: optionalText, ref: optionalText })
    .nullish()
    .catch(undefined),
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

/** The API's error body: `{"error": string, "details"?: [{"message": string}]}`. */
export const errorBodySchema = z.looseObject({
  error: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  details: z
    .array(z.looseObject({ message: z.string().optional().catch(undefined) }))
    .optional()
    .catch(undefined),
})

const count = z.number().finite().nonnegative()

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
export type VisitorsPage = z.infer<typeof visitorsPageSchema>
