/**
 * The one catalogue of the action's interface, as a typed table: every input and output once, with
 * its default and the focused actions that take it (the root takes it in those modes). settings.ts
 * reads each action's inputs and types each mode's settings from it; `npm run docs` writes the ten
 * action.yml files and the docs tables from it and from the sentences in descriptions.ts (which only
 * the docs generator reads), and npm test fails on any drift between them.
 */

/** The Mintlify CLI version the check action runs unless told otherwise (the one its tests run). */
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
export const SERVICE_ACTIONS = ACTIONS.filter((a) => a !== 'check') as readonly Exclude<ActionName, 'check'>[]

export interface InputSpec {
  default?: string
  required?: boolean
  /** Focused actions where a required input is optional (check needs the key only to fix). */
  optionalIn?: readonly ActionName[]
  /** The focused actions that read it; the root reads it when its mode is one of these (mode: none). */
  actions: readonly ActionName[]
}

export interface OutputSpec {
  /** The focused actions that may set it; the root sets it in those modes. */
  actions: readonly ActionName[]
}

export const INPUTS = {
  'api-key': { required: true, optionalIn: ['check'], actions: ACTIONS },
  'project-id': { required: true, optionalIn: ['check'], actions: ACTIONS },
  mode: { default: 'agent', actions: [] },
  prompt: { actions: ['agent'] },
  'prompt-file': { actions: ['agent'] },
  'job-id': { actions: ['agent'] },
  wait: { default: 'true', actions: ['agent', 'comment', 'deploy', 'preview', 'automation'] },
  'wait-timeout': { default: '30m', actions: ACTIONS },
  'poll-interval': { default: '10s', actions: ['agent', 'comment', 'deploy', 'preview', 'automation'] },
  'require-pr': { default: 'false', actions: ['agent', 'comment', 'automation'] },
  'base-url': { default: 'https://api.mintlify.com', actions: ACTIONS },
  'date-from': { actions: ['visitors', 'views', 'insights'] },
  'date-to': { actions: ['visitors', 'views', 'insights'] },
  'page-size': { default: '250', actions: ['visitors', 'views'] },
  'summary-rows': { default: '25', actions: ['visitors', 'views', 'insights'] },
  'max-requests': { default: '100', actions: ['visitors', 'views', 'insights', 'health'] },
  compare: { default: 'none', actions: ['visitors', 'views'] },
  comment: { default: 'false', actions: ['agent', 'deploy', 'preview', 'automation'] },
  'github-token': {
    default: '${{ github.token }}',
    actions: ['agent', 'comment', 'health', 'deploy', 'preview', 'automation', 'check'],
  },
  'docs-token': { actions: ['agent', 'comment', 'health'] },
  reviewers: { default: 'off', actions: ['agent', 'comment'] },
  'trigger-phrase': { default: '/docs', actions: ['agent', 'comment', 'deploy', 'preview', 'automation'] },
  'allowed-bots': { actions: ['comment'] },
  branch: { actions: ['preview'] },
  'automation-id': { actions: ['automation'] },
  changes: { default: 'none', actions: ['agent'] },
  'changes-paths': { actions: ['agent'] },
  'max-changes': { default: '40000', actions: ['agent'] },
  'continue-thread': { default: 'false', actions: ['agent'] },
  'status-labels': { actions: ['agent', 'comment'] },
  weeks: { default: '12', actions: ['health'] },
  'health-label': { default: 'docs-health', actions: ['health'] },
  agent: { default: 'off', actions: ['health'] },
  impact: { default: 'on', actions: ['health'] },
  'impact-weeks': { default: '4', actions: ['health'] },
  'impact-comment': { default: 'true', actions: ['health'] },
  'docs-repository': { default: '${{ github.repository }}', actions: ['health'] },
  'docs-root': { actions: ['health'] },
  'max-jobs': { default: '1', actions: ['health'] },
  'assistant-key': { actions: ['health'] },
  domain: { actions: ['health'] },
  'max-searches': { default: '50', actions: ['health'] },
  'github-deployment': { default: 'false', actions: ['deploy', 'preview'] },
  'deployment-environment': { default: '', actions: ['deploy', 'preview'] },
  fix: { default: 'false', actions: ['check'] },
  'fix-rounds': { default: '1', actions: ['check'] },
  'docs-path': { default: '', actions: ['check', 'preview'] },
  'pages-json': { actions: ['preview'] },
  'mint-version': { default: MINT_VERSION, actions: ['check'] },
  checks: { default: 'links, anchors, redirects, snippets, alt-text, contrast', actions: ['check'] },
  scope: { default: 'new', actions: ['check'] },
  exclude: { default: '', actions: ['check'] },
  'on-problems': { default: 'fail', actions: ['check'] },
  'check-run': { default: 'auto', actions: ['check'] },
  suggestions: { default: 'auto', actions: ['check'] },
  'min-views': { default: '0', actions: ['check'] },
} as const satisfies Record<string, InputSpec>

