import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join, posix } from 'node:path'
import { formatNumber } from '../util/format.js'
import { strictUtf8 } from '../util/text.js'

/**
 * What an installed Mintlify CLI holds, in one figure, so a CLI found in the tool cache (which a
 * pull request's own workflow can fill on a self-hosted runner, or plant through the runner's cache)
 * runs only if it is the install this action's lockfile gives: every file's path, size and bytes.
 * An install has only files and folders; a link, a pipe or a name that is not UTF-8 is none.
 */

export interface TreeDigest {
  files: number
  bytes: number
  /** sha256 of each file's `path\0size\0sha256(bytes)\n`, in the order of their paths. */
  sha256: string
}

/** A folder's digest, or why it cannot be an install's (`most` stops the walk past an install's size). */
export function treeDigest(folder: string, most?: Pick<TreeDigest, 'files' | 'bytes'>): TreeDigest | { why: string } {
  const whole = createHash('sha256')
  let files = 0
  let bytes = 0
  const walk = (relative: string): string | undefined => {
    const entries = readdirSync(join(folder, relative), { withFileTypes: true, encoding: 'buffer' })
    const named: Array<[string, (typeof entries)[number]]> = []
    for (const entry of entries) {
      const name = strictUtf8(entry.name)
      if (name === undefined) return `a name that is not UTF-8 in ${relative || '.'}`
      named.push([name, entry])
    }
    named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    for (const [name, entry] of named) {
      const path = relative ? posix.join(relative, name) : name
      if (entry.isDirectory()) {
        const why = walk(path)
        if (why !== undefined) return why
        continue
      }
      if (!entry.isFile()) return `${path} is ${entry.isSymbolicLink() ? 'a link' : 'neither a file nor a folder'}`
      const content = readFileSync(join(folder, path))
      files++
      bytes += content.length
      if (most && (files > most.files || bytes > most.bytes)) return 'it holds more than the install does'
      whole.update(`${path}\0${content.length}\0${createHash('sha256').update(content).digest('hex')}\n`)
    }
    return undefined
  }
  const why = walk('')
  return why === undefined ? { files, bytes, sha256: whole.digest('hex') } : { why }
}

/** Why a folder is not the install `expected` describes; undefined where it is. */
export function notTheInstall(folder: string, expected: TreeDigest): string | undefined {
  let found: TreeDigest | { why: string }
  try {
    found = treeDigest(folder, expected)
  } catch (error) {
    return `it could not be read (${error instanceof Error ? error.message : String(error)})`
  }
  if ('why' in found) return found.why
  if (found.files !== expected.files)
    return `it holds ${formatNumber(found.files)} files, not ${formatNumber(expected.files)}`
  if (found.bytes !== expected.bytes)
    return `its files hold ${formatNumber(found.bytes)} bytes, not ${formatNumber(expected.bytes)}`
  return found.sha256 === expected.sha256 ? undefined : "a file's bytes differ from the install's"
}
