import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, test } from 'vitest'
import { RUNTIMES } from '../e2e/harness.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { VERDICT_PULL, checkVerdictPull, holdsVerdict } from './verdict-pulls.js'

/**
 * test/in-process/check-verdict.test.ts's generated pull requests on the real Mintlify CLI, through
 * the bundle at its default inputs: 30 seeded cases, each held to what the real CLI printed in the
 * run itself. What it printed is not kept (a folder of this run's own).
 */
describe('the verdict at default inputs, against what the real CLI reported', () => {
  const recordings = mkdtempSync(join(tmpdir(), 'verdict-recordings-'))
  const cases = fc.sample(VERDICT_PULL, { numRuns: 30, seed: 72 })
  test.each(cases.map((pull, i) => [i + 1, pull] as const))('case %i', async (_, pull) => {
    holdsVerdict(pull, await checkVerdictPull(pull, RUNTIMES[0], fakeToolCache('record', recordings)))
  })
})
