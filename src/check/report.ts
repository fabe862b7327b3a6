import { writePages } from './pages.js'
import type { PullPage } from '../site/pull-pages.js'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Problem, RULE_COUNTED, RULE_TITLES } from './cli-output.js'
import { type Judged, type PlacedProblem, explanation } from './new-known.js'
import { type ViewsWeighed, byReaders } from './readers.js'
import type { SiteConfig } from './docs-folder.js'
import { CHECK_RUN_NAME, MOST_ANNOTATED, checkAnnotations, checkRunWrites, spacingBefore } from './check-run.js'
import type { ChangedFile, PullChange } from '../github/change.js'
import type { GitHubPort } from '../github/port.js'
import type { CheckSettings } from './inputs.js'
import { type CheckView, type FixesOffered, renderCheckSummary } from './summary.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatNumber } from '../util/format.js'
import { external } from '../util/text.js'
import type { ModeContext, Report } from '../modes/context.js'

/** The check's ending: the first new problems annotated, all in problems-json, the summary, the verdict. */

/** GitHub shows 10 error (and 10 warning) annotations a step: the step's own failure line is the tenth. */
export const ANNOTATIONS_SHOWN = 9

export interface CheckOutcome {
  settings: CheckSettings
  ctx: ModeContext
  docsFolder: string
  config: SiteConfig
  pull: PullChange | undefined
  scope: 'new' | 'changed' | 'all'
  judged: Judged[]
  /** Problems in files the pull request does not change (scope: changed). */
  outside: number
  /** The files the pull request changes (repository paths, old names of renamed ones too), where read. */
  changed?: ReadonlySet<string>
  notes: string[]
  /** The check run made on the commit, with how many annotations GitHub took. */
  checkRun?: CheckRunShown
  /** The readers' views the problems were weighed by (api-key and project-id), where they were read. */
  views?: ViewsWeighed
  /** Why the head was not compared with its whole base, where it was not. */
  uncompared?: string
  /** The pull request's pages (pull-pages.ts), where its files were listed. */
  pages?: PullPage[]
  /** The pull request's files with their patches, where the base was compared. */
  files?: ChangedFile[]
  /** Every file the head and the checkout differ in, where their compare was made and listed them all. */
  differing?: ReadonlySet<string>
  /** The fixes offered (offer-fixes.ts), where there was a pull request. */
  fixes?: FixesOffered
}

export interface CheckRunShown {
  url: string
  annotated: number
}

/**
 * The new problems in the order reviewers need them: most readers first where weighed; then those in
 * the files the pull request changes, then those it caused elsewhere, then the rest.
 */
export function forReview(judged: readonly Judged[], changed: ReadonlySet<string> | undefined): Judged[] {
  const rank = (j: Judged): number => (changed?.has(j.problem.path) ? 0 : j.because ? 1 : 2)
  return judged.filter((j) => j.status === 'new').sort((a, b) => byReaders(a, b) || rank(a) - rank(b))
}

/** The first new problems annotated (as many as GitHub shows), every one in problems-json and the outputs. */
export function recordProblems(o: CheckOutcome): void {
  const { settings, ctx, judged } = o
  const fresh = forReview(judged, o.changed)
  const annotate = settings.check.onProblems === 'fail' ? core.error : core.warning
  for (const j of fresh.slice(0, ANNOTATIONS_SHOWN)) {
    const p = j.problem
    annotate(external(annotationText(j), 500), {
      title: RULE_TITLES[p.rule],
      file: p.path,
      ...(p.line !== undefined ? { startLine: p.line } : {}),
      ...(p.column !== undefined ? { startColumn: p.column } : {}),
    })
  }
  ctx.outputs.set('problems', fresh.length)
  ctx.outputs.set('problems-json', writeProblems(o))
  if (o.pull && o.pages)
    ctx.outputs.set(
      'pages-json',
      writePages(ctx.dir, {
        pull: o.pull.number,
        head: o.pull.headSha,
        compared: o.scope === 'new' && o.uncompared === undefined,
        ...(o.views ? { views: { from: o.views.dateFrom, through: o.views.through } } : {}),
        pages: o.pages,
      }),
    )
  sayUnchecked(o)
}

