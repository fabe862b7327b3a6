/** Did the fix answer: what the search answered a gap's query before its job and once it shipped, and the verdict. */

/** How many results of a search are kept, and looked at for a verdict. */
export const TOP_RESULTS = 5

/** What the site answered one search: when (whole seconds), and its top pages' paths (`/a/b`). */
export interface SiteSearch {
  at: string
  paths: string[]
}

export type Verdict = 'answered' | 'moved' | 'still-missing'

/** The search once the change was live, with its verdict; for `answered`, the changed page and its rank (1 first). */
export interface Answer extends SiteSearch {
  verdict: Verdict
  page?: string
  rank?: number
}

/** The query a gap is searched with: a dead-end search's words, or an unanswered question; a page has none. */
export function queryOf(gap: { kind: 'search' | 'question' | 'page'; text: string }): string | undefined {
  return gap.kind === 'page' ? undefined : gap.text
}

/** A result's page as `/a/b`, from a path or URL: host, query, anchor, extension and `index` left out. */
export function pageOf(pathOrUrl: string): string | undefined {
  let path = pathOrUrl.trim()
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      return undefined
    }
  }
  const segments = path
    .replace(/[?#].*/s, '')
    .split('/')
    .filter((s) => s !== '')
  const last = segments.pop()?.replace(/\.mdx?$/i, '')
  if (last !== undefined && last.toLowerCase() !== 'index') segments.push(last)
  return `/${segments.join('/')}`
}

/** A search's top pages, each once, best first. */
export function topPaths(hits: ReadonlyArray<{ path?: string | null }>): string[] {
  const pages: string[] = []
  for (const hit of hits) {
    const page = hit.path ? pageOf(hit.path) : undefined
    if (page !== undefined && !pages.includes(page)) pages.push(page)
    if (pages.length === TOP_RESULTS) break
  }
  return pages
}

/**
 * The verdict once the change was live: `answered` when a changed page is among the top results (its
 * rank), `moved` when other pages come up than at the baseline, else `still-missing`.
 */
export function verdictOf(
  baseline: SiteSearch | undefined,
  after: readonly string[],
  changed: readonly string[],
): Pick<Answer, 'verdict' | 'page' | 'rank'> {
  const wanted = changed.map((p) => pageOf(p))
  // docs in a folder of their repository: `/docs/webhooks` changed is `/webhooks` on the site (a
  // page's path ends with `/<found>` only where a path segment starts: found starts with `/`)
  const isChanged = (found: string): boolean => wanted.some((p) => p !== undefined && p.endsWith(found))
  const index = after.findIndex(isChanged)
  if (index >= 0) return { verdict: 'answered', page: after[index], rank: index + 1 }
  const before = new Set(baseline?.paths ?? [])
  return after.some((p) => !before.has(p)) ? { verdict: 'moved' } : { verdict: 'still-missing' }
}
