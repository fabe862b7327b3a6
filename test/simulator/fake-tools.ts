import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI_ENTRY } from '../../src/check/mint-cli.js'
import { MINT_VERSION } from '../../src/check/inputs.js'
import { ROOT } from '../e2e/harness.js'

/**
 * The programs the check action starts, as tests have them: the Mintlify CLI (fake-mint.mjs: the real
 * CLI's recorded output, or the real CLI recording it, or a hang) installed in a tool cache of the
 * test's own, in the folder the action installs it to; and npm (fake-npm.mjs) on a PATH of the
 * test's own, which installs that fake CLI, hangs or fails, and writes down what it was given.
 */

/** Where the recordings of the real CLI live (the real-CLI suite writes them, npm test reads them). */
export const RECORDINGS = join(ROOT, 'test', 'cli', 'recordings')

/** The real CLI, where scripts/install-mint.mjs installed it. */
export const REAL_TOOL_CACHE = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')
export const REAL_CLI = join(REAL_TOOL_CACHE, 'mintlify-cli', MINT_VERSION, process.arch, ...CLI_ENTRY)

/** The folder of the CLI's entry in an install (`node_modules/@mintlify/cli/bin`): the fake and its files live there. */
const entryFolder = (folder: string): string => join(folder, ...CLI_ENTRY.slice(0, -1))

/** The variable naming the real-CLI suite's folder of what the CLI printed in this run (fake-mint.mjs). */
export const RECORDED_THIS_RUN = 'MINT_RECORDED_THIS_RUN'
/** The variable naming the real-CLI suite's compile cache for the real CLI (fake-mint.mjs). */
export const COMPILED_THIS_RUN = 'MINT_COMPILED_THIS_RUN'

/**
 * `lose-verdict`: replay, but each command's first run on a tree prints only the spinner, as mint on
 * a busy machine; `model`: the report made from the tree by fake-mint.mjs's model of the CLI.
 */
export type MintMode = 'replay' | 'record' | 'hang' | 'lose-verdict' | 'model'

export interface FakeCli {
  toolCache: string
  /** A PATH whose npm installs this fake CLI into the tool cache. */
  path: string
  /** What that npm installs (its node_modules). */
  template: string
  /** The folder the CLI is installed in (`<tool cache>/mintlify-cli/<version>/<arch>`). */
  folder: string
  /** Each run of the CLI: its arguments and every variable it was given. */
  runs(): Array<{ args: string[]; env: Record<string, string> }>
  /** Each hung CLI's process and its child's. */
  pids(): Array<{ cli: number; child: number }>
  /** What each run of the CLI printed, where it ran, with its arguments (the real CLI's words when recording). */
  printed(): Printed[]
}

/** One run of the fake CLI, as it wrote it down (fake-mint.mjs, printed.jsonl). */
export interface Printed {
  args: string[]
  cwd: string
  stdout: string
  exitCode: number
}

/** The CLI's packages the check's listing of OpenAPI documents loads (src/check/mint-cli.ts, OPENAPI_LISTING). */
const CLI_MODULES = ['prebuild', 'common', 'validation', 'link-rot']

/** Writes the fake CLI into `folder` (what an install leaves there); `hungry`: the share of the free memory it needs (fake-mint.mjs). */
export function writeFakeCli(
  folder: string,
  mode: MintMode,
  version = MINT_VERSION,
  recordings = RECORDINGS,
  hungry?: number,
): void {
  const mint = join(folder, 'node_modules', 'mint')
  mkdirSync(mint, { recursive: true })
  writeFileSync(join(mint, 'package.json'), JSON.stringify({ name: 'mint', version, type: 'module' }))
  const bin = entryFolder(folder)
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, '..', 'package.json'), JSON.stringify({ name: '@mintlify/cli', version, type: 'module' }))
  writeFileSync(join(bin, 'start.js'), `import ${JSON.stringify(join(ROOT, 'test', 'simulator', 'fake-mint.mjs'))}\n`)
  // recording, what the real CLI printed earlier in the suite is kept in the suite's own folder
  // (test/cli/recorded-this-run.ts) and answers the same command on the same tree again
  const memo = mode === 'record' ? process.env[RECORDED_THIS_RUN] : undefined
  const compiled = mode === 'record' ? process.env[COMPILED_THIS_RUN] : undefined
  writeFileSync(
    join(bin, 'fake-mint.json'),
    JSON.stringify({
      mode,
      recordings,
      real: REAL_CLI,
      ...(hungry ? { hungry } : {}),
      ...(memo ? { memo } : {}),
      ...(compiled ? { compiled } : {}),
    }),
  )
  // recording, the CLI's own modules beside the fake, as an install has them: the check's listing
  // of the pages OpenAPI documents generate runs the real CLI's code
  if (mode === 'record')
    for (const name of CLI_MODULES) {
      const real = join(REAL_CLI, '..', '..', '..', name)
      if (existsSync(real)) symlinkSync(real, join(folder, 'node_modules', '@mintlify', name), 'dir')
    }
}

