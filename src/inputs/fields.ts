import { DATE_FORMS, type RangeEnd, parseRangeEnd } from './dates.js'
import { DURATION_FORMS, parseDuration } from './durations.js'
import { checked, input, problem } from './problem.js'
import { parseBoolean, parseInteger } from './parsers.js'

/**
 * The fields' builders: a parser and, in words, what it accepts (a boolean, a duration, a whole
 * number in a range, a range's end, an input that may be empty, the admin key). Each input's field
 * is written beside its entry with these; the cross-input rules are its mode's (rules.ts).
 */

const MAX_WAIT_MS = 72 * 3_600_000

/** An admin key's prefix, which every key of the vendor's starts with. */
export const ADMIN_KEY_PREFIX = 'mint_'

/**
 * The vendor's key types by prefix, the longest first (every one starts with ADMIN_KEY_PREFIX): a
 * key given where another type belongs is named in the error, never shown.
 */
const KEY_TYPES = [
  { prefix: 'mint_dsc_', name: 'assistant API key' },
  { prefix: 'mint_us_', name: 'index API key' },
  { prefix: ADMIN_KEY_PREFIX, name: 'admin API key' },
] as const
export const keyTypeOf = (value: string) => KEY_TYPES.find((t) => value.startsWith(t.prefix))

export const booleanInput = checked('true or false', parseBoolean)

export function durationInput(min: number) {
  return checked(`${DURATION_FORMS}, from ${min}ms up to 72h`, (v) => {
    const ms = parseDuration(v)
    return ms !== undefined && ms >= min && ms <= MAX_WAIT_MS ? ms : undefined
  })
}

export function integerInput(min: number, max: number, accepted: string) {
  return checked(accepted, parseInteger(min, max))
}

export function rangeEndInput(now: number) {
  return input((v, ctx): RangeEnd | undefined => {
    if (v === '') return undefined
    return parseRangeEnd(v, now) ?? problem(ctx, v, `a real date as ${DATE_FORMS}`)
  })
}

/** An input that may be empty (undefined), or else is checked by `parse`. */
export function emptyOr<T>(accepted: string, parse: (value: string) => T | undefined) {
  return input((v, ctx) => (v === '' ? undefined : (parse(v) ?? problem(ctx, v, accepted))))
}

/** The admin key: a key of another of the vendor's types is named, never shown. */
export function apiKeyInput(eventName: string) {
  return input((v, ctx) => {
    const accepted = 'the admin API key from a secret, for example ${{ secrets.MINTLIFY_API_KEY }}'
    const type = keyTypeOf(v)
    if (type && type.name !== 'admin API key') {
      const { prefix, name } = type
      return problem(
        ctx,
        '',
        `an admin API key (mint_…) from the dashboard's API keys page; ${name}s do not work with this API`,
        undefined,
        { described: `is an ${name} (it starts with ${prefix}; its value is not shown)` },
      )
    }
    if (v === '' && eventName === 'pull_request') {
      // the one case where an empty secret is GitHub's doing, not a typo: say so
      return problem(
        ctx,
        v,
        `${accepted}. On a pull_request event from a fork GitHub passes the workflow no secrets: ` +
          'run docs jobs for forks from a pull_request_target workflow (the action then lets only authors ' +
          'with write access start one), or only for branches of this repository',
      )
    }
    // eslint-disable-next-line no-control-regex -- a key refuses control characters on purpose
    return v.length > 0 && !/[\s\u0000-\u001f]/.test(v) ? v : problem(ctx, v, accepted)
  })
}
