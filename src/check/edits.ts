import type { Judged } from './new-known.js'
import { type Redirect, normalAddress, redirectsOf } from '../site/addresses.js'
import { redirectEntries } from './target-lines.js'
import { redirectsFile } from '../site/config-refs.js'
import { posix } from 'node:path'
import { addTo } from '../util/collections.js'

/**
 * The fixes the check knows, as edits of the head's files: a link to a renamed page points to its new
 * address; a lost address gets a redirect (in the file's own indentation); a redirect to a redirect
 * goes straight to the end. Each edit replaces whole lines: one suggestion, or one hunk of a patch.
 * An edit the check cannot vouch for (the line moved, the configuration would not parse) is never made.
 */

/** Lines `line`…`endLine` of a file (1-based, the head's) and what they become. */
export interface LineEdit {
  /** The file's path in the repository. */
  path: string
  line: number
  endLine: number
  /** The lines as the head has them. */
  before: string[]
  after: string[]
  /** What it fixes, one sentence each (the problems' own words). */
  fixes: string[]
}

/** A file's text by its repository path, as the pull request's head has it; undefined where unknown. */
export type HeadText = (path: string) => string | undefined

/** Whether a line of a file (the head's) is in the pull request's diff, where a suggestion can be made. */
export type InDiff = (path: string, line: number) => boolean

/**
 * What a fix may write into a link as an address: letters, marks and digits of any script and
 * `/ - . _ ~ % : @ ! $ + , ; =`. A renamed page's new address comes from its file's name, which the
 * pull request's author chose: a space, a quote, a bracket, a parenthesis, a brace, a `#` or `?`, a
 * line break or any other control or invisible character could end the link it is written in, or
 * write more than a link. Such a fix is not offered (said, never guessed at).
 */
export function linkAddress(address: string): boolean {
  return /^[\p{L}\p{M}\p{N}/\-._~%:@!$+,;=]*$/u.test(address)
}

/**
 * What a fix may write into a redirect (a JSON string, which escapes the rest): anything but a
 * control, format or line-separating character, which no address readers type can hold.
 */
export function redirectAddress(address: string): boolean {
  return /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u.test(address)
}

/**
 * Where a fix may write: a path of the docs folder, each of its parts a name (no `..`, no empty
 * part), none of them `.git` or `.github` in any case (a repository's own files and its workflows).
 */
export function writablePath(path: string, docsFolder: string): boolean {
  const parts = path.split('/')
  if (parts.some((p) => p === '' || p === '.' || p === '..' || /^\.git(hub)?$/i.test(p))) return false
  return docsFolder === '' || path.startsWith(`${docsFolder}/`)
}

/** Whether each line an edit keeps or writes is one line: no `\n`, and a `\r` only at its end. */
export const oneLineEach = (e: LineEdit): boolean => [...e.before, ...e.after].every((l) => !/\n|\r(?!$)/.test(l))

/** One fix of a new problem, before the head's text is read: a text replaced, a redirect sent on, or added. */
type Change =
  | { kind: 'replace'; path: string; line: number; column: number; from: string; to: string; why: string; entry?: true }
  | { kind: 'resend'; path: string; source: string; from: string; to: string; why: string }
  | { kind: 'redirect'; redirect: Redirect; why: string }

/** Says why a fix the check knows is not offered (its new text could write more than an address). */
export type Refused = (why: string) => void

