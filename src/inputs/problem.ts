import * as z from 'zod/mini'

/**
 * How an input's problem is recorded while the inputs are parsed, and the small parsers built on it.
 * settings.ts writes each problem's message for the log from what is recorded here: the input's
 * name, the value (or what it is, when the value must not be shown) and what is accepted.
 */

export type Issues = { issues: z.core.$ZodRawIssue[] }

/**
 * How a problem's message reads when it is not "Input "x" is "value": expected …": `event` (the run's
 * event is not one the mode reads), `nothing-to-do` (no prompt and no job-id).
 */
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

/**
 * Whether a problem was recorded in this transform: a mode's rules run only once every field
 * parsed, so any problem there is one the rules recorded, and the first one ends them.
 */
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

/**
 * A field that takes '' as given (an input required elsewhere, optional in this action); any other
 * value is the field's, its problems in its own words (a union would say only "Invalid input").
 */
export function optional<T extends z.ZodMiniType>(field: T): z.ZodMiniType {
  return input((value, ctx): unknown => {
    if (value === '') return ''
    const parsed = z.safeParse(field, value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as z.core.$ZodRawIssue)
    return z.NEVER
  })
}
