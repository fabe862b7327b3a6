/**
 * The one catalogue of the action's interface: every input and output once, with the root
 * action.yml's words (the v1 contract, `mode` and all), the focused actions' words, the default and
 * which focused actions take it. `npm run docs` writes the ten action.yml files and the docs tables
 * from it (scripts/readme-tables.ts), settings.ts reads each action's inputs from it, and npm test
 * fails on any drift between them.
 */

/** The Mintlify CLI version the check action runs unless told otherwise: the one its tests run (scripts/install-mint.mjs). */
export const MINT_VERSION = '4.2.941'

/** The focused actions, one per job: `OWNER/REPO/<name>@v1`, each at `<name>/action.yml`. */
export const ACTIONS = [
  'agent',
  'comment',
  'visitors',
  'views',
  'insights',
  'deploy',
  'preview',
  'automation',
  'health',
  'check',
] as const
export type ActionName = (typeof ACTIONS)[number]

/** The actions that talk to the service (all but check, which runs the CLI on the repository and needs no key). */
export const SERVICE_ACTIONS: readonly ActionName[] = ACTIONS.filter((a) => a !== 'check')

/** Words for the focused actions: one text for all, or one per action (every action that takes it). */
type Words = string | Partial<Record<ActionName, string>>

/** A focused action's words that are also the root's: one sentence, said once. */
const same = (words: string): { root: string; text: string } => ({ root: words, text: words })

/** The poll-interval sentence, for what the checks follow. */
const pollGap = (of: string): string =>
  `The longest gap between two status checks of ${of} (same forms as wait-timeout). Checks start about 1.5 s apart and grow toward it.`

const TRIGGER_PHRASE_WORDS =
  'The phrase the tracking comment tells people to start a /docs comment with (the comment action must use the same).'

export interface InputSpec {
  /** The root action.yml's description (1.0.0's words: "Agent mode: …"). */
  root: string
  /** The focused actions' description; absent for a root-only input (mode). */
  text?: Words
  default?: string
  required?: boolean
  /** Focused actions where a required input is optional (check needs the key only to fix). */
  optionalIn?: readonly ActionName[]
  /** The focused actions that read it; the root reads it when its mode is one of these. */
  actions: readonly ActionName[]
}

export interface OutputSpec {
  root: string
  text: Words
  actions: readonly ActionName[]
}

/** Each focused action's name and description in its action.yml (and the docs' table of actions). */
export const ACTION_META: Record<ActionName, { name: string; description: string }> = {
  agent: {
    name: 'Mintlify docs agent job',
    description:
      'Start, follow up or wait on a Mintlify documentation agent job, and hand its pull request to the next step.',
  },
  comment: {
    name: 'Mintlify docs /docs comments',
    description:
      'Take a /docs comment on an issue or pull request as an instruction to the job linked to that thread (or a new one), from people with write access only.',
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
    description:
      'What readers could not find (dead-end searches, unanswered questions, pages rated down), as a report, files and a prompt for the agent.',
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
    description:
      'Keep one GitHub issue with the weekly trend, the gaps readers hit, what the agent did about them, and whether each docs change helped its readers.',
  },
  check: {
    name: 'Mintlify docs check',
    description:
      "Check the docs with the Mintlify CLI (broken links, anchors and redirects, images without alt text, the theme colours' contrast): what a pull request broke anywhere in the site, against its base, each at its line.",
  },
}

/** The words an input or output has in a focused action (undefined when that action does not take it). */
export function wordsFor(
  spec: { text?: Words; actions: readonly ActionName[] },
  action: ActionName,
): string | undefined {
  if (!spec.actions.includes(action) || spec.text === undefined) return undefined
  return typeof spec.text === 'string' ? spec.text : spec.text[action]
}

/** The inputs a focused action (or the root in that mode) reads, in catalogue order. */
export function inputsOf(action: ActionName): string[] {
  return Object.entries(INPUTS)
    .filter(([, spec]) => spec.actions.includes(action))
    .map(([name]) => name)
}

/** The outputs a focused action (or the root in that mode) may set, in catalogue order. */
export function outputsOf(action: ActionName): string[] {
  return Object.entries(OUTPUTS)
    .filter(([, spec]) => spec.actions.includes(action))
    .map(([name]) => name)
}

