import type { Judged } from './new-known.js'
import { type Redirect, pageAddress, redirectsOf } from '../site/addresses.js'

/**
 * The fixes the check knows, as edits of the head's files: a link to a page this pull request
 * renamed points to the page's new address; a lost address gets its redirect in the configuration's
 * `redirects` (added to the array, or the array added, in the file's own indentation); a redirect
 * that leads to another redirect goes straight to the end. Each edit replaces whole lines, so it is
 * one suggested change on the pull request or one hunk of a patch. An edit whose result the check
 * cannot vouch for (a line that no longer holds the target, a configuration that would not parse)
 * is never made. Pure.
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
 * The edits that fix the new problems whose fix is known, at most one per line (two links on one line
 * are one edit). `config` is the configuration's repository path; its redirects are one edit, placed
 * where `inDiff` says a suggestion can be made when there is such a place.
 */
export function editsFor(judged: readonly Judged[], headText: HeadText, config: string, inDiff: InDiff): LineEdit[] {
  const fresh = judged.filter((j) => j.status === 'new')
  // in-line replacements, by file and line: [column, old text, new text, why]
  const inLine = new Map<string, Map<number, Array<[number, string, string, string]>>>()
  const replace = (path: string, line: number, at: [number, string, string, string]): void => {
    const lines = inLine.get(path) ?? new Map<number, Array<[number, string, string, string]>>()
    lines.set(line, [...(lines.get(line) ?? []), at])
    inLine.set(path, lines)
  }
  const redirects: Array<[Redirect, string]> = []
  for (const { problem: p, because } of fresh) {
    const to = because?.change.to
    if (p.rule === 'broken-link' && to !== undefined && because?.redirect && p.line && p.column && p.target)
      replace(p.path, p.line, [
        p.column,
        p.target,
        `${pageAddress(to)}${/[#?].*$/s.exec(p.target)?.[0] ?? ''}`,
        p.message,
      ])
    else if (p.rule === 'lost-address' && p.fix) redirects.push([p.fix, p.message])
    else if (p.rule === 'redirect-fault' && p.fix && p.line && p.column && p.path === config)
      replace(p.path, p.line, [p.column, jsonInner(destinationOf(p.target)), jsonInner(p.fix.destination), p.message])
  }
  const edits: LineEdit[] = []
  for (const [path, lines] of inLine) {
    const text = headText(path)
    if (text === undefined) continue
    const all = text.split('\n')
    for (const [line, changes] of lines) {
      const before = all[line - 1]
      if (before === undefined) continue
      const after = replaced(before, changes)
      if (after !== undefined)
        edits.push({ path, line, endLine: line, before: [before], after: [after], fixes: changes.map((c) => c[3]) })
    }
  }
  const added = redirects.length > 0 ? redirectsEdit(headText(config), redirects, config, inDiff, edits) : undefined
  return added ? [...edits, added] : edits
}

/** The files the fixes of these problems would edit (repository paths): what editsFor reads. */
export function filesToEdit(judged: readonly Judged[], config: string): Set<string> {
  const paths = new Set<string>()
  for (const { problem: p, status, because } of judged) {
    if (status !== 'new') continue
    if (p.rule === 'broken-link' && because?.redirect) paths.add(p.path)
    else if ((p.rule === 'lost-address' || p.rule === 'redirect-fault') && p.fix) paths.add(config)
  }
  return paths
}

/** A redirect problem's destination: `/a → /b` → `/b`. */
const destinationOf = (target: string | undefined): string => (target ?? '').split(' → ')[1] ?? ''

/** A string as JSON writes it between its quotes. */
const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1)