/**
 * What was not checked, said: a page the CLI could not parse has none of its links or images checked.
 * One this pull request changes is a warning at its file, and a line of the summary.
 */
function sayUnchecked(o: CheckOutcome): void {
  if (!o.changed) return
  for (const { problem: p, status } of o.judged) {
    if (p.rule !== 'syntax' || !o.changed.has(p.path)) continue
    const said =
      `${p.path} could not be parsed by the Mintlify CLI${p.line !== undefined ? ` (line ${p.line})` : ''}, ` +
      `so none of its links and none of its images' alt text were checked` +
      (status === 'new' ? '.' : `, and this pull request changes it: what it changed there is not checked.`)
    core.warning(external(said, 500), {
      title: 'Page not checked',
      file: p.path,
      ...(p.line ? { startLine: p.line } : {}),
    })
    o.notes.push(said)
  }
}

/** What an annotation says of a problem: its message, and a renamed or deleted page that explains it. */
const annotationText = ({ problem, because }: Judged): string =>
  `${problem.message}${because ? ` ${explanation(because)}` : ''}`

/**
 * The check run on the commit checked (check-run: auto), every new problem an annotation on the
 * Files tab (50 a request). Where the token cannot create one (a fork's, no checks: write): one
 * notice, and the step's own annotations alone. Undefined when none was made.
 */
export async function publishCheckRun(o: CheckOutcome, report: Report): Promise<CheckRunShown | undefined> {
  const { settings, ctx, pull } = o
  if (settings.check.checkRun === 'off') return undefined
  const sha = pull?.headSha || ctx.run.sha
  if (!sha) return undefined
  const fresh = forReview(o.judged, o.changed)
  const annotations = checkAnnotations(fresh, settings.check.onProblems === 'fail' ? 'failure' : 'warning', (j) => ({
    title: RULE_TITLES[j.problem.rule],
    message: annotationText(j),
  }))
  const title =
    fresh.length > 0
      ? `${count(fresh.length, o.scope === 'new' && pull ? 'new problem' : 'problem')}`
      : o.scope === 'new' && pull
        ? o.uncompared !== undefined
          ? 'No new problem found, its base not compared whole'
          : 'It breaks nothing'
        : 'No problems'
  const [first, ...rest] = checkRunWrites(annotations.slice(0, MOST_ANNOTATED), title, report.summary)
  const level = report.ending?.level
  const conclusion = level === 'failure' ? 'failure' : level === 'warning' ? 'neutral' : 'success'
  const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
  const where = pull ? "on the pull request's Files tab" : 'at its line, on the commit'
  const shows = `a check run shows every new problem ${where}`
  const alone = `The step's own annotations alone show the problems (GitHub shows ${ANNOTATIONS_SHOWN + 1} a step)`
  // no token, no check run: nothing is asked of GitHub that it could only refuse
  if (settings.check.token === '') {
    core.notice(
      `No check run was made: github-token is empty. ${alone}; with a token that has checks: write, ${shows}.`,
    )
    return undefined
  }
  let made: { id: number; url: string }
  let api: GitHubPort
  try {
    api = await ctx.github(settings.check.token)
    made = await api.createCheckRun(repo, {
      name: CHECK_RUN_NAME,
      headSha: sha,
      conclusion,
      output: first ?? { title, summary: report.summary, annotations: [] },
    })
  } catch (error) {
    if (error instanceof CancelledError) throw error
    // 403 and 404: a token without checks: write (a fork's), or a server without the Checks API
    const status = (error as { status?: unknown }).status
    const refused = status === 403 || status === 404
    core.notice(
      `No check run was made: GitHub answered ${external(getErrorMessage(error), 300)}. ${alone}` +
        (refused ? `; with checks: write, ${shows}.` : '.'),
    )
    return undefined
  }
  let annotated = first?.annotations.length ?? 0
  for (const [i, write] of rest.entries()) {
    // paced under GitHub's secondary limit (80 writes a minute), past a first burst; the creation is write 0
    const pause = spacingBefore(i + 1)
    if (pause > 0) await ctx.clock.sleep(pause, ctx.signal)
    try {
      await api.updateCheckRun(repo, made.id, write)
      annotated += write.annotations.length
    } catch (error) {
      if (error instanceof CancelledError) throw error
      core.notice(
        `The check run holds ${count(annotated, 'annotation')} of ${formatNumber(annotations.length)}: GitHub ` +
          `took no more (${external(getErrorMessage(error), 300)}). The job summary and problems-json list them all.`,
      )
      // the summary whole, which only the last write carries, once more without annotations
      if (i < rest.length - 1)
        await api
          .updateCheckRun(repo, made.id, { ...write, summary: rest.at(-1)?.summary ?? '', annotations: [] })
          .catch(() => undefined)
      break
    }
  }
  if (annotations.length > MOST_ANNOTATED)
    core.notice(
      `The check run annotates the first ${formatNumber(MOST_ANNOTATED)} of ${formatNumber(annotations.length)} new ` +
        `problems (GitHub allows 500 writes an hour); the job summary and problems-json list them all.`,
    )
  core.info(`The check run ${CHECK_RUN_NAME}: ${count(annotated, 'annotation')} (${made.url}).`)
  return { url: made.url, annotated }
}

