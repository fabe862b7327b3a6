import { describe, test } from 'vitest'
import { RUNTIMES } from '../e2e/harness.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { EXAMPLE_RUNS, GENERATED, REAL_CLI_SCENARIOS, SCENARIOS, checkEveryRun, runScenario } from './scenarios.js'
import { PAGE_REAL_CLI_SCENARIOS, PAGE_SCENARIOS } from './page-cases.js'
import { HOSTILE_SCENARIOS } from './hostile-cases.js'

/**
 * The check action's cases (scenarios.ts) against the real Mintlify CLI, through the bundle on Node 24:
 * the CLI installed by the action's own install (scripts/install-mint.mjs), run through the recording
 * shim (test/simulator/fake-mint.mjs in record mode), which keeps each output byte for byte in
 * test/cli/recordings/ for npm test's fake. .ci/run fails when a recording changed: the fake then
 * no longer says what the real CLI says. The cases are dealt in two halves, one a test file, so
 * the runner's workers check them side by side.
 */
export function everyCaseOnTheRealCli(half: 0 | 1): void {
  const cases = [
    ...SCENARIOS,
    ...GENERATED,
    ...EXAMPLE_RUNS,
    ...REAL_CLI_SCENARIOS,
    ...PAGE_SCENARIOS,
    ...PAGE_REAL_CLI_SCENARIOS,
    ...HOSTILE_SCENARIOS,
  ].filter((_, i) => i % 2 === half)
  describe(`the check action on the real Mintlify CLI: every case (half ${half + 1} of 2)`, () => {
    for (const scenario of cases)
      test(scenario.name, async () => {
        const cli = fakeToolCache('record')
        const { run, gh, sim, workspace, touched } = await runScenario(scenario, RUNTIMES[0], {
          toolCache: cli.toolCache,
          path: cli.path,
        })
        scenario.check(run, gh, sim)
        checkEveryRun(run, workspace, touched)
      })
  })
}
