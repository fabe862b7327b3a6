const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** What the duration inputs accept, for error messages and docs. */
export const DURATION_FORMS = 'a duration such as 90s, 15m, 1h, 1h30m, 500ms, or plain seconds (600)'

/**
 * Parses `90s`, `15m`, `1h`, `1h30m`, `500ms`, `1.5h` or plain seconds (`600`) into milliseconds.
 * Returns undefined for anything else (`5 minutes`, `-1s`, `10x`, ``).
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase()
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value)) return undefined
  let total = 0
  // each part where the last ended (the whole was read above): never a search from each digit
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/gy)) {
    const ms = UNIT_MS[unit ?? '']
    if (ms === undefined) return undefined
    total += Number(amount) * ms
  }
  return Math.round(total)
}
