import * as z from 'zod/mini'
import { type Served, docsRelativePath, follow, isExternal, isPage, pageAddress } from './addresses.js'
import { work } from '../util/work.js'
import { addTo } from '../util/collections.js'

/**
 * The pages of a pull request, as a reviewer wants them on the preview: each page it adds, changes,
 * renames or deletes, and each it changes without editing (an imported snippet, a generating OpenAPI
 * document, a move in the navigation), with its title and address, in a reviewer's order. Pure.
 */

/** One page, as the check lists it and the pages file holds it (read back as any outside answer: unknown fields dropped). */
export const pageSchema = z.object({
  /** The page's file as the repository names it (a deleted page's as the base had it); a generated page's OpenAPI document. */
  path: z.string(),
  /** Where readers reach it on the head (a deleted page: where they reached it on the base). */
  address: z.string(),
  /** Its title: the front matter's `title`, else the one Mintlify makes from its file name. */
  title: z.string(),
  change: z.enum(['added', 'changed', 'renamed', 'deleted', 'affected']),
  /** A renamed page's address on the base. */
  from: z.optional(z.string()),
  /** A deleted page: where the head's redirects send its readers now, where they lead anywhere. */
  to: z.optional(z.string()),
  /** An affected page: why it changes ("imports snippets/auth.mdx"). */
  why: z.optional(z.string()),
  /** Its readers' page views over the last 30 days (a renamed page's at its old address), where known. */
  views: z.optional(z.number()),
  /** The page was not among the rows the service sent: `views` is the most it can have had. */
  viewsAtMost: z.optional(z.literal(true)),
})

/** How a pull request touches a page. */
export type PageChangeKind = PullPage['change']

export type PullPage = z.infer<typeof pageSchema>

/** The pull request's file, relative to the docs folder, as GitHub lists it. */
export interface PullFile {
  filename: string
  status: string
  previousFilename?: string
}

export interface PagesOfPull {
  files: readonly PullFile[]
  base: Served
  head: Served
  /** Each side's configuration text (docs.json or mint.json). */
  baseConfig?: string | undefined
  headConfig?: string | undefined
  /** A file's text on each side (relative to the docs folder); undefined where the side has none. */
  headText: (file: string) => string | undefined
  baseText: (file: string) => string | undefined
  /** The head's files the site reads (relative to the docs folder): the importers are among them. */
  headFiles: readonly string[]
  /** A docs-relative file as the repository names it. */
  repositoryPath: (file: string) => string
}

/** The order a reviewer reads them in: what the pull request edits, then what it changes without editing. */
const ORDER: Record<PageChangeKind, number> = { renamed: 0, added: 1, changed: 2, deleted: 3, affected: 4 }

export function pagesOfPull(pull: PagesOfPull): PullPage[] {
  const { files, base, head, repositoryPath } = pull
  const pages: PullPage[] = []
  const listed = new Set<string>()
  const add = (page: PullPage): void => {
    if (listed.has(page.address)) return
    listed.add(page.address)
    pages.push(page)
  }
  // a page of the head, as the head has it
  const onHead = (file: string, change: PullPage['change'], more: Partial<PullPage> = {}): PullPage => ({
    path: repositoryPath(file),
    address: pageAddress(file),
    title: pageTitle(file, pull.headText(file)),
    change,
    ...more,
  })
  // a page's file on one side, as that side serves it
  const headPage = (file: string): boolean => isPage(file) && head.pages.get(pageAddress(file)) === file
  const basePage = (file: string): boolean => isPage(file) && base.pages.get(pageAddress(file)) === file

  for (const f of files) {
    const { filename } = f
    if (f.status === 'removed') {
      if (basePage(filename)) add(deleted(filename, pull))
      continue
    }
    const from = f.previousFilename
    if (f.status === 'renamed' && from !== undefined && basePage(from)) {
      if (headPage(filename)) add(onHead(filename, 'renamed', { from: pageAddress(from) }))
      // a page renamed to a file the site does not serve (a snippet, a name .mintignore leaves out): gone
      else add(deleted(from, pull))
      continue
    }
    if (headPage(filename)) add(onHead(filename, basePage(filename) ? 'changed' : 'added'))
  }

  // what the pull request edits: each listed file, and a renamed one's old name (a copy leaves its original as it was)
  const edited = new Set(
    files.flatMap((f) =>
      f.status === 'renamed' && f.previousFilename ? [f.filename, f.previousFilename] : [f.filename],
    ),
  )
  for (const [file, why] of importers(pull, edited)) add(onHead(file, 'affected', { why }))
  for (const page of generatedPages(pull, edited)) add(page)
  for (const [file, why] of moved(pull)) add(onHead(file, 'affected', { why }))
  return pages
}

