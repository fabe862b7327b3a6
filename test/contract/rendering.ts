import type { Nodes, Parent, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { toString } from 'mdast-util-to-string'
import { gfm } from 'micromark-extension-gfm'

/**
 * What a user sees of a comment or a summary, judged as GitHub renders it (CommonMark + GFM, parsed
 * here with micromark, independently of the action's own parser module). Every summary a test run
 * leaves (test/e2e/harness.ts collectRun) and every comment the action writes to the fake GitHub
 * (test/simulator/github-simulator.ts) is checked; test/contract/setup.ts fails the test that
 * produced a problem. The rules:
 *
 * - a quote holds only someone's words: a blockquote that is not a GitHub alert (`> [!WARNING]`) must
 *   be text a person wrote (an event's text, an input, a comment on the fake GitHub);
 * - no table has an empty header row (GitHub shows it as a blank band);
 * - no line is repeated (outside tables' delimiter rows, code blocks and hidden state);
 * - links are links: no `[text](https://…)` or `<a href` left as text, unless a person typed it;
 * - one format (src/util/format.ts), here and in every log (formatProblemsOf): days as YYYY-MM-DD,
 *   never "1 Oct 2026"; counts and percentages grouped (`125,000 characters`, `+1,212.9%`); no table
 *   wider than five columns.
 */

// on globalThis: the in-process runs reset vitest's module registry, so this module can be loaded more
// than once in a worker (the harness's copy and the simulator's), and every copy must share one record
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('action.rendering')] ??= {
  problems: [],
  userTexts: new Set(),
}) as {
  problems: string[]
  userTexts: Set<string>
}
const { problems, userTexts } = shared

/** Text a person wrote, which the action may quote or show as it is. */
export function registerUserText(text: unknown): void {
  if (typeof text === 'string' && text.trim()) userTexts.add(squash(text))
  else if (Array.isArray(text)) for (const item of text) registerUserText(item)
  else if (text && typeof text === 'object') for (const value of Object.values(text)) registerUserText(value)
}

/** The problems found since the last call, and forget the user texts (one test's world). */
export function takeRenderingProblems(): string[] {
  userTexts.clear()
  return problems.splice(0)
}

// what the action drops from someone's text before quoting it (hidden comments, invisible characters)
// and how it bounds it (an ellipsis); whitespace does not count (quotes re-wrap lines)
const squash = (text: string): string =>
  text
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    // eslint-disable-next-line no-control-regex -- the invisible characters a reader does not see are dropped on purpose
    .replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
    .replace(/\s+/g, '')

const fromUser = (text: string): boolean => {
  const needle = squash(text).replace(/…$/, '')
  if (!needle) return true
  for (const known of userTexts) if (known.includes(needle)) return true
  return false
}

const ALERT = /^\s*\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/

function* walk(node: Nodes): Generator<Nodes> {
  yield node
  if ('children' in node) for (const child of (node as Parent).children) yield* walk(child)
}

const MONTH_DATE = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/
// a count of something, or a percentage, written without its thousands grouped
const UNGROUPED =
  /(?<![\w.,/#=:-])\d{4,}(?:\.\d+)?(?:%| (?:characters|rows|requests|pages|bytes|comments|files|instructions|visitors|views|searches|questions|weeks|more)\b)/

/**
 * What breaks the one format in any text a user reads (a summary, a comment, a log line); [] when
 * nothing does. Text a person wrote is not the action's to format.
 */
export function formatProblemsOf(text: string): string[] {
  const found: string[] = []
  for (const line of text.split('\n')) {
    // a debug line is a library's own, shown only when step debugging is on (@actions/cache's HTTP headers)
    if (line.startsWith('::add-mask::') || line.startsWith('::debug::') || line.includes('mintlify-docs-action:'))
      continue
    for (const [what, re] of [
      ['a date not as YYYY-MM-DD', MONTH_DATE],
      ['a number not grouped', UNGROUPED],
    ] as const) {
      const m = re.exec(line)
      if (m && !fromUser(m[0])) found.push(`${what}: "${m[0]}" in "${line.slice(0, 160)}"`)
    }
  }
  return found
}

/** Problems a user would see in `markdown` (a comment or a summary); [] when none. */
export function renderingProblemsOf(markdown: string): string[] {
  const found: string[] = []
  const tree: Root = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  for (const node of walk(tree)) {
    if (node.type === 'blockquote') {
      const text = toString(node)
      if (!ALERT.test(text) && !fromUser(text))
        found.push(`a quote holds words no person wrote: "${text.slice(0, 160)}"`)
    } else if (node.type === 'table') {
      const header = node.children[0]
      if (header && header.children.length > 5)
        found.push(`a table has ${header.children.length} columns (five at most): "${toString(header).slice(0, 120)}"`)
      if (header && header.children.every((cell) => toString(cell).trim() === ''))
        found.push(`a table has an empty header row: "${toString(node).slice(0, 120)}"`)
    } else if (node.type === 'paragraph' || node.type === 'tableCell' || node.type === 'heading') {
      // as read: a link that did not parse leaves its brackets (or its HTML) in the text
      // (the text only: an HTML node such as <a href="…"> is a link GitHub renders)
      const text = [...walk(node)].map((n) => (n.type === 'text' ? n.value : '')).join('')
      // each would-be link on its own: a person's text is often inside the action's sentence
      for (const m of text.matchAll(/\[[^\]]*\]\(https?:[^)\s]*\)?|<a href[^>]*>?/gi)) {
        if (!fromUser(m[0])) found.push(`a link shows as text: "${m[0].slice(0, 160)}" in "${text.slice(0, 120)}"`)
      }
    }
  }
  found.push(...formatProblemsOf(markdown))
  const seen = new Set<string>()
  const visible = markdown.replace(/<!--[\s\S]*?-->/g, '')
  let fenced = false
  for (const line of visible.split('\n')) {
    const t = line.trim()
    // a code block's lines are data (a chart's two series may well be equal), not repeated prose
    if (/^(```|~~~)/.test(t)) fenced = !fenced
    if (fenced || !t || /^[|:\-\s]+$/.test(t) || /^>\s*(\[!\w+\])?$/.test(t)) continue
    if (seen.has(t)) found.push(`a line is repeated: "${t.slice(0, 160)}"`)
    seen.add(t)
  }
  return found
}

/** Checks a run's log (its stdout) for the one format, and keeps what it found for the test's end. */
export function checkLog(log: string, what: string): void {
  for (const problem of formatProblemsOf(log)) problems.push(`${what}: ${problem}`)
}

/** Checks `markdown` and keeps what it found for the test's end (setup.ts). */
export function checkRendered(markdown: string, what: string): void {
  for (const problem of renderingProblemsOf(markdown)) problems.push(`${what}: ${problem}`)
}
