import { readFileSync } from 'node:fs'
import { withoutTrailing } from '../util/text.js'

/**
 * The run as the runner's environment describes it, read without loading @actions/github. Links are
 * built from GITHUB_SERVER_URL (github.com or an Enterprise Server's).
 */
export interface RunContext {
  eventName: string
  payload: unknown
  owner: string
  repo: string
  serverUrl: string
  /** This run's page, only when whole: a hand run has none, and a missing one never matches. */
  runUrl: string | undefined
  /** The account that started the run (for agent-mode entries in a thread's tracking comment). */
  actor: string
  /** The commit the run is for (GITHUB_SHA); '' when not set. */
  sha: string
  /** Where the repository is checked out (GITHUB_WORKSPACE), else the working directory. */
  workspace: string
  /** The runner's tool cache (RUNNER_TOOL_CACHE), where tools installed once per runner live; '' when not set. */
  toolCache: string
}

export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  let payload: unknown = {}
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'))
    } catch {
      payload = {}
    }
  }
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const serverUrl = withoutTrailing(env.GITHUB_SERVER_URL || 'https://github.com', '/')
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload,
    owner,
    repo,
    serverUrl,
    runUrl: runUrlOf(serverUrl, owner, repo, env.GITHUB_RUN_ID),
    actor: env.GITHUB_ACTOR ?? '',
    sha: env.GITHUB_SHA ?? '',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    toolCache: env.RUNNER_TOOL_CACHE ?? '',
  }
}

/** The run's page, only when whole: the repository and a numeric run id. */
function runUrlOf(serverUrl: string, owner: string, repo: string, runId: string | undefined): string | undefined {
  return owner && repo && runId !== undefined && /^\d+$/.test(runId)
    ? `${serverUrl}/${owner}/${repo}/actions/runs/${runId}`
    : undefined
}

/** Who opened what the event is about (`reviewers: author`): a pull request's, an issue's, a push's; never a bot. */
export function eventAuthor(payload: unknown): string | undefined {
  type User = { login?: unknown; type?: unknown }
  const p = payload as { pull_request?: { user?: User }; issue?: { user?: User }; pusher?: { name?: unknown } }
  const user = p.pull_request?.user ?? p.issue?.user
  if (user && typeof user.login === 'string') return user.type === 'Bot' ? undefined : user.login
  return typeof p.pusher?.name === 'string' ? p.pusher.name : undefined
}