/** A page the pull request deleted, titled as the base had it, with where the head's redirects send its readers now. */
function deleted(file: string, pull: PagesOfPull): PullPage {
  const address = pageAddress(file)
  const reached = follow(pull.head, address)
  return {
    path: pull.repositoryPath(file),
    address,
    title: pageTitle(file, pull.baseText(file)),
    change: 'deleted',
    ...(reached.reached !== 'nothing' ? { to: reached.address } : {}),
  }
}

/** Most read first where views are known (a page without a row after those with one), else as listed; each kind in its place. */
export function inReadingOrder(pages: readonly PullPage[]): PullPage[] {
  // a stable sort: pages alike keep the order they were listed in
  return [...pages].sort((a, b) => ORDER[a.change] - ORDER[b.change] || (b.views ?? -1) - (a.views ?? -1))
}

/** Each page with its readers at its live address (a renamed page's old one); none for an added page. */
export function withViews(
  pages: readonly PullPage[],
  readersOf: (address: string) => { views: number; atMost?: true } | undefined,
): PullPage[] {
  return pages.map((page) => {
    if (page.change === 'added') return page
    const readers = readersOf(page.from ?? page.address)
    if (readers === undefined) return page
    return { ...page, views: readers.views, ...(readers.atMost ? { viewsAtMost: true as const } : {}) }
  })
}

// ---- titles ----

/** A page's title as Mintlify makes it: its front matter's `title`, else its file name (slugToTitle). */
export function pageTitle(file: string, text: string | undefined): string {
  return frontMatterTitle(text) ?? slugTitle(file.replace(/\.mdx?$/i, ''))
}

