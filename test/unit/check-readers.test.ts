import { describe, expect, test } from 'vitest'
import type { Judged } from '../../src/check/new-known.js'
import {
  VIEWS_DAYS,
  VIEWS_LIMIT,
  addressOf,
  byReaders,
  describesSite,
  viewsAddress,
  readersFrom,
  viewsRange,
  weigh,
} from '../../src/check/readers.js'

const lost = (address: string, status: Judged['status'] = 'new'): Judged => ({
  problem: { rule: 'lost-address', file: 'docs.json', path: 'docs.json', line: 3, target: address, message: 'gone' },
  status,
})
const broken = (file: string, status: Judged['status'] = 'new'): Judged => ({
  problem: { rule: 'broken-link', file, path: `docs/${file}`, line: 1, target: '/nowhere', message: 'broken' },
  status,
})

describe('the range of views the check reads', () => {
  test('the 30 whole days before the run’s day, in UTC, dateTo exclusive, whatever the time of day', () => {
    expect(VIEWS_DAYS).toBe(30)
    expect(VIEWS_LIMIT).toBe(250)
    for (const at of ['2026-11-27T00:00:00Z', '2026-11-27T12:34:56Z', '2026-11-27T23:59:59.999Z'])
      expect(viewsRange(Date.parse(at))).toEqual({
        dateFrom: '2026-10-28',
        dateTo: '2026-11-27',
        through: '2026-11-26',
      })
    // across a year and a leap day
    expect(viewsRange(Date.parse('2028-03-01T08:00:00Z'))).toEqual({
      dateFrom: '2028-01-31',
      dateTo: '2028-03-01',
      through: '2028-02-29',
    })
  })
})

describe('what one views request says of an address', () => {
  const rows = [
    { path: '/guides/webhooks', total: 12_400 },
    { path: '/guides/a/', total: 300 },
    { path: '/guides/a', total: 20 },
    { path: '/', total: 7 },
  ]
  test('a path the rows hold: its views, the forms of one address added up', () => {
    const of = readersFrom(rows, true)
    expect(of('/guides/webhooks')).toEqual({ views: 12_400 })
    expect(of('/guides/a')).toEqual({ views: 320 })
    expect(of('/guides/a/#part')).toEqual({ views: 320 })
    expect(of('guides/webhooks?x=1')).toEqual({ views: 12_400 })
    expect(of('/')).toEqual({ views: 7 })
  })
  test('not among the rows, and they are all there are: no views', () => {
    expect(readersFrom(rows, false)('/guides/quiet')).toEqual({ views: 0 })
  })
  test('no rows at all: unknown, never none (a new or wrong project, views not counted yet)', () => {
    expect(readersFrom([], false)('/anything')).toBeUndefined()
  })
  test('a path the service spells percent-encoded is the address it names; a stray % is taken as written', () => {
    const encoded = [
      { path: '/guides/caf%C3%A9', total: 900 },
      { path: '/guides/caf%C3%A9/', total: 100 },
      { path: '/100%', total: 3 },
      { path: '/a%2Fb', total: 2 },
    ]
    const of = readersFrom(encoded, false)
    expect(of('/guides/café')).toEqual({ views: 1000 })
    expect(of('/guides/caf%C3%A9')).toEqual({ views: 1000 })
    expect(of('/100%')).toEqual({ views: 3 })
    // an encoded slash is no separator: another address than /a/b
    expect(of('/a/b')).toEqual({ views: 0 })
    expect(of('/a%2Fb')).toEqual({ views: 2 })
    expect(viewsAddress('/guides/caf%C3%A9/')).toBe('/guides/café')
  })
  test('not among the rows, more exist and the rows came most viewed first: at most the last row’s', () => {
    expect(readersFrom(rows, true)('/guides/quiet')).toEqual({ views: 7, atMost: true })
    // ties keep the order most viewed first
    expect(
      readersFrom(
        [
          { path: '/a', total: 5 },
          { path: '/b', total: 5 },
        ],
        true,
      )('/c'),
    ).toEqual({ views: 5, atMost: true })
  })
  test('not among the rows, more exist and the rows came in another order: unknown', () => {
    const shuffled = [
      { path: '/a', total: 3 },
      { path: '/b', total: 900 },
      { path: '/c', total: 1 },
    ]
    expect(readersFrom(shuffled, true)('/d')).toBeUndefined()
    expect(readersFrom(shuffled, true)('/b')).toEqual({ views: 900 })
    // an out-of-order pair at the end counts as much as one at the start
    expect(
      readersFrom(
        [
          { path: '/a', total: 9 },
          { path: '/b', total: 3 },
          { path: '/c', total: 4 },
        ],
        true,
      )('/d'),
    ).toBeUndefined()
    expect(readersFrom([], true)('/d')).toBeUndefined()
  })
})

