import type * as z from 'zod/mini'

/**
 * The catalogue's ground: the ten actions, what one input's entry holds (its default, the actions
 * that take it, its field and its words). The inputs several features share are in shared-inputs.ts;
 * an input only one feature takes is that feature's (`src/<feature>/inputs.ts`). The interface's
 * catalogue (src/interface/catalogue.ts) puts them all together in the v1 order, and `npm run docs`
 * writes every action.yml from it.
 */

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

/** Words for the focused actions: one text for all, or one per action (every action that takes it). */
export type Words = string | Partial<Record<ActionName, string>>

/** The root says the focused actions' words as they are, with no "X mode:" before them. */
export const SAME = Symbol('the same words')

/** An input's or output's words (words.ts builds the root's from them). */
export interface Described {
  /** The focused actions' words; absent for a root-only input (mode). */
  text?: Words
  /** The root's words when they are not "<modes>: <text>" (SAME: the text itself). */
  root?: string | typeof SAME
}

/** What a field may know of the run: the clock (a range's ends) and the event (a fork gets no secrets). */
export interface FieldRun {
  now: number
  eventName: string
}

/** An input's parser: a schema, or one built for the run. */
export type Field = z.ZodMiniType | ((run: FieldRun) => z.ZodMiniType)

/** One input, whole: the catalogue's entry, its field (what it accepts) and its words (the action.yml's). */
export interface InputDefinition extends InputSpec {
  field: Field
  words: Described
}

/** A feature's own inputs, or a shared group of them. */
export type InputTable = Record<string, InputDefinition>

/** The value a field gives. */
export type FieldValue<F> = F extends (run: FieldRun) => infer S
  ? S extends z.ZodMiniType
    ? z.output<S>
    : never
  : F extends z.ZodMiniType
    ? z.output<F>
    : never

/** A table's inputs as parsed, by name. */
export type Parsed<T extends InputTable> = { [K in keyof T]: FieldValue<T[K]['field']> }
