import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, test } from 'vitest'
import { RUNTIMES } from '../e2e/harness.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { HOSTILE_PULL, checkHostilePull, holds } from './hostile-pulls.js'

/**
 * test/in-process/check-hostile.test.ts's generated pull requests on the real Mintlify CLI, through
 * the bundle: 30 seeded cases. What the CLI prints of them is not kept (a folder of this run's
 * own): each case is new, and npm test's half makes the CLI's report from the tree instead.
 */
describe("the check on a hostile author's pull requests, on the real CLI", () => {
  const recordings = mkdtempSync(join(tmpdir(), 'hostile-recordings-'))
  const cases = fc.sample(HOSTILE_PULL, { numRuns: 30, seed: 71 })
  test.each(cases.map((pull, i) => [i + 1, pull] as const))('case %i', async (_, pull) => {
    holds(pull, await checkHostilePull(pull, RUNTIMES[0], fakeToolCache('record', recordings)))
  })
})
