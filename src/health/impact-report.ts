import { answerLines } from './answer-text.js'
import type { SearchedGap } from './gaps.js'
import { createHash } from 'node:crypto'
import {
  type Counts,
  type ImpactPull,
  MIN_VIEWS,
  type PageFigures,
  type PullFigures,
  type Verdict,
  siteChange,
  verdictOf,
  windowsOf,
} from './impact.js'
import { shiftWeeks } from './weeks.js'
import type { ImpactState } from './memory.js'
import { type Here, pullKey } from '../github/pull-link.js'
import { count, formatDay, formatNumber, formatSignedPercent } from '../util/format.js'
import { escapeText, link, prLinkText } from '../summary/escape.js'

/** "Did the docs change help?" in words, in the issue and on each pull request; the caution said once in each. */

export const IMPACT_COMMENT_MARKER = '<!-- mintlify-docs-action:impact -->'
const ROWS = 20
const PAGE_ROWS = 30

export const NOT_PROOF =
  `Before and after is not proof of cause: releases, seasons, search engines and ` +
  `links from elsewhere move page views too, so the site's own change over the same ` +
  `weeks is shown to compare with. Below ${formatNumber(MIN_VIEWS)} human views in ` +
  `either window a change reads "too few views to tell".`

/** The gaps each pull request closed (readers' text, escaped here), by its pullKey. */
export type ClosedGaps = ReadonlyMap<string, string[]>

const signed = (percent: number): string => formatSignedPercent(percent / 100)

/** `1,200 → 1,620` */
const arrow = (before: number | undefined, after: number): string =>
  before === undefined ? formatNumber(after) : `${formatNumber(before)} → ${formatNumber(after)}`

function thumbs(c: Counts | undefined): string {
  if (!c) return '—'
  return c.up === undefined || c.down === undefined ? 'not listed' : `${formatNumber(c.up)} / ${formatNumber(c.down)}`
}

function verdictText(v: Verdict): string {
  return v.kind === 'change' ? signed(v.percent) : v.kind === 'new' ? 'new page' : 'too few views to tell'
}

/** The days a window of whole weeks covers: `2026-09-07 – 2026-10-04`. */
export function windowDays(starts: readonly string[]): string {
  const [first] = starts
  const lastMonday = starts.at(-1)
  if (first === undefined || lastMonday === undefined) return ''
  return `${first} – ${formatDay(Date.parse(`${shiftWeeks(lastMonday, 1)}T00:00:00Z`) - 86_400_000)}`
}

/** One line: the pages together against the site, or why there is no percentage. */
export function headline(f: PullFigures): string {
  const v = verdictOf(f.before, f.after)
  const site = siteChange(f)
  const control = site === undefined ? '' : ` against the site's ${signed(site)}`
  if (v.kind === 'new') {
    const after = f.pages.reduce((n, p) => n + p.after.human, 0)
    return `new pages only: ${count(after, 'human view')} in the weeks after`
  }
  const views = `${arrow(f.before?.human, f.after?.human ?? 0)} human views`
  if (v.kind === 'too-few')
    return `too few views to tell (${views}; fewer than ${formatNumber(MIN_VIEWS)} in a window)${control}`
  return `pages ${signed(v.percent)}${control} (${views}${f.site ? `; the site ${arrow(f.site.before, f.site.after)}` : ''})`
}

function pageRow(p: PageFigures): string {
  const name = `${escapeText(p.path, 150)}${p.served ? ` <sub>(${escapeText(p.served, 150)})</sub>` : ''}`
  const v = verdictOf(p.before, p.after)
  const noViews = (p.before?.human ?? 0) + (p.before?.ai ?? 0) + p.after.human + p.after.ai === 0
  return (
    `| ${name} | ${arrow(p.before?.human, p.after.human)} | ` +
    `${arrow(p.before?.ai, p.after.ai)} | ` +
    `${p.before ? `${thumbs(p.before)} → ` : ''}${thumbs(p.after)} | ` +
    `${noViews ? 'no views' : verdictText(v)} |`
  )
}

function fileNotes(pull: ImpactPull): string[] {
  const notes: string[] = []
  const names = (list: readonly string[], more = 0): string =>
    `${list.map((f) => escapeText(f, 200)).join(', ')}${more > 0 ? ` and ${formatNumber(more)} more` : ''}`
  if (pull.other.length > 0) notes.push(`Files that are no page (not measured): ${names(pull.other, pull.moreOther)}.`)
  if (pull.removed?.length) notes.push(`Pages it removed (nothing to measure after): ${names(pull.removed)}.`)
  if (pull.morePages)
    notes.push(
      `${count(pull.morePages, 'more page')} changed, not measured (the first ${formatNumber(pull.pages.length)} are).`,
    )
  return notes
}

