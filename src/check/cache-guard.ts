import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { readText } from './tree-copy.js'

/**
 * The runner's cache as the check uses it, guarded as it unpacks an entry. @actions/cache runs `tar
 * -xf … -P` (GNU tar as `gtar` on macOS where it is installed), and `-P` writes a member with an
 * absolute name or a `..` where its name says; anyone who can push can write a pull request's cache
 * scope. So a stand-in `tar` and `gtar`, first on PATH, list the entry and refuse it (the restore
 * fails) unless every member is one the check expects, then run the real program without `-P`. On
 * Windows the cache client runs tar.exe by its full path, which no stand-in can take the place of:
 * there nothing is restored at all.
 */

/** What the stand-in says as it refuses an entry (guardRefused reads it back). */
const GUARD_REFUSAL = "the entry holds files besides the check's own, not unpacked"

const STAND_IN = `import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
const here = process.env.MINTLIFY_CHECK_TAR_GUARD ?? ''
const [program, ...args] = process.argv.slice(2)
const real = (process.env.PATH ?? '').split(delimiter).filter((d) => d && d !== here).map((d) => join(d, program)).find((f) => existsSync(f))
if (!real) { process.stderr.write('no ' + program + ' on PATH\\n'); process.exit(127) }
const allowed = new Set(JSON.parse(process.env.MINTLIFY_CHECK_TAR_MEMBERS ?? '[]'))
const under = JSON.parse(process.env.MINTLIFY_CHECK_TAR_UNDER ?? '[]')
const plain = (m) => !m.startsWith('/') && !m.includes('\\\\') && m.split('/').every((p) => p !== '' && p !== '.' && p !== '..')
const inside = (m) => allowed.has(m) || (plain(m) && under.some((folder) => m === folder || m.startsWith(folder + '/')))
const run = (list, options) => spawnSync(real, list, options)
if (args.includes('-xf')) {
  const listed = run(args.map((a) => (a === '-xf' ? '-tf' : a)), { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (listed.status !== 0) { process.stderr.write(listed.stderr ?? ''); process.exit(listed.status ?? 1) }
  const foreign = listed.stdout.split('\\n').filter((m) => m !== '' && !inside(m.replace(/\\/+$/, '')))
  if (foreign.length > 0) {
    const said = ${JSON.stringify(GUARD_REFUSAL)} + ' (' + foreign.length + ': ' + foreign.slice(0, 3).join(', ') + ')'
    writeFileSync(join(here, 'refused'), said)
    process.stderr.write(said + '\\n')
    process.exit(2)
  }
  process.exit(run(args.filter((a) => a !== '-P'), { stdio: 'inherit' }).status ?? 1)
}
process.exit(run(args, { stdio: 'inherit' }).status ?? 1)
`

/** What the stand-in in `folder` refused, if it refused an entry (its words, for the restore's why). */
export function guardRefused(folder: string): string | undefined {
  const said = readText(join(folder, 'bin', 'refused'))
  rmSync(join(folder, 'bin', 'refused'), { force: true })
  return said
}

/** The members an entry may hold: these files (and their folders), and anything under these folders. */
export interface Allowed {
  members?: readonly string[]
  under?: readonly string[]
}

/**
 * Makes the stand-ins in `folder` for an entry of these members, and returns the environment the
 * cache client is to run with; undefined on Windows (no stand-in can take tar.exe's place).
 */
