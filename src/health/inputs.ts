import * as z from 'zod/mini'
import type { InputTable, Parsed } from '../inputs/catalogue.js'
import { booleanInput, emptyOr, integerInput, keyTypeOf } from '../inputs/fields.js'
import { REPOSITORY, oneOf, parseDocsRoot } from '../inputs/parsers.js'
import { type Issues, checked, input, problem, recorded } from '../inputs/problem.js'
import { common, tokenNeeded } from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'

/**
 * The health action's own inputs (the trend, the gaps' jobs, the impact of docs pull requests, the
 * search API), and its rules: the settings `run` (mode.ts) is given.
 */

const HEALTH_AGENT = ['off', 'persisting'] as const

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

export const INPUTS = {
  weeks: {
    default: '12',
    actions: ['health'],
    field: integerInput(1, 52, 'a whole number of weeks for the trend, from 1 to 52'),
    words: {
      text: say(
        'How many whole weeks (Monday to Monday, UTC) the trend shows, 1 to 52. A first run fetches them within',
        'max-requests (two requests a week); later runs fetch only the weeks the issue lacks.',
      ),
    },
  },
  'health-label': {
    default: 'docs-health',
    actions: ['health'],
    field: checked('a label name of 1 to 50 characters without commas, such as docs-health', (v) =>
      v.length >= 1 && v.length <= 50 && !v.includes(',') && v.trim() === v ? v : undefined,
    ),
    words: {
      text: 'The label that marks the one issue this action keeps (created if the repository lacks it).',
      root: 'Health mode: the label that marks the one issue this mode keeps (created if the repository lacks it).',
    },
  },
  agent: {
    default: 'off',
    actions: ['health'],
    field: checked('off, or persisting (start an agent job for a gap seen in two runs in a row)', oneOf(HEALTH_AGENT)),
    words: {
      text: say(
        'off, or persisting to start an agent job for a gap readers hit two weeks in a row (one job per gap,',
        'ever; the gap is quoted to the agent as data).',
      ),
    },
  },
  impact: {
    default: 'on',
    actions: ['health'],
    field: checked('on (measure the docs pull requests merged in docs-repository) or off', (v) =>
      v === 'on' || v === 'off' ? v : undefined,
    ),
    words: {
      text: say(
        'on to measure the docs pull requests merged in docs-repository (page views and thumbs of the pages each',
        'changed, the impact-weeks before the week it merged against those after, with the site as the control);',
        'off not to.',
      ),
    },
  },
  'impact-weeks': {
    default: '4',
    actions: ['health'],
    field: integerInput(1, 12, 'a whole number of weeks before and after the merge week, from 1 to 12'),
    words: {
      text: say(
        'With impact: how many whole weeks (Monday to Monday, UTC) before the week a pull request merged and',
        'after it are compared, 1 to 12 (the merge week itself is left out).',
      ),
    },
  },
  'impact-comment': {
    default: 'true',
    actions: ['health'],
    field: booleanInput,
    words: {
      text: say(
        'With impact: comment the figures on each measured pull request once its weeks after are complete (one',
        'comment, edited if the figures are corrected).',
      ),
    },
  },
  'docs-repository': {
    default: '${{ github.repository }}',
    actions: ['health'],
    field: emptyOr('owner/name of a repository, such as acme/docs', (v) => (REPOSITORY.test(v) ? v : undefined)),
    words: {
      text: say(
        'With impact: owner/name of the repository whose merged pull requests change the docs (default: this',
        "workflow's repository).",
      ),
    },
  },
  'docs-root': {
    actions: ['health'],
    field: emptyOr(
      'a folder of docs-repository such as docs (. for the root), without .. or a leading drive',
      parseDocsRoot,
    ),
    words: {
      text: say(
        'With impact: the folder of docs-repository that page files live in (. for the root). Empty: the folder',
        'holding docs.json (else the root).',
      ),
    },
  },
  'max-jobs': {
    default: '1',
    actions: ['health'],
    field: integerInput(1, 10, 'a whole number of agent jobs one run may start, from 1 to 10'),
    words: {
      text: say(
        'With agent persisting: the most agent jobs one run may start, 1 to 10 (each spends one of the 100 agent',
        'uses per project per hour).',
      ),
    },
  },
  'assistant-key': {
    actions: ['health'],
    field: assistantKeyInput(),
    words: {
      text: say(
        "An assistant API key (mint_dsc_…, from the dashboard's API keys page; a second key type beside",
        'the admin key), from a secret. With domain, each gap an agent job is started for is searched on the',
        'live site then, and again once its pull request has merged and shipped: the health issue says',
        'whether the search now finds a page the pull request changed (answered), other pages (moved) or',
        'nothing new (still missing). Searches use no credits. Empty: no searches (the summary says what',
        'they would add).',
      ),
    },
  },
  domain: {
    actions: ['health'],
    field: emptyOr("the site's identifier, such as acme for acme.mintlify.site (letters, digits and -)", (v) =>
      /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/i.test(v) ? v : undefined,
    ),
    words: {
      text: say(
        "With assistant-key: the site's identifier for the search API, the name in its domain.mintlify.site",
        "address or the end of the dashboard's URL (app.mintlify.com/<organization>/<domain>).",
      ),
    },
  },
  'max-searches': {
    default: '50',
    actions: ['health'],
    field: integerInput(
      1,
      10_000,
      'a whole number of searches from 1 to 10000 (the search API allows 10,000 an hour per organisation)',
    ),
    words: {
      text: say(
        'With assistant-key: the most searches this step may send, retries included (the search API allows',
        '10,000 an hour per organisation, apart from the analytics requests). A search left for later is said.',
      ),
    },
  },
} as const satisfies InputTable

type HealthInputs = SharedOf<'health'> & Parsed<typeof INPUTS>

/** The warning for an input the rule below finds unapplied. */
export function unappliedWarning(name: string): string {
  return name === 'max-searches'
    ? 'Input "max-searches" is read only with assistant-key and domain (nothing is searched), so it was ignored.'
    : `Input "${name}" is not read with impact: off, so it was ignored.`
}

/** The health issue's settings: the trend, the gaps' jobs, the impact, the searches. */
function health(i: HealthInputs, ctx: Issues) {
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
    ['impact-weeks', String(i['impact-weeks']) !== INPUTS['impact-weeks'].default],
    ['impact-comment', String(i['impact-comment']) !== INPUTS['impact-comment'].default],
    ['docs-root', i['docs-root'] !== undefined],
    ['docs-token', i['docs-token'] !== ''],
  ]
  const unapplied = [
    ...(impact ? [] : given.filter(([, set]) => set).map(([name]) => name)),
    ...(!answers && String(i['max-searches']) !== INPUTS['max-searches'].default ? ['max-searches'] : []),
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
function healthAnswers(i: HealthInputs, ctx: Issues) {
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

export type HealthSettings = ReturnType<typeof health>

/** The health action's rules, by its name. */
export const RULES = { health }

export const ACTION = {
  health: {
    name: 'Mintlify docs health',
    description: say(
      'Keep one GitHub issue with the weekly trend, the gaps readers hit, what the agent did about them, and',
      'whether each docs change helped its readers.',
    ),
  },
}
