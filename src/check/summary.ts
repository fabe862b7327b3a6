import { type Problem, RULE_TITLES } from './cli-output.js'
import { CHECK_RUN_NAME } from './check-run.js'
import type { Judged } from './new-known.js'
import { byReaders } from './readers.js'
import type { SiteConfig } from './docs-folder.js'
import { count, formatNumber } from '../util/format.js'
import { fenced } from '../util/text.js'
import { alert, escapeText, link } from '../summary/escape.js'
import { addTo } from '../util/collections.js'

/** The fixes offered on a pull request (offer-fixes.ts). */
export interface FixesOffered {
  review?: { url: string; suggestions: number; fixes: number }
  patch?: { path: string; files: string[]; fixes: number }
  /** Fixes known and not offered: their new text could write more than an address, or outside the docs folder. */
  refused?: string[]
}

export interface CheckView {
  checked: string[]
  /** Every problem found, new or known (known: the base has it too). */
  judged: Judged[]
  scope?: 'new' | 'changed' | 'all'
  /** Problems in files the pull request does not change, not reported (scope: changed). */
  outside?: number
  /** The site's configuration file, where its redirects go. */
  config?: SiteConfig
  /** The check run that annotates the new problems, where one was made. */
  checkRun?: { url: string; annotated: number }
  /** Some new problem has no line (the check run annotates it at its file). */
  lineless?: boolean
  /** How many of the new problems are annotated (GitHub shows a few a step). */
  annotated?: number
  /** The pull request checked. */
  pull?: number
  notes?: string[]
  /** The check could not reach a verdict. */
  failure?: string
  /** Why the head was not compared with its whole base (shown first), where it was not. */
  uncompared?: string
  /** The fixes offered on the pull request: its review's suggestions and the patch. */
  fixes?: FixesOffered
}

/** The rows each table shows at most (every problem is in problems-json): the summary stays small. */
const MAX_ROWS = 100

/** A rule as the summary's tables say it: its title as a sentence has it (`broken link`, `API page …`). */
const ruleWords = (rule: Problem['rule']): string => {
  const title = RULE_TITLES[rule]
  return /^[A-Z]{2}/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1)
}

/** How many readers a problem has, as a table cell: `12,400`, `at most 3` (not among the pages the service sent), or `—`. */
export function viewsCell(readers: Judged['readers']): string {
  if (!readers) return '—'
  return `${readers.atMost ? 'at most ' : ''}${formatNumber(readers.views)}`
}

/** What a problem that does not fail is, in the table's words. */
const NOT_FAILING: Record<Exclude<Judged['status'], 'new'>, string> = {
  known: 'known',
  unsure: 'unsure',
  'few-views': 'few views',
}

