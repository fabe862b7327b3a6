import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  formatMegabytes,
  lastDayBefore,
  count,
  formatDay,
  formatDuration,
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatTime,
} from '../../src/util/format.js'
import { sourceFiles } from './source-files.js'

describe('one formatter for numbers and dates', () => {
  it('groups digits, one rule for every size', () => {
    expect([0, 7, 1234, 1_234_567, 999.6, -1500, 1e15].map(formatNumber)).toEqual([
      '0',
      '7',
      '1,234',
      '1,234,567',
      '1,000',
      '-1,500',
      '1,000,000,000,000,000',
    ])
    // a number too large for plain digits is written as JavaScript writes it, never grouped inside
    expect([1e21, -1e21].map(formatNumber)).toEqual(['1e+21', '-1e+21'])
    expect(count(1, 'row', 'rows')).toBe('1 row')
    expect(count(12_000, 'agent use')).toBe('12,000 agent uses')
    expect(formatPercent(0.125)).toBe('12.5%')
    expect(formatPercent(12_345.67)).toBe('1,234,567.0%')
    expect(formatPercent(-12.3456)).toBe('-1,234.6%')
    // a change: signed, grouped, and no sign on what rounds to zero either way
    expect([0.125, -0.03, 12.129, 0.0004, -0.0004, 0].map(formatSignedPercent)).toEqual([
      '+12.5%',
      '-3.0%',
      '+1,212.9%',
      '0.0%',
      '0.0%',
      '0.0%',
    ])
  })

  it('writes days as YYYY-MM-DD and times to the minute in UTC; anything else is empty', () => {
    expect(formatDay('2026-11-24T23:59:59Z')).toBe('2026-11-24')
    expect(formatDay(Date.UTC(2026, 0, 2, 3, 4))).toBe('2026-01-02')
    expect(formatTime('2026-11-24T09:05:59+02:00')).toBe('2026-11-24 07:05 UTC')
    expect(formatDay('yesterday')).toBe('')
    expect(formatTime('<b>x</b>')).toBe('')
  })

  it('sizes in megabytes: a budget whole, a file to a tenth', () => {
    expect([2 * 1024 * 1024, 10 * 1024 * 1024, 11_400_000, 1536 * 1024 * 1024].map(formatMegabytes)).toEqual([
      '2 MB',
      '10 MB',
      '10.9 MB',
      '1,536 MB',
    ])
  })

  it('durations as people read them', () => {
    expect([350, 4_200, 65_000, 3_720_000].map(formatDuration)).toEqual(['350ms', '4.2s', '1m 5s', '1h 2m'])
    // at each boundary, the larger unit
    expect([999, 1000, 9_999, 10_000, 59_999].map(formatDuration)).toEqual(['999ms', '1.0s', '10.0s', '10s', '60s'])
  })

  it("a range's last day: the day before a day end, a timed end as it was sent", () => {
    expect(lastDayBefore('2026-11-26')).toBe('2026-11-25')
    expect(lastDayBefore('2026-03-01')).toBe('2026-02-28')
    expect(lastDayBefore('2026-11-26T10:00:00Z')).toBe('2026-11-26T10:00:00Z')
    expect(lastDayBefore('x2026-11-26')).toBe('x2026-11-26')
  })

  it('no summary, comment or log line formats a number or a date on its own', () => {
    const offenders = sourceFiles()
      .filter(
        ([path, text]) =>
          path !== join('util', 'format.ts') &&
          /toLocale\w*String\(|Intl\.NumberFormat|Intl\.DateTimeFormat/.test(text),
      )
      .map(([path]) => path)
    expect(offenders).toEqual([])
  })
})
