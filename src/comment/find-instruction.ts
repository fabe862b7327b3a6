import type { Nodes, Root } from 'mdast'
import { stripHidden } from '../util/text.js'

/**
 * The instruction in a comment: the text after the trigger phrase on the first line that starts
 * with it (any case, leading spaces allowed), following lines included. Only a paragraph's line
 * outside quotes counts, as GitHub renders the comment (CommonMark and GFM): code, HTML blocks and
 * quotes never trigger, so quoting an earlier instruction does not repeat it. HTML comments (hidden
 * on GitHub) and invisible characters are removed before the text goes anywhere.
 */

/** The longest instruction sent to the agent; longer text is cut, and the log says so. */
export const MAX_INSTRUCTION_CHARS = 4000

/** Removes HTML comments (an unclosed one runs to the end) and invisible or control characters. */
export const cleanCommentText = stripHidden

export type InstructionResult = { found: false } | { found: true; text: string; cutChars: number }

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** Parses Markdown as GitHub does for comments (markdown.ts, loaded on first use). */
async function parseComment(text: string): Promise<Root> {
  const { parseMarkdown } = await import('../github/markdown.js')
  return parseMarkdown(text)
}

/** The (1-based) lines that belong to a paragraph outside any block quote. */
function paragraphLines(tree: Root): Set<number> {
  const lines = new Set<number>()
  const visit = (node: Nodes): void => {
    // a quote is someone else's words; code and HTML blocks hold no paragraph to read
    if (node.type === 'blockquote') return
    if (node.type === 'paragraph') {
      const { start, end } = node.position ?? {}
      if (start && end) for (let line = start.line; line <= end.line; line++) lines.add(line)
      return
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(tree)
  return lines
}

export async function findInstruction(body: string, phrase: string): Promise<InstructionResult> {
  const text = cleanCommentText(body)
  const trigger = new RegExp(`^\\s*${escapeRegExp(phrase)}(?=\\s|$)`, 'i')
  const lines = text.split('\n')
  // the parser is loaded only for a comment that may hold an instruction at all
  if (!lines.some((line) => trigger.test(line))) return { found: false }
  const eligible = paragraphLines(await parseComment(text))
  for (const [i, line] of lines.entries()) {
    const match = eligible.has(i + 1) ? trigger.exec(line) : null
    if (!match) continue
    const rest = [line.slice(match[0].length), ...lines.slice(i + 1)].join('\n').trim()
    if (rest.length <= MAX_INSTRUCTION_CHARS) return { found: true, text: rest, cutChars: 0 }
    return {
      found: true,
      text: rest.slice(0, MAX_INSTRUCTION_CHARS).trimEnd(),
      cutChars: rest.length - MAX_INSTRUCTION_CHARS,
    }
  }
  return { found: false }
}
