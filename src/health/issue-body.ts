import { callersLine } from '../summary/callers.js'
import { answerText } from './answer-text.js'
import { type GapKind, type GapRecord, KIND_NAMES, closedGaps } from './gaps.js'
import { type WeekTotals, weekBefore } from './weeks.js'
import { HEALTH_MARKER, type HealthState, type ImpactState, encodeHealthState, encodeImpactState } from './memory.js'
import type { ModeContext } from '../modes/context.js'
import { renderUsage } from '../summary/usage.js'
import type { ImpactMeasured } from './impact-report.js'
import { type ImpactSectionView, renderImpactSection } from './impact-report.js'
import { keptWeeks } from './impact.js'
import type { Here } from '../github/pull-link.js'
import { count, formatNumber, formatSignedPercent, formatTime } from '../util/format.js'
import { alert, escapeText, link, prLinkText } from '../summary/escape.js'

/**
 * The docs-health issue's body and the run's summary: the trend (a chart, and its numbers in a
 * table), the gaps, what the agent did, what the run spent, and the hidden state, under GitHub's
 * 65,536 characters.
 */

/** GitHub refuses an issue body over 65,536 characters; the body stays well under. */
export const BODY_LIMIT = 60_000
const ROWS = 20

export interface HealthView {
  projectId: string
  runUrl: string | undefined
  now: number
  weeks: WeekTotals[]
  /** Weeks the trend should show; fewer when some are still missing. */
  weeksWanted: number
  /** The week the gaps are from (its Monday), and whether each list was read whole. */
  gapWeek: string
  complete: Record<GapKind, boolean>
  fresh: GapRecord[]
  persisting: GapRecord[]
  gone: GapRecord[]
  /** Every record with a job, newest first. */
  jobs: GapRecord[]
  notes: string[]
  /** The usage line (summary/usage.ts) of what this run spent. */
  usage: string
  here?: Here
  /** "What the changes did" (impact: on). */
  impact?: ImpactSectionView
  /** Whether the run searches the site (assistant-key and domain): the jobs' table says what the search answers. */
  answers?: boolean
}

/** What the issue shows of this run beside its gaps: fixed once the run has read and measured. */
export interface HealthPage {
  shown: Pick<HealthView, 'weeks' | 'weeksWanted' | 'gapWeek' | 'complete' | 'here' | 'answers'>
  changes: Record<'fresh' | 'persisting' | 'gone', readonly GapRecord[]>
  impact: ImpactMeasured | undefined
}

/** The issue's view of this run: the gaps by what happened to them this week, the jobs, the impact. */
export function viewOf(
  page: HealthPage,
  records: readonly GapRecord[],
  run: Pick<HealthView, 'projectId' | 'notes'> & { ctx: ModeContext },
): HealthView {
  const among = (list: readonly GapRecord[]) => {
    const keys = new Set(list.map((r) => r.key))
    return records.filter((r) => keys.has(r.key))
  }
  const { impact, shown } = page
  return {
    ...shown,
    projectId: run.projectId,
    runUrl: run.ctx.run.runUrl,
    notes: run.notes,
    now: run.ctx.clock.now(),
    fresh: among(page.changes.fresh),
    persisting: among(page.changes.persisting),
    gone: among(page.changes.gone),
    jobs: records.filter((r) => r.job).reverse(),
    usage: renderUsage(run.ctx.usage()),
    ...(impact ? { impact: { ...impact.view, gaps: closedGaps(records), here: shown.here } } : {}),
  }
}

const WEIGHT: Record<GapKind, string> = { search: 'searches', question: 'times asked', page: 'thumbs down' }

const weekLabel = (start: string): string => start.slice(5)

