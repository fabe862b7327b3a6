import { execFile } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'

/**
 * The layers of src/ (stated in .dependency-cruiser.cjs): no import runs back up, none goes round in
 * a circle, every package is declared and used through its public entry points. Checked with
 * dependency-cruiser on the source as it is, and shown to catch a planted upward import.
 */

interface Violation {
  rule: { name: string }
  from: string
  to: string
}

async function cruise(cwd: string): Promise<Violation[]> {
  const bin = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [bin, 'src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations
}

/** A copy of the project's src/ (and what resolving it needs) to plant a change in. */
function copyOfSrc(): string {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'))
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true })
  for (const file of ['tsconfig.json', 'package.json']) cpSync(join(ROOT, file), join(dir, file))
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return dir
}

describe('the layers of src/', () => {
  // one run of the tool over a copy of src/ with two planted files (nothing imports them, so they
  // make no circle): exactly their two upward imports are reported, so the rules work and the real
  // tree breaks none of them
  test('no arrow runs back up, no circle, no undeclared or private package import; a planted upward import from util/ and from a domain folder, service/ importing inputs/, a feature importing another or the interface, the inputs of a feature importing its code and modes/ a feature, each fail', async () => {
    const dir = copyOfSrc()
    writeFileSync(
      join(dir, 'src/util/planted.ts'),
      "import { run } from '../agent/mode.js'\nexport const planted = run\n",
    )
    writeFileSync(
      join(dir, 'src/github/planted.ts'),
      "import { renderAgentSummary } from '../summary/agent-summary.js'\nexport const planted = renderAgentSummary\n",
    )
    writeFileSync(
      join(dir, 'src/service/planted.ts'),
      "import { problem } from '../inputs/problem.js'\nexport const planted = problem\n",
    )
    // a feature reads no other's settings, only its own inputs; its inputs.ts only the inputs' machinery
    writeFileSync(
      join(dir, 'src/health/planted.ts'),
      "import { INPUTS } from '../interface/catalogue.js'\nexport const planted = INPUTS\n",
    )
    appendFileSync(
      join(dir, 'src/check/inputs.ts'),
      "import { byReaders } from './readers.js'\nexport const planted = byReaders\n",
    )
    // a feature folder imports no other feature, and modes/ (every mode's context) no feature
    writeFileSync(
      join(dir, 'src/check/planted.ts'),
      "import { run } from '../agent/mode.js'\nexport const planted = run\n",
    )
    writeFileSync(
      join(dir, 'src/modes/planted.ts'),
      "import { byReaders } from '../check/readers.js'\nexport const planted = byReaders\n",
    )
    const violations = (await cruise(dir)).map((v) => [v.rule.name, v.from, v.to])
    expect(violations.sort()).toEqual([
      ['feature-inputs-only-inputs', 'src/check/inputs.ts', 'src/check/readers.ts'],
      ['no-context-to-feature', 'src/modes/planted.ts', 'src/check/readers.ts'],
      ['no-feature-to-feature-from-check', 'src/check/planted.ts', 'src/agent/mode.ts'],
      ['no-service-to-inputs', 'src/service/planted.ts', 'src/inputs/problem.ts'],
      ['no-upward-from-domain', 'src/github/planted.ts', 'src/summary/agent-summary.ts'],
      ['no-upward-from-features', 'src/health/planted.ts', 'src/interface/catalogue.ts'],
      ['no-upward-from-util', 'src/util/planted.ts', 'src/agent/mode.ts'],
    ])
  })
})
