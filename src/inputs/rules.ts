import type { RangeEnd } from './dates.js'
import { formatTime } from '../util/format.js'
import type { Parsed } from './catalogue.js'
import type { SHARED_INPUTS } from './shared-inputs.js'
import { type Issues, problem } from './problem.js'
import type { PromptFiles } from './prompt-file.js'

/**
 * What the modes' rules share: what they know of the run besides its inputs, the service's part of
 * every mode's settings, a token an option needs, an analytics range's ends. Each mode's own rules
 * (the ones that join two inputs or more) are in its feature's inputs.ts.
 */

/** What the rules know of the run besides its inputs. */
export interface Run {
  now: number
  eventName: string
  files: PromptFiles | undefined
}

/**
 * The GitHub environment deploy shows its deployments in, unless told (deployment-environment);
 * health reads it to know a change is live.
 */
export const PRODUCTION_ENVIRONMENT = 'docs-production'

export const isPullRequestEvent = (eventName: string) =>
  eventName === 'pull_request' || eventName === 'pull_request_target'

/** The service's part of every mode's settings. */
export const common = (
  i: Pick<Parsed<typeof SHARED_INPUTS>, 'api-key' | 'project-id' | 'base-url' | 'wait-timeout'>,
) => ({
  apiKey: i['api-key'],
  projectId: i['project-id'],
  baseUrl: i['base-url'],
  waitTimeoutMs: i['wait-timeout'],
})

/** "a token when X: the default … works when …": a token an option needs and the input left empty. */
export const tokenNeeded = (ctx: Issues, when: string) => problem(ctx, '', `a token ${when}`, ['github-token'])

/** The token a tracking comment needs (agent, deploy, preview, automation with comment: true). */
export const COMMENT_TOKEN =
  'when comment is true: the default ${{ github.token }} works when the workflow grants ' +
  '"issues: write" or "pull-requests: write"'

/** A range's start must come before its (exclusive) end, and not after now: no data lies there. */
export function checkRange(from: RangeEnd | undefined, to: RangeEnd | undefined, now: number, ctx: Issues): boolean {
  if (from && to && from.instant >= to.instant) {
    problem(ctx, from.given, `a start before date-to ("${to.given}", which is exclusive)`, ['date-from'])
    return false
  }
  // the service has no data after now: a range that starts later would spend requests on nothing
  if (from && from.instant > now) {
    problem(
      ctx,
      from.given,
      `a start no later than now (${formatTime(now)}): the service has no data after it, and nothing was sent`,
      ['date-from'],
    )
    return false
  }
  return true
}
