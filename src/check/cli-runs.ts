import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { checkSite } from './check-site.js'
import { type Ran, runProgram } from './child-process.js'
import { plainLines, ranOutOfMemory } from './cli-output.js'
import { type CliMemory, type Slots } from './cli-slots.js'
import { type GuardedCache, actionsCache, guardedCache, quietCommands } from './cache-guard.js'
import {
  type Cli,
  type CliCache,
  type OpenApiLister,
  OPENAPI_LISTING,
  SNIPPET_ANCHORS,
  type SnippetAnchorer,
  cliEnvironment,
  cliModules,
  ensureCli,
  readOpenApiListing,
  readSnippetAnswer,
  runnerPlatform,
  shippedDigest,
  writePreload,
} from './mint-cli.js'
import { siteConfig } from './docs-folder.js'
import { excluder, leaveOut, outputWidth } from './tree-copy.js'
import { type CheckRun, TimedOut } from './judge.js'
import type { TreeChecker } from './tree-cache.js'
import { MINT_VERSION } from './inputs.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count, formatNumber } from '../util/format.js'
import { external } from '../util/text.js'

/** The Mintlify CLI as one check runs it: installed or found, each tree checked, each run bounded and grouped. */

/** The install failed: the step's failure, in these words. */
export class InstallFailed extends Error {}

export async function installCli({ settings, ctx, bounded, stop }: CheckRun): Promise<Cli> {
  const version = settings.check.mintVersion
  const notices: string[] = []
  // said after the group, where a reader sees them, however the install ends
  const sayNotices = (): void => {
    for (const notice of notices.splice(0)) core.notice(notice)
  }
  let cli: Cli
  try {
    cli = await core.group(`The Mintlify CLI ${version}`, async () => {
      const platform = runnerPlatform()
      const expected = await shippedDigest(version, platform)
      return bounded(`The install of the Mintlify CLI (npm ci of mint@${version})`, () =>
        ensureCli({
          toolCache: ctx.run.toolCache || tmpdir(),
          version,
          pinned: MINT_VERSION,
          env: process.env,
          stop,
          platform,
          log: (m) => core.info(m),
          notice: (m) => notices.push(m),
          ...(expected ? { expected, cache: runnerCache(stop, notices) } : {}),
        }),
      )
    })
    sayNotices()
  } catch (error) {
    sayNotices()
    if (error instanceof CancelledError || error instanceof TimedOut) throw error
    throw new InstallFailed(`Could not install the Mintlify CLI: ${getErrorMessage(error)}`)
  }
  if (cli.unlocked)
    core.notice(
      `mint-version ${version} is not the version this action pins (${MINT_VERSION}): it ` +
        `was installed without the action's lockfile, its dependencies resolved afresh.`,
    )
  core.info(
    cli.installed
      ? `Installed mint@${version}.`
      : cli.restored !== undefined
        ? `mint@${version} restored from the runner's cache (${cli.restored}) and verified: every file is the install's.`
        : `mint@${version} was already installed (the tool cache), and verified: every file is the install's.`,
  )
  return cli
}

/**
 * The runner's cache for the installed CLI, through the guarded client: an entry is unpacked only if
 * every member is under the install's folder, and ensureCli verifies it before it runs. What the
 * cache could not do is said in the log; an entry the guard refused (not the check's), once as a notice.
 */
function runnerCache(stop: AbortSignal, notices: string[]): CliCache {
  let cache: Promise<{ available: boolean; guarded: GuardedCache }> | undefined
  const open = (): Promise<{ available: boolean; guarded: GuardedCache }> =>
    (cache ??= actionsCache().then((service) => ({
      available: service.available(),
      guarded: guardedCache(service, quietCommands, stop),
    })))
  return {
    async restore(key, folder, name) {
      const { available, guarded } = await open()
      if (!available) return false
      const restored = await guarded.restore(folder, [name], key, { under: [name] })
      if (restored.hit) return true
      if (restored.rejected)
        notices.push(`The Mintlify CLI was not restored from the runner's cache (${external(restored.why, 300)}).`)
      else if (restored.why !== undefined)
        core.info(`The Mintlify CLI was not restored from the runner's cache: ${external(restored.why, 300)}.`)
      return false
    },
    async save(key, folder, name) {
      const { available, guarded } = await open()
      if (!available) return
      const saved = await guarded.save(folder, [name], key)
      core.info(
        saved.saved
          ? `Kept the installed CLI in the runner's cache for the next runs: ${key}.`
          : saved.why !== undefined
            ? `The installed CLI was not kept in the runner's cache: ${external(saved.why, 300)}.`
            : `Another run kept the installed CLI in the runner's cache first: ${key}.`,
      )
    },
  }
}

/** The CLI's programs as one check starts them: the CLI, and a Node program run as the CLI is. */
export interface CliRuns {
  cli: Cli
  memory: CliMemory
  /**
   * Runs `node <script> <args>` in one of the CLI's slots, with its environment, preload and heap
   * limit; `alone`: once every other run has ended, none beside it, with the whole memory's heap.
   */
  node: (
    script: string,
    args: string[],
    options: { cwd: string; columns: number; stop: AbortSignal; alone?: boolean },
  ) => Promise<Ran>
}

/** Thrown when the CLI ran out of memory even alone: no verdict, the memory named. */
export class OutOfMemory extends Error {}

/** The CLI's runs for this check: its preload written once into the run's folder. */
export function cliRuns({ work }: CheckRun, cli: Cli, memory: CliMemory, slots: Slots): CliRuns {
  const preload = writePreload(work)
  return {
    cli,
    memory,
    node: (script, args, { cwd, columns, stop, alone }) =>
      (alone ? slots.alone : slots.run)(() =>
        runProgram(process.execPath, ['--no-deprecation', script, ...args], {
          cwd,
          env: cliEnvironment(process.env, { preload, columns, heap: alone ? memory.alone : memory.heap }),
          stop,
        }),
      ),
  }
}