export const INPUTS: Record<string, InputSpec> = {
  'api-key': {
    ...same(
      'Mintlify admin API key (starts with mint_). Pass it from a repository or environment secret, never inline.',
    ),
    required: true,
    optionalIn: ['check'],
    actions: ACTIONS,
  },
  'project-id': {
    ...same("Mintlify project identifier, shown on the dashboard's API keys page."),
    required: true,
    optionalIn: ['check'],
    actions: ACTIONS,
  },
  mode: {
    root: 'What to do: agent (run or follow up an agent job), comment (take a /docs comment on an issue or pull request as an instruction to the job linked to that thread, or a new one), visitors (export unique visitors), views (export page views), insights (what readers could not find, as a report and a prompt for the agent), deploy (deploy to production and wait for the verdict), preview (deploy a branch as a preview), automation (run a saved automation now), health (keep one GitHub issue with the weekly trend, the gaps readers hit and what the agent did about them) or check (check the docs with the Mintlify CLI; no API key).',
    default: 'agent',
    actions: [],
  },
  prompt: {
    root: 'Agent mode: the instruction for the documentation agent. With job-id it is sent to that job as a follow-up message.',
    text: 'The instruction for the documentation agent. With job-id it is sent to that job as a follow-up message.',
    actions: ['agent'],
  },
  'prompt-file': {
    root: "Agent mode: a file inside the workspace whose text (UTF-8) is the prompt, for a generated prompt of any size up to the action's bound of 200,000 characters (an input passes through an environment variable, which Linux limits to 128 KiB). Not together with prompt.",
    text: "A file inside the workspace whose text (UTF-8) is the prompt, for a generated prompt of any size up to the action's bound of 200,000 characters (an input passes through an environment variable, which Linux limits to 128 KiB). Not together with prompt.",
    actions: ['agent'],
  },
  'job-id': {
    root: 'Agent mode: an existing job. With prompt, the prompt is sent to it as a follow-up. Without prompt, the step waits on that job (resume after a timeout, or a job started elsewhere).',
    text: 'An existing job. With prompt, the prompt is sent to it as a follow-up. Without prompt, the step waits on that job (resume after a timeout, or a job started elsewhere).',
    actions: ['agent'],
  },
  wait: {
    root: 'Agent and comment modes: wait until the job ends (true), or return right after the create or follow-up request (false).',
    text: {
      agent: 'Wait until the job ends (true), or return right after the create or follow-up request (false).',
      comment: 'Wait until the job ends (true), or return right after the instruction is sent (false).',
      deploy: 'Wait until the deployment ends (true), or return right after it is started (false).',
      preview: 'Wait until the preview deployment ends (true), or return right after it is started (false).',
      automation:
        "Follow the automation's run when it is an agent job, until it ends (true), or return right after the run is accepted (false).",
    },
    default: 'true',
    actions: ['agent', 'comment', 'deploy', 'preview', 'automation'],
  },
  'wait-timeout': {
    ...same(
      'How long the step may work in all (waiting, paging and retrying included): 90s, 15m, 1h, 1h30m, 500ms, or plain seconds.',
    ),
    default: '30m',
    actions: ACTIONS,
  },
  'poll-interval': {
    root: 'Agent and comment modes: the longest gap between two status checks (same forms as wait-timeout). Checks start about 1.5 s apart and grow toward it.',
    text: {
      agent: pollGap('the job'),
      comment: pollGap('the job'),
      deploy: pollGap('the deployment'),
      preview: pollGap('the deployment'),
      automation: pollGap("the automation's job"),
    },
    default: '10s',
    actions: ['agent', 'comment', 'deploy', 'preview', 'automation'],
  },
  'require-pr': {
    root: 'Agent and comment modes: fail the step if the job ends without a pull request.',
    text: {
      agent: 'Fail the step if the job ends without a pull request.',
      comment: 'Fail the step if the job ends without a pull request.',
      automation: "Fail the step if the automation's agent job ends without a pull request.",
    },
    default: 'false',
    actions: ['agent', 'comment', 'automation'],
  },
  'base-url': {
    ...same('API base URL. https:// is required; http:// is accepted only for loopback hosts (a local simulator).'),
    default: 'https://api.mintlify.com',
    actions: ACTIONS,
  },
  'date-from': {
    root: 'Visitors, views and insights modes: first day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N days before today in UTC (0d is today). Empty: from the start.',
    text: 'First day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N days before today in UTC (0d is today). Empty: from the start. A start after now is an input error.',
    actions: ['visitors', 'views', 'insights'],
  },
  'date-to': {
    root: 'Visitors, views and insights modes: end of the range, exclusive (the day itself is not included). Same forms as date-from. Empty: up to now.',
    text: 'End of the range, exclusive (the day itself is not included). Same forms as date-from. Empty: up to now. date-from: 7d with date-to: 0d is the last 7 whole days.',
    actions: ['visitors', 'views', 'insights'],
  },
  'page-size': {
    root: 'Visitors and views modes: rows per request, 1 to 250. 250 spends the fewest of the 100 analytics requests per hour.',
    text: 'Rows per request, 1 to 250. 250 spends the fewest of the 100 analytics requests per hour.',
    default: '250',
    actions: ['visitors', 'views'],
  },
  'summary-rows': {
    root: 'Visitors and views modes: how many pages the job summary lists (the export files always hold every page). Insights mode: how many items of each list the summary and agent-prompt show.',
    text: {
      visitors: 'How many pages the job summary lists (the export files always hold every page).',
      views: 'How many pages the job summary lists (the export files always hold every page).',
      insights: 'How many items of each list the summary and agent-prompt show.',
    },
    default: '25',
    actions: ['visitors', 'views', 'insights'],
  },
  'max-requests': {
    root: 'Visitors, views, insights and health modes: the most analytics requests this step may send, retries included (the service allows 100 an hour per organisation, shared by every analytics endpoint). A list or export it cuts short is marked incomplete.',
    text: 'The most analytics requests this step may send, retries included (the service allows 100 an hour per organisation, shared by every analytics endpoint). A list or export it cuts short is marked incomplete.',
    default: '100',
    actions: ['visitors', 'views', 'insights', 'health'],
  },
  compare: {
    root: 'Visitors and views modes: none, or previous-period to also export the period of the same length (in whole UTC days) that ends where this one starts, and show the change. Needs date-from.',
    text: 'none, or previous-period to also export the period of the same length (in whole UTC days) that ends where this one starts, and show the change. Needs date-from.',
    default: 'none',
    actions: ['visitors', 'views'],
  },
  comment: {
    root: "Agent mode: keep the job's progress and result in the tracking comment of the issue or pull request that triggered the run (one comment per thread, edited across runs; the agent's pull request gets one too), so /docs comments there can continue the job.",
    text: {
      agent:
        "Keep the job's progress and result in the tracking comment of the issue or pull request that triggered the run (one comment per thread, edited across runs; the agent's pull request gets one too), so /docs comments there can continue the job.",
      deploy:
        'Show the deployment and its verdict in the tracking comment of the issue or pull request that triggered the run.',
      preview:
        'Show the preview, its URL and its verdict in the tracking comment of the pull request (or issue) that triggered the run.',
      automation:
        "Keep the automation's agent job in the tracking comment of the issue or pull request that triggered the run, as the agent action does.",
    },
    default: 'false',
    actions: ['agent', 'deploy', 'preview', 'automation'],
  },
  'github-token': {
    root: 'Token for comments and reactions (comment: true, and mode: comment; needs issues: write and pull-requests: write), for reading a code change (changes; contents: read), and for the health issue (mode: health; issues: write; with impact also pull-requests: read, or write with impact-comment, and contents: read to find docs.json), and for the files a pull request changes (mode: check; pull-requests: read).',
    text: {
      agent:
        'Token for the tracking comment and status labels (comment: true; issues: write and pull-requests: write) and for reading a code change (changes; contents: read, pull-requests: read).',
      comment:
        'Token for reactions, the tracking comment, labels and review replies: issues: write and pull-requests: write.',
      deploy:
        'Token for the tracking comment (comment: true: issues: write or pull-requests: write) and the GitHub deployment (github-deployment: deployments: write).',
      preview:
        'Token for the tracking comment (comment: true), and for reading the pull request: pull-requests: write; for the GitHub deployment (github-deployment): deployments: write.',
      automation: 'Token for the tracking comment (comment: true): issues: write or pull-requests: write.',
      health:
        'Token for the health issue and its label (issues: write), and with impact for the docs pull requests of this repository (pull-requests: read, or write with impact-comment; contents: read to find docs.json once).',
      check:
        "Token for reading the pull request's changed files and its base's versions of them (scope new or changed): pull-requests: read and contents: read.",
    },
    default: '${{ github.token }}',
    actions: ['agent', 'comment', 'health', 'deploy', 'preview', 'automation', 'check'],
  },
  'docs-token': {
    root: "Agent mode with comment true, comment mode, and health mode with impact: a token that can write issues and pull requests in the repository of the agent's pull request (health: of docs-repository) when that is not this one (an installation token of a GitHub App on both repositories, from actions/create-github-app-token, or a fine-grained token). With it, that pull request gets a tracking comment linking back here, and /docs there continues the job. Empty: only this repository is written to (a notice says what that misses).",
    text: {
      agent:
        "With comment true: a token that can write issues and pull requests in the repository of the agent's pull request when that is not this one (an installation token of a GitHub App on both repositories, from actions/create-github-app-token, or a fine-grained token). With it, that pull request gets a tracking comment linking back here, and /docs there continues the job. Empty: only this repository is written to (a notice says what that misses).",
      comment:
        "A token that can write issues and pull requests in the repository of the agent's pull request when that is not this one (an installation token of a GitHub App on both repositories, or a fine-grained token). With it, that pull request gets a tracking comment linking back to this thread. Empty: only this repository is written to (a notice says what that misses).",
      health:
        'With impact, when docs-repository is not this one: a token that reads its pull requests (pull-requests: read) and, with impact-comment, comments on them (pull-requests: write). Empty: github-token reads them (a public repository) and no comment is written there (a notice says so).',
    },
    actions: ['agent', 'comment', 'health'],
  },
  reviewers: {
    root: "Agent mode with comment true, and comment mode: off, or author to ask the people who started the job (the code pull request's or the issue's author; the writers of the /docs comments and, on a code pull request, its author) to review the agent's pull request, each on their own, once per job. Each refusal (not a collaborator of the docs repository) is one warning naming who.",
    text: {
      agent:
        "With comment true: off, or author to ask who started the job (the code pull request's author with changes, the issue's author for a labelled issue, who pushed) to review the agent's pull request, once per job. A refusal (not a collaborator of the docs repository) is one warning naming who.",
      comment:
        "off, or author to ask the writers of the /docs comments that started a job and, on a code pull request, its author to review the agent's pull request, each on their own, once per job. Each refusal (not a collaborator of the docs repository) is one warning naming who.",
    },
    default: 'off',
    actions: ['agent', 'comment'],
  },
  'trigger-phrase': {
    root: 'Comment mode: a comment is an instruction when a line starts with this phrase (case-insensitive, leading spaces allowed, not in a quote or code block); the instruction is the text after it, following lines included.',
    text: {
      agent: TRIGGER_PHRASE_WORDS,
      comment:
        'A comment is an instruction when a line starts with this phrase (case-insensitive, leading spaces allowed, not in a quote or code block); the instruction is the text after it, following lines included.',
      deploy: TRIGGER_PHRASE_WORDS,
      preview: TRIGGER_PHRASE_WORDS,
      automation: TRIGGER_PHRASE_WORDS,
    },
    default: '/docs',
    actions: ['agent', 'comment', 'deploy', 'preview', 'automation'],
  },
  'allowed-bots': {
    root: 'Comment mode: comma-separated bot logins (renovate[bot]) whose comments may trigger; * is not accepted. Other bots never trigger.',
    text: 'Comma-separated bot logins (renovate[bot]) whose comments may instruct; * is not accepted. Other bots never do.',
    actions: ['comment'],
  },
  branch: {
    root: "Preview mode: the branch of the docs repository to deploy as a preview. Empty: the pull request's head branch on pull_request events (else an input error).",
    text: "The branch of the docs repository to deploy as a preview. Empty: the pull request's head branch on pull_request events (else an input error).",
    actions: ['preview'],
  },
  'automation-id': {
    root: 'Automation mode: the id of the saved automation to run now (required there).',
    text: 'The id of the saved automation to run now (required).',
    actions: ['automation'],
  },
  changes: {
    root: "Agent mode: none, files (the changed files with status and line counts) or diff (files and patches) of the event's change: a pull_request / pull_request_target event's pull request, or a push's before...after. Other events are an input error. prompt may then be empty.",
    text: "none, files (the changed files with status and line counts) or diff (files and patches) of the event's change: a pull_request / pull_request_target event's pull request, or a push's before...after. Other events are an input error. prompt may then be empty.",
    default: 'none',
    actions: ['agent'],
  },
  'changes-paths': {
    root: 'Agent mode with changes: globs, one a line or comma-separated (src/**, !**/*.test.ts); only matching files count. When none matches, no job is sent (triggered false, skip-reason no-relevant-changes).',
    text: 'With changes: globs, one a line or comma-separated (src/**, !**/*.test.ts); only matching files count. When none matches, no job is sent (triggered false, skip-reason no-relevant-changes).',
    actions: ['agent'],
  },
  'max-changes': {
    root: 'Agent mode with changes: the most characters of change description in the prompt; patches are cut whole file by whole file (the file list stays) and the prompt says what was left out.',
    text: 'With changes: the most characters of change description in the prompt; patches are cut whole file by whole file (the file list stays) and the prompt says what was left out.',
    default: '40000',
    actions: ['agent'],
  },
  'continue-thread': {
    root: "Agent mode with changes and comment true, on a pull request: when the thread's tracking comment links a job, send only the changes since the head recorded last time to that job as a follow-up instead of creating a job.",
    text: "With changes and comment true, on a pull request: when the thread's tracking comment links a job, send only the changes since the head recorded last time to that job as a follow-up instead of creating a job.",
    default: 'false',
    actions: ['agent'],
  },
  'status-labels': {
    root: "Agent mode with comment true, and comment mode: three comma-separated labels, for example 'docs: in progress, docs: done, docs: failed'. The thread gets the first while its job runs and the second or third at the end, the previous one removed; a label the repository lacks is created. Empty: no labels.",
    text: {
      agent:
        "With comment true: three comma-separated labels, for example 'docs: in progress, docs: done, docs: failed'. The thread gets the first while its job runs and the second or third at the end, the previous one removed; a label the repository lacks is created. Empty: no labels.",
      comment:
        "Three comma-separated labels, for example 'docs: in progress, docs: done, docs: failed'. The thread gets the first while its job runs and the second or third at the end, the previous one removed; a label the repository lacks is created. Empty: no labels.",
    },
    actions: ['agent', 'comment'],
  },
  weeks: {
    root: 'Health mode: how many whole weeks (Monday to Monday, UTC) the trend shows, 1 to 52. A first run fetches them within max-requests (two requests a week); later runs fetch only the weeks the issue lacks.',
    text: 'How many whole weeks (Monday to Monday, UTC) the trend shows, 1 to 52. A first run fetches them within max-requests (two requests a week); later runs fetch only the weeks the issue lacks.',
    default: '12',
    actions: ['health'],
  },
  'health-label': {
    root: 'Health mode: the label that marks the one issue this mode keeps (created if the repository lacks it).',
    text: 'The label that marks the one issue this action keeps (created if the repository lacks it).',
    default: 'docs-health',
    actions: ['health'],
  },
  agent: {
    root: 'Health mode: off, or persisting to start an agent job for a gap readers hit two weeks in a row (one job per gap, ever; the gap is quoted to the agent as data).',
    text: 'off, or persisting to start an agent job for a gap readers hit two weeks in a row (one job per gap, ever; the gap is quoted to the agent as data).',
    default: 'off',
    actions: ['health'],
  },
  impact: {
    root: 'Health mode: on to measure the docs pull requests merged in docs-repository (page views and thumbs of the pages each changed, the impact-weeks before the week it merged against those after, with the site as the control); off not to.',
    text: 'on to measure the docs pull requests merged in docs-repository (page views and thumbs of the pages each changed, the impact-weeks before the week it merged against those after, with the site as the control); off not to.',
    default: 'on',
    actions: ['health'],
  },
  'impact-weeks': {
    root: 'Health mode with impact: how many whole weeks (Monday to Monday, UTC) before the week a pull request merged and after it are compared, 1 to 12 (the merge week itself is left out).',
    text: 'With impact: how many whole weeks (Monday to Monday, UTC) before the week a pull request merged and after it are compared, 1 to 12 (the merge week itself is left out).',
    default: '4',
    actions: ['health'],
  },
  'impact-comment': {
    root: 'Health mode with impact: comment the figures on each measured pull request once its weeks after are complete (one comment, edited if the figures are corrected).',
    text: 'With impact: comment the figures on each measured pull request once its weeks after are complete (one comment, edited if the figures are corrected).',
    default: 'true',
    actions: ['health'],
  },
  'docs-repository': {
    root: "Health mode with impact: owner/name of the repository whose merged pull requests change the docs (default: this workflow's repository).",
    text: "With impact: owner/name of the repository whose merged pull requests change the docs (default: this workflow's repository).",
    default: '${{ github.repository }}',
    actions: ['health'],
  },
  'docs-root': {
    root: 'Health mode with impact: the folder of docs-repository that page files live in (. for the root). Empty: the folder holding docs.json (else the root).',
    text: 'With impact: the folder of docs-repository that page files live in (. for the root). Empty: the folder holding docs.json (else the root).',
    actions: ['health'],
  },
  'max-jobs': {
    root: 'Health mode with agent persisting: the most agent jobs one run may start, 1 to 10 (each spends one of the 100 agent uses per project per hour).',
    text: 'With agent persisting: the most agent jobs one run may start, 1 to 10 (each spends one of the 100 agent uses per project per hour).',
    default: '1',
    actions: ['health'],
  },
  'github-deployment': {
    root: "Deploy and preview modes: show the deployment as a GitHub deployment (the pull request's View deployment button, the environment's history): in progress, then success with the preview's URL, or failure. Needs deployments: write for github-token.",
    text: {
      preview:
        "Show the preview as a GitHub deployment of the pull request's head (its View deployment button, the environment's history): in progress, then success with the preview's URL, or failure. Needs deployments: write for github-token.",
      deploy:
        "Show the deployment as a GitHub deployment of this commit in the environment's history: in progress, then success or failure. Needs deployments: write for github-token.",
    },
    default: 'false',
    actions: ['deploy', 'preview'],
  },
  'deployment-environment': {
    root: 'Deploy and preview modes with github-deployment: the GitHub environment; empty: docs-preview (preview) or docs-production (deploy).',
    text: {
      preview: 'With github-deployment: the GitHub environment the previews go to; empty: docs-preview.',
      deploy: 'With github-deployment: the GitHub environment the deployments go to; empty: docs-production.',
    },
    default: '',
    actions: ['deploy', 'preview'],
  },
  fix: {
    root: "Check mode: on the agent's own pull request (its tracking comment names the job), send the problems found to that job as one follow-up, quoted as data, so the next push is checked again. Never on a person's pull request, never twice for one head; needs api-key and project-id.",
    text: "On the agent's own pull request (its tracking comment names the job), send the problems found to that job as one follow-up, quoted as data, so the next push is checked again. Never on a person's pull request, never twice for one head; needs api-key and project-id.",
    default: 'false',
    actions: ['check'],
  },
  'fix-rounds': {
    root: 'Check mode with fix: how many follow-ups one pull request may get, 1 to 5 (each spends one of the 100 agent uses per project per hour).',
    text: 'With fix: how many follow-ups one pull request may get, 1 to 5 (each spends one of the 100 agent uses per project per hour).',
    default: '1',
    actions: ['check'],
  },
  'docs-path': {
    root: 'Check mode: the folder that holds docs.json, in the workspace; empty: the workspace itself, or the one folder below it (two levels at most) that holds docs.json.',
    text: 'The folder that holds docs.json, in the workspace; empty: the workspace itself, or the one folder below it (two levels at most) that holds docs.json.',
    default: '',
    actions: ['check'],
  },
  'mint-version': {
    root: "Check mode: the Mintlify CLI's version (the npm package mint), exactly: installed once per runner into its tool cache, which actions/cache can keep.",
    text: "The Mintlify CLI's version (the npm package mint), exactly: installed once per runner into its tool cache, which actions/cache can keep.",
    default: MINT_VERSION,
    actions: ['check'],
  },
  checks: {
    root: 'Check mode: what to check, comma-separated: links, anchors, redirects, snippets, external (links to other sites, off by default), alt-text, contrast (the theme colours), validate (the build; needs the network).',
    text: 'What to check, comma-separated: links, anchors, redirects, snippets, external (links to other sites, off by default), alt-text, contrast (the theme colours), validate (the build; needs the network).',
    default: 'links, anchors, redirects, snippets, alt-text, contrast',
    actions: ['check'],
  },
  scope: {
    root: 'Check mode: new (on a pull request, only what it broke: the problems its head has and its base does not, anywhere in the site; those from before are listed, never failing), changed (only the problems in the files it changes) or all (every problem of the site). Outside a pull request the whole site.',
    text: 'new (on a pull request, only what it broke: the problems its head has and its base does not, anywhere in the site; those from before are listed, never failing), changed (only the problems in the files it changes) or all (every problem of the site). Outside a pull request the whole site.',
    default: 'new',
    actions: ['check'],
  },
  exclude: {
    root: 'Check mode: pages to leave out, as globs relative to the docs folder (one a line or comma-separated, such as drafts/** and snippets/legacy.mdx): their own links and images are not checked, and links to them still resolve.',
    text: 'Pages to leave out, as globs relative to the docs folder (one a line or comma-separated, such as drafts/** and snippets/legacy.mdx): their own links and images are not checked, and links to them still resolve.',
    default: '',
    actions: ['check'],
  },
  'on-problems': {
    root: 'Check mode: fail (the step fails when there are problems) or warn (each problem is a warning, and the step passes).',
    text: 'fail (the step fails when there are problems) or warn (each problem is a warning, and the step passes).',
    default: 'fail',
    actions: ['check'],
  },
}

