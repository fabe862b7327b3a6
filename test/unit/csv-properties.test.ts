import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { csvRows } from '../../src/analytics/csv.js'
import { propertyRuns } from './property-runs.js'

/**
 * The CSV writer's guarantee over generated hostile text, thousands of cases each:
 *
 * - under every separator a spreadsheet may pick (comma, semicolon, tab), whichever column the text
 *   is in, no cell starts a formula. Read by the harshest reader there is: every `,` `;` tab and
 *   line break ends a cell, quotes or not (a spreadsheet whose separator is not the file's does not
 *   honour the quotes of a value that does not start the line), and a cell's leading quotes and
 *   spaces are dropped. Any real reader's cells start at one of those places, so none of them can
 *   start a formula either;
 * - read with the comma it was written with (csv-parse), every value is one cell and reads as
 *   written but for the guards.
 *
 * Rows start with text, as every file the action writes does (the path comes first).
 */

const FORMULA = /^[=+\-@\t\r＝＋－＠]/
const NUMBER = /^-?\d+(\.\d+)?$/
const GUARD = /'(?=[=+\-@\t\r＝＋－＠])/g

// the characters that matter, often; any text, sometimes
const hostileChar = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  ',',
  ';',
  '"',
  "'",
  ' ',
  'a',
  '1',
  '/',
  '＝',
  '＋',
  '－',
  '＠',
  '|',
)
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: hostileChar, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
)
const cell = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
)
const row = fc.tuple(text, fc.array(cell, { maxLength: 4 })).map(([first, rest]) => [first, ...rest])
const rows = fc.array(row, { minLength: 1, maxLength: 6 })

/** Every cell any reader could see: split at every separator and line break, leading quotes and spaces dropped. */
const harshestCells = (csv: string): string[] => csv.split(/[,;\t\r\n]/).map((c) => c.replace(/^[ "]*/, ''))

describe('CSV under every separator (property-based)', () => {
  test('no cell any reader could see starts a formula (but a number)', () => {
    fc.assert(
      fc.property(rows, (data) => {
        for (const value of harshestCells(csvRows(data))) if (FORMULA.test(value)) expect(value).toMatch(NUMBER)
      }),
      { numRuns: propertyRuns(5000) },
    )
  })

  test('read with the comma, every value is one cell and reads as written, but for the guards', () => {
    fc.assert(
      fc.property(rows, (data) => {
        const back = parse(csvRows(data), { record_delimiter: '\r\n', relax_column_count: true })
        expect(back).toHaveLength(data.length)
        for (const [i, cells] of back.entries()) {
          expect(cells.map((v) => v.replace(GUARD, ''))).toEqual(
            (data[i] ?? []).map((v) => String(v).replace(GUARD, '')),
          )
        }
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  test.each([
    ['semicolon', ';'],
    ['tab', '\t'],
  ])("the case a %s locale met: a reader's text in the second column does not start a formula", (_name, delimiter) => {
    const [cells] = parse(csvRows([['/page', `x${delimiter}=1+1`]]), {
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
    })
    expect(cells?.[1]).toBe('\'=1+1"')
  })
})
