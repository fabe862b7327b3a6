import * as z from 'zod/mini'
import { DATE_FORMS, type RangeEnd, parseRangeEnd } from './dates.js'
import { DURATION_FORMS, parseDuration } from './durations.js'
import { isAbsolute, relative, resolve } from 'node:path'
import { withoutUrlSecrets } from '../util/text.js'
import { formatNumber, formatTime } from '../util/format.js'
import { MAX_PROMPT_CHARS } from '../util/prompt-bounds.js'
import { ACTIONS, type ActionName, INPUTS, inputsOf } from './catalogue.js'

/**
 * The one place that turns raw action inputs into a typed, validated settings object. Everything
 * else receives `Settings` and never reads an input itself.
 */

/**
 * Every input's default, from the catalogue (the action.yml files'), for an input the runner left
 * empty. An expression default (`${{ github.token }}`) is the runner's to fill: an empty value there
 * was given empty.
 */
export const DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(INPUTS).flatMap(([name, spec]) =>
    spec.default !== undefined && !spec.default.includes('${{') ? [[name, spec.default]] : [],
  ),
)

const MODES = ACTIONS
const HEALTH_AGENT = ['off', 'persisting'] as const
const COMPARE = ['none', 'previous-period'] as const
const CHANGES = ['none', 'files', 'diff'] as const
/** The events whose change `changes` describes (github/change.ts reads them). */
const CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'push'] as const

/** The events `mode: comment` reads an instruction from. */
const CONVERSATION_EVENTS = ['issue_comment', 'pull_request_review_comment', 'pull_request_review'] as const

/** Every input of the root action, `mode` among them (the catalogue's order). */
export const INPUT_NAMES = Object.keys(INPUTS)

export type RawInputs = Partial<Record<string, string>>

/** A bad input: names the input, the value given and what is accepted. */
export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

const MAX_WAIT_MS = 72 * 3_600_000

/**
 * How `prompt-file` is read: the workspace it must lie in (GITHUB_WORKSPACE) and a reader (UTF-8
 * text; the real path, links resolved). Injected, so parsing stays free of I/O in tests.
 */
export interface PromptFiles {
  workspace: string
  /** The file's real path (links resolved), or throws. */
  realPath: (path: string) => string
  read: (path: string) => string
}

/** Why a prompt is no prompt, or too long; undefined when it is a prompt to send. */
function promptProblem(text: string): { accepted: string; described?: string } | undefined {
  if (text.length > 0 && text.trim().length === 0)
    return { accepted: 'an instruction with some text in it, or no prompt at all' }
  if (text.length > MAX_PROMPT_CHARS) {
    return {
      accepted: `at most ${formatNumber(MAX_PROMPT_CHARS)} characters (this one has ${formatNumber(text.length)}; the action sends no longer prompt)`,
      described: `is ${formatNumber(text.length)} characters long`,
    }
  }
  return undefined
}

/** `prompt-file`: the file's text, read as UTF-8 from inside the workspace, or a problem naming the path. */
function readPromptFile(value: string, files: PromptFiles | undefined, ctx: Issues): string | undefined {
  if (!files)
    return problem(ctx, value, 'a file the action can read: this run has no workspace to read it from', ['prompt-file'])
  const inside = (path: string, root: string): boolean => {
    const rel = relative(root, path)
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
  }
  const accepted =
    'the path of a UTF-8 text file inside the workspace (GITHUB_WORKSPACE), relative to it or absolute, such as docs-prompt.md'
  const path = resolve(files.workspace, value)
  const unreadable = (error: unknown) =>
    problem(ctx, value, `${accepted}; it cannot be read (${(error as { code?: string }).code ?? 'error'})`, [
      'prompt-file',
    ])
  let real: string
  try {
    real = files.realPath(path)
  } catch (error) {
    return unreadable(error)
  }
  // the real path: a link in the workspace that points outside it is refused as well
  let root = files.workspace
  try {
    root = files.realPath(files.workspace)
  } catch {
    // the workspace as given
  }
  if (!inside(real, root)) return problem(ctx, value, `${accepted}; this one is outside it`, ['prompt-file'])
  let text: string
  try {
    text = files.read(real)
  } catch (error) {
    return unreadable(error)
  }
  if (text.trim() === '')
    return problem(ctx, value, `${accepted}, with some text in it; this one is empty`, ['prompt-file'])
  const bad = promptProblem(text)
  if (bad)
    return problem(
      ctx,
      value,
      bad.accepted,
      ['prompt-file'],
      bad.described ? `names a file that ${bad.described}` : undefined,
    )
  return text.trim()
}

type Issues = { issues: z.core.$ZodRawIssue[] }

