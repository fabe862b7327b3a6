import type { CallerStats } from '../service/schemas.js'
import { formatNumber, formatSignedPercent } from '../util/format.js'

/** Who asks the assistant (the site, the API, other programs) in a period, against the one before. */
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
