import * as z from 'zod/mini'
import type { InputTable, Parsed } from '../inputs/catalogue.js'
import { booleanInput, emptyOr } from '../inputs/fields.js'
import { identifier } from '../inputs/parsers.js'
import { type Issues, problem, recorded } from '../inputs/problem.js'
import {
  COMMENT_TOKEN,
  PRODUCTION_ENVIRONMENT,
  type Run,
  common,
  isPullRequestEvent,
  tokenNeeded,
} from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'

/** The inputs only the deploy, preview and automation actions take, and their rules. */

/** The GitHub environment preview shows its deployments in, unless told (deployment-environment). */
const PREVIEW_ENVIRONMENT = 'docs-preview'

export const INPUTS = {
  branch: {
    actions: ['preview'],
    field: emptyOr('a branch name of the docs repository, such as docs/new-page (no spaces)', (v) =>
      /^[^\s~^:?*[\\]+$/.test(v) && !v.startsWith('-') ? v : undefined,
    ),
    words: {
      text: say(
        "The branch of the docs repository to deploy as a preview. Empty: the pull request's head branch on",
        'pull_request events (else an input error).',
      ),
    },
  },
  'automation-id': {
    actions: ['automation'],
    field: emptyOr('the id of a saved automation of this project, from the dashboard (no spaces)', identifier),
    words: {
      text: 'The id of the saved automation to run now (required).',
      root: 'Automation mode: the id of the saved automation to run now (required there).',
    },
  },
  'github-deployment': {
    default: 'false',
    actions: ['deploy', 'preview'],
    field: booleanInput,
    words: {
      text: {
        preview: say(
          "Show the preview as a GitHub deployment of the pull request's head (its View deployment button, the",
          "environment's history): in progress, then success with the preview's URL, or failure. Needs",
          'deployments: write for github-token.',
        ),
        deploy: say(
          "Show the deployment as a GitHub deployment of this commit in the environment's history: in progress,",
          'then success or failure. Needs deployments: write for github-token.',
        ),
      },
      root: say(
        "Deploy and preview modes: show the deployment as a GitHub deployment (the pull request's View deployment",
        "button, the environment's history): in progress, then success with the preview's URL, or failure. Needs",
        'deployments: write for github-token.',
      ),
    },
  },
  'deployment-environment': {
    default: '',
    actions: ['deploy', 'preview'],
    field: emptyOr('a GitHub environment name of up to 255 characters, such as docs-preview', (v) =>
      // eslint-disable-next-line no-control-regex -- an environment name refuses control characters on purpose
      v.length <= 255 && !/[\u0000-\u001f,]/.test(v) ? v : undefined,
    ),
    words: {
      text: {
        preview: 'With github-deployment: the GitHub environment the previews go to; empty: docs-preview.',
        deploy: 'With github-deployment: the GitHub environment the deployments go to; empty: docs-production.',
      },
      root: say(
        'Deploy and preview modes with github-deployment: the GitHub environment; empty: docs-preview (preview)',
        'or docs-production (deploy).',
      ),
    },
  },
  'pages-json': {
    actions: ['preview'],
    field: emptyOr("the path of the file the check action's pages-json output names, in the same job", (v) => v),
    // GitHub's environment names: up to 255 characters, no control characters or commas,
    words: {
      text: say(
        "The check action's pages-json output, when it ran before this step in the same job: the pull request's",
        "pages the tracking comment and the summary link on the preview. Empty: the pages the pull request's",
        'files are (github-token with pull-requests: read and contents: read).',
      ),
    },
  },
} as const satisfies InputTable

/** The inputs of deploy, preview and automation together: each reads most of them. */
type LiveInputs = SharedOf<'deploy'> &
  Partial<Parsed<typeof INPUTS>> &
  Partial<Pick<SharedOf<'automation'>, 'require-pr'>> &
  Partial<Pick<SharedOf<'preview'>, 'docs-path'>>

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

/** Where an input the rule below finds unapplied would be read: the warning's words. */
export const UNAPPLIED: Record<string, string> = {
  'deployment-environment': 'with github-deployment: true',
  'docs-path': 'without pages-json (the check then gives the pages)',
}

/** A deployment's or an automation's settings: what to start, how to wait, GitHub's deployment. */
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

export type LiveSettings = ReturnType<ReturnType<typeof live<'deploy' | 'preview' | 'automation'>>>

/** The deploy, preview and automation actions' rules, by their names. */
export const RULES = { deploy: live('deploy'), preview: live('preview'), automation: live('automation') }

export const ACTION = {
  deploy: { name: 'Mintlify docs deploy', description: 'Deploy the docs to production and wait for the verdict.' },
  preview: {
    name: 'Mintlify docs preview',
    description: 'Deploy a branch of the docs as a preview and wait for the verdict.',
  },
  automation: {
    name: 'Mintlify docs automation',
    description: 'Run a saved automation now, and follow its agent job when it has one.',
  },
}
