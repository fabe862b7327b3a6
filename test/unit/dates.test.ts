import { describe, expect, test } from 'vitest'
import {
  type RangeEnd,
  describeEnd,
  describePin,
  describeRange,
  parseRangeEnd,
  pinOpenEnd,
} from '../../src/inputs/dates.js'

const now = Date.UTC(2026, 10, 21, 23, 59, 59)

describe('parseRangeEnd', () => {
  test.each([
    ['2026-10-01', '2026-10-01', Date.UTC(2026, 9, 1), true],
    ['2024-02-29', '2024-02-29', Date.UTC(2024, 1, 29), true],
    ['0d', '2026-11-21', Date.UTC(2026, 10, 21), true],
    ['7d', '2026-11-14', Date.UTC(2026, 10, 14), true],
    ['30d', '2026-10-22', Date.UTC(2026, 9, 22), true],
    ['2026-10-01T12:30:00Z', '2026-10-01T12:30:00Z', Date.UTC(2026, 9, 1, 12, 30), false],
    ['2026-10-01T12:30', '2026-10-01T12:30', Date.UTC(2026, 9, 1, 12, 30), false],
    ['2026-10-01T12:30:00.500+02:00', '2026-10-01T12:30:00.500+02:00', Date.UTC(2026, 9, 1, 10, 30, 0, 500), false],
    ['2026-10-01T00:00:00-0530', '2026-10-01T00:00:00-0530', Date.UTC(2026, 9, 1, 5, 30), false],
  ])('%s → sent %s', (text, sent, instant, dateOnly) => {
    expect(parseRangeEnd(text, now)).toEqual({ given: text, sent, instant, dateOnly })
  })

  test.each([
    // the edges that are still dates: the first accepted year, the last second, hour and offset
    ['2000-01-01', Date.UTC(2000, 0, 1)],
    ['2026-12-31', Date.UTC(2026, 11, 31)],
    ['2026-10-01T23:59:59Z', Date.UTC(2026, 9, 1, 23, 59, 59)],
    ['2026-10-01T00:00:00+23:59', Date.UTC(2026, 8, 30, 0, 1)],
    ['2026-10-01t10:00z', Date.UTC(2026, 9, 1, 10)],
    [' 2026-10-01 ', Date.UTC(2026, 9, 1)],
  ])('%j is the instant %i', (text, instant) => {
    expect(parseRangeEnd(text, now)?.instant).toBe(instant)
  })

  test.each([
    '1999-12-31',
    'x2026-10-01',
    '2026-10-01x',
    '2026-10-00',
    '2026-00-10',
    '2026-13-01',
    '2026-10-01T24:00Z',
    '2026-10-01T10:60Z',
    '2026-10-01T10:00:60Z',
    '2026-10-01T10:00+24:00',
    '2026-10-01T10:00+05:60',
    '2026-10-01T10:00x+05:00',
    '2026-10-01T10:00+05:00x',
  ])('%j is no date, however near', (text) => {
    expect(parseRangeEnd(text, now)).toBeUndefined()
  })

  test.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-1-1',
    '26-10-01',
    '2026-10-01T24:00',
    '2026-10-01T12:60',
    '2026-10-01T12:00+25:00',
    'yesterday',
    '-7d',
    '7 d',
    '7days',
    '',
  ])('%j is refused', (text) => {
    expect(parseRangeEnd(text, now)).toBeUndefined()
  })
})

describe('describeRange', () => {
  const at = (s: string) => parseRangeEnd(s, now)
  test.each([
    [undefined, undefined, 'all time'],
    ['2026-10-01', '2026-11-01', '2026-10-01 – 2026-10-31'],
    ['2026-10-01', '2026-10-02', '2026-10-01'],
    ['2026-10-01', undefined, 'since 2026-10-01'],
    [undefined, '2026-11-01', 'up to and including 2026-10-31'],
    ['2026-10-01T09:00:00Z', '2026-10-02T09:00:00Z', '2026-10-01 09:00 UTC – before 2026-10-02 09:00 UTC'],
    // a day apart, but only one end a whole day: both ends said
    ['2026-10-01', '2026-10-02T00:00:00Z', '2026-10-01 – before 2026-10-02 00:00 UTC'],
    ['2026-10-01T00:00:00Z', '2026-10-02', '2026-10-01 00:00 UTC – 2026-10-01'],
    [undefined, '2026-10-02T09:00:00Z', 'before 2026-10-02 09:00 UTC'],
  ])('%s → %s: %s', (from, to, words) => {
    expect(describeRange(from ? at(from) : undefined, to ? at(to) : undefined)).toBe(words)
  })

  test('an open end is pinned to tomorrow in UTC, and the words and the pin note say so', () => {
    const pinned = pinOpenEnd(undefined, Date.UTC(2026, 10, 24, 23, 59, 59))
    expect(pinned).toEqual({
      given: '',
      sent: '2026-11-25',
      instant: Date.UTC(2026, 10, 25),
      dateOnly: true,
      pinned: true,
    })
    expect(describeRange(at('2026-10-01'), pinned)).toBe('2026-10-01 – today (2026-11-24)')
    expect(describeRange(undefined, pinned)).toBe('all time up to today (2026-11-24)')
    // a pinned end a day after the start is still "today", not a single day
    expect(describeRange(at('2026-11-24'), pinned)).toBe('2026-11-24 – today (2026-11-24)')
    expect(describePin(pinned)).toContain('dateTo=2026-11-25 (tomorrow in UTC, exclusive)')
    // a given end is kept as given, and says nothing
    const given = at('2026-11-01') as RangeEnd
    expect(pinOpenEnd(given, now)).toBe(given)
    expect(describePin(given)).toBe('')
  })
})

describe('describeEnd', () => {
  const now = Date.UTC(2026, 10, 24, 9, 30)
  test('an end after today is said: the range has data up to now only', () => {
    expect(describeEnd(parseRangeEnd('2027-01-01', now) as RangeEnd, now)).toBe(
      'date-to (2027-01-01) is after today: the range has data up to now only, 2026-11-24 09:30 UTC.',
    )
  })
  test.each(['2026-11-25', '0d', '2026-11-24T12:00:00Z'])(
    'an end up to tomorrow (exclusive) needs no word: %s',
    (to) => {
      expect(describeEnd(parseRangeEnd(to, now) as RangeEnd, now)).toBe('')
    },
  )
  test('an open end is its pin', () => {
    expect(describeEnd(pinOpenEnd(undefined, now), now)).toContain('date-to was open')
  })
})
