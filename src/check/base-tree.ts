import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join, posix, resolve, sep } from 'node:path'
import type { ChangedFile } from '../github/change.js'
import type { GitHubPort, Repo } from '../github/port.js'
import type { PageChange } from './new-known.js'
import { docsRelativePath, repositoryPath, siteReader } from '../site/addresses.js'
import { type CopyWithin, copySite, pagesOf, printableName, removeInTree, writeInTree } from './tree-copy.js'
import { refsIn } from '../site/config-refs.js'
import { formatNumber } from '../util/format.js'

/**
 * The pull request's base: the checked-out docs with each file the pull request changed put back as
 * the base has it (one request a file). It needs no git history and no credentials in the checkout,
 * only `contents: read`, and works for forks. The files come from the base commit when the checkout
 * is the merge commit (the default), and from the merge base when it is the head itself.
 */

/** The most files one base may take from GitHub (each one request of the token's hourly quota). */
export const MAX_BASE_FILES = 300

/** GitHub lists at most this many files of a pull request: a listing this long may be cut. */
export const MAX_LISTED_FILES = 3000

/** Whether GitHub may have cut this listing of a pull request's files (it lists at most 3,000). */
export const listingMayBeCut = (files: readonly ChangedFile[]): boolean => files.length >= MAX_LISTED_FILES

/** The configuration files a base by names fetches: what its addresses need beside its pages' names. */
const CONFIG_FILES = ['docs.json', 'mint.json', '.mintignore']
/** The most of them, the files their $refs name included, one base by names asks for (a request each). */
const MAX_CONFIG_FILES = 50

/** A base rebuilt whole, or by its file names alone (`namesOnly` says why: enough for its addresses). */
export type BaseTree = { ok: true; fetched: number; ref: string; namesOnly?: string } | { ok: false; why: string }

/** Pages (and other files) of the docs folder this pull request changed, relative to the docs folder. */
export function docsChanges(files: readonly ChangedFile[], docsFolder: string): ChangedFile[] {
  const inside = (path: string | undefined): boolean =>
    path !== undefined && docsRelativePath(docsFolder, path) !== undefined
  return files.filter((f) => inside(f.filename) || inside(f.previousFilename))
}

/** The changed files the site reads (siteReader), on either side of a rename. */
export function siteChanges(
  files: readonly ChangedFile[],
  docsFolder: string,
  siteReads: (path: string) => boolean,
): ChangedFile[] {
  const read = (path: string | undefined): boolean => {
    const at = path === undefined ? undefined : docsRelativePath(docsFolder, path)
    return at !== undefined && siteReads(at)
  }
  return files.filter((f) => read(f.filename) || read(f.previousFilename))
}

/**
 * What the site reads on either side of a pull request: a path is unread only where both the head's
 * and the base's .mintignore leave it out (a pull request cannot hide a change with its own ignore
 * file), and its configuration (docs.json, mint.json, .mintignore, the files their $refs name) is
 * always read, whatever either says of it.
 */
export function eitherSideReads(
  mintignores: { head: string | undefined; base: string | undefined },
  configuration: ReadonlySet<string>,
): (path: string) => boolean {
  const head = siteReader(mintignores.head)
  const base = siteReader(mintignores.base)
  return (path) => configuration.has(path) || head(path) || base(path)
}

/** The pages it renamed or deleted, relative to the docs folder (to explain the links that broke). */
export function pageChanges(files: readonly ChangedFile[], docsFolder: string): PageChange[] {
  const relative = (path: string): string => docsRelativePath(docsFolder, path) ?? path
  return files.flatMap((f): PageChange[] => {
    if (f.status === 'removed' && /\.mdx?$/i.test(f.filename)) return [{ from: relative(f.filename) }]
    if (f.status === 'renamed' && f.previousFilename && /\.mdx?$/i.test(f.previousFilename))
      return [{ from: relative(f.previousFilename), to: relative(f.filename) }]
    return []
  })
}

