import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Start-up: `node dist/index.js` up to the point where it has checked its inputs (a run that fails
 * input validation, with the runner's environment: GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), against a
 * bare `node -e 0`, alternated run by run, median of each.
 */
export interface StartupResult {
  runtime: string
  runs: number
  bareMs: number
  actionMs: number
  ratio: number
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function timeRun(node: string, args: string[], env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint()
  const result = spawnSync(node, args, { env, stdio: 'ignore' })
  if (result.error) throw result.error
  return Number(process.hrtime.bigint() - start) / 1e6
}

/** `entry`: the root's dist/index.js, or a focused action's dist/<name>/index.js. */
export function measureStartup(
  root: string,
  runtime: string,
  node: string,
  runs: number,
  entry = join('dist', 'index.js'),
): StartupResult {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'))
  const env = {
    PATH: process.env.PATH,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    'INPUT_API-KEY': 'mint_bench_key_000000000000',
    'INPUT_PROJECT-ID': 'proj_bench',
    INPUT_PROMPT: 'Document the webhook endpoint',
    'INPUT_WAIT-TIMEOUT': '5 minutes', // the input error that ends the run
  }
  writeFileSync(env.GITHUB_OUTPUT, '')
  writeFileSync(env.GITHUB_STEP_SUMMARY, '')
  const action = join(root, entry)
  // warm the file cache for both, then alternate so that drift hits both alike
  timeRun(node, ['-e', '0'], { PATH: env.PATH })
  timeRun(node, [action], env)
  const bare: number[] = []
  const act: number[] = []
  for (let i = 0; i < runs; i++) {
    bare.push(timeRun(node, ['-e', '0'], { PATH: env.PATH }))
    act.push(timeRun(node, [action], env))
  }
  const bareMs = median(bare)
  const actionMs = median(act)
  return { runtime, runs, bareMs, actionMs, ratio: actionMs / bareMs }
}

export function distSize(root: string): { total: number; entry: number; files: number } {
  const dir = join(root, 'dist')
  let total = 0
  const files = readdirSync(dir)
  for (const f of files) total += statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0
  return { total, entry: statSync(join(dir, 'index.js')).size, files: files.length }
}