/** The new problems as the agent gets them, in the reviewers' order: what each annotation says. */
export function forTheAgent(judged: readonly Judged[], changed: ReadonlySet<string> | undefined): PlacedProblem[] {
  return forReview(judged, changed).map(({ problem: p, because }) =>
    because
      ? {
          ...p,
          message: `${p.message} ${explanation(because)}${because.redirect ? ` A redirect that keeps it working: ${JSON.stringify(because.redirect)}.` : ''}`,
        }
      : p,
  )
}

/** The summary and how the step ends (the fix's outcome, where there was one, among the notes). */
export function checkEnding(o: CheckOutcome): Report {
  const { settings, pull, scope, judged, outside, notes } = o
  const fresh = forReview(judged, o.changed)
  const known = judged.filter((j) => j.status === 'known')
  const lineless = fresh.some((j) => j.problem.line === undefined)
  const view: CheckView = {
    checked: [...settings.check.checks],
    judged: [...fresh, ...judged.filter((j) => j.status !== 'new')],
    config: o.config,
    scope,
    outside,
    annotated: Math.min(fresh.length, ANNOTATIONS_SHOWN),
    ...(o.checkRun ? { checkRun: o.checkRun, lineless } : {}),
    ...(pull ? { pull: pull.number } : {}),
    ...(o.uncompared !== undefined ? { uncompared: o.uncompared } : {}),
    ...(o.fixes ? { fixes: o.fixes } : {}),
    notes,
  }
  const summary = renderCheckSummary(view)
  const unsure = judged.filter((j) => j.status === 'unsure').length
  const few = judged.filter((j) => j.status === 'few-views').length
  const knownWords =
    (known.length > 0
      ? ` ${count(known.length, 'problem')} from before ${known.length === 1 ? 'is' : 'are'} listed in the summary.`
      : '') +
    (unsure > 0
      ? ` ${count(unsure, 'problem')} that a warning of the CLI's may cause ${unsure === 1 ? 'is' : 'are'} ` +
        `listed as unsure.`
      : '') +
    (few > 0
      ? ` ${count(few, 'address', 'addresses')} that fewer readers visited than min-views ${few === 1 ? 'is' : 'are'} ` +
        `listed, not failing.`
      : '')
  if (fresh.length === 0)
    return {
      summary,
      ending: {
        level: 'notice',
        message: `Docs check passed${pull ? ` for pull request #${pull.number}` : ''}: ${scope === 'new' && pull ? (o.uncompared !== undefined ? 'no new problem found, though its base was not compared whole (the warning above says why)' : 'it breaks nothing') : 'no broken link or accessibility problem'}.${knownWords}${outside > 0 ? ` ${count(outside, 'problem')} elsewhere in the site ` + `${outside === 1 ? 'was' : 'were'} not reported (scope: changed).` : ''}`,
      },
    }
  const at = lineless ? 'at its line, or its file where no line is known,' : 'at its line'
  const shown = o.checkRun
    ? o.checkRun.annotated === fresh.length
      ? `Each is annotated ${at} in the check run ${CHECK_RUN_NAME} (${pull ? "the pull request's Files tab" : "the commit's checks"}).`
      : `The check run ${CHECK_RUN_NAME} annotates ${o.checkRun.annotated} of them; the job ` +
        `summary and problems-json list them all.`
    : annotatedWords(fresh.slice(0, ANNOTATIONS_SHOWN), fresh.length)
  const message =
    `Docs check: ${count(fresh.length, scope === 'new' && pull ? 'new problem' : 'problem')} ` +
    `(${summaryOf(fresh.map((j) => j.problem))}). ${shown}${knownWords}`
  return { summary, ending: { level: settings.check.onProblems === 'fail' ? 'failure' : 'warning', message } }
}

