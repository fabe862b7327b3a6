import { onTestFinished } from 'vitest'
import { GitHubSimulator } from '../simulator/github-simulator.js'
import { ServiceSimulator, type SimulatorOptions } from '../simulator/service-simulator.js'
import { type ActionName, inputsOf } from '../../src/inputs/catalogue.js'
import { type ActionRun, type RunOptions, type Runtime, TEST_TOKEN, readActionYml, runAction } from './harness.js'

/** A simulator for one test, stopped when the test ends. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<ServiceSimulator> {
  const sim = new ServiceSimulator(options)
  await sim.start()
  onTestFinished(() => sim.stop())
  return sim
}

/** A fake GitHub for one test (logins → their role on the repository), stopped when the test ends. */
export async function startGitHub(roles: Record<string, string> = {}): Promise<GitHubSimulator> {
  const gh = new GitHubSimulator(TEST_TOKEN)
  for (const [login, role] of Object.entries(roles)) gh.roles.set(login, role)
  await gh.start()
  onTestFinished(() => gh.stop())
  return gh
}

/**
 * Runs the action against `sim` with the inputs a test cares about, through the front door a
 * workflow would use: the focused action of the job `mode` names (`<mode>/action.yml`, agent when
 * none), with that action.yml's defaults and no `mode`; or, with `root: true`, the root action.yml
 * with `mode` as given (the 1.0.0 contract). Fast polling where the action polls.
 */
export function runAgainst(
  sim: ServiceSimulator,
  runtime: Runtime,
  inputs: Record<string, string | undefined>,
  options: Omit<RunOptions, 'inputs' | 'runtime'> & { root?: boolean } = {},
): Promise<ActionRun> {
  const { root, ...rest } = options
  const given = Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined)) as Record<string, string>
  const action = root ? undefined : (given.mode ?? 'agent')
  if (!root) delete given.mode
  // fast polling where the job polls: the focused action declares poll-interval, or the root's mode reads it
  const polls = action
    ? 'poll-interval' in readActionYml(action).inputs
    : inputsOf((given.mode ?? 'agent') as ActionName).includes('poll-interval')
  return runAction({
    runtime,
    ...rest,
    action,
    inputs: {
      'api-key': sim.apiKey,
      'project-id': sim.projectId,
      'base-url': sim.baseUrl,
      ...(polls ? { 'poll-interval': '200ms' } : {}),
      'wait-timeout': '15s',
      ...given,
    },
  })
}