/** A measured pull request's pages, before and after: each, those that existed before, and the site. */
export function pageTable(f: PullFigures): string {
  const shown = f.pages.slice(0, PAGE_ROWS)
  const rows = shown.map(pageRow)
  if (f.before && f.after) {
    const existed = f.pages.filter((p) => !p.added).length
    const label =
      existed === f.pages.length
        ? '**These pages together**'
        : `**The ${formatNumber(existed)} that existed before, together**`
    rows.push(
      `| ${label} | ${arrow(f.before.human, f.after.human)} | ` +
        `${arrow(f.before.ai, f.after.ai)} | ${thumbs(f.before)} → ${thumbs(f.after)} | ` +
        `${verdictText(verdictOf(f.before, f.after))} |`,
    )
  }
  if (f.site) {
    const site = siteChange(f)
    rows.push(
      `| **The whole site** (control) | ${arrow(f.site.before, f.site.after)} | | | ` +
        `${site === undefined ? '—' : signed(site)} |`,
    )
  }
  const more = f.pages.length > shown.length ? `\n\n… and ${count(f.pages.length - shown.length, 'more page')}.` : ''
  return ['| Page | Human views | AI views | 👍 / 👎 | Change |', '|---|---:|---:|---|---|', ...rows].join('\n') + more
}

/** The comment on a measured pull request: the figures, the control, its gaps, and the health issue. */
export function renderImpactComment(
  pull: ImpactPull,
  weeks: number,
  gaps: readonly string[],
  issueUrl: string | undefined,
  searched: readonly SearchedGap[] = [],
): string {
  const f = pull.figures as PullFigures
  const w = windowsOf(pull.mergedAt, weeks)
  const parts = [
    IMPACT_COMMENT_MARKER,
    '### 📊 Did this change help its readers?',
    `Page views of the pages this pull request changed, the ` +
      `${count(weeks, 'whole week')} before the week it merged (${windowDays(w.before)}) ` +
      `against the ${count(weeks, 'week')} after it (${windowDays(w.after)}), Monday to ` +
      `Monday UTC: **${headline(f)}**.`,
    pageTable(f),
    ...fileNotes(pull),
    ...(gaps.length > 0
      ? [`Gaps readers hit that were gone after it merged: ${gaps.map((g) => escapeText(g, 200)).join('; ')}.`]
      : []),
    ...answerLines(searched.filter((g) => g.job.answer)),
    `<sub>${NOT_PROOF} Views are summed week by week; unique visitors are not additive ` +
      `and are not used.${issueUrl ? ` Kept with the others in the ${link(issueUrl, 'docs health issue')}.` : ''}</sub>`,
  ]
  return `${parts.join('\n\n')}\n`
}

/** A short digest of a comment body: the comment is edited only when it would change. */
export function digestOf(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16)
}

/** A merged docs pull request that changed no page file (images, docs.json, snippets): listed, not measured. */
export interface NoPagePull {
  number: number
  url: string
  title: string
  mergedAt: string
  other: readonly string[]
  moreOther?: number
}

export interface ImpactSectionView {
  pulls: readonly ImpactPull[]
  /** Merged in the trend's weeks, changing no page: listed as such, never dropped. */
  noPage: readonly NoPagePull[]
  weeks: number
  /** Weeks counted so far, by pull request number (its after window). */
  counted: ReadonlyMap<number, number>
  gaps: ClosedGaps
  here?: Here
  /** Said under the section (what is still to read, what could not be). */
  notes: readonly string[]
}

function pullCell(p: ImpactPull, here: Here | undefined): string {
  return `${prLinkText(p.url, here)} ${escapeText(p.title, 120)}${p.agent ? " (the agent's)" : ''}`
}

