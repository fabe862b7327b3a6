import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { external } from '../util/text.js'

/**
 * The Mintlify CLI (npm package `mint`) at a pinned version: installed once per runner into the
 * tool cache (RUNNER_TOOL_CACHE/mintlify-cli/<version>, the folder `actions/cache` keeps between
 * runs), run under the action's own Node with telemetry, colour and the spinner off.
 */

/** Where a version lives: `<tool cache>/mintlify-cli/<version>`. */
function cliFolder(toolCache: string, version: string): string {
  return join(toolCache, 'mintlify-cli', version)
}

/** The CLI's entry script in a folder it was installed into. */
function cliEntry(folder: string): string {
  return join(folder, 'node_modules', 'mint', 'index.js')
}

/** The environment the CLI runs in: no telemetry (its -t flag does not do it), no colour, no spinner. */
export function cliEnvironment(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    CI: 'true',
    MINTLIFY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
  }
  delete env.FORCE_COLOR
  return env
}

export interface Ran {
  /** stdout and stderr as they came, interleaved. */
  output: string
  exitCode: number | null
  signal: NodeJS.Signals | null
}

/** Runs a program to its end, its output collected (never printed as it comes: the caller reads it first). */
export function runProgram(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      signal: options.signal,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.on('error', reject)
    child.on('close', (exitCode, signal) => resolve({ output, exitCode, signal }))
  })
}

export interface Installed {
  entry: string
  /** Whether this run installed it (a cold run) or found it (a warm one). */
  installed: boolean
  ms: number
}

/**
 * The CLI at `version`, installed into the tool cache if it is not there yet. `npm` is the runner's
 * (GitHub's runners have it; a self-hosted one without it needs actions/setup-node first).
 */
export async function ensureCli(options: {
  toolCache: string
  version: string
  env: NodeJS.ProcessEnv
  signal: AbortSignal
  now: () => number
  log: (message: string) => void
}): Promise<Installed> {
  const folder = cliFolder(options.toolCache, options.version)
  const entry = cliEntry(folder)
  const start = options.now()
  if (existsSync(entry)) return { entry, installed: false, ms: options.now() - start }
  options.log(`Installing the Mintlify CLI (mint@${options.version}) into ${folder}: about 1 GB, a minute or two.`)
  let ran: Ran
  try {
    ran = await runProgram(
      'npm',
      ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel=error', `mint@${options.version}`],
      { cwd: options.toolCache, env: options.env, signal: options.signal },
    )
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT')
      throw new Error(
        'npm was not found on this runner, so the Mintlify CLI could not be installed: add actions/setup-node before this step.',
      )
    throw error
  }
  if (ran.exitCode !== 0 || !existsSync(entry))
    throw new Error(
      `npm could not install mint@${options.version} (exit code ${ran.exitCode ?? 'none'}): ${external(ran.output.trim().split('\n').slice(-5).join(' '), 500)}`,
    )
  return { entry, installed: true, ms: options.now() - start }
}
