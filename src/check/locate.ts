/**
 * Where a broken target is in its file: the CLI names the file and the target, never the line. Pure,
 * table-tested; a target found nowhere (written another way than as written in the output) keeps
 * no line, and its problem is still reported at its file.
 */

export interface Place {
  line: number
  column: number
}

/** Characters that may stand before a link target as written (`](`, `href="`, `to='`, `: "`). */
const BEFORE = new Set(['(', '"', "'", '=', ' ', '\t', '<', '{', '`', '\n'])
/** …and after it. */
const AFTER = new Set([')', '"', "'", ' ', '\t', '>', '}', '`', '\n', '\r'])

/** Every place `target` is written as a whole target in `text` (1-based lines and columns). */
export function placesOf(text: string, target: string): Place[] {
  const places: Place[] = []
  if (target === '') return places
  for (let at = text.indexOf(target); at !== -1; at = text.indexOf(target, at + 1)) {
    const before = at === 0 ? '\n' : text.charAt(at - 1)
    const after = at + target.length >= text.length ? '\n' : text.charAt(at + target.length)
    if (!BEFORE.has(before) || !AFTER.has(after)) continue
    const lineStart = text.lastIndexOf('\n', at - 1) + 1
    places.push({ line: countLines(text, at), column: at - lineStart + 1 })
  }
  return places
}

function countLines(text: string, upTo: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < upTo; i = text.indexOf('\n', i + 1)) line++
  return line
}

/** A redirect as the CLI prints it (`/old → /new`): where its destination is written in docs.json. */
export function redirectPlaces(docsJson: string, redirect: string): Place[] {
  const [source, destination] = redirect.split(' → ')
  if (destination === undefined || source === undefined) return []
  const places = placesOf(docsJson, destination)
  return places.length > 0 ? places : placesOf(docsJson, source)
}