/** The fixes of the new problems whose fix is known: the one list of which problem has which. */
function changesOf(judged: readonly Judged[], entryFile: (path: string) => boolean, refused?: Refused): Change[] {
  const changes: Change[] = []
  const refuse = (p: Judged['problem'], address: string): void =>
    refused?.(
      `The fix of ${p.path}${p.line ? `:${p.line}` : ''} was not offered: its new address ` +
        `${shown(address)} holds characters that cannot be written there as they are.`,
    )
  for (const { problem: p, status, because } of judged) {
    if (status !== 'new') continue
    // the renamed page's new address (its redirect's destination), the link's anchor or query kept
    const moved = p.rule === 'broken-link' ? because?.redirect?.destination : undefined
    if (moved !== undefined && !linkAddress(moved)) refuse(p, moved)
    else if (p.rule === 'lost-address' && p.fix && !redirect(p.fix)) refuse(p, p.fix.destination)
    else if (p.rule === 'lost-address' && !p.fix && p.resend && !redirectAddress(p.resend.to)) refuse(p, p.resend.to)
    else if (p.rule === 'redirect-fault' && p.fix && !redirect(p.fix)) refuse(p, p.fix.destination)
    else if (moved !== undefined && p.line && p.column && p.target) {
      const to = `${moved}${/[#?].*$/s.exec(p.target)?.[0] ?? ''}`
      changes.push({
        kind: 'replace',
        path: p.path,
        line: p.line,
        column: p.column,
        from: p.target,
        to,
        why: p.message,
      })
    } else if (p.rule === 'lost-address' && p.fix) changes.push({ kind: 'redirect', redirect: p.fix, why: p.message })
    // a redirect's entry is where the problem is placed: in the configuration, or in the file of
    // redirects it names by $ref (address-problems.ts); never in another file
    else if (p.rule === 'lost-address' && p.resend && entryFile(p.path))
      changes.push({ kind: 'resend', path: p.path, ...p.resend, why: p.message })
    else if (p.rule === 'redirect-fault' && p.fix && p.line && p.column && entryFile(p.path)) {
      const destination = p.target?.split(' → ')[1]
      if (destination)
        changes.push({
          kind: 'replace',
          path: p.path,
          line: p.line,
          column: p.column,
          from: jsonInner(destination),
          to: jsonInner(p.fix.destination),
          why: p.message,
          entry: true,
        })
    }
  }
  return changes
}

/** An address as a message shows it: quoted, each control, format or line-separating character as its `\u` escape. */
const shown = (address: string): string =>
  JSON.stringify(address).replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/**
 * A redirect the head has to an address a fix gives a redirect of its own (a renamed page's old
 * address) would lead to another redirect once the fix is in: sent straight on to the new address
 * in the same round, so every fix the check offers, applied together, makes no chain.
 */
function straightOn(changes: readonly Change[], redirects: readonly Redirect[], path: string): Change[] {
  const added = new Map<string, { to: string; why: string }>()
  for (const c of changes)
    if (c.kind === 'redirect') added.set(normalAddress(c.redirect.source), { to: c.redirect.destination, why: c.why })
  const resent = new Set(changes.flatMap((c) => (c.kind === 'resend' ? [`${c.source}\u0000${c.from}`] : [])))
  const out: Change[] = []
  for (const r of redirects) {
    const fix = added.get(normalAddress(r.destination))
    // (a destination with more than a path, or one a fix already sends on, is left as it is)
    if (!fix || r.destination !== normalAddress(r.destination) || resent.has(`${r.source}\u0000${r.destination}`))
      continue
    out.push({ kind: 'resend', path, source: r.source, from: r.destination, to: fix.to, why: fix.why })
  }
  return out
}

/** A redirect a fix may write: both its addresses (redirectAddress). */
const redirect = (r: Redirect): boolean => redirectAddress(r.source) && redirectAddress(r.destination)

/**
 * The files the fixes of these problems would edit (repository paths): what editsFor reads. Once the
 * configuration's text is known, the file it keeps its redirects in ($ref) is among them.
 */
export function filesToEdit(judged: readonly Judged[], config: string, configText?: string): Set<string> {
  // (before the configuration is read, a redirect's entry may be in any file: one read too many, never
  // one too few; the configuration says which file keeps its redirects)
  const home = redirectsHome(config, configText)
  return new Set(
    changesOf(judged, () => true).flatMap((c) =>
      c.kind === 'redirect' ? [config, home.path] : c.kind === 'resend' || c.entry ? [c.path, config] : [c.path],
    ),
  )
}

/** Where a configuration keeps its redirects: its own `redirects`, or the list in the file it names by $ref. */
function redirectsHome(config: string, configText: string | undefined): { path: string; list: boolean } {
  const kept = redirectsFile(configText)
  return kept === undefined
    ? { path: config, list: false }
    : { path: posix.join(posix.dirname(config), kept), list: true }
}