/** The commit the workspace has checked out (its .git's HEAD), found from the docs folder up to the workspace. */
export function checkedOut(workspace: string, docsFolder: string): string | undefined {
  const folders = [docsFolder]
  while (folders.at(-1) !== '' && folders.length < 10)
    folders.push(posix.dirname(folders.at(-1) ?? '').replace(/^\.$/, ''))
  for (const folder of folders) {
    const git = join(workspace, folder, '.git')
    if (!existsSync(join(git, 'HEAD'))) continue
    try {
      const head = readFileSync(join(git, 'HEAD'), 'utf8').trim()
      const ref = /^ref:\s*(\S+)$/.exec(head)?.[1]
      if (!ref) return /^[0-9a-f]{40,64}$/.test(head) ? head : undefined
      if (existsSync(join(git, ref))) return readFileSync(join(git, ref), 'utf8').trim()
      const packed = existsSync(join(git, 'packed-refs')) ? readFileSync(join(git, 'packed-refs'), 'utf8') : ''
      return new RegExp(`^([0-9a-f]{40,64}) ${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(packed)?.[1]
    } catch {
      return undefined
    }
  }
  return undefined
}

export async function buildBase(options: {
  api: Pick<GitHubPort, 'fileAt'>
  repo: Repo
  /** The commit the files come from. */
  ref: string
  /** The checked-out docs folder, and where it is in the repository. */
  docs: string
  docsFolder: string
  files: readonly ChangedFile[]
  /** Where the base is built (a new folder). */
  to: string
  /** Where the copy's links may lead, and the folders inside the docs that are no part of them (the check's own). */
  within: CopyWithin
}): Promise<BaseTree> {
  const changed = docsChanges(options.files, options.docsFolder)
  const fetches = changed.filter((f) => f.status !== 'added' && f.status !== 'copied').length
  if (fetches > MAX_BASE_FILES) {
    // the head's pages but any in the check's own folders (where the runner's temporary folder is inside the docs)
    const skipped = (options.within.skip ?? []).map((p) => `${resolve(p)}${sep}`)
    const head = pagesOf(options.docs).filter((page) => !skipped.some((s) => resolve(options.docs, page).startsWith(s)))
    const names = baseNames(head, changed, options.docsFolder)
    const fetched = await buildFromNames({ ...options, names })
    return {
      ok: true,
      fetched,
      ref: options.ref,
      namesOnly:
        `the pull request changes ${formatNumber(fetches)} files of the docs, more than the ` +
        `${MAX_BASE_FILES} the check fetches to rebuild its base`,
    }
  }
  // the links the copy left out were said with the head's copy of the same folder
  copySite(options.docs, options.to, options.within)
  const local = (path: string): string | undefined => docsRelativePath(options.docsFolder, path)
  const remove = (path: string): void => {
    const at = local(path)
    if (at !== undefined) removeInTree(options.to, at)
  }
  const restore = async (path: string): Promise<boolean> => {
    const at = local(path)
    // (a name the CLI cannot print on a line of its own is left out of every copy, the base's too)
    if (at === undefined || !printableName(at)) return true
    const bytes = await options.api.fileAt(options.repo, path, options.ref)
    if (!bytes) return false
    // a new file of the base's own: never written through a link, nor into a folder that is one
    writeInTree(options.to, at, bytes)
    return true
  }
  let fetched = 0
  for (const f of changed) {
    if (f.status === 'added' || f.status === 'copied') remove(f.filename)
    else if (f.status === 'renamed') {
      remove(f.filename)
      if (f.previousFilename && (await restore(f.previousFilename))) fetched++
    } else if (await restore(f.filename)) fetched++
    // a file the base does not have (404): the pull request added it after all
    else remove(f.filename)
  }
  return { ok: true, fetched, ref: options.ref }
}

/** The base's pages by name: the head's, less those the pull request added, with those it removed. */
export function baseNames(headPages: readonly string[], changed: readonly ChangedFile[], docsFolder: string): string[] {
  const names = new Set(headPages)
  const local = (path: string | undefined): string | undefined =>
    path === undefined ? undefined : docsRelativePath(docsFolder, path)
  for (const f of changed) {
    const at = local(f.filename)
    if (f.status === 'added' || f.status === 'copied' || f.status === 'renamed') {
      if (at !== undefined) names.delete(at)
    } else if (f.status === 'removed' && at !== undefined) names.add(at)
    const before = f.status === 'renamed' ? local(f.previousFilename) : undefined
    if (before !== undefined) names.add(before)
  }
  return [...names].filter((name) => /\.mdx?$/i.test(name)).sort()
}

/** A base of names: an empty file for each page and the base's configuration files. Returns how many were fetched. */
export async function buildFromNames(options: {
  api: Pick<GitHubPort, 'fileAt'>
  repo: Repo
  ref: string
  docsFolder: string
  names: readonly string[]
  to: string
}): Promise<number> {
  mkdirSync(options.to, { recursive: true })
  for (const name of options.names.filter(printableName)) writeInTree(options.to, name, '')
  let fetched = 0
  // the configuration files, then the files their $refs name (a redirects.json), each asked for once
  const wanted = [...CONFIG_FILES]
  const seen = new Set(wanted)
  for (let asked = 0, next = wanted.shift(); next !== undefined && asked < MAX_CONFIG_FILES; next = wanted.shift()) {
    asked++
    if (!printableName(next)) continue
    const bytes = await options.api.fileAt(options.repo, repositoryPath(options.docsFolder, next), options.ref)
    if (!bytes) continue
    writeInTree(options.to, next, bytes)
    fetched++
    if (!/\.json$/i.test(next)) continue
    for (const ref of refsIn(Buffer.from(bytes).toString('utf8'), next))
      if (!seen.has(ref)) {
        seen.add(ref)
        wanted.push(ref)
      }
  }
  return fetched
}
