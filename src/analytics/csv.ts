import { stringify } from 'csv-stringify/sync'

/**
 * Every CSV file the action writes goes through here: csv-stringify (the csv project's writer), with
 * CRLF line ends (RFC 4180) and two guarantees for text that readers and the API wrote:
 *
 * - **One cell per value** when a spreadsheet reads the file with the separator it was written with
 *   (a comma): a value holding `,` `;` tab, a quote or a line break (CR, LF or both) is quoted.
 * - **No formula under any separator** (OWASP's CSV injection guidance): a spreadsheet in a locale
 *   whose list separator is `;` (most of Europe), or a paste split at tabs, does not honour the
 *   quotes of a value that does not start the line, so it splits `/page,"x;=1+1"` into `/page,"x`
 *   and `=1+1"`. So a text value gets a `'` (which spreadsheets show as text) before every `=`, `+`,
 *   `-`, `@`, tab or carriage return (or their full-width forms) that starts it or that follows a
 *   `,` `;` tab or line break, quotes or spaces before it either way. The files' rows start with
 *   text (a path), so a line never starts with a number. Numbers are written as numbers (a
 *   negative count change stays a number).
 */

export type CsvValue = string | number | null | undefined

// csv-stringify quotes a value holding its own delimiter, a quote or the record delimiter (CRLF), but
// not a lone LF or CR, which readers also take as a line end: those are quoted here, with ; and tab
const OPTIONS = { quoted_match: /[;\t\r\n]/, record_delimiter: 'windows' } as const

const TRIGGER = /[=+\-@\t\r＝＋－＠]/
const SEPARATOR = /[,;\t\r\n]/

/** A text value with every place a cell could start a formula made text (`'`). */
export function guardFormulas(text: string): string {
  let out = ''
  // whether a cell could start here: at the start or after a separator, quotes and spaces between
  let cellStart = true
  for (const ch of text) {
    if (cellStart && TRIGGER.test(ch)) out += "'"
    out += ch
    if (SEPARATOR.test(ch)) cellStart = true
    else if (ch !== ' ' && ch !== '"') cellStart = false
  }
  return out
}

/** Rows as CSV text, each ending in CRLF. */
export function csvRows(rows: ReadonlyArray<readonly CsvValue[]>): string {
  if (rows.length === 0) return ''
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? guardFormulas(cell) : (cell ?? '')))),
    OPTIONS,
  )
}