/**
 * Records a problem with an input (its path is the input's name unless given). `described` says
 * what the value is when the value itself must not be shown (a key of the wrong type).
 */
function problem(ctx: Issues, value: unknown, message: string, path?: string[], described?: string): never {
  ctx.issues.push({
    code: 'custom',
    message,
    input: value,
    ...(path ? { path } : {}),
    ...(described ? { params: { described } } : {}),
  })
  return z.NEVER
}

/**
 * Keys that share the admin keys' `mint_` prefix but do not work with this API (the vendor's key
 * types): named in the error, never shown.
 */
const OTHER_KEY_TYPES: Array<[prefix: string, name: string]> = [
  ['mint_dsc_', 'assistant API key'],
  ['mint_us_', 'index API key'],
]

/** A string input turned into a value by `fn`, which reports problems through `problem`. */
function input<T>(fn: (value: string, ctx: Issues) => T) {
  return z.pipe(z.string(), z.transform(fn))
}

/** An input checked by `parse`; `accepted` says in words what it takes. */
function checked<T>(accepted: string, parse: (value: string) => T | undefined) {
  return input((value, ctx): T => {
    const result = parse(value)
    return result === undefined ? problem(ctx, value, accepted) : result
  })
}

function parseBoolean(value: string): boolean | undefined {
  const v = value.trim()
  if (['true', 'True', 'TRUE'].includes(v)) return true
  if (['false', 'False', 'FALSE'].includes(v)) return false
  return undefined
}
const booleanInput = checked('true or false', parseBoolean)

function durationInput(min: number) {
  return checked(`${DURATION_FORMS}, from ${min}ms up to 72h`, (v) => {
    const ms = parseDuration(v)
    return ms !== undefined && ms >= min && ms <= MAX_WAIT_MS ? ms : undefined
  })
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

const BASE_URL_ACCEPTED =
  'an https:// URL without query or credentials (http:// only for localhost, 127.0.0.1 or [::1])'

/** The ports the fetch standard blocks ("bad port"): Node's fetch fails on them before connecting. */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
])

function parseBaseUrl(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return undefined
  }
  if (url.username || url.password || url.search || url.hash) return undefined
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) return undefined
  return url.toString().replace(/\/+$/, '')
}

// Identifiers go into URL paths (encoded); whitespace or control characters in them are a
// copy-paste mistake, not an identifier.
const identifier = (value: string): string | undefined =>
  // eslint-disable-next-line no-control-regex -- identifiers refuse control characters on purpose
  /^[^\s\u0000-\u001f\u007f]+$/.test(value) ? value : undefined

/**
 * The trigger phrase: one word, no spaces. Not a mention (`@name`): a mention notifies that account,
 * and `@mintlify` is a real one. Not starting with `>` or a backtick, which quote or fence a line.
 */
