import type { CallerStats } from '../service/schemas.js'
import { formatNumber, formatSignedPercent } from '../util/format.js'

/**
 * Who asks the assistant: its queries by caller (the site, the API, other programs) for a period,
 * against the period before when it is known. The API's share is how much of the assistant's use
 * comes from other programs, agents among them.
 */
export function callersLine(label: string, now: CallerStats, before: CallerStats | undefined): string {
  const part = (name: string, n: number, was: number | undefined): string =>
    `${name} ${formatNumber(n)}${was !== undefined && was > 0 ? ` (${formatSignedPercent((n - was) / was)})` : ''}`
  const share = now.total > 0 ? `, ${Math.round((100 * now.api) / now.total)} % from the API` : ''
  return (
    `**Assistant queries, ${label}**: ${formatNumber(now.total)}${share}: ` +
    [
      part('web', now.web, before?.web),
      part('API', now.api, before?.api),
      part('other', now.other, before?.other),
    ].join(', ') +
    (before ? `; the period before: ${formatNumber(before.total)}.` : '.')
  )
}
