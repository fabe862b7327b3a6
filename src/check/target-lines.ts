import { randomInt } from 'node:crypto'
import { addTo } from '../util/collections.js'
import { work } from '../util/work.js'

/**
 * Where a broken target is in its file (the CLI names the file, never the line): only where it is
 * written as a link (Markdown links and images, references, autolinks, an attribute such as
 * `<Card href>`, a JSON string), never in prose or code. A target found nowhere stays at its file.
 *
 * Linear in the file and the targets asked for, whatever the file holds: each file is masked and
 * indexed once (where a link may start, the text up to where it may end, each line's start), and a
 * target is looked up in that index, never searched for through the text.
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
    work.tick(line.length)
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
  return maskComments(out)
}

/** Every character but a newline as a blank: lines and columns kept. */
const blank = (s: string): string => s.replace(/[^\n]/g, ' ')

/** A line that starts a block of its own: a heading, a list item, a quote, a table row, a tag. */
const BLOCK_START = /^\s*(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s|>|\||<)/
/** A block that is one line: a heading, a table row, a tag's line. */
const SINGLE_LINE_BLOCK = /^\s*(?:#{1,6}(?:\s|$)|\||<)/

/**
 * Code spans in one block blanked: a run of backticks opens one and the next run as long closes it.
 * Each length's runs are read in order once, so a block of many runs costs what its length does.
 */
function maskSpans(block: string): string {
  const runs = [...block.matchAll(/`+/g)].map((r) => ({ at: r.index, length: r[0].length }))
  work.tick(runs.length)
  // the indexes of the runs of each length, in order, and how far each list has been read
  const ofLength = new Map<number, number[]>()
  runs.forEach((r, i) => addTo(ofLength, r.length, i))
  const read = new Map<number, number>()
  let out = ''
  let done = 0
  for (let i = 0; i < runs.length;) {
    const opener = runs[i] as { at: number; length: number }
    const same = ofLength.get(opener.length) ?? []
    let next = read.get(opener.length) ?? 0
    for (; next < same.length && (same[next] as number) <= i; next++) work.tick()
    read.set(opener.length, next)
    const closing = same[next]
    work.tick()
    // a run no run as long follows is plain text
    if (closing === undefined) {
      i++
      continue
    }
    const closer = runs[closing] as { at: number; length: number }
    const end = closer.at + closer.length
    out += block.slice(done, opener.at) + blank(block.slice(opener.at, end))
    done = end
    i = closing + 1
  }
  return out + block.slice(done)
}

/** HTML comments blanked: each `<!--` to the next `-->`; one left open hides nothing (as before, never past the text). */
function maskComments(text: string): string {
  let out = ''
  let done = 0
  for (let open = text.indexOf('<!--'); open !== -1; open = text.indexOf('<!--', done)) {
    const close = text.indexOf('-->', open + 4)
    if (close === -1) break
    out += text.slice(done, open) + blank(text.slice(open, close + 3))
    done = close + 3
  }
  work.tick(text.length)
  return out + text.slice(done)
}

/** A blank of a line (a newline ends the line a link's opening is read on). */
const isBlank = (c: string | undefined): boolean => c !== undefined && c !== '\n' && /\s/.test(c)
/** A character a name of an attribute may hold, and one it may start with. */
const NAME = /[\w:.-]/
const NAME_START = /[A-Za-z_:]/
/** What may end a target written as a link in Markdown (the text's end too), and in JSON. */
const ENDS_LINK = /[)>"'`\s]/
const endsLink = (c: string): boolean => c === '' || ENDS_LINK.test(c)
const endsString = (c: string): boolean => c === '"'

/**
 * Where a link's target may start in masked Markdown, in order: after `](` (blanks and a `<` after
 * it), after `[ref]:` at a line's start (likewise), after `<`, and after the quote of an attribute
 * (`href="`, `src='`, `href={"`, to={\``).
 */
function linkStarts(masked: string): number[] {
  const starts: number[] = []
  // after an opening: each blank after it, and a `<` after those
  const after = (from: number): void => {
    let at = from
    starts.push(at)
    while (isBlank(masked[at])) starts.push(++at)
    if (masked[at] === '<') starts.push(at + 1)
    work.tick(at - from + 1)
  }
  let lineStart = 0
  const reference = /[^\S\n]{0,3}\[[^\]\n]+\]:/y
  for (let at = 0; at < masked.length; at++) {
    const c = masked[at]
    if (at === lineStart) {
      reference.lastIndex = at
      const found = reference.exec(masked)
      if (found) after(at + found[0].length)
    }
    if (c === '\n') lineStart = at + 1
    else if (c === ']' && masked[at + 1] === '(') after(at + 2)
    else if (c === '<') starts.push(at + 1)
    else if ((c === '"' || c === "'" || c === '`') && attributeValue(masked, at)) starts.push(at + 1)
  }
  work.tick(masked.length)
  // one place may be found by two openings (`](<` is one by `<` too)
  return [...new Set(starts)].sort((a, b) => a - b)
}

/**
 * Whether the quote at `quote` opens an attribute's value: `name="`, `name = {'`, on its line. Read
 * backwards no further than the previous quote, so every quote of a text costs its own stretch alone.
 */
function attributeValue(masked: string, quote: number): boolean {
  let at = quote - 1
  const skip = (pass: (c: string) => boolean): void => {
    while (at >= 0 && masked[at] !== '\n' && pass(masked[at] as string)) at--
  }
  const from = at
  skip(isBlank)
  if (masked[at] === '{') {
    at--
    skip(isBlank)
  }
  let named = false
  if (masked[at] === '=') {
    at--
    skip(isBlank)
    skip((c) => {
      if (!NAME.test(c)) return false
      named ||= NAME_START.test(c)
      return true
    })
  }
  work.tick(from - at + 1)
  return named
}

/**
 * A text's places by what is written there. Markdown's link starts may nest (`<<a`: two starts, one
 * end), so each start's stretch up to where a link may end is keyed by a hash of it, read off prefix
 * hashes in constant time (two moduli, bases drawn at random: a pull request cannot aim at a
 * collision, and a collision costs a comparison, never a place); JSON's strings never nest, so
 * theirs are keyed as they are.
 */
const MODULI = [67_108_859, 67_108_837] as const

class Hashes {
  private readonly bases = MODULI.map((m) => randomInt(1 << 16, m - 1))
  private readonly prefixes: Int32Array[]
  private readonly powers: number[][] = MODULI.map(() => [1])

  constructor(readonly text: string) {
    this.prefixes = MODULI.map((m, i) => {
      const base = this.bases[i] as number
      const prefix = new Int32Array(text.length + 1)
      for (let at = 0; at < text.length; at++)
        prefix[at + 1] = ((prefix[at] as number) * base + text.charCodeAt(at)) % m
      return prefix
    })
    work.tick(text.length)
  }

  private power(i: number, length: number): number {
    const powers = this.powers[i] as number[]
    const m = MODULI[i] as number
    const base = this.bases[i] as number
    for (; powers.length <= length; work.tick()) powers.push(((powers.at(-1) as number) * base) % m)
    return powers[length] as number
  }

  /** The hash of the text from `start` to `end`. */
  of(start: number, end: number): string {
    return MODULI.map((m, i) => {
      const prefix = this.prefixes[i] as Int32Array
      const h = ((prefix[end] as number) - (((prefix[start] as number) * this.power(i, end - start)) % m) + m) % m
      return h
    }).join(':')
  }

  /** The hash of `s`, as `of` gives it for a stretch of the text that reads `s`. */
  ofText(s: string): string {
    work.tick(s.length)
    return MODULI.map((m, i) => {
      const base = this.bases[i] as number
      let h = 0
      for (let at = 0; at < s.length; at++) h = (h * base + s.charCodeAt(at)) % m
      return h
    }).join(':')
  }
}

/** The places of one kind of link in a text: each start by what is written from it to where it may end. */
class Starts {
  private readonly byStretch = new Map<string, number[]>()
  private readonly read = new Map<string, number[]>()
  private readonly hashes: Hashes | undefined

  constructor(
    private readonly text: string,
    starts: readonly number[],
    private readonly ends: (c: string) => boolean,
    nested: boolean,
  ) {
    this.hashes = nested ? new Hashes(text) : undefined
    let end = 0
    let read = 0
    for (const start of starts) {
      if (end < start) end = start
      // each character read once: a start inside the last stretch ends where it does
      for (; end < text.length && !ends(text[end] as string); end++) read++
      // a stretch the text ends before it may end (a JSON string left open) is no place
      if (!ends(text.charAt(end))) continue
      const key = this.hashes ? this.hashes.of(start, end) : text.slice(start, end)
      addTo(this.byStretch, key, start)
    }
    work.tick(read + starts.length)
  }

  /** The starts whose stretch reads `stretch` (a hash's match read to be sure, once a stretch). */
  private reading(stretch: string): number[] {
    const known = this.read.get(stretch)
    if (known) return known
    const hashes = this.hashes
    const same = this.byStretch.get(hashes ? hashes.ofText(stretch) : stretch) ?? []
    work.tick(same.length)
    // each start of a stretch as long is another stretch of the text: together no longer than it
    const starts = hashes
      ? same.filter(
          (start) => this.text.startsWith(stretch, start) && this.ends(this.text.charAt(start + stretch.length)),
        )
      : same
    this.read.set(stretch, starts)
    return starts
  }

  /** Each start `target` is written from, followed by where a link may end. */
  of(target: string): number[] {
    // what a start's stretch reads where the target is written there: the target up to where a link may end
    let cut = 0
    while (cut < target.length && !this.ends(target[cut] as string)) cut++
    const starts = this.reading(target.slice(0, cut))
    if (cut === target.length) return starts
    // a target that goes on past where a link may end (`/a(b)`), read past it
    const hashes = this.hashes
    const whole = hashes?.ofText(target)
    work.tick(starts.length)
    return starts.filter((start) => {
      const end = start + target.length
      if (end > this.text.length || !this.ends(this.text.charAt(end))) return false
      return (!hashes || hashes.of(start, end) === whole) && this.text.startsWith(target, start)
    })
  }
}

/** A file's text, indexed once for every place asked of it. */
class Indexed {
  private lineStarts: number[] | undefined
  private markdown: Starts | undefined
  private json: Starts | undefined
  private braces: { open: number[]; close: number[] } | undefined

  private readonly placed = new Map<string, Place[]>()

  constructor(readonly text: string) {}

  /** Every place `target` is written as a link (`json`: as a string), found once a target. */
  places(target: string, json: boolean): readonly Place[] {
    const key = `${json ? 'json' : 'markdown'}\u0000${target}`
    let found = this.placed.get(key)
    if (!found) {
      const starts = this.links(target, json)
      work.tick(starts.length)
      found = starts.map((at) => this.placeAt(at))
      this.placed.set(key, found)
    }
    return found
  }

  /** The starts of `target` written as a link (`json`: as a string). */
  links(target: string, json: boolean): number[] {
    if (json) {
      this.json ??= new Starts(this.text, stringStarts(this.text), endsString, false)
      return this.json.of(target)
    }
    if (!this.markdown) {
      const masked = maskCode(this.text)
      this.markdown = new Starts(masked, linkStarts(masked), endsLink, true)
    }
    return this.markdown.of(target)
  }

  /** An index of the text as a 1-based line and column. */
  placeAt(at: number): Place {
    const starts = this.lines()
    // the last line starting at or before `at`
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] as number) <= at) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: at - (starts[low] as number) + 1 }
  }

  /** The text of a line (1-based), trimmed; '' where there is no such line. */
  lineText(line: number): string {
    const starts = this.lines()
    const start = starts[line - 1]
    if (start === undefined) return ''
    const next = starts[line]
    return this.text.slice(start, next === undefined ? this.text.length : next - 1).trim()
  }

  /** Each index of a line's start. */
  private lines(): number[] {
    if (!this.lineStarts) {
      const starts = [0]
      for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1)) starts.push(at + 1)
      work.tick(this.text.length)
      this.lineStarts = starts
    }
    return this.lineStarts
  }

  /** The nearest `{` at or before `at`, and the nearest `}` at or after it; -1 where there is none. */
  entryAround(at: number): { start: number; end: number } {
    if (!this.braces) {
      const open: number[] = []
      const close: number[] = []
      for (let i = 0; i < this.text.length; i++) {
        if (this.text[i] === '{') open.push(i)
        else if (this.text[i] === '}') close.push(i)
      }
      work.tick(this.text.length)
      this.braces = { open, close }
    }
    const { open, close } = this.braces
    const before = firstAtLeast(open, at + 1) - 1
    return { start: open[before] ?? -1, end: close[firstAtLeast(close, at)] ?? -1 }
  }
}

