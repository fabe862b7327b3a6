import { type Here, pullLinkLabel } from '../github/pull-link.js'
import { bound, oneLine, redact } from '../util/text.js'

/**
 * Escaping for summaries and comments: outside text goes through `escapeText`, so it cannot close a
 * cell, open a link, code or HTML, or be autolinked. Links are made here too, only to http(s).
 */

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeText(text: string, max = 300): string {
  return (
    bound(oneLine(text), max)
      .replace(/[&<>"']/g, (c) => HTML[c] ?? c)
      .replace(/[\\`*_[\]()|!~]/g, '\\$&')
      .replace(/:\/\//g, `:${JOINER}//`)
      .replace(/www\./gi, (m) => `${m.slice(0, 3)}${JOINER}.`)
      .replace(/@/g, `@${JOINER}`)
      // a text that ends in `www`, followed by the sentence's own `.`, would make `www.` after all
      .replace(/www$/i, (m) => `${m}${JOINER}`)
  )
}

/**
 * An invisible word joiner inside `://`, `www.` and after `@`: no autolinker and no @mention reads
 * across it, in the source or the rendered text, and a reader sees nothing.
 */
const JOINER = '&#8288;'

/** A link, only for an http(s) URL; anything else is shown as escaped text. */
export function link(url: string | null | undefined, text: string): string {
  if (!url) return ''
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return escapeText(url)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return escapeText(url)
  const href = redact(parsed.toString()).replace(/[&<>"']/g, (c) => HTML[c] ?? c)
  return `<a href="${href}">${escapeText(text)}</a>`
}

/** A pull request link: `#12` (or `owner/repo#12`) for a canonical one of this server, else the URL. */
export function prLinkText(prLink: string, here: Here | undefined): string {
  return link(prLink, pullLinkLabel(prLink, here) ?? prLink)
}

/** A GitHub alert (`> [!WARNING]`): the action's own note; a plain quote is for what a person wrote. */
export function alert(kind: 'NOTE' | 'WARNING' | 'CAUTION', text: string, max = 1500): string {
  return `> [!${kind}]\n> ${escapeText(text, max)}`
}

/** A two-column Markdown table of label/value rows (values already escaped). */
export function keyValueTable(rows: Array<[string, string]>): string {
  // the first fact is the header row: GitHub shows an empty header row as a blank band above the table
  const cells = rows.map(([label, value]) => `| ${label} | ${value || '—'} |`)
  return [cells[0] ?? '| — | — |', '|---|---|', ...cells.slice(1)].join('\n')
}