/** The plan for the CLI's memory, said once: how many at once, and each one's heap. */
export function sayMemory(memory: CliMemory, pageBytes: number): void {
  core.info(
    `The CLI's runs: ${count(memory.slots, 'at once', 'at once')}, each with a heap limit of ${mib(memory.heap)} ` +
      `(the runner has ${mib(memory.total)}, ${mib(memory.free)} free; a run on ${mib(Math.ceil(pageBytes / 1024 ** 2))} ` +
      `of pages is expected to need about ${mib(memory.need)}).`,
  )
}

const mib = (n: number): string => `${formatNumber(n)} MiB`

/** How a run that ran out of memory is said: its heap, the runs beside it, the runner's memory. */
export function memorySaid(what: string, ran: Ran, memory: CliMemory, alone: boolean): string {
  const how =
    ran.signal === 'SIGKILL'
      ? 'was killed (SIGKILL), as the system ends a process when the memory runs out'
      : 'ran out of memory'
  const beside = alone || memory.slots === 1 ? 'alone' : `beside up to ${count(memory.slots - 1, 'other run')}`
  return (
    `The Mintlify CLI ${how} on ${what}: its heap limit was ${mib(alone ? memory.alone : memory.heap)}, ${beside}; ` +
    `the runner has ${mib(memory.total)}, ${mib(memory.free)} of it free when the check began.`
  )
}

/** Checks one copy of the docs: pages left out first, then the CLI, each run bounded, limited and logged. */
export function treeChecker(run: CheckRun, runs: CliRuns): TreeChecker {
  const { settings, config, bounded, stop } = run
  const { cli, node, memory } = runs
  const excluded = excluder(settings.check.exclude)
  return async (label, tree, which, early) => {
    if (excluded) {
      const left = leaveOut(tree, excluded)
      if (left > 0) core.info(`${count(left, 'page')} left out of the ${label} (exclude).`)
    }
    const width = outputWidth(tree)
    const ends = early ? AbortSignal.any([stop, early]) : stop
    const logged = async (args: string[], columns: number, alone: boolean): Promise<Ran> => {
      const ran = await node(cli.entry, args, { cwd: tree, columns, stop: ends, alone })
      // the CLI's own words, each line made safe: no escape sequence, no workflow command
      await core.group(`mint ${args.join(' ')} (${label}${alone ? ', alone' : ''})`, () => {
        for (const line of plainLines(ran.output)) if (line.trim()) core.info(external(line, 500))
        core.info(`(exit code ${ran.exitCode ?? ran.signal ?? 'none'})`)
        return Promise.resolve()
      })
      return ran
    }
    const mint = (args: string[], columns = width): Promise<Ran> =>
      bounded(`mint ${args[0] ?? ''} on the ${label}`, async () => {
        const ran = await logged(args, columns, false)
        if (!ranOutOfMemory(ran.stderr, ran.signal, ran.exitCode)) return ran
        const what = `the ${label} (mint ${args[0] ?? ''})`
        // alone already, with the whole memory: the same run again would end the same way
        if (memory.slots === 1)
          throw new OutOfMemory(`${memorySaid(what, ran, memory, true)} The site needs a runner with more memory.`)
        core.info(
          `${memorySaid(what, ran, memory, false)} It runs again alone, with a heap limit of ${mib(memory.alone)}.`,
        )
        const again = await logged(args, columns, true)
        if (!ranOutOfMemory(again.stderr, again.signal, again.exitCode)) return again
        throw new OutOfMemory(
          `${memorySaid(what, again, memory, true)} It ran out beside other runs first, then alone: the site needs a runner with more memory.`,
        )
      })
    return checkSite({
      tree,
      config: siteConfig(tree) ?? config,
      checks: which,
      mint,
      ...(excluded ? { excluded } : {}),
      log: (message) => core.info(message),
      snippetAnchors: snippetAnchorer(run, runs),
    })
  }
}

/**
 * Lists what a tree makes of its OpenAPI documents (its generated pages, its pages' operations) with
 * the CLI's own code; what it cannot tell is an answer, not a failure.
 */
export function openApiLister({ work, bounded, stop }: CheckRun, { cli, node }: CliRuns): OpenApiLister {
  const script = join(work, 'openapi-listing.mjs')
  writeFileSync(script, OPENAPI_LISTING)
  return async (tree) => {
    const ran = await bounded("The listing of the site's OpenAPI pages", () =>
      node(script, [cliModules(cli.entry)], { cwd: tree, columns: 200, stop }),
    )
    return readOpenApiListing(ran.stdout)
  }
}

/**
 * Asks the CLI's own code which broken anchors a snippet shown on their page has (SNIPPET_ANCHORS),
 * in one of the CLI's slots; what it cannot tell is an answer, not a failure.
 */
function snippetAnchorer({ work, bounded, stop }: CheckRun, { cli, node }: CliRuns): SnippetAnchorer {
  const script = join(work, 'snippet-anchors.mjs')
  let asked = 0
  return async (tree, anchors) => {
    if (asked === 0) writeFileSync(script, SNIPPET_ANCHORS)
    const input = join(work, `snippet-anchors-${++asked}.json`)
    writeFileSync(input, JSON.stringify(anchors))
    const ran = await bounded('The look at the snippets a page shows', () =>
      node(script, [cliModules(cli.entry), input], { cwd: tree, columns: 200, stop }),
    )
    return readSnippetAnswer(ran.stdout, anchors.length)
  }
}
