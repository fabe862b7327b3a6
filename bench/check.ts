import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT, RUNTIMES } from '../test/e2e/harness.js'

/**
 * What the check action costs a runner, before and after the lean, locked install, side by side in
 * one run: the bundle of each (this tree's, and the one at BEFORE, taken from git), run as the runner
 * runs it on the clean fixture site (test/cli/sites/clean) with the default checks. Cold: an empty
 * tool cache and an empty npm cache, so each run installs the CLI from the npm registry. Warm: the
 * tool cache the cold run filled, as actions/cache restores it (median of 3). Wall time of the whole
 * step, and the size of what each installed.
 */

/** The last commit before the lockfile install and the side-by-side runs. */
export const BEFORE = 'a6bae22'

export interface CheckSide {
  coldMs: number
  warmMs: number
  installedBytes: number
}

export interface CheckCost {
  before: CheckSide
  after: CheckSide
}

/** The check action's files at a commit, in a folder of their own (the bundle and its action.yml). */
export function actionAt(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-action-${commit}-`))
  const archive = execFileSync('git', ['archive', commit, 'dist', 'check/action.yml'], {
    cwd: ROOT,
    maxBuffer: 1 << 30,
  })
  execFileSync('tar', ['-x', '-C', dir], { input: archive })
  return dir
}

/** One run of the check action in `root` as the runner runs it: its action.yml's defaults as INPUT_* variables. */
function timed(root: string, toolCache: string, npmCache: string): number {
  const workspace = mkdtempSync(join(tmpdir(), 'bench-check-'))
  cpSync(join(ROOT, 'test', 'cli', 'sites', 'clean'), workspace, { recursive: true })
  const temp = mkdtempSync(join(tmpdir(), 'bench-runner-'))
  writeFileSync(join(temp, 'event.json'), '{}')
  const spec = parse(readFileSync(join(root, 'check', 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>
  }
  const inputs = Object.fromEntries(
    Object.entries(spec.inputs)
      .filter(([, s]) => s.default !== undefined && !String(s.default).includes('${{'))
      .map(([name, s]) => [`INPUT_${name.toUpperCase()}`, String(s.default)]),
  )
  const started = Date.now()
  const ran = spawnSync(RUNTIMES[0].node, [join(root, 'dist', 'check', 'index.js')], {
    env: {
      PATH: process.env.PATH,
      // the runner's own home and CA settings, which the install's npm uses (a runner behind a TLS
      // proxy gives its CA as NODE_EXTRA_CA_CERTS, docs/runners.md)
      HOME: homedir(),
      ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
      npm_config_cache: npmCache,
      ...inputs,
      'INPUT_GITHUB-TOKEN': '',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: join(temp, 'event.json'),
      GITHUB_OUTPUT: join(temp, 'output'),
      GITHUB_STEP_SUMMARY: join(temp, 'summary'),
      RUNNER_TEMP: temp,
      RUNNER_TOOL_CACHE: toolCache,
    },
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 1 << 26,
  })
  const ms = Date.now() - started
  rmSync(workspace, { recursive: true, force: true })
  rmSync(temp, { recursive: true, force: true })
  if (ran.status !== 0) throw new Error(`the check at ${root} failed on the clean site: ${ran.stdout.slice(-2000)}`)
  return ms
}

function bytesOf(folder: string): number {
  return Number(execFileSync('du', ['-sb', folder], { encoding: 'utf8' }).split('\t')[0])
}

export function checkCost(): CheckCost {
  const before = actionAt(BEFORE)
  const caches = {
    before: mkdtempSync(join(tmpdir(), 'bench-tool-cache-before-')),
    after: mkdtempSync(join(tmpdir(), 'bench-tool-cache-after-')),
  }
  const npm = {
    before: mkdtempSync(join(tmpdir(), 'bench-npm-before-')),
    after: mkdtempSync(join(tmpdir(), 'bench-npm-after-')),
  }
  try {
    // cold, each from the registry into empty caches; then warm, alternated: before, after, before, …
    const coldBefore = timed(before, caches.before, npm.before)
    const coldAfter = timed(ROOT, caches.after, npm.after)
    const warm = { before: [] as number[], after: [] as number[] }
    for (let i = 0; i < 3; i++) {
      warm.before.push(timed(before, caches.before, npm.before))
      warm.after.push(timed(ROOT, caches.after, npm.after))
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1] ?? xs[0] ?? 0
    const installed = (cache: string): number =>
      existsSync(join(cache, 'mintlify-cli')) ? bytesOf(join(cache, 'mintlify-cli')) : 0
    return {
      before: { coldMs: coldBefore, warmMs: median(warm.before), installedBytes: installed(caches.before) },
      after: { coldMs: coldAfter, warmMs: median(warm.after), installedBytes: installed(caches.after) },
    }
  } finally {
    for (const dir of [before, caches.before, caches.after, npm.before, npm.after])
      rmSync(dir, { recursive: true, force: true })
  }
}

/** The last release before a CLI found in the tool cache was verified (1.8.8). */
export const UNVERIFIED = '3217d60'

export interface WarmCost {
  /** The whole step on the clean site, the CLI in the tool cache: 1.8.8 (run as found) and now (verified first). */
  unverifiedMs: number[]
  verifiedMs: number[]
  /** The verification alone (every file of the install against the shipped digest), in this process. */
  verifyMs: number[]
  files: number
  bytes: number
}

/**
 * What verifying the CLI costs a warm run: the check at UNVERIFIED and this tree's, alternated five
 * times each on one tool cache this tree's install filled (the same files for both), and the
 * verification alone five times. The runner's cache's own restore is GitHub's to time, not this
 * machine's: it is not in these figures.
 */
export async function warmCost(): Promise<WarmCost> {
  const { notTheInstall } = await import('../src/check/cli-digest.js')
  const { runnerPlatform, shippedDigest } = await import('../src/check/mint-cli.js')
  const { MINT_VERSION } = await import('../src/check/inputs.js')
  const before = actionAt(UNVERIFIED)
  const toolCache = mkdtempSync(join(tmpdir(), 'bench-tool-cache-warm-'))
  const npm = mkdtempSync(join(tmpdir(), 'bench-npm-warm-'))
  try {
    timed(ROOT, toolCache, npm)
    const cost: WarmCost = { unverifiedMs: [], verifiedMs: [], verifyMs: [], files: 0, bytes: 0 }
    for (let i = 0; i < 5; i++) {
      cost.unverifiedMs.push(timed(before, toolCache, npm))
      cost.verifiedMs.push(timed(ROOT, toolCache, npm))
    }
    const expected = await shippedDigest(MINT_VERSION, runnerPlatform())
    if (!expected) throw new Error('no shipped digest for this platform')
    const folder = join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const why = notTheInstall(folder, expected)
      cost.verifyMs.push(performance.now() - started)
      if (why !== undefined) throw new Error(`the install is not the one the digest describes: ${why}`)
    }
    return { ...cost, files: expected.files, bytes: expected.bytes }
  } finally {
    for (const dir of [before, toolCache, npm]) rmSync(dir, { recursive: true, force: true })
  }
}
