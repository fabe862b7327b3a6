import { type HeadText, type LineEdit, oneLineEach, writablePath } from './edits.js'
import { addTo } from '../util/collections.js'

/**
 * Edits as one patch in git's format against the head's files, so `git apply` applies it to the
 * branch. Pure. It is data a later job applies: only `diff --git`, `---`, `+++` and `@@` headers,
 * each over a text file the head has (no NUL) whose path is a plain one (no `..`, `.git` or
 * `.github` part, never absolute); a file whose edits hold a line break inside a line (a `\r` but
 * at a line's end) is left out whole, so no text of an edit can become a header of its own.
 */

/** Lines of context around each change, as git writes them. */
const CONTEXT = 3

export function patchOf(edits: readonly LineEdit[], headText: HeadText): string {
  const byPath = new Map<string, LineEdit[]>()
  for (const e of edits) addTo(byPath, e.path, e)
  let out = ''
  for (const path of [...byPath.keys()].sort()) {
    const fileEdits = byPath.get(path) ?? []
    const text = headText(path)
    if (text === undefined || text.includes('\u0000') || !writablePath(path, '') || !fileEdits.every(oneLineEach))
      continue
    const hunks = hunksOf(text, fileEdits)
    if (hunks === '') continue
    const a = quoted(`a/${path}`)
    const b = quoted(`b/${path}`)
    out += `diff --git ${a} ${b}\n--- ${a}\n+++ ${b}\n${hunks}`
  }
  return out
}

/** A file's hunks: the edits in order of their lines, each with its context, overlapping ones merged. */
function hunksOf(text: string, edits: readonly LineEdit[]): string {
  const endsWithNewline = text.endsWith('\n')
  // an empty file has no line, as git counts them
  const lines = text === '' ? [] : (endsWithNewline ? text.slice(0, -1) : text).split('\n')
  const sorted = [...edits].sort((x, y) => x.line - y.line)
  // a line the file does not have: the check cannot vouch for the edit
  if (sorted.some((e) => e.endLine > lines.length)) return ''
  // groups of edits whose contexts meet
  const groups: LineEdit[][] = []
  for (const e of sorted) {
    const last = groups.at(-1)
    const prev = last?.at(-1)
    if (prev && e.line <= prev.endLine) return '' // overlapping edits: the check cannot vouch for both
    if (last && prev && e.line - prev.endLine - 1 <= 2 * CONTEXT) last.push(e)
    else groups.push([e])
  }
  let out = ''
  // how many lines the hunks so far added (the new file's lines are the old one's moved by it)
  let shift = 0
  for (const group of groups) {
    const first = group[0]
    const final = group.at(-1)
    if (!first || !final) continue
    const start = Math.max(1, first.line - CONTEXT)
    const end = Math.min(lines.length, final.endLine + CONTEXT)
    const body: string[] = []
    let oldCount = 0
    let newCount = 0
    let at = start
    for (const e of group) {
      for (; at < e.line; at++, oldCount++, newCount++) body.push(` ${lines[at - 1] ?? ''}`)
      for (; at <= e.endLine; at++, oldCount++) body.push(`-${lines[at - 1] ?? ''}`)
      for (const l of e.after) body.push(`+${l}`)
      newCount += e.after.length
    }
    for (; at <= end; at++, oldCount++, newCount++) body.push(` ${lines[at - 1] ?? ''}`)
    // git says so where the file's last line has no newline: after it, old and new
    if (!endsWithNewline && end === lines.length) noNewlineAtEnd(body)
    out += `@@ -${range(start, oldCount)} +${range(start + shift, newCount)} @@\n${body.join('\n')}\n`
    shift += newCount - oldCount
  }
  return out
}

/**
 * A hunk reaching the end of a file with no newline, marked as git marks it; a kept last line is
 * removed and added again, as one context line cannot end one side only.
 */
function noNewlineAtEnd(body: string[]): void {
  const lastOld = body.findLastIndex((l) => !l.startsWith('+'))
  let lastNew = body.findLastIndex((l) => !l.startsWith('-'))
  if (lastNew !== lastOld && body[lastNew]?.startsWith(' ')) {
    const kept = (body[lastNew] ?? '').slice(1)
    body[lastNew] = `-${kept}`
    body.push(`+${kept}`)
    lastNew = body.length - 1
  }
  const marked = body.flatMap((l, i) => (i === lastOld || i === lastNew ? [l, '\\ No newline at end of file'] : [l]))
  body.splice(0, body.length, ...marked)
}

/** A hunk's range as git writes it: `12,7`; `12` for one line; `11,0` for none (the line before it). */
const range = (start: number, count: number): string =>
  count === 1 ? `${start}` : count === 0 ? `${start - 1},0` : `${start},${count}`

/** A path as git writes it in a patch: as it is, or quoted with C escapes (a byte outside ASCII in octal). */
export function quoted(path: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what git quotes
  if (!/["\\\u0000-\u001f\u007f-\uffff]/.test(path)) return path
  let out = ''
  for (const byte of Buffer.from(path)) {
    const c = String.fromCharCode(byte)
    if (c === '"' || c === '\\') out += `\\${c}`
    else if (c === '\t') out += '\\t'
    else if (c === '\n') out += '\\n'
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`
    else out += c
  }
  return `"${out}"`
}
