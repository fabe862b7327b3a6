import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Served, repositoryPath } from '../site/addresses.js'
import {
  type PagesFile,
  type PullPage,
  docsFiles,
  inReadingOrder,
  pagesFromFiles,
  pagesOfPull,
} from '../site/pull-pages.js'
import { treeFile } from './tree-copy.js'
import type { ChangedFile } from '../github/port.js'

/**
 * The pages of a pull request as the check lists them for its reviewers (site/pull-pages.ts): from
 * both trees where the base was rebuilt, else from its files alone; written to the file `pages-json` names, which the preview
 * action reads to link each page on the preview.
 */

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
    baseText: treeFile(baseTree),
    headText: treeFile(headTree),
    headFiles: trees.headFiles,
    repositoryPath: (file) => repositoryPath(docsFolder, file),
  })
}

/** A pull request's pages from its files alone, titled by the head's texts: where its base cannot be had. */
export function filesAlone(
  { docsFolder }: { docsFolder: string },
  files: readonly ChangedFile[],
  headTree: string,
): PullPage[] {
  return pagesFromFiles(docsFiles(files, docsFolder), {
    text: treeFile(headTree),
    repositoryPath: (file) => repositoryPath(docsFolder, file),
  })
}

/** Writes the pages file into the step's folder and gives its path. */
export function writePages(dir: string, file: PagesFile): string {
  const path = join(dir, 'mintlify-pages.json')
  writeFileSync(path, `${JSON.stringify({ ...file, pages: inReadingOrder(file.pages) }, null, 2)}\n`)
  return path
}
