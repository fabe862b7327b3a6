import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { MINT_VERSION } from '../../src/check/inputs.js'
import { CLI_ENTRY, runnerPlatform, shippedDigest } from '../../src/check/mint-cli.js'
import { formatNumber } from '../../src/util/format.js'
import { IN_PROCESS, RUNTIMES } from './harness.js'
import { SCENARIOS, type Scenario, runScenario } from '../cli/scenarios.js'
import { RECORDINGS, alive, cliRuns, fakeNpm, fakeToolCache, writeFakeCli } from '../simulator/fake-tools.js'

/**
 * What the check action starts, through the bundle as the runner runs it: npm (a script that installs
 * the fake CLI, hangs or fails) and the Mintlify CLI (the fake that replays the real one's output, or
 * hangs). What either may read of the environment, how the install lands in the tool cache, and how
 * wait-timeout ends a hung one with all it started: those run in this process, real processes on the
 * run's virtual clock, whose wait-timeout passes once every process the test waits for started, so
 * no busy machine decides them; the guards below only wait for the ending.
 */

const site = SCENARIOS.find((s) => s.name.startsWith('pages named errors.mdx')) as Scenario
const SECRETS = {
  GITHUB_TOKEN: 'ghs_secret_of_the_job',
  ACTIONS_RUNTIME_TOKEN: 'runtime-secret',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
}

/** Names a child must never see: the action's inputs, tokens and the runner's secrets. */
const forbidden = (env: Record<string, string>): string[] =>
  Object.keys(env).filter((name) => /^(INPUT_|ACTIONS_|GITHUB_TOKEN$)/.test(name))

/** Waits (a hang guard, not a verdict) until none of these processes is left. */
async function gone(pids: number[]): Promise<boolean> {
  for (let i = 0; i < 100 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100))
  return !pids.some(alive)
}

/** The check on an empty tool cache, with an npm that installs the CLI: that npm, the cache and the run. */
async function coldInstall(inputs: Record<string, string>, env?: Record<string, string>) {
  const npm = fakeNpm('install')
  const toolCache = mkdtempSync(join(tmpdir(), 'empty-tool-cache-'))
  const { run } = await runScenario({ ...site, inputs }, RUNTIMES[0], {
    toolCache,
    path: npm.path,
    ...(env ? { env } : {}),
  })
  return { npm, toolCache, run }
}