export const OUTPUTS: Record<string, OutputSpec> = {
  'job-id': {
    root: "The agent job's id, set right after the job is created.",
    text: "The agent job's id, set right after the job is created or followed.",
    actions: ['agent', 'comment', 'automation'],
  },
  status: {
    ...same('The last job status seen: active, completed, archived, failed, or a value the API adds later.'),
    actions: ['agent', 'comment', 'automation'],
  },
  'pr-link': {
    ...same('The pull request URL the agent opened, or empty.'),
    actions: ['agent', 'comment', 'automation'],
  },
  'pr-number': {
    ...same('The number at the end of pr-link, or empty.'),
    actions: ['agent', 'comment', 'automation'],
  },
  model: {
    ...same('The AI model the job used.'),
    actions: ['agent', 'comment', 'automation'],
  },
  'source-repository': {
    ...same("The job's source repository."),
    actions: ['agent', 'comment', 'automation'],
  },
  'source-ref': {
    ...same("The job's source ref (branch), or empty."),
    actions: ['agent', 'comment', 'automation'],
  },
  job: {
    ...same('The last job object seen, as JSON (only its documented fields if it is over 64 KiB).'),
    actions: ['agent', 'comment', 'automation'],
  },
  human: {
    root: 'Visitors and views modes: site-wide human visitors (or views) for the range.',
    text: { visitors: 'Site-wide human visitors for the range.', views: 'Site-wide human page views for the range.' },
    actions: ['visitors', 'views'],
  },
  ai: {
    root: 'Visitors and views modes: site-wide AI visitors (or views) for the range.',
    text: { visitors: 'Site-wide AI visitors for the range.', views: 'Site-wide AI page views for the range.' },
    actions: ['visitors', 'views'],
  },
  total: {
    root: 'Visitors and views modes: site-wide total, deduplicated across human and AI (not human + ai).',
    text: {
      visitors: 'Site-wide total visitors, deduplicated across human and AI (not human + ai).',
      views: 'Site-wide total page views, deduplicated across human and AI (not human + ai).',
    },
    actions: ['visitors', 'views'],
  },
  'path-count': {
    root: 'Visitors and views modes: number of distinct page paths in the range.',
    text: 'Number of distinct page paths in the range.',
    actions: ['visitors', 'views'],
  },
  'visitors-json': {
    root: 'Visitors mode: path of a JSON file with the whole export (project, range, totals, every page; with compare, the previous period too).',
    text: 'Path of a JSON file with the whole export (project, range, totals, every page; with compare, the previous period too).',
    actions: ['visitors'],
  },
  'visitors-csv': {
    root: 'Visitors mode: path of a CSV file with the whole export (path,human,ai,total; with compare, previous_human,previous_ai,previous_total,change).',
    text: 'Path of a CSV file with the whole export (path,human,ai,total; with compare, previous_human,previous_ai,previous_total,change).',
    actions: ['visitors'],
  },
  'views-json': {
    root: 'Views mode: path of a JSON file with the whole export (project, range, totals, every page; with compare, the previous period too).',
    text: 'Path of a JSON file with the whole export (project, range, totals, every page; with compare, the previous period too).',
    actions: ['views'],
  },
  'views-csv': {
    root: 'Views mode: path of a CSV file with the whole export (path,human,ai,total; with compare, previous_human,previous_ai,previous_total,change).',
    text: 'Path of a CSV file with the whole export (path,human,ai,total; with compare, previous_human,previous_ai,previous_total,change).',
    actions: ['views'],
  },
  'previous-total': {
    root: 'Visitors and views modes with compare: previous-period: the site-wide total of the previous period.',
    text: 'With compare: previous-period: the site-wide total of the previous period.',
    actions: ['visitors', 'views'],
  },
  'change-percent': {
    root: 'Visitors and views modes with compare: previous-period: (total - previous total) / previous total x 100, one decimal, signed (+12.5, -3.0); empty when the previous total is 0.',
    text: 'With compare: previous-period: (total - previous total) / previous total x 100, one decimal, signed (+12.5, -3.0); empty when the previous total is 0.',
    actions: ['visitors', 'views'],
  },
  'dead-end-searches': {
    root: 'Insights mode: how many distinct search queries had no result clicked (ctr 0) in the range.',
    text: 'How many distinct search queries had no result clicked (ctr 0) in the range.',
    actions: ['insights'],
  },
  'unanswered-questions': {
    root: 'Insights mode: how many distinct questions the assistant could not answer.',
    text: 'How many distinct questions the assistant could not answer.',
    actions: ['insights'],
  },
  'down-rated-pages': {
    root: 'Insights mode: how many pages got more thumbs down than up.',
    text: 'How many pages got more thumbs down than up.',
    actions: ['insights'],
  },
  'insights-json': {
    root: 'Insights mode: path of a JSON file with everything fetched and every list in full (a CSV per list lies beside it).',
    text: 'Path of a JSON file with everything fetched and every list in full (a CSV per list lies beside it).',
    actions: ['insights'],
  },
  'agent-prompt': {
    root: 'Insights mode: an instruction for the documentation agent that asks it to close the top gaps (reader text quoted as data); empty when there are none.',
    text: 'An instruction for the documentation agent that asks it to close the top gaps (reader text quoted as data); empty when there are none.',
    actions: ['insights'],
  },
  triggered: {
    root: 'Comment mode: true when the comment was taken as an instruction and sent, else false. Agent mode with changes: true when a job was created or continued for the change.',
    text: {
      agent: 'With changes: true when a job was created or continued for the change, else false.',
      comment:
        'true when the comment was taken as an instruction and sent (or instructions it caught up on were), else false.',
    },
    actions: ['agent', 'comment'],
  },
  'deployment-id': {
    root: "Deploy and preview modes: the deployment's statusId, set as soon as it is started.",
    text: "The deployment's statusId, set as soon as it is started.",
    actions: ['deploy', 'preview'],
  },
  'deployment-status': {
    root: 'Deploy and preview modes: queued, in_progress, success, failure, or a value the service adds later.',
    text: 'queued, in_progress, success, failure, or a value the service adds later.',
    actions: ['deploy', 'preview'],
  },
  'preview-url': {
    root: "Preview mode: the preview's URL, set as soon as it is started (before waiting).",
    text: "The preview's URL, set as soon as it is started (before waiting).",
    actions: ['preview'],
  },
  'changed-pages': {
    root: "Deploy and preview modes: JSON array of the deployed commit's added and modified files.",
    text: "JSON array of the deployed commit's added and modified files.",
    actions: ['deploy', 'preview'],
  },
  'automation-run-id': {
    root: "Automation mode: the run's instanceId.",
    text: "The run's instanceId.",
    actions: ['automation'],
  },
  'agent-uses': {
    root: "Every mode: the agent uses this run spent (jobs created, messages sent, automations run), of the service's 100 per project per hour.",
    text: "The agent uses this run spent (jobs created, messages sent, automations run), of the service's 100 per project per hour.",
    actions: SERVICE_ACTIONS,
  },
  'analytics-requests': {
    root: "Every mode: the analytics requests this run sent (retries included), of the service's 100 per organisation per hour.",
    text: "The analytics requests this run sent (retries included), of the service's 100 per organisation per hour.",
    actions: SERVICE_ACTIONS,
  },
  'changed-files': {
    root: 'Agent mode with changes: how many changed files matched changes-paths.',
    text: 'With changes: how many changed files matched changes-paths.',
    actions: ['agent'],
  },
  'skip-reason': {
    root: 'Comment mode, and agent mode with changes, when not triggered: no-relevant-changes (agent mode: no file matched, or nothing new), no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an edit, a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run holds it).',
    text: {
      agent: 'With changes, when not triggered: no-relevant-changes (no file matched, or nothing new).',
      comment:
        'When not triggered: no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an edit, a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run holds it).',
    },
    actions: ['agent', 'comment'],
  },
  'issue-number': {
    root: "Health mode: the health issue's number.",
    text: "The health issue's number.",
    actions: ['health'],
  },
  'issue-url': {
    root: "Health mode: the health issue's link.",
    text: "The health issue's link.",
    actions: ['health'],
  },
  'new-gaps': {
    root: 'Health mode: how many gaps were first seen this run.',
    text: 'How many gaps were first seen this run.',
    actions: ['health'],
  },
  'persisting-gaps': {
    root: 'Health mode: how many followed gaps were seen again (or could not be checked: their list was incomplete).',
    text: 'How many followed gaps were seen again (or could not be checked: their list was incomplete).',
    actions: ['health'],
  },
  'gone-gaps': {
    root: 'Health mode: how many gaps seen last time are gone.',
    text: 'How many gaps seen last time are gone.',
    actions: ['health'],
  },
  'impact-json': {
    root: 'Health mode with impact: JSON array, newest merge first, one object per docs pull request measured or being measured: number, url, title, mergedAt, agent, pages, notPages, weeks, weeksCounted (of its weeks after), commented, and once complete figures (before and after for its pages together and for each page: human, ai, up, down; site: the control; verdict).',
    text: 'With impact: JSON array, newest merge first, one object per docs pull request measured or being measured: number, url, title, mergedAt, agent, pages, notPages, weeks, weeksCounted (of its weeks after), commented, and once complete figures (before and after for its pages together and for each page: human, ai, up, down; site: the control; verdict).',
    actions: ['health'],
  },
  'jobs-created': {
    root: 'Health mode: JSON array of the ids of the agent jobs this run started.',
    text: 'JSON array of the ids of the agent jobs this run started.',
    actions: ['health'],
  },
  problems: {
    root: 'Check mode: how many problems fail the check: on a pull request with scope new, the ones it brought (known ones are not counted).',
    text: 'How many problems fail the check: on a pull request with scope new, the ones it brought (known ones are not counted).',
    actions: ['check'],
  },
  'problems-json': {
    root: 'Check mode: path of a JSON file with every problem found (status new or known, file, line, column, rule, target, message, and for a page this pull request renamed or deleted the change and its redirect) and what was checked.',
    text: 'Path of a JSON file with every problem found (status new or known, file, line, column, rule, target, message, and for a page this pull request renamed or deleted the change and its redirect) and what was checked.',
    actions: ['check'],
  },
}
