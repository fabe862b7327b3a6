/**
 * Every CSV file the action writes: RFC 4180 with CRLF line ends, and two guarantees for text that
 * readers and the API wrote:
 * - **one cell per value** under the comma: a value holding a separator, a quote or a line break is
 *   quoted;
 * - **no formula under any separator** (OWASP's CSV injection guidance): a spreadsheet whose list
 *   separator is `;`, or a paste split at tabs, ignores the quotes inside a line and splits
 *   `/page,"x;=1+1"` into `/page,"x` and `=1+1"`; so every place a cell could start with a formula
 *   character gets a `'` (shown as text). Rows start with a path, never a number.
 * No CSV library: the format is this small, and a library's per-cell work was the 100,000-row
 * export's memory peak (docs/benchmarks.md).
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
