import * as z from 'zod/mini'
import type { RangeEnd } from './dates.js'
import { formatTime } from '../util/format.js'
import { type ActionName, DEFAULTS, INPUTS_OF, type InputOf, inputSpec } from './catalogue.js'
import { type FieldName, type Fields, fieldsAt } from './fields.js'
import { type Issues, optional, problem, recorded } from './problem.js'
import { type PromptFiles, readPromptFile } from './prompt-file.js'

/**
 * Each mode's settings from the inputs its action reads (catalogue.ts), and the rules that join two
 * inputs or more (a range's ends, a token an option needs, an event a mode needs). Each input alone
 * is its field's (fields.ts).
 */

type Parsed = { [K in FieldName]: z.output<Fields[K]> }
/** What a mode's rules get: the parsed inputs its action reads, and only those. */
type ModeInputs<M extends ActionName> = Pick<Parsed, Exclude<InputOf<M>, 'mode'>>

/** What the rules know of the run besides its inputs. */
interface Run {
  now: number
  eventName: string
  files: PromptFiles | undefined
}

/**
 * The GitHub environments deploy and preview show their deployments in, unless told
 * (deployment-environment); health reads the production one to know a change is live.
 */
export const PRODUCTION_ENVIRONMENT = 'docs-production'
const PREVIEW_ENVIRONMENT = 'docs-preview'

/** The events whose change `changes` describes (github/change.ts reads them). */
const CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'push'] as const

/** The events `mode: comment` reads an instruction from. */
const CONVERSATION_EVENTS = ['issue_comment', 'pull_request_review_comment', 'pull_request_review'] as const

const isPullRequestEvent = (eventName: string) => eventName === 'pull_request' || eventName === 'pull_request_target'

const common = (i: Pick<Parsed, 'api-key' | 'project-id' | 'base-url' | 'wait-timeout'>) => ({
  apiKey: i['api-key'],
  projectId: i['project-id'],
  baseUrl: i['base-url'],
  waitTimeoutMs: i['wait-timeout'],
})

/** "a token when X: the default … works when …": a token an option needs and the input left empty. */
const tokenNeeded = (ctx: Issues, when: string) => problem(ctx, '', `a token ${when}`, ['github-token'])

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

/** With changes: the change to describe, or a problem with the inputs or the event that rule it out. */
function agentChanges(i: ModeInputs<'agent'>, ctx: Issues, run: Run) {
  if (i.changes === 'none') return undefined
  const changes = {
    kind: i.changes,
    paths: i['changes-paths'],
    maxChars: i['max-changes'],
    continueThread: i['continue-thread'],
    token: i['github-token'],
  }
  if (changes.token === '')
    return tokenNeeded(
      ctx,
      'when changes is set (the change is read from GitHub): ' +
        'the default ${{ github.token }} works with "contents: read" and "pull-requests: read"',
    )
  if (!(CHANGE_EVENTS as readonly string[]).includes(run.eventName))
    return problem(
      ctx,
      i.changes,
      `none on this run's event (${run.eventName || 'unknown'}): ` +
        `changes describes the change of a ${CHANGE_EVENTS.join(', ')} event`,
      ['changes'],
    )
  if (i['job-id'] !== undefined)
    return problem(ctx, i['job-id'], "no job-id with changes: the job is the thread's (continue-thread) or a new one", [
      'job-id',
    ])
  return changes
}

/** The prompt, from prompt or prompt-file (never both). */
function agentPrompt(i: ModeInputs<'agent'>, ctx: Issues, run: Run): string | undefined {
  if (i['prompt-file'] === '') return i.prompt
  if (i.prompt !== undefined)
    return problem(ctx, i['prompt-file'], 'prompt or prompt-file, not both: the prompt is one or the other', [
      'prompt-file',
    ])
  return readPromptFile(i['prompt-file'], run.files, ctx)
}

const COMMENT_TOKEN =
  'when comment is true: the default ${{ github.token }} works when the workflow grants ' +
  '"issues: write" or "pull-requests: write"'

function agent(i: ModeInputs<'agent'>, ctx: Issues, run: Run) {
  const changes = agentChanges(i, ctx, run)
  if (recorded(ctx)) return z.NEVER
  if (i['continue-thread'] && !i.comment) {
    return problem(
      ctx,
      'true',
      "false unless comment is true: the thread's tracking comment is where the job and " +
        'the last head described are kept',
      ['continue-thread'],
    )
  }
  const prompt = agentPrompt(i, ctx, run)
  if (recorded(ctx)) return z.NEVER
  if (prompt === undefined && i['job-id'] === undefined && !changes) {
    return problem(
      ctx,
      '',
      'the agent needs prompt (to create a job), job-id (to wait on an existing job), or both (to send a follow-up)',
      ['prompt'],
      { wording: 'nothing-to-do' },
    )
  }
  if (i.comment && i['github-token'] === '') return tokenNeeded(ctx, COMMENT_TOKEN)
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
    agent: {
      prompt,
      jobId: i['job-id'],
      wait: i.wait,
      pollIntervalMs: i['poll-interval'],
      requirePr: i['require-pr'],
    },
    changes,
  }
}

