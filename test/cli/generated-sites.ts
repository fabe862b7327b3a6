import fc from 'fast-check'
import { type Redirect, lostAddresses, redirectFaults, servedBy } from '../../src/site/addresses.js'
import { type PageChange, type PlacedProblem, judge } from '../../src/check/new-known.js'
import { pageSlug } from '../../src/site/addresses.js'

/**
 * Generated sites and pull requests for the check's verdict (test/unit/check-properties.test.ts,
 * and a handful on the real CLI in scenarios.ts): pages renamed, deleted, added and moved in and out
 * of hidden folders, redirects of every kind, and each tree's CLI report as data; with the verdict
 * as the check's pure judge reaches it (checkFails), and as a model of the spec written apart from
 * the code says it (modelFails).
 */

const FOLDERS = ['', 'guides/', 'es/', '.drafts/', 'api/', '.github/']
const NAMES = ['a', 'b', 'c', 'index', 'item-1', 'item-2']
const PAGE = fc.tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...NAMES)).map(([f, n]) => `${f}${n}.mdx`)
const ADDRESS = PAGE.map((p) => `/${pageSlug(p)}`)

/** A redirect of any kind the service knows, and some it never matches. */
const REDIRECT: fc.Arbitrary<Redirect> = fc.oneof(
  fc.record({ source: ADDRESS, destination: fc.oneof(ADDRESS, fc.constant('https://example.com/x')) }),
  fc
    .tuple(fc.constantFrom('guides', 'es', 'old', 'api'), fc.constantFrom('guides', 'es', 'new', 'api'))
    .map(([from, to]) => ({ source: `/${from}/:slug*`, destination: `/${to}/:slug*` })),
  fc
    .tuple(fc.constantFrom('guides', 'es'), fc.constantFrom('guides', 'es', 'api'))
    .map(([from, to]) => ({ source: `/${from}/:page`, destination: `/${to}/:page` })),
  fc.tuple(fc.constantFrom('', 'guides/'), ADDRESS, fc.boolean()).map(([folder, to, keep]) => ({
    source: `/${folder}item-*`,
    destination: keep ? `/${folder || 'api/'}item-*` : to,
  })),
  ADDRESS.map((a) => ({ source: `${a}?x=1`, destination: '/' })),
)

/** What a pull request does to one base page. */
const FATE = fc.oneof(
  fc.constant({ kind: 'keep' as const }),
  fc.constant({ kind: 'delete' as const }),
  PAGE.map((to) => ({ kind: 'rename' as const, to })),
)

