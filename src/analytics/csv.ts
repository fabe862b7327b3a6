/**
 * Every CSV file the action writes goes through here: RFC 4180 with CRLF line ends, and two
 * guarantees for text that readers and the API wrote:
 *
 * - **One cell per value** when a spreadsheet reads the file with the separator it was written with
 *   (a comma): a value holding `,` `;` tab, a quote or a line break (CR, LF or both) is quoted, its
 *   quotes doubled.
 * - **No formula under any separator** (OWASP's CSV injection guidance): a spreadsheet in a locale
 *   whose list separator is `;` (most of Europe), or a paste split at tabs, does not honour the
 *   quotes of a value that does not start the line, so it splits `/page,"x;=1+1"` into `/page,"x`
 *   and `=1+1"`. So a text value gets a `'` (which spreadsheets show as text) before every `=`, `+`,
 *   `-`, `@`, tab or carriage return (or their full-width forms) that starts it or that follows a
 *   `,` `;` tab or line break, quotes or spaces before it either way. The files' rows start with
 *   text (a path), so a line never starts with a number.
 *
 * Written here rather than with a general CSV library: the format is this small, and the 100,000-row
 * export's memory peak came from the library's per-cell work (docs/benchmarks.md).
 */

export type CsvValue = string | number | null | undefined

const TRIGGER = /[=+\-@\t\r＝＋－＠]/
const SEPARATOR = /[,;\t\r\n]/
/** A value that needs quotes to stay one cell under the comma. */
const NEEDS_QUOTES = /[",;\t\r\n]/

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

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const text = guardFormulas(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows as CSV text, each ending in CRLF. */
export function csvRows(rows: ReadonlyArray<readonly CsvValue[]>): string {
  let out = ''
  for (const row of rows) out += `${row.map(cell).join(',')}\r\n`
  return out
}
