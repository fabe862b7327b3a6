import * as z from 'zod/mini'
import { DATE_FORMS, type RangeEnd, parseRangeEnd } from './dates.js'
import { DURATION_FORMS, parseDuration } from './durations.js'
import type { InputName } from './catalogue.js'
import { checked, input, problem } from './problem.js'
import { promptProblem } from './prompt-file.js'
import {
  CHECKS,
  FETCH_BLOCKED_PORTS,
  REPOSITORY,
  SCOPES,
  identifier,
  oneOf,
  parseAllowedBots,
  parseBaseUrl,
  parseBoolean,
  parseChecks,
  parseDocsRoot,
  parseGlobs,
  parseInteger,
  parseStatusLabels,
  parseTriggerPhrase,
} from './parsers.js'

/**
 * Every input's field: its parser and, in words, what it accepts. Each mode's schema is built from
 * the fields its action reads (mode-rules.ts); the cross-input rules live there.
 */

const MAX_WAIT_MS = 72 * 3_600_000
const HEALTH_AGENT = ['off', 'persisting'] as const
const COMPARE = ['none', 'previous-period'] as const
const CHANGES = ['none', 'files', 'diff'] as const

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
const keyTypeOf = (value: string) => KEY_TYPES.find((t) => value.startsWith(t.prefix))

const BASE_URL_ACCEPTED =
  'an https:// URL without query or credentials (http:// only for localhost, 127.0.0.1 or [::1])'

const booleanInput = checked('true or false', parseBoolean)

function durationInput(min: number) {
  return checked(`${DURATION_FORMS}, from ${min}ms up to 72h`, (v) => {
    const ms = parseDuration(v)
    return ms !== undefined && ms >= min && ms <= MAX_WAIT_MS ? ms : undefined
  })
}

function integerInput(min: number, max: number, accepted: string) {
  return checked(accepted, parseInteger(min, max))
}

function rangeEndInput(now: number) {
  return input((v, ctx): RangeEnd | undefined => {
    if (v === '') return undefined
    return parseRangeEnd(v, now) ?? problem(ctx, v, `a real date as ${DATE_FORMS}`)
  })
}

/** An input that may be empty (undefined), or else is checked by `parse`. */
function emptyOr<T>(accepted: string, parse: (value: string) => T | undefined) {
  return input((v, ctx) => (v === '' ? undefined : (parse(v) ?? problem(ctx, v, accepted))))
}