export const CASE = fc
  .record({
    pages: fc.uniqueArray(PAGE, { maxLength: 8 }),
    added: fc.uniqueArray(PAGE, { maxLength: 3 }),
    fates: fc.array(FATE, { minLength: 8, maxLength: 8 }),
    baseRedirects: fc.array(REDIRECT, { maxLength: 4 }),
    headRedirects: fc.array(REDIRECT, { maxLength: 4 }),
    keepBaseRedirects: fc.boolean(),
    // the CLI's reports: each a set of broken links, by file and target, picked from what the trees hold
    baseLinks: fc.uniqueArray(fc.tuple(fc.nat(7), ADDRESS, fc.constantFrom('', '#options')), { maxLength: 5 }),
    headLinks: fc.uniqueArray(fc.tuple(fc.nat(7), ADDRESS, fc.constantFrom('', '#options')), { maxLength: 5 }),
    keepBaseLinks: fc.boolean(),
  })
  .map((c) => {
    const changes: PageChange[] = []
    const head = new Set<string>()
    c.pages.forEach((page, i) => {
      const fate = c.fates[i] ?? { kind: 'keep' as const }
      if (fate.kind === 'keep') head.add(page)
      else if (fate.kind === 'delete') changes.push({ from: page })
      else if (!c.pages.includes(fate.to) && !head.has(fate.to)) {
        head.add(fate.to)
        changes.push({ from: page, to: fate.to })
      } else head.add(page)
    })
    for (const page of c.added) if (!c.pages.includes(page)) head.add(page)
    const headPages = [...head]
    const link = (pages: readonly string[]) => (entry: [number, string, string]) => ({
      file: pages[entry[0] % Math.max(1, pages.length)] ?? 'index.mdx',
      target: `${entry[1]}${entry[2]}`,
    })
    const baseLinks = c.baseLinks.map(link(c.pages))
    // the head's report: the base's links carried through the pull request (a renamed file by its
    // new name, a link to a renamed page by its new address), and its own
    const renamedTo = new Map(changes.flatMap((ch) => (ch.to ? [[ch.from, ch.to] as const] : [])))
    const movedAddress = new Map<string, string>(
      changes.flatMap((ch) => (ch.to ? [[`/${pageSlug(ch.from)}`, `/${pageSlug(ch.to)}`] as const] : [])),
    )
    const carried = c.keepBaseLinks
      ? baseLinks.flatMap((l) => {
          const file = renamedTo.get(l.file) ?? l.file
          if (!head.has(file)) return []
          const [path = '', anchor = ''] = l.target.split(/(?=#)/)
          return [{ file, target: `${movedAddress.get(path) ?? path}${anchor}` }]
        })
      : []
    const headLinks = [...carried, ...c.headLinks.map(link(headPages))]
    return {
      basePages: c.pages,
      headPages,
      changes,
      baseRedirects: c.baseRedirects,
      headRedirects: [...(c.keepBaseRedirects ? c.baseRedirects : []), ...c.headRedirects],
      baseLinks,
      headLinks: headLinks.filter(
        (l, i) => headLinks.findIndex((m) => m.file === l.file && m.target === l.target) === i,
      ),
    }
  })

export type Generated = typeof CASE extends fc.Arbitrary<infer T> ? T : never

/** The configuration's text, on either file: both name their redirects the same way. */
export const config = (redirects: readonly Redirect[]): string =>
  JSON.stringify({ name: 'Acme', navigation: [], redirects })

const problem = (l: { file: string; target: string }): PlacedProblem => ({
  rule: 'broken-link',
  file: l.file,
  path: l.file,
  target: l.target,
  message: `The link ${l.target} leads nowhere.`,
})

/** The check's verdict, as its pure judge reaches it. */
export function checkFails(c: Generated): boolean {
  const base = servedBy(c.basePages, config(c.baseRedirects))
  const head = servedBy(c.headPages, config(c.headRedirects))
  const key = (f: { kind: string; redirect: Redirect }): string =>
    `${f.kind} ${f.redirect.source} ${f.redirect.destination}`
  const before = new Set(redirectFaults(base).map(key))
  const renamed = new Map(c.changes.flatMap((ch) => (ch.to ? [[ch.to, ch.from] as const] : [])))
  const judged = judge(c.headLinks.map(problem), c.baseLinks.map(problem), (f) => renamed.get(f) ?? f, c.changes)
  return (
    lostAddresses(base, head).length > 0 ||
    redirectFaults(head).some((f) => !before.has(key(f))) ||
    judged.some((j) => j.status === 'new')
  )
}

// ---- the model, written apart from the code: segment by segment, as the spec says

/** What a source's segments capture of an address's, or undefined where it does not match. */
function modelMatch(source: string, address: string): Map<string, string> | undefined {
  const src = source.split('/').filter(Boolean)
  const at = address.split('/').filter(Boolean)
  const captured = new Map<string, string>()
  for (let i = 0; i < src.length; i++) {
    const part = src[i] ?? ''
    if (part.startsWith(':') && part.endsWith('*')) {
      if (i !== src.length - 1) return undefined
      captured.set(part.slice(1, -1), at.slice(i).join('/'))
      return captured
    }
    const here = at[i]
    if (here === undefined) return undefined
    if (part.startsWith(':')) captured.set(part.slice(1), here)
    else if (part.endsWith('*') && part.length > 1) {
      const prefix = part.slice(0, -1)
      if (!here.startsWith(prefix)) return undefined
      captured.set('*', here.slice(prefix.length))
    } else if (part !== here) return undefined
  }
  return src.length === at.length ? captured : undefined
}

/** Whether a site answers an address as the service does: a page, or redirects that reach one (or another site). */
function modelAnswers(pages: ReadonlySet<string>, redirects: readonly Redirect[], address: string): boolean {
  let at = address === '' ? '/' : address
  const seen = new Set<string>()
  for (let hop = 0; hop <= 20; hop++) {
    if (pages.has(at)) return true
    if (seen.has(at)) return false
    seen.add(at)
    let next: string | undefined
    for (const r of redirects) {
      if (r.source.includes('?') || r.source.includes('#')) continue
      const captured = modelMatch(r.source, at)
      if (!captured) continue
      if (/^https?:/.test(r.destination)) return true
      next = r.destination
        .split('/')
        .map((part) =>
          part.startsWith(':')
            ? (captured.get(part.replace(/^:|\*$/g, '')) ?? part)
            : part.replace('*', captured.get('*') ?? '*'),
        )
        .join('/')
      break
    }
    if (next === undefined) return false
    at = `/${next.split('/').filter(Boolean).join('/')}`
  }
  return false
}

/** The addresses a site's pages serve: what Mintlify reads as pages (.drafts/ yes, .github/ never). */
const modelPages = (files: readonly string[]): Set<string> =>
  new Set(files.filter((f) => !f.startsWith('.github/')).map((f) => `/${pageSlug(f)}`.replace(/\/$/, '') || '/'))

export function modelFails(c: Generated): boolean | 'faults' {
  const basePages = modelPages(c.basePages)
  const headPages = modelPages(c.headPages)
  const served = [
    ...basePages,
    ...c.baseRedirects
      .map((r) => r.source)
      .filter((s) => !/[:*?#]/.test(s) && !basePages.has(s) && modelAnswers(basePages, c.baseRedirects, s)),
  ]
  const lost = served.some((a) => !modelAnswers(headPages, c.headRedirects, a))
  const oldName = new Map(c.changes.flatMap((ch) => (ch.to ? [[ch.to, ch.from] as const] : [])))
  const oldAddress = new Map<string, string>(
    c.changes.flatMap((ch) => (ch.to ? [[`/${pageSlug(ch.to)}`, `/${pageSlug(ch.from)}`] as const] : [])),
  )
  const before = new Set(c.baseLinks.map((l) => `${l.file} ${l.target}`))
  const fresh = c.headLinks.some((l) => {
    const [path = '', anchor = ''] = l.target.split(/(?=#)/)
    return !before.has(`${oldName.get(l.file) ?? l.file} ${oldAddress.get(path) ?? path}${anchor}`)
  })
  if (lost || fresh) return true
  return 'faults'
}

/** The redirect faults the head has and the base has not (the verdict where the model sees nothing). */
export function newFaults(c: Generated): boolean {
  const key = (f: { kind: string; redirect: Redirect }): string =>
    `${f.kind} ${f.redirect.source} ${f.redirect.destination}`
  const before = new Set(redirectFaults(servedBy(c.basePages, config(c.baseRedirects))).map(key))
  return redirectFaults(servedBy(c.headPages, config(c.headRedirects))).some((f) => !before.has(key(f)))
}
