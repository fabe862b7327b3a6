import * as z from 'zod/mini'
import { ACTIONS, type ActionName, type FieldRun, type InputTable, type Parsed, SAME } from './catalogue.js'
import { apiKeyInput, booleanInput, durationInput, emptyOr, integerInput, rangeEndInput } from './fields.js'
import { FETCH_BLOCKED_PORTS, identifier, parseBaseUrl, parseDocsRoot } from './parsers.js'
import { checked, input, problem } from './problem.js'
import { THREAD_INPUTS } from './thread-inputs.js'
import { say } from './words.js'

/**
 * The inputs several features share, each whole (its entry, field and words): the service (the key,
 * the project, the address, the step's whole time), a job's wait, an analytics range and its
 * budget, the docs folder; the thread's are in thread-inputs.ts. An input one feature alone takes
 * is in that feature's folder.
 */

const BASE_URL_ACCEPTED =
  'an https:// URL without query or credentials (http:// only for localhost, 127.0.0.1 or [::1])'

/** The poll-interval sentence, for what the checks follow. */
const pollGap = (of: string): string =>
  say(
    `The longest gap between two status checks of ${of} (same forms as wait-timeout).`,
    'Checks start about 1.5 s apart and grow toward it.',
  )

const SERVICE_INPUTS = {
  'api-key': {
    required: true,
    optionalIn: ['check'],
    actions: ACTIONS,
    field: (run: FieldRun) => apiKeyInput(run.eventName),
    words: {
      text: 'Mintlify admin API key (starts with mint_). Pass it from a repository or environment secret, never inline.',
      root: SAME,
    },
  },
  'project-id': {
    required: true,
    optionalIn: ['check'],
    actions: ACTIONS,
    field: checked("the project identifier from the dashboard's API keys page (no spaces)", identifier),
    words: {
      text: "Mintlify project identifier, shown on the dashboard's API keys page.",
      root: SAME,
    },
  },
  mode: {
    default: 'agent',
    actions: [],
    field: z.string(),
    words: {
      root: say(
        'What to do: agent (run or follow up an agent job), comment (take a /docs comment on an issue or pull',
        'request as an instruction to the job linked to that thread, or a new one), visitors (export unique',
        'visitors), views (export page views), insights (what readers could not find, as a report and a prompt',
        'for the agent), deploy (deploy to production and wait for the verdict), preview (deploy a branch as a',
        'preview), automation (run a saved automation now), health (keep one GitHub issue with the weekly trend,',
        'the gaps readers hit and what the agent did about them) or check (check the docs with the Mintlify CLI;',
        'no API key).',
      ),
    },
  },
  wait: {
    default: 'true',
    actions: ['agent', 'comment', 'deploy', 'preview', 'automation'],
    field: booleanInput,
    words: {
      text: {
        agent: 'Wait until the job ends (true), or return right after the create or follow-up request (false).',
        comment: 'Wait until the job ends (true), or return right after the instruction is sent (false).',
        deploy: 'Wait until the deployment ends (true), or return right after it is started (false).',
        preview: 'Wait until the preview deployment ends (true), or return right after it is started (false).',
        automation: say(
          "Follow the automation's run when it is an agent job, until it ends (true), or return right after the",
          'run is accepted (false).',
        ),
      },
      root: say(
        'Agent and comment modes: wait until the job ends (true), or return right after the create or follow-up',
        'request (false).',
      ),
    },
  },
  'wait-timeout': {
    default: '30m',
    actions: ACTIONS,
    field: durationInput(1),
    words: {
      text: say(
        'How long the step may work in all (waiting, paging and retrying included): 90s, 15m, 1h, 1h30m, 500ms,',
        'or plain seconds.',
      ),
      root: SAME,
    },
  },
  'poll-interval': {
    default: '10s',
    actions: ['agent', 'comment', 'deploy', 'preview', 'automation'],
    field: durationInput(50),
    words: {
      text: {
        agent: pollGap('the job'),
        comment: pollGap('the job'),
        deploy: pollGap('the deployment'),
        preview: pollGap('the deployment'),
        automation: pollGap("the automation's job"),
      },
      root: say(
        'Agent and comment modes: the longest gap between two status checks (same forms as wait-timeout). Checks',
        'start about 1.5 s apart and grow toward it.',
      ),
    },
  },
  'require-pr': {
    default: 'false',
    actions: ['agent', 'comment', 'automation'],
    field: booleanInput,
    words: {
      text: {
        agent: 'Fail the step if the job ends without a pull request.',
        comment: 'Fail the step if the job ends without a pull request.',
        automation: "Fail the step if the automation's agent job ends without a pull request.",
      },
      root: 'Agent and comment modes: fail the step if the job ends without a pull request.',
    },
  },
  'base-url': {
    default: 'https://api.mintlify.com',
    actions: ACTIONS,
    field: input((v, ctx) => {
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
    words: {
      text: 'API base URL. https:// is required; http:// is accepted only for loopback hosts (a local simulator).',
      root: SAME,
    },
  },
  'date-from': {
    actions: ['visitors', 'views', 'insights'],
    field: (run: FieldRun) => rangeEndInput(run.now),
    words: {
      text: say(
        'First day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N days before today in UTC (0d is today).',
        'Empty: from the start. A start after now is an input error.',
      ),
      root: say(
        'Visitors, views and insights modes: first day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N',
        'days before today in UTC (0d is today). Empty: from the start.',
      ),
    },
  },
  'date-to': {
    actions: ['visitors', 'views', 'insights'],
    field: (run: FieldRun) => rangeEndInput(run.now),
    words: {
      text: say(
        'End of the range, exclusive (the day itself is not included). Same forms as date-from. Empty: up to now.',
        'date-from: 7d with date-to: 0d is the last 7 whole days.',
      ),
      root: say(
        'Visitors, views and insights modes: end of the range, exclusive (the day itself is not included). Same',
        'forms as date-from. Empty: up to now.',
      ),
    },
  },
  'summary-rows': {
    default: '25',
    actions: ['visitors', 'views', 'insights'],
    field: integerInput(1, 100_000, 'a whole number of pages to list in the summary, 1 or more'),
    words: {
      text: {
        visitors: 'How many pages the job summary lists (the export files always hold every page).',
        views: 'How many pages the job summary lists (the export files always hold every page).',
        insights: 'How many items of each list the summary and agent-prompt show.',
      },
      root: say(
        'Visitors and views modes: how many pages the job summary lists (the export files always hold every',
        'page). Insights mode: how many items of each list the summary and agent-prompt show.',
      ),
    },
  },
  'max-requests': {
    default: '100',
    actions: ['visitors', 'views', 'insights', 'health'],
    field: integerInput(
      1,
      10_000,
      'a whole number of analytics requests from 1 to 10000 (the service allows 100 an hour per organisation)',
    ),
    words: {
      text: say(
        'The most analytics requests this step may send, retries included (the service allows 100 an hour per',
        'organisation, shared by every analytics endpoint). A list or export it cuts short is marked incomplete.',
      ),
    },
  },
  'docs-path': {
    default: '',
    actions: ['check', 'preview'],
    field: emptyOr(
      'a folder of the workspace that holds docs.json, such as docs (. for the workspace), without ..',
      parseDocsRoot,
    ),
    words: {
      text: {
        check: say(
          'The folder that holds docs.json, in the workspace; empty: the workspace itself, or the one folder below',
          'it (two levels at most) that holds docs.json.',
        ),
        preview: say(
          "Without pages-json: the repository's folder that holds docs.json, whose pages the pull request changes",
          "are listed (empty: the repository's root).",
        ),
      },
      root: say(
        'Check mode: the folder that holds docs.json, in the workspace; empty: the workspace itself, or the one',
        'folder below it (two levels at most) that holds docs.json. Preview mode without pages-json: the',
        "repository's folder of the pages listed.",
      ),
    },
  },
} as const satisfies InputTable

/** Every shared input, by name. */
export const SHARED_INPUTS = { ...SERVICE_INPUTS, ...THREAD_INPUTS } as const satisfies InputTable

type Shared = typeof SHARED_INPUTS

/** The shared inputs action A reads, parsed: what its rules get beside its own. */
export type SharedOf<A extends ActionName> = Pick<
  Parsed<Shared>,
  { [K in keyof Shared]: A extends Shared[K]['actions'][number] ? K : never }[keyof Shared]
>
