import ignore from 'ignore'
import { pageSlug } from './new-known.js'
import { siteReads } from './tree-copy.js'

/**
 * The addresses a site serves, as readers reach them: every page (a page outside the navigation is
 * hidden, not gone: it still answers at its address), and every redirect's source. What the head
 * stops serving of its base's addresses is a bookmark, a search result or another site's link that
 * no longer answers; a redirect that cannot work is one a reader meets as a missing page. Pure:
 * file lists and configuration text in, addresses and findings out.
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
  return /\.mdx?$/i.test(file) && siteReads(file) && !/^snippets\//i.test(file)
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
 * What Mintlify never serves, whatever the site's .mintignore says: @mintlify/common's
 * DEFAULT_MINT_IGNORES as mint 4.2.941 ships them (a README.md is no page, at any depth), but its
 * re-includes of .mintlify's JSON and YAML files, where no page is.
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
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
]

/** Whether Mintlify leaves a file out: its defaults and the site's .mintignore, by gitignore's rules (the `ignore` package, as Mintlify reads it). */
export function ignoredBy(mintignore: string | undefined): (file: string) => boolean {
  const matcher = ignore().add(DEFAULT_MINT_IGNORES)
  // each line trimmed, as Mintlify reads the file
  if (mintignore !== undefined) matcher.add(mintignore.split(/\r?\n/).map((l) => l.trim()))
  return (file) => matcher.ignores(file)
}

/**
 * What a tree serves, from its files (relative to the docs folder), its configuration's text, its
 * .mintignore and the pages its OpenAPI documents generate (`api-reference/users/list-users`).
 */
export function servedBy(
  files: readonly string[],
  config: string | undefined,
  mintignore?: string,
  generated: readonly string[] = [],
): Served {
  const ignored = ignoredBy(mintignore)
  return {
    pages: new Map(files.filter((f) => isPage(f) && !ignored(f)).map((file) => [pageAddress(file), file])),
    generated: new Set(generated.map(normalAddress)),
    redirects: redirectsOf(config),
  }
}

/** An address without its trailing slash, its query and its fragment (the part a redirect matches). */
export function normalAddress(address: string): string {
  const trimmed = address.replace(/[?#].*/s, '').replace(/\/+$/, '')
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

/**
 * Whether a redirect's source matches an address: exactly, or as a pattern whose `:name` matches
 * one segment and `:name*` any rest (Mintlify's wildcards).
 */
export function sourceMatches(source: string, address: string): boolean {
  const pattern = normalAddress(source)
    .split('/')
    .map((part) =>
      /^:\w+\*$/.test(part) ? '.*' : /^:\w+$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${pattern.replace(/\/\.\*$/, '(?:/.*)?')}$`).test(normalAddress(address))
}

/** Whether a tree answers an address: a page there, or a redirect from it. */
export function answers(served: Served, address: string): boolean {
  const at = normalAddress(address)
  return hasPage(served, at) || served.redirects.some((r) => sourceMatches(r.source, at))
}

/** An address the base serves that the head does not: a page's (with its file), a generated page's, or a redirect's source. */
export interface Lost {
  address: string
  /** The base's page there; absent for a generated page and for a redirect the head dropped. */
  file?: string
  /** A page the base generated from an OpenAPI document. */
  generated?: true
}

/**
 * The base's addresses the head no longer answers, in the base's order (pages, then generated
 * pages, then redirect sources).
 */
export function lostAddresses(base: Served, head: Served): Lost[] {
  const pages = [...base.pages]
    .filter(([address]) => !answers(head, address))
    .map(([address, file]) => ({ address, file }))
  const generated = [...base.generated]
    .filter((address) => !base.pages.has(address) && !answers(head, address))
    .map((address) => ({ address, generated: true as const }))
  const sources = base.redirects
    .map((r) => r.source)
    .filter((s) => !/[:*?#]/.test(s) && !answers(head, s) && !hasPage(base, normalAddress(s)))
  return [...pages, ...generated, ...[...new Set(sources)].map((address) => ({ address }))]
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
 * Redirects that cannot work as written: a source with `#` or `?` (the service matches the path
 * only: never matched), a source that is a page the site serves (the page wins), a source given
 * twice with two destinations, a destination that is itself redirected (a chain: the redirect
 * straight to its end instead) and a chain that comes back to its start (a loop).
 */
export function redirectFaults(served: Served): RedirectFault[] {
  const faults: RedirectFault[] = []
  const exact = (r: Redirect): boolean => !/[:*]/.test(r.source)
  // a redirect readers can be sent on by: exact, matched (no ? or #), not from a page (the page wins)
  const followed = (r: Redirect): boolean =>
    exact(r) && !/[?#]/.test(r.source) && !hasPage(served, normalAddress(r.source))
  const next = (address: string): Redirect | undefined =>
    served.redirects.find((r) => followed(r) && normalAddress(r.source) === normalAddress(address))
  const seen = new Map<string, string>()
  for (const r of served.redirects) {
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
    // follow the destination while it is itself redirected
    const path = [normalAddress(r.source)]
    let at = next(r.destination)
    let end = normalAddress(r.destination)
    while (at && !path.includes(normalAddress(at.source))) {
      path.push(normalAddress(at.source))
      end = normalAddress(at.destination)
      at = next(at.destination)
    }
    // stopped on a source already on the way: a loop
    if (at)
      faults.push({
        kind: 'loop',
        redirect: r,
        message: `The redirect ${arrow} loops: ${[...path, end].join(' → ')}. Readers get no page.`,
      })
    else if (path.length > 1) {
      const instead = { source: r.source, destination: end }
      faults.push({
        kind: 'chain',
        redirect: r,
        instead,
        message: `The redirect ${arrow} leads to another redirect (${[...path, end].join(' → ')}): redirect it straight to ${end}.`,
      })
    }
  }
  return faults
}
