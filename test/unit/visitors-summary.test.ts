import { describe, expect, test } from 'vitest'
import { SUMMARY_BYTE_BUDGET, aiShare, bar, renderVisitorsSummary } from '../../src/summary/visitors-summary.js'

const base = {
  projectId: 'proj_demo',
  range: '1 Oct 2026 – 31 Oct 2026',
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
    const md = renderVisitorsSummary({ ...base, sorted, summaryRows: 2, pathCount: 3 })
    expect(md).toContain('### 📊 Unique visitors: proj\\_demo, 1 Oct 2026 – 31 Oct 2026')
    expect(md).toContain('| 12,345 | 2,345 | 13,900 | 16.0% |')
    expect(md).toContain('| /docs/a | 900 | 100 | 950 | 10.0% | ████████████████ |')
    expect(md).toContain('| /docs/b | 400 | 75 | 475 | 15.8% | ████████ |')
    expect(md).not.toContain('/docs/c')
    expect(md).toContain('**Top 2 of 3 pages by total visitors**')
    expect(md).toContain('1 more page is in the export files')
  })

  test('hostile paths cannot break a row or become a link, image or HTML', () => {
    const paths = ['/a|b', '/x\\|y', '/`code`', '/[link](https://evil.example)', '/![img](https://evil.example/i.png)', '/<script>alert(1)</script>', '/line\nbreak', '/www.evil.example']
    const sorted = paths.map((path, i) => ({ path, human: 10 - i, ai: 0, total: 10 - i }))
    const md = renderVisitorsSummary({ ...base, sorted, pathCount: sorted.length })
    const rows = md.split('\n').filter((l) => l.startsWith('| /'))
    expect(rows).toHaveLength(paths.length)
    for (const row of rows) expect(row.replace(/\\\\/g, '').replace(/\\\|/g, '').split('|')).toHaveLength(8)
    expect(md).not.toMatch(/<script|\]\(https|!\[img\]\(|www\.evil/)
  })

  test('stays under the byte budget however many rows are asked for', () => {
    const sorted = Array.from({ length: 20_000 }, (_, i) => ({ path: `/${'x'.repeat(140)}/${i}`, human: 20_000 - i, ai: 1, total: 20_000 - i }))
    const md = renderVisitorsSummary({ ...base, sorted, summaryRows: 20_000, pathCount: sorted.length })
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