function parseTriggerPhrase(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- a trigger phrase refuses control characters on purpose
  if (value.length === 0 || value.length > 50 || /[\s\u0000-\u001f\u007f]/.test(value) || /^[@>`~]/.test(value))
    return undefined
  return value
}

const BOT_LOGIN = /^[a-z0-9](?:[a-z0-9-]{0,38})(?:\[bot\])?$/i

/** `renovate[bot], dependabot` → ['renovate[bot]', 'dependabot[bot]'] (lower case); `*` is refused. */
function parseAllowedBots(value: string): string[] | undefined {
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
  if (names.some((n) => !BOT_LOGIN.test(n))) return undefined
  return [
    ...new Set(names.map((n) => (n.toLowerCase().endsWith('[bot]') ? n.toLowerCase() : `${n.toLowerCase()}[bot]`))),
  ]
}

function parseGlobs(value: string): string[] | undefined {
  const globs = value
    .split(/[\n,]/)
    .map((g) => g.trim())
    .filter((g) => g !== '')
  if (globs.some((g) => g === '!' || g.length > 300)) return undefined
  return globs
}

/** The three status labels (while the job runs, done, failed), or none. GitHub allows 50 characters. */
export interface StatusLabels {
  working: string
  done: string
  failed: string
}

function parseStatusLabels(value: string): StatusLabels | null | undefined {
  if (value === '') return null
  const names = value.split(',').map((n) => n.trim())
  if (names.length !== 3 || names.some((n) => n === '' || n.length > 50)) return undefined
  if (new Set(names.map((n) => n.toLowerCase())).size !== 3) return undefined
  const [working, done, failed] = names as [string, string, string]
  return { working, done, failed }
}

const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/

/** `./docs/` → `docs`; `.` or `/` → '' (the root). */
function parseDocsRoot(value: string): string | undefined {
  const path = value
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/^\/+|\/+$/g, '')
  if (path === '' || path === '.') return ''
  const segments = path.split('/')
  // eslint-disable-next-line no-control-regex -- a path segment refuses control characters on purpose
  return segments.some((s) => s === '..' || s === '.' || s === '' || /[\u0000-\u001f:*?"<>|]/.test(s))
    ? undefined
    : path
}

/** What the check reports on a pull request: what it broke (new), its files' problems (changed), or all. */
const SCOPES = ['new', 'changed', 'all'] as const

/** What the check action can check (the Mintlify CLI's commands and flags, docs/actions/check.md). */
export const CHECKS = [
  'links',
  'anchors',
  'redirects',
  'snippets',
  'external',
  'alt-text',
  'contrast',
  'validate',
] as const
export type Check = (typeof CHECKS)[number]

/** `links, anchors` → the set; an unknown name, or none at all, is refused. */
function parseChecks(value: string): Set<Check> | undefined {
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '')
  if (names.length === 0 || names.some((n) => !(CHECKS as readonly string[]).includes(n))) return undefined
  return new Set(names as Check[])
}

function integerInput(min: number, max: number, accepted: string) {
  return checked(accepted, (v) => (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : undefined))
}

function rangeEndInput(now: number) {
  return input((v, ctx): RangeEnd | undefined => {
    if (v === '') return undefined
    return parseRangeEnd(v, now) ?? problem(ctx, v, `a real date as ${DATE_FORMS}`)
  })
}

/** A field that takes '' as given (an input required elsewhere, optional in this action). */
function optional<T extends z.ZodMiniType>(field: T): z.ZodMiniType {
  return z.union([z.literal(''), field])
}

/** Every input's parser, by name: each mode's schema is built from the ones it reads. */
const fieldsAt = (now: number, eventName: string) => ({
  'api-key': input((v, ctx) => {
    const accepted = 'the admin API key from a secret, for example ${{ secrets.MINTLIFY_API_KEY }}'
    const other = OTHER_KEY_TYPES.find(([prefix]) => v.startsWith(prefix))
    if (other) {
      const [prefix, name] = other
      return problem(
        ctx,
        '',
        `an admin API key (mint_…) from the dashboard's API keys page; ${name}s do not work with this API`,
        undefined,
        `is an ${name} (it starts with ${prefix}; its value is not shown)`,
      )
    }
    if (v === '' && eventName === 'pull_request') {
      // the one case where an empty secret is GitHub's doing, not a typo: say so
      return problem(
        ctx,
        v,
        `${accepted}. On a pull_request event from a fork GitHub passes the workflow no secrets: run docs jobs for forks from a pull_request_target workflow (the action then lets only authors with write access start one), or only for branches of this repository`,
      )
    }
    // eslint-disable-next-line no-control-regex -- a key refuses control characters on purpose
    return v.length > 0 && !/[\s\u0000-\u001f]/.test(v) ? v : problem(ctx, v, accepted)
  }),
  'project-id': checked("the project identifier from the dashboard's API keys page (no spaces)", identifier),
  prompt: input((v, ctx) => {
    const bad = promptProblem(v)
    return bad ? problem(ctx, v, bad.accepted, undefined, bad.described) : v.trim() || undefined
  }),
  'prompt-file': z.string(),
  'job-id': input((v, ctx) =>
    v === ''
      ? undefined
      : (identifier(v) ?? problem(ctx, v, 'a job id without spaces, as printed by an earlier run (output job-id)')),
  ),
  wait: booleanInput,
  'wait-timeout': durationInput(1),
  'poll-interval': durationInput(50),
  'require-pr': booleanInput,
  'base-url': input((v, ctx) => {
    const url = parseBaseUrl(v)
    if (url === undefined) return problem(ctx, v, BASE_URL_ACCEPTED)
    const port = new URL(url).port
    // a port fetch refuses would fail every request the same way: said now, nothing sent
    return FETCH_BLOCKED_PORTS.has(Number(port))
      ? problem(
          ctx,
          v,
          `${BASE_URL_ACCEPTED}, on a port Node's fetch connects to: it never connects to port ${port}, one the fetch standard blocks`,
        )
      : url
  }),
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
  comment: booleanInput,
  'github-token': z.string(),
  'docs-token': z.string(),
  reviewers: checked('off, or author (ask the people who started the job to review its pull request)', (v) =>
    v === 'off' || v === 'author' ? v : undefined,
  ),
  'trigger-phrase': checked(
    'a phrase of 1 to 50 characters without spaces, not starting with @ (a mention notifies a real account), > or a backtick; for example /docs',
    parseTriggerPhrase,
  ),
  compare: checked(
    'none, or previous-period (also export the period of the same length just before, and show the change)',
    (v) => ((COMPARE as readonly string[]).includes(v) ? (v as (typeof COMPARE)[number]) : undefined),
  ),
  'allowed-bots': checked(
    'comma-separated bot logins such as renovate[bot], dependabot[bot]; * (any bot) is not accepted: list each bot you trust',
    parseAllowedBots,
  ),
  branch: input((v, ctx) =>
    v === ''
      ? undefined
      : /^[^\s~^:?*[\\]+$/.test(v) && !v.startsWith('-')
        ? v
        : problem(ctx, v, 'a branch name of the docs repository, such as docs/new-page (no spaces)'),
  ),
  'automation-id': input((v, ctx) =>
    v === ''
      ? undefined
      : (identifier(v) ??
        problem(ctx, v, 'the id of a saved automation of this project, from the dashboard (no spaces)')),
  ),
  changes: checked('none, files (the changed files) or diff (the files and their patches)', (v) =>
    (CHANGES as readonly string[]).includes(v) ? (v as (typeof CHANGES)[number]) : undefined,
  ),
  'changes-paths': checked('globs, one a line or comma-separated, such as src/** and !**/*.test.ts', parseGlobs),
  'max-changes': integerInput(
    1000,
    1_000_000,
    'a whole number of characters of change description from 1000 to 1000000',
  ),
  'continue-thread': booleanInput,
  weeks: integerInput(1, 52, 'a whole number of weeks for the trend, from 1 to 52'),
  'health-label': checked('a label name of 1 to 50 characters without commas, such as docs-health', (v) =>
    v.length >= 1 && v.length <= 50 && !v.includes(',') && v.trim() === v ? v : undefined,
  ),
  agent: checked('off, or persisting (start an agent job for a gap seen in two runs in a row)', (v) =>
    (HEALTH_AGENT as readonly string[]).includes(v) ? (v as (typeof HEALTH_AGENT)[number]) : undefined,
  ),
  'max-jobs': integerInput(1, 10, 'a whole number of agent jobs one run may start, from 1 to 10'),
  impact: checked('on (measure the docs pull requests merged in docs-repository) or off', (v) =>
    v === 'on' || v === 'off' ? v : undefined,
  ),
  'impact-weeks': integerInput(1, 12, 'a whole number of weeks before and after the merge week, from 1 to 12'),
  'impact-comment': booleanInput,
  'docs-repository': input((v, ctx) =>
    v === '' ? undefined : REPOSITORY.test(v) ? v : problem(ctx, v, 'owner/name of a repository, such as acme/docs'),
  ),
  'docs-root': input((v, ctx) =>
    v === ''
      ? undefined
      : (parseDocsRoot(v) ??
        problem(ctx, v, 'a folder of docs-repository such as docs (. for the root), without .. or a leading drive')),
  ),
  fix: booleanInput,
  'fix-rounds': integerInput(1, 5, 'a whole number of follow-ups from 1 to 5'),
  'github-deployment': booleanInput,
  'deployment-environment': input((v, ctx) =>
    v === ''
      ? undefined
      : // GitHub's environment names: up to 255 characters, no control characters or commas
        // eslint-disable-next-line no-control-regex -- an environment name refuses control characters on purpose
        v.length <= 255 && !/[\u0000-\u001f,]/.test(v)
        ? v
        : problem(ctx, v, 'a GitHub environment name of up to 255 characters, such as docs-preview'),
  ),
  'docs-path': input((v, ctx) =>
    v === ''
      ? undefined
      : (parseDocsRoot(v) ??
        problem(
          ctx,
          v,
          'a folder of the workspace that holds docs.json, such as docs (. for the workspace), without ..',
        )),
  ),
  'mint-version': checked(
    'an exact version of the npm package mint, such as 4.2.941 (a pinned version: never latest or a range)',
    (v) => (/^\d+\.\d+\.\d+$/.test(v) ? v : undefined),
  ),
  checks: checked(`a comma-separated list of ${CHECKS.join(', ')}, at least one`, parseChecks),
  scope: checked(
    "new (what the pull request broke, against its base), changed (the pull request's own files) or all (the whole site)",
    (v) => SCOPES.find((scope) => scope === v),
  ),
  exclude: checked('globs relative to the docs folder, one a line or comma-separated, such as drafts/**', parseGlobs),
  'on-problems': checked('fail (the step fails on a problem) or warn (a warning each, and the step passes)', (v) =>
    v === 'fail' || v === 'warn' ? v : undefined,
  ),
  'status-labels': checked(
    'three different comma-separated label names of up to 50 characters (while the job runs, done, failed), for example "docs: in progress, docs: done, docs: failed"; or nothing',
    parseStatusLabels,
  ),
})

