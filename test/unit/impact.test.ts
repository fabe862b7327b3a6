import { describe, expect, test } from 'vitest'
import {
  type ImpactPull,
  type ImpactWeek,
  MAX_PAGES,
  docsRootOf,
  figuresOf,
  keptWeeks,
  pagePath,
  pagesOfFiles,
  servedPrefix,
  verdictOf,
  weeksCounted,
  weeksToRead,
  windowsOf,
} from '../../src/health/impact.js'
import { weekOf } from '../../src/health/weeks.js'
import { defined } from '../e2e/typed.js'

/** "Did the docs change help": files to pages, the windows, the weeks to read and the figures, without a client. */

const file = (filename: string, status = 'modified', previousFilename?: string) => ({
  filename,
  status,
  additions: 1,
  deletions: 1,
  ...(previousFilename ? { previousFilename } : {}),
})

function week(
  start: string,
  views: Record<string, [number, number]>,
  covered: string[],
  thumbs: Record<string, [number, number]> = {},
  thumbsWhole = true,
  site: [number, number] = [1_000, 100],
): ImpactWeek {
  return { start, site, views, thumbs, thumbsWhole, covered, prefix: '' }
}

const pull = (pages: ImpactPull['pages'], mergedAt = '2026-11-04T15:00:00Z'): ImpactPull => ({
  number: 12,
  url: 'https://github.com/acme/docs/pull/12',
  title: 'x',
  mergedAt,
  pages,
  other: [],
})

describe('files to pages', () => {
  test.each([
    ['guides/setup.mdx', '', '/guides/setup'],
    ['guides/setup.md', '', '/guides/setup'],
    ['index.mdx', '', '/'],
    ['docs/guides/index.md', 'docs', '/guides'],
    ['docs/index.mdx', 'docs', '/'],
    ['docs/index.mdx', '/docs/', '/'],
    ['Guides/Setup.MDX', '', '/Guides/Setup'],
    ['docs/snippets/note.mdx', 'docs', undefined],
    ['snippets/note.mdx', '', undefined],
    ['guides/_partial.mdx', '', undefined],
    ['images/flow.png', '', undefined],
    ['docs.json', '', undefined],
    ['other/page.mdx', 'docs', undefined],
    ['docsite/page.mdx', 'docs', undefined],
  ])('%s under "%s" → %s', (name, root, expected) => {
    expect(pagePath(name, root)).toBe(expected)
  })

  test("a pull request's files: new pages, renamed ones (read before under the old path), removed ones, and the files that are no page, none dropped", () => {
    const mapped = pagesOfFiles(
      [
        file('a.mdx'),
        file('b.mdx', 'added'),
        file('c.mdx', 'renamed', 'old/c.mdx'),
        file('d.mdx', 'removed'),
        file('logo.svg'),
        file('a.mdx'),
      ],
      '',
    )
    expect(mapped).toEqual({
      pages: [{ path: '/a' }, { path: '/b', added: true }, { path: '/c', previous: '/old/c' }],
      other: ['logo.svg'],
      removed: ['/d'],
    })
    const many = pagesOfFiles(
      Array.from({ length: MAX_PAGES + 7 }, (_, i) => file(`p${i}.mdx`)),
      '',
    )
    expect(many.pages).toHaveLength(MAX_PAGES)
    expect(many.morePages).toBe(7)
  })

  test.each([
    [['a/docs.json', 'docs.json'], ''],
    [['site/docs.json', 'x/y/docs.json'], 'site'],
    [['docs/mint.json', 'README.md'], 'docs'],
    [['docs/mint.json', 'web/docs.json'], 'web'],
    [['README.md'], ''],
    [[], ''],
  ])('docs.json in %j: the docs root is "%s"', (paths, root) => {
    expect(docsRootOf(paths)).toBe(root)
  })
})

describe('the windows', () => {
  test('the weeks before the merge week and after it, the merge week left out', () => {
    expect(windowsOf('2026-11-04T15:00:00Z', 2)).toEqual({
      mergeWeek: '2026-11-02',
      before: ['2026-10-19', '2026-10-26'],
      after: ['2026-11-09', '2026-11-16'],
    })
    // Monday 00:00 UTC starts its week; Sunday 23:59:59 is the week before
    expect(windowsOf('2026-11-09T00:00:00Z', 1).mergeWeek).toBe('2026-11-09')
    expect(windowsOf('2026-11-08T23:59:59Z', 1).mergeWeek).toBe('2026-11-02')
    // across a year's end
    expect(windowsOf('2027-01-01T12:00:00Z', 1)).toEqual({
      mergeWeek: '2026-12-28',
      before: ['2026-12-21'],
      after: ['2027-01-04'],
    })
    expect(weekOf(Date.parse('2026-11-24T09:30:00Z'))).toBe('2026-11-23')
  })

  test('weeks to read: complete ones only, newest first, each for every followed page; a week that covers the pages is not read again', () => {
    const p = pull([{ path: '/a' }, { path: '/n', added: true }])
    const toRead = weeksToRead([p], [], '2026-11-16', 2)
    expect(toRead).toEqual([
      { start: '2026-11-09', paths: ['/a', '/n'] },
      { start: '2026-10-26', paths: ['/a'] },
      { start: '2026-10-19', paths: ['/a'] },
    ])
    const kept = [week('2026-11-09', {}, ['/a', '/n']), week('2026-10-26', {}, ['/a'])]
    expect(weeksToRead([p], kept, '2026-11-16', 2).map((w) => w.start)).toEqual(['2026-10-19'])
    // a second pull request's page makes a kept week lack it: read again, for both (its merge week,
    // 2026-11-09, is not one of its windows)
    const q: ImpactPull = { ...pull([{ path: '/b' }], '2026-11-12T10:00:00Z'), number: 13 }
    expect(weeksToRead([p, q], kept, '2026-11-16', 2)).toEqual([
      { start: '2026-11-02', paths: ['/b'] },
      { start: '2026-10-26', paths: ['/a', '/b'] },
      { start: '2026-10-19', paths: ['/a'] },
    ])
    // a measured pull request reads nothing
    expect(weeksToRead([{ ...p, figures: { pages: [] } }], [], '2026-11-16', 2)).toEqual([])
    expect(weeksCounted(p, kept, 2)).toBe(1)
  })

  test("kept weeks hold only what a followed pull request's windows need", () => {
    const p = pull([{ path: '/a' }])
    const kept = keptWeeks(
      [p],
      [week('2026-11-09', { '/a': [5, 1], '/z': [9, 9] }, ['/a', '/z']), week('2026-06-01', { '/a': [1, 1] }, ['/a'])],
      2,
    )
    expect(kept).toEqual([week('2026-11-09', { '/a': [5, 1] }, ['/a'])])
  })
})