/** Where the annotations are: the first few (GitHub shows no more), at a line or a file; the rest in the table. */
function annotatedWords(annotated: readonly Judged[], all: number): string {
  const lineless = annotated.filter((j) => j.problem.line === undefined).length
  const them = lineless === 1 ? 'it' : 'them'
  if (all > annotated.length) {
    const at =
      lineless === 0
        ? 'at their lines'
        : `at their lines or, ${lineless} with no line known, at ${lineless === 1 ? 'its file' : 'their files'}`
    return (
      `The first ${annotated.length} are annotated ${at} (GitHub shows no more a step); ` +
      `the job summary and problems-json list them all.`
    )
  }
  if (lineless === 0) return 'Each is annotated at its line.'
  if (lineless === annotated.length) return `Each is annotated at its file: no line is known for ${them}.`
  return `Each is annotated at its line, or at its file where no line is known (${lineless} of ${annotated.length}).`
}

/** problems-json: every problem, new or known, with what was checked; its path. */
function writeProblems(o: CheckOutcome): string {
  const { settings, ctx, docsFolder, config, pull, scope, judged, outside, views } = o
  const file = join(ctx.dir, 'mintlify-check.json')
  const problems = judged.map(({ problem: p, status, because, readers }) => ({
    status,
    rule: p.rule,
    file: p.path,
    line: p.line,
    column: p.column,
    target: p.target,
    message: p.message,
    ...(because ? { change: because.change, redirect: because.redirect } : {}),
    ...(p.fix ? { redirect: p.fix } : {}),
    ...(readers ? { views: readers.views, ...(readers.atMost ? { viewsAtMost: true } : {}) } : {}),
  }))
  const body = {
    docs: docsFolder || '.',
    config,
    checked: [...settings.check.checks],
    scope,
    ...(pull ? { pull: pull.number, head: pull.headSha } : {}),
    ...(views ? { views: { from: views.dateFrom, through: views.through, minViews: views.minViews } } : {}),
    problems,
    outside,
  }
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`)
  return file
}

/** The problems by rule, each counted in words that agree with it: `1,024 broken links, 1 page not parsed`. */
function summaryOf(problems: readonly Problem[]): string {
  const by = new Map<Problem['rule'], number>()
  for (const p of problems) by.set(p.rule, (by.get(p.rule) ?? 0) + 1)
  return [...by].map(([rule, n]) => count(n, ...RULE_COUNTED[rule])).join(', ')
}
