import { describe, expect, test } from 'vitest'
import { changePercent, joinPeriods, movers } from '../../src/analytics/compare.js'
import { previousPeriod } from '../../src/analytics/periods.js'
import type { VisitorRow } from '../../src/service/schemas.js'
import { parseRangeEnd } from '../../src/inputs/dates.js'

const at = (text: string, now = Date.UTC(2026, 10, 22, 10, 0)) => {
  const end = parseRangeEnd(text, now)
  if (!end) throw new Error(`not a date: ${text}`)
  return end
}

describe('previousPeriod: as many whole UTC days, ending where the range starts', () => {
  test.each([
    ['2026-11-15', '2026-11-22', '2026-11-08', 7],
    ['2026-03-01', '2026-04-01', '2026-01-29', 31], // March is 31 days; February 2026 has 28
    ['2028-03-01', '2028-03-08', '2028-02-23', 7], // across a leap day (29 Feb 2028)
    ['2028-03-01', '2028-04-01', '2028-01-30', 31],
    ['2027-01-01', '2027-01-02', '2026-12-31', 1], // one day, across a year end
    ['2026-11-01', '2026-12-01', '2026-10-02', 30],
  ])('%s → %s: the previous period is %s → (start) over %i days', (from, to, previousFrom, days) => {
    const p = previousPeriod(at(from), at(to), 0)
    expect(p).toMatchObject({ days, from: { sent: previousFrom, dateOnly: true }, to: { sent: from } })
  })

  test('Nd forms: 7d to 0d compares the last 7 full days with the 7 before', () => {
    const now = Date.UTC(2026, 10, 22, 10, 0)
    const p = previousPeriod(at('7d', now), at('0d', now), now)
    expect(p.days).toBe(7)
    expect(p.from.sent).toBe('2026-11-08')
    expect(p.to.sent).toBe('2026-11-15')
  })

  test('an open end runs to now, and today counts as a day', () => {
    const now = Date.UTC(2026, 10, 22, 10, 0)
    const p = previousPeriod(at('2026-11-15'), undefined, now)
    expect(p.days).toBe(8)
    expect(p.from.sent).toBe('2026-11-07')
    expect(p.to.sent).toBe('2026-11-15')
  })

  test('an open end at exactly midnight counts no extra day', () => {
    expect(previousPeriod(at('2026-11-15'), undefined, Date.UTC(2026, 10, 22)).days).toBe(7)
  })

  test('a date-time start: the previous period is sent as date-times, ending at the start as it was sent', () => {
    const p = previousPeriod(at('2026-11-15T12:00:00+02:00'), at('2026-11-16T12:00:00+02:00'), 0)
    expect(p.days).toBe(1)
    expect(p.from).toMatchObject({ sent: '2026-11-14T10:00:00.000Z', dateOnly: false })
    expect(p.to.sent).toBe('2026-11-15T12:00:00+02:00')
  })
})

describe('changePercent', () => {
  test.each([
    [1125, 1000, '+12.5'],
    [970, 1000, '-3.0'],
    [1000, 1000, '0.0'],
    [1000, 1000.2, '0.0'], // no "-0.0"
    [5, 0, ''],
    [0, 0, ''],
    [0, 10, '-100.0'],
    [3, 1, '+200.0'],
  ])('%d against %d → %j', (current, previous, expected) => {
    expect(changePercent(current, previous)).toBe(expected)
  })
})

describe('joinPeriods and movers', () => {
  const row = (path: string, total: number): VisitorRow => ({ path, human: total, ai: 0, total })
  const map = (rows: VisitorRow[]) => new Map(rows.map((r) => [r.path, r]))
  const current = map([row('/up', 150), row('/down', 40), row('/new', 70), row('/flat', 10), row('/up-small', 12)])
  const previous = map([row('/up', 100), row('/down', 90), row('/gone', 55), row('/flat', 10), row('/up-small', 10)])

  test('the union of both periods, each side 0 where a path had nothing, sorted like the export', () => {
    const rows = joinPeriods(current, previous)
    expect(rows.map((r) => [r.path, r.total, r.previous.total, r.change])).toEqual([
      ['/up', 150, 100, 50],
      ['/new', 70, 0, 70],
      ['/down', 40, 90, -50],
      ['/up-small', 12, 10, 2],
      ['/flat', 10, 10, 0],
      ['/gone', 0, 55, -55],
    ])
  })

  test('risers and fallers by absolute change among pages of both periods; new and gone apart; bounded with counts', () => {
    const m = movers(joinPeriods(current, previous), 1)
    expect(m.risers.map((r) => r.path)).toEqual(['/up'])
    expect(m.fallers.map((r) => r.path)).toEqual(['/down'])
    expect(m.added.map((r) => r.path)).toEqual(['/new'])
    expect(m.gone.map((r) => r.path)).toEqual(['/gone'])
    expect(m.counts).toEqual({ risers: 2, fallers: 1, added: 1, gone: 1 })
  })
})