/** The health issue's "What the changes did": being measured, then measured, newest first. */
export function renderImpactSection(view: ImpactSectionView): string {
  const newest = [...view.pulls].sort((a, b) => b.mergedAt.localeCompare(a.mergedAt))
  const measuring = newest.filter((p) => !p.figures)
  const measured = newest.filter((p) => p.figures)
  const noPage = noPageList(view)
  if (measuring.length === 0 && measured.length === 0) {
    return [
      `No docs pull request that changed a page merged in the weeks of the trend yet. ` +
        `Each one is measured over the ${count(view.weeks, 'whole week')} before the week it ` +
        `merges and the ${count(view.weeks, 'week')} after.`,
      ...noPage,
      ...view.notes,
    ].join('\n\n')
  }
  const parts = [`<sub>${NOT_PROOF}</sub>`]
  if (measuring.length > 0) {
    const rows = measuring
      .slice(0, ROWS)
      .map(
        (p) =>
          `| ${pullCell(p, view.here)} | ${p.mergedAt.slice(0, 10)} | ` +
          `${formatNumber(p.pages.length + (p.morePages ?? 0))} | ` +
          `${formatNumber(view.counted.get(p.number) ?? 0)} of ${formatNumber(view.weeks)} |`,
      )
    parts.push(
      `**Being measured** (${formatNumber(measuring.length)})`,
      ['| Pull request | Merged | Pages | Weeks after counted |', '|---|---|---:|---|', ...rows].join('\n') +
        more(measuring.length, ROWS),
    )
  }
  if (measured.length > 0) {
    const rows = measured.slice(0, ROWS).map((p) => {
      const f = p.figures as PullFigures
      const gaps = view.gaps.get(pullKey(p.url)) ?? []
      const closed =
        gaps.length > 0 ? `<br>Gaps gone after it merged: ${gaps.map((g) => escapeText(g, 120)).join('; ')}` : ''
      const other = p.other.length + (p.moreOther ?? 0)
      const figures = p.comment ? ` · ${link(`${p.url}#issuecomment-${p.comment.id}`, 'each page')}` : ''
      return (
        `| ${pullCell(p, view.here)}${figures}${closed} | ${p.mergedAt.slice(0, 10)} | ` +
        `${formatNumber(p.pages.length + (p.morePages ?? 0))}${other ? ` (and ${count(other, 'file that is no page', 'files that are no page')})` : ''} ` +
        `| ${headline(f)} |`
      )
    })
    parts.push(
      `**Measured**, newest first (${formatNumber(measured.length)})`,
      [
        '| Pull request | Merged | Pages | Human views of its pages, after against before |',
        '|---|---|---|---|',
        ...rows,
      ].join('\n') + more(measured.length, ROWS),
    )
  }
  return [...parts, ...noPage, ...view.notes].join('\n\n')
}

/** "Changed no page": the merged docs pull requests with nothing to measure, and the files they changed. */
function noPageList(view: ImpactSectionView): string[] {
  if (view.noPage.length === 0) return []
  const newest = [...view.noPage].sort((a, b) => b.mergedAt.localeCompare(a.mergedAt))
  const rows = newest.slice(0, ROWS).map((p) => {
    const files =
      p.other.length > 0
        ? `${p.other
            .slice(0, 5)
            .map((f) => escapeText(f, 120))
            .join(
              ', ',
            )}${p.other.length + (p.moreOther ?? 0) > 5 ? ` and ${formatNumber(p.other.length + (p.moreOther ?? 0) - 5)} more` : ''}`
        : '—'
    return `| ${prLinkText(p.url, view.here)} ${escapeText(p.title, 120)} | ${p.mergedAt.slice(0, 10)} | ${files} |`
  })
  return [
    `**Changed no page** (${formatNumber(newest.length)}): images, docs.json, snippets ` +
      `and the like; nothing to measure.`,
    ['| Pull request | Merged | Files |', '|---|---|---|', ...rows].join('\n') + more(newest.length, ROWS),
  ]
}

function more(total: number, shown: number): string {
  return total > shown ? `\n\n… and ${formatNumber(total - shown)} more.` : ''
}

/** The output impact-json: one object per pull request measured or being measured. */
export function impactOutput(state: ImpactState, counted: ReadonlyMap<number, number>): unknown[] {
  return [...state.pulls]
    .sort((a, b) => b.mergedAt.localeCompare(a.mergedAt))
    .map((p) => ({
      number: p.number,
      url: p.url,
      title: p.title,
      mergedAt: p.mergedAt,
      agent: p.agent === true,
      pages: p.pages.map((page) => page.path),
      ...(p.morePages ? { morePages: p.morePages } : {}),
      notPages: p.other,
      ...(p.removed ? { removed: p.removed } : {}),
      weeks: state.impactWeeks,
      weeksCounted: counted.get(p.number) ?? 0,
      ...(p.figures ? { figures: { ...p.figures, verdict: verdictWords(p.figures) } } : {}),
      ...(p.comment ? { commented: true } : {}),
    }))
}

function verdictWords(f: PullFigures): { pages: string; percent?: number; site?: number } {
  const v = verdictOf(f.before, f.after)
  const site = siteChange(f)
  const round = (n: number): number => Math.round(n * 10) / 10
  return {
    pages: v.kind === 'change' ? 'change' : v.kind === 'new' ? 'new pages only' : 'too few views to tell',
    ...(v.kind === 'change' ? { percent: round(v.percent) } : {}),
    ...(site !== undefined ? { site: round(site) } : {}),
  }
}

/** What a run measured of the docs pull requests: their memory, the issue's section, the warnings. */
export interface ImpactMeasured {
  state: ImpactState
  /** For the issue's section (without the gaps, which the health run adds). */
  view: Omit<ImpactSectionView, 'gaps' | 'here'>
  /** Said at the top of the issue and the summary (something the user should act on). */
  warnings: string[]
}
