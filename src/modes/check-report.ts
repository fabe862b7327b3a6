import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Problem } from '../check/cli-output.js'
import { type Judged, type PlacedProblem, explanation } from '../check/new-known.js'
import type { SiteConfig } from '../check/site-tree.js'
import type { PullChange } from '../github/change.js'
import type { CheckSettings } from '../inputs/settings.js'
import { type CheckView, renderCheckSummary } from '../summary/check-summary.js'
import * as core from '../util/actions-core.js'
import { count } from '../util/format.js'
import { external } from '../util/text.js'
import type { ModeContext, Report } from './context.js'

/**
 * The check's ending, from its judged problems: the first new ones annotated (as many as GitHub
 * shows), every one in problems-json, what the agent gets, the summary, and how the step ends.
 */

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
  notes: string[]
}

/** The first new problems annotated (as many as GitHub shows), every one in problems-json and the outputs. */
export function recordProblems(o: CheckOutcome): void {
  const { settings, ctx, judged } = o
  const fresh = judged.filter((j) => j.status === 'new')
  const annotate = settings.check.onProblems === 'fail' ? core.error : core.warning
  for (const { problem: p, because } of fresh.slice(0, ANNOTATIONS_SHOWN))
    annotate(external(`${p.message}${because ? ` ${explanation(because)}` : ''}`, 500), {
      title: TITLES[p.rule],
      file: p.path,
      ...(p.line !== undefined ? { startLine: p.line } : {}),
      ...(p.column !== undefined ? { startColumn: p.column } : {}),
    })
  ctx.outputs.set('problems', fresh.length)
  ctx.outputs.set('problems-json', writeProblems(o))
}

/** The new problems as the agent gets them: what the annotation says, a renamed page's redirect included. */
export function forTheAgent(judged: readonly Judged[]): PlacedProblem[] {
  return judged
    .filter((j) => j.status === 'new')
    .map(({ problem: p, because }) =>
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
  const fresh = judged.filter((j) => j.status === 'new')
  const known = judged.filter((j) => j.status === 'known')
  const view: CheckView = {
    checked: [...settings.check.checks],
    judged,
    scope,
    outside,
    annotated: Math.min(fresh.length, ANNOTATIONS_SHOWN),
    ...(pull ? { pull: pull.number } : {}),
    notes,
  }
  const summary = renderCheckSummary(view)
  const knownWords =
    known.length > 0
      ? ` ${count(known.length, 'problem')} from before ${known.length === 1 ? 'is' : 'are'} listed in the summary.`
      : ''
  if (fresh.length === 0)
    return {
      summary,
      ending: {
        level: 'notice',
        message: `Docs check passed${pull ? ` for pull request #${pull.number}` : ''}: ${scope === 'new' && pull ? 'it breaks nothing' : 'no broken link or accessibility problem'}.${knownWords}${outside > 0 ? ` ${count(outside, 'problem')} elsewhere in the site ` + `${outside === 1 ? 'was' : 'were'} not reported (scope: changed).` : ''}`,
      },
    }
  const shown =
    fresh.length > ANNOTATIONS_SHOWN
      ? `The first ${ANNOTATIONS_SHOWN} are annotated at their lines (GitHub shows no more ` +
        `a step); the job summary and problems-json list them all.`
      : 'Each is annotated at its line.'
  const message =
    `Docs check: ${count(fresh.length, scope === 'new' && pull ? 'new problem' : 'problem')} ` +
    `(${summaryOf(fresh.map((j) => j.problem))}). ${shown}${knownWords}`
  return { summary, ending: { level: settings.check.onProblems === 'fail' ? 'failure' : 'warning', message } }
}

/** problems-json: every problem, new or known, with what was checked; its path. */
function writeProblems({ settings, ctx, docsFolder, config, pull, scope, judged, outside }: CheckOutcome): string {
  const file = join(ctx.dir, 'mintlify-check.json')
  const problems = judged.map(({ problem: p, status, because }) => ({
    status,
    rule: p.rule,
    file: p.path,
    line: p.line,
    column: p.column,
    target: p.target,
    message: p.message,
    ...(because ? { change: because.change, redirect: because.redirect } : {}),
  }))
  const body = {
    docs: docsFolder || '.',
    config,
    checked: [...settings.check.checks],
    scope,
    ...(pull ? { pull: pull.number, head: pull.headSha } : {}),
    problems,
    outside,
  }
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`)
  return file
}

const TITLES: Record<Problem['rule'], string> = {
  'broken-link': 'Broken link',
  'broken-redirect': 'Broken redirect',
  'missing-alt': 'Image without alt text',
  accessibility: 'Accessibility',
  contrast: 'Colour contrast',
  syntax: 'Page not parsed',
  build: 'Build',
}

function summaryOf(problems: readonly Problem[]): string {
  const by = new Map<string, number>()
  for (const p of problems) by.set(TITLES[p.rule].toLowerCase(), (by.get(TITLES[p.rule].toLowerCase()) ?? 0) + 1)
  return [...by].map(([what, n]) => `${n} ${what}`).join(', ')
}
