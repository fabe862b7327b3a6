import type { Problem } from './cli-output.js'
import type { SnippetAnswer } from './mint-cli.js'
import { normalAddress, pageAddress } from '../site/addresses.js'

/**
 * The anchors a page gets from the snippets it shows (`<Setup />`, imported from a snippet file): the
 * CLI knows a page's own headings only, and reports a link to a snippet's heading broken. Which of
 * those broken anchors a shown snippet has is told by the CLI's own code (mint-cli.ts
 * SNIPPET_ANCHORS): its heading ids, its reading of an anchor, and what renders (a component named in
 * a comment, in code or in a string is not shown).
 */

/**
 * The page and anchor a broken link's target names: its own page for `#a`, else the page of the
 * address (`/guides/a#b`); undefined where it names no anchor, or no page of `pages` (address to file).
 */
export function anchoredPage(
  file: string,
  target: string,
  pages: ReadonlyMap<string, string>,
): { page: string; anchor: string } | undefined {
  const at = target.indexOf('#')
  if (at < 0) return undefined
  const anchor = target.slice(at + 1)
  const path = target.slice(0, at)
  if (anchor === '') return undefined
  if (path === '') return { page: file, anchor }
  // a path without its leading slash is read from the docs folder's root; `/guides/index` is `/guides`
  // (another site's address names no page of the site)
  const page = pages.get(normalAddress(path).replace(/\/index$/i, '') || '/')
  return page === undefined ? undefined : { page, anchor }
}

/**
 * The problems, and apart from them the broken anchors that a snippet shown on their page has, as
 * `ask` tells (one question for all of them). `files` (the tree's pages) is listed only once a
 * problem names an anchor. Where it cannot be told, every problem is kept, and `unknown` says why.
 */
export async function inSnippets(
  problems: readonly Problem[],
  files: () => readonly string[],
  ask: (asked: ReadonlyArray<{ page: string; anchor: string }>) => Promise<SnippetAnswer>,
): Promise<{ kept: Problem[]; inSnippets: Problem[]; unknown?: string }> {
  let listed: Map<string, string> | undefined
  const pages = (): Map<string, string> => (listed ??= new Map(files().map((f) => [pageAddress(f), f])))
  const anchored: Array<{ at: number; page: string; anchor: string }> = []
  problems.forEach((p, at) => {
    const target = p.rule === 'broken-link' ? p.target : undefined
    const on = target?.includes('#') ? anchoredPage(p.file, target, pages()) : undefined
    if (on) anchored.push({ at, ...on })
  })
  if (anchored.length === 0) return { kept: [...problems], inSnippets: [] }
  const answer = await ask(anchored.map(({ page, anchor }) => ({ page, anchor })))
  if ('unknown' in answer) return { kept: [...problems], inSnippets: [], unknown: answer.unknown }
  const apart = new Set(anchored.filter((_, i) => answer.shown[i] === true).map((a) => a.at))
  return {
    kept: problems.filter((_, at) => !apart.has(at)),
    inSnippets: problems.filter((_, at) => apart.has(at)),
  }
}
