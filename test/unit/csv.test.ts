import { parse } from 'csv-parse/sync'
import { describe, expect, test } from 'vitest'
import { csvRows } from '../../src/analytics/csv.js'

/**
 * The CSV guarantee, checked by reading the files back with a real CSV parser (csv-parse) under
 * each separator a spreadsheet may use: every value stays one cell, and no cell starts a formula.
 */

const HOSTILE = [
  "x;=cmd|' /C calc'!A0",
  "x\t=cmd|' /C calc'!A0",
  'x,=HYPERLINK("https://evil.example")',
  '=1+1',
  '+SUM(A1)',
  '-2+3',
  '@SUM(A1)',
  '\t=cmd',
  '\r=cmd',
  '＝1+1',
  '＋1',
  '－1',
  '＠x',
  'say "hi"; then\nbreak',
  '/`tick`\n## heading',
  'cr\ronly',
  '/docs/a',
  '',
]

const FORMULA = /^[=+\-@\t\r＝＋－＠]/

describe.each([
  ['comma', ','],
  ['semicolon', ';'],
  ['tab', '\t'],
])('read back with the %s separator', (_name, delimiter) => {
  test('every value is one cell, and none starts a formula', () => {
    const text = csvRows(HOSTILE.map((value, i) => [value, i]))
    const rows = parse(text, { delimiter, relax_quotes: true, record_delimiter: '\r\n' })
    expect(rows).toHaveLength(HOSTILE.length)
    for (const [i, row] of rows.entries()) {
      // no value is split: read with its own separator a row is its two values; read with another
      // one, the whole row is one cell (the separator inside a value is always quoted)
      expect(row, `row ${i}: ${JSON.stringify(row)}`).toHaveLength(delimiter === ',' ? 2 : 1)
      for (const cell of row) expect(cell, `row ${i}`).not.toMatch(FORMULA)
      // the value is kept, behind the guard
      if (delimiter === ',') expect((row[0] ?? '').replace(/'(?=[=+\-@\t\r＝＋－＠])/g, '')).toBe(HOSTILE[i])
    }
  })
})

describe('csvRows', () => {
  test('numbers stay numbers (a negative change is no formula), empty values are empty cells, lines end in CRLF', () => {
    expect(csvRows([['/a', -30, null, undefined, 0]])).toBe('/a,-30,,,0\r\n')
  })

  test('no rows is no text', () => {
    expect(csvRows([])).toBe('')
  })
})