/**
 * The edits that fix the new problems whose fix is known, at most one a line; the configuration's
 * redirects are one edit, placed in the diff (`inDiff`) where they can be.
 */
export function editsFor(
  judged: readonly Judged[],
  headText: HeadText,
  config: string,
  inDiff: InDiff,
  refused?: Refused,
): LineEdit[] {
  // the docs folder is the configuration's: no fix writes outside it, in .git/ or .github/
  const folder = posix.dirname(config) === '.' ? '' : posix.dirname(config)
  const inside = (e: LineEdit): boolean => {
    const why = !writablePath(e.path, folder)
      ? 'the check writes only in the docs folder, never in .git/ or .github/'
      : !oneLineEach(e)
        ? 'one of its lines would hold a line break'
        : undefined
    if (why === undefined) return true
    refused?.(`The fix in ${shown(e.path)} was not offered: ${why}.`)
    return false
  }
  return fixesOf(judged, headText, config, inDiff, refused).filter(inside)
}

function fixesOf(
  judged: readonly Judged[],
  headText: HeadText,
  config: string,
  inDiff: InDiff,
  refused: Refused | undefined,
): LineEdit[] {
  // (no configuration: no place for a redirect, as in an empty one)
  const configText = headText(config) ?? ''
  const home = redirectsHome(config, configText)
  const changes = changesOf(judged, (path) => path === home.path, refused)
  changes.push(
    ...straightOn(changes, home.list ? listed(headText(home.path) ?? '') : redirectsOf(configText), home.path),
  )
  // the in-line replacements, by file and line: a redirect sent on where its entry is written
  const inLine = new Map<string, Map<number, Replacement[]>>()
  const replace = (path: string, line: number, r: Replacement): void => {
    const lines = inLine.get(path) ?? new Map<number, Replacement[]>()
    addTo(lines, line, r)
    inLine.set(path, lines)
  }
  // (a redirect to add waits below, until the in-line edits are known)
  for (const c of changes)
    switch (c.kind) {
      case 'replace':
        replace(c.path, c.line, c)
        break
      case 'resend':
        for (const place of redirectEntries(headText(c.path) ?? '', c.source, c.from))
          replace(c.path, place.line, {
            column: place.column,
            from: jsonInner(c.from),
            to: jsonInner(c.to),
            why: c.why,
          })
    }
  const edits: LineEdit[] = []
  for (const [path, lines] of inLine) {
    const text = headText(path)
    if (text === undefined) continue
    const all = text.split('\n')
    for (const [line, replacements] of lines) {
      const before = all[line - 1]
      if (before === undefined) continue
      const after = replaced(before, replacements)
      if (after !== undefined)
        edits.push({
          path,
          line,
          endLine: line,
          before: [before],
          after: [after],
          fixes: replacements.map((r) => r.why),
        })
    }
  }
  const redirects = changes.flatMap((c): Array<[Redirect, string]> =>
    c.kind === 'redirect' ? [[c.redirect, c.why]] : [],
  )
  if (redirects.length === 0) return edits
  // the redirects added where they are kept (the configuration, or the list in the file it names by
  // $ref), as its in-line edits leave it; an edit on the same lines becomes part of the one that adds them
  const homeText = home.list ? headText(home.path) : configText
  if (homeText === undefined) return edits
  const original = homeText.split('\n')
  const own = edits.filter((e) => e.path === home.path)
  const lines = [...original]
  for (const e of own) lines.splice(e.line - 1, 1, ...e.after)
  const added = redirectsEdit(lines.join('\n'), redirects, home, inDiff)
  if (!added) return edits
  const within = own.filter((e) => e.line >= added.line && e.line <= added.endLine)
  return [
    ...edits.filter((e) => !within.includes(e)),
    {
      path: home.path,
      ...added,
      before: original.slice(added.line - 1, added.endLine),
      fixes: [...within.flatMap((e) => e.fixes), ...added.fixes],
    },
  ]
}

