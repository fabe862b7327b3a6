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
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === undefined) {
      fence = opener
      out += opener === undefined ? line : blank(line)
      continue
    }
    // a fence closes with the same character, at least as long, and nothing after it
    const closer = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line.replace(/\r?\n$/, ''))?.[1]
    if (closer !== undefined && closer[0] === fence[0] && closer.length >= fence.length) fence = undefined
    out += blank(line)
  }
  return out.replace(/<!--[\s\S]*?-->/g, blank).replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, blank)
}

/** What may stand just before a target written as a link. */
const LINK_BEFORE = [
  /\]\(\s*<?$/, // [text](target or ![alt](target
  /^\s{0,3}\[[^\]\n]+\]:\s*<?$/, // [ref]: target
  /<$/, // <https://…>
  /[A-Za-z_:][\w:.-]*\s*=\s*\{?\s*["'`]$/, // href="target", src='target', href={"target"}, to={`target`}
]
/** …and the character just after it (none at the end of the text). */
const LINK_AFTER = /^[)>"'`\s]?$/

/** Every place `target` is written as a link in `text` (1-based lines and columns); `json`: as a string. */
export function linkPlaces(text: string, target: string, json = false): Place[] {
  const places: Place[] = []
  if (target === '') return places
  const masked = json ? text : maskCode(text)
  for (let at = masked.indexOf(target); at !== -1; at = masked.indexOf(target, at + 1)) {
    const lineStart = masked.lastIndexOf('\n', at - 1) + 1
    const before = masked.slice(lineStart, at)
    const after = masked.charAt(at + target.length)
    const linked = json
      ? before.endsWith('"') && after === '"'
      : LINK_BEFORE.some((p) => p.test(before)) && LINK_AFTER.test(after)
    if (linked) places.push({ line: masked.slice(0, at).split('\n').length, column: at - lineStart + 1 })
  }
  return places
}

/** A redirect as the CLI prints it (`/old → /new`): where its destination is written in the configuration. */
export function redirectPlaces(config: string, redirect: string): Place[] {
  const [source = '', destination] = redirect.split(' → ')
  if (destination === undefined) return []
  const places = linkPlaces(config, destination, true)
  return places.length > 0 ? places : linkPlaces(config, source, true)
}

/** The text of a line (1-based), trimmed: what a problem's place says, to match it across versions. */
export function lineText(text: string, line: number): string {
  return (text.split('\n')[line - 1] ?? '').trim()
}
