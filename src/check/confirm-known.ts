import { posix } from 'node:path'
import type { Judged, PlacedProblem } from './new-known.js'
import { type Redirect, sourceMatches } from '../site/addresses.js'
import { importsOf } from '../site/pull-pages.js'
import { withoutTrailing } from '../util/text.js'

/**
 * A verdict restored from the runner's cache saves work; it never decides one. Any run of the pull
 * request can save an entry in its own cache scope under the base's public key, so a problem of the
 * head that a restored entry calls known is known only where the base itself confirms it: where
 * everything the CLI's verdict on it reads is the same on the base as on the head, the base has the
 * problem too. Pure: the trees are read through what the caller gives.
 */

/** What the confirmation reads of the pull request and its two trees. */
export interface BothTrees {
  /** The files the pull request changed, relative to the docs folder (both names of a renamed one). */
  changed: ReadonlySet<string>
  /** A head file's name on the base (a renamed file's old one). */
  oldName: (file: string) => string
  /** The trimmed lines of a file of the base; undefined where the base has no such file. */
  baseLines: (file: string) => ReadonlySet<string> | undefined
  /** A file's text on the head (a page a link points to, for the snippets its headings come from). */
  headText: (file: string) => string | undefined
  /** Whether a head file holds the same bytes as the base's file under its old name (a page only renamed). */
  sameOnBase: (file: string) => boolean
  /** Each side's redirects, as its configuration has them, $refs resolved. */
  redirects: { base: readonly Redirect[]; head: readonly Redirect[] }
  /**
   * Whether what the whole site's resolution of a link reads is the same on both sides: its
   * .mintignore, and its OpenAPI settings and documents (the pages they generate).
   */
  siteSame: boolean
  /** Whether the configuration's colours are the same on both sides (what `contrast` reads). */
  coloursSame: boolean
}

/**
 * The problems judged known whose knowing the base does not confirm (each one's reason), in order:
 * where any remains, the CLI must check the base itself.
 */
export function unconfirmed(
  judged: readonly Judged[],
  trees: BothTrees,
): Array<{ problem: PlacedProblem; why: string }> {
  const out: Array<{ problem: PlacedProblem; why: string }> = []
  const asked = askedOnce(trees)
  for (const { problem, status } of judged) {
    if (status !== 'known') continue
    const why = doubt(problem, asked)
    if (why !== undefined) out.push({ problem, why })
  }
  return out
}

/**
 * The trees as the confirmation asks them, each question answered once for all the problems (the
 * largest sites have 48,000): a page's imports read once, and redirects compared once.
 */
interface Asked {
  trees: BothTrees
  /** The files a head page imports; undefined where the head has no such page. */
  importsOf: (page: string) => string[] | undefined
  /** Whether both sides have the same redirects, in the same order: then none resolves an address otherwise. */
  redirectsSame: boolean
}

function askedOnce(trees: BothTrees): Asked {
  const imports = new Map<string, string[] | undefined>()
  return {
    trees,
    importsOf: (page) => {
      if (!imports.has(page)) {
        const text = trees.headText(page)
        imports.set(page, text === undefined ? undefined : importsOf(page, text))
      }
      return imports.get(page)
    },
    redirectsSame: JSON.stringify(trees.redirects.base) === JSON.stringify(trees.redirects.head),
  }
}

/** Why the base does not confirm a problem as its own; undefined where it does. */
function doubt(p: PlacedProblem, asked: Asked): string | undefined {
  const { trees } = asked
  const { changed, oldName } = trees
  // the problem's own line on the base: its file unchanged, or the base's file holding the line as it is
  const lineHeld = (): boolean =>
    !changed.has(p.file) || (p.lineText !== undefined && (trees.baseLines(oldName(p.file))?.has(p.lineText) ?? false))
  switch (p.rule) {
    case 'syntax':
      // whether a page parses is the whole page's
      return pageChanged(p.file, trees) ? 'its page changed' : undefined
    case 'missing-alt':
    case 'accessibility':
      return lineHeld() ? undefined : 'its line is not the same on the base'
    case 'contrast':
      return trees.coloursSame ? undefined : "the configuration's colours changed"
    case 'broken-link':
      if (!lineHeld()) return 'its line is not the same on the base'
      return p.target === undefined ? 'it names no target' : resolvedAlike(p.target, p.file, asked)
    case 'broken-redirect': {
      const [source = '', destination] = (p.target ?? '').split(' → ')
      if (destination === undefined) return 'it names no destination'
      const same = (list: readonly Redirect[]): string =>
        JSON.stringify(list.filter((r) => r.source === source && r.destination === destination))
      if (same(trees.redirects.base) !== same(trees.redirects.head)) return 'the redirect is not the same on the base'
      return resolvedAlike(destination, 'docs.json', asked)
    }
    default:
      return 'the base cannot confirm a problem of this kind without the CLI'
  }
}

