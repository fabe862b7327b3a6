import { spawn } from 'node:child_process'

/**
 * The programs the check starts are third-party code: each gets an allow-listed environment (no
 * inputs, tokens or ACTIONS_* secrets) and a process group, ended with its children on a stop.
 */

/** What a child may read of the runner's environment: where things are, the network's settings, the locale. */
const ALLOWED = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'TEMP',
  'TMP',
  'RUNNER_TEMP',
  'RUNNER_TOOL_CACHE',
  'RUNNER_OS',
  'RUNNER_ARCH',
  'CI',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'http_proxy',
  'HTTP_PROXY',
  'https_proxy',
  'HTTPS_PROXY',
  'no_proxy',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'NODE_USE_ENV_PROXY',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  // npm's own settings that a runner sets for its registry, proxy and CA (never a token: see below)
  'npm_config_registry',
  'npm_config_cache',
  'npm_config_userconfig',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'npm_config_noproxy',
  'npm_config_cafile',
  'npm_config_strict_ssl',
  'NPM_CONFIG_REGISTRY',
  'NPM_CONFIG_CACHE',
  'NPM_CONFIG_USERCONFIG',
  'NPM_CONFIG_PROXY',
  'NPM_CONFIG_HTTPS_PROXY',
  'NPM_CONFIG_NOPROXY',
  'NPM_CONFIG_CAFILE',
  'NPM_CONFIG_STRICT_SSL',
  // Windows: what a process there needs to start at all
  'SystemRoot',
  'SYSTEMROOT',
  'windir',
  'ComSpec',
  'PATHEXT',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'ProgramData',
  'ProgramFiles',
])

/** The environment a child gets: the allowed variables that are set (LC_* too), then `extra`. */
export function childEnvironment(base: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(base))
    if (value !== undefined && (ALLOWED.has(name) || /^LC_[A-Z_]+$/.test(name))) env[name] = value
  return { ...env, ...extra }
}

export interface Ran {
  /** stdout and stderr as they came, interleaved (for the log). */
  output: string
  /** Each stream apart: their interleaving is the scheduler's, so what is read comes from these. */
  stdout: string
  stderr: string
  exitCode: number | null
  signal: NodeJS.Signals | null
}

/** Thrown when `stop` aborted a program before it ended (the caller knows why: cancelled, or out of time). */
export class StoppedError extends Error {
  constructor() {
    super('stopped')
    this.name = 'StoppedError'
  }
}

/** How long a group that was asked to end (SIGTERM) has before it is killed: a hang guard, not a verdict. */
const KILL_AFTER_MS = 3000

/** Runs a program, its output collected; on `stop` its group gets SIGTERM then SIGKILL (StoppedError). */
export function runProgram(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stop: AbortSignal },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    if (options.stop.aborted) {
      reject(new StoppedError())
      return
    }
    const windows = process.platform === 'win32'
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      // a group of its own, so that ending it ends what it started (npm's scripts, the CLI's children)
      detached: !windows,
      windowsHide: true,
      shell: windows && /\.(cmd|bat)$/i.test(command),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let stdout = ''
    let stderr = ''
    let stopped = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      stderr += chunk
    })
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (!windows && child.pid !== undefined) process.kill(-child.pid, signal)
        else child.kill(signal)
      } catch {
        // already gone
      }
    }
    let killer: NodeJS.Timeout | undefined
    const onStop = (): void => {
      stopped = true
      signalGroup('SIGTERM')
      killer = setTimeout(() => signalGroup('SIGKILL'), KILL_AFTER_MS)
      killer.unref()
    }
    options.stop.addEventListener('abort', onStop, { once: true })
    child.on('error', (error) => {
      options.stop.removeEventListener('abort', onStop)
      reject(error)
    })
    child.on('close', (exitCode, signal) => {
      options.stop.removeEventListener('abort', onStop)
      // the group may have children left that outlived their parent
      if (stopped) {
        signalGroup('SIGKILL')
        if (killer) clearTimeout(killer)
        reject(new StoppedError())
      } else resolve({ output, stdout, stderr, exitCode, signal })
    })
  })
}
