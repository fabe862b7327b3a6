import type { Problem } from './cli-output.js'
import { maskCode } from './target-lines.js'
import { normalAddress, pageAddress } from '../site/addresses.js'

/**
 * The anchors a page gets from the snippets it shows (`<Setup />`, imported from a snippet file): the
 * CLI knows a page's own headings only, and reports a link to a snippet's heading broken. Headings
 * match by letters and digits, so Mintlify's slug rules (punctuation, emoji) never fail a real anchor.
 */

/** How deep snippets inside snippets are followed. */
const DEPTH = 3

/** A heading's or an anchor's letters and digits, lower-cased: `GitLab setup` and `gitlab-setup` are one. */
export function anchorKey(text: string): string {
  let decoded = text
  try {
    decoded = decodeURIComponent(text)
  } catch {
    // a malformed escape: compared as written
  }
  return decoded.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}

/** `import Setup from '/snippets/setup.mdx'`: each imported MDX or Markdown file by its component's name. */
const IMPORT = /^import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+\.mdx?)['"]\s*;?\s*$/gm

/** A snippet's path in the docs folder: `/snippets/a.mdx` from the root, `./a.mdx` from the importing file's folder. */
export function importedPath(from: string, source: string): string | undefined {
  const folder = from.split('/').slice(0, -1)
  const parts = source.startsWith('/') ? [] : folder
  for (const segment of source.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (parts.length === 0) return undefined
      parts.pop()
    } else parts.push(segment)
  }
  return parts.join('/')
}

/** A Markdown text's headings as keys: ATX, levels 1 to 4 (those Mintlify gives an id), with custom `{#id}`s. */
export function headingKeys(text: string): string[] {
  const keys: string[] = []
  // the lines outside code (maskCode blanks a code line whole), each as written: a heading's code spans are its text
  const masked = maskCode(text).split('\n')
  const outside = text
    .split('\n')
    .map((line, i) => (masked[i]?.trim() ? line : ''))
    .join('\n')
  for (const m of outside.matchAll(/^ {0,3}#{1,4}[ \t](.+?)[ \t#]*$/gm)) {
    const heading = m[1] ?? ''
    const custom = /\{#([^}]+)\}$/.exec(heading)
    keys.push(anchorKey(custom ? heading.slice(0, custom.index) : heading))
    if (custom?.[1]) keys.push(anchorKey(custom[1]))
  }
  return keys.filter((k) => k !== '')
}

/** The keys of the headings that the snippets a file shows (imported and used as a component) give it. */
export function snippetAnchors(file: string, read: (path: string) => string | undefined): Set<string> {
  const keys = new Set<string>()
  const text = read(file)
  if (text !== undefined) shownHeadings(file, text, read, DEPTH, keys)
  return keys
}

/** Adds the headings of the snippets `text` shows, and of theirs, `depth` snippets deep. */
function shownHeadings(
  file: string,
  text: string,
  read: (path: string) => string | undefined,
  depth: number,
  keys: Set<string>,
): void {
  // an import or a component in code is none
  const code = maskCode(text)
  for (const [, name = '', source = ''] of code.matchAll(IMPORT)) {
    if (!new RegExp(`<${name.replace(/\$/g, '\\$')}[\\s/>]`).test(code)) continue
    const path = importedPath(file, source)
    if (path === undefined) continue
    const snippet = read(path)
    if (snippet === undefined) continue
    for (const key of headingKeys(snippet)) keys.add(key)
    if (depth > 1) shownHeadings(path, snippet, read, depth - 1, keys)
  }
}

/**
 * The page and anchor a broken link's target names: its own page for `#a`, else the page of the
 * address (`/guides/a#b`); undefined where it names no anchor, or no page of `pages` (address to file).
 */
export function anchoredPage(
  file: string,
  target: string,
  pages: ReadonlyMap<string, string>,
): { page: string; anchor: string } | undefined {
  const at = target.indexOf('#')
  if (at < 0) return undefined
  const anchor = target.slice(at + 1)
  const path = target.slice(0, at)
  if (anchor === '') return undefined
  if (path === '') return { page: file, anchor }
  // a path without its leading slash is read from the docs folder's root; `/guides/index` is `/guides`
  // (another site's address names no page of the site)
  const page = pages.get(normalAddress(path).replace(/\/index$/i, '') || '/')
  return page === undefined ? undefined : { page, anchor }
}

/**
 * The problems, and apart from them the broken anchors that a snippet shown on their page has as a
 * heading. `files` (the tree's pages) is listed only once a problem names an anchor.
 */
export function inSnippets(
  problems: readonly Problem[],
  read: (path: string) => string | undefined,
  files: () => readonly string[],
): { kept: Problem[]; inSnippets: Problem[] } {
  let listed: Map<string, string> | undefined
  const pages = (): Map<string, string> => (listed ??= new Map(files().map((f) => [pageAddress(f), f])))
  const anchorsOf = new Map<string, Set<string>>()
  const kept: Problem[] = []
  const left: Problem[] = []
  for (const p of problems) {
    const target = p.rule === 'broken-link' ? p.target : undefined
    const on = target?.includes('#') ? anchoredPage(p.file, target, pages()) : undefined
    if (!on) {
      kept.push(p)
      continue
    }
    let anchors = anchorsOf.get(on.page)
    if (!anchors) anchorsOf.set(on.page, (anchors = snippetAnchors(on.page, read)))
    ;(anchors.has(anchorKey(on.anchor)) ? left : kept).push(p)
  }
  return { kept, inSnippets: left }
}