/** A text at its column (1-based) and what replaces it. */
type Replacement = { column: number; from: string; to: string; why: string }

/** A string as JSON writes it between its quotes. */
const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1)

/** A line with each target at its column replaced, right to left; undefined where one is not there. */
function replaced(line: string, replacements: readonly Replacement[]): string | undefined {
  let out = line
  for (const { column, from, to } of [...replacements].sort((a, b) => b.column - a.column)) {
    const at = column - 1
    if (out.slice(at, at + from.length) !== from) return undefined
    out = out.slice(0, at) + to + out.slice(at + from.length)
  }
  return out === line ? undefined : out
}

/** Where a configuration's parts are: each top-level key's line, and the `redirects` array's. */
interface Outline {
  /** Top-level keys that begin their line: the line, and its indentation. */
  keys: Array<{ key: string; line: number; indent: string }>
  redirects?: {
    /** The `[`'s line and index in it, the `]`'s, and each entry's first and last line. */
    open: { line: number; at: number }
    close: { line: number; at: number }
    entries: Array<{ line: number; endLine: number }>
  }
}

/**
 * The outline of a JSON text: strings read as strings, and a top-level string before `:` a key. A
 * `list` is a file of redirects of its own (docs.json's `$ref`): the text is the array.
 */
export function outline(text: string, list = false): Outline {
  const keys: Outline['keys'] = []
  let redirects: Outline['redirects']
  // the line an entry of the redirects array began on, while the array is open (its close not yet read)
  let entry = 0
  // the depth inside the array's entries (a list's are one level nearer the top)
  const inEntry = list ? 2 : 3
  let depth = 0
  let line = 1
  let lineStart = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') {
      line++
      lineStart = i + 1
    } else if (c === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const key = depth === 1 ? /^\s*:(\s*\[)?/.exec(text.slice(j + 1)) : null
      if (key) {
        const indent = text.slice(lineStart, i)
        const name = text.slice(i + 1, j)
        if (indent.trim() === '') keys.push({ key: name, line, indent })
        if (name === 'redirects' && key[1] !== undefined) {
          const at = j + key[0].length
          const before = text.slice(0, at)
          const openLine = before.split('\n').length
          redirects = {
            open: { line: openLine, at: at - before.lastIndexOf('\n') - 1 },
            close: { line: 0, at: 0 },
            entries: [],
          }
        }
      }
      i = j
    } else if (c === '{' || c === '[') {
      // a list's array is the text's value (the text of any other is no list, and no edit of it is sound)
      if (list && depth === 0 && c === '[')
        redirects = { open: { line, at: i - lineStart }, close: { line: 0, at: 0 }, entries: [] }
      depth++
      if (depth === inEntry) entry = line
    } else if (c === '}' || c === ']') {
      if (redirects?.close.line === 0 && depth === inEntry) redirects.entries.push({ line: entry, endLine: line })
      if (redirects?.close.line === 0 && depth === inEntry - 1) redirects.close = { line, at: i - lineStart }
      depth--
    }
  }
  return { keys, ...(redirects ? { redirects } : {}) }
}

/** Lines `line`…`endLine` and what they become, before it is known what they were. */
type Placed = Pick<LineEdit, 'line' | 'endLine' | 'after'>

/**
 * The configuration's redirects added in one edit the check can vouch for (the result parses and
 * holds every redirect): after `[`, before `]`, or the array added before a top-level key; a place
 * in the diff first. Undefined where the file allows none.
 */
