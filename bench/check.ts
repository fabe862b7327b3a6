import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, RUNTIMES, runAction } from '../test/e2e/harness.js'

/**
 * What the check action costs a runner: the bundle, run as the runner runs it, on the clean fixture
 * site (test/cli/sites/clean) with the default checks. Cold: an empty tool cache, so the run installs
 * the pinned CLI from the npm registry (about 1 GB) first. Warm: the tool cache scripts/install-mint.mjs
 * filled, as actions/cache restores it. Wall time of the whole step.
 */
export interface CheckCost {
  coldMs: number
  warmMs: number
}

async function timed(toolCache: string): Promise<number> {
  const workspace = mkdtempSync(join(tmpdir(), 'bench-check-'))
  cpSync(join(ROOT, 'test', 'cli', 'sites', 'clean'), workspace, { recursive: true })
  const started = Date.now()
  const run = await runAction({
    runtime: RUNTIMES[0],
    action: 'check',
    inputs: {},
    // the runner's own home and CA settings, which the install's npm uses (a runner behind a TLS
    // proxy gives its CA as NODE_EXTRA_CA_CERTS, docs/runners.md)
    env: {
      GITHUB_WORKSPACE: workspace,
      RUNNER_TOOL_CACHE: toolCache,
      HOME: homedir(),
      ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
    },
    event: { name: 'push', payload: {} },
    killAfterMs: 600_000,
  })
  const ms = Date.now() - started
  rmSync(workspace, { recursive: true, force: true })
  if (run.code !== 0) throw new Error(`the check failed on the clean site: ${run.errors.join(' ')}`)
  return ms
}

export async function checkCost(): Promise<CheckCost> {
  const warmCache = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')
  const cold = mkdtempSync(join(tmpdir(), 'bench-tool-cache-'))
  try {
    const coldMs = await timed(cold)
    const warm: number[] = []
    for (let i = 0; i < 3; i++) warm.push(await timed(warmCache))
    warm.sort((a, b) => a - b)
    return { coldMs, warmMs: warm[1] ?? warm[0] ?? 0 }
  } finally {
    rmSync(cold, { recursive: true, force: true })
  }
}