/** The first index of sorted `list` whose value is at least `value` (its length where none is). */
function firstAtLeast(list: readonly number[], value: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((list[middle] as number) < value) low = middle + 1
    else high = middle
  }
  return low
}

/** Where a JSON string may start: after each `"`. */
function stringStarts(text: string): number[] {
  const starts: number[] = []
  for (let at = text.indexOf('"'); at !== -1; at = text.indexOf('"', at + 1)) starts.push(at + 1)
  work.tick(text.length)
  return starts
}

/** The texts indexed last: a file's problems, its redirects and their fixes ask of the same text again and again. */
const recent = new Map<string, Indexed>()
const RECENT = 4

function indexed(text: string): Indexed {
  let found = recent.get(text)
  if (found) recent.delete(text)
  else found = new Indexed(text)
  recent.set(text, found)
  if (recent.size > RECENT) recent.delete(recent.keys().next().value as string)
  return found
}

/**
 * Forgets every text indexed: the mutation tests call it before each test, as a mutant of the
 * indexing is only run by a test that indexes afresh (a cached index was built by another mutant).
 */
export function forgetIndexed(): void {
  recent.clear()
}

/** Every place `target` is written as a link in `text` (1-based lines and columns); `json`: as a string. */
export function linkPlaces(text: string, target: string, json = false): readonly Place[] {
  if (target === '') return []
  return indexed(text).places(target, json)
}

