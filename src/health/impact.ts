import type { ChangedFile } from '../github/port.js'
import { shiftWeeks, weekOf } from './weeks.js'
import { withoutTrailing } from '../util/text.js'

/**
 * Did a docs change help its readers? For each merged docs pull request, its pages' views and thumbs
 * summed over the weeks before and after its merge week, with the site's views as the control. Page
 * views add up over weeks; unique visitors do not, so they are not used. Pure (impact-run.ts reads).
 */

/** Below this many human views in either window, a change is "too few views to tell". */
export const MIN_VIEWS = 100
/** Pages of one pull request that are measured (the rest are counted, not measured). */
export const MAX_PAGES = 50
/** Files that are no page, kept by name per pull request (the rest are counted). */
export const MAX_OTHER = 20

/** One page a pull request changed: its path as the site serves it (without a prefix). */
export interface ImpactPage {
  path: string
  /** The page is new in this pull request: it has no "before". */
  added?: boolean
  /** A renamed page's path before: its views before are read there. */
  previous?: string
}

export interface PullFigures {
  /** The pages that existed before, together; undefined when every page is new. */
  before?: Counts
  after?: Counts
  /** The site's human views over the same windows (the control); absent when only new pages were measured. */
  site?: { before: number; after: number }
  pages: PageFigures[]
}

export interface Counts {
  human: number
  ai: number
  /** Thumbs up and down; undefined when the feedback of a week did not list the page (more than 100 pages had feedback). */
  up?: number
  down?: number
}

export interface PageFigures {
  path: string
  /** The path the analytics answer, when the site is served under a prefix. */
  served?: string
  added?: boolean
  before?: Counts
  after: Counts
}

/** One docs pull request the health issue follows. */
export interface ImpactPull {
  number: number
  url: string
  title: string
  /** When it merged, as GitHub says (whole seconds). */
  mergedAt: string
  /** Opened by an agent job the health action followed. */
  agent?: boolean
  pages: ImpactPage[]
  /** Pages beyond MAX_PAGES: counted, not measured. */
  morePages?: number
  /** Files that are no page (images, docs.json, snippets, outside docs-root), up to MAX_OTHER. */
  other: string[]
  moreOther?: number
  /** Page files it removed: nothing to measure after. */
  removed?: string[]
  /** The figures, once every week of both windows is read. */
  figures?: PullFigures
  /** Its comment on the pull request, and the digest of the body written there. */
  comment?: { id: number; digest: string }
}

/** One week's figures for the pages followed (the rest of the site's pages are not kept). */
export interface ImpactWeek {
  start: string
  /** The site's human and AI page views (the views export's totals). */
  site: [number, number]
  /** Human and AI views by page path (as in ImpactPage); a covered page not here had none. */
  views: Record<string, [number, number]>
  /** Thumbs up and down by page path; a covered page not here had none when `thumbsWhole`, else unknown. */
  thumbs: Record<string, [number, number]>
  /** The feedback-by-page answer held every page with feedback (hasMore false). */
  thumbsWhole: boolean
  /** The page paths this week was read for. */
  covered: string[]
  /** The path prefix the site is served under, '' when none. */
  prefix: string
}

// ---- files to pages ----

const PAGE_FILE = /\.mdx?$/i

/** `docs/guides/setup.mdx` under `docs` → `/guides/setup`; `index.mdx` stands for its folder. Undefined when no page. */
export function pagePath(file: string, root: string): string | undefined {
  const base = withoutTrailing(root.replace(/^\/+/, ''), '/')
  if (base !== '' && !file.startsWith(`${base}/`)) return undefined
  const inside = base === '' ? file : file.slice(base.length + 1)
  if (!PAGE_FILE.test(inside)) return undefined
  // snippets are pieces that pages import, not pages
  if (/^snippets\//i.test(inside) || /(^|\/)_[^/]*$/.test(inside)) return undefined
  const segments = inside.replace(PAGE_FILE, '').split('/')
  if (segments.at(-1)?.toLowerCase() === 'index') segments.pop()
  return `/${segments.join('/')}`
}

/** The folder holding the site's docs.json (else a legacy mint.json), the shallowest; '' for the root or none. */
export function docsRootOf(paths: readonly string[]): string {
  for (const name of ['docs.json', 'mint.json']) {
    const found = paths
      .filter((p) => p === name || p.endsWith(`/${name}`))
      .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0]
    if (found !== undefined) return found.slice(0, Math.max(0, found.length - name.length - 1))
  }
  return ''
}

