import { describe, test } from 'vitest'
import { IN_PROCESS } from '../e2e/harness.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { EXAMPLE_RUNS, GENERATED, SCENARIOS, checkEveryRun, runScenario } from '../cli/scenarios.js'
import { PAGE_SCENARIOS } from '../cli/page-cases.js'
import { HOSTILE_SCENARIOS } from '../cli/hostile-cases.js'

/**
 * The check action's cases (test/cli/scenarios.ts) in-process, against the fake CLI: the real CLI's
 * own output for the same tree and command, recorded by the real-CLI suite (npm run test:cli), so
 * the check's run, its comparison with the base, its annotations and summary are held by npm test.
 */
describe('the check action', () => {
  for (const scenario of [...SCENARIOS, ...GENERATED, ...EXAMPLE_RUNS, ...PAGE_SCENARIOS, ...HOSTILE_SCENARIOS])
    test(scenario.name, async () => {
      const cli = fakeToolCache('replay')
      const { run, gh, sim, workspace, touched } = await runScenario(scenario, IN_PROCESS, {
        toolCache: cli.toolCache,
        path: cli.path,
      })
      scenario.check(run, gh, sim)
      checkEveryRun(run, workspace, touched)
    })
})
