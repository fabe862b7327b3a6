import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import * as z from 'zod/mini'
import type { Check } from '../inputs/parsers.js'
import type { Problem } from './cli-output.js'
import { siteReader } from '../site/addresses.js'
import { servedConfig } from '../site/config-refs.js'
import { readText, treeFile } from './tree-copy.js'
import { configurationFiles } from './docs-folder.js'
import { type CacheService, type Quieter, guardedCache } from './cache-guard.js'

/**
 * A tree's problems kept in the runner's cache, so a base is checked once: by the push that made
 * it, or by the first pull request against it. The key is what decides the problems: every file's
 * path and bytes as the CLI reads them, the CLI's version, the checks. validate is never kept (its
 * verdict is the day's network). A cache that fails is one notice; a foreign entry is ignored.
 */

/** Bump when an entry's meaning changes: entries of another format are never read. */
const FORMAT = 1

/** Where an entry is while the cache service packs or unpacks it: relative, so the workspace's (the service's own rule). */
export const ENTRY_PATH = '.mintlify-check-cache/problems.json'

/**
 * The tree's fingerprint: each file the site reads, by its path and the hash of its bytes. A change
 * only to what the site never reads (.github/, a page .mintignore leaves out) keeps it.
 */
export function treeFingerprint(tree: string): string {
  const hash = createHash('sha256')
  const ignores = siteReader(readText(join(tree, '.mintignore')))
  // the configuration always: a .mintignore naming docs.json (or itself) must not key a tree without it
  const configuration = [...configurationFiles(tree)]
  const siteReads = (path: string, isDirectory: boolean): boolean =>
    ignores(path, isDirectory) ||
    configuration.some((file) => file === path || (isDirectory && file.startsWith(`${path}/`)))
  const walk = (relative: string): void => {
    const entries = readdirSync(join(tree, relative), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )
    for (const entry of entries) {
      const path = relative ? posix.join(relative, entry.name) : entry.name
      if (!siteReads(path, entry.isDirectory())) continue
      if (entry.isDirectory()) walk(path)
      else if (entry.isSymbolicLink()) hash.update(`${path}\0link\0${readlinkSync(join(tree, path))}\n`)
      else
        hash.update(
          `${path}\0${createHash('sha256')
            .update(readFileSync(join(tree, path)))
            .digest('hex')}\n`,
        )
    }
  }
  walk('')
  return hash.digest('hex')
}

/** Why a tree's verdict is the network's (external links, a document at a URL), so it is never kept. */
export function networkDecides(tree: string, checks: ReadonlySet<Check>): string | undefined {
  if (checks.has('external')) return 'links to other sites are checked (external), and their verdict is the day’s'
  for (const name of ['docs.json', 'mint.json']) {
    // as the site reads it: a document named in a file its $ref names counts too
    const text = servedConfig(readText(join(tree, name)), treeFile(tree)).text
    if (text !== undefined && remoteSpec(text))
      return `${name} names an OpenAPI or AsyncAPI document at a URL, which the CLI fetches each time`
  }
  return undefined
}

/** Whether a configuration's `openapi` or `asyncapi` (a string, a list, or a `source`) is a URL anywhere in it. */
export function remoteSpec(config: string): boolean {
  let parsed: unknown
  try {
    parsed = JSON.parse(config)
  } catch {
    return false
  }
  const url = (v: unknown): boolean =>
    (typeof v === 'string' && /^https?:\/\//i.test(v)) ||
    (Array.isArray(v) && v.some(url)) ||
    (typeof v === 'object' && v !== null && url((v as { source?: unknown }).source))
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.some(walk)
    if (typeof v !== 'object' || v === null) return false
    return Object.entries(v).some(([k, inner]) => ((k === 'openapi' || k === 'asyncapi') && url(inner)) || walk(inner))
  }
  return walk(parsed)
}

/** The entry's key: the tree, the CLI's version, the checks but validate, the pages left out. */
export function entryKey(parts: {
  fingerprint: string
  mintVersion: string
  checks: ReadonlySet<Check>
  exclude: readonly string[]
}): string {
  const decided = JSON.stringify({
    format: FORMAT,
    tree: parts.fingerprint,
    mint: parts.mintVersion,
    checks: [...parts.checks].filter((c) => c !== 'validate').sort(),
    exclude: [...parts.exclude].sort(),
  })
  return `mintlify-check-${createHash('sha256').update(decided).digest('hex').slice(0, 40)}`
}

