import { onTestFinished } from 'vitest'
import { GitHubSimulator } from '../simulator/github-simulator.js'
import { ServiceSimulator, type SimulatorOptions } from '../simulator/service-simulator.js'
import type { ActionName } from '../../src/inputs/catalogue.js'
import { inputsOf } from '../../src/interface/catalogue.js'
import {
  type ActionRun,
  IN_PROCESS,
  type RunOptions,
  type Runtime,
  TEST_TOKEN,
  readActionYml,
  runAction,
} from './harness.js'

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

/** The service's simulator and a fake GitHub for one test (`roles`: logins → their role), stopped when it ends. */
export async function startWorlds(
  roles: Record<string, string> = {},
): Promise<{ sim: ServiceSimulator; gh: GitHubSimulator }> {
  return { sim: await startSimulator(), gh: await startGitHub(roles) }
}

/**
 * Runs the action against `sim` with the inputs a test cares about, through the front door a
 * workflow would use: the focused action of the job `mode` names (`<mode>/action.yml`, agent when
 * none), with that action.yml's defaults and no `mode`; or, with `root: true`, the root action.yml
 * with `mode` as given (the 1.0.0 contract). With `gh`, GitHub is that fake. Fast polling where the
 * action polls.
 */
export function runAgainst(
  sim: ServiceSimulator,
  runtime: Runtime,
  inputs: Record<string, string | undefined>,
  options: Omit<RunOptions, 'inputs' | 'runtime'> & { root?: boolean; gh?: GitHubSimulator } = {},
): Promise<ActionRun> {
  const { root, gh, ...rest } = options
  // the event's repository is on `gh`: the action's GitHub requests go there
  if (gh) rest.env = { GITHUB_API_URL: gh.baseUrl, ...rest.env }
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

/**
 * The health action on its weekly schedule, in-process, with the fake GitHub's token; `github` is the
 * fake, or the address of the GitHub API the run talks to.
 */
export function runHealth(
  sim: ServiceSimulator,
  github: GitHubSimulator | string,
  inputs: Record<string, string> = {},
  options: Omit<RunOptions, 'inputs' | 'runtime'> = {},
): Promise<ActionRun> {
  const api = typeof github === 'string' ? github : github.baseUrl
  return runAgainst(
    sim,
    IN_PROCESS,
    { mode: 'health', 'github-token': TEST_TOKEN, ...inputs },
    {
      event: { name: 'schedule', payload: { schedule: '0 6 * * 1' } },
      ...options,
      env: { GITHUB_API_URL: api, ...options.env },
    },
  )
}

/** A traffic action's inputs for `from` to `to`, compared with the period before. */
export function compared(mode: 'visitors' | 'views', from: string, to: string): Record<string, string> {
  return { mode, 'date-from': from, 'date-to': to, compare: 'previous-period' }
}

/** A job's creation refused once with 429, as the service words it, with these headers (Retry-After). */
export function rateLimitedCreate(
  headers: Parameters<ServiceSimulator['addFault']>[0]['headers'],
): Parameters<ServiceSimulator['addFault']>[0] {
  return { route: 'create', status: 429, body: { error: 'Rate limit exceeded' }, headers }
}
