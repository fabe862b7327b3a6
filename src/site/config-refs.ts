import { formatMegabytes, formatNumber } from '../util/format.js'
import { work } from '../util/work.js'

/**
 * A site's configuration as Mintlify reads it: each `{"$ref": "./file.json"}` in docs.json replaced by
 * that file, so redirects, the navigation or its OpenAPI documents kept in files of their own count.
 * The rules are the CLI's (mint 4.2.941, @mintlify/validation's resolveRefs; the real-CLI suite holds
 * this copy to it): a path relative to the file that names it, never outside the docs folder; keys
 * beside a `$ref` that gives an object laid over it (beside any other value, dropped); no circle.
 * Pure: the files are read through `read`.
 */

/** A file of the docs folder by its POSIX path there; undefined where there is none. */
export type ReadFile = (path: string) => string | undefined

/** How a problem begins when the configuration itself is not JSON (its readers all allow for that). */
const NOT_JSON = 'it is not JSON'

/** The configuration with its references resolved, or why Mintlify could not build it. */
export type Resolved = { json: unknown; refs: string[] } | { problem: string }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `a/./b/../c` → `a/c`; a `..` with nothing before it kept, so the path is seen to climb out. */
function normalPath(path: string): string {
  const absolute = path.replace(/\\/g, '/').startsWith('/')
  const kept: string[] = []
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue
    const last = kept.at(-1)
    if (segment === '..' && last !== undefined && last !== '..') kept.pop()
    else kept.push(segment)
  }
  return `${absolute ? '/' : ''}${kept.join('/')}`
}

/** Whether a reference's file is outside the docs folder, where Mintlify reads none. */
const outside = (path: string): boolean => path === '..' || path.startsWith('../') || path.startsWith('/')

/** A reference's file, from the file that names it (none: the docs folder's root). */
function refPath(ref: string, from: string | undefined): string {
  const folder = from === undefined ? '' : normalPath(from).split('/').slice(0, -1).join('/')
  return normalPath(folder ? `${folder}/${ref}` : ref)
}

/**
 * What the check builds of a configuration at most: a file (docs.json, or one a `$ref` names) of 10
 * MiB, 1,000 files, and 1,000,000 values once every reference is put in its place (a file named
 * twice counts twice, as the site holds it twice: a chain of files each naming the next twice
 * doubles at each step, and 30 steps would be a billion).
 */
export const CONFIG_BUDGET: Budget = { bytes: 10 * 1024 * 1024, files: 1_000, values: 1_000_000 }

/** A budget of the configuration's building: a file's bytes, the files named, the values put in place. */
export interface Budget {
  bytes: number
  files: number
  values: number
}

/** Why a configuration cannot be built (the CLI's reason, or a budget's). */
class Unbuildable extends Error {}

/** A file's value with its references put in, and how many values it holds so (each file resolved once). */
interface Built {
  value: unknown
  values: number
}

