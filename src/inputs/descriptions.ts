/**
 * The sentences of the action's interface: each input's and output's description in the focused
 * actions and in the root action.yml (1.0.0's words, the v1 contract), and each focused action's name
 * and description. Only the docs generator reads them (scripts/action-files.ts): none of this ships in
 * the bundle. The root's "X mode: …" is built from the focused action's words and the actions that
 * take it (catalogue.ts); a root that says more or other is written out.
 */
import { type ActionName, INPUTS, type InputName, OUTPUTS, type OutputName, SERVICE_ACTIONS } from './catalogue.js'

/** Words for the focused actions: one text for all, or one per action (every action that takes it). */
type Words = string | Partial<Record<ActionName, string>>

/** The root says the focused actions' words as they are, with no "X mode:" before them. */
const SAME = Symbol('the same words')

interface Described {
  /** The focused actions' words; absent for a root-only input (mode). */
  text?: Words
  /** The root's words when they are not "<modes>: <text>" (SAME: the text itself). */
  root?: string | typeof SAME
}

/** One sentence or more, written over several lines of source. */
const say = (...parts: string[]): string => parts.join(' ')

/** The poll-interval sentence, for what the checks follow. */
const pollGap = (of: string): string =>
  say(
    `The longest gap between two status checks of ${of} (same forms as wait-timeout).`,
    'Checks start about 1.5 s apart and grow toward it.',
  )

const TRIGGER_PHRASE_WORDS = say(
  'The phrase the tracking comment tells people to start a /docs comment with',
  '(the comment action must use the same).',
)