function redirectsEdit(
  text: string,
  added: ReadonlyArray<[Redirect, string]>,
  file: { path: string; list: boolean },
  inDiff: InDiff,
): (Placed & { fixes: string[] }) | undefined {
  const { path, list } = file
  const lines = text.split('\n')
  const { keys, redirects } = outline(text, list)
  const top = keys[0]?.indent ?? ''
  const unit = top === '' ? '  ' : top
  const keyIndent = keys.find((k) => k.key === 'redirects')?.indent ?? top
  const first = redirects?.entries[0]
  const entryIndent = first ? indentOf(lines[first.line - 1] ?? '') : keyIndent + unit
  const oneLine = first !== undefined && first.line === first.endLine
  const written = ({ source, destination }: Redirect): string =>
    `{ "source": ${JSON.stringify(source)}, "destination": ${JSON.stringify(destination)} }`
  const entry = (r: Redirect, last: boolean): string[] => {
    const end = last ? '' : ','
    return oneLine
      ? [`${entryIndent}${written(r)}${end}`]
      : [
          `${entryIndent}{`,
          `${entryIndent}${unit}"source": ${JSON.stringify(r.source)},`,
          `${entryIndent}${unit}"destination": ${JSON.stringify(r.destination)}`,
          `${entryIndent}}${end}`,
        ]
  }
  const entries = (lastHasComma: boolean): string[] =>
    added.flatMap(([r], i) => entry(r, !lastHasComma && i === added.length - 1))
  const candidates: Placed[] = []
  const at = (line: number, endLine: number, after: string[]): void => {
    candidates.push({ line, endLine, after })
  }
  if (redirects) {
    const { open, close } = redirects
    const openText = lines[open.line - 1] ?? ''
    const head = openText.slice(0, open.at + 1)
    const rest = openText.slice(open.at + 1)
    if (open.line === close.line && !first)
      // "redirects": [] on one line
      at(open.line, open.line, [head, ...entries(false), `${keyIndent}${openText.slice(close.at)}`])
    else if (rest.trim() === '') at(open.line, open.line, [openText, ...entries(first !== undefined)])
    else if (oneLine)
      // entries on the `[`'s line: the new ones first, on that line too
      at(open.line, open.line, [`${head}${added.map(([r]) => `${written(r)}, `).join('')}${rest.trimStart()}`])
    const closeText = lines[close.line - 1] ?? ''
    const last = redirects.entries.at(-1)
    // (where the `]` is on the last entry's line, or the entry ends in no `}`, the result is unsound)
    if (last)
      at(last.endLine, close.line, [
        `${lines[last.endLine - 1] ?? ''},`,
        ...lines.slice(last.endLine, close.line - 1),
        ...entries(false),
        closeText,
      ])
  } else if (!list && !hasKey(text, 'redirects'))
    // (a "redirects" that is no list, such as {"$ref": "./redirects.json"}, is never edited: a second
    // key would hide the file's redirects, and the file is the one to edit)
    for (const key of keys)
      at(key.line, key.line, [
        `${key.indent}"redirects": [`,
        ...entries(false),
        `${key.indent}],`,
        lines[key.line - 1] ?? '',
      ])
  // what the result must hold: every redirect the file held, and the new ones, in any order
  const held = (list: readonly Redirect[]): string =>
    list
      .map((r) => JSON.stringify([r.source, r.destination]))
      .sort()
      .join('\n')
  const read = list ? listed : redirectsOf
  const wanted = held([...read(text), ...added.map(([r]) => r)])
  const sound = candidates.filter(
    (c) => held(read([...lines.slice(0, c.line - 1), ...c.after, ...lines.slice(c.endLine)].join('\n'))) === wanted,
  )
  const inTheDiff = (c: Placed): boolean => {
    for (let l = c.line; l <= c.endLine; l++) if (!inDiff(path, l)) return false
    return true
  }
  const chosen = sound.find(inTheDiff) ?? sound[0]
  return chosen ? { ...chosen, fixes: added.map(([, why]) => why) } : undefined
}

/** The redirects of a file that is their list (a text that does not parse, or no list: none). */
function listed(text: string): Redirect[] {
  try {
    return redirectsOf(JSON.stringify({ redirects: JSON.parse(text) as unknown }))
  } catch {
    return []
  }
}

const indentOf = (line: string): string => /^\s*/.exec(line)?.[0] ?? ''

/** Whether a JSON text's top level has the key, whatever its value (a text that does not parse: no). */
function hasKey(text: string, key: string): boolean {
  try {
    // (null has no own key: Object.hasOwn throws, which is the same no)
    return Object.hasOwn(JSON.parse(text) as object, key)
  } catch {
    return false
  }
}