/** Whether the pull request changed a page's bytes (a page it only renamed holds the same ones). */
const pageChanged = (file: string, trees: BothTrees): boolean => trees.changed.has(file) && !trees.sameOnBase(file)

/** Why a link's target may resolve differently on the base than on the head; undefined where it cannot. */
function resolvedAlike(target: string, from: string, asked: Asked): string | undefined {
  const { trees } = asked
  if (!trees.siteSame) return "the site's .mintignore or OpenAPI documents changed"
  // a link to another site: its answer is the network's (never restored, but never assumed either)
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return 'it leads to another site'
  const anchor = target.includes('#')
  const path = targetPath(target, from)
  // a link to a heading of its own page: that page's headings
  if (path === '') return pageChanged(from, trees) ? 'its page changed' : undefined
  if (path === undefined) return 'it leads out of the docs'
  const lower = (file: string): string => file.toLowerCase()
  const changed = new Set([...trees.changed].map(lower))
  const candidates = [path, `${path}.mdx`, `${path}.md`, `${path}/index.mdx`, `${path}/index.md`]
  if (candidates.some((c) => changed.has(lower(c)))) return 'a file it may lead to changed'
  const address = `/${path}`
  const matching = (list: readonly Redirect[]): string =>
    JSON.stringify(list.filter((r) => sourceMatches(r.source, address)))
  if (!asked.redirectsSame && matching(trees.redirects.base) !== matching(trees.redirects.head))
    return 'a redirect that matches it is not the same on the base'
  if (!anchor) return undefined
  // a heading's id comes from the page, and from the snippets it shows
  for (const page of candidates.filter((c) => /\.mdx?$/.test(c))) {
    // a page the head does not have imports nothing
    if (asked.importsOf(page)?.some((i) => changed.has(lower(i)) || changed.has(lower(`${i}.mdx`))))
      return 'a snippet its page shows changed'
  }
  return undefined
}

/**
 * A link's target as a path of the docs folder, its anchor and query left off: `''` for the page
 * itself (`#setup`), undefined for one that climbs out of the folder.
 */
export function targetPath(target: string, from: string): string | undefined {
  const cut = target.search(/[#?]/)
  const path = cut === -1 ? target : target.slice(0, cut)
  if (path === '') return ''
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(from), path)
  const normal = withoutTrailing(posix.normalize(joined), '/')
  if (normal === '..' || normal.startsWith('../')) return undefined
  return normal === '.' ? 'index' : normal
}

/** What a configuration (its $refs resolved) gives the confirmation: its OpenAPI settings and its colours, as text to compare. */
export function configInputs(config: string | undefined): { openapi: string; colours: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(config ?? 'null')
  } catch {
    // one that does not parse is compared as written
    return { openapi: config ?? '', colours: config ?? '' }
  }
  const found: unknown[] = []
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === 'object' && v !== null)
      for (const [key, inner] of Object.entries(v))
        if (key === 'openapi' || key === 'asyncapi') found.push(inner)
        else walk(inner)
  }
  walk(parsed)
  const top = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  return {
    openapi: JSON.stringify(found),
    colours: JSON.stringify([top.colors, top.background, top.theme, top.appearance]),
  }
}

/** A changed file that may be an OpenAPI or AsyncAPI document (which generates pages): JSON or YAML but the configuration. */
export const mayBeApiDocument = (file: string, configuration: ReadonlySet<string>): boolean =>
  /\.(json|ya?ml)$/i.test(file) && !configuration.has(file)
