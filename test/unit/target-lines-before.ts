// The link placing of release 1.9.0 (src/check/target-lines.ts at 804fdba), kept as the oracle the
// indexed placing is held to (test/unit/check-bounded.test.ts): same places, in linear work.

/**
 * Where a broken target is in its file (the CLI names the file, never the line): only where it is
 * written as a link (Markdown links and images, references, autolinks, an attribute such as
 * `<Card href>`, a JSON string), never in prose or code. A target found nowhere stays at its file.
 */

export interface Place {
  line: number
  column: number
}

/**
 * The text with code and HTML comments blanked (lines and columns kept), as CommonMark and MDX read
 * it: a code span stays inside one block, so a stray backtick hides nothing after its paragraph.
 */
export function maskCode(text: string): string {
  let out = ''
  // the lines of the block being read, its code spans masked when it ends
  let block = ''
  const end = (): void => {
    out += maskSpans(block)
    block = ''
  }
  let fence: string | undefined
  for (const line of text.split(/(?<=\n)/)) {
    const bare = line.replace(/\r?\n$/, '')
    if (fence !== undefined) {
      // a fence closes with the same character, at least as long, and nothing after it
      const closer = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(bare)?.[1]
      if (closer !== undefined && closer[0] === fence[0] && closer.length >= fence.length) fence = undefined
      out += blank(line)
      continue
    }
    // a backtick fence's words hold no backtick
    const opener = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/.exec(bare)?.[1]
    if (opener !== undefined) {
      end()
      fence = opener
      out += blank(line)
    } else if (bare.trim() === '') {
      end()
      out += line
    } else {
      if (BLOCK_START.test(bare)) end()
      block += line
      if (SINGLE_LINE_BLOCK.test(bare)) end()
    }
  }
  end()
  return out.replace(/<!--[\s\S]*?-->/g, blank)
}

/** Every character but a newline as a blank: lines and columns kept. */
const blank = (s: string): string => s.replace(/[^\n]/g, ' ')

/** A line that starts a block of its own: a heading, a list item, a quote, a table row, a tag. */
const BLOCK_START = /^\s*(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s|>|\||<)/
/** A block that is one line: a heading, a table row, a tag's line. */
const SINGLE_LINE_BLOCK = /^\s*(?:#{1,6}(?:\s|$)|\||<)/

/** Code spans in one block blanked: a run of backticks opens one and the next run as long closes it. */
function maskSpans(block: string): string {
  const runs = [...block.matchAll(/`+/g)]
  let out = ''
  let done = 0
  for (let opener = runs.shift(); opener; opener = runs.shift()) {
    const length = opener[0].length
    const closer = runs.find((r) => r[0].length === length)
    // a run no run as long follows is plain text
    if (!closer) continue
    runs.splice(0, runs.indexOf(closer) + 1)
    const end = closer.index + closer[0].length
    out += block.slice(done, opener.index) + blank(block.slice(opener.index, end))
    done = end
  }
  return out + block.slice(done)
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
    if (linked) places.push(placeAt(masked, at))
  }
  return places
}

/**
 * A redirect as the CLI prints it (`/old → /new`): each configuration entry holding both, at its
 * destination; else where its destination, or its source, is written.
 */
export function redirectPlaces(config: string, redirect: string): Place[] {
  const [source = '', destination] = redirect.split(' → ')
  if (destination === undefined) return []
  const entries = redirectEntries(config, source, destination)
  if (entries.length > 0) return entries
  const places = linkPlaces(config, destination, true)
  return places.length > 0 ? places : linkPlaces(config, source, true)
}

/** Each entry of the configuration that holds both `"source": source` and `"destination": destination`, at its destination. */
export function redirectEntries(config: string, source: string, destination: string): Place[] {
  return keyedStrings(config, 'source', source).flatMap((at) => {
    const start = config.lastIndexOf('{', at)
    const end = config.indexOf('}', at)
    const to = keyedStrings(config.slice(start, end), 'destination', destination)[0]
    return to === undefined ? [] : [placeAt(config, start + to)]
  })
}

/** How far before a value its key is looked for (the key, a colon and the blanks around it). */
const KEY_WINDOW = 100

/** Where `"key": "value"` is written in JSON: the index of each value's first character. */
function keyedStrings(json: string, key: string, value: string): number[] {
  const found: number[] = []
  const written = `"${value}"`
  for (let at = json.indexOf(written); at !== -1; at = json.indexOf(written, at + 1))
    if (new RegExp(`"${key}"\\s*:\\s*$`).test(json.slice(Math.max(0, at - KEY_WINDOW), at))) found.push(at + 1)
  return found
}

/** An index of the text as a 1-based line and column. */
function placeAt(text: string, at: number): Place {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  return { line: text.slice(0, at).split('\n').length, column: at - lineStart + 1 }
}

/** The text of a line (1-based), trimmed: what a problem's place says, to match it across versions. */
export function lineText(text: string, line: number): string {
  return (text.split('\n')[line - 1] ?? '').trim()
}
