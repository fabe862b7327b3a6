import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { type Problem, type Reading, plainLines, readAccessibility, readBrokenLinks } from '../check/cli-output.js'
import { findDocsFolder, repositoryPath } from '../check/docs-site.js'
import { readChangeEvent } from '../github/change.js'
import { placesOf, redirectPlaces } from '../check/locate.js'
import { type Ran, cliEnvironment, ensureCli, runProgram } from '../check/mint-cli.js'
import type { Check, CheckSettings } from '../inputs/settings.js'
import { type CheckView, type ReportedProblem, renderCheckSummary } from '../summary/check-summary.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatDuration } from '../util/format.js'
import { external } from '../util/text.js'
import { fixOnAgentPull } from './check-fix.js'
import type { ModeContext, Report } from './context.js'

/**
 * `check`: the docs checked by the real Mintlify CLI (broken links, anchors, redirects and snippets;
 * images without alt text and the theme colours' contrast; the build where the runner has the
 * network). The CLI's output is read, never its exit code alone: an output that cannot be read, or
 * one that says the check itself failed, fails the step as such. Each problem is an annotation at its
 * file, line and column (a broken link's line found in the file), the job summary has them all, and
 * on a pull request only the files it changes are reported unless scope is all. No API key: a fork's
 * pull request is checked as any other.
 */

const LINK_FLAGS: Array<[Check, string]> = [
  ['anchors', '--check-anchors'],
  ['redirects', '--check-redirects'],
  ['snippets', '--check-snippets'],
  ['external', '--check-external'],
]