/** `guides/first-steps` → `First steps`. */
export function slugTitle(slug: string): string {
  // the last segment, before any query
  const path = slug.replace(/\?.*/s, '')
  const name = path.slice(path.lastIndexOf('/') + 1)
  const spaced = name.replace(/[-_]/g, ' ')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/**
 * The `title` of a page's YAML front matter, where it is text: quoted either way or plain, on a line
 * of its own (never `subtitle:`, never nested); a block, flow, anchor or tag is no text.
 */
export function frontMatterTitle(text: string | undefined): string | undefined {
  const line = /^title[ \t]*:[ \t](.*)/m.exec(frontMatter(text))?.[1]?.trim()
  if (line === undefined) return undefined
  if (line.startsWith('"')) {
    const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(line)?.[1]
    if (quoted === undefined) return undefined
    try {
      return JSON.parse(`"${quoted}"`) as string
    } catch {
      return quoted
    }
  }
  if (line.startsWith("'")) {
    const quoted = /'((?:[^']|'')*)'/.exec(line)?.[1]
    return quoted?.replace(/''/g, "'")
  }
  if (/^[|>[{&*!#]/.test(line)) return undefined
  // a comment: from the blanks before the first `#` that follows a blank
  const comment = /[ \t]#/.exec(line)?.index
  if (comment === undefined) return line || undefined
  let start = comment
  while (start > 0 && /[ \t]/.test(line[start - 1] as string)) start--
  return line.slice(0, start) || undefined
}

/** A page's YAML front matter, between its opening `---` and its closing `---` or `...`; '' where it has none. */
function frontMatter(text: string | undefined): string {
  return /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text ?? '')?.[1] ?? ''
}

/** The line (1-based) where a page's front matter sets `key` at its top level; undefined where it does not. */
export function frontMatterLine(text: string | undefined, key: string): number | undefined {
  const block = frontMatter(text)
  const at = block.split('\n').findIndex((line) => line.startsWith(key) && /^[ \t]*:/.test(line.slice(key.length)))
  // the block starts on the line after the opening `---`
  return at === -1 ? undefined : at + 2
}

// ---- snippets ----

/**
 * The files a file's `import … from '…'` statements name (relative to the docs folder; `/` is its
 * root). A statement starts a line and may run over several; it ends at its first `;` or quote, so
 * each character is read once, whatever the file holds.
 */
export function importsOf(file: string, text: string): string[] {
  const folder = file.slice(0, file.lastIndexOf('/') + 1)
  const found: string[] = []
  const statement = /^[ \t]*import\s/gm
  const ends = /[;'"]/g
  for (let read = 0; read < text.length;) {
    statement.lastIndex = read
    const opened = statement.exec(text)
    if (!opened) break
    const from = opened.index + opened[0].length
    ends.lastIndex = from
    const end = ends.exec(text)?.index
    work.tick((end ?? text.length) - read)
    // no `;` or quote after it: no statement from here on ends
    if (end === undefined) break
    read = end + 1
    const quote = text[end] as string
    if (quote === ';' || !endsWithFrom(text, from, end)) continue
    let close = end + 1
    while (close < text.length && !`'"\n`.includes(text[close] as string)) close++
    work.tick(close - end)
    if (close === end + 1 || text[close] !== quote) continue
    read = close + 1
    const target = text.slice(end + 1, close)
    if (isExternal(target)) continue
    const joined = target.startsWith('/') ? target : `${folder}/${target}`
    const parts: string[] = []
    for (const part of joined.split('/')) {
      if (part === '..') parts.pop()
      else if (part !== '.' && part !== '') parts.push(part)
    }
    found.push(parts.join('/'))
  }
  return found
}

/** Whether `text` from `start` to `end` ends with the word `from` and blanks (`… from '`). */
function endsWithFrom(text: string, start: number, end: number): boolean {
  let at = end
  while (at > start && /\s/.test(text[at - 1] as string)) at--
  work.tick(end - at)
  const word = at - 4
  return word >= start && text.startsWith('from', word) && !(word > start && /\w/.test(text[word - 1] as string))
}

/** The head's pages that import a changed file, directly or through files that do, each with that file. */
function importers(pull: PagesOfPull, edited: ReadonlySet<string>): Map<string, string> {
  // which changed file each file brings in: the changed files themselves, then their importers, each once
  const from = new Map([...edited].filter((f) => IMPORTED.test(f)).map((f) => [f, f]))
  const affected = new Map<string, string>()
  if (from.size === 0) return affected
  // who imports each file (an import names its file with or without the .mdx)
  const importedBy = new Map<string, string[]>()
  for (const file of pull.headFiles)
    for (const i of importsOf(file, pull.headText(file) ?? ''))
      for (const named of [i, `${i}.mdx`]) addTo(importedBy, named, file)
  const next = [...from.keys()]
  for (let at = 0; at < next.length; at++) {
    const file = next[at] as string
    const source = from.get(file) as string
    for (const importer of importedBy.get(file) ?? []) {
      work.tick()
      if (from.has(importer)) continue
      from.set(importer, source)
      next.push(importer)
    }
  }
  for (const [file, source] of [...from].sort(([a], [b]) => a.localeCompare(b)))
    if (pull.head.pages.get(pageAddress(file)) === file) affected.set(file, `imports ${pull.repositoryPath(source)}`)
  return affected
}

/** What a page can import: Markdown, and components. */
const IMPORTED = /\.(mdx?|[jt]sx?)$/i

// ---- OpenAPI ----

/** The OpenAPI and AsyncAPI documents a configuration names (relative to the docs folder); none at a URL. */
export function apiDocumentsOf(config: string | undefined): string[] {
  const found = new Set<string>()
  // a document named as text, in a list, or as an object's source
  const named = (v: unknown): void => {
    if (typeof v === 'string') {
      if (!isExternal(v)) found.add(v.replace(/^\.?\//, ''))
    } else if (Array.isArray(v)) v.forEach(named)
    else if (isRecord(v)) named(v.source)
  }
  const walk = (v: unknown): void => {
    if (isRecord(v))
      for (const [k, inner] of Object.entries(v)) {
        if (k === 'openapi' || k === 'asyncapi') named(inner)
        else walk(inner)
      }
  }
  walk(parsedJson(config))
  return [...found]
}

/** An object or an array (its entries walked alike). */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** A configuration's JSON; undefined where it does not parse (or there is none). */
function parsedJson(text: string | undefined): unknown {
  try {
    return JSON.parse(String(text))
  } catch {
    return undefined
  }
}

/**
 * The pages generated from an OpenAPI document the pull request changed: new ones added, gone ones
 * deleted, the rest affected (each said to come from the changed document: they are not told apart).
 */
function generatedPages(pull: PagesOfPull, edited: ReadonlySet<string>): PullPage[] {
  const documents = [...new Set([...apiDocumentsOf(pull.baseConfig), ...apiDocumentsOf(pull.headConfig)])]
  const changed = documents.filter((d) => edited.has(d))
  const [first] = changed
  if (first === undefined) return []
  const path = pull.repositoryPath(first)
  const why =
    changed.length === 1
      ? `generated from ${path}, which this pull request changes`
      : `generated from an OpenAPI document this pull request changes (${changed.map(pull.repositoryPath).join(', ')})`
  const title = (address: string): string => slugTitle(address)
  const pages: PullPage[] = []
  for (const address of pull.head.generated)
    pages.push({
      path,
      address,
      title: title(address),
      change: pull.base.generated.has(address) ? 'affected' : 'added',
      ...(pull.base.generated.has(address) ? { why } : {}),
    })
  for (const address of pull.base.generated) {
    if (pull.head.generated.has(address)) continue
    const reached = follow(pull.head, address)
    pages.push({
      path,
      address,
      title: title(address),
      change: 'deleted',
      ...(reached.reached !== 'nothing' ? { to: reached.address } : {}),
    })
  }
  return pages
}

// ---- the navigation ----

/** The keys whose value names a level of the navigation, in docs.json and mint.json alike. */
const LEVELS = ['tab', 'anchor', 'dropdown', 'version', 'language', 'product', 'group', 'item'] as const

/** Each page of a configuration's navigation with its place (`Guides › Get started`); the first place wins. */
export function navigationPlaces(config: string | undefined): Map<string, string> {
  const places = new Map<string, string>()
  // a page is a string of a `pages` list; every other string (an icon, a tag) is none
  const walk = (v: unknown, trail: readonly string[], inPages: boolean): void => {
    if (typeof v === 'string') {
      const address = pageAddress(`${v.split('/').filter(Boolean).join('/')}.mdx`)
      if (inPages && !places.has(address)) places.set(address, trail.join(' › '))
    } else if (Array.isArray(v)) for (const inner of v) walk(inner, trail, inPages)
    else if (isRecord(v)) {
      const level = LEVELS.map((k) => v[k]).find((name) => typeof name === 'string')
      const here = typeof level === 'string' ? [...trail, level] : trail
      for (const [k, inner] of Object.entries(v)) walk(inner, here, k === 'pages')
    }
  }
  const parsed = parsedJson(config)
  const root = isRecord(parsed) ? parsed.navigation : undefined
  // mint.json's navigation is the list of its groups
  walk(root, [], Array.isArray(root))
  return places
}

/** The head's pages whose place in the navigation the pull request changed, with from where to where. */
function moved(pull: PagesOfPull): Map<string, string> {
  const before = navigationPlaces(pull.baseConfig)
  const after = navigationPlaces(pull.headConfig)
  const found = new Map<string, string>()
  // a side without a navigation (a configuration that does not parse) moves nothing
  if (before.size === 0 || after.size === 0) return found
  for (const [address, file] of pull.head.pages) {
    const was = before.get(address)
    const is = after.get(address)
    if (was === is) continue
    const place = (p: string): string => (p === '' ? 'the top level' : p)
    const why =
      is === undefined
        ? `left out of the navigation (it was in ${place(was ?? '')}); its address still answers`
        : was === undefined
          ? `added to the navigation (${place(is)})`
          : `moved in the navigation: ${place(was)} → ${place(is)}`
    found.set(file, why)
  }
  return found
}

// ---- from the pull request's files alone, and the pages file ----

/** The pull request's files in the docs folder, relative to it. */
export function docsFiles(
  files: ReadonlyArray<PullFile & { previousFilename?: string | undefined }>,
  docsFolder: string,
): PullFile[] {
  return files.flatMap((f): PullFile[] => {
    const filename = docsRelativePath(docsFolder, f.filename)
    const previous = f.previousFilename === undefined ? undefined : docsRelativePath(docsFolder, f.previousFilename)
    if (filename === undefined) return []
    return [{ filename, status: f.status, ...(previous !== undefined ? { previousFilename: previous } : {}) }]
  })
}

/** The pages from the pull request's files alone (no base to compare with), as GitHub lists them. */
const NEW = new Set(['added', 'copied'])

export function pagesFromFiles(
  listed: readonly PullFile[],
  options: { text: (file: string) => string | undefined; repositoryPath: (file: string) => string },
): PullPage[] {
  const base = new Map<string, string>()
  const head = new Map<string, string>()
  for (const f of listed) {
    // the base had a renamed file's old name, and every listed file but an added or copied one
    const before = f.status === 'renamed' ? f.previousFilename : NEW.has(f.status) ? undefined : f.filename
    if (before !== undefined && isPage(before)) base.set(pageAddress(before), before)
    if (f.status !== 'removed' && isPage(f.filename)) head.set(pageAddress(f.filename), f.filename)
  }
  const served = (pages: Map<string, string>): Served => ({ pages, generated: new Set(), redirects: [] })
  return pagesOfPull({
    files: listed,
    base: served(base),
    head: served(head),
    headText: options.text,
    baseText: () => undefined,
    headFiles: [],
    repositoryPath: options.repositoryPath,
  })
}

/** The pages file's form (documented in docs/actions/check.md): stable, one object. */
const pagesFileSchema = z.object({
  pull: z.number(),
  head: z.string(),
  /** Whether the base was compared (else the pages are the pull request's files alone). */
  compared: z.boolean(),
  /** The readers' views' days, where they were read. */
  views: z.optional(z.object({ from: z.string(), through: z.string() })),
  pages: z.array(pageSchema),
})
export type PagesFile = z.infer<typeof pagesFileSchema>

/** A pages file's text read back, or why it is not one. */
export function readPagesFile(text: string): { file: PagesFile } | { why: string } {
  const read = pagesFileSchema.safeParse(parsedJson(text))
  return read.success
    ? { file: read.data }
    : { why: 'it holds no pages file the check action wrote (JSON with pull, head, compared and pages)' }
}
