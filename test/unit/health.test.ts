import { describe, expect, test } from 'vitest'
import { type Gap, type GapRecord, TRACKED_PER_KIND, advanceGaps, gapsForJobs, gapsOf } from '../../src/health/gaps.js'
import { completeWeeks, weekEnd } from '../../src/health/weeks.js'
import { decodeHealthState, encodeHealthState } from '../../src/health/memory.js'
import { BODY_LIMIT, type HealthView, renderHealthBody } from '../../src/health/issue-body.js'
import { anyString, containing, defined } from '../e2e/typed.js'

const all = { search: true, question: true, page: true }
const gap = (text: string, weight = 10, kind: Gap['kind'] = 'search'): Gap =>
  defined(
    gapsOf({
      searches: kind === 'search' ? [{ query: text, hits: weight, lastSearchedAt: undefined }] : [],
      questions:
        kind === 'question'
          ? [{ question: text, asked: weight, threads: 1, page: undefined, lastAskedAt: undefined }]
          : [],
      pages: kind === 'page' ? [{ path: text, thumbsDown: weight, thumbsUp: 0, comments: [] }] : [],
    })[0],
    'a gap',
  )

describe('whole weeks, Monday to Monday in UTC', () => {
  test.each([
    ['a Tuesday', Date.UTC(2026, 10, 24, 9), ['2026-11-09', '2026-11-16']],
    [
      'a Monday just after midnight: the week that just ended is complete',
      Date.UTC(2026, 10, 23, 0, 1),
      ['2026-11-09', '2026-11-16'],
    ],
    ['a Sunday just before midnight: that week is not', Date.UTC(2026, 10, 22, 23, 59), ['2026-11-02', '2026-11-09']],
    ['across a year', Date.UTC(2027, 0, 5), ['2026-12-21', '2026-12-28']],
  ])('%s', (_name, now, weeks) => {
    expect(completeWeeks(now, 2)).toEqual(weeks)
    for (const w of weeks) expect(new Date(`${w}T00:00:00Z`).getUTCDay()).toBe(1)
    expect(weekEnd(defined(weeks[1], 'a second week'))).toBe(
      new Date(Date.parse(`${weeks[1]}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    )
  })
})

describe("a gap's life", () => {
  test('case and spacing do not make a new gap', () => {
    expect(gap('Webhook  Retries').key).toBe(gap('webhook retries').key)
    expect(gap('webhook retries', 1, 'question').key).not.toBe(gap('webhook retries').key)
  })

  test('new, persisting (weeks in a row), gone; an incomplete list calls nothing gone', () => {
    const w1 = advanceGaps([], [gap('a'), gap('b')], all, '2026-11-09')
    expect(w1.fresh.map((r) => r.text)).toEqual(['a', 'b'])
    const w2 = advanceGaps(w1.records, [gap('a', 12)], { ...all, search: false }, '2026-11-16')
    expect(w2.persisting.map((r) => [r.text, r.runs])).toEqual([
      ['a', 2],
      ['b', 1],
    ])
    expect(w2.gone).toEqual([])
    const w3 = advanceGaps(w2.records, [gap('a')], all, '2026-11-23')
    expect(w3.gone.map((r) => r.text)).toEqual(['b'])
    expect(w3.records.find((r) => r.text === 'b')?.gone).toBe('2026-11-23')
  })

  test('a second run in the same week counts nothing twice', () => {
    const w1 = advanceGaps([], [gap('a')], all, '2026-11-09')
    const again = advanceGaps(w1.records, [gap('a')], all, '2026-11-09')
    expect(again.fresh.map((r) => r.runs)).toEqual([1])
    const w2 = advanceGaps(again.records, [], all, '2026-11-16')
    expect(advanceGaps(w2.records, [], all, '2026-11-16').gone).toHaveLength(1)
  })

  test('only the top of each list is followed; a job is never given twice, even after the gap went and came back', () => {
    const many = Array.from({ length: TRACKED_PER_KIND + 5 }, (_, i) => gap(`q${i}`, 100 - i))
    expect(advanceGaps([], many, all, '2026-11-09').fresh).toHaveLength(TRACKED_PER_KIND)
    let records: GapRecord[] = advanceGaps([], [gap('a')], all, '2026-11-09').records
    records = advanceGaps(records, [gap('a')], all, '2026-11-16').records
    expect(gapsForJobs(records, 1).map((r) => r.text)).toEqual(['a'])
    records = records.map((r) => ({ ...r, job: { id: 'job_1', status: 'active' } }))
    expect(gapsForJobs(records, 1)).toEqual([])
    records = advanceGaps(records, [], all, '2026-11-23').records
    records = advanceGaps(records, [gap('a')], all, '2026-11-30').records
    records = advanceGaps(records, [gap('a')], all, '2026-12-07').records
    expect(records[0]?.runs).toBe(2)
    expect(gapsForJobs(records, 5)).toEqual([])
  })
})

describe("the issue's memory and its size", () => {
  const view = (gaps: GapRecord[]): HealthView => ({
    projectId: 'p',
    runUrl: 'https://github.com/acme/docs/actions/runs/1',
    now: Date.UTC(2026, 10, 24),
    weeks: [],
    weeksWanted: 12,
    gapWeek: '2026-11-16',
    complete: all,
    fresh: gaps.filter((g) => g.gone === undefined),
    persisting: [],
    gone: gaps.filter((g) => g.gone !== undefined),
    jobs: [],
    notes: [],
    usage: '',
  })

  test("the state reads back; a broken, edited or other project's state is refused with a reason", () => {
    const state = { project: 'p', weeks: [{ start: '2026-11-16', human: 1, ai: 2, visitors: 3, views: 4 }], gaps: [] }
    expect(decodeHealthState(`x\n${encodeHealthState(state)}`, 'p')).toEqual({ state })
    expect(decodeHealthState('no state', 'p')).toEqual({ absent: true })
    expect(decodeHealthState(encodeHealthState(state), 'q')).toMatchObject({
      broken: containing('another project'),
    })
    const bad = encodeHealthState({ ...state, weeks: [{ ...defined(state.weeks[0], 'a week'), start: 'last week' }] })
    expect(decodeHealthState(bad, 'p')).toMatchObject({ broken: containing('weeks.0.start') })
    expect(decodeHealthState('<!-- mintlify-docs-action:health-state v1 !!! -->', 'p')).toMatchObject({
      broken: anyString(),
    })
  })

  test("the body stays under GitHub's 65,536 characters, however long readers' text: the oldest gone gaps go first", () => {
    const long = (i: number): string => `${'🦄'.repeat(70)} ${i}`
    const gaps: GapRecord[] = Array.from({ length: 120 }, (_, i) => ({
      ...gap(long(i), i),
      firstSeen: '2026-01-05',
      lastSeen: '2026-11-16',
      runs: 1,
      ...(i < 60 ? { gone: `2026-0${1 + (i % 9)}-05` } : {}),
    }))
    const { body, state } = renderHealthBody(view(gaps), { project: 'p', weeks: [], gaps })
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT)
    expect(state.gaps.length).toBeLessThan(120)
    // every gone gap is forgotten before any gap still seen
    expect(state.gaps.filter((g) => g.gone !== undefined)).toEqual([])
    expect(state.gaps.length).toBeGreaterThan(40)
    expect(decodeHealthState(body, 'p')).toEqual({ state })
  })
})
