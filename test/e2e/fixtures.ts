import { onTestFinished } from 'vitest'
import { GitHubSimulator } from '../simulator/github-simulator.js'
import { ServiceSimulator, type SimulatorOptions } from '../simulator/service-simulator.js'
import { type ActionRun, type RunOptions, type Runtime, TEST_TOKEN, runAction } from './harness.js'

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

/** Runs the action against `sim` with the inputs a test cares about; fast polling by default. */
export function runAgainst(sim: ServiceSimulator, runtime: Runtime, inputs: Record<string, string | undefined>, options: Omit<RunOptions, 'inputs' | 'runtime'> = {}): Promise<ActionRun> {
  return runAction({
    runtime,
    ...options,
    inputs: {
      'api-key': sim.apiKey,
      'project-id': sim.projectId,
      'base-url': sim.baseUrl,
      'poll-interval': '200ms',
      'wait-timeout': '15s',
      ...(Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined)) as Record<string, string>),
    },
  })
}
