import { describe, expect, test } from 'vitest'
import { type Comparison, joinPeriods } from '../../src/analytics/compare.js'
import {
  SUMMARY_BYTE_BUDGET,
  aiShare,
  bar,
  formatChange,
  renderVisitorsViewsSummary,
} from '../../src/traffic/summary.js'

const base = {
  kind: 'visitors' as const,
  projectId: 'proj_demo',
  range: '2026-10-01 – 2026-10-31',
  totals: { human: 12_345, ai: 2_345, total: 13_900 },
  summaryRows: 25,
  files: { json: '/tmp/x.json', csv: '/tmp/x.csv' },
  notes: [],
  failed: false,
}

describe('visitors summary', () => {
  test('heading with the range, totals with the AI share, top rows with bars, and what is left', () => {
    const sorted = [
      { path: '/docs/a', human: 900, ai: 100, total: 950 },
      { path: '/docs/b', human: 400, ai: 75, total: 475 },
      { path: '/docs/c', human: 10, ai: 0, total: 10 },
    ]
    const md = renderVisitorsViewsSummary({ ...base, sorted, summaryRows: 2, pathCount: 3 })
    expect(md).toContain('### 📊 Unique visitors: proj\\_demo, 2026-10-01 – 2026-10-31')
    expect(md).toContain('| 12,345 | 2,345 | 13,900 | 16.0% |')
    expect(md).toContain('| /docs/a | 950 | 900 / 100 | 10.0% | ████████████████ |')
    expect(md).toContain('| /docs/b | 475 | 400 / 75 | 15.8% | ████████ |')
    expect(md).not.toContain('/docs/c')
    expect(md).toContain('**Top 2 of 3 pages by total visitors**')
    expect(md).toContain('1 more page is in the export files')
  })

  test('hostile paths cannot break a row or become a link, image or HTML', () => {
    const paths = [
      '/a|b',
      '/x\\|y',
      '/`code`',
      '/[link](https://evil.example)',
      '/![img](https://evil.example/i.png)',
      '/<script>alert(1)</script>',
      '/line\nbreak',
      '/www.evil.example',
    ]
    const sorted = paths.map((path, i) => ({ path, human: 10 - i, ai: 0, total: 10 - i }))
    const md = renderVisitorsViewsSummary({ ...base, sorted, pathCount: sorted.length })
    const rows = md.split('\n').filter((l) => l.startsWith('| /'))
    expect(rows).toHaveLength(paths.length)
    for (const row of rows) expect(row.replace(/\\\\/g, '').replace(/\\\|/g, '').split('|')).toHaveLength(7) // five cells at most: the summary's width
    expect(md).not.toMatch(/<script|\]\(https|!\[img\]\(|www\.evil/)
  })

  test('stays under the byte budget however many rows are asked for', () => {
    const sorted = Array.from({ length: 20_000 }, (_, i) => ({
      path: `/${'x'.repeat(140)}/${i}`,
      human: 20_000 - i,
      ai: 1,
      total: 20_000 - i,
    }))
    const md = renderVisitorsViewsSummary({ ...base, sorted, summaryRows: 20_000, pathCount: sorted.length })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_BYTE_BUDGET)
    expect(md).toMatch(/more pages are in the export files/)
  })

  test.each([
    [100, 100, '████████████████'],
    [50, 100, '████████'],
    [1, 100, '▏'],
    [0, 100, ''],
  ])('bar(%i, %i) = %j', (value, max, text) => {
    expect(bar(value, max)).toBe(text)
  })

  test('AI share is AI / (human + AI)', () => {
    expect(aiShare(3, 1)).toBe('25.0%')
    expect(aiShare(0, 0)).toBe('—')
  })
})

describe('summary with a comparison', () => {
  const row = (path: string, total: number) => ({ path, human: total, ai: 0, total })
  const current = [row('/up', 150), row('/new', 70), row('/down', 40)]
  const previousRows = [row('/up', 100), row('/down', 90), row('/gone|<b>', 55)]
  const comparison = {
    previousTotals: { human: 200, ai: 20, total: 210 },
    previousRange: '2026-09-24 – 2026-09-30',
    previousComplete: true,
    rows: joinPeriods(new Map(current.map((r) => [r.path, r])), new Map(previousRows.map((r) => [r.path, r]))),
  }

  test('totals with the previous total and the change; a change column; the movers, escaped', () => {
    const md = renderVisitorsViewsSummary({
      ...base,
      kind: 'views',
      totals: { human: 250, ai: 10, total: 260 },
      sorted: current,
      pathCount: 3,
      comparison,
    })
    expect(md).toContain('### 📊 Page views: proj\\_demo')
    expect(md).toContain('| Previous total | Change |')
    expect(md).toContain('| 250 / 10 | 260 | 3.8% | 210 | ▲ +50 (+23.8%) |')
    expect(md).toContain('| /up | 150 | 150 / 0 | ▲ +50 (+50.0%) |')
    expect(md).toContain('| /new | 70 | 70 / 0 | 🆕 new |')
    expect(md).toContain('| /down | 40 | 40 / 0 | ▼ -50 (-55.6%) |')
    expect(md).toContain('Compared with 2026-09-24 – 2026-09-30.')
    expect(md).toContain('**Biggest risers** (1)\n- /up: 100 → 150, ▲ +50 (+50.0%)')
    expect(md).toContain('**Gone quiet (views before, none now)** (1)\n- /gone\\|&lt;b&gt;: 55 before')
    expect(md).not.toContain('<b>')
  })

  test('nothing moved: the movers part is one line', () => {
    const same = [{ path: '/a', human: 10, ai: 0, total: 10 }]
    const flat: Comparison = {
      ...comparison,
      rows: joinPeriods(new Map(same.map((r) => [r.path, r])), new Map(same.map((r) => [r.path, r]))),
    }
    const md = renderVisitorsViewsSummary({ ...base, sorted: same, pathCount: 1, comparison: flat })
    expect(md).toContain('#### Movers\n\nNo page rose, fell, appeared or went quiet.\n')
    expect(md).not.toMatch(/none\./)
  })

  test('an incomplete previous period: no change shown, and the summary says why', () => {
    const md = renderVisitorsViewsSummary({
      ...base,
      sorted: current,
      pathCount: 3,
      comparison: { ...comparison, previousComplete: false },
    })
    expect(md).not.toContain('Change')
    expect(md).not.toContain('Movers')
    expect(md).toContain('that period is incomplete, so a change would mislead')
  })

  test.each([
    [{ path: '/', human: 0, ai: 0, total: 5, previous: { human: 0, ai: 0, total: 0 }, change: 5 }, '🆕 new'],
    [{ path: '/', human: 0, ai: 0, total: 0, previous: { human: 0, ai: 0, total: 9 }, change: -9 }, '▼ -9 (gone)'],
    [{ path: '/', human: 0, ai: 0, total: 9, previous: { human: 0, ai: 0, total: 9 }, change: 0 }, '＝ 0 (0.0%)'],
    [
      { path: '/', human: 0, ai: 0, total: 2500, previous: { human: 0, ai: 0, total: 1000 }, change: 1500 },
      '▲ +1,500 (+150.0%)',
    ],
  ])('formatChange %#', (r, expected) => {
    expect(formatChange(r)).toBe(expected)
  })
})
