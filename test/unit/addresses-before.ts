// The addresses of release 1.9.0 (src/site/addresses.ts at 804fdba), kept as the oracle the indexed
// redirects are held to (test/unit/check-bounded.test.ts): same answers, in linear work.

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

/** An address without its trailing slash, its query and its fragment (the part a redirect matches). */
export function normalAddress(address: string): string {
  const trimmed = address.replace(/[?#].*/s, '').replace(/\/+$/, '')
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
  // a rest at the end may be empty, its slash with it (`/blog/:slug*` matches `/blog`)
  const joined = parts.join('/')
  const pattern = joined.endsWith(`/${REST}`) ? `${joined.slice(0, -REST.length - 1)}(?:/(.*))?` : joined
  return { pattern: new RegExp(`^${pattern.replaceAll(REST, '(.*)')}$`), names }
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
  const redirects = compiledOf(served)
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

/** A tree's redirects the service can match (never a source with `?` or `#`), compiled once a tree. */
const compiled = new WeakMap<Served, Compiled[]>()
function compiledOf(served: Served): Compiled[] {
  let made = compiled.get(served)
  if (!made) {
    made = served.redirects
      .filter((r) => !/[?#]/.test(r.source))
      .map((r) => ({ redirect: r, ...sourcePattern(r.source) }))
    compiled.set(served, made)
  }
  return made
}

/** The first redirect whose source matches an address, and where it sends it. */
function firstMatch(redirects: readonly Compiled[], address: string): { redirect: Redirect; next: string } | undefined {
  for (const r of redirects) {
    const next = sendOn(r, address)
    if (next !== undefined) return { redirect: r.redirect, next }
  }
  return undefined
}

/** The redirect a tree applies first at an address (follow's first step); none where a page is there. */
export function firstRedirect(served: Served, address: string): Redirect | undefined {
  if (hasPage(served, normalAddress(address))) return undefined
  return firstMatch(compiledOf(served), address)?.redirect
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