describe('the figures', () => {
  const p = pull([{ path: '/a' }, { path: '/c', previous: '/old-c' }, { path: '/n', added: true }])
  const weeks = [
    week('2026-10-19', { '/a': [100, 10], '/old-c': [40, 4] }, ['/a', '/old-c'], { '/a': [1, 2] }, true, [1_000, 200]),
    week('2026-10-26', { '/a': [110, 11] }, ['/a', '/old-c'], { '/a': [0, 3] }, true, [1_100, 210]),
    week(
      '2026-11-09',
      { '/a': [150, 15], '/c': [60, 6], '/n': [30, 3] },
      ['/a', '/c', '/n'],
      { '/a': [4, 0] },
      true,
      [1_050, 220],
    ),
    week('2026-11-16', { '/a': [160, 16], '/c': [70, 7], '/n': [40, 4] }, ['/a', '/c', '/n'], {}, false, [1_150, 230]),
  ]

  test("sums of the weeks per page and together; a renamed page's before from its old path; a new page has only an after; the site as the control", () => {
    const f = figuresOf(p, weeks, 2)
    expect(f?.pages).toEqual([
      // the week of 2026-11-16 listed the pages with feedback only in part: its thumbs are unknown
      { path: '/a', before: { human: 210, ai: 21, up: 1, down: 5 }, after: { human: 310, ai: 31 } },
      { path: '/c', before: { human: 40, ai: 4, up: 0, down: 0 }, after: { human: 130, ai: 13 } },
      { path: '/n', added: true, after: { human: 70, ai: 7 } },
    ])
    expect(f?.before).toEqual({ human: 250, ai: 25, up: 1, down: 5 })
    expect(f?.after).toEqual({ human: 440, ai: 44 })
    expect(f?.site).toEqual({ before: 2_100, after: 2_200 })
  })

  test('a week missing, or not covering a page, leaves the pull request unmeasured', () => {
    expect(figuresOf(p, weeks.slice(1), 2)).toBeUndefined()
    expect(
      figuresOf(p, [...weeks.slice(0, 3), { ...defined(weeks[3], 'a fourth week'), covered: ['/a'] }], 2),
    ).toBeUndefined()
  })

  test('only new pages: no before needed, no control; the weeks before may be absent', () => {
    const fresh = pull([{ path: '/n', added: true }])
    const f = figuresOf(fresh, weeks.slice(2), 2)
    expect(f?.before).toBeUndefined()
    expect(f?.site).toBeUndefined()
    expect(verdictOf(f?.before, f?.after)).toEqual({ kind: 'new' })
  })

  test.each([
    [99, 500, 'too-few'],
    [500, 99, 'too-few'],
    [100, 100, 'change'],
    [200, 270, 'change'],
  ])('%i → %i human views: %s', (before, after, kind) => {
    const v = verdictOf({ human: before, ai: 0 }, { human: after, ai: 0 })
    expect(v.kind).toBe(kind)
    if (v.kind === 'change') expect(v.percent).toBeCloseTo(((after - before) / before) * 100)
  })
})

describe('a site served under a prefix', () => {
  test.each([
    [['/guides/a', '/api/b'], ['/guides/a', '/api/b', '/x'], ''],
    [['/guides/a', '/api/b'], ['/docs/guides/a', '/docs/api/b', '/docs'], '/docs'],
    [['/guides/a'], ['/en/docs/guides/a'], '/en/docs'],
    // whole segments only: /myguides/a is not /guides/a under a prefix
    [['/guides/a'], ['/myguides/a'], ''],
    // the prefix most pages are under wins; a tie goes to the shorter
    [['/a', '/b'], ['/v1/a', '/v1/b', '/v2/a'], '/v1'],
  ])('pages %j served as %j: prefix "%s"', (pages, served, prefix) => {
    expect(servedPrefix(pages, new Set(served))).toBe(prefix)
  })
})
