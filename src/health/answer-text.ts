import type { Answer, SiteSearch } from './answers.js'
import type { SearchedGap } from './gaps.js'
import { escapeText } from '../summary/escape.js'

/**
 * What the site's search answers a gap's query, in words: the verdict once the change was live
 * (answered, with the page and its rank; moved; still missing), or what is still awaited. Page paths
 * are the service's text: escaped.
 */
export function answerText(job: { baseline?: SiteSearch; answer?: Answer; merged?: boolean }): string {
  const a = job.answer
  if (a?.verdict === 'answered')
    return `**answered**: the search finds ${code(a.page)} at rank ${a.rank ?? '?'} (${a.at.slice(0, 10)})`
  if (a?.verdict === 'moved')
    return `**moved**: other pages come up now (${a.paths.slice(0, 3).map(code).join(', ')}), none it changed`
  if (a) return `**still missing**: the search finds ${a.paths.length > 0 ? 'the same pages as before' : 'nothing'}`
  if (!job.baseline) return 'not searched'
  return job.merged ? 'to search once the change is live' : 'searched; again once its pull request merges and ships'
}

/** A page's path as the service gave it: its reader-facing text, escaped. */
const code = (path: string | undefined): string => escapeText(path ?? '', 120)

/** The impact comment's lines: each gap its job was for, and what the search answers it now. */
export function answerLines(gaps: readonly SearchedGap[]): string[] {
  if (gaps.length === 0) return []
  return [
    `Searched on the live site once this shipped: ${gaps
      .map((g) => `${escapeText(g.name, 150)}: ${answerText(g.job)}`)
      .join('; ')}.`,
  ]
}
