import { count, formatDuration } from '../util/format.js'

/** What a run cost, at the end of every summary: agent uses, analytics and GitHub requests, and time. */
export interface Usage {
  agentUses: number
  analyticsRequests: number
  githubRequests: number
  /** Searches of the docs site (the search API: an assistant key, its own hourly limit, no credits). */
  searches?: number
  ms: number
}

/** `service: false` for a run that asks the service nothing (check): its quotas are not shown. */
export function renderUsage(u: Usage, service = true): string {
  const parts = [
    ...(service ? [`${count(u.agentUses, 'agent use')} (of 100 per project per hour)`] : []),
    ...(u.analyticsRequests > 0
      ? [`${count(u.analyticsRequests, 'analytics request')} (of 100 per organisation per hour)`]
      : []),
    ...(u.searches
      ? [`${count(u.searches, 'search', 'searches')} (of 10,000 per organisation per hour, no credits)`]
      : []),
    ...(u.githubRequests > 0 ? [count(u.githubRequests, 'GitHub request')] : []),
    formatDuration(u.ms),
  ]
  return `<sub>This run: ${parts.join(' · ')}</sub>`
}