type Fields = ReturnType<typeof fieldsAt>
type Parsed = { [K in keyof Fields]: z.output<Fields[K]> }
type FieldName = keyof Fields
/** What a mode's transform gets: the parsed inputs it reads, and only those. */
type InputsOf<K extends FieldName> = Pick<Parsed, K>

/**
 * Each mode's inputs, by name, for the transforms' types only: at run time every list comes from the
 * catalogue (catalogue.ts inputsOf), and a test fails when a list here and the catalogue's differ.
 */
const COMMON = ['api-key', 'project-id', 'wait-timeout', 'base-url'] as const
const JOB = ['wait', 'poll-interval', 'require-pr'] as const
const THREAD = ['comment', 'github-token', 'trigger-phrase'] as const
export const MODE_INPUTS = {
  agent: [
    ...COMMON,
    'prompt',
    'prompt-file',
    'job-id',
    ...JOB,
    ...THREAD,
    'docs-token',
    'reviewers',
    'changes',
    'changes-paths',
    'max-changes',
    'continue-thread',
    'status-labels',
  ],
  comment: [
    ...COMMON,
    ...JOB,
    'github-token',
    'docs-token',
    'reviewers',
    'trigger-phrase',
    'allowed-bots',
    'status-labels',
  ],
  visitors: [...COMMON, 'date-from', 'date-to', 'page-size', 'summary-rows', 'max-requests', 'compare'],
  views: [...COMMON, 'date-from', 'date-to', 'page-size', 'summary-rows', 'max-requests', 'compare'],
  insights: [...COMMON, 'date-from', 'date-to', 'summary-rows', 'max-requests'],
  deploy: [...COMMON, 'wait', 'poll-interval', ...THREAD, 'github-deployment', 'deployment-environment'],
  preview: [...COMMON, 'wait', 'poll-interval', ...THREAD, 'branch', 'github-deployment', 'deployment-environment'],
  automation: [...COMMON, ...JOB, ...THREAD, 'automation-id'],
  health: [
    ...COMMON,
    'max-requests',
    'github-token',
    'weeks',
    'health-label',
    'agent',
    'max-jobs',
    'impact',
    'impact-weeks',
    'impact-comment',
    'docs-repository',
    'docs-root',
    'docs-token',
  ],
  check: [
    'api-key',
    'project-id',
    'wait-timeout',
    'base-url',
    'github-token',
    'fix',
    'fix-rounds',
    'docs-path',
    'mint-version',
    'checks',
    'scope',
    'exclude',
    'on-problems',
  ],
} as const satisfies Record<ActionName, readonly FieldName[]>

