import * as z from 'zod/mini'
import { withoutUrlSecrets } from '../util/text.js'
import { ACTIONS, type ActionName, type Field, type FieldRun, type Parsed } from '../inputs/catalogue.js'
import { type Issues, type ProblemWords, optional } from '../inputs/problem.js'
import type { PromptFiles } from '../inputs/prompt-file.js'
import type { Run } from '../inputs/rules.js'
import { DEFAULTS, INPUTS, INPUTS_OF, type InputName, type InputOf, inputSpec, ofEveryFeature } from './catalogue.js'

/**
 * The one place raw inputs become typed, validated settings: each input the mode reads by its field,
 * then the mode's rules (its feature's inputs.ts). Nothing else reads an input.
 */

/** What a mode's rules get: the parsed inputs its action reads, and only those. */
type ModeInputs<M extends ActionName> = Pick<Parsed<typeof INPUTS>, Exclude<InputOf<M>, 'mode'>>

/** Each mode's rules, by its action's name: the compiler holds each to the inputs its action reads. */
const RULES = ofEveryFeature('RULES') satisfies {
  [M in ActionName]: (i: ModeInputs<M>, ctx: Issues, run: Run) => unknown
}

type ModeSettings = { [M in ActionName]: ReturnType<(typeof RULES)[M]> }

/** An input's field for this run. */
const fieldFor = (field: Field, run: FieldRun): z.ZodMiniType => (typeof field === 'function' ? field(run) : field)

/**
 * The schema of one mode: its inputs' fields in the action.yml's order (problems come in the order
 * users read them), then its rules. A required input the catalogue makes optional may be empty.
 */
function modeSchema<M extends ActionName>(mode: M, run: Run): z.ZodMiniType<ModeSettings[M], unknown> {
  const picked = Object.fromEntries(
    INPUTS_OF[mode].map((name) => {
      const field = fieldFor(INPUTS[name].field, run)
      return [name, inputSpec(name).optionalIn?.includes(mode) ? optional(field) : field]
    }),
  )
  const rules = RULES[mode] as unknown as (i: ModeInputs<M>, ctx: Issues, run: Run) => ModeSettings[M]
  return z.pipe(
    z.object(picked) as unknown as z.ZodMiniType<ModeInputs<M>>,
    z.transform((i: ModeInputs<M>, ctx) => rules(i, ctx, run)),
  )
}

/** Every input of the root action, `mode` among them (the catalogue's order). */
export const INPUT_NAMES = Object.keys(INPUTS)

export type RawInputs = Partial<Record<string, string>>

/** A bad input: names the input, the value given and what is accepted. */
export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/** Any mode's settings. */
export type Settings = ModeSettings[ActionName]

function describeValue(name: string, raw: string | undefined): string {
  if (name === 'api-key') return raw ? 'is not a usable key (its value is not shown)' : 'is empty'
  if (raw === undefined || raw === '') return 'is empty'
  const text = name === 'base-url' ? withoutUrlSecrets(raw) : raw
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text
  return `is ${JSON.stringify(shown)}`
}

/** One problem as the log says it: the input, what its value is, and what is accepted. */
function wordProblem(name: string, accepted: string, words: ProblemWords, raw: RawInputs, action?: ActionName) {
  if (words.wording === 'event') {
    return action
      ? `The comment action reads a comment, but this run's event is not one it reads: ` +
          `expected it ${accepted.replace('mode: comment ', '')}.`
      : `Input "mode" is "comment", but this run's event is not one it reads: expected ${accepted}.`
  }
  if (words.wording === 'nothing-to-do') return `Inputs "prompt" and "job-id" are both empty: ${accepted}.`
  const described = typeof words.described === 'string' ? words.described : describeValue(name, raw[name])
  return `Input "${name}" ${described}: expected ${accepted}.`
}

/**
 * Validates raw inputs (empty: not given) into Settings, or throws one InputError naming every bad
 * input, its value and what is accepted. Only the inputs the mode reads are looked at.
 */
export function parseSettings(
  raw: RawInputs,
  now: number,
  eventName = '',
  files?: PromptFiles,
  action?: ActionName,
): Settings {
  const mode = action ?? modeOf(raw)
  const withDefaults: Record<string, string> = {}
  for (const name of INPUTS_OF[mode]) {
    const given = raw[name] ?? ''
    const fallback = DEFAULTS[name]
    withDefaults[name] =
      name === 'prompt' ? given : given.trim() === '' && fallback !== undefined ? fallback : given.trim()
  }
  const result = modeSchema(mode, { now, eventName, files }).safeParse(withDefaults)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) =>
    wordProblem(
      String(issue.path[0] ?? 'inputs'),
      issue.message,
      (issue as { params?: ProblemWords }).params ?? {},
      raw,
      action,
    ),
  )
  throw new InputError(lines.join('\n'))
}

/** The root's inputs given that its mode does not read (unusedInputs). */
export type Unused = ReturnType<typeof unusedInputs>

/** The settings, and for the root the inputs given that its mode does not read (warned about, never validated). */
export function readSettings(
  raw: RawInputs,
  now: number,
  eventName: string,
  files: PromptFiles,
  action: ActionName | undefined,
): { settings: Settings; unused: Unused } {
  const unused = action ? [] : unusedInputs(raw, modeOf(raw))
  return { settings: parseSettings(raw, now, eventName, files, action), unused }
}

/** The root's mode input, or an InputError naming it and what is accepted. */
function modeOf(raw: RawInputs): ActionName {
  const given = (raw.mode ?? '').trim() || DEFAULTS.mode
  const mode = ACTIONS.find((m) => m === given)
  if (mode !== undefined) return mode
  // the actions, from their one table: a new one is in this message the day it is in the table
  throw new InputError(
    `Input "mode" ${describeValue('mode', raw.mode)}: expected ${ACTIONS.slice(0, -1).join(', ')} or ${ACTIONS.at(-1) ?? ''}.`,
  )
}

/**
 * The root's inputs given (other than their default) that its mode does not read, each with the
 * actions that do: never validated, never silent. An expression default (github-token) never counts.
 */
export function unusedInputs(raw: RawInputs, mode: ActionName): Array<{ name: string; readBy: readonly ActionName[] }> {
  const reads = new Set<string>(INPUTS_OF[mode])
  return (Object.keys(INPUTS) as InputName[])
    .map((name) => ({ name, spec: inputSpec(name) }))
    .filter(({ name, spec }) => name !== 'mode' && !reads.has(name) && !(spec.default ?? '').includes('${{'))
    .filter(({ name, spec }) => {
      const given = (raw[name] ?? '').trim()
      return given !== '' && given !== spec.default
    })
    .map(({ name, spec }) => ({ name, readBy: spec.actions }))
}