const RULES = ['broken-link', 'broken-redirect', 'missing-alt', 'accessibility', 'contrast', 'syntax', 'build'] as const

const Entry = z.object({
  format: z.literal(FORMAT),
  key: z.string(),
  warnings: z.optional(z.array(z.string())),
  problems: z.array(
    z.object({
      rule: z.enum(RULES),
      file: z.string(),
      line: z.optional(z.int().check(z.positive())),
      column: z.optional(z.int().check(z.positive())),
      target: z.optional(z.string()),
      message: z.string(),
    }),
  ),
})

/** What a tree's check found that the cache keeps: its problems and what the CLI warned of. */
export interface Kept {
  problems: Problem[]
  warnings: string[]
}

/** An entry's problems and warnings, if it is one of this format made for this key; undefined otherwise. */
export function readEntry(text: string, key: string): Kept | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const entry = Entry.safeParse(json)
  if (!entry.success || entry.data.key !== key) return undefined
  const problems = entry.data.problems.map((p) => ({
    rule: p.rule,
    file: p.file,
    message: p.message,
    ...(p.line !== undefined ? { line: p.line } : {}),
    ...(p.column !== undefined ? { column: p.column } : {}),
    ...(p.target !== undefined ? { target: p.target } : {}),
  }))
  return { problems, warnings: entry.data.warnings ?? [] }
}

export function writeEntry(key: string, kept: Kept): string {
  return `${JSON.stringify({ format: FORMAT, key, problems: kept.problems, warnings: kept.warnings })}\n`
}

/** A restore: the entry, none, or why not (`rejected`: there is an entry at the key, and it is not the check's). */
export type Restored = ({ found: true } & Kept) | { found: false; why?: string; rejected?: true }

/**
 * Whether every problem of an entry could be the tree's (its target in its file, its line there), so
 * an entry a pull request wrote into its own cache scope cannot make a new problem "known".
 */
export function plausible(kept: Kept, tree: string): boolean {
  const texts = new Map<string, string | undefined>()
  const textOf = (file: string): string | undefined => {
    if (!texts.has(file)) {
      const config = /^(docs|mint)\.json$/.test(file)
      texts.set(
        file,
        config ? (readText(join(tree, 'docs.json')) ?? readText(join(tree, 'mint.json'))) : readText(join(tree, file)),
      )
    }
    return texts.get(file)
  }
  return kept.problems.every((p) => {
    const text = textOf(p.file)
    if (text === undefined) return false
    if (p.target !== undefined && (p.rule === 'broken-link' || p.rule === 'broken-redirect'))
      return p.target.split(' → ').every((part) => text.includes(part) || text.includes(part.replace(/^\//, '')))
    return p.line === undefined || p.line <= text.split('\n').length
  })
}

export interface ProblemCache {
  restore(key: string): Promise<Restored>
  /** Keeps what was found under the key; a failure is said (`why`), never thrown. */
  save(key: string, kept: Kept): Promise<{ saved: boolean; why?: string }>
}

/**
 * The problem cache in `folder`, the check's own (an entry can overwrite nothing a later step reads),
 * through the guarded client (cache-guard.ts): an entry is unpacked only if it holds the one file of
 * the check's. The client's warnings become one `why` for a notice: a cache never fails the step.
 * Given up when `stop` aborts.
 */
export function problemCache(
  service: CacheService,
  folder: string,
  quiet: Quieter,
  stop: AbortSignal = new AbortController().signal,
): ProblemCache {
  const file = join(folder, ENTRY_PATH)
  const clear = (): void => rmSync(dirname(file), { recursive: true, force: true })
  const cache = guardedCache(service, quiet, stop)
  return {
    async restore(key) {
      try {
        const restored = await cache.restore(folder, [ENTRY_PATH], key, { members: [ENTRY_PATH] })
        if (!restored.hit) {
          const { why, rejected } = restored
          return { found: false, ...(why !== undefined ? { why } : {}), ...(rejected ? { rejected } : {}) }
        }
        let text: string
        try {
          text = readFileSync(file, 'utf8')
        } catch {
          return { found: false, why: 'the restored entry holds no problems file' }
        }
        const kept = readEntry(text, key)
        return kept
          ? { found: true, ...kept }
          : { found: false, why: 'the restored entry is not one this check wrote', rejected: true }
      } finally {
        clear()
      }
    },
    async save(key, kept) {
      try {
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, writeEntry(key, kept))
        return await cache.save(folder, [ENTRY_PATH], key)
      } finally {
        clear()
      }
    },
  }
}