function trend(weeks: readonly WeekTotals[], wanted: number): string {
  if (weeks.length === 0) return 'No week is fetched yet: the next run fetches them.'
  const chart = [
    '```mermaid',
    'xychart-beta',
    '  title "Unique visitors per week: human (first line), AI (second)"',
    `  x-axis [${weeks.map((w) => `"${weekLabel(w.start)}"`).join(', ')}]`,
    '  y-axis "Visitors"',
    `  line [${weeks.map((w) => w.human).join(', ')}]`,
    `  line [${weeks.map((w) => w.ai).join(', ')}]`,
    '```',
  ].join('\n')
  const rows = [...weeks]
    .reverse()
    .map(
      (w) =>
        `| ${w.start} | ${formatNumber(w.human)} | ${formatNumber(w.ai)} | ` +
        `${formatNumber(w.visitors)} | ${formatNumber(w.views)} |`,
    )
  const table = ['| Week of | Human | AI | Visitors | Page views |', '|---|---:|---:|---:|---:|', ...rows].join('\n')
  const parts = [chart, table]
  const line = lastWeekLine(weeks)
  if (line) parts.push(line)
  const [last, before] = [weeks.at(-1), weeks.at(-2)]
  if (last?.callers)
    parts.push(
      callersLine(
        `the week of ${last.start}`,
        last.callers,
        before && before.start === weekBefore(last.start) ? before.callers : undefined,
      ),
    )
  if (weeks.length < wanted) parts.push(`${count(weeks.length, 'week', 'weeks')} of ${formatNumber(wanted)} so far.`)
  parts.push('<sub>Visitors are deduplicated across human and AI traffic, so they are not human + AI.</sub>')
  return parts.join('\n\n')
}

/** The last week against the one before, when the trend has both. */
function lastWeekLine(weeks: readonly WeekTotals[]): string {
  const [last, before] = [weeks.at(-1), weeks.at(-2)]
  return last && before && before.start === weekBefore(last.start)
    ? `**The week of ${last.start}** against the week before: ${movers(last, before)}.`
    : ''
}

function change(now: number, before: number): string {
  const diff = now - before
  const percent = before > 0 ? ` (${formatSignedPercent((now - before) / before)})` : ''
  return diff === 0 ? '＝ 0' : `${diff > 0 ? '▲ +' : '▼ '}${formatNumber(diff)}${percent}`
}

/** The week's movers: each series against the week before. */
function movers(last: WeekTotals, before: WeekTotals): string {
  return [
    `visitors ${formatNumber(last.visitors)} ${change(last.visitors, before.visitors)}`,
    `human ${change(last.human, before.human)}`,
    `AI ${change(last.ai, before.ai)}`,
    `page views ${formatNumber(last.views)} ${change(last.views, before.views)}`,
  ].join(', ')
}

function gapTable(
  title: string,
  records: readonly GapRecord[],
  columns: Array<[string, (r: GapRecord) => string]>,
): string {
  if (records.length === 0) return ''
  const shown = records.slice(0, ROWS)
  const head = `| Gap | ${columns.map(([name]) => name).join(' | ')} |`
  const align = `|---|${columns.map(() => '---').join('|')}|`
  const rows = shown.map(
    (r) => `| ${KIND_NAMES[r.kind]}: ${escapeText(r.text, 150)} | ${columns.map(([, cell]) => cell(r)).join(' | ')} |`,
  )
  const more = records.length > shown.length ? `\n\n… and ${formatNumber(records.length - shown.length)} more.` : ''
  return `**${title}** (${formatNumber(records.length)})\n\n${[head, align, ...rows].join('\n')}${more}`
}

function jobCell(r: GapRecord, here: Here | undefined): string {
  if (!r.job) return '—'
  const pr = r.job.prLink ? ` · ${prLinkText(r.job.prLink, here)}${r.job.merged ? ' (merged)' : ''}` : ''
  return `${r.job.id ? escapeText(r.job.id, 80) : 'not confirmed'} (${escapeText(r.job.status, 40)})${pr}`
}

