import type { Answer, SiteSearch } from './answers.js'
import { pullKey } from '../github/pull-link.js'
import { type DownRatedPage, type UnansweredQuestion, type DeadEndSearch, foldText } from '../analytics/insights.js'
import { addTo } from '../util/collections.js'

/**
 * The gaps readers hit, as the health issue remembers them from run to run: each keyed by kind and
 * folded text (case and spacing make no new gap), with when it was first seen, its runs in a row,
 * and its agent job. Pure.
 */

export type GapKind = 'search' | 'question' | 'page'

export interface Gap {
  key: string
  kind: GapKind
  /** What readers typed (a search, a question) or the page's path: outside text, bounded. */
  text: string
  /** How much it matters this run: searches, times asked, thumbs down. */
  weight: number
}

export interface GapJob {
  id: string
  /** The job's status when last seen. */
  status: string
  prLink?: string
  /** The pull request merged (checked when the gap went away, or to search it again). */
  merged?: boolean
  /** When GitHub says the pull request merged (whole seconds). */
  mergedAt?: string
  /** The run day that first saw it merged: a later run may take the change as live. */
  mergedSeen?: string
  /** What the site's search answered the gap's query when the job started (assistant-key). */
  baseline?: SiteSearch
  /** What it answers once the change is live, and the verdict: searched once, never again. */
  answer?: Answer
}

export interface GapRecord extends Gap {
  /** YYYY-MM-DD: the run day it was first seen (again, after it had gone). */
  firstSeen: string
  lastSeen: string
  /** Runs in a row that have seen it (a run whose list was incomplete neither counts nor breaks it). */
  runs: number
  /** The run day it was last found gone, while it stays gone. */
  gone?: string
  job?: GapJob
}

/** How many gaps of each kind a run starts to follow (the top of each list). */
export const TRACKED_PER_KIND = 10
/** Records kept: active ones, then those with a job (never a second job for one gap), then the recently gone. */
const MAX_RECORDS = 120
const TEXT_CHARS = 150

const keyOf = (kind: GapKind, text: string): string => `${kind}:${foldText(text).slice(0, 200)}`

/** This run's gaps from the insights lists (every item, most important first within each kind). */
export function gapsOf(lists: {
  searches: readonly DeadEndSearch[]
  questions: readonly UnansweredQuestion[]
  pages: readonly DownRatedPage[]
}): Gap[] {
  const gap = (kind: GapKind, text: string, weight: number): Gap => ({
    key: keyOf(kind, text),
    kind,
    text: text.slice(0, TEXT_CHARS),
    weight,
  })
  return [
    ...lists.searches.map((s) => gap('search', s.query, s.hits)),
    ...lists.questions.map((q) => gap('question', q.question, q.asked)),
    ...lists.pages.map((p) => gap('page', p.path, p.thumbsDown)),
  ]
}

export interface GapChanges {
  records: GapRecord[]
  /** First seen this run. */
  fresh: GapRecord[]
  /** Seen before and again this run (or not checked: its list was incomplete). */
  persisting: GapRecord[]
  /** Seen last run, not this run (its list complete). */
  gone: GapRecord[]
}

/**
 * The next records: a gap seen again persists; one its complete list no longer has is gone; one of
 * an incomplete list stays as it was. The top unfollowed of each list are new; a gone gap that comes
 * back is new again, keeping its job (never a second).
 */
export function advanceGaps(
  previous: readonly GapRecord[],
  current: readonly Gap[],
  complete: Record<GapKind, boolean>,
  day: string,
): GapChanges {
  const now = new Map(current.map((g) => [g.key, g]))
  const records: GapRecord[] = []
  const fresh: GapRecord[] = []
  const persisting: GapRecord[] = []
  const gone: GapRecord[] = []
  const known = new Set<string>()
  for (const record of previous) {
    known.add(record.key)
    const seen = now.get(record.key)
    if (record.gone !== undefined) {
      if (seen) {
        const back: GapRecord = { ...record, ...seen, firstSeen: day, lastSeen: day, runs: 1 }
        delete back.gone
        records.push(back)
        fresh.push(back)
      } else {
        records.push(record)
        // a second run in the week it went: still "gone since the last run"
        if (record.gone === day) gone.push(record)
      }
      continue
    }
    if (seen) {
      // a second run in the same week counts nothing twice
      const again = record.lastSeen === day
      const next: GapRecord = {
        ...record,
        weight: seen.weight,
        text: seen.text,
        lastSeen: day,
        runs: again ? record.runs : record.runs + 1,
      }
      records.push(next)
      ;(next.firstSeen === day ? fresh : persisting).push(next)
    } else if (complete[record.kind]) {
      const next: GapRecord = { ...record, gone: day }
      records.push(next)
      gone.push(next)
    } else {
      records.push(record)
      persisting.push(record)
    }
  }
  for (const kind of ['search', 'question', 'page'] as const) {
    for (const gap of current.filter((g) => g.kind === kind).slice(0, TRACKED_PER_KIND)) {
      if (known.has(gap.key)) continue
      const record: GapRecord = { ...gap, firstSeen: day, lastSeen: day, runs: 1 }
      records.push(record)
      fresh.push(record)
    }
  }
  return { records: bounded(records), fresh, persisting, gone }
}

function bounded(records: GapRecord[]): GapRecord[] {
  if (records.length <= MAX_RECORDS) return records
  const rank = (r: GapRecord): number => (r.gone === undefined ? 0 : r.job ? 1 : 2)
  const kept = [...records]
    .sort((a, b) => rank(a) - rank(b) || (b.gone ?? b.lastSeen).localeCompare(a.gone ?? a.lastSeen))
    .slice(0, MAX_RECORDS)
  const keep = new Set(kept)
  return records.filter((r) => keep.has(r))
}

/** The gaps for the agent this run (`agent: persisting`): persisting, never given a job; at most `max`. */
export function gapsForJobs(records: readonly GapRecord[], max: number): GapRecord[] {
  return records
    .filter((r) => r.gone === undefined && r.runs >= 2 && !r.job)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, max)
}

/** A gap a job was started for, as the impact comment names it with its search's verdict. */
export interface SearchedGap {
  name: string
  kind: GapKind
  /** What its search found, before and once the change is live. */
  job: Pick<GapJob, 'baseline' | 'answer' | 'merged'>
}

/** The gaps each pull request closed: gone after the pull request of their job merged, by its pullKey. */
export function closedGaps(records: readonly GapRecord[]): Map<string, string[]> {
  const closed = new Map<string, string[]>()
  for (const r of records) {
    if (r.gone === undefined || !r.job?.prLink || !r.job.merged) continue
    const key = pullKey(r.job.prLink)
    addTo(closed, key, gapName(r))
  }
  return closed
}

/** Each kind of gap as the issue names it. */
export const KIND_NAMES: Record<GapKind, string> = {
  search: 'Search with no click',
  question: 'Unanswered question',
  page: 'Page rated down',
}

/** A gap as readers hit it, unescaped (the readers' text): `Search with no click: webhook retries`. */
export function gapName(r: Pick<GapRecord, 'kind' | 'text'>): string {
  return `${KIND_NAMES[r.kind]}: ${r.text}`
}

/** The gaps each job's pull request was for, with what the search answers them, by its pullKey. */
export function searchedGaps(records: readonly GapRecord[]): Map<string, SearchedGap[]> {
  const searched = new Map<string, SearchedGap[]>()
  for (const r of records) {
    if (!r.job?.prLink || !r.job.answer) continue
    const key = pullKey(r.job.prLink)
    addTo(searched, key, { name: gapName(r), kind: r.kind, job: r.job })
  }
  return searched
}