function comment(i: ModeInputs<'comment'>, ctx: Issues, run: Run) {
  const { eventName } = run
  if (!(CONVERSATION_EVENTS as readonly string[]).includes(eventName)) {
    return problem(
      ctx,
      eventName,
      `mode: comment to run on ${CONVERSATION_EVENTS.join(', ')} (this run's event is ${eventName || 'unknown'})`,
      ['mode'],
      { wording: 'event' },
    )
  }
  if (i['github-token'] === '')
    return tokenNeeded(
      ctx,
      'to read the thread and write its tracking comment: the default ${{ github.token }} works ' +
        'when the workflow grants "issues: write" and "pull-requests: write"',
    )
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
}

const traffic =
  <M extends 'visitors' | 'views'>(mode: M) =>
  (i: ModeInputs<'visitors'>, ctx: Issues, run: Run) => {
    const from = i['date-from']
    const to = i['date-to']
    if (!checkRange(from, to, run.now, ctx)) return z.NEVER
    if (i.compare === 'previous-period' && !from) {
      return problem(
        ctx,
        '',
        'a start with compare: previous-period ' +
          '(the previous period is as long as this one, so this one needs a start)',
        ['date-from'],
        { described: 'is empty' },
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

function insights(i: ModeInputs<'insights'>, ctx: Issues, run: Run) {
  const from = i['date-from']
  const to = i['date-to']
  if (!checkRange(from, to, run.now, ctx)) return z.NEVER
  return {
    ...common(i),
    mode: 'insights' as const,
    insights: { dateFrom: from, dateTo: to, summaryRows: i['summary-rows'], maxRequests: i['max-requests'] },
  }
}

/** The inputs of deploy, preview and automation together: each reads most of them. */
type LiveInputs = Omit<ModeInputs<'deploy'>, 'github-deployment' | 'deployment-environment'> &
  Partial<
    Pick<
      Parsed,
      | 'branch'
      | 'automation-id'
      | 'require-pr'
      | 'github-deployment'
      | 'deployment-environment'
      | 'pages-json'
      | 'docs-path'
    >
  >

/** What deploy, preview and automation need beyond their fields, or the first problem. */
function liveProblem<M extends 'deploy' | 'preview' | 'automation'>(mode: M, i: LiveInputs, ctx: Issues, run: Run) {
  const { eventName } = run
  if (mode === 'preview' && !i.branch && !isPullRequestEvent(eventName)) {
    return problem(
      ctx,
      '',
      `the branch to preview: on a ${eventName || 'run'} event there is no pull request head branch to take instead`,
      ['branch'],
    )
  }
  if (mode === 'automation' && i['automation-id'] === undefined)
    return problem(ctx, '', 'the id of the saved automation to run', ['automation-id'])
  if (i.comment && i['github-token'] === '') return tokenNeeded(ctx, COMMENT_TOKEN)
  if (i['github-deployment'] && i['github-token'] === '')
    return tokenNeeded(
      ctx,
      'when github-deployment is true: the default ${{ github.token }} works when the workflow grants ' +
        '"deployments: write"',
    )
  return undefined
}

const live =
  <M extends 'deploy' | 'preview' | 'automation'>(mode: M) =>
  (i: LiveInputs, ctx: Issues, run: Run) => {
    liveProblem(mode, i, ctx, run)
    if (recorded(ctx)) return z.NEVER
    return {
      ...common(i),
      mode,
      githubDeployment: i['github-deployment']
        ? {
            environment:
              i['deployment-environment'] ?? (mode === 'preview' ? PREVIEW_ENVIRONMENT : PRODUCTION_ENVIRONMENT),
            token: i['github-token'],
          }
        : undefined,
      // read only with github-deployment, and without pages-json: said by the mode, never silently ignored
      unapplied: [
        ...(!i['github-deployment'] && i['deployment-environment'] !== undefined ? ['deployment-environment'] : []),
        ...(i['pages-json'] !== undefined && i['docs-path'] !== undefined ? ['docs-path'] : []),
      ],
      live: {
        wait: i.wait,
        pollIntervalMs: i['poll-interval'],
        requirePr: i['require-pr'] ?? false,
        branch: i.branch || undefined,
        automationId: i['automation-id'],
        // the pull request's pages: the check's file, else its files in the docs folder, read with the token
        pages: { file: i['pages-json'], docsPath: i['docs-path'] ?? '', token: i['github-token'] },
      },
      comment: i.comment ? { token: i['github-token'], triggerPhrase: i['trigger-phrase'] } : undefined,
    }
  }

function health(i: ModeInputs<'health'>, ctx: Issues) {
  if (i['github-token'] === '')
    return tokenNeeded(
      ctx,
      'to keep the health issue: the default ${{ github.token }} works when the workflow grants "issues: write"',
    )
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
  const answers = healthAnswers(i, ctx)
  if (recorded(ctx)) return z.NEVER
  // with impact off, an impact input someone set does nothing: said, not silently ignored
  const given: Array<[string, boolean]> = [
    ['impact-weeks', String(i['impact-weeks']) !== DEFAULTS['impact-weeks']],
    ['impact-comment', String(i['impact-comment']) !== DEFAULTS['impact-comment']],
    ['docs-root', i['docs-root'] !== undefined],
    ['docs-token', i['docs-token'] !== ''],
  ]
  const unapplied = [
    ...(impact ? [] : given.filter(([, set]) => set).map(([name]) => name)),
    ...(!answers && String(i['max-searches']) !== DEFAULTS['max-searches'] ? ['max-searches'] : []),
  ]
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
      answers,
      unapplied,
    },
  }
}

/** The search API's settings (assistant-key and domain, both or neither), or undefined: no searches. */
function healthAnswers(i: ModeInputs<'health'>, ctx: Issues) {
  const key = i['assistant-key']
  const domain = i.domain
  if (key !== undefined && domain === undefined)
    return problem(
      ctx,
      '',
      "the site's identifier with assistant-key (the search API searches one site): " +
        'the name in its domain.mintlify.site address',
      ['domain'],
    )
  if (key === undefined && domain !== undefined)
    return problem(
      ctx,
      '',
      'an assistant API key (mint_dsc_…) from a secret with domain (the search API takes only that key type)',
      ['assistant-key'],
    )
  return key !== undefined && domain !== undefined
    ? { assistantKey: key, domain, maxSearches: i['max-searches'] }
    : undefined
}

function check(i: ModeInputs<'check'>, ctx: Issues, run: Run) {
  if (i.scope !== 'all' && isPullRequestEvent(run.eventName) && i['github-token'] === '')
    return problem(
      ctx,
      '',
      "a token to read the pull request's changed files with scope new or changed " +
        '(the default ${{ github.token }} works with pull-requests: read and contents: read), or scope: all',
      ['github-token'],
    )
  // the key and the project weigh the problems by their readers' views; the key alone serves nothing
  const weighed = i['api-key'] !== '' && i['project-id'] !== ''
  // fix without them (a team with no key stored, a fork's run) does not apply: said, never a failure
  const fix = i.fix && weighed
  const unapplied = [
    ...(i.fix && !weighed ? ['fix'] : []),
    ...(!i.fix && i['api-key'] !== '' && i['project-id'] === '' ? ['api-key'] : []),
    ...(!fix && String(i['fix-rounds']) !== DEFAULTS['fix-rounds'] ? ['fix-rounds'] : []),
    ...(i['project-id'] === '' && String(i['min-views']) !== DEFAULTS['min-views'] ? ['min-views'] : []),
  ]
  return {
    // the key to fix and to weigh by readers: the check itself asks the service nothing
    ...common(i),
    mode: 'check' as const,
    unapplied,
    check: {
      docsPath: i['docs-path'],
      mintVersion: i['mint-version'],
      checks: i.checks,
      // changed means something only on a pull request; elsewhere the whole site (the log says so)
      scope: i.scope,
      exclude: i.exclude,
      onProblems: i['on-problems'],
      checkRun: i['check-run'],
      suggestions: i.suggestions,
      token: i['github-token'],
      fix: fix ? { rounds: i['fix-rounds'] } : undefined,
      // a project without its key: a fork's pull request (it gets no secrets), checked unweighed
      views: weighed ? { minViews: i['min-views'] } : i['project-id'] !== '' ? ('no-key' as const) : undefined,
    },
  }
}

/** Each mode's rules, by its action's name. */
const RULES = {
  agent,
  comment,
  visitors: traffic('visitors'),
  views: traffic('views'),
  insights,
  deploy: live('deploy'),
  preview: live('preview'),
  automation: live('automation'),
  health,
  check,
} satisfies { [M in ActionName]: (i: ModeInputs<M>, ctx: Issues, run: Run) => unknown }

export type ModeSettings = { [M in ActionName]: ReturnType<(typeof RULES)[M]> }

/**
 * The schema of one mode: the fields of the inputs its action reads (the catalogue's list, in its
 * order, the action.yml's, so problems come in the order users read them), then its rules. Where the
 * catalogue makes a required input optional (check: the key only to fix), empty is allowed.
 */
export function modeSchema<M extends ActionName>(mode: M, run: Run): z.ZodMiniType<ModeSettings[M], unknown> {
  const fields = fieldsAt(run.now, run.eventName)
  const picked = Object.fromEntries(
    INPUTS_OF[mode].map((name) => {
      const field = fields[name as FieldName]
      return [name, inputSpec(name).optionalIn?.includes(mode) ? optional(field) : field]
    }),
  )
  const rules = RULES[mode] as (i: ModeInputs<M>, ctx: Issues, run: Run) => ModeSettings[M]
  return z.pipe(
    z.object(picked) as unknown as z.ZodMiniType<ModeInputs<M>>,
    z.transform((i: ModeInputs<M>, ctx) => rules(i, ctx, run)),
  )
}
