import { afterEach, expect } from 'vitest'
import { LocalServer } from '../simulator/local-server.js'
import { takeRenderingProblems } from './rendering.js'

/**
 * Every test file runs with this: each simulator and fake GitHub started in it checks the requests
 * it gets and the answers it gives against the real API descriptions (test/contract/), and after
 * every test none may have found a problem. So every e2e test is also a contract test, of the
 * action's requests and of the fakes' answers alike. And every summary and comment those runs produced is
 * judged as rendered (rendering.ts).
 */
LocalServer.checkContracts = true

afterEach(() => {
  const problems: string[] = []
  for (const server of LocalServer.live) problems.push(...server.contractViolations.splice(0))
  expect([...new Set(problems)].join('\n'), 'exchanges that the real API descriptions do not allow').toBe('')
  // every summary and comment the test's runs produced, as a user sees it (rendering.ts)
  expect(takeRenderingProblems().join('\n'), 'what a user would see wrong in a summary or comment').toBe('')
})
