import { type RedirectFault, type Served, pageSlug, redirectFaults } from '../site/addresses.js'
import { posix } from 'node:path'
import type { Problem } from './cli-output.js'
import type { OperationRef } from './mint-cli.js'
import { addTo } from '../util/collections.js'

/**
 * What this pull request broke: a head problem is **new** when its base does not have it, matched by
 * rule, file and target, never by line (a moved line is not new). Where the base has it fewer times,
 * the head's places whose line the base also has are the known ones. Pure.
 */

/** A problem where the repository has it, with the text of its line (to match it across trees). */
export interface PlacedProblem extends Problem {
  /** The file's path in the repository (the docs folder's and the CLI's file). */
  path: string
  lineText?: string
  /** The redirect that fixes it, to paste into the configuration's `redirects`. */
  fix?: { source: string; destination: string }
  /** A lost address that was a redirect's source on the base: it has no page views of its own. */
  redirected?: true
  /** A lost address whose redirect leads to a page this pull request renamed: that redirect, sent on to the page's new address. */
  resend?: { source: string; from: string; to: string }
}

/** A page this pull request renamed or deleted (paths relative to the docs folder). */
export interface PageChange {
  from: string
  /** Absent when the page was deleted. */
  to?: string
}

export interface Explained {
  change: PageChange
  /** The redirect that keeps old links working, for docs.json's redirects. */
  redirect?: { source: string; destination: string }
}

/**
 * new: this pull request broke it; known: its base has it; unsure: it may come from a warning of the
 * CLI's; few-views: an address it stops serving that fewer readers visited than min-views asks.
 */
export type Status = 'new' | 'known' | 'unsure' | 'few-views'

export interface Judged<T extends PlacedProblem = PlacedProblem> {
  problem: T
  status: Status
  because?: Explained
  /** Its readers' page views in the last 30 days, where the check was given a key and they are known. */
  readers?: { views: number; atMost?: true }
}

/**
 * What a problem is about, as both trees name it: a broken link by its page (a renamed one by its
 * base name) and anchor, so `/guides/new#a` is `/guides/old#a`; a broken redirect by its source (the
 * address readers come to: one the base could not send on either is no loss, wherever it now points);
 * a contrast problem by its colours' names (colourPair); anything else by target or message.
 */
function aboutOf(p: Problem, renamedFrom: ReadonlyMap<string, string>): string {
  const { target } = p
  if (p.rule === 'contrast') return colourPair(p.message)
  if (target === undefined) return p.message
  if (p.rule === 'broken-redirect') return redirectSource(target)
  if (p.rule !== 'broken-link') return target
  const page = linkedPage(target, p.file)
  if (page === undefined) return target
  return `/${renamedFrom.get(page) ?? page}${/#.*/s.exec(target)?.[0] ?? ''}`
}

const keyOf = (p: Problem, file: string, renamedFrom: ReadonlyMap<string, string> = new Map()): string =>
  `${p.rule}\u0000${file}\u0000${aboutOf(p, renamedFrom)}`

/**
 * Each head problem judged new or known against the base's. `changes` explain new broken links to
 * renamed or deleted pages, and match a link to a renamed page with the same link to its old name.
 */
export function judge<T extends PlacedProblem>(
  head: readonly T[],
  base: readonly PlacedProblem[],
  oldName: (file: string) => string = (f) => f,
  changes: readonly PageChange[] = [],
): Array<Judged<T>> {
  // the lines of the base's problems, by problem: how many of each line
  const known = new Map<string, Map<string, number>>()
  for (const p of base) {
    const key = keyOf(p, p.file)
    const lines = known.get(key) ?? new Map<string, number>()
    const line = p.lineText ?? ''
    lines.set(line, (lines.get(line) ?? 0) + 1)
    known.set(key, lines)
  }
  const renamedFrom = new Map(
    changes.flatMap((c) => (c.to !== undefined ? [[pageSlug(c.to), pageSlug(c.from)] as const] : [])),
  )
  const groups = new Map<string, T[]>()
  for (const p of head) {
    addTo(groups, keyOf(p, oldName(p.file), renamedFrom), p)
  }
  const knownOnes = new Set<T>()
  for (const [key, members] of groups) {
    const lines = known.get(key) ?? new Map<string, number>()
    let left = [...lines.values()].reduce((n, c) => n + c, 0)
    // first the places whose line the base has as it is, then any others while the base has more
    const rest: T[] = []
    for (const p of members) {
      const line = p.lineText ?? ''
      const times = lines.get(line) ?? 0
      if (times === 0) rest.push(p)
      else {
        lines.set(line, times - 1)
        left--
        knownOnes.add(p)
      }
    }
    for (const p of rest.slice(0, left)) knownOnes.add(p)
  }
  return head.map((problem) => {
    if (knownOnes.has(problem)) return { problem, status: 'known' }
    const because = problem.rule === 'broken-link' ? explain(problem, changes) : undefined
    return { problem, status: 'new', ...(because ? { because } : {}) }
  })
}