function gaps(view: HealthView): string {
  const weight = (r: GapRecord): string => `${formatNumber(r.weight)} ${WEIGHT[r.kind]}`
  const incomplete = (['search', 'question', 'page'] as const).filter((k) => !view.complete[k])
  const parts = [
    `Readers' gaps in the week of ${view.gapWeek}: ${formatNumber(view.fresh.length)} ` +
      `new, ${formatNumber(view.persisting.length)} persisting, ` +
      `${formatNumber(view.gone.length)} gone since the last run.` +
      (incomplete.length > 0
        ? ` Not read whole this run (so none of theirs is called gone): ${incomplete.map((k) => KIND_NAMES[k].toLowerCase()).join(', ')}.`
        : ''),
    gapTable('New', view.fresh, [['This week', weight]]),
    gapTable('Persisting', view.persisting, [
      ['This week', weight],
      ['Since', (r) => r.firstSeen],
      ['Weeks in a row', (r) => formatNumber(r.runs)],
      ['Agent job', (r) => jobCell(r, view.here)],
    ]),
    gapTable('Gone since the last run', view.gone, [
      ['Seen', (r) => `${r.firstSeen} to ${r.lastSeen}`],
      [
        'Closed by',
        (r) =>
          r.job?.prLink && r.job.merged
            ? `${prLinkText(r.job.prLink, view.here)}, merged`
            : r.job
              ? jobCell(r, view.here)
              : '—',
      ],
    ]),
  ]
  return parts.filter(Boolean).join('\n\n')
}

function agentPart(view: HealthView): string {
  if (view.jobs.length === 0)
    return (
      'No agent job yet. With `agent: persisting`, a gap seen two weeks in a row becomes ' +
      'one (one job per gap, ever).'
    )
  const shown = view.jobs.slice(0, ROWS)
  const status = (r: GapRecord): string =>
    r.gone !== undefined
      ? r.job?.merged
        ? `gone after the pull request merged (${r.gone})`
        : `gone (${r.gone})`
      : 'still seen'
  // with the search API: what the site's search answers the gap's query, before and once the change is live
  const search = (r: GapRecord): string => (view.answers ? ` ${r.job ? answerText(r.job) : '—'} |` : '')
  const rows = shown.map(
    (r) =>
      `| ${KIND_NAMES[r.kind]}: ${escapeText(r.text, 150)} | ${jobCell(r, view.here)} | ${status(r)} |${search(r)}`,
  )
  const head = view.answers
    ? ['| Gap | Job | The gap now | The search now |', '|---|---|---|---|']
    : ['| Gap | Job | The gap now |', '|---|---|---|']
  return (
    [...head, ...rows].join('\n') +
    (view.jobs.length > shown.length ? `\n\n… and ${formatNumber(view.jobs.length - shown.length)} more.` : '')
  )
}

/** The issue's title. */
export function healthTitle(projectId: string): string {
  return `Docs health: ${projectId.slice(0, 100)}`
}

function renderBody(view: HealthView, state: HealthState, impact: ImpactState | undefined): string {
  const visitors = trend(view.weeks, view.weeksWanted)
  const readers = gaps(view)
  const agent = agentPart(view)
  const parts = [
    HEALTH_MARKER,
    `## 📈 Docs health: ${escapeText(view.projectId, 100)}`,
    `<sub>Updated ${formatTime(view.now)}${view.runUrl ? ` by ${link(view.runUrl, 'this run')}` : ''}. ` +
      `Weeks run Monday to Monday, UTC. Kept by the Mintlify docs health action: edits to ` +
      `this text are overwritten.</sub>`,
    ...view.notes.map((n) => alert('NOTE', n, 600)),
    '### Visitors, week by week',
    visitors,
    '### What readers could not find',
    readers,
    '### What the agent did',
    agent,
    ...(view.impact && impact
      ? ['### What the changes did', renderImpactSection({ ...view.impact, pulls: impact.pulls })]
      : []),
    view.usage,
    encodeHealthState(state),
    ...(impact ? [encodeImpactState(impact)] : []),
  ]
  return `${parts.join('\n\n')}\n`
}