/** A pull request's files as pages, files that are no page, and page files it removed. */
export function pagesOfFiles(
  files: readonly ChangedFile[],
  root: string,
): Pick<ImpactPull, 'pages' | 'morePages' | 'other' | 'moreOther' | 'removed'> {
  const pages: ImpactPage[] = []
  const other: string[] = []
  const removed: string[] = []
  let morePages = 0
  let moreOther = 0
  for (const f of files) {
    const path = pagePath(f.filename, root)
    if (path === undefined) {
      if (other.length < MAX_OTHER) other.push(f.filename)
      else moreOther++
    } else if (f.status === 'removed') removed.push(path)
    else if (pages.some((p) => p.path === path)) continue
    else if (pages.length >= MAX_PAGES) morePages++
    else {
      const previous = f.previousFilename ? pagePath(f.previousFilename, root) : undefined
      pages.push({
        path,
        ...(f.status === 'added' ? { added: true } : {}),
        ...(previous && previous !== path ? { previous } : {}),
      })
    }
  }
  return {
    pages,
    other,
    ...(morePages ? { morePages } : {}),
    ...(moreOther ? { moreOther } : {}),
    ...(removed.length ? { removed: removed.slice(0, MAX_OTHER) } : {}),
  }
}

// ---- the windows ----

export interface Windows {
  /** The Monday of the week it merged (left out of both windows). */
  mergeWeek: string
  before: string[]
  after: string[]
}

export function windowsOf(mergedAt: string, weeks: number): Windows {
  const mergeWeek = weekOf(Date.parse(mergedAt))
  const before: string[] = []
  const after: string[] = []
  for (let i = weeks; i >= 1; i--) before.push(shiftWeeks(mergeWeek, -i))
  for (let i = 1; i <= weeks; i++) after.push(shiftWeeks(mergeWeek, i))
  return { mergeWeek, before, after }
}

/** The page paths of a pull request that a week of its windows must cover. */
export function pathsFor(pull: ImpactPull, week: string, weeks: number): string[] {
  const w = windowsOf(pull.mergedAt, weeks)
  if (w.after.includes(week)) return pull.pages.map((p) => p.path)
  if (w.before.includes(week)) return pull.pages.filter((p) => !p.added).map((p) => p.previous ?? p.path)
  return []
}

/**
 * The weeks to read, newest first: the complete weeks of unmeasured pull requests' windows the kept
 * weeks lack, each with every page it must hold (one read serves every pull request).
 */
export function weeksToRead(
  pulls: readonly ImpactPull[],
  kept: readonly ImpactWeek[],
  thisMonday: string,
  weeks: number,
): Array<{ start: string; paths: string[] }> {
  const byStart = new Map(kept.map((w) => [w.start, w]))
  const wanted = new Map<string, Set<string>>()
  const lacking = new Set<string>()
  for (const pull of pulls) {
    const w = windowsOf(pull.mergedAt, weeks)
    for (const start of [...w.before, ...w.after]) {
      if (start >= thisMonday) continue
      const paths = pathsFor(pull, start, weeks)
      if (paths.length === 0) continue
      const set = wanted.get(start) ?? new Set<string>()
      for (const p of paths) set.add(p)
      wanted.set(start, set)
      const have = byStart.get(start)
      if (!pull.figures && (!have || paths.some((p) => !have.covered.includes(p)))) lacking.add(start)
    }
  }
  return [...lacking]
    .sort()
    .reverse()
    .map((start) => ({ start, paths: [...(wanted.get(start) as Set<string>)].sort() }))
}

/** Whether the after window has begun to count: how many of its weeks are complete and read. */
export function weeksCounted(pull: ImpactPull, kept: readonly ImpactWeek[], weeks: number): number {
  const have = new Set(kept.filter((w) => pull.pages.every((p) => w.covered.includes(p.path))).map((w) => w.start))
  return windowsOf(pull.mergedAt, weeks).after.filter((s) => have.has(s)).length
}

/** The weeks some followed pull request's windows hold, with only the followed pages' figures. */
export function keptWeeks(pulls: readonly ImpactPull[], weeks: readonly ImpactWeek[], k: number): ImpactWeek[] {
  const kept: ImpactWeek[] = []
  for (const week of weeks) {
    const paths = new Set(pulls.flatMap((p) => pathsFor(p, week.start, k)))
    if (paths.size === 0) continue
    const pick = <T>(record: Record<string, T>): Record<string, T> =>
      Object.fromEntries(Object.entries(record).filter(([path]) => paths.has(path)))
    kept.push({
      ...week,
      views: pick(week.views),
      thumbs: pick(week.thumbs),
      covered: week.covered.filter((p) => paths.has(p)),
    })
  }
  return kept
}

// ---- prefix-served sites ----

/** '/docs/' → '/docs'; '/' stays. */
export function normalPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? ''
  return bare.length > 1 ? withoutTrailing(bare, '/') : bare
}