/**
 * A redirect as the CLI prints it (`/old → /new`): each configuration entry holding both, at its
 * destination; else where its destination, or its source, is written.
 */
export function redirectPlaces(config: string, redirect: string): readonly Place[] {
  const [source = '', destination] = redirect.split(' → ')
  if (destination === undefined) return []
  const entries = redirectEntries(config, source, destination)
  if (entries.length > 0) return entries
  const places = linkPlaces(config, destination, true)
  return places.length > 0 ? places : linkPlaces(config, source, true)
}

/**
 * Each entry of the configuration (between the braces around it) that holds both `"source": source`
 * and `"destination": destination`, at its destination.
 */
export function redirectEntries(config: string, source: string, destination: string): Place[] {
  const index = indexed(config)
  return keyedStrings(index, 'source', source).flatMap((at) => {
    const { start, end } = index.entryAround(at)
    if (start === -1 || end === -1) return []
    const to = keyedStrings(index, 'destination', destination, { start, end })[0]
    return to === undefined ? [] : [index.placeAt(to)]
  })
}

/** How far before a value its key is looked for (the key, a colon and the blanks around it). */
const KEY_WINDOW = 100

/** The keys a redirect's entry has, and how each is written before its value. */
const KEYED = { source: /"source"\s*:\s*$/, destination: /"destination"\s*:\s*$/ }

/** Where `"key": "value"` is written in JSON (within `inside`, where given): the index of each value's first character. */
function keyedStrings(
  index: Indexed,
  key: keyof typeof KEYED,
  value: string,
  inside: { start: number; end: number } = { start: 0, end: index.text.length },
): number[] {
  const { start, end } = inside
  const all = index.links(value, true)
  const found: number[] = []
  for (let i = firstAtLeast(all, start + 1); i < all.length; i++) {
    const at = all[i] as number
    // the value and both its quotes inside
    if (at + value.length >= end) break
    work.tick()
    if (KEYED[key].test(index.text.slice(Math.max(start, at - 1 - KEY_WINDOW), at - 1))) found.push(at)
  }
  return found
}

/** The text of a line (1-based), trimmed: what a problem's place says, to match it across versions. */
export function lineText(text: string, line: number): string {
  return indexed(text).lineText(line)
}