describe('the programs the check starts', () => {
  test('a cold install: npm ci from the shipped lockfile, no optional packages, no scripts; neither npm nor the CLI sees an input, a token or a secret', async () => {
    const { npm, toolCache, run } = await coldInstall({ 'api-key': 'mint_admin_key_never_for_npm' }, SECRETS)
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toContain('Docs check: 2 problems')
    const [install, ...more] = npm.runs()
    expect(more).toEqual([])
    expect(install?.args.slice(0, 3)).toEqual(['ci', '--omit=optional', '--ignore-scripts'])
    expect(install?.packageJson).toMatch(/"@img\/sharp-[a-z0-9-]+": "\d/)
    expect(install?.lock).toMatch(/"integrity": "sha512-/)
    expect(forbidden(install?.env ?? {})).toEqual([])
    // installed in a folder of its own, then renamed into place whole, as @actions/tool-cache lays it out
    const folder = join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)
    expect(install?.cwd).not.toBe(folder)
    expect(existsSync(join(folder, '.mintlify-docs-action-installed'))).toBe(true)
    expect(existsSync(join(toolCache, 'mintlify-cli', MINT_VERSION, `${process.arch}.complete`))).toBe(true)
    const cli = cliRuns(folder)
    expect(cli.map((r) => r.args[0]).sort()).toEqual(['a11y', 'broken-links'])
    for (const r of cli) {
      expect(forbidden(r.env)).toEqual([])
      expect(JSON.stringify(r.env)).not.toContain('mint_admin_key_never_for_npm')
      expect(r.env.NODE_OPTIONS).toMatch(/^--require ".*wide-output\.cjs" --max-old-space-size=\d+$/)
    }
  })

  test('a half-finished install (the CLI there, its install never finished) is installed again, never taken as installed', async () => {
    const npm = fakeNpm('install')
    const toolCache = mkdtempSync(join(tmpdir(), 'partial-tool-cache-'))
    const folder = join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)
    writeFakeCli(folder, 'replay')
    const { run } = await runScenario(site, RUNTIMES[0], { toolCache, path: npm.path })
    expect(npm.runs()).toHaveLength(1)
    expect(run.stdout).toContain(`Installing mint@${MINT_VERSION} from this action's lockfile`)
    expect(existsSync(join(folder, '.mintlify-docs-action-installed'))).toBe(true)
  })

  test('a tool cache holding a planted entry script that prints a pass (its marker and all) is not run: one notice, installed afresh, the verdict the CLI gives', async () => {
    const npm = fakeNpm('install')
    const toolCache = mkdtempSync(join(tmpdir(), 'planted-tool-cache-'))
    const folder = join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)
    mkdirSync(join(folder, ...CLI_ENTRY.slice(0, -1)), { recursive: true })
    writeFileSync(join(folder, ...CLI_ENTRY), "console.log('success no broken links found')\n")
    writeFileSync(join(folder, '.mintlify-docs-action-installed'), `${MINT_VERSION}\n`)
    const { run } = await runScenario(site, RUNTIMES[0], { toolCache, path: npm.path })
    const shipped = await shippedDigest(MINT_VERSION, runnerPlatform())
    expect(run.notices.filter((n) => n.includes('is not the install'))).toEqual([
      `The Mintlify CLI in the tool cache (${folder}) is not the install this action's lockfile gives ` +
        `(it holds 2 files, not ${formatNumber(shipped?.files ?? 0)}): it was not run, and is installed afresh.`,
    ])
    expect(npm.runs()).toHaveLength(1)
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toContain('Docs check: 2 problems')
  })

  test('a planted CLI and an npm that fails: the notice that it was not run is still said, and no verdict', async () => {
    const toolCache = mkdtempSync(join(tmpdir(), 'planted-failing-'))
    const folder = join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)
    mkdirSync(join(folder, ...CLI_ENTRY.slice(0, -1)), { recursive: true })
    writeFileSync(join(folder, ...CLI_ENTRY), "console.log('success no broken links found')\n")
    writeFileSync(join(folder, '.mintlify-docs-action-installed'), `${MINT_VERSION}\n`)
    const { run } = await runScenario(site, RUNTIMES[0], { toolCache, path: fakeNpm('fail').path })
    expect(run.notices.filter((n) => n.includes('it was not run, and is installed afresh'))).toHaveLength(1)
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toContain('Could not install the Mintlify CLI')
  })

  test('another mint-version installs without the lockfile, with one notice saying so', async () => {
    const { npm, run } = await coldInstall({ 'mint-version': '4.2.900' })
    expect(npm.runs()[0]?.args).toEqual(expect.arrayContaining(['install', '--omit=optional', 'mint@4.2.900']))
    expect(run.notices.filter((n) => n.includes('is not the version this action pins'))).toHaveLength(1)
  })

  test('npm that fails: the step says npm could not install, never a verdict', async () => {
    const npm = fakeNpm('fail')
    const { run } = await runScenario(site, RUNTIMES[0], {
      toolCache: mkdtempSync(join(tmpdir(), 'failing-npm-')),
      path: npm.path,
    })
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toContain(
      `Could not install the Mintlify CLI: npm could not install mint@${MINT_VERSION}`,
    )
    expect(run.errors.at(-1)).toContain('ECONNREFUSED')
  })

  test('a hung install ends at wait-timeout, saying so, with npm and what it started', async () => {
    const npm = fakeNpm('hang')
    // in this process, on its virtual clock: wait-timeout's time passes once npm and its child started
    const { run } = await runScenario(
      { ...site, inputs: { 'wait-timeout': '2s' } },
      IN_PROCESS,
      { toolCache: mkdtempSync(join(tmpdir(), 'hung-npm-')), path: npm.path },
      { moveClock: { when: () => until(() => npm.pids() !== undefined), by: 3000 } },
    )
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toContain(
      `The install of the Mintlify CLI (npm ci of mint@${MINT_VERSION}) did not finish within wait-timeout (2.0s)`,
    )
    const pids = npm.pids()
    expect(pids).toBeDefined()
    expect(await gone([pids?.npm ?? 0, pids?.child ?? 0])).toBe(true)
  })

  test('a CLI that exits before drawing its verdict is run again, the log saying so: the same verdict as when it drew it', async () => {
    const drawn = fakeToolCache('replay')
    const lost = fakeToolCache('lose-verdict')
    const first = await runScenario(site, RUNTIMES[0], { toolCache: drawn.toolCache, path: drawn.path })
    const again = await runScenario(site, RUNTIMES[0], { toolCache: lost.toolCache, path: lost.path })
    expect(again.run.code).toBe(first.run.code)
    expect(again.run.errors).toEqual(first.run.errors)
    expect(again.run.errors.at(-1)).toContain('Docs check: 2 problems')
    const commands = (cli: typeof drawn) =>
      cli
        .runs()
        .map((r) => r.args.join(' '))
        .sort()
    expect(commands(lost)).toEqual([...commands(drawn), ...commands(drawn)].sort())
    for (const command of ['broken-links', 'a11y'])
      expect(again.run.stdout).toContain(
        `mint ${command} exited before it printed its verdict (its output ends at the spinner): run 2 of 3.`,
      )
  })

  test('a hung CLI ends at wait-timeout, saying which command, with every process it started', async () => {
    const cli = fakeToolCache('hang')
    // in this process, on its virtual clock: wait-timeout's time passes once both commands started
    const { run } = await runScenario(
      { ...site, inputs: { 'wait-timeout': '2s' } },
      IN_PROCESS,
      { toolCache: cli.toolCache, path: cli.path },
      { moveClock: { when: () => until(() => existsSync(cli.folder) && cli.pids().length === 2), by: 3000 } },
    )
    expect(run.code).toBe(1)
    expect(run.errors.at(-1)).toMatch(
      /mint (broken-links|a11y) on the docs did not finish within wait-timeout \(2\.0s\)/,
    )
    const pids = cli.pids()
    expect(pids).toHaveLength(2)
    expect(await gone(pids.flatMap((p) => [p.cli, p.child]))).toBe(true)
  })
})