/** The prefix the site's pages are served under ('' when they match exactly), from the analytics' paths. */
export function servedPrefix(pages: readonly string[], served: ReadonlySet<string>): string {
  const tally = new Map<string, number>()
  for (const page of pages) {
    if (served.has(page)) tally.set('', (tally.get('') ?? 0) + 1)
    if (page === '/') continue
    for (const path of served) {
      if (path.length > page.length && path.endsWith(page)) {
        const prefix = path.slice(0, path.length - page.length)
        if (prefix.startsWith('/') && !prefix.endsWith('/')) tally.set(prefix, (tally.get(prefix) ?? 0) + 1)
      }
    }
  }
  let best = ''
  let most = 0
  for (const [prefix, n] of tally)
    if (n > most || (n === most && prefix.length < best.length)) [best, most] = [prefix, n]
  return best
}

/** A page path as the site serves it under `prefix` (the root page is the prefix itself). */
export function servedAs(path: string, prefix: string): string {
  return prefix === '' ? path : path === '/' ? prefix : `${prefix}${path}`
}

// ---- the figures ----

function sum(weeks: readonly ImpactWeek[], path: string): Counts {
  const c: Counts = { human: 0, ai: 0, up: 0, down: 0 }
  for (const w of weeks) {
    const v = w.views[path]
    if (v) {
      c.human += v[0]
      c.ai += v[1]
    }
    const t = w.thumbs[path]
    if (t) {
      if (c.up !== undefined) c.up += t[0]
      if (c.down !== undefined) c.down += t[1]
    } else if (!w.thumbsWhole) {
      delete c.up
      delete c.down
    }
  }
  return c
}

function add(a: Counts | undefined, b: Counts): Counts {
  if (!a) return { ...b }
  const c: Counts = { human: a.human + b.human, ai: a.ai + b.ai }
  if (a.up !== undefined && b.up !== undefined) c.up = a.up + b.up
  if (a.down !== undefined && b.down !== undefined) c.down = a.down + b.down
  return c
}

/** The figures of a pull request, when every week of both windows is read for its pages; else undefined. */
export function figuresOf(pull: ImpactPull, kept: readonly ImpactWeek[], weeks: number): PullFigures | undefined {
  const w = windowsOf(pull.mergedAt, weeks)
  const byStart = new Map(kept.map((k) => [k.start, k]))
  // every week of a window, read for the pages it must hold; a week that holds none of them (the
  // before of new pages) may be absent
  const read = (starts: string[]): Array<ImpactWeek | undefined> | undefined => {
    const list: Array<ImpactWeek | undefined> = []
    for (const start of starts) {
      const k = byStart.get(start)
      const paths = pathsFor(pull, start, weeks)
      if (paths.length > 0 && (!k || paths.some((p) => !k.covered.includes(p)))) return undefined
      list.push(k)
    }
    return list
  }
  const beforeRead = read(w.before)
  const afterRead = read(w.after)
  if (!beforeRead || !afterRead || afterRead.some((k) => !k)) return undefined
  const after = afterRead as ImpactWeek[]
  const before = beforeRead.filter((k) => k !== undefined)
  const prefix = after.at(-1)?.prefix ?? ''
  const pages: PageFigures[] = pull.pages.map((p) => {
    const served = servedAs(p.path, prefix)
    return {
      path: p.path,
      ...(served !== p.path ? { served } : {}),
      ...(p.added ? { added: true } : { before: sum(before, p.previous ?? p.path) }),
      after: sum(after, p.path),
    }
  })
  let totalBefore: Counts | undefined
  let totalAfter: Counts | undefined
  for (const page of pages) {
    if (page.added || !page.before) continue
    totalBefore = add(totalBefore, page.before)
    totalAfter = add(totalAfter, page.after)
  }
  const site = (list: ImpactWeek[]): number => list.reduce((n, k) => n + k.site[0], 0)
  const control = before.length === w.before.length ? { site: { before: site(before), after: site(after) } } : {}
  return {
    ...(totalBefore ? { before: totalBefore } : {}),
    ...(totalAfter ? { after: totalAfter } : {}),
    ...control,
    pages,
  }
}

export type Verdict = { kind: 'change'; percent: number } | { kind: 'too-few' } | { kind: 'new' }

/** A before and after: the change in human views, or too few views to tell, or a new page. */
export function verdictOf(before: Counts | undefined, after: Counts | undefined): Verdict {
  if (!before || !after) return { kind: 'new' }
  if (before.human < MIN_VIEWS || after.human < MIN_VIEWS) return { kind: 'too-few' }
  return { kind: 'change', percent: ((after.human - before.human) / before.human) * 100 }
}

/** The control: the site's human views, after against before (undefined when there were none before). */
export function siteChange(figures: PullFigures): number | undefined {
  return figures.site && figures.site.before > 0
    ? ((figures.site.after - figures.site.before) / figures.site.before) * 100
    : undefined
}