/** The admin key: a key of another of the vendor's types is named, never shown. */
function apiKeyInput(eventName: string) {
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

/**
 * The assistant key (mint_dsc_…), for the search API: a key of another of the vendor's types (an
 * admin key, an index key) is named, never shown. Empty: no searches.
 */
function assistantKeyInput() {
  return input((v, ctx) => {
    if (v === '') return undefined
    const accepted = "an assistant API key (mint_dsc_…) from the dashboard's API keys page, from a secret"
    const type = keyTypeOf(v)
    if (type && type.name !== 'assistant API key') {
      const where = type.name === 'admin API key' ? ' (give it as api-key)' : ''
      return problem(ctx, '', `${accepted}; the search API takes no other key type`, undefined, {
        described: `is an ${type.name}${where} (it starts with ${type.prefix}; its value is not shown)`,
      })
    }
    // eslint-disable-next-line no-control-regex -- a key refuses control characters on purpose
    return type && !/[\s\u0000-\u001f]/.test(v)
      ? v
      : problem(ctx, '', accepted, undefined, { described: 'is not an assistant API key (its value is not shown)' })
  })
}

/** The service: the key, the project, the address and the step's whole time. */
const serviceFields = (eventName: string) => ({
  'api-key': apiKeyInput(eventName),
  'project-id': checked("the project identifier from the dashboard's API keys page (no spaces)", identifier),
  'wait-timeout': durationInput(1),
  'base-url': input((v, ctx) => {
    const url = parseBaseUrl(v)
    if (url === undefined) return problem(ctx, v, BASE_URL_ACCEPTED)
    const port = new URL(url).port
    // a port fetch refuses would fail every request the same way: said now, nothing sent
    return FETCH_BLOCKED_PORTS.has(Number(port))
      ? problem(
          ctx,
          v,
          `${BASE_URL_ACCEPTED}, on a port Node's fetch connects to: ` +
            `it never connects to port ${port}, one the fetch standard blocks`,
        )
      : url
  }),
})

/** An agent job: what to send, which job, how to wait, and the code change it describes. */
const jobFields = {
  prompt: input((v, ctx) => {
    const bad = promptProblem(v)
    return bad ? problem(ctx, v, bad.accepted, undefined, { described: bad.described }) : v.trim() || undefined
  }),
  'prompt-file': z.string(),
  'job-id': emptyOr('a job id without spaces, as printed by an earlier run (output job-id)', identifier),
  wait: booleanInput,
  'poll-interval': durationInput(50),
  'require-pr': booleanInput,
  changes: checked('none, files (the changed files) or diff (the files and their patches)', oneOf(CHANGES)),
  'changes-paths': checked('globs, one a line or comma-separated, such as src/** and !**/*.test.ts', parseGlobs),
  'max-changes': integerInput(
    1000,
    1_000_000,
    'a whole number of characters of change description from 1000 to 1000000',
  ),
  'continue-thread': booleanInput,
}

/** The thread: its tracking comment, the tokens that write it, who may instruct and the labels. */
const threadFields = {
  comment: booleanInput,
  'github-token': z.string(),
  'docs-token': z.string(),
  reviewers: checked('off, or author (ask the people who started the job to review its pull request)', (v) =>
    v === 'off' || v === 'author' ? v : undefined,
  ),
  'trigger-phrase': checked(
    'a phrase of 1 to 50 characters without spaces, not starting with @ (a mention notifies a real account), ' +
      '> or a backtick; for example /docs',
    parseTriggerPhrase,
  ),
  'allowed-bots': checked(
    'comma-separated bot logins such as renovate[bot], dependabot[bot]; * (any bot) is not accepted: ' +
      'list each bot you trust',
    parseAllowedBots,
  ),
  'status-labels': checked(
    'three different comma-separated label names of up to 50 characters (while the job runs, done, failed), ' +
      'for example "docs: in progress, docs: done, docs: failed"; or nothing',
    parseStatusLabels,
  ),
}

/** Analytics: the range, the paging, the request budget and the comparison. */
const analyticsFields = (now: number) => ({
  'date-from': rangeEndInput(now),
  'date-to': rangeEndInput(now),
  'page-size': integerInput(
    1,
    250,
    'a whole number of rows per request from 1 to 250 (250 spends the fewest requests)',
  ),
  'summary-rows': integerInput(1, 100_000, 'a whole number of pages to list in the summary, 1 or more'),
  'max-requests': integerInput(
    1,
    10_000,
    'a whole number of analytics requests from 1 to 10000 (the service allows 100 an hour per organisation)',
  ),
  compare: checked(
    'none, or previous-period (also export the period of the same length just before, and show the change)',
    oneOf(COMPARE),
  ),
})

/** Deployments and automations: the branch, the automation, GitHub's deployment. */
const liveFields = {
  branch: emptyOr('a branch name of the docs repository, such as docs/new-page (no spaces)', (v) =>
    /^[^\s~^:?*[\\]+$/.test(v) && !v.startsWith('-') ? v : undefined,
  ),
  'automation-id': emptyOr('the id of a saved automation of this project, from the dashboard (no spaces)', identifier),
  'github-deployment': booleanInput,
  'pages-json': emptyOr("the path of the file the check action's pages-json output names, in the same job", (v) => v),
  // GitHub's environment names: up to 255 characters, no control characters or commas
  'deployment-environment': emptyOr('a GitHub environment name of up to 255 characters, such as docs-preview', (v) =>
    // eslint-disable-next-line no-control-regex -- an environment name refuses control characters on purpose
    v.length <= 255 && !/[\u0000-\u001f,]/.test(v) ? v : undefined,
  ),
}

/** The health issue: the trend, the gaps' jobs and the impact of docs pull requests. */
const healthFields = {
  weeks: integerInput(1, 52, 'a whole number of weeks for the trend, from 1 to 52'),
  'health-label': checked('a label name of 1 to 50 characters without commas, such as docs-health', (v) =>
    v.length >= 1 && v.length <= 50 && !v.includes(',') && v.trim() === v ? v : undefined,
  ),
  agent: checked('off, or persisting (start an agent job for a gap seen in two runs in a row)', oneOf(HEALTH_AGENT)),
  'max-jobs': integerInput(1, 10, 'a whole number of agent jobs one run may start, from 1 to 10'),
  impact: checked('on (measure the docs pull requests merged in docs-repository) or off', (v) =>
    v === 'on' || v === 'off' ? v : undefined,
  ),
  'impact-weeks': integerInput(1, 12, 'a whole number of weeks before and after the merge week, from 1 to 12'),
  'impact-comment': booleanInput,
  'docs-repository': emptyOr('owner/name of a repository, such as acme/docs', (v) =>
    REPOSITORY.test(v) ? v : undefined,
  ),
  'docs-root': emptyOr(
    'a folder of docs-repository such as docs (. for the root), without .. or a leading drive',
    parseDocsRoot,
  ),
  'assistant-key': assistantKeyInput(),
  domain: emptyOr("the site's identifier, such as acme for acme.mintlify.site (letters, digits and -)", (v) =>
    /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/i.test(v) ? v : undefined,
  ),
  'max-searches': integerInput(
    1,
    10_000,
    'a whole number of searches from 1 to 10000 (the search API allows 10,000 an hour per organisation)',
  ),
}

/** The docs check: what, where, with which CLI, and what a problem does to the step. */
const checkFields = {
  fix: booleanInput,
  'fix-rounds': integerInput(1, 5, 'a whole number of follow-ups from 1 to 5'),
  'docs-path': emptyOr(
    'a folder of the workspace that holds docs.json, such as docs (. for the workspace), without ..',
    parseDocsRoot,
  ),
  'mint-version': checked(
    'an exact version of the npm package mint, such as 4.2.941 (a pinned version: never latest or a range)',
    (v) => (/^\d+\.\d+\.\d+$/.test(v) ? v : undefined),
  ),
  checks: checked(`a comma-separated list of ${CHECKS.join(', ')}, at least one`, parseChecks),
  scope: checked(
    "new (what the pull request broke, against its base), changed (the pull request's own files) " +
      'or all (the whole site)',
    oneOf(SCOPES),
  ),
  exclude: checked('globs relative to the docs folder, one a line or comma-separated, such as drafts/**', parseGlobs),
  'on-problems': checked('fail (the step fails on a problem) or warn (a warning each, and the step passes)', (v) =>
    v === 'fail' || v === 'warn' ? v : undefined,
  ),
  'check-run': checked(
    "auto (a check run with every new problem, where the token has checks: write) or off (the step's annotations alone)",
    (v) => (v === 'auto' || v === 'off' ? v : undefined),
  ),
  suggestions: checked(
    "auto (the fixes the check knows as one review's suggested changes on the pull request's diff, where the " +
      'token has pull-requests: write) or off (every fix in the patch alone)',
    (v) => (v === 'auto' || v === 'off' ? v : undefined),
  ),
  'min-views': integerInput(0, 1_000_000_000, 'a whole number of page views, 0 or more'),
}

/** Every input's field, by name (mode is read before any field: settings.ts). */
export const fieldsAt = (now: number, eventName: string) =>
  ({
    ...serviceFields(eventName),
    ...jobFields,
    ...threadFields,
    ...analyticsFields(now),
    ...liveFields,
    ...healthFields,
    ...checkFields,
  }) satisfies Record<Exclude<InputName, 'mode'>, z.ZodMiniType>

export type Fields = ReturnType<typeof fieldsAt>
export type FieldName = keyof Fields
