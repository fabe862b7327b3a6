import * as z from 'zod/mini'
import type { InputTable, Parsed } from '../inputs/catalogue.js'
import { emptyOr, booleanInput, integerInput } from '../inputs/fields.js'
import { identifier, oneOf, parseGlobs } from '../inputs/parsers.js'
import { type Issues, checked, input, problem, recorded } from '../inputs/problem.js'
import { promptProblem, readPromptFile } from '../inputs/prompt-file.js'
import { COMMENT_TOKEN, type Run, common, tokenNeeded } from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'

/**
 * The agent action's own inputs (what to send, which job, the code change it describes), and its
 * rules: the settings `run` (mode.ts) is given. The inputs it shares with other actions are in
 * src/inputs/; src/interface/ puts every action's together.
 */

const CHANGES = ['none', 'files', 'diff'] as const

/** The events whose change `changes` describes (github/change.ts reads them). */
const CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'push'] as const

export const INPUTS = {
  prompt: {
    actions: ['agent'],
    field: input((v, ctx) => {
      const bad = promptProblem(v)
      return bad ? problem(ctx, v, bad.accepted, undefined, { described: bad.described }) : v.trim() || undefined
    }),
    words: {
      text: 'The instruction for the documentation agent. With job-id it is sent to that job as a follow-up message.',
    },
  },
  'prompt-file': {
    actions: ['agent'],
    field: z.string(),
    words: {
      text: say(
        'A file inside the workspace whose text (UTF-8) is the prompt, for a generated prompt of any size up to',
        "the action's bound of 200,000 characters (an input passes through an environment variable, which Linux",
        'limits to 128 KiB). Not together with prompt.',
      ),
    },
  },
  'job-id': {
    actions: ['agent'],
    field: emptyOr('a job id without spaces, as printed by an earlier run (output job-id)', identifier),
    words: {
      text: say(
        'An existing job. With prompt, the prompt is sent to it as a follow-up. Without prompt, the step waits on',
        'that job (resume after a timeout, or a job started elsewhere).',
      ),
    },
  },
  changes: {
    default: 'none',
    actions: ['agent'],
    field: checked('none, files (the changed files) or diff (the files and their patches)', oneOf(CHANGES)),
    words: {
      text: say(
        "none, files (the changed files with status and line counts) or diff (files and patches) of the event's",
        "change: a pull_request / pull_request_target event's pull request, or a push's before...after. Other",
        'events are an input error. prompt may then be empty.',
      ),
    },
  },
  'changes-paths': {
    actions: ['agent'],
    field: checked('globs, one a line or comma-separated, such as src/** and !**/*.test.ts', parseGlobs),
    words: {
      text: say(
        'With changes: globs, one a line or comma-separated (src/**, !**/*.test.ts); only matching files count.',
        'When none matches, no job is sent (triggered false, skip-reason no-relevant-changes).',
      ),
    },
  },
  'max-changes': {
    default: '40000',
    actions: ['agent'],
    field: integerInput(1000, 1_000_000, 'a whole number of characters of change description from 1000 to 1000000'),
    words: {
      text: say(
        'With changes: the most characters of change description in the prompt; patches are cut whole file by',
        'whole file (the file list stays) and the prompt says what was left out.',
      ),
    },
  },
  'continue-thread': {
    default: 'false',
    actions: ['agent'],
    field: booleanInput,
    words: {
      text: say(
        "With changes and comment true, on a pull request: when the thread's tracking comment links a job, send",
        'only the changes since the head recorded last time to that job as a follow-up instead of creating a job.',
      ),
    },
  },
} as const satisfies InputTable

type AgentInputs = SharedOf<'agent'> & Parsed<typeof INPUTS>

/** With changes: the change to describe, or a problem with the inputs or the event that rule it out. */
function agentChanges(i: AgentInputs, ctx: Issues, run: Run) {
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
function agentPrompt(i: AgentInputs, ctx: Issues, run: Run): string | undefined {
  if (i['prompt-file'] === '') return i.prompt
  if (i.prompt !== undefined)
    return problem(ctx, i['prompt-file'], 'prompt or prompt-file, not both: the prompt is one or the other', [
      'prompt-file',
    ])
  return readPromptFile(i['prompt-file'], run.files, ctx)
}

/** The agent's settings: the prompt or job, the wait, the thread's comment, the change. */
function agent(i: AgentInputs, ctx: Issues, run: Run) {
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

export type AgentSettings = ReturnType<typeof agent>

/** The agent action's rules, by its name. */
export const RULES = { agent }

export const ACTION = {
  agent: {
    name: 'Mintlify docs agent job',
    description:
      'Start, follow up or wait on a Mintlify documentation agent job, and hand its pull request to the next step.',
  },
}
