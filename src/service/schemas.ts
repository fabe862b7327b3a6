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
const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const
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

const visitorRowSchema = z.looseObject({ path: z.string(), human: count, ai: count, total: count })
export type VisitorRow = Pick<z.infer<typeof visitorRowSchema>, 'path' | 'human' | 'ai' | 'total'>

const visitorTotalsSchema = z.looseObject({ human: count, ai: count, total: count })
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

// the gap endpoints: reader text kept as sent (hostile later); an unreadable item dropped, not the page
const text = z.catch(z.nullish(z.string()), undefined)
const number = z.catch(z.number(), 0)
/** An array whose unreadable items are dropped: one odd row must not lose the page. */
const items = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.array(z.unknown()),
    z.transform((list) =>
      list.flatMap((raw) => {
        const parsed = item.safeParse(raw)
        return parsed.success ? [parsed.data] : []
      }),
    ),
  )
const cursor = z.catch(z.nullish(z.string()), undefined)

const searchRowSchema = z.looseObject({
  searchQuery: z.string(),
  hits: number,
  ctr: number,
  topClickedPage: text,
  lastSearchedAt: text,
})
export type SearchRow = z.infer<typeof searchRowSchema>
/** `/searches`: cursor paging, no hasMore (repeat while nextCursor is a string). */
export const searchesPageSchema = z.looseObject({
  searches: items(searchRowSchema),
  totalSearches: z.catch(z.optional(z.number()), undefined),
  nextCursor: cursor,
})

const conversationSchema = z.looseObject({
  id: text,
  timestamp: text,
  query: z.string(),
  resolutionStatus: text,
  pageUrl: text,
  queryCategory: text,
})
export type Conversation = z.infer<typeof conversationSchema>
/** `/assistant`: one row per question asked; cursor paging with hasMore. */
export const assistantPageSchema = z.looseObject({
  conversations: items(conversationSchema),
  nextCursor: cursor,
  hasMore: z.catch(z.optional(z.boolean()), undefined),
})

const feedbackItemSchema = z.looseObject({
  id: text,
  path: text,
  comment: text,
  createdAt: text,
  source: text,
  status: text,
  helpful: z.catch(z.nullish(z.boolean()), undefined),
})
export type FeedbackItem = z.infer<typeof feedbackItemSchema>
/** `/feedback`: cursor paging with hasMore. */
export const feedbackPageSchema = z.looseObject({
  feedback: items(feedbackItemSchema),
  nextCursor: cursor,
  hasMore: z.catch(z.optional(z.boolean()), undefined),
})

const pageRatingSchema = z.looseObject({
  path: z.string(),
  thumbsUp: number,
  thumbsDown: number,
  code: number,
  total: number,
})
export type PageRating = z.infer<typeof pageRatingSchema>
/** `/feedback/by-page`: one request, at most 100 pages; hasMore says whether more exist. */
export const feedbackByPageSchema = z.looseObject({
  feedback: items(pageRatingSchema),
  hasMore: z.catch(z.optional(z.boolean()), undefined),
})

/** Deployments and automations: no status field is required, so only what a step needs is checked. */
export const deploymentTriggerSchema = z.looseObject({
  statusId: z.string().check(z.minLength(1)),
  previewUrl: optionalText,
})
export type DeploymentTrigger = z.infer<typeof deploymentTriggerSchema>

const paths = z.catch(z.array(z.string()), [])
export const deploymentStatusSchema = z.looseObject({
  status: z.catch(z.string(), 'unknown'),
  summary: optionalText,
  logs: z.catch(z.nullish(z.array(z.catch(z.string(), ''))), undefined),
  screenshot: optionalText,
  createdAt: optionalText,
  endedAt: optionalText,
  commit: z.catch(
    z.nullish(
      z.looseObject({
        sha: optionalText,
        ref: optionalText,
        message: optionalText,
        filesChanged: z.catch(z.nullish(z.looseObject({ added: paths, modified: paths, removed: paths })), undefined),
      }),
    ),
    undefined,
  ),
})
export type DeploymentStatus = z.infer<typeof deploymentStatusSchema>

/** The statuses that end a deployment's wait; any other (queued, in_progress, one added later) means "still going". */
export function deploymentEnded(status: string): status is 'success' | 'failure' {
  return status === 'success' || status === 'failure'
}

export const automationRunSchema = z.looseObject({
  schemaId: optionalText,
  instanceId: z.string().check(z.minLength(1)),
  jobId: optionalText,
})
export type AutomationRun = z.infer<typeof automationRunSchema>

/** Assistant queries by caller for a range (analytics, `assistant/caller-stats`); all four required. */
export const callerStatsSchema = z.looseObject({
  web: z.number(),
  api: z.number(),
  other: z.number(),
  total: z.number(),
})
export type CallerStats = z.infer<typeof callerStatsSchema>

/** One search of the docs site, best first: a result without a path names no page. */
const searchHitSchema = z.looseObject({ path: optionalText, content: optionalText })
export const searchResultsSchema = items(searchHitSchema)
export type SearchHit = z.infer<typeof searchHitSchema>
