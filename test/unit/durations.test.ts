import { describe, expect, test } from 'vitest'
import { parseDuration } from '../../src/inputs/durations.js'
import { formatDuration } from '../../src/util/format.js'

describe('parseDuration', () => {
  test.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['500ms', 500],
    ['1.5h', 5_400_000],
    ['1.25h', 4_500_000],
    ['0.125s', 125],
    ['2m1.75s', 121_750],
    ['600', 600_000],
    ['0.25', 250],
    [' 10S ', 10_000],
  ])('%s → %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  test.each(['', '5 minutes', '-1s', '10x', 's', '1h 30m', '1e3', 'Infinity', '1d'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})

describe('formatDuration', () => {
  test.each([
    [350, '350ms'],
    [4200, '4.2s'],
    [45_000, '45s'],
    [125_000, '2m 5s'],
    [3_600_000, '1h'],
    [3_720_000, '1h 2m'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
