import { stringify } from 'csv-stringify/sync'

/**
 * Every CSV file the action writes goes through here: csv-stringify (the csv project's writer), with
 * CRLF line ends (RFC 4180) and two guarantees for text that readers and the API wrote:
 *
 * - **One cell per value** whether a spreadsheet reads the file with commas, semicolons (a
 *   semicolon locale) or tabs (a paste): a value holding any of `,` `;` tab, a quote or a line
 *   break (CR, LF or both) is quoted.
 * - **No formula** (OWASP's CSV injection guidance): a text value starting with `=`, `+`, `-`, `@`,
 *   tab or carriage return (or their full-width forms) gets a leading `'`, which spreadsheets show
 *   as text. Numbers are written as numbers (a negative count change stays a number).
 */

export type CsvValue = string | number | null | undefined

// csv-stringify quotes a value holding its own delimiter, a quote or the record delimiter (CRLF), but
// not a lone LF or CR, which readers also take as a line end: those are quoted here, with ; and tab
const OPTIONS = { escape_formulas: true, quoted_match: /[;\t\r\n]/, record_delimiter: 'windows' } as const

/** Rows as CSV text, each ending in CRLF. */
export function csvRows(rows: ReadonlyArray<readonly CsvValue[]>): string {
  if (rows.length === 0) return ''
  return stringify(rows.map((row) => row.map((cell) => cell ?? '')), OPTIONS)
}
