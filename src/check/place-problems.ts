import { join } from 'node:path'
import type { Problem } from './cli-output.js'
import { type SiteConfig, repositoryPath } from './docs-folder.js'
import { lineText, linkPlaces, redirectPlaces } from './target-lines.js'
import type { PlacedProblem } from './new-known.js'
import { readText } from './tree-copy.js'

/**
 * Each problem at its place: its file's path in the repository (a site on mint.json has no docs.json:
 * what the CLI files there is the mint.json's), and a broken target's line, where it is written as a
 * link. The CLI lists a target once for each time it is linked in the file: the n-th listing is the
 * n-th place, so each is reported once.
 */
export function placeAll(
  problems: readonly Problem[],
  folder: string,
  docsFolder: string,
  config: SiteConfig,
): PlacedProblem[] {
  const seen = new Map<string, number>()
  const texts = new Map<string, string | undefined>()
  const textOf = (file: string): string | undefined => {
    if (!texts.has(file)) texts.set(file, readText(join(folder, file)))
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