/** The problems that fail, or (`notFailing`) those that do not, as a table, with their readers where weighed. */
function table(judged: readonly Judged[], notFailing = false): string {
  const weighed = judged.some((j) => j.readers)
  const rows = judged.slice(0, MAX_ROWS).map(({ problem: p, because, status, readers }) => {
    const where = p.line !== undefined ? `${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : '—'
    const why = because
      ? ` (${escapeText(because.change.from, 200)} ` +
        `${because.change.to !== undefined ? `→ ${escapeText(because.change.to, 200)}` : 'deleted'} ` +
        `in this pull request)`
      : ''
    const rule = status !== 'new' ? `${ruleWords(p.rule)} (${NOT_FAILING[status]})` : ruleWords(p.rule)
    const views = weighed ? ` ${viewsCell(readers)} |` : ''
    // a message is cut at 300 characters, but never inside the redirect it says to paste
    const paste = p.fix ? JSON.stringify(p.fix) : ''
    const room = Math.max(300, paste && p.message.includes(paste) ? p.message.indexOf(paste) + paste.length + 1 : 0)
    return `| ${escapeText(p.path, 200)} | ${where} | ${rule} |${views} ${escapeText(p.message, room)}${why} |`
  })
  const more = judged.length > MAX_ROWS ? `\n\n${formatNumber(judged.length - MAX_ROWS)} more in problems-json.` : ''
  const columns = [
    'File',
    'Line',
    notFailing ? 'Problem, not failing' : 'Problem',
    ...(weighed ? ['Views, 30 days'] : []),
    'Details',
  ]
  return `| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|\n${rows.join('\n')}${more}`
}

/** The fix for links to pages this pull request renamed or deleted: the redirects to paste, the links to change. */
function renameFixes(fresh: readonly Judged[], config: SiteConfig): string {
  const explained = fresh.filter((j) => j.because)
  const redirects = new Map<string, { source: string; destination: string }>()
  for (const j of fresh) {
    const fix = j.because?.redirect ?? (j.problem.rule === 'lost-address' ? j.problem.fix : undefined)
    if (fix) redirects.set(fix.source, fix)
  }
  const lost = lostAddresses(fresh)
  if (explained.length === 0 && redirects.size === 0 && lost === '') return ''
  const links = explained.slice(0, MAX_ROWS).map(({ problem: p }) => {
    const where = p.line !== undefined ? `:${p.line}` : ''
    return `- ${escapeText(`${p.path}${where}`, 220)}: ${escapeText(p.target ?? '', 200)}`
  })
  const paste =
    redirects.size > 0
      ? `\n\n${explained.length > 0 ? 'Or keep' : 'Keep'} the old addresses working: add ` +
        `${redirects.size === 1 ? 'this redirect' : `these ${formatNumber(redirects.size)} redirects`} to \`redirects\` in ${config}:\n\n${fenced([...redirects.values()].map((r) => JSON.stringify(r)).join(',\n'), 'json')}`
      : ''
  const listed = explained.length > MAX_ROWS ? ` (the first ${MAX_ROWS} here; all are in problems-json)` : ''
  const change =
    explained.length > 0
      ? `Change the ${count(explained.length, 'link')} that ${explained.length === 1 ? 'points' : 'point'} to them${listed}:\n\n${links.join('\n')}`
      : "No link of the site points to them any more, but readers' bookmarks, search results and other sites do."
  return `\n\n#### Pages this pull request renamed or deleted\n\n${change}${lost}${paste}\n`
}

/** The addresses readers use that no longer answer, grouped by their first folder (a renamed language folder is one group). */
function lostAddresses(fresh: readonly Judged[]): string {
  const lost = fresh.filter((j) => j.problem.rule === 'lost-address')
  if (lost.length === 0) return ''
  const groups = new Map<string, Judged[]>()
  for (const j of lost) {
    const address = j.problem.target ?? ''
    const folder = /^\/[^/]+\//.exec(address)?.[0] ?? address
    addTo(groups, folder, j)
  }
  const lines = [...groups].slice(0, MAX_ROWS).map(([folder, group]) => {
    const addresses = group.map((j) => j.problem.target ?? '')
    const read = readersWords(group)
    return addresses.length === 1
      ? `- ${escapeText(addresses[0] ?? '', 200)}${read}`
      : `- ${escapeText(folder, 200)}…: ${count(addresses.length, 'address', 'addresses')} (${addresses
          .slice(0, 3)
          .map((a) => escapeText(a, 100))
          .join(', ')}${addresses.length > 3 ? ', …' : ''})${read}`
  })
  return `\n\nThe ${count(lost.length, 'address', 'addresses')} the base serves that the head no longer answers${lost.some((j) => j.readers) ? ', most read first' : ''}:\n\n${lines.join('\n')}`
}

/** The views of a group of lost addresses, where they were weighed: `: 12,400 views in 30 days, no redirect`. */
function readersWords(group: readonly Judged[]): string {
  const weighed = group.filter((j) => j.readers)
  if (weighed.length === 0) return ''
  const sum = (of: readonly Judged[]): number => of.reduce((n, j) => n + (j.readers?.views ?? 0), 0)
  const exact = weighed.filter((j) => !j.readers?.atMost)
  // an address not weighed adds views no one knows (the exact ones are a floor); one not among the
  // rows the service sent adds at most its bound (all of them together, a ceiling)
  const [bound, views] =
    weighed.length < group.length
      ? ['at least ', sum(exact)]
      : exact.length < weighed.length
        ? ['at most ', sum(weighed)]
        : ['', sum(weighed)]
  return `: ${bound}${count(views, 'view')} in 30 days, no redirect`
}

/** How many of the new problems are annotated and listed here, and where the rest are. */
function whereListed(view: CheckView, fresh: number): string {
  const run = view.checkRun
  const at = view.lineless ? 'at its line, or its file where no line is known,' : 'at its line'
  const annotated = run
    ? `${run.annotated === fresh ? `Each is annotated ${at}` : `${formatNumber(run.annotated)} of them are annotated`} ` +
      `in the check run [${CHECK_RUN_NAME}](${run.url}), ${view.pull !== undefined ? "on the pull request's Files tab" : 'on the commit'}. `
    : view.annotated !== undefined && view.annotated < fresh
      ? `The first ${formatNumber(view.annotated)} are annotated (GitHub shows no more a step). `
      : ''
  const listed =
    fresh > MAX_ROWS
      ? `The table shows the first ${MAX_ROWS}; all ${formatNumber(fresh)} are in problems-json.`
      : annotated
        ? `All ${formatNumber(fresh)} are in the table and in problems-json.`
        : ''
  return annotated || listed ? `\n\n${annotated}${listed}` : ''
}

export function renderCheckSummary(view: CheckView): string {
  const what = `Checked: ${view.checked.map((c) => escapeText(c, 40)).join(', ')}.`
  if (view.failure) return `### ❌ Docs check: no verdict\n\n${alert('CAUTION', view.failure, 1500)}\n\n${what}\n`
  const fresh = view.judged.filter((j) => j.status === 'new')
  const known = view.judged.filter((j) => j.status === 'known')
  const against = view.pull !== undefined && view.scope === 'new'
  const scope =
    view.pull === undefined
      ? ''
      : view.scope === 'changed'
        ? ` The files of pull request #${view.pull}${view.outside ? ` (${count(view.outside, 'problem')} elsewhere not reported)` : ''}.`
        : view.scope === 'new'
          ? ` Pull request #${view.pull} against its base: what it broke, anywhere in the site.`
          : ` Pull request #${view.pull}: the whole site.`
  const notes = (view.notes ?? []).map((n) => `\n${escapeText(n, 400)}\n`).join('')
  const unsure = view.judged.filter((j) => j.status === 'unsure')
  const few = view.judged.filter((j) => j.status === 'few-views').sort(byReaders)
  // the most useful first: what breaks a reader's way (links, redirects) before a page not parsed
  known.sort((a, b) => Number(a.problem.rule === 'syntax') - Number(b.problem.rule === 'syntax'))
  // one table of what does not fail: unsure first (a warning of the CLI's may cause them), then
  // the addresses few readers visited, then known
  const parts = [
    ...(unsure.length > 0 ? [`${count(unsure.length, 'problem')} that a warning of the CLI's may cause (unsure)`] : []),
    ...(few.length > 0
      ? [`${count(few.length, 'address', 'addresses')} fewer readers visited than min-views (few views)`]
      : []),
    ...(known.length > 0 ? [`${count(known.length, 'problem')} from before this pull request (known)`] : []),
  ]
  const knownPart =
    parts.length > 0
      ? `\n\n<details><summary>${parts.join(', ')}: not failing</summary>\n\n` +
        `${table([...unsure, ...few, ...known], true)}\n\n</details>\n`
      : ''
  const uncompared = view.uncompared !== undefined ? `${alert('WARNING', view.uncompared, 600)}\n\n` : ''
  if (fresh.length === 0)
    return `### ✅ Docs check passed\n\n${uncompared}${what}${scope}${against && !uncompared ? ' It breaks nothing.' : ''}\n${knownPart}${notes}`
  return `### ❌ Docs check: ${count(fresh.length, against ? 'new problem' : 'problem')}\n\n${uncompared}${what}${scope}${whereListed(view, fresh.length)}\n\n${table(fresh)}${renameFixes(fresh, view.config ?? 'docs.json')}\n${fixesPart(view.fixes)}${knownPart}${notes}`
}

/** The fixes offered, in a few lines: the review's suggestions, and the patch and how to apply it. */
function fixesPart(fixes: FixesOffered | undefined): string {
  if (!fixes || (!fixes.review && !fixes.patch && !fixes.refused?.length)) return ''
  const refused = fixes.refused ?? []
  const lines: string[] = []
  if (fixes.review)
    lines.push(
      `- ${count(fixes.review.fixes, 'fix', 'fixes')} as ${link(fixes.review.url, `${count(fixes.review.suggestions, 'suggested change')} in the review`)}: each one click to commit.`,
    )
  if (fixes.patch) {
    const named = fixes.patch.files.slice(0, PATCH_FILES).map((f) => escapeText(f, 200))
    const more = fixes.patch.files.length - named.length
    lines.push(
      `- ${count(fixes.patch.fixes, 'fix', 'fixes')} in the patch the output fixes-patch names, against the head ` +
        `(\`git apply\` on the pull request's branch): ${named.join(', ')}${more > 0 ? ` and ${count(more, 'more file')}` : ''}.`,
    )
  }
  for (const why of refused.slice(0, PATCH_FILES)) lines.push(`- ${escapeText(why, 400)}`)
  if (refused.length > PATCH_FILES)
    lines.push(`- ${count(refused.length - PATCH_FILES, 'more fix', 'more fixes')} not offered.`)
  return `\n**Fixes the check knows**\n\n${lines.join('\n')}\n`
}

/** At most this many of the patch's files are named in the summary. */
const PATCH_FILES = 20
