/**
 * Where a broken target is in its file: the CLI names the file and the target, never the line. Only
 * places where the target is written as a link count: Markdown links and images, reference
 * definitions, autolinks, an attribute's value (`href`, `src`, a JSX prop such as `<Card href>`),
 * and in a JSON file a string. Never prose, never code (fenced blocks and code spans are masked
 * first). Pure, table-tested; a target found nowhere keeps no line, and its problem is still
 * reported at its file.
 */

export interface Place {
  line: number
  column: number
}

/** The text with the inside of fenced code blocks, code spans and HTML comments blanked (lines and columns kept). */
export function maskCode(text: string): string {
  const blank = (s: string): string => s.replace(/[^\n]/g, ' ')
  let out = ''
  let fence: string | undefined
  for (const line of text.split(/(?<=\n)/)) {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== undefined) {
      if (
        opener !== undefined &&
        opener[0] === fence[0] &&
        opener.length >= fence.length &&
        /^\s*(`+|~+)\s*$/.test(line)
      )
        fence = undefined
      out += blank(line)
    } else if (opener !== undefined) {
      fence = opener
      out += blank(line)
    } else out += line
  }
  return out.replace(/<!--[\s\S]*?-->/g, blank).replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (m: string) => blank(m))
}

/** What may stand just before a target written as a link. */
const LINK_BEFORE = [
  /\]\(\s*<?$/, // [text](target or ![alt](target
  /^\s{0,3}\[[^\]\n]+\]:\s*<?$/, // [ref]: target
  /<$/, // <https://…>
  /[A-Za-z_:][\w:.-]*\s*=\s*\{?\s*["'`]$/, // href="target", src='target', href={"target"}, to={`target`}
]
/** …and just after it. */
const LINK_AFTER = /^(?:[)>"'`]|\s|$)/

/** Every place `target` is written as a link in `text` (1-based lines and columns); `json`: as a string. */
export function linkPlaces(text: string, target: string, json = false): Place[] {
  const places: Place[] = []
  if (target === '') return places
  const masked = json ? text : maskCode(text)
  for (let at = masked.indexOf(target); at !== -1; at = masked.indexOf(target, at + 1)) {
    const lineStart = masked.lastIndexOf('\n', at - 1) + 1
    const lineEnd = masked.indexOf('\n', at)
    const before = masked.slice(lineStart, at)
    const after = masked.slice(at + target.length, lineEnd === -1 ? undefined : lineEnd)
    const linked = json
      ? before.endsWith('"') && after.startsWith('"')
      : LINK_BEFORE.some((p) => p.test(before)) && LINK_AFTER.test(after)
    if (linked) places.push({ line: countLines(masked, at), column: at - lineStart + 1 })
  }
  return places
}

function countLines(text: string, upTo: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < upTo; i = text.indexOf('\n', i + 1)) line++
  return line
}

/** A redirect as the CLI prints it (`/old → /new`): where its destination is written in the configuration. */
export function redirectPlaces(config: string, redirect: string): Place[] {
  const [source, destination] = redirect.split(' → ')
  if (destination === undefined || source === undefined) return []
  const places = linkPlaces(config, destination, true)
  return places.length > 0 ? places : linkPlaces(config, source, true)
}

/** The text of a line (1-based), trimmed: what a problem's place says, to match it across versions. */
export function lineText(text: string, line: number): string {
  return (text.split('\n')[line - 1] ?? '').trim()
}
