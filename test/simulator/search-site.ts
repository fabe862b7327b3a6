/**
 * The docs site as the simulator's search API answers it (`POST /discovery/v1/search/{domain}`, the
 * vendor's discovery-openapi.json): pages with their text, searched by the words of the query, best
 * first. What the site answers changes only when a deployment ships: `stage` a page (the agent's pull
 * request changed it), and it is searched only after `ship` (a production deployment succeeded).
 */

export interface SitePage {
  /** The page's path as the site serves it, such as `/webhooks` (no extension). */
  path: string
  title: string
  content: string
}

export interface SearchHit {
  content: string
  path: string
  metadata: Record<string, unknown>
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

export class SearchSite {
  /** The site's identifier (`domain.mintlify.site`), the search path's last segment. */
  readonly domain: string
  /** How a hit names its page: the site's path, or the page's whole URL (the vendor: "the path or URL"). */
  pathStyle: 'path' | 'url' = 'path'
  private readonly live = new Map<string, SitePage>()
  private readonly staged = new Map<string, SitePage>()
  /** Every query searched, in order (a test asks what was searched, and when). */
  readonly queries: string[] = []

  constructor(domain = 'acme', pages: SitePage[] = DEFAULT_PAGES) {
    this.domain = domain
    for (const page of pages) this.live.set(page.path, page)
  }

  /** A page the next deployment ships (a new page, or a new text for one). */
  stage(page: SitePage): void {
    this.staged.set(page.path, page)
  }

  /** A production deployment succeeded: the staged pages are live. */
  ship(): void {
    for (const [path, page] of this.staged) this.live.set(path, page)
    this.staged.clear()
  }

  /** The answer to one search: the pages that hold the most of the query's words, best first. */
  search(query: string, pageSize = 10, scoreThreshold = 0): SearchHit[] {
    this.queries.push(query)
    const asked = [...new Set(words(query))]
    const scored = [...this.live.values()]
      .map((page) => {
        const have = new Set(words(`${page.title} ${page.content}`))
        return { page, score: asked.length === 0 ? 0 : asked.filter((w) => have.has(w)).length / asked.length }
      })
      .filter((s) => s.score > 0 && s.score >= scoreThreshold)
      .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path))
    return scored.slice(0, pageSize).map(({ page, score }) => ({
      content: page.content.slice(0, 300),
      path: this.pathStyle === 'url' ? `https://${this.domain}.mintlify.app${page.path}` : page.path,
      metadata: { title: page.title, score: Math.round(score * 1000) / 1000 },
    }))
  }
}

const DEFAULT_PAGES: SitePage[] = [
  { path: '/introduction', title: 'Introduction', content: 'Acme docs: get started with the Acme API.' },
  { path: '/quickstart', title: 'Quickstart', content: 'Install the SDK, create a key and send a first request.' },
  {
    path: '/api/overview',
    title: 'API overview',
    content: 'Requests, responses, errors and pagination of the Acme API.',
  },
]