/** Each run of the fake CLI installed in `folder`: its arguments and every variable it was given. */
export function cliRuns(folder: string): Array<{ args: string[]; env: Record<string, string> }> {
  const file = join(entryFolder(folder), 'env.jsonl')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { args: string[]; env: Record<string, string> })
}

/**
 * An empty tool cache, and a PATH whose npm installs the fake CLI (in `mode`, recording into
 * `recordings`: another folder keeps a generated case's out of the committed ones) there: the action
 * verifies any CLI it finds against the digest it ships (src/check/cli-digest.ts), which no fake
 * is, so a test's CLI is the one its run installs.
 */
export function fakeToolCache(mode: MintMode, recordings = RECORDINGS): FakeCli {
  const toolCache = mkdtempSync(join(tmpdir(), 'tool-cache-'))
  const folder = join(toolCache, 'mintlify-cli', MINT_VERSION, process.arch)
  const template = mkdtempSync(join(tmpdir(), 'fake-cli-'))
  writeFakeCli(template, mode, MINT_VERSION, recordings)
  const npm = fakeNpm('install', template)
  return {
    toolCache,
    folder,
    template,
    path: npm.path,
    runs: () => cliRuns(folder),
    printed: () => {
      const file = join(entryFolder(folder), 'printed.jsonl')
      if (!existsSync(file)) return []
      return readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Printed)
    },
    pids: () => {
      const bin = entryFolder(folder)
      return readdirSync(bin)
        .filter((f) => /^pids-\d+\.json$/.test(f))
        .map((f) => JSON.parse(readFileSync(join(bin, f), 'utf8')) as { cli: number; child: number })
    },
  }
}

/** The variables a run is given for a fake CLI: its tool cache, and the PATH whose npm installs it there. */
export const toolCacheEnv = (cli: FakeCli): Record<string, string> => ({
  RUNNER_TOOL_CACHE: cli.toolCache,
  PATH: cli.path,
})

export type NpmMode = 'install' | 'hang' | 'fail' | 'copy'

export interface FakeNpm {
  /** A PATH that finds this npm first. */
  path: string
  /** Each run: its arguments, folder, environment and the package files it found there. */
  runs(): Array<{ args: string[]; cwd: string; env: Record<string, string>; packageJson?: string; lock?: string }>
  pids(): { npm: number; child: number } | undefined
}

/**
 * npm as a script: `install` leaves the fake CLI (`template`'s, else one replaying) where npm was
 * asked to install; `copy` leaves a copy of the real install in `template` (the real CLI's folder).
 */
export function fakeNpm(mode: NpmMode, template?: string): FakeNpm {
  const bin = mkdtempSync(join(tmpdir(), 'fake-npm-'))
  const config = join(bin, 'fake-npm.json')
  writeFileSync(
    config,
    JSON.stringify({
      mode,
      log: join(bin, 'runs.jsonl'),
      pids: join(bin, 'pids.json'),
      ...(template ? (mode === 'copy' ? { from: template } : { template }) : {}),
    }),
  )
  const script = join(ROOT, 'test', 'simulator', 'fake-npm.mjs')
  writeFileSync(
    join(bin, 'npm'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} ${JSON.stringify(config)} "$@"\n`,
  )
  chmodSync(join(bin, 'npm'), 0o755)
  return {
    path: `${bin}:${process.env.PATH ?? ''}`,
    runs: () => {
      const file = join(bin, 'runs.jsonl')
      if (!existsSync(file)) return []
      return readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as ReturnType<FakeNpm['runs']>[number])
    },
    pids: () => {
      const file = join(bin, 'pids.json')
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { npm: number; child: number }) : undefined
    },
  }
}

/** Whether a process is still there (signal 0 asks without sending). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
