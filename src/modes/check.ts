import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { type SiteCheck, checkSite } from '../check/check-site.js'
import { type Ran, StoppedError, runProgram } from '../check/child-process.js'
import type { Problem } from '../check/cli-output.js'
import { plainLines } from '../check/cli-output.js'
import { findDocsFolder, repositoryPath } from '../check/docs-site.js'
import { buildBase, checkedOut, pageChanges } from '../check/base-tree.js'
import { lineText, linkPlaces, redirectPlaces } from '../check/locate.js'
import { type Cli, WIDE_OUTPUT, cliEnvironment, ensureCli } from '../check/mint-cli.js'
import { type Judged, type PlacedProblem, explanation, judge } from '../check/new-known.js'
import { type SiteConfig, copySite, excluder, leaveOut, outputWidth, siteConfig } from '../check/site-tree.js'
import { type ChangedFile, type PullChange, readChangeEvent } from '../github/change.js'
import type { Check, CheckSettings } from '../inputs/settings.js'
import { MINT_VERSION } from '../inputs/catalogue.js'
import { type CheckView, renderCheckSummary } from '../summary/check-summary.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatDuration } from '../util/format.js'
import { external } from '../util/text.js'
import { fixOnAgentPull } from './check-fix.js'
import type { ModeContext, Report } from './context.js'

/**
 * `check`: the docs checked by the real Mintlify CLI (broken links, anchors, redirects and snippets;
 * images without alt text and the theme colours' contrast; the build where the runner has the
 * network). On a pull request (scope new) the head and the base are both checked and only what the
 * pull request broke fails the step, anywhere in the site; what was broken before is listed as
 * known. The CLI's output is read, never its exit code alone: an output that cannot be read fails
 * the step as such. No API key: a fork's pull request is checked as any other.
 */

/** GitHub shows 10 error (and 10 warning) annotations a step: the step's own failure line is the tenth. */
export const ANNOTATIONS_SHOWN = 9

/** A phase of the run, named in the error when wait-timeout ends it. */
class TimedOut extends Error {}

