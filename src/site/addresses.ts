import { posix } from 'node:path'
import ignore from 'ignore'
import { formatNumber } from '../util/format.js'
import { addTo } from '../util/collections.js'
import { work } from '../util/work.js'
import { withoutTrailing } from '../util/text.js'

/**
 * The addresses a site serves, as readers reach them: every page (one outside the navigation still
 * answers) and every redirect's source. An address the head stops serving is a bookmark, a search
 * result or another site's link that no longer answers. Pure.
 */

/** A redirect of the configuration (`redirects` in docs.json or mint.json). */
export interface Redirect {
  source: string
  destination: string
}

export interface Served {
  /** Each page's address (`/guides/a`, the home page `/`) and its file. */
  pages: Map<string, string>
  /** The addresses of the pages generated from OpenAPI documents (no file of their own). */
  generated: ReadonlySet<string>
  redirects: Redirect[]
}

/** Whether a tree has a page at an address: a file's, or one generated from an OpenAPI document. */
const hasPage = (served: Served, address: string): boolean => served.pages.has(address) || served.generated.has(address)

/** Whether a file of the docs folder is a page the site serves: Markdown the site reads, not a snippet. */
export function isPage(file: string): boolean {
  return /\.mdx?$/i.test(file) && readByDefault(file) && !/^snippets\//i.test(file)
}

/** A page's address on the site: `guides/a.mdx` → `guides/a`, `guides/index.mdx` → `guides`. */
export function pageSlug(file: string): string {
  return withoutTrailing(file.replace(/\.mdx?$/i, '').replace(/(^|\/)index$/i, ''), '/')
}

/** A page's address: `guides/a.mdx` → `/guides/a`, `index.mdx` → `/`. */
export function pageAddress(file: string): string {
  return `/${pageSlug(file)}`
}

/** The redirects a configuration holds (docs.json and mint.json alike); none where it does not parse. */
export function redirectsOf(config: string | undefined): Redirect[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(String(config))
  } catch {
    // not JSON (or no configuration): no redirects
  }
  const list = (parsed as { redirects?: unknown } | null)?.redirects
  if (!Array.isArray(list)) return []
  return list.flatMap((r: unknown) => {
    const { source, destination } = (r ?? {}) as { source?: unknown; destination?: unknown }
    return typeof source === 'string' && typeof destination === 'string' ? [{ source, destination }] : []
  })
}

/**
 * What Mintlify leaves out of a site whatever its .mintignore says: DEFAULT_MINT_IGNORES of mint
 * 4.2.941 (the real-CLI suite holds this copy to the CLI's). A leading dot hides nothing by itself.
 */
export const DEFAULT_MINT_IGNORES = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  '.mintlify/**',
  '!.mintlify/**/',
  '!.mintlify/skills/**',
  '!.mintlify/**/*.json',
  '!.mintlify/**/*.yaml',
  '!.mintlify/**/*.yml',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
]

/**
 * Whether the site reads a file, as the CLI's walk decides: what the defaults or the .mintignore
 * leave out is not read, a folder left out not entered (gitignore's rules, as Mintlify reads them).
 */
export function siteReader(mintignore?: string): (path: string, isDirectory?: boolean) => boolean {
  const own = mintignore === undefined ? [] : mintignore.split(/\r?\n/).map((l) => l.trim())
  const matcher = ignore().add([...new Set([...DEFAULT_MINT_IGNORES, ...own])])
  // the `ignore` package leaves out what is inside a folder it leaves out, as the CLI's walk does
  return (path, isDirectory = false) => !matcher.ignores(isDirectory ? `${path}/` : path)
}

/** What the site reads with no .mintignore of its own: Mintlify's defaults alone. */
const readByDefault = siteReader()

/** What a tree serves: its files, its configuration, its .mintignore and its generated pages. */
export function servedBy(
  files: readonly string[],
  config: string | undefined,
  mintignore?: string,
  generated: readonly string[] = [],
): Served {
  const reads = siteReader(mintignore)
  return {
    pages: new Map(files.filter((f) => isPage(f) && reads(f)).map((file) => [pageAddress(file), file])),
    generated: new Set(generated.map(normalAddress)),
    redirects: redirectsOf(config),
  }
}

