import type { InputTable, Parsed } from '../inputs/catalogue.js'
import { parseAllowedBots } from '../inputs/parsers.js'
import { type Issues, checked, problem } from '../inputs/problem.js'
import { type Run, common, tokenNeeded } from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'

/**
 * The comment action's own input (the bots that may instruct) and its rules: the event it reads,
 * the token it needs; the settings `run` (mode.ts) is given.
 */

/** The events the comment action reads an instruction from. */
const CONVERSATION_EVENTS = ['issue_comment', 'pull_request_review_comment', 'pull_request_review'] as const

export const INPUTS = {
  'allowed-bots': {
    actions: ['comment'],
    field: checked(
      'comma-separated bot logins such as renovate[bot], dependabot[bot]; * (any bot) is not accepted: ' +
        'list each bot you trust',
      parseAllowedBots,
    ),
    words: {
      text: say(
        'Comma-separated bot logins (renovate[bot]) whose comments may instruct; * is not accepted.',
        'Other bots never do.',
      ),
      root: say(
        'Comment mode: comma-separated bot logins (renovate[bot]) whose comments may trigger; * is not accepted.',
        'Other bots never trigger.',
      ),
    },
  },
} as const satisfies InputTable

type CommentInputs = SharedOf<'comment'> & Parsed<typeof INPUTS>

/** The conversation's settings: the thread, who may instruct, the wait. */
function comment(i: CommentInputs, ctx: Issues, run: Run) {
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

export type CommentSettings = ReturnType<typeof comment>

/** The comment action's rules, by its name. */
export const RULES = { comment }

export const ACTION = {
  comment: {
    name: 'Mintlify docs /docs comments',
    description: say(
      'Take a /docs comment on an issue or pull request as an instruction to the job linked to that thread (or',
      'a new one), from people with write access only.',
    ),
  },
}