/** `['visitors', 'views']` → "Visitors and views modes"; every service action → "Every mode". */
function modesLabel(actions: readonly ActionName[]): string {
  if (actions.length === SERVICE_ACTIONS.length && SERVICE_ACTIONS.every((a) => actions.includes(a)))
    return 'Every mode'
  const named = actions.map((a, i) => (i === 0 ? a[0]!.toUpperCase() + a.slice(1) : a))
  const list = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`
  return `${list} mode${actions.length > 1 ? 's' : ''}`
}

/** The root action.yml's words: "Agent mode: the instruction…", "Agent mode with changes: globs…". */
function rootWords(words: Described, actions: readonly ActionName[]): string {
  const { text, root } = words
  if (typeof root === 'string') return root
  if (typeof text !== 'string') throw new Error('an input with words per action says its root words itself')
  if (root === SAME) return text
  const lowered = /^[A-Z](?![A-Z])/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text
  return text.startsWith('With ') ? `${modesLabel(actions)} ${lowered}` : `${modesLabel(actions)}: ${lowered}`
}

/** The words an input or output has in an action, or in the root (undefined when it does not take it). */
export function describe(kind: 'input', name: InputName, action: ActionName | 'root'): string | undefined
export function describe(kind: 'output', name: OutputName, action: ActionName | 'root'): string | undefined
export function describe(kind: 'input' | 'output', name: string, action: ActionName | 'root'): string | undefined {
  const words: Described = kind === 'input' ? INPUT_WORDS[name as InputName] : OUTPUT_WORDS[name as OutputName]
  const { actions } = kind === 'input' ? INPUTS[name as InputName] : OUTPUTS[name as OutputName]
  if (action === 'root') return rootWords(words, actions)
  if (!(actions as readonly ActionName[]).includes(action) || words.text === undefined) return undefined
  return typeof words.text === 'string' ? words.text : words.text[action]
}

export const INPUT_WORDS = {
  'api-key': {
    text: 'Mintlify admin API key (starts with mint_). Pass it from a repository or environment secret, never inline.',
    root: SAME,
  },
  'project-id': {
    text: "Mintlify project identifier, shown on the dashboard's API keys page.",
    root: SAME,
  },
  mode: {
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
  prompt: {
    text: 'The instruction for the documentation agent. With job-id it is sent to that job as a follow-up message.',
  },
  'prompt-file': {
    text: say(
      'A file inside the workspace whose text (UTF-8) is the prompt, for a generated prompt of any size up to',
      "the action's bound of 200,000 characters (an input passes through an environment variable, which Linux",
      'limits to 128 KiB). Not together with prompt.',
    ),
  },
  'job-id': {
    text: say(
      'An existing job. With prompt, the prompt is sent to it as a follow-up. Without prompt, the step waits on',
      'that job (resume after a timeout, or a job started elsewhere).',
    ),
  },
  wait: {
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
  'wait-timeout': {
    text: say(
      'How long the step may work in all (waiting, paging and retrying included): 90s, 15m, 1h, 1h30m, 500ms,',
      'or plain seconds.',
    ),
    root: SAME,
  },
  'poll-interval': {
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
  'require-pr': {
    text: {
      agent: 'Fail the step if the job ends without a pull request.',
      comment: 'Fail the step if the job ends without a pull request.',
      automation: "Fail the step if the automation's agent job ends without a pull request.",
    },
    root: 'Agent and comment modes: fail the step if the job ends without a pull request.',
  },
  'base-url': {
    text: 'API base URL. https:// is required; http:// is accepted only for loopback hosts (a local simulator).',
    root: SAME,
  },
  'date-from': {
    text: say(
      'First day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N days before today in UTC (0d is today).',
      'Empty: from the start. A start after now is an input error.',
    ),
    root: say(
      'Visitors, views and insights modes: first day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N',
      'days before today in UTC (0d is today). Empty: from the start.',
    ),
  },
  'date-to': {
    text: say(
      'End of the range, exclusive (the day itself is not included). Same forms as date-from. Empty: up to now.',
      'date-from: 7d with date-to: 0d is the last 7 whole days.',
    ),
    root: say(
      'Visitors, views and insights modes: end of the range, exclusive (the day itself is not included). Same',
      'forms as date-from. Empty: up to now.',
    ),
  },
  'page-size': {
    text: 'Rows per request, 1 to 250. 250 spends the fewest of the 100 analytics requests per hour.',
  },
  'summary-rows': {
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
  'max-requests': {
    text: say(
      'The most analytics requests this step may send, retries included (the service allows 100 an hour per',
      'organisation, shared by every analytics endpoint). A list or export it cuts short is marked incomplete.',
    ),
  },
  compare: {
    text: say(
      'none, or previous-period to also export the period of the same length (in whole UTC days) that ends',
      'where this one starts, and show the change. Needs date-from.',
    ),
  },
  comment: {
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
  'github-token': {
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
  'docs-token': {
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
  reviewers: {
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
  'trigger-phrase': {
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
  'allowed-bots': {
    text: say(
      'Comma-separated bot logins (renovate[bot]) whose comments may instruct; * is not accepted.',
      'Other bots never do.',
    ),
    root: say(
      'Comment mode: comma-separated bot logins (renovate[bot]) whose comments may trigger; * is not accepted.',
      'Other bots never trigger.',
    ),
  },
  branch: {
    text: say(
      "The branch of the docs repository to deploy as a preview. Empty: the pull request's head branch on",
      'pull_request events (else an input error).',
    ),
  },
  'pages-json': {
    text: say(
      "The check action's pages-json output, when it ran before this step in the same job: the pull request's",
      "pages the tracking comment and the summary link on the preview. Empty: the pages the pull request's",
      'files are (github-token with pull-requests: read and contents: read).',
    ),
  },
  'automation-id': {
    text: 'The id of the saved automation to run now (required).',
    root: 'Automation mode: the id of the saved automation to run now (required there).',
  },
  changes: {
    text: say(
      "none, files (the changed files with status and line counts) or diff (files and patches) of the event's",
      "change: a pull_request / pull_request_target event's pull request, or a push's before...after. Other",
      'events are an input error. prompt may then be empty.',
    ),
  },
  'changes-paths': {
    text: say(
      'With changes: globs, one a line or comma-separated (src/**, !**/*.test.ts); only matching files count.',
      'When none matches, no job is sent (triggered false, skip-reason no-relevant-changes).',
    ),
  },
  'max-changes': {
    text: say(
      'With changes: the most characters of change description in the prompt; patches are cut whole file by',
      'whole file (the file list stays) and the prompt says what was left out.',
    ),
  },
  'continue-thread': {
    text: say(
      "With changes and comment true, on a pull request: when the thread's tracking comment links a job, send",
      'only the changes since the head recorded last time to that job as a follow-up instead of creating a job.',
    ),
  },
  'status-labels': {
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
  weeks: {
    text: say(
      'How many whole weeks (Monday to Monday, UTC) the trend shows, 1 to 52. A first run fetches them within',
      'max-requests (two requests a week); later runs fetch only the weeks the issue lacks.',
    ),
  },
  'health-label': {
    text: 'The label that marks the one issue this action keeps (created if the repository lacks it).',
    root: 'Health mode: the label that marks the one issue this mode keeps (created if the repository lacks it).',
  },
  agent: {
    text: say(
      'off, or persisting to start an agent job for a gap readers hit two weeks in a row (one job per gap,',
      'ever; the gap is quoted to the agent as data).',
    ),
  },
  impact: {
    text: say(
      'on to measure the docs pull requests merged in docs-repository (page views and thumbs of the pages each',
      'changed, the impact-weeks before the week it merged against those after, with the site as the control);',
      'off not to.',
    ),
  },
  'impact-weeks': {
    text: say(
      'With impact: how many whole weeks (Monday to Monday, UTC) before the week a pull request merged and',
      'after it are compared, 1 to 12 (the merge week itself is left out).',
    ),
  },
  'impact-comment': {
    text: say(
      'With impact: comment the figures on each measured pull request once its weeks after are complete (one',
      'comment, edited if the figures are corrected).',
    ),
  },
  'docs-repository': {
    text: say(
      'With impact: owner/name of the repository whose merged pull requests change the docs (default: this',
      "workflow's repository).",
    ),
  },
  'docs-root': {
    text: say(
      'With impact: the folder of docs-repository that page files live in (. for the root). Empty: the folder',
      'holding docs.json (else the root).',
    ),
  },
  'max-jobs': {
    text: say(
      'With agent persisting: the most agent jobs one run may start, 1 to 10 (each spends one of the 100 agent',
      'uses per project per hour).',
    ),
  },
  'assistant-key': {
    text: say(
      "An assistant API key (mint_dsc_…, from the dashboard's API keys page; a second key type beside",
      'the admin key), from a secret. With domain, each gap an agent job is started for is searched on the',
      'live site then, and again once its pull request has merged and shipped: the health issue says',
      'whether the search now finds a page the pull request changed (answered), other pages (moved) or',
      'nothing new (still missing). Searches use no credits. Empty: no searches (the summary says what',
      'they would add).',
    ),
  },
  domain: {
    text: say(
      "With assistant-key: the site's identifier for the search API, the name in its domain.mintlify.site",
      "address or the end of the dashboard's URL (app.mintlify.com/<organization>/<domain>).",
    ),
  },
  'max-searches': {
    text: say(
      'With assistant-key: the most searches this step may send, retries included (the search API allows',
      '10,000 an hour per organisation, apart from the analytics requests). A search left for later is said.',
    ),
  },
  'github-deployment': {
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
  'deployment-environment': {
    text: {
      preview: 'With github-deployment: the GitHub environment the previews go to; empty: docs-preview.',
      deploy: 'With github-deployment: the GitHub environment the deployments go to; empty: docs-production.',
    },
    root: say(
      'Deploy and preview modes with github-deployment: the GitHub environment; empty: docs-preview (preview)',
      'or docs-production (deploy).',
    ),
  },
  fix: {
    text: say(
      "On the agent's own pull request (its tracking comment names the job), send the problems found to that",
      "job as one follow-up, quoted as data, so the next push is checked again. Never on a person's pull",
      'request, never twice for one head; needs api-key and project-id.',
    ),
  },
  'fix-rounds': {
    text: say(
      'With fix: how many follow-ups one pull request may get, 1 to 5 (each spends one of the 100 agent uses',
      'per project per hour).',
    ),
  },
  'docs-path': {
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
  'mint-version': {
    text: say(
      "The Mintlify CLI's version (the npm package mint), exactly: installed once per runner into its tool",
      'cache, which actions/cache can keep.',
    ),
  },
  checks: {
    text: say(
      'What to check, comma-separated: links, anchors, redirects, snippets, external (links to other sites, off',
      'by default), alt-text, contrast (the theme colours), validate (the build; needs the network).',
    ),
  },
  scope: {
    text: say(
      'new (on a pull request, only what it broke: the problems its head has and its base does not, anywhere in',
      'the site; those from before are listed, never failing), changed (only the problems in the files it',
      'changes) or all (every problem of the site). Outside a pull request the whole site.',
    ),
  },
  exclude: {
    text: say(
      'Pages to leave out, as globs relative to the docs folder (one a line or comma-separated, such as',
      'drafts/** and snippets/legacy.mdx): their own links and images are not checked, and links to them still',
      'resolve.',
    ),
  },
  'on-problems': {
    text: 'fail (the step fails when there are problems) or warn (each problem is a warning, and the step passes).',
  },
  'check-run': {
    text: say(
      'auto (a check run on the commit checked, with every new problem annotated at its line: each shows on',
      "the pull request's Files tab; needs checks: write, and where the token cannot create one, the step's own",
      "annotations alone, said in one notice) or off (the step's own annotations alone: GitHub shows 10 a step).",
    ),
  },
  suggestions: {
    text: say(
      "auto (on a pull request, each fix the check knows whose line is in the pull request's diff is a",
      'suggested change in one review of the head commit, which replaces the review of an earlier head; needs',
      'pull-requests: write, and where the token cannot review, one notice) or off. Every other fix is in the',
      'patch that fixes-patch names.',
    ),
  },
  'min-views': {
    text: say(
      "With api-key and project-id (the readers' page views of the last 30 days, one analytics request): an",
      'address the pull request stops serving fails only if readers visited it at least this many times; the',
      'others are listed, not failing. 0: every one fails, as without a key.',
    ),
  },
} as const satisfies Record<InputName, Described>

export const OUTPUT_WORDS = {
  'job-id': {
    text: "The agent job's id, set right after the job is created or followed.",
    root: "The agent job's id, set right after the job is created.",
  },
  status: {
    text: 'The last job status seen: active, completed, archived, failed, or a value the API adds later.',
    root: SAME,
  },
  'pr-link': {
    text: 'The pull request URL the agent opened, or empty.',
    root: SAME,
  },
  'pr-number': {
    text: 'The number at the end of pr-link, or empty.',
    root: SAME,
  },
  model: {
    text: 'The AI model the job used.',
    root: SAME,
  },
  'source-repository': {
    text: "The job's source repository.",
    root: SAME,
  },
  'source-ref': {
    text: "The job's source ref (branch), or empty.",
    root: SAME,
  },
  job: {
    text: 'The last job object seen, as JSON (only its documented fields if it is over 64 KiB).',
    root: SAME,
  },
  human: {
    text: {
      visitors: 'Site-wide human visitors for the range.',
      views: 'Site-wide human page views for the range.',
    },
    root: 'Visitors and views modes: site-wide human visitors (or views) for the range.',
  },
  ai: {
    text: {
      visitors: 'Site-wide AI visitors for the range.',
      views: 'Site-wide AI page views for the range.',
    },
    root: 'Visitors and views modes: site-wide AI visitors (or views) for the range.',
  },
  total: {
    text: {
      visitors: 'Site-wide total visitors, deduplicated across human and AI (not human + ai).',
      views: 'Site-wide total page views, deduplicated across human and AI (not human + ai).',
    },
    root: 'Visitors and views modes: site-wide total, deduplicated across human and AI (not human + ai).',
  },
  'path-count': {
    text: 'Number of distinct page paths in the range.',
  },
  'visitors-json': {
    text: say(
      'Path of a JSON file with the whole export (project, range, totals, every page; with compare, the',
      'previous period too).',
    ),
  },
  'visitors-csv': {
    text: say(
      'Path of a CSV file with the whole export (path,human,ai,total; with compare,',
      'previous_human,previous_ai,previous_total,change).',
    ),
  },
  'views-json': {
    text: say(
      'Path of a JSON file with the whole export (project, range, totals, every page; with compare, the',
      'previous period too).',
    ),
  },
  'views-csv': {
    text: say(
      'Path of a CSV file with the whole export (path,human,ai,total; with compare,',
      'previous_human,previous_ai,previous_total,change).',
    ),
  },
  'previous-total': {
    text: 'With compare: previous-period: the site-wide total of the previous period.',
  },
  'change-percent': {
    text: say(
      'With compare: previous-period: (total - previous total) / previous total x 100, one decimal, signed',
      '(+12.5, -3.0); empty when the previous total is 0.',
    ),
  },
  'dead-end-searches': {
    text: 'How many distinct search queries had no result clicked (ctr 0) in the range.',
  },
  'unanswered-questions': {
    text: 'How many distinct questions the assistant could not answer.',
  },
  'down-rated-pages': {
    text: 'How many pages got more thumbs down than up.',
  },
  'insights-json': {
    text: 'Path of a JSON file with everything fetched and every list in full (a CSV per list lies beside it).',
  },
  'agent-prompt': {
    text: say(
      'An instruction for the documentation agent that asks it to close the top gaps (reader text quoted as',
      'data); empty when there are none.',
    ),
  },
  triggered: {
    text: {
      agent: 'With changes: true when a job was created or continued for the change, else false.',
      comment: say(
        'true when the comment was taken as an instruction and sent',
        '(or instructions it caught up on were), else false.',
      ),
    },
    root: say(
      'Comment mode: true when the comment was taken as an instruction and sent, else false. Agent mode with',
      'changes: true when a job was created or continued for the change.',
    ),
  },
  'deployment-id': {
    text: "The deployment's statusId, set as soon as it is started.",
  },
  'deployment-status': {
    text: 'queued, in_progress, success, failure, or a value the service adds later.',
  },
  'preview-url': {
    text: "The preview's URL, set as soon as it is started (before waiting).",
  },
  'changed-pages': {
    text: "JSON array of the deployed commit's added and modified files.",
  },
  'automation-run-id': {
    text: "The run's instanceId.",
  },
  'agent-uses': {
    text: say(
      "The agent uses this run spent (jobs created, messages sent, automations run), of the service's 100 per",
      'project per hour.',
    ),
  },
  'analytics-requests': {
    text: "The analytics requests this run sent (retries included), of the service's 100 per organisation per hour.",
  },
  'changed-files': {
    text: 'With changes: how many changed files matched changes-paths.',
  },
  'skip-reason': {
    text: {
      agent: 'With changes, when not triggered: no-relevant-changes (no file matched, or nothing new).',
      comment: say(
        'When not triggered: no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an edit,',
        'a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run holds',
        'it).',
      ),
    },
    root: say(
      'Comment mode, and agent mode with changes, when not triggered: no-relevant-changes (agent mode: no file',
      'matched, or nothing new), no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an',
      'edit, a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run',
      'holds it).',
    ),
  },
  'issue-number': {
    text: "The health issue's number.",
  },
  'issue-url': {
    text: "The health issue's link.",
  },
  'new-gaps': {
    text: 'How many gaps were first seen this run.',
  },
  'persisting-gaps': {
    text: 'How many followed gaps were seen again (or could not be checked: their list was incomplete).',
  },
  'gone-gaps': {
    text: 'How many gaps seen last time are gone.',
  },
  'impact-json': {
    text: say(
      'With impact: JSON array, newest merge first, one object per docs pull request measured or being',
      'measured: number, url, title, mergedAt, agent, pages, notPages, weeks, weeksCounted (of its weeks',
      'after), commented, and once complete figures (before and after for its pages together and for each page:',
      'human, ai, up, down; site: the control; verdict).',
    ),
  },
  'jobs-created': {
    text: 'JSON array of the ids of the agent jobs this run started.',
  },
  'answers-json': {
    text: say(
      'With assistant-key: JSON array, one object per gap searched again once its pull request shipped:',
      'kind, query, job, prLink, baseline and after (when searched, the top paths), verdict (answered,',
      'moved or still-missing) and, when answered, the page and its rank.',
    ),
  },
  problems: {
    text: say(
      'How many problems fail the check: on a pull request with scope new, the ones it brought (known ones are',
      'not counted).',
    ),
  },
  'problems-json': {
    text: say(
      'Path of a JSON file with every problem found (status new, known, unsure or few-views, file, line,',
      'column, rule, target, message, for a page this pull request renamed or deleted the change and its',
      "redirect, and with a key its readers' views) and what was checked.",
    ),
  },
  'pages-json': {
    text: say(
      "On a pull request: path of a JSON file with the pull request's pages (path, address, title, change:",
      "added, changed, renamed, deleted or affected; from, a renamed page's old address; to, where a deleted",
      "page's readers go now; why an affected page changes; with a key its readers' views), for the preview",
      "action's pages input.",
    ),
  },
  'fixes-patch': {
    text: say(
      'On a pull request: path of a patch (git apply, against the head) with every fix the check knows that',
      'is not a suggested change of its review (a link to a renamed page in a file the pull request never',
      'touched, a redirect far from the diff); empty when there is none.',
    ),
  },
} as const satisfies Record<OutputName, Described>

export const ACTION_META = {
  agent: {
    name: 'Mintlify docs agent job',
    description:
      'Start, follow up or wait on a Mintlify documentation agent job, and hand its pull request to the next step.',
  },
  comment: {
    name: 'Mintlify docs /docs comments',
    description: say(
      'Take a /docs comment on an issue or pull request as an instruction to the job linked to that thread (or',
      'a new one), from people with write access only.',
    ),
  },
  visitors: {
    name: 'Mintlify docs visitors',
    description:
      'Export unique visitors for a range, every page, to CSV and JSON, optionally against the period before.',
  },
  views: {
    name: 'Mintlify docs page views',
    description: 'Export page views for a range, every page, to CSV and JSON, optionally against the period before.',
  },
  insights: {
    name: 'Mintlify docs insights',
    description: say(
      'What readers could not find (dead-end searches, unanswered questions, pages rated down), as a report,',
      'files and a prompt for the agent.',
    ),
  },
  deploy: { name: 'Mintlify docs deploy', description: 'Deploy the docs to production and wait for the verdict.' },
  preview: {
    name: 'Mintlify docs preview',
    description: 'Deploy a branch of the docs as a preview and wait for the verdict.',
  },
  automation: {
    name: 'Mintlify docs automation',
    description: 'Run a saved automation now, and follow its agent job when it has one.',
  },
  health: {
    name: 'Mintlify docs health',
    description: say(
      'Keep one GitHub issue with the weekly trend, the gaps readers hit, what the agent did about them, and',
      'whether each docs change helped its readers.',
    ),
  },
  check: {
    name: 'Mintlify docs check',
    description: say(
      'Check the docs with the Mintlify CLI (broken links, anchors and redirects, images without alt text, the',
      "theme colours' contrast): what a pull request broke anywhere in the site, against its base, each at its",
      'line.',
    ),
  },
} as const satisfies Record<ActionName, { name: string; description: string }>