type ModeInputs<M extends ActionName> = InputsOf<(typeof MODE_INPUTS)[M][number]>
const common = (i: InputsOf<(typeof COMMON)[number]>) => ({
  apiKey: i['api-key'],
  projectId: i['project-id'],
  baseUrl: i['base-url'],
  waitTimeoutMs: i['wait-timeout'],
})

/** A range's start must come before its (exclusive) end, and not after now: no data lies there. */
function checkRange(from: RangeEnd | undefined, to: RangeEnd | undefined, now: number, ctx: Issues): boolean {
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

/** The settings of one mode, from the inputs it reads (and no other); each built only when asked for (start-up). */
const modeSchemas = (now: number, eventName: string, files: PromptFiles | undefined) => {
  const fields = fieldsAt(now, eventName)
  const schema = <M extends ActionName, T>(mode: M, transform: (i: ModeInputs<M>, ctx: Issues) => T) => {
    // the catalogue's list, in its order (the action.yml's), so problems come in the order users read them;
    // where the catalogue makes a required input optional (check: the key only to fix), empty is allowed
    const picked = Object.fromEntries(
      inputsOf(mode).map((name) => [
        name,
        INPUTS[name]?.optionalIn?.includes(mode) ? optional(fields[name as FieldName]) : fields[name as FieldName],
      ]),
    )
    return z.pipe(z.object(picked) as unknown as z.ZodMiniType<ModeInputs<M>>, z.transform(transform))
  }
  const traffic =
    <M extends 'visitors' | 'views'>(mode: M) =>
    (i: ModeInputs<'visitors'>, ctx: Issues) => {
      const from = i['date-from']
      const to = i['date-to']
      if (!checkRange(from, to, now, ctx)) return z.NEVER
      if (i.compare === 'previous-period' && !from) {
        return problem(
          ctx,
          '',
          'a start with compare: previous-period (the previous period is as long as this one, so this one needs a start)',
          ['date-from'],
        )
      }
      return {
        ...common(i),
        mode,
        pages: {
          dateFrom: from,
          dateTo: to,
          pageSize: i['page-size'],
          summaryRows: i['summary-rows'],
          compare: i.compare === 'previous-period',
          maxRequests: i['max-requests'],
        },
      }
    }
  const live =
    <M extends 'deploy' | 'preview' | 'automation'>(mode: M) =>
    (
      i: Omit<ModeInputs<'deploy'>, 'github-deployment' | 'deployment-environment'> &
        Partial<InputsOf<'branch' | 'automation-id' | 'require-pr' | 'github-deployment' | 'deployment-environment'>>,
      ctx: Issues,
    ) => {
      const pullRequestEvent = eventName === 'pull_request' || eventName === 'pull_request_target'
      if (mode === 'preview' && !i.branch && !pullRequestEvent) {
        return problem(
          ctx,
          '',
          `the branch to preview: on a ${eventName || 'run'} event there is no pull request head branch to take instead`,
          ['branch'],
        )
      }
      if (mode === 'automation' && i['automation-id'] === undefined) {
        return problem(ctx, '', 'the id of the saved automation to run', ['automation-id'])
      }
      if (i.comment && i['github-token'] === '') {
        return problem(
          ctx,
          '',
          'a token when comment is true: the default ${{ github.token }} works when the workflow grants "issues: write" or "pull-requests: write"',
          ['github-token'],
        )
      }
      if (i['github-deployment'] && i['github-token'] === '') {
        return problem(
          ctx,
          '',
          'a token when github-deployment is true: the default ${{ github.token }} works when the workflow grants "deployments: write"',
          ['github-token'],
        )
      }
      return {
        ...common(i),
        mode,
        githubDeployment: i['github-deployment']
          ? {
              environment: i['deployment-environment'] ?? (mode === 'preview' ? 'docs-preview' : 'docs-production'),
              token: i['github-token'],
            }
          : undefined,
        // read only with github-deployment: said by the mode, never silently ignored
        unapplied:
          !i['github-deployment'] && i['deployment-environment'] !== undefined ? ['deployment-environment'] : [],
        live: {
          wait: i.wait,
          pollIntervalMs: i['poll-interval'],
          requirePr: i['require-pr'] ?? false,
          branch: i.branch || undefined,
          automationId: i['automation-id'],
        },
        comment: i.comment ? { token: i['github-token'], triggerPhrase: i['trigger-phrase'] } : undefined,
      }
    }
  return {
    agent: () =>
      schema('agent', (i, ctx) => {
        const agent = { wait: i.wait, pollIntervalMs: i['poll-interval'], requirePr: i['require-pr'] }
        const changes =
          i.changes === 'none'
            ? undefined
            : {
                kind: i.changes,
                paths: i['changes-paths'],
                maxChars: i['max-changes'],
                continueThread: i['continue-thread'],
                token: i['github-token'],
              }
        if (changes && changes.token === '') {
          return problem(
            ctx,
            '',
            'a token when changes is set (the change is read from GitHub): the default ${{ github.token }} works with "contents: read" and "pull-requests: read"',
            ['github-token'],
          )
        }
        if (changes && !(CHANGE_EVENTS as readonly string[]).includes(eventName)) {
          return problem(
            ctx,
            i.changes,
            `none on this run's event (${eventName || 'unknown'}): changes describes the change of a ${CHANGE_EVENTS.join(', ')} event`,
            ['changes'],
          )
        }
        if (changes && i['job-id'] !== undefined) {
          return problem(
            ctx,
            i['job-id'],
            "no job-id with changes: the job is the thread's (continue-thread) or a new one",
            ['job-id'],
          )
        }
        if (i['continue-thread'] && !i.comment) {
          return problem(
            ctx,
            'true',
            "false unless comment is true: the thread's tracking comment is where the job and the last head described are kept",
            ['continue-thread'],
          )
        }
        let prompt = i.prompt
        if (i['prompt-file'] !== '') {
          if (i.prompt !== undefined)
            return problem(ctx, i['prompt-file'], 'prompt or prompt-file, not both: the prompt is one or the other', [
              'prompt-file',
            ])
          prompt = readPromptFile(i['prompt-file'], files, ctx)
          if (prompt === undefined) return z.NEVER
        }
        if (prompt === undefined && i['job-id'] === undefined && !changes) {
          return problem(
            ctx,
            '',
            'the agent needs prompt (to create a job), job-id (to wait on an existing job), or both (to send a follow-up)',
            ['prompt'],
          )
        }
        if (i.comment && i['github-token'] === '') {
          return problem(
            ctx,
            '',
            'a token when comment is true: the default ${{ github.token }} works when the workflow grants "issues: write" or "pull-requests: write"',
            ['github-token'],
          )
        }
        return {
          ...common(i),
          mode: 'agent' as const,
          comment: i.comment
            ? {
                token: i['github-token'],
                docsToken: i['docs-token'] || undefined,
                reviewers: i.reviewers === 'author',
                triggerPhrase: i['trigger-phrase'],
                statusLabels: i['status-labels'] ?? undefined,
              }
            : undefined,
          agent: { prompt, jobId: i['job-id'], ...agent },
          changes,
        }
      }),
    comment: () =>
      schema('comment', (i, ctx) => {
        if (!(CONVERSATION_EVENTS as readonly string[]).includes(eventName)) {
          return problem(
            ctx,
            eventName,
            `mode: comment to run on ${CONVERSATION_EVENTS.join(', ')} (this run's event is ${eventName || 'unknown'})`,
            ['mode'],
          )
        }
        if (i['github-token'] === '') {
          return problem(
            ctx,
            '',
            'a token to read the thread and write its tracking comment: the default ${{ github.token }} works when the workflow grants "issues: write" and "pull-requests: write"',
            ['github-token'],
          )
        }
        return {
          ...common(i),
          mode: 'comment' as const,
          comment: {
            token: i['github-token'],
            docsToken: i['docs-token'] || undefined,
            reviewers: i.reviewers === 'author',
            triggerPhrase: i['trigger-phrase'],
            allowedBots: i['allowed-bots'],
            eventName,
            statusLabels: i['status-labels'] ?? undefined,
          },
          agent: { wait: i.wait, pollIntervalMs: i['poll-interval'], requirePr: i['require-pr'] },
        }
      }),
    visitors: () => schema('visitors', traffic('visitors')),
    views: () => schema('views', traffic('views')),
    insights: () =>
      schema('insights', (i, ctx) => {
        const from = i['date-from']
        const to = i['date-to']
        if (!checkRange(from, to, now, ctx)) return z.NEVER
        return {
          ...common(i),
          mode: 'insights' as const,
          insights: { dateFrom: from, dateTo: to, summaryRows: i['summary-rows'], maxRequests: i['max-requests'] },
        }
      }),
    deploy: () => schema('deploy', live('deploy')),
    preview: () => schema('preview', live('preview')),
    automation: () => schema('automation', live('automation')),
    health: () =>
      schema('health', (i, ctx) => {
        if (i['github-token'] === '') {
          return problem(
            ctx,
            '',
            'a token to keep the health issue: the default ${{ github.token }} works when the workflow grants "issues: write"',
            ['github-token'],
          )
        }
        const impact =
          i.impact === 'on'
            ? {
                weeks: i['impact-weeks'],
                comment: i['impact-comment'],
                repository: i['docs-repository'],
                root: i['docs-root'],
                docsToken: i['docs-token'] || undefined,
              }
            : undefined
        // with impact off, an impact input someone set does nothing: said, not silently ignored
        const given: Array<[string, boolean]> = [
          ['impact-weeks', String(i['impact-weeks']) !== DEFAULTS['impact-weeks']],
          ['impact-comment', String(i['impact-comment']) !== DEFAULTS['impact-comment']],
          ['docs-root', i['docs-root'] !== undefined],
          ['docs-token', i['docs-token'] !== ''],
        ]
        const unapplied = impact ? [] : given.filter(([, set]) => set).map(([name]) => name)
        return {
          ...common(i),
          mode: 'health' as const,
          health: {
            weeks: i.weeks,
            label: i['health-label'],
            agent: i.agent,
            maxJobs: i['max-jobs'],
            token: i['github-token'],
            maxRequests: i['max-requests'],
            impact,
            unapplied,
          },
        }
      }),
    check: () =>
      schema('check', (i, ctx) => {
        const pullRequest = eventName === 'pull_request' || eventName === 'pull_request_target'
        if (i.scope !== 'all' && pullRequest && i['github-token'] === '')
          return problem(
            ctx,
            '',
            "a token to read the pull request's changed files with scope new or changed (the default ${{ github.token }} works with pull-requests: read and contents: read), or scope: all",
            ['github-token'],
          )
        if (i.fix && (i['api-key'] === '' || i['project-id'] === ''))
          return problem(
            ctx,
            '',
            "the key and the project when fix is true (the problems go to the agent's job as a follow-up): api-key from a secret and project-id",
            [i['api-key'] === '' ? 'api-key' : 'project-id'],
          )
        const unapplied = i.fix
          ? []
          : [
              ...(i['api-key'] !== '' ? ['api-key'] : []),
              ...(String(i['fix-rounds']) !== DEFAULTS['fix-rounds'] ? ['fix-rounds'] : []),
            ]
        return {
          // the key only to fix: checking asks the service nothing
          ...common(i),
          mode: 'check' as const,
          unapplied,
          check: {
            docsPath: i['docs-path'],
            mintVersion: i['mint-version'],
            checks: i.checks,
            // changed means something only on a pull request; elsewhere the whole site, said once
            scope: i.scope,
            exclude: i.exclude,
            onProblems: i['on-problems'],
            token: i['github-token'],
            fix: i.fix ? { rounds: i['fix-rounds'] } : undefined,
          },
        }
      }),
  }
}

type Schemas = ReturnType<typeof modeSchemas>
export type Settings = { [M in ActionName]: z.output<ReturnType<Schemas[M]>> }[ActionName]
export type AgentSettings = Extract<Settings, { mode: 'agent' }>
export type VisitorsViewsSettings = Extract<Settings, { mode: 'visitors' | 'views' }>
export type CommentSettings = Extract<Settings, { mode: 'comment' }>
export type InsightsSettings = Extract<Settings, { mode: 'insights' }>
export type LiveSettings = Extract<Settings, { mode: 'deploy' | 'preview' | 'automation' }>
export type HealthSettings = Extract<Settings, { mode: 'health' }>
export type CheckSettings = Extract<Settings, { mode: 'check' }>

function describeValue(name: string, raw: string | undefined): string {
  if (name === 'api-key') return raw ? 'is not a usable key (its value is not shown)' : 'is empty'
  if (raw === undefined || raw === '') return 'is empty'
  const text = name === 'base-url' ? withoutUrlSecrets(raw) : raw
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text
  return `is ${JSON.stringify(shown)}`
}

/**
 * Validates raw inputs (as the runner passes them; empty means "not given") into Settings, or
 * throws one InputError that names every bad input, its value and what is accepted. Only the
 * inputs the mode reads are looked at: the focused action's (`action`), or, for the root, those of
 * its `mode` input.
 */
export function parseSettings(
  raw: RawInputs,
  now: number,
  eventName = '',
  files?: PromptFiles,
  action?: ActionName,
): Settings {
  const mode = action ?? modeOf(raw)
  const withDefaults: Record<string, string> = {}
  for (const name of inputsOf(mode)) {
    const given = raw[name] ?? ''
    const fallback = DEFAULTS[name]
    withDefaults[name] =
      name === 'prompt' ? given : given.trim() === '' && fallback !== undefined ? fallback : given.trim()
  }
  const result = modeSchemas(now, eventName, files)[mode]().safeParse(withDefaults)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'inputs')
    if (name === 'date-from' && issue.message.startsWith('a start with compare')) {
      return `Input "date-from" is empty: expected ${issue.message}.`
    }
    if (
      name === 'date-from' &&
      (issue.message.startsWith('a start before') || issue.message.startsWith('a start no later'))
    ) {
      return `Input "date-from" ${describeValue(name, raw['date-from'])}: expected ${issue.message}.`
    }
    if (name === 'mode' && issue.message.startsWith('mode: comment to run on')) {
      return action
        ? `The comment action reads a comment, but this run's event is not one it reads: expected it ${issue.message.replace('mode: comment ', '')}.`
        : `Input "mode" is "comment", but this run's event is not one it reads: expected ${issue.message}.`
    }
    if (name === 'prompt' && issue.message.startsWith('the agent needs')) {
      return `Inputs "prompt" and "job-id" are both empty: ${issue.message}.`
    }
    const described = (issue as { params?: { described?: unknown } }).params?.described
    return `Input "${name}" ${typeof described === 'string' ? described : describeValue(name, raw[name])}: expected ${issue.message}.`
  })
  throw new InputError(lines.join('\n'))
}

