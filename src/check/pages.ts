import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Served, isPage, pageAddress } from './addresses.js'
import { docsRelativePath, repositoryPath } from './docs-folder.js'
import { type PullFile, type PullPage, inReadingOrder, pagesOfPull } from './pull-pages.js'
import { readText } from './tree-copy.js'
import type { ChangedFile } from '../github/port.js'

/**
 * The pages of a pull request as the check lists them for its reviewers (pull-pages.ts): from both
 * trees where the base was rebuilt, else from the pull request's files alone; written to the file
 * `pages-json` names, which the preview action reads to link each page on the preview.
 */

/** The pull request's files in the docs folder, relative to it. */
export function docsFiles(files: readonly ChangedFile[], docsFolder: string): PullFile[] {
  return files.flatMap((f): PullFile[] => {
    const filename = docsRelativePath(docsFolder, f.filename)
    const previous = f.previousFilename === undefined ? undefined : docsRelativePath(docsFolder, f.previousFilename)
    if (filename === undefined) return []
    return [{ filename, status: f.status, ...(previous !== undefined ? { previousFilename: previous } : {}) }]
  })
}

/** The pages from both trees: edited, and changed without being edited. */
export function pagesFromTrees(trees: {
  docsFolder: string
  files: readonly ChangedFile[]
  base: Served
  head: Served
  baseConfig: string | undefined
  headConfig: string | undefined
  baseTree: string
  headTree: string
  headFiles: readonly string[]
}): PullPage[] {
  const { docsFolder, baseTree, headTree } = trees
  return pagesOfPull({
    files: docsFiles(trees.files, docsFolder),
    base: trees.base,
    head: trees.head,
    baseConfig: trees.baseConfig,
    headConfig: trees.headConfig,
    baseText: (file) => readText(join(baseTree, file)),
    headText: (file) => readText(join(headTree, file)),
    headFiles: trees.headFiles,
    repositoryPath: (file) => repositoryPath(docsFolder, file),
  })
}

/**
 * The pages from the pull request's files alone (no base to compare with): each listed page added,
 * changed, renamed or deleted as GitHub lists it, titled from `text` where it gives the head's
 * text; nothing it changes without editing, and no redirect for a deleted page.
 */
export function pagesFromFiles(
  listed: readonly PullFile[],
  options: { text: (file: string) => string | undefined; repositoryPath: (file: string) => string },
): PullPage[] {
  const base = new Map<string, string>()
  const head = new Map<string, string>()
  for (const f of listed) {
    const before = f.status === 'renamed' || f.status === 'copied' ? f.previousFilename : f.filename
    if (f.status !== 'added' && before !== undefined && isPage(before)) base.set(pageAddress(before), before)
    if (f.status !== 'removed' && isPage(f.filename)) head.set(pageAddress(f.filename), f.filename)
  }
  const served = (pages: Map<string, string>): Served => ({ pages, generated: new Set(), redirects: [] })
  return pagesOfPull({
    files: listed,
    base: served(base),
    head: served(head),
    headText: options.text,
    baseText: () => undefined,
    headFiles: [],
    repositoryPath: options.repositoryPath,
  })
}

/** The pages file's form (documented in docs/actions/check.md): stable, one object. */
export interface PagesFile {
  pull: number
  head: string
  /** Whether the base was compared (else the pages are the pull request's files alone). */
  compared: boolean
  /** The readers' views' days, where they were read. */
  views?: { from: string; through: string }
  pages: PullPage[]
}

/** Writes the pages file into the step's folder and gives its path. */
export function writePages(dir: string, file: PagesFile): string {
  const path = join(dir, 'mintlify-pages.json')
  writeFileSync(path, `${JSON.stringify({ ...file, pages: inReadingOrder(file.pages) }, null, 2)}\n`)
  return path
}