/** Resolves every `$ref` of a parsed configuration; throws the CLI's reason where it cannot. */
function resolver(
  read: ReadFile,
  refs: Set<string>,
  budget: Budget,
): (value: unknown, visited: readonly string[], from?: string) => Built {
  const files = new Map<string, Built>()
  let values = 0
  const counted = (built: Built): Built => {
    values += built.values
    if (values > budget.values)
      throw new Unbuildable(
        `its references put more than ${formatNumber(budget.values)} values in place (files named again and again): the check builds no more`,
      )
    return built
  }
  const resolve = (value: unknown, visited: readonly string[], from?: string): Built => {
    work.tick()
    if (Array.isArray(value)) {
      const inner = value.map((v) => resolve(v, visited, from))
      return { value: inner.map((b) => b.value), values: 1 + inner.reduce((n, b) => n + b.values, 0) }
    }
    if (!isObject(value)) return { value, values: 1 }
    const ref = value.$ref
    if (typeof ref !== 'string') {
      const out: Record<string, unknown> = {}
      let held = 1
      for (const [key, inner] of Object.entries(value)) {
        const built = resolve(inner, visited, from)
        out[key] = built.value
        held += built.values
      }
      return { value: out, values: held }
    }
    const path = refPath(ref, from)
    if (outside(path)) throw new Unbuildable(`Referenced config file '${ref}' is outside the project directory`)
    if (visited.includes(path)) throw new Unbuildable(`Circular reference detected: ${[...visited, path].join(' → ')}`)
    const file = files.get(path) ?? resolveFile(path, ref, visited, from)
    counted(file)
    if (!isObject(file.value)) return file
    // the keys beside the reference win over the file's
    const out: Record<string, unknown> = { ...file.value }
    let held = file.values
    for (const [key, inner] of Object.entries(value))
      if (key !== '$ref') {
        const built = resolve(inner, visited, from)
        out[key] = built.value
        held += built.values
      }
    return { value: out, values: held }
  }
  const resolveFile = (path: string, ref: string, visited: readonly string[], from?: string): Built => {
    if (files.size >= budget.files)
      throw new Unbuildable(
        `its references name more than ${formatNumber(budget.files)} files: the check builds no more`,
      )
    const text = read(path)
    if (text === undefined)
      throw new Unbuildable(
        `Referenced config file '${ref}' does not exist (referenced from ${from ?? 'project root'})`,
      )
    if (text.length > budget.bytes) throw new Unbuildable(`Referenced config file '${ref}' ${overBudget(text, budget)}`)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      // not the parser's words: they quote the file, which may be anything a symbolic link reaches
      throw new Unbuildable(`Referenced config file '${ref}' contains invalid JSON`)
    }
    work.tick(text.length)
    refs.add(path)
    const built = resolve(parsed, [...visited, path], path)
    files.set(path, built)
    return built
  }
  return resolve
}

/** Why a configuration's file is not read: its size, over the budget. */
const overBudget = (text: string, budget: Budget): string =>
  `is ${formatMegabytes(text.length)}, over the ${formatMegabytes(budget.bytes)} a configuration's file the check reads`

/**
 * The configuration `text` (docs.json's, at the docs folder's root) with its references resolved,
 * within `budget` (CONFIG_BUDGET; another only in tests, at its edges).
 */
export function resolveConfig(text: string, read: ReadFile, budget = CONFIG_BUDGET): Resolved {
  if (text.length > budget.bytes) return { problem: `the configuration ${overBudget(text, budget)}` }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { problem: `${NOT_JSON}: ${(error as Error).message}` }
  }
  const refs = new Set<string>()
  try {
    return { json: resolver(read, refs, budget)(parsed, []).value, refs: [...refs] }
  } catch (error) {
    // any other stop (the run's deadline) is the run's, not the configuration's
    if (error instanceof Unbuildable) return { problem: error.message }
    throw error
  }
}

/**
 * The configuration's text as the site reads it: `text` itself where it names no other file (or
 * cannot be read as JSON, which every reader of it already allows for), else the resolved JSON, or
 * the problem where a reference cannot be resolved.
 */
export function servedConfig(text: string | undefined, read: ReadFile): { text: string | undefined; problem?: string } {
  const resolved = resolveConfig(text ?? '', read)
  if ('problem' in resolved)
    return resolved.problem.startsWith(NOT_JSON) ? { text } : { text, problem: resolved.problem }
  return resolved.refs.length === 0 ? { text } : { text: JSON.stringify(resolved.json) }
}

/** The file docs.json keeps its redirects in (`"redirects": {"$ref": …}`), by its path in the docs folder; none where they are in it. */
export function redirectsFile(text: string | undefined): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(String(text))
  } catch {
    return undefined
  }
  const ref = isObject(parsed) && isObject(parsed.redirects) ? parsed.redirects.$ref : undefined
  if (typeof ref !== 'string') return undefined
  const path = refPath(ref, undefined)
  return outside(path) ? undefined : path
}

/** The files a JSON text names by `$ref` (paths in the docs folder, those outside it left out), from the file `from`. */
export function refsIn(text: string, from?: string): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return []
  }
  const found = new Set<string>()
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (isObject(v)) {
      const path = typeof v.$ref === 'string' ? refPath(v.$ref, from) : undefined
      if (path !== undefined && !outside(path)) found.add(path)
      Object.values(v).forEach(walk)
    }
  }
  walk(parsed)
  return [...found]
}
