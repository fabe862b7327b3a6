import { describe, expect, test } from 'vitest'
import {
  ANNOTATIONS_PER_REQUEST,
  MOST_ANNOTATED,
  SUMMARY_LIMIT,
  UNPACED_WRITES,
  WRITE_SPACING_MS,
  checkAnnotations,
  checkRunWrites,
  fitSummary,
  spacingBefore,
  withinBytes,
} from '../../src/check/check-run.js'
import type { Judged } from '../../src/check/new-known.js'

/** What the check run's writes carry, within GitHub's bounds: pure, no request. */

describe("the check run's pace", () => {
  test('the first 10 writes at once, each after them WRITE_SPACING_MS after the one before', () => {
    expect(Array.from({ length: 21 }, (_, i) => spacingBefore(i))).toEqual([
      ...Array<number>(UNPACED_WRITES).fill(0),
      ...Array<number>(21 - UNPACED_WRITES).fill(WRITE_SPACING_MS),
    ])
    expect(UNPACED_WRITES).toBe(10)
    // the most a run writes (MOST_ANNOTATED, 50 a write) is 11 paced writes: well under a minute
    expect((MOST_ANNOTATED / 50 - UNPACED_WRITES + 1) * WRITE_SPACING_MS).toBeLessThan(60_000)
  })
})

describe("the check run's writes", () => {
  test('50 annotations a write, the summary whole in the last one only, a line of progress before it', () => {
    const annotations = Array.from({ length: 120 }, (_, i) => i)
    const writes = checkRunWrites(annotations, '120 new problems', 'the summary')
    expect(writes.map((w) => w.annotations.length)).toEqual([ANNOTATIONS_PER_REQUEST, ANNOTATIONS_PER_REQUEST, 20])
    expect(writes.map((w) => w.summary)).toEqual([
      'Annotating 120 problems, 50 a request: 50 so far. The summary comes with the last.',
      'Annotating 120 problems, 50 a request: 100 so far. The summary comes with the last.',
      'the summary',
    ])
    expect(writes.every((w) => w.title === '120 new problems')).toBe(true)
    // one write, or none to make: the summary whole with the run's creation
    expect(checkRunWrites([1], 't', 'whole')).toEqual([{ title: 't', summary: 'whole', annotations: [1] }])
    expect(checkRunWrites([], 't', 'whole')).toEqual([{ title: 't', summary: 'whole', annotations: [] }])
    expect(checkRunWrites([], 't', 'x'.repeat(SUMMARY_LIMIT + 1))[0]?.summary).toBe(
      fitSummary('x'.repeat(SUMMARY_LIMIT + 1)),
    )
  })

  test("an annotation's message within 64 KB, never cut inside a character; its title within 255 characters", () => {
    expect(withinBytes('abc', 3)).toBe('abc')
    expect(withinBytes('abcd', 3)).toBe('…')
    expect(withinBytes('abcdef', 5)).toBe('ab…')
    // é is two bytes, … three: never half a character
    expect(withinBytes('éééé', 6)).toBe('é…')
    const judged: Judged = {
      problem: { rule: 'broken-link', file: 'a.mdx', path: 'a.mdx', line: 2, target: '/x', message: 'm' },
      status: 'new',
    }
    const [annotation] = checkAnnotations([judged], 'failure', () => ({
      title: 't'.repeat(300),
      message: 'é'.repeat(40_000),
    }))
    expect([...(annotation?.title ?? '')]).toHaveLength(255)
    expect(Buffer.byteLength(annotation?.message ?? '', 'utf8')).toBeLessThanOrEqual(65_536)
    expect(annotation?.message.endsWith('…')).toBe(true)
  })
})
