import {
  type Stats,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { isAbsolute, join, posix, relative as pathFrom, resolve, sep } from 'node:path'
import picomatch from 'picomatch'
import { formatNumber } from '../util/format.js'
import { strictUtf8 } from '../util/text.js'

/** The docs as the CLI checks them: a copy (the CLI and the check write there, never in the workspace). */

/** What a link's target may add to a copy: one file, and all of a tree's links together. */
export const LINKED = { fileBytes: 10 * 2 ** 20, treeBytes: 100 * 2 ** 20 }

/** A file or folder of the docs left out of the copy, and why (said in the summary). */
export interface LeftOut {
  /** Its path in the docs folder (POSIX; a name that is not UTF-8 shown with its bytes escaped). */
  path: string
  why: string
}

export interface CopyWithin {
  /** The repository (the workspace): a link is followed only to a real path inside it. */
  repository: string
  /** Folders never copied nor followed into: the runner's temporary folder, the check's own. */
  skip?: readonly string[]
}

/**
 * A copy of the docs folder to check, holding no link of any kind: every file copied (a
 * copy-on-write clone where the file system has them), never hard-linked. A symbolic link whose real
 * path is inside the repository, outside `.git/`, `.github/` and the runner's temporary folder, is
 * copied as its target (a folder whole, within LINKED's sizes); any other link, a name that is not
 * UTF-8 or holds a control character (the CLI prints names one a line), a pipe or a device is left
 * out, and returned. So whatever the check or the CLI writes into
 * the copy is the copy's own file, never the workspace's nor anything outside.
 */
export function copySite(from: string, to: string, within: CopyWithin): LeftOut[] {
  const repository = realOrAsIs(within.repository)
  const skipped = new Set([resolve(to), ...(within.skip ?? []).map((p) => resolve(p))])
  const skippedReal = [...skipped].map(realOrAsIs)
  const leftOut: LeftOut[] = []
  let linked = 0
  const copyFile = (source: string, target: string, path: string, viaLink: boolean): void => {
    if (viaLink) {
      const size = statSync(source).size
      if (size > LINKED.fileBytes || linked + size > LINKED.treeBytes) {
        leftOut.push({ path, why: `a link to a file larger than the check copies (${formatBytes(size)})` })
        return
      }
      linked += size
    }
    copyFileSync(source, target, constants.COPYFILE_FICLONE)
  }
  const copy = (source: string, target: string, relative: string, viaLink: boolean, through: string[]): void => {
    mkdirSync(target, { recursive: true })
    for (const entry of readdirSync(source, { withFileTypes: true, encoding: 'buffer' })) {
      const name = strictUtf8(entry.name)
      const path = posix.join(relative, name ?? escapedName(entry.name))
      if (name === undefined) {
        leftOut.push({ path, why: 'its name is not UTF-8' })
        continue
      }
      // the CLI prints a name as it is, one a line: a line break or an escape in one would read as more
      if (!printableName(name)) {
        leftOut.push({ path: JSON.stringify(path).slice(1, -1), why: 'its name holds a control character' })
        continue
      }
      const at = join(source, name)
      // never the copy itself, nor the check's own folder where the runner's temporary folder is inside the docs
      if (/^\.git$/i.test(name) || name === 'node_modules' || skipped.has(resolve(at))) continue
      const into = join(target, name)
      // what a followed link's folder holds is where it really is: judged as a link's target is
      const beyond = viaLink && !entry.isSymbolicLink() ? leadsOut(at, repository, skippedReal) : undefined
      if (beyond !== undefined) leftOut.push({ path, why: `through a link, ${beyond}` })
      else if (entry.isDirectory()) copy(at, into, path, viaLink, through)
      else if (entry.isFile()) copyFile(at, into, path, viaLink)
      else if (entry.isSymbolicLink()) {
        const real = realOrUndefined(at)
        const out = real === undefined ? undefined : leadsOut(real, repository, skippedReal)
        if (real === undefined || out !== undefined)
          leftOut.push({ path, why: out === undefined ? 'a link that leads nowhere' : `a link ${out}` })
        else if (statSync(real).isDirectory())
          if (through.includes(real)) leftOut.push({ path, why: 'a link to a folder it is in (a loop)' })
          else copy(real, into, path, true, [...through, real])
        else if (statSync(real).isFile()) copyFile(real, into, path, true)
        else leftOut.push({ path, why: 'a link to something that is neither a file nor a folder' })
      } else leftOut.push({ path, why: 'it is neither a file nor a folder' })
    }
  }
  copy(from, to, '', false, [])
  return leftOut
}

/** Whether the CLI can print a file's path on one line as it is: none of its names holds a control character. */
export const printableName = (path: string): boolean => !/\p{Cc}/u.test(path)

/** Where a real path is that the copy never takes: out of the repository, into .git/ or .github/, or a skipped folder. */
function leadsOut(real: string, repository: string, skipped: readonly string[]): string | undefined {
  if (skipped.some((folder) => real === folder || real.startsWith(`${folder}${sep}`)))
    return "into the runner's temporary folder"
  const from = pathFrom(repository, real)
  if (from === '..' || from.startsWith(`..${sep}`) || isAbsolute(from)) return 'out of the repository'
  const parts = from.split(sep)
  if (parts.some((p) => /^\.git$/i.test(p))) return 'into .git/'
  if (/^\.github$/i.test(parts[0] ?? '')) return 'into .github/'
  return undefined
}

const realOrUndefined = (path: string): string | undefined => {
  try {
    return realpathSync(path)
  } catch {
    return undefined
  }
}
const realOrAsIs = (path: string): string => realOrUndefined(path) ?? resolve(path)

/** A name that is not UTF-8, shown with each byte outside printable ASCII as `\xNN`. */
const escapedName = (bytes: Buffer): string =>
  [...bytes]
    .map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`))
    .join('')

const formatBytes = (n: number): string => `${formatNumber(Math.ceil(n / 2 ** 20))} MiB`

/**
 * Writes a file of a tree the check made (a copy, a base) as a new file of its own: the path is the
 * tree's (no `..`, no empty part), every folder on the way a real folder (made where missing, never
 * a link), and whatever was at the path before (a file; never a folder) removed first, so the write
 * goes through no link and into no other file. Throws where the path is not one.
 */
export function writeInTree(tree: string, path: string, data: string | Uint8Array): void {
  const file = ownPath(tree, path)
  rmSync(file, { force: true })
  writeFileSync(file, data, { flag: 'wx' })
}

/** Removes a file of a tree the check made (as writeInTree finds it); nothing where there is none. */
export function removeInTree(tree: string, path: string): void {
  rmSync(ownPath(tree, path), { force: true })
}

/** A tree's file by its POSIX path, its folders made and checked to be real ones (writeInTree). */
function ownPath(tree: string, path: string): string {
  const parts = path.split('/')
  const bad = (p: string): boolean =>
    p === '' || p === '.' || p === '..' || (process.platform === 'win32' && /[\\:]/.test(p))
  if (parts.some(bad)) throw new Error(`${JSON.stringify(path)} is no path of the tree`)
  let at = tree
  for (const part of parts.slice(0, -1)) {
    at = join(at, part)
    let kind: Stats | undefined
    try {
      kind = lstatSync(at)
    } catch {
      mkdirSync(at)
      continue
    }
    if (!kind.isDirectory()) throw new Error(`${JSON.stringify(path)} goes through ${part}, which is not a folder`)
  }
  return join(at, parts.at(-1) ?? '')
}

/** A page's stand-in: its front matter and headings, so links and anchors to it still resolve, and nothing else. */
export function stubPage(text: string, headings = true): string {
  const front = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(text)?.[0] ?? ''
  if (!headings) return front
  const body = text.slice(front.length)
  const titles = body
    .split('\n')
    .filter((l) => /^#{1,6}\s[^{}<>]*$/.test(l.trim()))
    .map((l) => l.trim())
  return `${front}\n${titles.join('\n\n')}\n`
}

/**
 * The most of a page the check itself reads (to place a link at its line, follow its imports, title
 * it): 2 MB. The CLI still checks a larger page; the check names it, and fails only where the pull
 * request changed it (mode.ts).
 */
export const PAGE_BUDGET = 2 * 1024 * 1024

/** A page, by its name. */
const PAGE = /\.mdx?$/i

/** The pages of a tree over the budget, with their sizes, in order. */
export function pagesOverBudget(folder: string): Array<{ file: string; bytes: number }> {
  return pagesOf(folder).flatMap((file) => {
    try {
      const bytes = statSync(join(folder, ...file.split('/'))).size
      return bytes > PAGE_BUDGET ? [{ file, bytes }] : []
    } catch {
      return []
    }
  })
}

/** The pages (.md, .mdx) of a folder, relative to it, in POSIX form. */
export function pagesOf(folder: string): string[] {
  const pages: string[] = []
  const walk = (relative: string): void => {
    for (const entry of readdirSync(join(folder, relative), { withFileTypes: true })) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue
      const path = relative ? posix.join(relative, entry.name) : entry.name
      if (entry.isDirectory()) walk(path)
      else if (/\.mdx?$/i.test(entry.name)) pages.push(path)
    }
  }
  walk('')
  return pages.sort()
}

/** The bytes the pages of `folder` hold, together (what a run of the CLI on it needs grows with them). */
export function sizeOfPages(folder: string): number {
  // a link counts as itself: it is never followed (a pull request names where it leads)
  return pagesOf(folder).reduce((sum, page) => sum + lstatSync(join(folder, page)).size, 0)
}

/** A matcher for the `exclude` globs (relative to the docs folder); undefined when there are none. */
export function excluder(globs: readonly string[]): ((file: string) => boolean) | undefined {
  if (globs.length === 0) return undefined
  const match = picomatch([...globs], { dot: true })
  return (file) => match(file)
}

/** Why an `exclude` glob can never match a page: it starts at `/`, climbs out with `..`, or never closes a `[`. */
export function neverMatches(glob: string): string | undefined {
  if (glob.startsWith('/')) return 'it starts with /, and the globs are relative to the docs folder'
  if (glob.split('/').includes('..')) return 'it climbs out of the docs folder with .., where no page of the site is'
  // the last `[` after the last `]`: some `[` has no `]` after it (read once, never from each `[`)
  if (glob.lastIndexOf('[') > glob.lastIndexOf(']'))
    return 'its [ is never closed, so it matches only a name with a [ in it'
  return undefined
}

/** Replaces each excluded page of the copy with its stand-in; returns how many. */
export function leaveOut(tree: string, excluded: (file: string) => boolean): number {
  let left = 0
  for (const page of pagesOf(tree)) {
    if (!excluded(page)) continue
    writeInTree(tree, page, stubPage(readFileSync(join(tree, page), 'utf8')))
    left++
  }
  return left
}

/** The narrowest and widest output the CLI is given (outputWidth). */
export const WIDTH = { min: 200, max: 8000 }

/** Where a page writes a link's target: `](target)`, `](<tar get>)`, `[ref]: target`, `href="target"`, `src={'target'}`. */
const PAGE_TARGETS = [
  /\]\(\s*<([^<>\n]*)>/g,
  /\]\(\s*([^\s)<][^\s)]*)/g,
  /^[^\S\r\n\u2028\u2029]{0,3}\[[^\]\r\n\u2028\u2029]+\]:[^\S\r\n\u2028\u2029]*(?:\r?\n[^\S\r\n\u2028\u2029]*)?<?([^\s>]+)/gm,
  /=\s*(?:\{\s*)?["'`]([^"'`\n]*)["'`]/g,
]

/**
 * How wide the CLI's output must be for no line to wrap: twice the longest name or target the site
 * writes, with a margin, and no wider.
 */
export function outputWidth(tree: string): number {
  let longest = 0
  const target = (t: string): void => {
    if (!/^data:/i.test(t)) longest = Math.max(longest, t.length)
  }
  const walk = (relative: string): void => {
    for (const entry of readdirSync(join(tree, relative), { withFileTypes: true })) {
      const path = relative ? posix.join(relative, entry.name) : entry.name
      longest = Math.max(longest, path.length)
      if (entry.isDirectory()) walk(path)
      else if (/\.mdx?$/i.test(entry.name)) {
        const text = readFileSync(join(tree, path), 'utf8')
        for (const pattern of PAGE_TARGETS) for (const m of text.matchAll(pattern)) target(m[1] ?? '')
      } else if (/^(docs|mint)\.json$/.test(entry.name))
        jsonStrings(readFileSync(join(tree, path), 'utf8')).forEach(target)
    }
  }
  walk('')
  return Math.min(WIDTH.max, Math.max(WIDTH.min, 2 * longest + 40))
}

/** Every string (keys too) of a JSON text; none where it does not parse. */
function jsonStrings(text: string): string[] {
  const found: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string') found.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === 'object' && v !== null)
      for (const [key, inner] of Object.entries(v)) {
        found.push(key)
        walk(inner)
      }
  }
  try {
    walk(JSON.parse(text))
  } catch {
    // the CLI reads no configuration that does not parse: no target of it to print
  }
  return found
}

/** A file's text; undefined where there is no such file (or it cannot be read). */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** A file of a tree by its POSIX path there, read only where it is inside the tree (a link out is none). */
export function treeFile(tree: string): (path: string) => string | undefined {
  return (path) => {
    try {
      const real = realpathSync(join(tree, ...path.split('/')))
      const from = pathFrom(realpathSync(tree), real)
      if (from === '' || from === '..' || from.startsWith(`..${sep}`) || isAbsolute(from)) return undefined
      // a page over the budget is not the check's to read (the CLI still checks it)
      if (PAGE.test(path) && statSync(real).size > PAGE_BUDGET) return undefined
      return readFileSync(real, 'utf8')
    } catch {
      return undefined
    }
  }
}

/**
 * A file of the workspace by its POSIX path, read only where it is a regular file there and no part
 * of its path is a link (what a fix may edit: `git apply` writes through no link).
 */
export function plainFile(root: string): (path: string) => string | undefined {
  return (path) => {
    try {
      const lexical = join(realpathSync(root), ...path.split('/'))
      if (realpathSync(lexical) !== lexical || !lstatSync(lexical).isFile()) return undefined
      return readFileSync(lexical, 'utf8')
    } catch {
      return undefined
    }
  }
}
