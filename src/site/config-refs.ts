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

/** Resolves every `$ref` of a parsed configuration; throws the CLI's reason where it cannot. */
function resolveValue(
  value: unknown,
  read: ReadFile,
  visited: readonly string[],
  refs: string[],
  from?: string,
): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, read, visited, refs, from))
  if (!isObject(value)) return value
  const ref = value.$ref
  if (typeof ref !== 'string') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) out[key] = resolveValue(inner, read, visited, refs, from)
    return out
  }
  const path = refPath(ref, from)
  if (outside(path)) throw new Error(`Referenced config file '${ref}' is outside the project directory`)
  if (visited.includes(path)) throw new Error(`Circular reference detected: ${[...visited, path].join(' → ')}`)
  const text = read(path)
  if (text === undefined)
    throw new Error(`Referenced config file '${ref}' does not exist (referenced from ${from ?? 'project root'})`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    // not the parser's words: they quote the file, which may be anything a symbolic link reaches
    throw new Error(`Referenced config file '${ref}' contains invalid JSON`)
  }
  refs.push(path)
  const resolved = resolveValue(parsed, read, [...visited, path], refs, path)
  if (!isObject(resolved)) return resolved
  // the keys beside the reference win over the file's
  const out: Record<string, unknown> = { ...resolved }
  for (const [key, inner] of Object.entries(value))
    if (key !== '$ref') out[key] = resolveValue(inner, read, visited, refs, from)
  return out
}

/** The configuration `text` (docs.json's, at the docs folder's root) with its references resolved. */
export function resolveConfig(text: string, read: ReadFile): Resolved {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { problem: `${NOT_JSON}: ${(error as Error).message}` }
  }
  const refs: string[] = []
  try {
    return { json: resolveValue(parsed, read, [], refs), refs }
  } catch (error) {
    return { problem: (error as Error).message }
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
