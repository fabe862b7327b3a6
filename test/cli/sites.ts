import { cpSync, mkdtempSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../e2e/harness.js'

/** Where scripts/install-mint.mjs installs the CLI, and the tool cache the runs look in. */
export const TOOL_CACHE = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')

/** A copy of a fixture site of test/cli/sites/ as the workspace (a real checkout is a folder of its own too). */
export function workspaceOf(site: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-site-'))
  cpSync(join(ROOT, 'test', 'cli', 'sites', site), dir, { recursive: true })
  return dir
}