export function tarGuard(folder: string, allowed: Allowed, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv | undefined {
  if (process.platform === 'win32') return undefined
  const bin = join(folder, 'bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, 'guard.mjs'), STAND_IN)
  for (const program of ['tar', 'gtar']) {
    writeFileSync(
      join(bin, program),
      `#!/bin/sh\nexec "${process.execPath}" "${join(bin, 'guard.mjs')}" ${program} "$@"\n`,
    )
    chmodSync(join(bin, program), 0o755)
  }
  const members = new Set<string>()
  for (const member of allowed.members ?? []) {
    const parts = member.split('/')
    for (let n = 1; n <= parts.length; n++) members.add(parts.slice(0, n).join('/'))
  }
  return {
    PATH: `${bin}${delimiter}${env.PATH ?? ''}`,
    MINTLIFY_CHECK_TAR_GUARD: bin,
    MINTLIFY_CHECK_TAR_MEMBERS: JSON.stringify([...members]),
    MINTLIFY_CHECK_TAR_UNDER: JSON.stringify(allowed.under ?? []),
  }
}

/** What the cache service does, as @actions/cache does it (restore answers the key it found, if any). */
export interface CacheService {
  available(): boolean
  restore(paths: string[], key: string): Promise<string | undefined>
  /** Whether it was saved (false: the key was taken, by another run). */
  save(paths: string[], key: string): Promise<boolean>
}

/** A restore: the entry unpacked, or why not (`rejected`: there is an entry at the key, and it is not the check's). */
export type Unpacked = { hit: true } | { hit: false; why?: string; rejected?: true }

export interface GuardedCache {
  /** The entry at `key` unpacked in `folder` (`paths` relative to it), only where it holds nothing but `allowed`. */
  restore(folder: string, paths: string[], key: string, allowed: Allowed): Promise<Unpacked>
  /** `paths` of `folder` kept under `key`; a failure is said (`why`), never thrown. */
  save(folder: string, paths: string[], key: string): Promise<{ saved: boolean; why?: string }>
}

/**
 * The cache service as the check uses it: each restore and save in a folder of the check's own,
 * which the client takes as the workspace (it finds relative paths from GITHUB_WORKSPACE, else the
 * working directory, and unpacks there); while it runs, the step's inputs are out of the
 * environment its tar inherits, tar is the guard's, and its warnings and errors are held back as one
 * `why`. Given up when `stop` aborts.
 */
export function guardedCache(service: CacheService, quiet: Quieter, stop: AbortSignal): GuardedCache {
  const inFolder = async <T>(
    folder: string,
    work: () => Promise<T>,
    guard?: NodeJS.ProcessEnv,
  ): Promise<{ value: T; said?: string }> => {
    mkdirSync(folder, { recursive: true })
    const before = process.cwd()
    let moved = false
    try {
      process.chdir(folder)
      moved = true
    } catch {
      // a worker thread: the working directory is the process's
    }
    const inputs = Object.entries(process.env).filter(([name]) => name.startsWith('INPUT_'))
    for (const [name] of inputs) delete process.env[name]
    const set = { GITHUB_WORKSPACE: folder, ...guard }
    const kept = Object.keys(set).map((name) => [name, process.env[name]] as const)
    Object.assign(process.env, set)
    try {
      return await quiet(() => untilStopped(work(), stop))
    } finally {
      for (const [name, value] of kept)
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      Object.assign(process.env, Object.fromEntries(inputs))
      if (moved) process.chdir(before)
    }
  }
  return {
    async restore(folder, paths, key, allowed) {
      if (!service.available()) return { hit: false, why: 'the runner gives this step no cache service' }
      const guardAt = join(folder, '.mintlify-check-guard')
      const guard = tarGuard(guardAt, allowed, process.env)
      if (!guard)
        return {
          hit: false,
          why: "the runner's cache is not read on Windows: what it unpacks cannot be kept to the check's folder",
        }
      try {
        const { value: hit, said } = await inFolder(folder, () => service.restore(paths, key), guard)
        const refused = guardRefused(guardAt)
        if (refused !== undefined) return { hit: false, why: refused, rejected: true }
        return hit === key ? { hit: true } : said ? { hit: false, why: said } : { hit: false }
      } catch (error) {
        const refused = guardRefused(guardAt)
        return refused !== undefined
          ? { hit: false, why: refused, rejected: true }
          : { hit: false, why: errorText(error) }
      } finally {
        rmSync(guardAt, { recursive: true, force: true })
      }
    },
    async save(folder, paths, key) {
      if (!service.available()) return { saved: false, why: 'the runner gives this step no cache service' }
      try {
        const { value: saved, said } = await inFolder(folder, () => service.save(paths, key))
        return said ? { saved: false, why: said } : { saved }
      } catch (error) {
        return { saved: false, why: errorText(error) }
      }
    },
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** `work`, or a rejection once `stop` aborts (what work was still doing then is left to end unheard). */
function untilStopped<T>(work: Promise<T>, stop: AbortSignal): Promise<T> {
  if (stop.aborted) return Promise.reject(new Error('stopped before it began'))
  return new Promise<T>((resolve, reject) => {
    const onStop = (): void => reject(new Error('stopped: the run was cancelled or reached wait-timeout'))
    stop.addEventListener('abort', onStop, { once: true })
    work.then(resolve, reject).finally(() => stop.removeEventListener('abort', onStop))
  })
}

/** Runs `work` with the warnings and errors it prints held back as one sentence (`said`). */
export type Quieter = <T>(work: () => Promise<T>) => Promise<{ value: T; said?: string }>

/** While `work` runs, @actions/core's `::warning` and `::error` lines are written as `::debug::`, and kept. */
export const quietCommands: Quieter = async (work) => {
  const kept: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    const command = /^::(?:warning|error)[^:]*::(.*)$/s.exec(text)
    if (!command) return Reflect.apply(write, process.stdout, [chunk, ...rest]) as boolean
    // the command's own escaping undone: %0D, %0A and %25 back to what the message said
    kept.push((command[1] ?? '').trim().replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'))
    return write(`::debug::${command[1] ?? ''}`)
  }
  try {
    const value = await work()
    return kept.length > 0 ? { value, said: kept.join('; ') } : { value }
  } finally {
    process.stdout.write = write
  }
}

/** The cache service through @actions/cache (loaded only when a check keeps or reads a tree). */
export async function actionsCache(): Promise<CacheService> {
  const cache = await import('@actions/cache')
  return {
    available: () => cache.isFeatureAvailable(),
    restore: (paths, key) => cache.restoreCache(paths, key),
    save: async (paths, key) => (await cache.saveCache(paths, key)) !== -1,
  }
}