/** A line with each target at its column replaced, right to left; undefined where one is not there. */
function replaced(line: string, changes: ReadonlyArray<[number, string, string, string]>): string | undefined {
  let out = line
  for (const [column, from, to] of [...changes].sort((a, b) => b[0] - a[0])) {
    const at = column - 1
    if (from === '' || out.slice(at, at + from.length) !== from) return undefined
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

/** The outline of a JSON text (strings read as strings, so a brace in one counts for nothing). */
export function outline(text: string): Outline {
  const keys: Outline['keys'] = []
  let redirects: Outline['redirects']
  let depth = 0
  let line = 1
  let lineStart = 0
  // the last string read at depth 1 and where it began, while a ':' may make it a key
  let pending: { key: string; line: number; start: number } | undefined
  let inRedirects = false
  let entry: { line: number; endLine: number } | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') {
      line++
      lineStart = i + 1
    } else if (c === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const raw = text.slice(i, j + 1)
      if (depth === 1) pending = { key: safeParse(raw), line, start: i }
      i = j
      continue
    } else if (c === ':' && pending) {
      const before = text.slice(lineStart, pending.start)
      if (before.trim() === '') keys.push({ key: pending.key, line: pending.line, indent: before })
      const key = pending.key
      pending = undefined
      if (key === 'redirects') {
        const open = /^\s*\[/.exec(text.slice(i + 1))
        if (open) {
          const at = i + open[0].length
          const openLine = line + (text.slice(i + 1, at).match(/\n/g)?.length ?? 0)
          redirects = {
            open: { line: openLine, at: at - (text.lastIndexOf('\n', at - 1) + 1) },
            close: { line: 0, at: 0 },
            entries: [],
          }
          inRedirects = true
        }
      }
    } else if (c === '{' || c === '[') {
      depth++
      if (inRedirects && depth === 3 && c === '{') entry = { line, endLine: line }
    } else if (c === '}' || c === ']') {
      if (inRedirects && depth === 3 && c === '}' && entry) {
        redirects?.entries.push({ ...entry, endLine: line })
        entry = undefined
      }
      if (inRedirects && depth === 2 && c === ']' && redirects) {
        redirects.close = { line, at: i - lineStart }
        inRedirects = false
      }
      depth--
    }
    if (c !== '"' && c !== ':' && !/\s/.test(c ?? '')) pending = undefined
  }
  return { keys, ...(redirects ? { redirects } : {}) }
}

function safeParse(raw: string): string {
  try {
    return JSON.parse(raw) as string
  } catch {
    return ''
  }
}

/**
 * The configuration's redirects added in one edit, where its text allows one it can vouch for (the
 * result parses and holds them): after the array's `[`, before its `]` (a comma after its last
 * entry), or, without `redirects`, the array added before a top-level key. A place in the pull
 * request's diff first; else the first the file allows. Undefined where none does, or where an
 * in-line edit (a redirect's destination) is on the same lines.
 */
function redirectsEdit(
  text: string | undefined,
  added: ReadonlyArray<[Redirect, string]>,
  path: string,
  inDiff: InDiff,
  others: readonly LineEdit[],
): LineEdit | undefined {
  if (text === undefined) return undefined
  try {
    JSON.parse(text)
  } catch {
    return undefined
  }
  const lines = text.split('\n')
  const { keys, redirects } = outline(text)
  const top = keys[0]?.indent ?? ''
  const unit = top === '' ? '  ' : top
  const keyIndent = keys.find((k) => k.key === 'redirects')?.indent ?? top
  const entryIndent = redirects?.entries[0] ? indentOf(lines[redirects.entries[0].line - 1] ?? '') : keyIndent + unit
  const oneLine = redirects?.entries[0] ? redirects.entries[0].line === redirects.entries[0].endLine : false
  const entry = ({ source, destination }: Redirect, last: boolean): string[] => {
    const end = last ? '' : ','
    const s = JSON.stringify(source)
    const d = JSON.stringify(destination)
    return oneLine
      ? [`${entryIndent}{ "source": ${s}, "destination": ${d} }${end}`]
      : [
          `${entryIndent}{`,
          `${entryIndent}${unit}"source": ${s},`,
          `${entryIndent}${unit}"destination": ${d}`,
          `${entryIndent}}${end}`,
        ]
  }
  const entries = (lastHasComma: boolean): string[] =>
    added.flatMap(([r], i) => entry(r, !lastHasComma && i === added.length - 1))
  const candidates: Array<Omit<LineEdit, 'path' | 'fixes'>> = []
  const at = (line: number, endLine: number, after: string[]): void => {
    candidates.push({ line, endLine, before: lines.slice(line - 1, endLine), after })
  }
  if (redirects) {
    const { open, close } = redirects
    const openText = lines[open.line - 1] ?? ''
    const empty = redirects.entries.length === 0
    if (open.line === close.line && empty) {
      // "redirects": [] on one line
      at(open.line, open.line, [
        openText.slice(0, open.at + 1),
        ...entries(false),
        `${keyIndent}${openText.slice(close.at)}`,
      ])
    } else if (openText.slice(open.at + 1).trim() === '') at(open.line, open.line, [openText, ...entries(!empty)])
    const closeText = lines[close.line - 1] ?? ''
    const last = redirects.entries.at(-1)
    if (last && closeText.slice(0, close.at).trim() === '' && last.endLine < close.line) {
      const lastText = lines[last.endLine - 1] ?? ''
      if (lastText.trimEnd().endsWith('}'))
        at(last.endLine, close.line, [
          `${lastText.trimEnd()},`,
          ...lines.slice(last.endLine, close.line - 1),
          ...entries(false),
          closeText,
        ])
    }
  } else
    for (const key of keys)
      at(key.line, key.line, [
        `${key.indent}"redirects": [`,
        ...entries(false),
        `${key.indent}],`,
        lines[key.line - 1] ?? '',
      ])
  const sound = candidates.filter((c) => {
    if (others.some((e) => e.path === path && e.line <= c.endLine && e.endLine >= c.line)) return false
    const result = [...lines.slice(0, c.line - 1), ...c.after, ...lines.slice(c.endLine)].join('\n')
    const now = redirectsOf(result)
    try {
      JSON.parse(result)
    } catch {
      return false
    }
    return added.every(([r]) => now.some((n) => n.source === r.source && n.destination === r.destination))
  })
  const inTheDiff = (c: Omit<LineEdit, 'path' | 'fixes'>): boolean => {
    for (let l = c.line; l <= c.endLine; l++) if (!inDiff(path, l)) return false
    return true
  }
  const chosen = sound.find(inTheDiff) ?? sound[0]
  return chosen ? { path, ...chosen, fixes: added.map(([, why]) => why) } : undefined
}

const indentOf = (line: string): string => /^\s*/.exec(line)?.[0] ?? ''
