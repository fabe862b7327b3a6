import fc from 'fast-check'
import { describe, test } from 'vitest'
import { IN_PROCESS } from '../e2e/harness.js'
import { HOSTILE_PULL, checkHostilePull, holds } from '../cli/hostile-pulls.js'
import { propertyRuns } from '../unit/property-runs.js'

/**
 * Generated pull requests of a hostile author (test/cli/hostile-pulls.ts), the CLI's report made as
 * data from each tree (the fake CLI's model mode): whatever they hold, the check writes no byte in
 * the workspace, where its links lead or in the installed CLI, and every patch it offers is one the
 * fix example applies. The same on the real CLI: test/cli/check-hostile.cli.test.ts.
 */
describe("the check on a hostile author's pull requests", () => {
  test('property: nothing written outside its folder, every patch one the example applies', async () => {
    await fc.assert(
      fc.asyncProperty(HOSTILE_PULL, async (pull) => holds(pull, await checkHostilePull(pull, IN_PROCESS))),
      { numRuns: propertyRuns(25), seed: 71 },
    )
  })
})