describe('whether the views are this site’s', () => {
  const pages = new Set(['/', '/guides/a'])
  test('a row at one of its pages (as readers typed it) says yes; rows under a prefix or of another site, no', () => {
    const ofThisSite = [
      { path: '/elsewhere', total: 9 },
      { path: '/guides/a/', total: 1 },
    ]
    const underAPrefix = [
      { path: '/docs/guides/a', total: 9 },
      { path: '/docs', total: 3 },
    ]
    expect(describesSite(ofThisSite, pages)).toBe(true)
    expect(describesSite([{ path: '/', total: 1 }], pages)).toBe(true)
    expect(describesSite(underAPrefix, pages)).toBe(false)
  })
  test('no rows name none of its pages; an encoded row names the page it decodes to', () => {
    expect(describesSite([], pages)).toBe(false)
    expect(describesSite([], new Set())).toBe(false)
    expect(describesSite([{ path: '/caf%C3%A9', total: 1 }], new Set(['/café']))).toBe(true)
    expect(describesSite([{ path: '/café', total: 1 }], new Set(['/caf%C3%A9']))).toBe(true)
  })
})

describe('where readers meet a problem', () => {
  test('a lost address at itself, a page’s problem at the page, the site’s own at none', () => {
    expect(addressOf(lost('/guides/old'))).toBe('/guides/old')
    expect(addressOf(broken('guides/a.mdx'))).toBe('/guides/a')
    expect(addressOf(broken('index.mdx'))).toBe('/')
    expect(addressOf({ ...broken('docs.json'), problem: { ...broken('docs.json').problem, rule: 'contrast' } })).toBe(
      undefined,
    )
    expect(addressOf(broken('snippets/note.mdx'))).toBeUndefined()
    expect(addressOf({ ...lost('/x'), problem: { ...lost('/x').problem, rule: 'redirect-fault' } })).toBeUndefined()
  })
  test("a lost redirect's source at none: its readers were counted at its destination", () => {
    const dropped = { ...lost('/old'), problem: { ...lost('/old').problem, redirected: true as const } }
    expect(addressOf(dropped)).toBeUndefined()
    expect(weigh([dropped], () => ({ views: 0 }), 10)).toEqual([dropped])
  })
})

describe('the problems weighed', () => {
  const views = new Map([
    ['/popular', 5000],
    ['/quiet', 2],
    ['/guides/a', 40],
    ['/edge', 10],
  ])
  const of = (address: string) => (views.has(address) ? { views: views.get(address) ?? 0 } : undefined)
  const judged = [
    lost('/popular'),
    lost('/quiet'),
    lost('/edge'),
    lost('/unknown'),
    broken('guides/a.mdx'),
    broken('guides/b.mdx'),
    lost('/quiet', 'known'),
  ]

  test('min-views 0: each gets its readers, and every one still fails', () => {
    const weighed = weigh(judged, of, 0)
    expect(weighed.map((j) => [j.problem.target ?? j.problem.file, j.status, j.readers?.views])).toEqual([
      ['/popular', 'new', 5000],
      ['/quiet', 'new', 2],
      ['/edge', 'new', 10],
      ['/unknown', 'new', undefined],
      ['/nowhere', 'new', 40],
      ['/nowhere', 'new', undefined],
      ['/quiet', 'known', 2],
    ])
    // the problem itself is left as it was
    expect(weighed[0]?.problem).toBe(judged[0]?.problem)
    expect('readers' in (weighed[3] ?? {})).toBe(false)
  })

  test('min-views keeps as failures only the lost addresses that many readers visited; never a page’s link, never unknown', () => {
    const weighed = weigh(judged, of, 10)
    expect(weighed.map((j) => j.status)).toEqual(['new', 'few-views', 'new', 'new', 'new', 'new', 'known'])
    // a page with a broken link and fewer views still fails: min-views is about addresses readers use
    expect(weigh([broken('guides/a.mdx')], of, 1000)[0]?.status).toBe('new')
    expect(weigh([lost('/popular')], of, 5001)[0]?.status).toBe('few-views')
    expect(weigh([lost('/popular')], of, 5000)[0]?.status).toBe('new')
  })

  test('a problem readers meet at no address is never weighed, whatever the views say', () => {
    const contrast: Judged = { ...broken('docs.json'), problem: { ...broken('docs.json').problem, rule: 'contrast' } }
    expect(weigh([contrast], () => ({ views: 1 }), 5)).toEqual([contrast])
  })

  test('an address at most N views is few only when N is under min-views', () => {
    const atMost = () => ({ views: 9, atMost: true as const })
    expect(weigh([lost('/x')], atMost, 10)[0]).toMatchObject({
      status: 'few-views',
      readers: { views: 9, atMost: true },
    })
    expect(weigh([lost('/x')], atMost, 9)[0]?.status).toBe('new')
  })

  test('ranked most readers first, unknown after, ties in their order', () => {
    const weighed = weigh(judged, of, 0)
    expect([...weighed].sort(byReaders).map((j) => `${j.problem.target ?? ''}@${j.readers?.views ?? '?'}`)).toEqual([
      '/popular@5000',
      '/nowhere@40',
      '/edge@10',
      '/quiet@2',
      '/quiet@2',
      '/unknown@?',
      '/nowhere@?',
    ])
    // no views at all sorts before unknown
    expect(byReaders({ ...lost('/a'), readers: { views: 0 } }, lost('/b'))).toBeLessThan(0)
    expect(byReaders(lost('/b'), { ...lost('/a'), readers: { views: 0 } })).toBeGreaterThan(0)
    expect(byReaders(lost('/a'), lost('/b'))).toBe(0)
  })
})