export async function run(settings: CheckSettings, ctx: ModeContext): Promise<Report> {
  const { checks } = settings.check
  for (const name of settings.unapplied) core.warning(`Input "${name}" is read only with fix: true, so it was ignored.`)
  const failure = (message: string, view: Partial<CheckView> = {}): Report => ({
    summary: renderCheckSummary({ checked: [...checks], judged: [], ...view, failure: message }),
    ending: { level: 'failure', message },
  })

  const docs = findDocsFolder(ctx.run.workspace, settings.check.docsPath)
  if (!docs.ok) return failure(docs.problem)
  const folder = join(ctx.run.workspace, docs.relative)
  const config = siteConfig(folder) ?? 'docs.json'
  core.info(`The docs: ${docs.relative ? external(docs.relative, 200) : 'the workspace'} (${config} found there).`)

  const event = readChangeEvent(ctx.run.eventName, ctx.run.payload)
  const pull = event?.kind === 'pull' ? event : undefined
  const scope = pull ? settings.check.scope : 'all'
  if (!pull && settings.check.scope !== 'all')
    core.info(
      `Not a pull request: the whole site is checked (scope: ${settings.check.scope} applies to pull requests).`,
    )

  // wait-timeout bounds the install and every CLI run, on the run's clock; cancelling ends them too
  const stop = AbortSignal.any([ctx.signal, ctx.clock.timeout(Math.max(0, ctx.deadline - ctx.clock.now()))])
  const waitTimeout = formatDuration(ctx.deadline - ctx.started)
  const bounded = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (ctx.signal.aborted || error instanceof CancelledError) throw new CancelledError()
      if (error instanceof StoppedError || stop.aborted)
        throw new TimedOut(`${what} did not finish within wait-timeout (${waitTimeout}): it was stopped.`)
      throw error
    }
  }

  let cli: Cli
  try {
    cli = await core.group(`The Mintlify CLI ${settings.check.mintVersion}`, () =>
      bounded(`The install of the Mintlify CLI (npm ci of mint@${settings.check.mintVersion})`, () =>
        ensureCli({
          toolCache: ctx.run.toolCache || tmpdir(),
          version: settings.check.mintVersion,
          pinned: MINT_VERSION,
          env: process.env,
          stop,
          log: (m) => core.info(m),
        }),
      ),
    )
  } catch (error) {
    if (error instanceof CancelledError) throw error
    if (error instanceof TimedOut) return failure(error.message)
    return failure(`Could not install the Mintlify CLI: ${getErrorMessage(error)}`)
  }
  if (cli.unlocked)
    core.notice(
      `mint-version ${settings.check.mintVersion} is not the version this action pins (${MINT_VERSION}): it was installed without the action's lockfile, its dependencies resolved afresh.`,
    )
  core.info(
    cli.installed
      ? `Installed mint@${settings.check.mintVersion}: keep the tool cache with actions/cache to skip this next time.`
      : `mint@${settings.check.mintVersion} was already installed (the tool cache).`,
  )

  const work = mkdtempSync(join(ctx.dir, 'mintlify-check-'))
  const preload = join(work, 'wide-output.cjs')
  writeFileSync(preload, WIDE_OUTPUT)
  const excluded = excluder(settings.check.exclude)
  const checkTree = async (label: string, tree: string, which: ReadonlySet<Check>): Promise<SiteCheck> => {
    if (excluded) {
      const left = leaveOut(tree, excluded)
      if (left > 0) core.info(`${count(left, 'page')} left out of the ${label} (exclude).`)
    }
    const env = cliEnvironment(process.env, { preload, columns: outputWidth(tree) })
    const mint = (args: string[]): Promise<Ran> =>
      bounded(`mint ${args[0] ?? ''} on the ${label}`, async () => {
        const ran = await runProgram(process.execPath, [cli.entry, ...args], {
          cwd: tree,
          env,
          stop,
        })
        // the CLI's own words, each line made safe: no escape sequence, no workflow command
        await core.group(`mint ${args.join(' ')} (${label})`, () => {
          for (const line of plainLines(ran.output)) if (line.trim()) core.info(external(line, 500))
          core.info(`(exit code ${ran.exitCode ?? ran.signal ?? 'none'})`)
          return Promise.resolve()
        })
        return ran
      })
    return checkSite({
      tree,
      config: siteConfig(tree) ?? config,
      checks: which,
      mint,
      ...(excluded ? { excluded } : {}),
    })
  }

  try {
    const headTree = join(work, 'head')
    copySite(folder, headTree, [work])
    const head = await checkTree(pull ? 'head' : 'docs', headTree, checks)
    if (head.unreadable) return failure(`${head.unreadable} Nothing is known; the CLI's output is in the log.`)
    const notes: string[] = []
    const headProblems = withValidation(head, config, notes)
    const placed = placeAll(headProblems, folder, docs.relative, config)

    let judged: Judged[] = placed.map((problem) => ({ problem, status: 'new' }))
    let outside = 0
    let files: ChangedFile[] | undefined
    const readFiles = async (p: PullChange): Promise<ChangedFile[] | undefined> => {
      try {
        const api = await ctx.github(settings.check.token)
        return await api.pullRequestFiles({ owner: ctx.run.owner, repo: ctx.run.repo }, p.number)
      } catch (error) {
        if (error instanceof CancelledError) throw error
        core.warning(
          `Could not read the files pull request #${p.number} changes (${external(getErrorMessage(error), 300)}): every problem of the site counts.`,
        )
        return undefined
      }
    }
    if (pull && scope === 'changed') {
      files = await readFiles(pull)
      if (files) {
        const changed = new Set(files.flatMap((f) => [f.filename, ...(f.previousFilename ? [f.previousFilename] : [])]))
        const kept = placed.filter((p) => changed.has(p.path) || p.rule === 'build' || p.rule === 'contrast')
        outside = placed.length - kept.length
        judged = kept.map((problem) => ({ problem, status: 'new' }))
        core.info(
          `Pull request #${pull.number} changes ${count(files.length, 'file')}: only their problems are reported.`,
        )
      }
    } else if (pull && scope === 'new' && placed.length > 0) {
      files = await readFiles(pull)
      const compared = files && (await compareWithBase(pull, files, placed, head))
      if (compared) judged = compared
    }

    const fresh = judged.filter((j) => j.status === 'new')
    const known = judged.filter((j) => j.status === 'known')
    const annotate = settings.check.onProblems === 'fail' ? core.error : core.warning
    for (const { problem: p, because } of fresh.slice(0, ANNOTATIONS_SHOWN))
      annotate(external(`${p.message}${because ? ` ${explanation(because)}` : ''}`, 500), {
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
          config,
          checked: [...checks],
          scope,
          ...(pull ? { pull: pull.number, head: pull.headSha } : {}),
          problems: judged.map(({ problem: p, status, because }) => ({
            status,
            rule: p.rule,
            file: p.path,
            line: p.line,
            column: p.column,
            target: p.target,
            message: p.message,
            ...(because ? { change: because.change, redirect: because.redirect } : {}),
          })),
          outside,
        },
        null,
        2,
      )}\n`,
    )
    ctx.outputs.set('problems', fresh.length)
    ctx.outputs.set('problems-json', file)

    const fixed = await fixOnAgentPull(
      settings,
      ctx,
      pull,
      // the agent gets what the annotation says: a link to a renamed page names the rename and the redirect
      fresh.map(({ problem: p, because }) =>
        because
          ? {
              ...p,
              message: `${p.message} ${explanation(because)}${because.redirect ? ` A redirect that keeps it working: ${JSON.stringify(because.redirect)}.` : ''}`,
            }
          : p,
      ),
    )
    if (fixed)
      notes.push(
        fixed.sent
          ? `Sent to the agent's job ${fixed.jobId} as fix round ${fixed.round} of ${fixed.rounds}: its next push is checked again.`
          : fixed.why,
      )
    const view: CheckView = {
      checked: [...checks],
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
          message: `Docs check passed${pull ? ` for pull request #${pull.number}` : ''}: ${scope === 'new' && pull ? 'it breaks nothing' : 'no broken link or accessibility problem'}.${knownWords}${outside > 0 ? ` ${count(outside, 'problem')} elsewhere in the site ${outside === 1 ? 'was' : 'were'} not reported (scope: changed).` : ''}`,
        },
      }
    const shown =
      fresh.length > ANNOTATIONS_SHOWN
        ? `The first ${ANNOTATIONS_SHOWN} are annotated at their lines (GitHub shows no more a step); the job summary and problems-json list them all.`
        : 'Each is annotated at its line.'
    const message = `Docs check: ${count(fresh.length, scope === 'new' && pull ? 'new problem' : 'problem')} (${summaryOf(fresh.map((j) => j.problem))}). ${shown}${knownWords}`
    return { summary, ending: { level: settings.check.onProblems === 'fail' ? 'failure' : 'warning', message } }
  } catch (error) {
    if (error instanceof CancelledError || ctx.signal.aborted) throw new CancelledError()
    if (error instanceof TimedOut) return failure(error.message)
    return failure(`Could not run the Mintlify CLI: ${getErrorMessage(error)}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }

  /** The head's problems judged against the base's; undefined (every problem new) when the base cannot be had. */
  async function compareWithBase(
    p: PullChange,
    changed: ChangedFile[],
    placedHead: PlacedProblem[],
    headCheck: SiteCheck,
  ): Promise<Judged[] | undefined> {
    const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
    const cannot = (why: string): undefined => {
      core.warning(`The base of pull request #${p.number} could not be checked (${why}): every problem counts as new.`)
      return undefined
    }
    try {
      const api = await ctx.github(settings.check.token)
      const checkedOutSha = checkedOut(ctx.run.workspace, docs.ok ? docs.relative : '')
      const ref =
        checkedOutSha !== undefined && checkedOutSha === p.headSha
          ? await api.mergeBase(repo, p.baseSha || p.baseRef, p.headSha)
          : p.baseSha
      if (!ref) return cannot('the payload names no base commit')
      const baseTree = join(work, 'base')
      const built = await buildBase({
        api,
        repo,
        ref,
        docs: folder,
        docsFolder: docs.ok ? docs.relative : '',
        files: changed,
        to: baseTree,
        skip: [work],
      })
      if (!built.ok) return cannot(built.why)
      core.info(
        `The base (${ref.slice(0, 7)}): the checked-out docs with ${count(built.fetched, 'file')} of pull request #${p.number} as the base has ${built.fetched === 1 ? 'it' : 'them'} (one contents request each).`,
      )
      // validate costs the network and seconds: on the base only when the head's build fails
      const baseChecks = new Set(
        [...checks].filter((c) => c !== 'validate' || headCheck.validation?.verdict === 'invalid'),
      )
      const base = await checkTree('base', baseTree, baseChecks)
      if (base.unreadable) return cannot(base.unreadable)
      const baseConfig = siteConfig(baseTree) ?? config
      const basePlaced = placeAll(
        withValidation(base, baseConfig, []),
        baseTree,
        docs.ok ? docs.relative : '',
        baseConfig,
      )
      const renamed = new Map(
        changed
          .filter((f) => f.status === 'renamed' && f.previousFilename)
          .map((f) => [f.filename, f.previousFilename ?? '']),
      )
      const docsFolder = docs.ok ? docs.relative : ''
      const oldName = (file: string): string => {
        const repoPath = repositoryPath(docsFolder, file)
        const before = renamed.get(repoPath)
        return before === undefined ? file : docsFolder ? before.slice(docsFolder.length + 1) : before
      }
      return judge(placedHead, basePlaced, oldName, pageChanges(changed, docsFolder))
    } catch (error) {
      if (error instanceof CancelledError || error instanceof TimedOut) throw error
      return cannot(external(getErrorMessage(error), 300))
    }
  }
}

