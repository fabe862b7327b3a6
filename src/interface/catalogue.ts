import { type ActionName, type InputSpec, type InputTable } from '../inputs/catalogue.js'
import { OUTPUTS, type OutputName } from '../inputs/outputs.js'
import { SHARED_INPUTS } from '../inputs/shared-inputs.js'
import { wordsIn } from '../inputs/words.js'
import * as agent from '../agent/inputs.js'
import * as check from '../check/inputs.js'
import * as comment from '../comment/inputs.js'
import * as health from '../health/inputs.js'
import * as insights from '../insights/inputs.js'
import * as live from '../live/inputs.js'
import * as traffic from '../traffic/inputs.js'

/**
 * The one catalogue of the interface: every input, shared or a feature's own, in the v1 order.
 * settings.ts types each mode from it; `npm run docs` writes the action.yml files and tables from it.
 */

/** Every feature's own part of the interface (its inputs, its rules, its actions' words), by its folder. */
const FEATURES = { agent, comment, traffic, insights, live, health, check } as const

type Feature = (typeof FEATURES)[keyof typeof FEATURES]
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never

/** One part of every feature, put together: what each feature's inputs.ts exports under that name. */
export function ofEveryFeature<K extends 'INPUTS' | 'RULES' | 'ACTION'>(part: K): Intersection<Feature[K]> {
  return Object.assign({}, ...Object.values(FEATURES).map((feature) => feature[part])) as Intersection<Feature[K]>
}

/** Where each input is defined: the shared ones, then each feature's folder (a newcomer's test reads it). */
export const DEFINED_IN: Readonly<Record<'inputs' | keyof typeof FEATURES, InputTable>> = {
  inputs: SHARED_INPUTS,
  ...(Object.fromEntries(Object.entries(FEATURES).map(([folder, feature]) => [folder, feature.INPUTS])) as Record<
    keyof typeof FEATURES,
    InputTable
  >),
}

const DEFINED = { ...SHARED_INPUTS, ...ofEveryFeature('INPUTS') }

/** The inputs in the order every action.yml lists them: the 1.0.0 root's, new inputs after their kin. */
const ORDER = [
  'api-key',
  'project-id',
  'mode',
  'prompt',
  'prompt-file',
  'job-id',
  'wait',
  'wait-timeout',
  'poll-interval',
  'require-pr',
  'base-url',
  'date-from',
  'date-to',
  'page-size',
  'summary-rows',
  'max-requests',
  'compare',
  'comment',
  'github-token',
  'docs-token',
  'reviewers',
  'trigger-phrase',
  'allowed-bots',
  'branch',
  'automation-id',
  'changes',
  'changes-paths',
  'max-changes',
  'continue-thread',
  'status-labels',
  'weeks',
  'health-label',
  'agent',
  'impact',
  'impact-weeks',
  'impact-comment',
  'docs-repository',
  'docs-root',
  'max-jobs',
  'assistant-key',
  'domain',
  'max-searches',
  'github-deployment',
  'deployment-environment',
  'fix',
  'fix-rounds',
  'docs-path',
  'pages-json',
  'mint-version',
  'checks',
  'scope',
  'exclude',
  'on-problems',
  'check-run',
  'suggestions',
  'min-views',
] as const satisfies ReadonlyArray<keyof typeof DEFINED>

/** An input the order leaves out: this fails to compile, naming it. */
type Unordered = Exclude<keyof typeof DEFINED, (typeof ORDER)[number]>
const ORDERED: [Unordered] extends [never] ? ReadonlyArray<keyof typeof DEFINED> : Unordered = ORDER

export const INPUTS = Object.fromEntries(ORDERED.map((name) => [name, DEFINED[name]])) as typeof DEFINED

export type InputName = keyof typeof INPUTS

/** The inputs an action reads, as a type: each mode's settings are typed from these. */
export type InputOf<A extends ActionName> = {
  [K in InputName]: A extends (typeof INPUTS)[K]['actions'][number] ? K : never
}[InputName]

/** An input's entry, as the interface it satisfies (its default, whether required, who reads it). */
export const inputSpec = (name: InputName): InputSpec => INPUTS[name]

/** Every input's default, for an input left empty; an expression default is the runner's to fill. */
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

/** Each focused action's name and description, from its feature. */
export const ACTION_META = ofEveryFeature('ACTION') satisfies Record<ActionName, { name: string; description: string }>

/** The words an input or output has in an action, or in the root (undefined when it does not take it). */
export function describe(kind: 'input', name: InputName, action: ActionName | 'root'): string | undefined
export function describe(kind: 'output', name: OutputName, action: ActionName | 'root'): string | undefined
export function describe(kind: 'input' | 'output', name: string, action: ActionName | 'root'): string | undefined {
  return wordsIn(kind === 'input' ? INPUTS[name as InputName] : OUTPUTS[name as OutputName], action)
}
