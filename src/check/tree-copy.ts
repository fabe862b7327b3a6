import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { isAbsolute, join, posix, relative as pathFrom, resolve, sep } from 'node:path'
import picomatch from 'picomatch'

/** The docs as the CLI checks them: a copy (the CLI and the check write there, never in the workspace). */

/** Files the CLI reads or writes as text: copied. Anything else (images, videos, fonts) is only looked for. */
const TEXT = /\.(mdx?|json|ya?ml|jsx?|tsx?|css|txt|html?)$/i

/**
 * A copy of the docs folder to check: pages and configuration copied, every other file a hard link
 * where it can be (large assets cost no second copy). A linked file is replaced, never written.
 */
export function copySite(from: string, to: string, skip: readonly string[] = []): void {
  const left = new Set([resolve(to), ...skip.map((p) => resolve(p))])
  const copy = (source: string, target: string): void => {
    mkdirSync(target, { recursive: true })
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      const at = join(source, entry.name)
      // never the copy itself, nor the check's own folder where the runner's temporary folder is inside the docs
      if (entry.name === '.git' || entry.name === 'node_modules' || left.has(resolve(at))) continue
      const into = join(target, entry.name)
      if (entry.isSymbolicLink()) symlinkSync(readlinkSync(at), into)
      else if (entry.isDirectory()) copy(at, into)
      else if (TEXT.test(entry.name)) copyFileSync(at, into)
      else
        try {
          linkSync(at, into)
        } catch {
          copyFileSync(at, into)
        }
    }
  }
  copy(from, to)
}

/** A page's stand-in: its front matter and headings, so links and anchors to it still resolve, and nothing else. */
export function stubPage(text: string, headings = true): string {
  const front = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(text)?.[0] ?? ''
  if (!headings) return front
  const body = text.slice(front.length)
  const titles = body
    .split('\n')
    .filter((l) => /^#{1,6}\s+[^{}<>]*$/.test(l.trim()))
    .map((l) => l.trim())
  return `${front}\n${titles.join('\n\n')}\n`
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
  if (/\[(?![^\]]*\])/.test(glob)) return 'its [ is never closed, so it matches only a name with a [ in it'
  return undefined
}

/** Replaces each excluded page of the copy with its stand-in; returns how many. */
export function leaveOut(tree: string, excluded: (file: string) => boolean): number {
  let left = 0
  for (const page of pagesOf(tree)) {
    if (!excluded(page)) continue
    const file = join(tree, page)
    writeFileSync(file, stubPage(readFileSync(file, 'utf8')))
    left++
  }
  return left
}

/** The narrowest and widest output the CLI is given (outputWidth). */
export const WIDTH = { min: 200, max: 8000 }

/** Where a page writes a link's target: `](target)`, `](<tar get>)`, `[ref]: target`, `href="target"`, `src={'target'}`. */
const PAGE_TARGETS = [
  /\]\(\s*<([^>\n]*)>/g,
  /\]\(\s*([^\s)<][^\s)]*)/g,
  /^\s{0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)/gm,
  /=\s*\{?\s*["'`]([^"'`\n]*)["'`]/g,
]

/**
 * How wide the CLI's output must be for no line to wrap: twice the longest name or target the site
 * writes, with a margin, and no wider (the CLI's memory grows with the width).
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
        for (const m of readFileSync(join(tree, path), 'utf8').matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) target(m[1] ?? '')
    }
  }
  walk('')
  return Math.min(WIDTH.max, Math.max(WIDTH.min, 2 * longest + 40))
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
      return readFileSync(real, 'utf8')
    } catch {
      return undefined
    }
  }
}