/** An address without its trailing slash, its query and its fragment (the part a redirect matches). */
export function normalAddress(address: string): string {
  const trimmed = withoutTrailing(address.replace(/[?#].*/s, ''), '/')
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

/** A redirect's destination outside the site (another host): it answers, as far as the site can tell. */
export const isExternal = (destination: string): boolean => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(destination)

// a redirect's source as the service matches it: `:name` one segment, `:name*` any rest (none too), and
// a `*` ending a segment after a prefix (`/articles/concepts-*`); anything else a plain character
/** A `:name*` part, until the pattern is joined (no address holds a NUL). */
const REST = '\u0000rest'

function sourcePattern(source: string): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts = normalAddress(source)
    .split('/')
    .map((part) => {
      const rest = /^:(\w+)\*$/.exec(part)
      if (rest?.[1] !== undefined) {
        names.push(rest[1])
        return REST
      }
      const one = /^:(\w+)$/.exec(part)
      if (one?.[1] !== undefined) {
        names.push(one[1])
        return '([^/]+)'
      }
      if (/^[^*]+\*$/.test(part)) {
        names.push('*')
        return `${escape(part.slice(0, -1))}([^/]*)`
      }
      return escape(part)
    })
  // two rests could share an address's segments in as many ways as it has (an expression that
  // would read a long address again for each): such a source matches nothing, so what it would
  // have kept counts as lost, never as kept
  if (parts.filter((p) => p === REST).length > 1) return { pattern: /(?!)/, names }
  // a rest at the end may be empty, its slash with it (`/blog/:slug*` matches `/blog`)
  const joined = parts.join('/')
  const pattern = joined.endsWith(`/${REST}`) ? `${joined.slice(0, -REST.length - 1)}(?:/(.*))?` : joined
  return { pattern: new RegExp(`^${pattern.replaceAll(REST, '(.*)')}$`), names }
}

/** Whether a redirect's source matches an address (sourcePattern). */
export function sourceMatches(source: string, address: string): boolean {
  return sourcePattern(source).pattern.test(normalAddress(address))
}

/** Where a redirect sends an address, its captures put in (`/old/:slug*` sends `/old/a/b` to `/new/a/b`). */
export function redirectedTo(redirect: Redirect, address: string): string | undefined {
  return sendOn({ redirect, ...sourcePattern(redirect.source) }, address)
}

/** A redirect with its source's pattern, made once for all the addresses matched against it. */
interface Compiled {
  redirect: Redirect
  pattern: RegExp
  names: string[]
}

function sendOn({ redirect, pattern, names }: Compiled, address: string): string | undefined {
  const match = pattern.exec(normalAddress(address))
  if (!match) return undefined
  if (isExternal(redirect.destination)) return redirect.destination
  const captured = new Map(names.map((name, i) => [name, match[i + 1] ?? '']))
  return redirect.destination
    .replace(/:(\w+)\*?/g, (whole, name: string) => captured.get(name) ?? whole)
    .replace(/\*/g, () => captured.get('*') ?? '*')
}

/** The most redirects one address is followed through, as browsers follow them (20), before it counts as a loop. */
export const MOST_HOPS = 20

/** What a reader reaches at an address: a page, another site, or nothing (with the redirects that led there). */
export type Reached =
  | { reached: 'page'; address: string }
  | { reached: 'external'; address: string }
  | { reached: 'nothing'; address: string; via: string[]; loop?: true }

/** What a tree answers at an address: a page wins, else the first matching redirect, until an end or a loop. */
export function follow(served: Served, address: string): Reached {
  const via: string[] = []
  const redirects = indexOf(served)
  let at = normalAddress(address)
  for (let hop = 0; hop <= MOST_HOPS; hop++) {
    if (hasPage(served, at)) return { reached: 'page', address: at }
    const next = firstMatch(redirects, at)?.next
    if (next === undefined) return { reached: 'nothing', address: at, via }
    if (isExternal(next)) return { reached: 'external', address: next }
    via.push(at)
    at = normalAddress(next)
    if (via.includes(at)) return { reached: 'nothing', address: at, via, loop: true }
  }
  return { reached: 'nothing', address: at, via, loop: true }
}

/**
 * A tree's redirects the service can match (never a source with `?` or `#`), compiled once a tree
 * and indexed: an exact source by its address, a pattern by its first segment where that is
 * written out (`/blog/:slug`), else among those any address may match. An address is matched
 * against its own few, never every redirect of the site.
 */
interface Index {
  /** Each exact source's first redirect, by its address, with its place in the configuration. */
  exact: Map<string, { order: number; compiled: Compiled }>
  /** The patterns whose first segment is written out, by it; and the others. In order each. */
  bySegment: Map<string, Array<{ order: number; compiled: Compiled }>>
  anySegment: Array<{ order: number; compiled: Compiled }>
}

const indexes = new WeakMap<Served, Index>()
function indexOf(served: Served): Index {
  let made = indexes.get(served)
  if (!made) {
    const index: Index = { exact: new Map(), bySegment: new Map(), anySegment: [] }
    served.redirects.forEach((redirect, order) => {
      if (/[?#]/.test(redirect.source)) return
      const compiled = { redirect, ...sourcePattern(redirect.source) }
      work.tick()
      if (compiled.names.length === 0) {
        const address = normalAddress(redirect.source)
        if (!index.exact.has(address)) index.exact.set(address, { order, compiled })
        return
      }
      const segment = firstSegment(normalAddress(redirect.source))
      if (/^(?::\w+\*?|[^*]+\*)$/.test(segment)) index.anySegment.push({ order, compiled })
      else {
        addTo(index.bySegment, segment, { order, compiled })
      }
    })
    made = index
    indexes.set(served, made)
  }
  return made
}

/** An address's first segment: `/blog/a` → `blog`, `/` → ''. */
const firstSegment = (address: string): string => address.split('/', 2)[1] ?? ''

/** The first redirect whose source matches an address (in the configuration's order), and where it sends it. */
function firstMatch(index: Index, address: string): { redirect: Redirect; next: string } | undefined {
  const at = normalAddress(address)
  const exact = index.exact.get(at)
  const patterns = index.bySegment.get(firstSegment(at)) ?? []
  // the patterns of its segment and those of any, merged in order, up to the exact source's place
  for (let i = 0, j = 0; i < patterns.length || j < index.anySegment.length;) {
    const a = patterns[i]
    const b = index.anySegment[j]
    const r = (a && (!b || a.order < b.order) ? (i++, a) : (j++, b)) as { order: number; compiled: Compiled }
    if (exact && r.order > exact.order) break
    work.tick()
    const next = sendOn(r.compiled, at)
    if (next !== undefined) return { redirect: r.compiled.redirect, next }
  }
  if (!exact) return undefined
  const next = sendOn(exact.compiled, at)
  return next === undefined ? undefined : { redirect: exact.compiled.redirect, next }
}

/** The redirect a tree applies first at an address (follow's first step); none where a page is there. */
export function firstRedirect(served: Served, address: string): Redirect | undefined {
  if (hasPage(served, normalAddress(address))) return undefined
  return firstMatch(indexOf(served), address)?.redirect
}

/** Whether a tree answers an address: a page there, or redirects that reach a page (or another site). */
export function answers(served: Served, address: string): boolean {
  return follow(served, address).reached !== 'nothing'
}

/** An address the base serves that the head does not: a page's (with its file), a generated page's, or a redirect's source. */
export interface Lost {
  address: string
  /** The base's page there; absent for a generated page and for a redirect the head dropped. */
  file?: string
  /** A page the base generated from an OpenAPI document. */
  generated?: true
  /** Where the head's redirects send it, a page the head does not serve (or round in a loop). */
  sentTo?: string
  loop?: true
}

/**
 * The base's addresses the head no longer answers: pages, generated pages, then redirects' sources.
 * A head redirect that sends one to a page the head does not serve keeps nothing.
 */
export function lostAddresses(base: Served, head: Served): Lost[] {
  const lost = (address: string): Omit<Lost, 'address' | 'file' | 'generated'> | undefined => {
    const reached = follow(head, address)
    if (reached.reached !== 'nothing') return undefined
    if (reached.via.length === 0) return {}
    return reached.loop ? { sentTo: reached.address, loop: true } : { sentTo: reached.address }
  }
  const found: Lost[] = []
  for (const [address, file] of base.pages) {
    const why = lost(address)
    if (why) found.push({ address, file, ...why })
  }
  for (const address of base.generated) {
    const why = base.pages.has(address) ? undefined : lost(address)
    if (why) found.push({ address, generated: true, ...why })
  }
  const sources = base.redirects
    .map((r) => r.source)
    .filter((s) => !/[:*?#]/.test(s) && !hasPage(base, normalAddress(s)) && answers(base, s))
  for (const address of new Set(sources)) {
    const why = lost(address)
    if (why) found.push({ address, ...why })
  }
  return found
}

/** The page readers of a deleted page are best sent to, if the head has one: its nearest parent it serves. */
export function nearestParent(head: Served, address: string): string | undefined {
  const parts = normalAddress(address).split('/').filter(Boolean)
  for (let n = parts.length - 1; n >= 0; n--) {
    const parent = `/${parts.slice(0, n).join('/')}`
    if (hasPage(head, parent)) return parent
  }
  return undefined
}

/** Why a redirect cannot work, and what works instead. */
export interface RedirectFault {
  kind: 'chain' | 'loop' | 'never-matched' | 'page-wins' | 'two-destinations'
  redirect: Redirect
  /** What to write instead, where there is one (a chain's redirect straight to its end). */
  instead?: Redirect
  message: string
}

/**
 * Redirects that cannot work as written: a source with `#` or `?` (never matched), a source that is
 * a page (the page wins), a source twice, a chain (go straight to its end instead) and a loop.
 */
export function redirectFaults(served: Served): RedirectFault[] {
  const faults: RedirectFault[] = []
  const exact = (r: Redirect): boolean => !/[:*]/.test(r.source)
  // a redirect readers can be sent on by: exact, matched (no ? or #), not from a page (the page wins);
  // the first of each source, by its address
  const sendsOn = new Map<string, Redirect>()
  for (const r of served.redirects) {
    const source = normalAddress(r.source)
    if (exact(r) && !/[?#]/.test(r.source) && !hasPage(served, source) && !sendsOn.has(source)) sendsOn.set(source, r)
  }
  const walkFrom = walks(sendsOn)
  const seen = new Map<string, string>()
  for (const r of served.redirects) {
    work.tick()
    const arrow = `${r.source} → ${r.destination}`
    if (/[?#]/.test(r.source)) {
      faults.push({
        kind: 'never-matched',
        redirect: r,
        message: `The redirect ${arrow} is never followed: its source holds a ${r.source.includes('#') ? '#' : '?'}, and redirects match the path alone.`,
      })
      continue
    }
    if (exact(r) && hasPage(served, normalAddress(r.source))) {
      faults.push({
        kind: 'page-wins',
        redirect: r,
        message: `The redirect ${arrow} is never followed: ${normalAddress(r.source)} is a page the site serves, and the page wins.`,
      })
      continue
    }
    const other = seen.get(normalAddress(r.source))
    if (other !== undefined && other !== normalAddress(r.destination)) {
      faults.push({
        kind: 'two-destinations',
        redirect: r,
        message: `The redirect ${arrow} gives ${normalAddress(r.source)} a second destination (the first: ${other}): only one is followed.`,
      })
      continue
    }
    seen.set(normalAddress(r.source), normalAddress(r.destination))
    // where its destination is itself redirected: a chain to its end, or round a loop
    const destination = normalAddress(r.destination)
    const walk = walkFrom(destination)
    if ('end' in walk) {
      if (walk.hops === 0) continue
      const instead = { source: r.source, destination: walk.end }
      const way = theWay(sendsOn, r, 1 + walk.hops, walk.end)
      faults.push({
        kind: 'chain',
        redirect: r,
        instead,
        message: `The redirect ${arrow} leads to another redirect (${way}): redirect it straight to ${walk.end}.`,
      })
      continue
    }
    // round a loop: back to its source where the source is on it, else to where the way entered it
    const source = normalAddress(r.source)
    const onIt = walkFrom(source)
    const back = 'end' in onIt || onIt.toEntry !== 0 || !exact(r) ? undefined : source
    const way = theWay(sendsOn, r, back ? walk.length : 1 + walk.toEntry + walk.length, back ?? walk.entry)
    faults.push({ kind: 'loop', redirect: r, message: `The redirect ${arrow} loops: ${way}. Readers get no page.` })
  }
  return faults
}

/** Where following redirects from an address leads: an end after some hops, or a loop it enters after some. */
type Walk = { end: string; hops: number } | { entry: string; toEntry: number; length: number }

/**
 * Each address's walk through the redirects that send readers on, found once an address: a chain of
 * 5,000 redirects is walked once, not once for each of its redirects.
 */
function walks(sendsOn: ReadonlyMap<string, Redirect>): (address: string) => Walk {
  const found = new Map<string, Walk>()
  return (start) => {
    const way: string[] = []
    const onWay = new Map<string, number>()
    let at = start
    for (;;) {
      work.tick()
      if (found.has(at)) break
      const r = sendsOn.get(at)
      if (!r) {
        found.set(at, { end: at, hops: 0 })
        break
      }
      const from = onWay.get(at)
      if (from !== undefined) {
        // a loop: each address on it comes back to itself
        const length = way.length - from
        for (const address of way.slice(from)) found.set(address, { entry: address, toEntry: 0, length })
        way.length = from
        break
      }
      onWay.set(at, way.length)
      way.push(at)
      at = normalAddress(r.destination)
    }
    // the addresses before: each one hop further from where its next one leads
    for (const address of way.reverse()) {
      const next = found.get(normalAddress((sendsOn.get(address) as Redirect).destination)) as Walk
      found.set(
        address,
        'end' in next ? { end: next.end, hops: next.hops + 1 } : { ...next, toEntry: next.toEntry + 1 },
      )
    }
    return found.get(start) as Walk
  }
}

/** The most addresses a fault's message shows of the way: a long one shows its first few, how many more, and its last. */
const SHOWN = 12

/** The way a redirect leads (`/a → /b → /c`): `count` addresses from its source, the last `last`. */
function theWay(sendsOn: ReadonlyMap<string, Redirect>, r: Redirect, count: number, last: string): string {
  const shown = count + 1 <= SHOWN ? count : 4
  const way = [normalAddress(r.source)]
  for (let at = normalAddress(r.destination); way.length < shown;) {
    way.push(at)
    at = normalAddress(sendsOn.get(at)?.destination ?? at)
  }
  if (shown === count) return [...way, last].join(' → ')
  return `${way.join(' → ')} → … (${formatNumber(count - shown)} more) → ${last}`
}

/** A file of the site as the repository names it: `docs` + `guides/a.mdx` → `docs/guides/a.mdx`. */
export function repositoryPath(docsFolder: string, file: string): string {
  return docsFolder ? posix.join(docsFolder, file) : posix.normalize(file)
}

/** The other way: `docs/guides/a.mdx` in `docs` → `guides/a.mdx`; undefined for a file outside the docs folder. */
export function docsRelativePath(docsFolder: string, path: string): string | undefined {
  if (docsFolder === '') return path
  return path.startsWith(`${docsFolder}/`) ? path.slice(docsFolder.length + 1) : undefined
}
