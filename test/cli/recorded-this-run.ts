import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { COMPILED_THIS_RUN, RECORDED_THIS_RUN } from '../simulator/fake-tools.js'

/**
 * The real-CLI suite's global set-up: a folder for this run only, where the recording shim
 * (test/simulator/fake-mint.mjs) keeps what the real CLI printed, so a command the CLI already ran
 * on the same tree is answered with the same bytes instead of run again. Its workers inherit the
 * variable, and Node's compile cache for the real CLI beside it; both are removed when the suite
 * ends, so no run reads another's.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'mint-recorded-'))
  process.env[RECORDED_THIS_RUN] = folder
  process.env[COMPILED_THIS_RUN] = `${folder}-compiled`
  return () => {
    rmSync(folder, { recursive: true, force: true })
    rmSync(`${folder}-compiled`, { recursive: true, force: true })
  }
}
