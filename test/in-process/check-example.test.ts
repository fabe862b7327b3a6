import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { IN_PROCESS, ROOT } from '../e2e/harness.js'
import { exampleSteps, resolve } from '../e2e/example-steps.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { SCENARIOS, type Scenario, problemsOf, runScenario } from '../cli/scenarios.js'

/**
 * examples/docs-check.yml's check step as written, its expressions resolved as GitHub resolves them
 * for a team with no key stored: on a pull request from a branch of the repository and on a push to
 * main, on a site at the repository's root with problems of its own from before (the fake CLI
 * replays the real CLI's output).
 */

const typoFix = SCENARIOS.find((s) => s.name.startsWith('a pull request that fixes a typo')) as Scenario
const step = exampleSteps('docs-check.yml').find((s) => s.id === 'check')

/** The step's inputs as a run of `event` with no secret and no variable resolves them. */
function inputsFor(event: 'pull_request' | 'push'): Record<string, string> {
  const bindings = {
    "github.event_name == 'push' && 'warn' || 'fail'": event === 'push' ? 'warn' : 'fail',
    'secrets.MINTLIFY_API_KEY': '',
    'vars.MINTLIFY_PROJECT_ID': '',
    'github.event.pull_request.head.repo.full_name == github.repository': event === 'push' ? 'false' : 'true',
  }
  return Object.fromEntries(Object.entries(step?.with ?? {}).map(([name, value]) => [name, resolve(value, bindings)]))
}

describe('the docs check example as written', () => {
  test('finds the docs at the root: no docs-path, and no paths: filter to leave a required check waiting', () => {
    expect(step?.with).not.toHaveProperty('docs-path')
    expect(step?.with).not.toHaveProperty('min-views')
    const on = (
      parse(readFileSync(join(ROOT, 'examples', 'docs-check.yml'), 'utf8')) as { on: Record<string, unknown> }
    ).on
    expect(Object.keys(on)).toEqual(['pull_request', 'push'])
    expect(JSON.stringify(on)).not.toContain('paths')
  })

  test('a pull request from a branch, no key stored: checked against its base, fix said not to apply, never an error', async () => {
    const run = (
      await runScenario({ ...typoFix, inputs: inputsFor('pull_request') }, IN_PROCESS, {
        toolCache: fakeToolCache('replay').toolCache,
      })
    ).run
    expect(run.code).toBe(0)
    expect(problemsOf(run).problems.map((p) => p.status)).toEqual(['known', 'known'])
    expect(run.warnings.filter((w) => w.startsWith('Input'))).toEqual([
      `Input "fix" is read only with api-key and project-id (the problems go to the agent's job as a follow-up), so it was ignored.`,
    ])
    expect(run.errors).toEqual([])
  })

  test('the push to main on a site with problems from before: listed as warnings, the job green, the cache kept warm', async () => {
    const push: Scenario = {
      name: 'the push',
      head: typoFix.base ?? {},
      inputs: inputsFor('push'),
      check: () => undefined,
    }
    const run = (await runScenario(push, IN_PROCESS, { toolCache: fakeToolCache('replay').toolCache })).run
    expect(run.code).toBe(0)
    expect(problemsOf(run).problems.map((p) => p.status)).toEqual(['new', 'new'])
    expect(run.warnings.filter((w) => w.startsWith('Input'))).toEqual([])
    expect(run.errors).toEqual([])
  })
})