/** The page a link points to, from the file it is in: `/guides/a#x` → `guides/a`; `../a` from `guides/b.mdx`. */
export function linkedPage(target: string, from: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined
  const cut = target.search(/[#?]/)
  const path = cut === -1 ? target : target.slice(0, cut)
  if (path === '') return undefined
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(from), path)
  const normal = posix.normalize(joined)
  if (normal === '..' || normal.startsWith('../')) return undefined
  if (normal === '.') return ''
  return pageSlug(normal)
}

/** Why a new broken link broke: it points to a page this pull request renamed or deleted. */
export function explain(problem: Problem, changes: readonly PageChange[]): Explained | undefined {
  if (problem.target === undefined) return undefined
  const page = linkedPage(problem.target, problem.file)
  const change = changes.find((c) => pageSlug(c.from) === page)
  if (!change) return undefined
  return {
    change,
    ...(change.to !== undefined && /\.mdx?$/i.test(change.to)
      ? { redirect: { source: `/${pageSlug(change.from)}`, destination: `/${pageSlug(change.to)}` } }
      : {}),
  }
}

/** The sentence an annotation adds for a renamed or deleted page. */
export function explanation(because: Explained): string {
  return because.change.to !== undefined
    ? `${because.change.from} was renamed to ${because.change.to} in this pull request.`
    : `${because.change.from} was deleted in this pull request.`
}

/**
 * Where the CLI warned on the head only (a remote OpenAPI document it could not fetch this time), a
 * new broken link the pull request did not write (its line is the base's) and no rename explains may
 * come from that warning: unsure, never failing.
 */
export function unsureOnWarning<T extends PlacedProblem>(
  judged: ReadonlyArray<Judged<T>>,
  baseLines: (file: string) => ReadonlySet<string> | undefined,
): Array<Judged<T>> {
  return judged.map((j) => {
    const { problem: p } = j
    const text = p.lineText
    const before =
      j.status === 'new' && p.rule === 'broken-link' && !j.because && text !== undefined && baseLines(p.file)?.has(text)
    return before ? { problem: p, status: 'unsure' } : j
  })
}

/**
 * The head's redirects that cannot work, each placed by `place`: known where the base has the same
 * fault from the same source, as many times as the base has it. Its destination is no part of it: a
 * redirect that never worked, sent elsewhere (a renamed page's new address), still never works, and
 * this pull request did not break it.
 */
export function judgedFaults(
  base: Served,
  head: Served,
  place: (redirect: string) => Pick<PlacedProblem, 'file' | 'path' | 'line' | 'column' | 'lineText'>,
): Judged[] {
  const keyOf = (f: RedirectFault): string => `${f.kind}\u0000${f.redirect.source}`
  const before = new Map<string, number>()
  for (const f of redirectFaults(base)) before.set(keyOf(f), (before.get(keyOf(f)) ?? 0) + 1)
  return redirectFaults(head).map((f): Judged => {
    const target = `${f.redirect.source} → ${f.redirect.destination}`
    return {
      problem: {
        rule: 'redirect-fault',
        target,
        message: f.message,
        ...place(target),
        ...(f.instead ? { fix: f.instead } : {}),
      },
      status: known(keyOf(f)) ? 'known' : 'new',
    }
  })

  function known(key: string): boolean {
    const left = before.get(key) ?? 0
    before.set(key, left - 1)
    return left > 0
  }
}

/**
 * The head's API pages whose front matter names an operation no OpenAPI document has (Mintlify shows
 * them blank), each placed by `place`: known where the base's page (by its old name) had none either,
 * whatever it named. A page that never showed its operation, named another way, still does not, and
 * this pull request did not break it.
 */
export function judgedOperations(
  base: readonly OperationRef[],
  head: readonly OperationRef[],
  oldName: (file: string) => string,
  place: (file: string, key: 'openapi' | 'openapi-schema') => Pick<PlacedProblem, 'path' | 'line' | 'lineText'>,
): Judged[] {
  const before = new Map(base.map((ref) => [ref.file, ref]))
  return head.flatMap((ref): Judged[] => {
    if (ref.in !== undefined) return []
    const was = before.get(oldName(ref.file))
    const key = ref.schema ? 'openapi-schema' : 'openapi'
    // the page is the problem's file: its message says what the page names, and where the fix goes
    const broken =
      `Its ${key} front matter names ${ref.openapi}, which no OpenAPI document of the head has: ` +
      'Mintlify shows this page blank.'
    const words = ref.schema
      ? { how: 'Name a schema a document has under components.schemas.', its: 'name', thing: 'schema' }
      : { how: 'Name an operation a document has, as "METHOD /path".', its: 'path', thing: 'operation' }
    const same = was?.openapi === ref.openapi && was.schema === ref.schema
    const why =
      was?.in === undefined
        ? ` ${words.how}`
        : same
          ? ` ${was.in} has it on the base: name its new ${words.its} here, or keep the ${words.thing} there.`
          : ` On the base it named ${was.openapi}, which ${was.in} has.`
    return [
      {
        problem: {
          rule: ref.schema ? 'missing-schema' : 'missing-operation',
          file: ref.file,
          target: ref.openapi,
          message: broken + why,
          ...place(ref.file, key),
        },
        status: was !== undefined && was.in === undefined ? 'known' : 'new',
      },
    ]
  })
}

/**
 * Which colours a contrast problem compares, without their values or ratio: `Primary Color vs Light
 * Background` (an anchor's with its name). A pull request that changes one poor colour for another
 * broke nothing that worked.
 */
function colourPair(message: string): string {
  const cut = message.indexOf(' Background:')
  return (cut === -1 ? message : message.slice(0, cut)).replace(/\([^()]*\)/g, '')
}

/** A redirect's source, from the CLI's `source → destination` (a target without the arrow, as written). */
function redirectSource(target: string): string {
  return target.split(' → ')[0] ?? target
}
