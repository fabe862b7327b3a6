import type { InputTable, Parsed } from '../inputs/catalogue.js'
import { booleanInput, integerInput } from '../inputs/fields.js'
import { CHECKS, SCOPES, oneOf, parseChecks, parseGlobs } from '../inputs/parsers.js'
import { type Issues, checked, problem } from '../inputs/problem.js'
import { type Run, common, isPullRequestEvent } from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'

/**
 * The check action's own inputs (what to check, with which CLI, what a problem does to the step, the
 * fixes) and its rules: the settings `run` (mode.ts) is given.
 */

/** The Mintlify CLI version the check action runs unless told otherwise (the one its tests run). */
export const MINT_VERSION = '4.2.941'

export const INPUTS = {
  fix: {
    default: 'false',
    actions: ['check'],
    field: booleanInput,
    words: {
      text: say(
        "On the agent's own pull request (its tracking comment names the job), send the problems found to that",
        "job as one follow-up, quoted as data, so the next push is checked again. Never on a person's pull",
        'request, never twice for one head; needs api-key and project-id.',
      ),
    },
  },
  'fix-rounds': {
    default: '1',
    actions: ['check'],
    field: integerInput(1, 5, 'a whole number of follow-ups from 1 to 5'),
    words: {
      text: say(
        'With fix: how many follow-ups one pull request may get, 1 to 5 (each spends one of the 100 agent uses',
        'per project per hour).',
      ),
    },
  },
  'mint-version': {
    default: MINT_VERSION,
    actions: ['check'],
    field: checked(
      'an exact version of the npm package mint, such as 4.2.941 (a pinned version: never latest or a range)',
      (v) => (/^\d+\.\d+\.\d+$/.test(v) ? v : undefined),
    ),
    words: {
      text: say(
        "The Mintlify CLI's version (the npm package mint), exactly: installed into the runner's tool cache and",
        "kept in the runner's cache by the action, and run only once every file is the install this action's",
        'lockfile gives.',
      ),
    },
  },
  checks: {
    default: 'links, anchors, redirects, snippets, alt-text, contrast',
    actions: ['check'],
    field: checked(`a comma-separated list of ${CHECKS.join(', ')}, at least one`, parseChecks),
    words: {
      text: say(
        'What to check, comma-separated: links, anchors, redirects, snippets, external (links to other sites, off',
        'by default), alt-text, contrast (the theme colours), validate (the build; needs the network).',
      ),
    },
  },
  scope: {
    default: 'new',
    actions: ['check'],
    field: checked(
      "new (what the pull request broke, against its base), changed (the pull request's own files) " +
        'or all (the whole site)',
      oneOf(SCOPES),
    ),
    words: {
      text: say(
        'new (on a pull request, only what it broke: the problems its head has and its base does not, anywhere in',
        'the site; those from before are listed, never failing), changed (only the problems in the files it',
        'changes) or all (every problem of the site). Outside a pull request the whole site.',
      ),
    },
  },
  exclude: {
    default: '',
    actions: ['check'],
    field: checked('globs relative to the docs folder, one a line or comma-separated, such as drafts/**', parseGlobs),
    words: {
      text: say(
        'Pages to leave out, as globs relative to the docs folder (one a line or comma-separated, such as',
        'drafts/** and snippets/legacy.mdx): their own links and images are not checked, and links to them still',
        'resolve.',
      ),
    },
  },
  'on-problems': {
    default: 'fail',
    actions: ['check'],
    field: checked('fail (the step fails on a problem) or warn (a warning each, and the step passes)', (v) =>
      v === 'fail' || v === 'warn' ? v : undefined,
    ),
    words: {
      text: 'fail (the step fails when there are problems) or warn (each problem is a warning, and the step passes).',
    },
  },
  'check-run': {
    default: 'auto',
    actions: ['check'],
    field: checked(
      "auto (a check run with every new problem, where the token has checks: write) or off (the step's annotations alone)",
      (v) => (v === 'auto' || v === 'off' ? v : undefined),
    ),
    words: {
      text: say(
        'auto (a check run on the commit checked, with every new problem annotated at its line: each shows on',
        "the pull request's Files tab; needs checks: write, and where the token cannot create one, the step's own",
        "annotations alone, said in one notice) or off (the step's own annotations alone: GitHub shows 10 a step).",
      ),
    },
  },
  suggestions: {
    default: 'auto',
    actions: ['check'],
    field: checked(
      "auto (the fixes the check knows as one review's suggested changes on the pull request's diff, where the " +
        'token has pull-requests: write) or off (every fix in the patch alone)',
      (v) => (v === 'auto' || v === 'off' ? v : undefined),
    ),
    words: {
      text: say(
        "auto (on a pull request, each fix the check knows whose line is in the pull request's diff is a",
        'suggested change in one review of the head commit, which replaces the review of an earlier head; needs',
        'pull-requests: write, and where the token cannot review, one notice) or off. Every other fix is in the',
        'patch that fixes-patch names.',
      ),
    },
  },
  'min-views': {
    default: '0',
    actions: ['check'],
    field: integerInput(0, 1_000_000_000, 'a whole number of page views, 0 or more'),
    words: {
      text: say(
        "With api-key and project-id (the readers' page views of the last 30 days, one analytics request): an",
        'address the pull request stops serving fails only if readers visited it at least this many times; the',
        'others are listed, not failing. 0: every one fails, as without a key.',
      ),
    },
  },
} as const satisfies InputTable

type CheckInputs = SharedOf<'check'> & Parsed<typeof INPUTS>

/** What an input the rule below finds unapplied needs before it is read: the warning's words. */
export const READ_WITH: Record<string, string> = {
  'api-key': "with project-id (the problems weighed by their readers' views) or fix: true",
  fix: "with api-key and project-id (the problems go to the agent's job as a follow-up)",
  'fix-rounds': 'with fix: true',
  'min-views': "with api-key and project-id (the readers' views)",
}

/** The check's settings: what to check and how, and what its key and project add (weighing, the fix). */
function check(i: CheckInputs, ctx: Issues, run: Run) {
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
    ...(!fix && String(i['fix-rounds']) !== INPUTS['fix-rounds'].default ? ['fix-rounds'] : []),
    ...(i['project-id'] === '' && String(i['min-views']) !== INPUTS['min-views'].default ? ['min-views'] : []),
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

export type CheckSettings = ReturnType<typeof check>

/** The check action's rules, by its name. */
export const RULES = { check }

export const ACTION = {
  check: {
    name: 'Mintlify docs check',
    description: say(
      'Check the docs with the Mintlify CLI (broken links, anchors and redirects, images without alt text, the',
      "theme colours' contrast): what a pull request broke anywhere in the site, against its base, each at its",
      'line.',
    ),
  },
}