export const OUTPUTS = {
  'job-id': { actions: ['agent', 'comment', 'automation'] },
  status: { actions: ['agent', 'comment', 'automation'] },
  'pr-link': { actions: ['agent', 'comment', 'automation'] },
  'pr-number': { actions: ['agent', 'comment', 'automation'] },
  model: { actions: ['agent', 'comment', 'automation'] },
  'source-repository': { actions: ['agent', 'comment', 'automation'] },
  'source-ref': { actions: ['agent', 'comment', 'automation'] },
  job: { actions: ['agent', 'comment', 'automation'] },
  human: { actions: ['visitors', 'views'] },
  ai: { actions: ['visitors', 'views'] },
  total: { actions: ['visitors', 'views'] },
  'path-count': { actions: ['visitors', 'views'] },
  'visitors-json': { actions: ['visitors'] },
  'visitors-csv': { actions: ['visitors'] },
  'views-json': { actions: ['views'] },
  'views-csv': { actions: ['views'] },
  'previous-total': { actions: ['visitors', 'views'] },
  'change-percent': { actions: ['visitors', 'views'] },
  'dead-end-searches': { actions: ['insights'] },
  'unanswered-questions': { actions: ['insights'] },
  'down-rated-pages': { actions: ['insights'] },
  'insights-json': { actions: ['insights'] },
  'agent-prompt': { actions: ['insights'] },
  triggered: { actions: ['agent', 'comment'] },
  'deployment-id': { actions: ['deploy', 'preview'] },
  'deployment-status': { actions: ['deploy', 'preview'] },
  'preview-url': { actions: ['preview'] },
  'changed-pages': { actions: ['deploy', 'preview'] },
  'automation-run-id': { actions: ['automation'] },
  'agent-uses': { actions: SERVICE_ACTIONS },
  'analytics-requests': { actions: SERVICE_ACTIONS },
  'changed-files': { actions: ['agent'] },
  'skip-reason': { actions: ['agent', 'comment'] },
  'issue-number': { actions: ['health'] },
  'issue-url': { actions: ['health'] },
  'new-gaps': { actions: ['health'] },
  'persisting-gaps': { actions: ['health'] },
  'gone-gaps': { actions: ['health'] },
  'impact-json': { actions: ['health'] },
  'jobs-created': { actions: ['health'] },
  'answers-json': { actions: ['health'] },
  problems: { actions: ['check'] },
  'problems-json': { actions: ['check'] },
  'pages-json': { actions: ['check'] },
  'fixes-patch': { actions: ['check'] },
} as const satisfies Record<string, OutputSpec>

export type InputName = keyof typeof INPUTS
export type OutputName = keyof typeof OUTPUTS

/** The inputs an action reads, as a type: each mode's settings are typed from these. */
export type InputOf<A extends ActionName> = {
  [K in InputName]: A extends (typeof INPUTS)[K]['actions'][number] ? K : never
}[InputName]

/** An input's entry, as the interface it satisfies (its default, whether required, who reads it). */
export const inputSpec = (name: InputName): InputSpec => INPUTS[name]

/**
 * Every input's default (the action.yml files'), for an input the runner left empty. An expression
 * default (`${{ github.token }}`) is the runner's to fill: an empty value there was given empty.
 */
export const DEFAULTS: Readonly<Partial<Record<InputName, string>>> = Object.fromEntries(
  (Object.keys(INPUTS) as InputName[]).flatMap((name) => {
    const fallback = inputSpec(name).default
    return fallback !== undefined && !fallback.includes('${{') ? [[name, fallback]] : []
  }),
)

/** The inputs a focused action (or the root in that mode) reads, in catalogue order. */
export function inputsOf<A extends ActionName>(action: A): Array<InputOf<A>> {
  return (Object.keys(INPUTS) as InputName[]).filter((name) =>
    (INPUTS[name].actions as readonly ActionName[]).includes(action),
  ) as Array<InputOf<A>>
}

/** Each action's inputs, in catalogue order: the table every reader of an action's inputs looks in. */
export const INPUTS_OF: { readonly [A in ActionName]: ReadonlyArray<InputOf<A>> } = {
  agent: inputsOf('agent'),
  comment: inputsOf('comment'),
  visitors: inputsOf('visitors'),
  views: inputsOf('views'),
  insights: inputsOf('insights'),
  deploy: inputsOf('deploy'),
  preview: inputsOf('preview'),
  automation: inputsOf('automation'),
  health: inputsOf('health'),
  check: inputsOf('check'),
}

/** The outputs a focused action (or the root in that mode) may set, in catalogue order. */
export function outputsOf(action: ActionName): OutputName[] {
  return (Object.keys(OUTPUTS) as OutputName[]).filter((name) =>
    (OUTPUTS[name].actions as readonly ActionName[]).includes(action),
  )
}

/** Each action's outputs, in catalogue order. */
export const OUTPUTS_OF: Readonly<Record<ActionName, readonly OutputName[]>> = {
  agent: outputsOf('agent'),
  comment: outputsOf('comment'),
  visitors: outputsOf('visitors'),
  views: outputsOf('views'),
  insights: outputsOf('insights'),
  deploy: outputsOf('deploy'),
  preview: outputsOf('preview'),
  automation: outputsOf('automation'),
  health: outputsOf('health'),
  check: outputsOf('check'),
}