export async function run(settings: CheckSettings, ctx: ModeContext): Promise<Report> {
  const { checks } = settings.check
  for (const name of settings.unapplied) core.warning(`Input "${name}" is read only with fix: true, so it was ignored.`)
  const failure = (message: string, view: Partial<CheckView> = {}): Report => ({
    summary: renderCheckSummary({ checked: [...checks], problems: [], outside: 0, ...view, failure: message }),
    ending: { level: 'failure', message },
  })

  const docs = findDocsFolder(ctx.run.workspace, settings.check.docsPath)
  if (!docs.ok) return failure(docs.problem)
  const folder = join(ctx.run.workspace, docs.relative)
  core.info(`The docs: ${docs.relative ? external(docs.relative, 200) : 'the workspace'} (docs.json found there).`)

  // the pull request's own files, when only those are reported
  const event = readChangeEvent(ctx.run.eventName, ctx.run.payload)
  const pullRequest = event?.kind === 'pull' ? event : undefined
  const pull = pullRequest?.number
  let changed: Set<string> | undefined
  if (settings.check.scope === 'changed') {
    if (pull === undefined) core.info('Not a pull request: the whole site is reported (scope: changed).')
    else {
      try {
        const api = await ctx.github(settings.check.token)
        const files = await api.pullRequestFiles({ owner: ctx.run.owner, repo: ctx.run.repo }, pull)
        changed = new Set(files.flatMap((f) => [f.filename, ...(f.previousFilename ? [f.previousFilename] : [])]))
        core.info(`Pull request #${pull} changes ${count(files.length, 'file')}: only their problems are reported.`)
      } catch (error) {
        if (error instanceof CancelledError) throw error
        core.warning(
          `Could not read the files pull request #${pull} changes (${external(getErrorMessage(error), 300)}): every problem of the site is reported instead.`,
        )
      }
    }
  }

  let cli
  try {
    cli = await core.group(`The Mintlify CLI ${settings.check.mintVersion}`, () =>
      ensureCli({
        toolCache: ctx.run.toolCache || tmpdir(),
        version: settings.check.mintVersion,
        env: process.env,
        signal: ctx.signal,
        now: () => ctx.clock.now(),
        log: (m) => core.info(m),
      }),
    )
  } catch (error) {
    if (error instanceof CancelledError) throw error
    return failure(`Could not install the Mintlify CLI: ${getErrorMessage(error)}`)
  }
  core.info(
    cli.installed
      ? `Installed mint@${settings.check.mintVersion} in ${formatDuration(cli.ms)}: keep the tool cache with actions/cache to skip this next time.`
      : `mint@${settings.check.mintVersion} was already installed (the tool cache).`,
  )

  const runCli = async (args: string[]): Promise<Ran> => {
    const ran = await core.group(`mint ${args.join(' ')}`, async () => {
      const result = await runProgram(process.execPath, [cli.entry, ...args], {
        cwd: folder,
        env: cliEnvironment(process.env),
        signal: ctx.signal,
      })
      // the CLI's own words, each line made safe: no escape sequence, no workflow command
      for (const line of plainLines(result.output)) if (line.trim()) core.info(external(line, 500))
      core.info(`(exit code ${result.exitCode ?? result.signal ?? 'none'})`)
      return result
    })
    return ran
  }

  const found: Problem[] = []
  const notes: string[] = []
  const readings: Array<[string, Reading]> = []
  try {
    if (['links', 'anchors', 'redirects', 'snippets', 'external'].some((c) => checks.has(c as Check))) {
      const flags = LINK_FLAGS.filter(([c]) => checks.has(c)).map(([, flag]) => flag)
      const ran = await runCli(['broken-links', ...flags])
      readings.push(['broken links', readBrokenLinks(ran.output, ran.exitCode)])
    }
    if (checks.has('alt-text') || checks.has('contrast')) {
      const flags = [
        ...(checks.has('contrast') ? [] : ['--skip-contrast']),
        ...(checks.has('alt-text') ? [] : ['--skip-alt-text']),
      ]
      const ran = await runCli(['a11y', ...flags])
      readings.push(['accessibility', readAccessibility(ran.output, ran.exitCode)])
    }
    if (checks.has('validate')) {
      const ran = await runCli(['validate'])
      const text = plainLines(ran.output).join(' ')
      if (ran.exitCode === 0) notes.push('The build validates.')
      else if (/internet|network|ENOTFOUND|EAI_AGAIN|ECONNREFUSED/i.test(text)) {
        const note = 'The build was not validated: mint validate needs the network, and this runner has none.'
        core.notice(note)
        notes.push(note)
      } else
        found.push({
          rule: 'build',
          file: 'docs.json',
          message: `mint validate failed: ${external(text, 300) || `exit code ${ran.exitCode ?? 'none'}`}`,
        })
    }
  } catch (error) {
    if (error instanceof CancelledError || ctx.signal.aborted) throw new CancelledError()
    return failure(`Could not run the Mintlify CLI: ${getErrorMessage(error)}`)
  }
  for (const [what, reading] of readings) {
    if (!reading.ok)
      return failure(
        `The ${what} check did not run to a verdict, so nothing is known: ${reading.unreadable}. Its output is in the log.`,
      )
    found.push(...reading.problems)
  }

  // each problem at its place: the file's path in the repository, and a broken target's line
  const placed = found.flatMap((p) => place(p, folder, docs.relative))
  const reported = changed ? placed.filter((p) => changed.has(p.path)) : placed
  const outside = placed.length - reported.length

  const annotate = settings.check.onProblems === 'fail' ? core.error : core.warning
  for (const p of reported)
    annotate(external(p.message, 500), {
      title: TITLES[p.rule],
      file: p.path,
      ...(p.line !== undefined ? { startLine: p.line } : {}),
      ...(p.column !== undefined ? { startColumn: p.column } : {}),
    })

  const file = join(ctx.dir, 'mintlify-check.json')
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        docs: docs.relative || '.',
        checked: [...checks],
        scope: changed ? 'changed' : 'all',
        problems: reported.map(({ rule, path, line, column, target, message }) => ({
          rule,
          file: path,
          line,
          column,
          target,
          message,
        })),
        outside,
      },
      null,
      2,
    )}\n`,
  )
  ctx.outputs.set('problems', reported.length)
  ctx.outputs.set('problems-json', file)

  const fixed = await fixOnAgentPull(settings, ctx, pullRequest, reported)
  if (fixed)
    notes.push(
      fixed.sent
        ? `Sent to the agent's job ${fixed.jobId} as fix round ${fixed.round} of ${fixed.rounds}: its next push is checked again.`
        : fixed.why,
    )
  const view: CheckView = {
    checked: [...checks],
    problems: reported,
    outside,
    ...(pull !== undefined && changed ? { pull } : {}),
    notes,
  }
  const summary = renderCheckSummary(view)
  if (reported.length === 0)
    return {
      summary,
      ending: {
        level: 'notice',
        message: `Docs check passed${changed ? ` for the files of pull request #${pull ?? ''}` : ''}: no broken link or accessibility problem.${outside > 0 ? ` ${count(outside, 'problem')} elsewhere in the site ${outside === 1 ? 'was' : 'were'} not reported (scope: changed).` : ''}`,
      },
    }
  const message = `Docs check: ${count(reported.length, 'problem')} (${summaryOf(reported)}). Each is annotated at its line; the job summary lists them all.`
  return { summary, ending: { level: settings.check.onProblems === 'fail' ? 'failure' : 'warning', message } }
}

const TITLES: Record<Problem['rule'], string> = {
  'broken-link': 'Broken link',
  'broken-redirect': 'Broken redirect',
  'missing-alt': 'Image without alt text',
  accessibility: 'Accessibility',
  contrast: 'Colour contrast',
  build: 'Build',
}

function summaryOf(problems: readonly ReportedProblem[]): string {
  const by = new Map<string, number>()
  for (const p of problems) by.set(TITLES[p.rule].toLowerCase(), (by.get(TITLES[p.rule].toLowerCase()) ?? 0) + 1)
  return [...by].map(([what, n]) => `${n} ${what}`).join(', ')
}

/** A problem at each place its target is written (one without a line when it is written nowhere we can see). */
function place(problem: Problem, folder: string, docsFolder: string): ReportedProblem[] {
  const path = repositoryPath(docsFolder, problem.file)
  if (problem.line !== undefined || problem.target === undefined) return [{ ...problem, path }]
  let text: string
  try {
    text = readFileSync(join(folder, problem.file), 'utf8')
  } catch {
    return [{ ...problem, path }]
  }
  const places =
    problem.rule === 'broken-redirect' ? redirectPlaces(text, problem.target) : placesOf(text, problem.target)
  return places.length === 0 ? [{ ...problem, path }] : places.map((at) => ({ ...problem, path, ...at }))
}