/** The root's mode input, or an InputError naming it and what is accepted. */
function modeOf(raw: RawInputs): ActionName {
  const given = (raw.mode ?? '').trim() || DEFAULTS.mode
  const mode = MODES.find((m) => m === given)
  if (mode !== undefined) return mode
  throw new InputError(
    `Input "mode" ${describeValue('mode', raw.mode)}: expected agent, visitors, views, insights, comment, deploy, preview, automation or health.`,
  )
}

/**
 * The root's inputs that were given but that its mode does not read, each with the actions that do
 * read it: never validated, never a failure, never silent (main.ts warns once for each). "Given" is
 * set to something other than its default (the runner passes every default), and an input whose
 * default is an expression (github-token) is never counted.
 */
export function unusedInputs(raw: RawInputs, mode: ActionName): Array<{ name: string; readBy: readonly ActionName[] }> {
  const reads = new Set<string>(inputsOf(mode))
  return Object.entries(INPUTS)
    .filter(([name, spec]) => name !== 'mode' && !reads.has(name) && !(spec.default ?? '').includes('${{'))
    .filter(([name, spec]) => {
      const given = (raw[name] ?? '').trim()
      return given !== '' && given !== spec.default
    })
    .map(([name, spec]) => ({ name, readBy: spec.actions }))
}
