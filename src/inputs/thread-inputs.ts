import * as z from 'zod/mini'
import type { InputTable } from './catalogue.js'
import { booleanInput } from './fields.js'
import { parseStatusLabels, parseTriggerPhrase } from './parsers.js'
import { checked } from './problem.js'
import { say } from './words.js'

/**
 * The thread's inputs, shared by the features that keep a tracking comment (agent, comment, deploy,
 * preview, automation) and those that write to GitHub: the comment, the tokens that write it, the
 * reviewers, the phrase and the status labels.
 */

const TRIGGER_PHRASE_WORDS = say(
  'The phrase the tracking comment tells people to start a /docs comment with',
  '(the comment action must use the same).',
)

export const THREAD_INPUTS = {
  comment: {
    default: 'false',
    actions: ['agent', 'deploy', 'preview', 'automation'],
    field: booleanInput,
    words: {
      text: {
        agent: say(
          "Keep the job's progress and result in the tracking comment of the issue or pull request that triggered",
          "the run (one comment per thread, edited across runs; the agent's pull request gets one too), so /docs",
          'comments there can continue the job.',
        ),
        deploy: say(
          'Show the deployment and its verdict in the tracking comment of the issue or pull request that',
          'triggered the run.',
        ),
        preview: say(
          'Show the preview, its URL and its verdict in the tracking comment of the pull request (or issue) that',
          'triggered the run.',
        ),
        automation: say(
          "Keep the automation's agent job in the tracking comment of the issue or pull request that triggered",
          'the run, as the agent action does.',
        ),
      },
      root: say(
        "Agent mode: keep the job's progress and result in the tracking comment of the issue or pull request that",
        "triggered the run (one comment per thread, edited across runs; the agent's pull request gets one too),",
        'so /docs comments there can continue the job.',
      ),
    },
  },
  'github-token': {
    default: '${{ github.token }}',
    actions: ['agent', 'comment', 'health', 'deploy', 'preview', 'automation', 'check'],
    field: z.string(),
    words: {
      text: {
        agent: say(
          'Token for the tracking comment and status labels (comment: true; issues: write and pull-requests:',
          'write) and for reading a code change (changes; contents: read, pull-requests: read).',
        ),
        comment:
          'Token for reactions, the tracking comment, labels and review replies: issues: write and pull-requests: write.',
        deploy: say(
          'Token for the tracking comment (comment: true: issues: write or pull-requests: write) and the GitHub',
          'deployment (github-deployment: deployments: write).',
        ),
        preview: say(
          'Token for the tracking comment (comment: true), and for reading the pull request: pull-requests:',
          'write; for the GitHub deployment (github-deployment): deployments: write.',
        ),
        automation: 'Token for the tracking comment (comment: true): issues: write or pull-requests: write.',
        health: say(
          'Token for the health issue and its label (issues: write), and with impact for the docs pull requests',
          'of this repository (pull-requests: read, or write with impact-comment; contents: read to find',
          'docs.json once).',
        ),
        check: say(
          "Token for reading the pull request's changed files and its base's versions of them (scope new or",
          'changed): pull-requests: read and contents: read; pull-requests: write for the review of its fixes',
          '(suggestions: auto) and checks: write for its check run (check-run: auto).',
        ),
      },
      root: say(
        'Token for comments and reactions (comment: true, and mode: comment; needs issues: write and',
        'pull-requests: write), for reading a code change (changes; contents: read), and for the health issue',
        '(mode: health; issues: write; with impact also pull-requests: read, or write with impact-comment, and',
        'contents: read to find docs.json), and for the files a pull request changes (mode: check; pull-requests:',
        'read, or write for the review of its fixes with suggestions: auto).',
      ),
    },
  },
  'docs-token': {
    actions: ['agent', 'comment', 'health'],
    field: z.string(),
    words: {
      text: {
        agent: say(
          "With comment true: a token that can write issues and pull requests in the repository of the agent's",
          'pull request when that is not this one (an installation token of a GitHub App on both repositories,',
          'from actions/create-github-app-token, or a fine-grained token). With it, that pull request gets a',
          'tracking comment linking back here, and /docs there continues the job. Empty: only this repository is',
          'written to (a notice says what that misses).',
        ),
        comment: say(
          "A token that can write issues and pull requests in the repository of the agent's pull request when",
          'that is not this one (an installation token of a GitHub App on both repositories, or a fine-grained',
          'token). With it, that pull request gets a tracking comment linking back to this thread. Empty: only',
          'this repository is written to (a notice says what that misses).',
        ),
        health: say(
          'With impact, when docs-repository is not this one: a token that reads its pull requests',
          '(pull-requests: read) and, with impact-comment, comments on them (pull-requests: write). Empty:',
          'github-token reads them (a public repository) and no comment is written there (a notice says so).',
        ),
      },
      root: say(
        'Agent mode with comment true, comment mode, and health mode with impact: a token that can write issues',
        "and pull requests in the repository of the agent's pull request (health: of docs-repository) when that",
        'is not this one (an installation token of a GitHub App on both repositories, from',
        'actions/create-github-app-token, or a fine-grained token). With it, that pull request gets a tracking',
        'comment linking back here, and /docs there continues the job. Empty: only this repository is written to',
        '(a notice says what that misses).',
      ),
    },
  },
  reviewers: {
    default: 'off',
    actions: ['agent', 'comment'],
    field: checked('off, or author (ask the people who started the job to review its pull request)', (v) =>
      v === 'off' || v === 'author' ? v : undefined,
    ),
    words: {
      text: {
        agent: say(
          "With comment true: off, or author to ask who started the job (the code pull request's author with",
          "changes, the issue's author for a labelled issue, who pushed) to review the agent's pull request, once",
          'per job. A refusal (not a collaborator of the docs repository) is one warning naming who.',
        ),
        comment: say(
          'off, or author to ask the writers of the /docs comments that started a job and, on a code pull',
          "request, its author to review the agent's pull request, each on their own, once per job. Each refusal",
          '(not a collaborator of the docs repository) is one warning naming who.',
        ),
      },
      root: say(
        'Agent mode with comment true, and comment mode: off, or author to ask the people who started the job',
        "(the code pull request's or the issue's author; the writers of the /docs comments and, on a code pull",
        "request, its author) to review the agent's pull request, each on their own, once per job. Each refusal",
        '(not a collaborator of the docs repository) is one warning naming who.',
      ),
    },
  },
  'trigger-phrase': {
    default: '/docs',
    actions: ['agent', 'comment', 'deploy', 'preview', 'automation'],
    field: checked(
      'a phrase of 1 to 50 characters without spaces, not starting with @ (a mention notifies a real account), ' +
        '> or a backtick; for example /docs',
      parseTriggerPhrase,
    ),
    words: {
      text: {
        agent: TRIGGER_PHRASE_WORDS,
        comment: say(
          'A comment is an instruction when a line starts with this phrase (case-insensitive, leading spaces',
          'allowed, not in a quote or code block); the instruction is the text after it, following lines',
          'included.',
        ),
        deploy: TRIGGER_PHRASE_WORDS,
        preview: TRIGGER_PHRASE_WORDS,
        automation: TRIGGER_PHRASE_WORDS,
      },
      root: say(
        'Comment mode: a comment is an instruction when a line starts with this phrase (case-insensitive, leading',
        'spaces allowed, not in a quote or code block); the instruction is the text after it, following lines',
        'included.',
      ),
    },
  },
  'status-labels': {
    actions: ['agent', 'comment'],
    field: checked(
      'three different comma-separated label names of up to 50 characters (while the job runs, done, failed), ' +
        'for example "docs: in progress, docs: done, docs: failed"; or nothing',
      parseStatusLabels,
    ),
    words: {
      text: {
        agent: say(
          "With comment true: three comma-separated labels, for example 'docs: in progress, docs: done, docs:",
          "failed'. The thread gets the first while its job runs and the second or third at the end, the previous",
          'one removed; a label the repository lacks is created. Empty: no labels.',
        ),
        comment: say(
          "Three comma-separated labels, for example 'docs: in progress, docs: done, docs: failed'. The thread",
          'gets the first while its job runs and the second or third at the end, the previous one removed; a',
          'label the repository lacks is created. Empty: no labels.',
        ),
      },
      root: say(
        "Agent mode with comment true, and comment mode: three comma-separated labels, for example 'docs: in",
        "progress, docs: done, docs: failed'. The thread gets the first while its job runs and the second or",
        'third at the end, the previous one removed; a label the repository lacks is created. Empty: no labels.',
      ),
    },
  },
} as const satisfies InputTable
