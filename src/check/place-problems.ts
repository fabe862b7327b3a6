import type { Problem } from './cli-output.js'
import { type SiteConfig } from './docs-folder.js'
import { repositoryPath } from '../site/addresses.js'
import { lineText, linkPlaces, redirectPlaces } from './target-lines.js'
import { headLine } from './head-lines.js'
import type { Judged, PlacedProblem } from './new-known.js'
import { treeFile } from './tree-copy.js'
import type { ChangedFile } from '../github/change.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'

/**
 * Each problem at its place: its repository path (on mint.json, what the CLI files under docs.json)
 * and a broken target's line; the n-th listing of a target is its n-th place.
 */
export function placeAll(
  problems: readonly Problem[],
  folder: string,
  docsFolder: string,
  config: SiteConfig,
): PlacedProblem[] {
  const seen = new Map<string, number>()
  const texts = new Map<string, string | undefined>()
  // a file the CLI names is read only where it is the tree's own (never through .. or out of it)
  const inTree = treeFile(folder)
  const textOf = (file: string): string | undefined => {
    if (!texts.has(file)) texts.set(file, inTree(file))
    return texts.get(file)
  }
  return problems.map((problem) => {
    const key = `${problem.rule}\u0000${problem.file}\u0000${problem.target ?? ''}`
    const nth = seen.get(key) ?? 0
    seen.set(key, nth + 1)
    const file = problem.file === 'docs.json' && config === 'mint.json' ? 'mint.json' : problem.file
    return place(problem, file, repositoryPath(docsFolder, file), textOf(file), nth)
  })
}

function place(problem: Problem, file: string, path: string, text: string | undefined, nth: number): PlacedProblem {
  const at = { ...problem, file, path }
  if (text === undefined) return at
  if (problem.line !== undefined) return { ...at, lineText: lineText(text, problem.line) }
  if (problem.target === undefined) return at
  const places =
    problem.rule === 'broken-redirect'
      ? redirectPlaces(text, problem.target)
      : linkPlaces(text, problem.target, /\.json$/i.test(file))
  const found = places[nth]
  return found ? { ...at, ...found, lineText: lineText(text, found.line) } : at
}

/** GitHub's compare lists at most this many files: past it, a file it does not list may differ too. */
const COMPARED_FILES = 300

/**
 * The problems at their lines on the head, where the checkout is the merge commit: one compare, each
 * line moved through its patch; a line the head lacks is annotated at its file. Where the compare
 * fails, the checkout's lines, said so.
 */
export async function onTheHead(
  judged: Judged[],
  compare: () => Promise<{ files: ChangedFile[] } | undefined>,
): Promise<{
  judged: Judged[]
  note?: string
  /** Every file the head and the checkout differ in, where GitHub's compare listed them all. */
  differing?: ReadonlySet<string>
}> {
  if (!judged.some((j) => j.problem.line !== undefined)) return { judged }
  let files: ChangedFile[]
  try {
    const found = await compare()
    if (!found) throw new Error('GitHub does not know one of the two commits')
    files = found.files
  } catch (error) {
    if (error instanceof CancelledError) throw error
    return {
      judged,
      note:
        `The lines are the checked-out commit's, which may differ from the pull request's head ` +
        `(its compare with the head failed: ${external(getErrorMessage(error), 200)}).`,
    }
  }
  const byPath = new Map(files.map((f) => [f.filename, f]))
  const whole = files.length < COMPARED_FILES
  return {
    ...(whole ? { differing: new Set(byPath.keys()) } : {}),
    judged: judged.map((j) => {
      const { line, column, ...rest } = j.problem
      if (line === undefined) return j
      const file = byPath.get(j.problem.path)
      if (!file) return whole ? j : { ...j, problem: rest }
      const moved = file.patch === undefined ? undefined : headLine(file.patch, line)
      if (moved === undefined) return { ...j, problem: rest }
      return { ...j, problem: { ...rest, line: moved, ...(column !== undefined ? { column } : {}) } }
    }),
  }
}
