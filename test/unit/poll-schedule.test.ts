import { describe, expect, test } from 'vitest'
import { followUpGraceMs, pollDelay } from '../../src/agent/poll-schedule.js'

describe('pollDelay', () => {
  test('starts at 1.5 s and grows by half toward poll-interval', () => {
    expect(Array.from({ length: 8 }, (_, n) => pollDelay(n, 10_000))).toEqual([
      1500, 2250, 3375, 5063, 7594, 10_000, 10_000, 10_000,
    ])
  })
  test('never exceeds a short poll-interval', () => {
    expect(Array.from({ length: 3 }, (_, n) => pollDelay(n, 200))).toEqual([200, 200, 200])
  })
  test('a 30-minute job at the default interval costs under 190 checks', () => {
    let t = 0
    let checks = 0
    for (let n = 0; t < 30 * 60_000; n++) {
      t += pollDelay(n, 10_000)
      checks++
    }
    expect(checks).toBeLessThan(190)
  })
})

describe('followUpGraceMs', () => {
  test.each([
    [10_000, 30_000],
    [200, 600],
    [60_000, 60_000],
  ])('poll-interval %i → grace %i', (poll, grace) => {
    expect(followUpGraceMs(poll)).toBe(grace)
  })
})
