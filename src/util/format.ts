/** The one way the action writes numbers (`1,234`), percentages, days, times (UTC) and durations. */

/** `1,234`: a whole number with grouped digits (a fraction is rounded). */
export function formatNumber(n: number): string {
  // by hand, not Intl.NumberFormat: ICU's set-up would cost every run's start-up a few milliseconds
  const whole = Math.round(n)
  const digits = grouped(String(Math.abs(whole)))
  return whole < 0 ? `-${digits}` : digits
}

/**
 * Digits in groups of three from the right (`1234567` → `1,234,567`), each read once; a sign kept in
 * front, and anything but digits (`1e+21`) as it is.
 */
function grouped(text: string): string {
  const sign = text.startsWith('-') ? '-' : ''
  const plain = text.slice(sign.length)
  if (!/^\d+$/.test(plain)) return text
  let digits = plain.slice(0, plain.length % 3 || 3)
  for (let at = digits.length; at < plain.length; at += 3) digits += `,${plain.slice(at, at + 3)}`
  return sign + digits
}

/** "1 row", "1,234 rows": a count with its noun. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}

/** `10.9 MB`: a size in mebibytes, to a tenth (what a budget of whole ones is said in: `2 MB`). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024
  return `${Number.isInteger(mb) ? formatNumber(mb) : mb.toFixed(1)} MB`
}

/** `12.5%` from a fraction (0.125), grouped as counts are (`1,212.9%`). */
export function formatPercent(fraction: number): string {
  const [whole, decimals] = (fraction * 100).toFixed(1).split('.') as [string, string]
  return `${grouped(whole)}.${decimals}%`
}

/** A change as a signed percentage from a fraction: `+12.5%`, `-3.0%`, `0.0%` (no sign on what rounds to zero), grouped. */
export function formatSignedPercent(fraction: number): string {
  const text = formatPercent(fraction)
  if (text === '0.0%' || text === '-0.0%') return '0.0%'
  return fraction > 0 ? `+${text}` : text
}

/** "1h 2m", "3m 5s", "4.2s", "350ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)}s`
  const totalSeconds = Math.round(ms / 1000)
  const h = Math.floor(totalSeconds / 3600)
  const m = Math.floor((totalSeconds % 3600) / 60)
  const s = totalSeconds % 60
  if (h > 0) return m > 0 ? `${h}h ${m}m` : `${h}h`
  return s > 0 ? `${m}m ${s}s` : `${m}m`
}

const iso = (when: number | string): string | undefined => {
  const instant = typeof when === 'number' ? when : Date.parse(when)
  return Number.isFinite(instant) ? new Date(instant).toISOString() : undefined
}

/** `2026-11-24`, the UTC day of an instant or an ISO timestamp ('' when it is not one). */
export function formatDay(when: number | string): string {
  return iso(when)?.slice(0, 10) ?? ''
}

/** The last day a range holds (`dateTo` is exclusive: `2026-11-26` holds to `2026-11-25`); a time is kept. */
export function lastDayBefore(exclusiveEnd: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(exclusiveEnd)
    ? formatDay(Date.parse(`${exclusiveEnd}T00:00:00Z`) - 86_400_000)
    : exclusiveEnd
}

/** `2026-11-24 09:05 UTC` ('' when it is not a time). */
export function formatTime(when: number | string): string {
  const text = iso(when)
  return text ? `${text.slice(0, 16).replace('T', ' ')} UTC` : ''
}
