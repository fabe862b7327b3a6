import { getOctokit } from '@actions/github'
import { defaults } from '@actions/github/lib/utils'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import Bottleneck from 'bottleneck/light.js'

/**
 * The GitHub client with the ecosystem's retry and throttling plugins, as github-api.ts configures
 * them. One module, so the client and its plugins are one chunk of the bundle (loaded only when a
 * run needs GitHub), with the modules they share bundled once.
 */

export interface OctokitSettings {
  retries: number
  /** The wait unit: retry n waits (n + 1)² of these. */
  retryBaseMs: number
  doNotRetry: number[]
  /** Whether to wait out a rate limit (the throttling plugin's onRateLimit / onSecondaryRateLimit). */
  onRateLimit: (
    kind: string,
    retryAfter: number,
    request: { method?: string; url?: string },
    retryCount: number,
  ) => boolean
  /** Called for every attempt that goes to GitHub, retries included (the plugins' retries happen below every hook). */
  onAttempt: () => void
}

export function makeOctokit(token: string, settings: OctokitSettings) {
  const waitOut =
    (kind: string) =>
    (retryAfter: number, request: { method?: string; url?: string }, _octokit: unknown, retryCount: number): boolean =>
      settings.onRateLimit(kind, retryAfter, request, retryCount)
  // @actions/github's own fetch (the runner's proxy), counted: Octokit takes `request` whole, so the
  // agent goes along
  const base = (defaults.request?.fetch ?? fetch) as typeof fetch
  const counted: typeof fetch = (input, init) => {
    settings.onAttempt()
    return base(input, init)
  }
  return getOctokit(
    token,
    {
      request: { ...defaults.request, fetch: counted },
      retry: { retries: settings.retries, doNotRetry: settings.doNotRetry, retryAfterBaseValue: settings.retryBaseMs },
      throttle: {
        onRateLimit: waitOut('rate limit'),
        onSecondaryRateLimit: waitOut('secondary rate limit'),
        // one at a time, not spaced out (see github-api.ts)
        write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
        notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
      },
    },
    retry,
    throttling,
  )
}