/** The body within BODY_LIMIT: gone gaps without a job forgotten first, then with one, then the lightest. */
export function renderHealthBody(
  view: HealthView,
  state: HealthState,
  impact?: ImpactState,
): { body: string; state: HealthState; impact?: ImpactState } {
  let kept = state
  let impactKept = impact
  let body = renderBody(view, kept, impactKept)
  // first the weeks kept only for measured pull requests (their figures stay), then the measured
  // pull requests themselves, oldest first; those being measured are kept
  if (body.length > BODY_LIMIT && impactKept) {
    const measuring = impactKept.pulls.filter((p) => !p.figures)
    impactKept = { ...impactKept, weeks: keptWeeks(measuring, impactKept.weeks, impactKept.impactWeeks) }
    body = renderBody(view, kept, impactKept)
    const measured = impactKept.pulls.filter((p) => p.figures).sort((a, b) => a.mergedAt.localeCompare(b.mergedAt))
    while (body.length > BODY_LIMIT && measured.length > 0) {
      const drop = new Set(measured.splice(0, Math.max(1, Math.ceil(measured.length / 10))))
      impactKept = { ...impactKept, pulls: impactKept.pulls.filter((p) => !drop.has(p)) }
      body = renderBody(view, kept, impactKept)
    }
  }
  const order = (r: GapRecord): number => (r.gone !== undefined ? (r.job ? 1 : 0) : 2)
  const droppable = [...state.gaps].sort(
    (a, b) => order(a) - order(b) || (a.gone ?? a.lastSeen).localeCompare(b.gone ?? b.lastSeen) || a.weight - b.weight,
  )
  while (body.length > BODY_LIMIT && droppable.length > 0) {
    const drop = new Set(droppable.splice(0, Math.max(1, Math.ceil(droppable.length / 10))))
    kept = { ...kept, gaps: kept.gaps.filter((g) => !drop.has(g)) }
    body = renderBody(view, kept, impactKept)
  }
  return { body, state: kept, ...(impactKept ? { impact: impactKept } : {}) }
}

/** The job summary: what changed, and where the issue is. */
export function renderHealthSummary(
  view: HealthView,
  issue: { number: number; url: string } | undefined,
  started: string[],
): string {
  const head = issue
    ? `### 📈 Docs health: ${link(issue.url, `issue #${issue.number}`)}`
    : '### ❌ Docs health: the issue could not be written'
  const last = view.weeks.at(-1)
  const lines = [
    head,
    ...view.notes.map((n) => alert('NOTE', n, 600)),
    lastWeekLine(view.weeks) ||
      `${count(view.weeks.length, 'week', 'weeks')} in the trend${last ? `, the latest the week of ${last.start}: ${formatNumber(last.visitors)} visitors, ` + `${formatNumber(last.views)} page views` : ''}.`,
    `Gaps in the week of ${view.gapWeek}: ${formatNumber(view.fresh.length)} new, ` +
      `${formatNumber(view.persisting.length)} persisting, ` +
      `${formatNumber(view.gone.length)} gone since the last run.`,
    view.impact ? impactLine(view.impact) : '',
    started.length > 0 ? `Agent jobs started this run: ${started.map((id) => escapeText(id, 80)).join(', ')}.` : '',
    // one line in the summary, not one per gap: what the search API would add
    !view.answers && view.jobs.length > 0
      ? '<sub>With `assistant-key` and `domain`, each gap a job works on is searched on the live site when ' +
        'the job starts and once its pull request has shipped: the issue would say whether the search now ' +
        'finds a page it changed (answered), other pages (moved) or nothing new (still missing).</sub>'
      : '',
    issue ? '' : `The gaps and the trend are below as they would have been written.\n\n${gaps(view)}`,
  ]
  return `${lines.filter(Boolean).join('\n\n')}\n`
}

/** The health run's summary when it could not even find its issue: what went wrong, escaped. */
export function renderHealthFailure(message: string): string {
  return `### ❌ Docs health\n\n${escapeText(message, 600)}\n`
}

/** The summary's line about the docs changes: how many are measured, and being measured. */
function impactLine(impact: ImpactSectionView): string {
  const measured = impact.pulls.filter((p) => p.figures).length
  const measuring = impact.pulls.length - measured
  if (impact.pulls.length === 0)
    return 'Docs changes: no docs pull request that changed a page merged in the weeks of the trend.'
  return (
    `Docs changes: ${formatNumber(measured)} measured, ${formatNumber(measuring)} being ` +
    `measured (${formatNumber(impact.weeks)} weeks before and after each merge week); ` +
    `the figures are in the issue.`
  )
}
