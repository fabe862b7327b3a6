import { stripHidden } from '../util/text.js'

/**
 * The instruction in a comment: the text after the trigger phrase on the first line that starts
 * with it (case-insensitive, leading spaces allowed), following lines included. Lines inside fenced
 * code blocks and quoted lines (`>`) never trigger, so quoting an earlier instruction does not repeat
 * it. Pure, so it is table-tested.
 *
 * The text is cleaned before it goes anywhere: HTML comments (invisible on GitHub, a classic place
 * to hide an instruction) and invisible or control characters are removed, newlines kept, and it is
 * bounded.
 */

/** The longest instruction sent to the agent; longer text is cut, and the log says so. */
export const MAX_INSTRUCTION_CHARS = 4000

/** Removes HTML comments (an unclosed one runs to the end) and invisible or control characters. */
export const cleanCommentText = stripHidden

export type InstructionResult =
  | { found: false }
  | { found: true; text: string; cutChars: number }

const FENCE = /^ {0,3}(`{3,}|~{3,})/

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

export function findInstruction(body: string, phrase: string): InstructionResult {
  const lines = cleanCommentText(body).split('\n')
  const trigger = new RegExp(`^\\s*${escapeRegExp(phrase)}(?=\\s|$)`, 'i')
  let fence: string | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    const opener = FENCE.exec(line)?.[1]
    if (fence !== undefined) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = undefined
      continue
    }
    if (opener) {
      fence = opener
      continue
    }
    if (/^\s*>/.test(line)) continue
    const match = trigger.exec(line)
    if (!match) continue
    const rest = [line.slice(match[0].length), ...lines.slice(i + 1)].join('\n').trim()
    if (rest.length <= MAX_INSTRUCTION_CHARS) return { found: true, text: rest, cutChars: 0 }
    return { found: true, text: rest.slice(0, MAX_INSTRUCTION_CHARS).trimEnd(), cutChars: rest.length - MAX_INSTRUCTION_CHARS }
  }
  return { found: false }
}