/** Resolves once `done` holds, looking every 50 ms (a hang guard ends the test, never a verdict on speed). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 50))
}

describe('a CLI that runs out of memory', () => {
  /** The check with a CLI that needs `hungry` of the free memory (fake-mint.mjs): its runs, and the run. */
  async function hungryRun(hungry: number) {
    const template = mkdtempSync(join(tmpdir(), 'hungry-cli-'))
    writeFakeCli(template, 'replay', MINT_VERSION, RECORDINGS, hungry)
    const toolCache = mkdtempSync(join(tmpdir(), 'hungry-tool-cache-'))
    const { run } = await runScenario(site, RUNTIMES[0], { toolCache, path: fakeNpm('install', template).path })
    const runs = cliRuns(join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)).map((r) => ({
      command: r.args[0],
      heap: Number(/--max-old-space-size=(\d+)/.exec(r.env.NODE_OPTIONS ?? '')?.[1]),
    }))
    return { run, runs }
  }
  const heaps = (runs: Array<{ command?: string; heap: number }>, command: string): number[] =>
    runs.filter((r) => r.command === command).map((r) => r.heap)

  // two runs side by side need two cores: the runner's own, as the action counts them
  test.runIf(availableParallelism() >= 2)(
    'beside another run, it is named, retried alone with the whole memory, and the verdict is the one the CLI gives',
    async () => {
      const { run, runs } = await hungryRun(0.5)
      const said = run.stdout.split('\n').filter((l) => l.includes('ran out of memory'))
      expect(said).toHaveLength(2)
      for (const command of ['broken-links', 'a11y']) {
        expect(said.filter((l) => l.includes(`on the docs (mint ${command})`))).toHaveLength(1)
        const [first, alone, ...more] = heaps(runs, command)
        expect(more).toEqual([])
        // the whole memory alone: more than twice a share, never two shares' sum beyond it
        expect(alone).toBeGreaterThan(2 * (first ?? Infinity) - 2)
      }
      expect(said[0]).toMatch(
        /^The Mintlify CLI ran out of memory on the docs \(mint [a-z0-9-]+\): its heap limit was [\d,]+ MiB, beside up to 1 other run; the runner has [\d,]+ MiB, [\d,]+ MiB of it free when the check began\. It runs again alone, with a heap limit of [\d,]+ MiB\.$/,
      )
      expect(run.code).toBe(1)
      expect(run.errors.at(-1)).toContain('Docs check: 2 problems')
    },
  )

  test('out of memory alone too: no verdict, the memory named, never a pass', async () => {
    const { run, runs } = await hungryRun(2)
    expect(run.code).toBe(1)
    const last = run.errors.at(-1) ?? ''
    expect(last).toMatch(
      /The Mintlify CLI ran out of memory on the docs \(mint [a-z0-9-]+\): its heap limit was [\d,]+ MiB, alone; the runner has [\d,]+ MiB, [\d,]+ MiB of it free when the check began\./,
    )
    expect(last).toContain('the site needs a runner with more memory')
    expect(last).not.toMatch(/no problems|passed/i)
    // never more than one run again, alone, for each command that ran out
    for (const command of ['broken-links', 'a11y']) expect(heaps(runs, command).length).toBeLessThanOrEqual(2)
  })
})
