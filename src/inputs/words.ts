import { type ActionName, type Described, SAME, SERVICE_ACTIONS } from './catalogue.js'

/**
 * How the interface's sentences are read: each input's and output's words sit beside its entry (its
 * feature's inputs.ts, shared-inputs.ts, thread-inputs.ts, outputs.ts), one text for every action or
 * one per action; the root action.yml's (1.0.0's words, the v1 contract) are built from them here.
 */

/** One sentence or more, written over several lines of source. */
export const say = (...parts: string[]): string => parts.join(' ')

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

/**
/** The words an entry has in an action, or in the root (undefined where the action does not take it). */
export function wordsIn(
  entry: { words: Described; actions: readonly ActionName[] },
  action: ActionName | 'root',
): string | undefined {
  const { words, actions } = entry
  if (action === 'root') return rootWords(words, actions)
  if (!actions.includes(action) || words.text === undefined) return undefined
  return typeof words.text === 'string' ? words.text : words.text[action]
}