/** The site's problems with validate's verdict: a failing build is a problem, no network a note. */
function withValidation(site: SiteCheck, config: SiteConfig, notes: string[]): Problem[] {
  const v = site.validation
  if (!v) return site.problems
  if (v.verdict === 'valid') notes.push('The build validates.')
  else if (v.verdict === 'offline') {
    const note = `The build was not validated: mint validate needs the network (it said: ${external(v.said, 200)}).`
    core.notice(note)
    notes.push(note)
  } else
    return [
      ...site.problems,
      {
        rule: 'build',
        file: config,
        message: `mint validate failed: ${external(v.verdict === 'invalid' ? v.said : v.why, 300)}`,
      },
    ]
  return site.problems
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

/**
 * Each problem at its place: its file's path in the repository (a site on mint.json has no docs.json:
 * what the CLI files there is the mint.json's), and a broken target's line, where it is written as a
 * link. The CLI lists a target once for each time it is linked in the file: the n-th listing is the
 * n-th place, so each is reported once.
 */
export function placeAll(
  problems: readonly Problem[],
  folder: string,
  docsFolder: string,
  config: SiteConfig,
): PlacedProblem[] {
  const seen = new Map<string, number>()
  const texts = new Map<string, string | undefined>()
  const readText = (file: string): string | undefined => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readFileSync(join(folder, file), 'utf8'))
      } catch {
        texts.set(file, undefined)
      }
    }
    return texts.get(file)
  }
  return problems.map((problem) => {
    const key = `${problem.rule}\u0000${problem.file}\u0000${problem.target ?? ''}`
    const nth = seen.get(key) ?? 0
    seen.set(key, nth + 1)
    const file = problem.file === 'docs.json' && config === 'mint.json' ? 'mint.json' : problem.file
    return place(problem, file, repositoryPath(docsFolder, file), readText(file), nth)
  })
}

function place(problem: Problem, file: string, path: string, text: string | undefined, nth: number): PlacedProblem {
  const at = { ...problem, file, path }
  if (text === undefined) return at
  if (problem.line !== undefined) return { ...at, lineText: lineText(text, problem.line) }
  if (problem.target === undefined) return at
  const places =
    problem.rule === 'broken-redirect'
      ? redirectPlaces(text, problem.target)
      : linkPlaces(text, problem.target, /\.json$/i.test(file))
  const found = places[nth]
  return found ? { ...at, ...found, lineText: lineText(text, found.line) } : at
}
