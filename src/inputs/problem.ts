import * as z from 'zod/mini'

/**
 * How an input's problem is recorded while parsing (name, value, what is accepted), and the small
 * parsers built on it; settings.ts writes the messages.
 */

export type Issues = { issues: z.core.$ZodRawIssue[] }

/** A message other than "Input "x" is "value": expected …": the wrong event, or no prompt nor job-id. */
export type Wording = 'event' | 'nothing-to-do'

export interface ProblemWords {
  /** What the value is, when the value itself must not be shown (a key of the wrong type) or is implied. */
  described?: string
  wording?: Wording
}

/** Records a problem with an input (its path is the input's name unless given). */
export function problem(ctx: Issues, value: unknown, accepted: string, path?: string[], words?: ProblemWords): never {
  ctx.issues.push({
    code: 'custom',
    message: accepted,
    input: value,
    ...(path ? { path } : {}),
    ...(words ? { params: words } : {}),
  })
  return z.NEVER
}

/** Whether a rule recorded a problem: the rules run once every field parsed, and the first problem ends them. */
export const recorded = (ctx: Issues): boolean => ctx.issues.length > 0

/** A string input turned into a value by `fn`, which reports problems through `problem`. */
export function input<T>(fn: (value: string, ctx: Issues) => T) {
  return z.pipe(z.string(), z.transform(fn))
}

/** An input checked by `parse`; `accepted` says in words what it takes. */
export function checked<T>(accepted: string, parse: (value: string) => T | undefined) {
  return input((value, ctx): T => {
    const result = parse(value)
    return result === undefined ? problem(ctx, value, accepted) : result
  })
}

/** A field that takes '' (required elsewhere, optional here); other values are the field's, in its words. */
export function optional<T extends z.ZodMiniType>(field: T): z.ZodMiniType {
  return input((value, ctx): unknown => {
    if (value === '') return ''
    const parsed = z.safeParse(field, value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as z.core.$ZodRawIssue)
    return z.NEVER
  })
}
