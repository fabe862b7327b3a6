import { describe, expect, test } from 'vitest'
import {
  type Served,
  answers,
  isPage,
  lostAddresses,
  nearestParent,
  normalAddress,
  pageAddress,
  redirectFaults,
  redirectsOf,
  servedBy,
  sourceMatches,
} from '../../src/check/addresses.js'

const config = (redirects: unknown): string => JSON.stringify({ name: 'x', navigation: { pages: [] }, redirects })
const site = (files: string[], redirects: Array<[string, string]> = []): Served =>
  servedBy(files, config(redirects.map(([source, destination]) => ({ source, destination }))))

describe('what a site serves', () => {
  test('every page, hidden ones too, at its address; never a snippet, a hidden file or anything but Markdown', () => {
    expect(
      [
        'index.mdx',
        'guides/a.mdx',
        'guides/index.md',
        'snippets/note.mdx',
        '.github/x.md',
        'images/a.png',
        'drafts/hidden.mdx',
        'api/snippets/x.mdx',
        'notes.md.bak',
        'a.mdx.png',
      ].filter(isPage),
    ).toEqual(['index.mdx', 'guides/a.mdx', 'guides/index.md', 'drafts/hidden.mdx', 'api/snippets/x.mdx'])
    expect(['index.mdx', 'guides/a.mdx', 'guides/index.md', 'es/index.mdx'].map(pageAddress)).toEqual([
      '/',
      '/guides/a',
      '/guides',
      '/es',
    ])
  })

  test("the configuration's redirects, whatever else it holds; none where it does not parse or has none", () => {
    expect(
      redirectsOf(
        config([
          { source: '/a', destination: '/b', permanent: true },
          { source: 1 },
          null,
          { destination: '/x' },
          { source: '/c', destination: 5 },
        ]),
      ),
    ).toEqual([{ source: '/a', destination: '/b' }])
    expect(redirectsOf('{"redirects": {}}')).toEqual([])
    expect(redirectsOf('not json')).toEqual([])
    expect(redirectsOf('null')).toEqual([])
    expect(redirectsOf(undefined)).toEqual([])
  })

  test.each([
    ['/a', '/a', true],
    ['/a', '/a/', true],
    ['/a', '/a?x=1#h', true],
    ['/a', '/b', false],
    ['/a', '/a/b', false],
    ['/blog/:slug', '/blog/one', true],
    ['/blog/:slug', '/blog/one/two', false],
    ['/blog/:slug*', '/blog/one/two', true],
    ['/blog/:slug*', '/blog', true],
    ['/blog/:slug*', '/blogs', false],
    ['/a.b', '/aXb', false],
    ['a', '/a', true],
  ])('the source %s matches %s: %s', (source, address, matched) => {
    expect(sourceMatches(source, address)).toBe(matched)
  })

  test("what Mintlify leaves out is not served: its defaults (a README.md at any depth) and the site's .mintignore", () => {
    const files = [
      'index.mdx',
      'README.md',
      'guides/README.md',
      'CHANGELOG.md',
      'drafts/a.mdx',
      'drafts/keep.mdx',
      'b.draft.mdx',
      'b.mdx',
    ]
    expect([...servedBy(files, undefined).pages.values()]).toEqual([
      'index.mdx',
      'drafts/a.mdx',
      'drafts/keep.mdx',
      'b.draft.mdx',
      'b.mdx',
    ])
    const mintignore = '# drafts, but one\ndrafts/*\n!drafts/keep.mdx\n\n  *.draft.mdx\r\n'
    expect([...servedBy(files, undefined, mintignore).pages.values()]).toEqual([
      'index.mdx',
      'drafts/keep.mdx',
      'b.mdx',
    ])
    // a page the base left out is no address it served: removing it loses nothing
    expect(
      lostAddresses(
        servedBy(files, undefined, mintignore),
        servedBy(['index.mdx', 'drafts/keep.mdx', 'b.mdx'], undefined),
      ),
    ).toEqual([])
  })

  test('what a tree serves: its pages only, by address, and its redirects', () => {
    const served = servedBy(
      ['index.mdx', 'snippets/a.mdx', 'images/a.png', 'guides/a.mdx'],
      config([{ source: '/x', destination: '/' }]),
    )
    expect([...served.pages]).toEqual([
      ['/', 'index.mdx'],
      ['/guides/a', 'guides/a.mdx'],
    ])
    expect(served.redirects).toEqual([{ source: '/x', destination: '/' }])
  })

  test('a pattern is a whole segment: a colon or a star inside one is a plain character, and so is any other', () => {
    expect(sourceMatches('/a/v:id', '/a/v1')).toBe(false)
    expect(sourceMatches('/a/v:id', '/a/v:id')).toBe(true)
    expect(sourceMatches('/a/:p*x', '/a/anything')).toBe(false)
    expect(sourceMatches('/a/x:p*', '/a/anything')).toBe(false)
    expect(sourceMatches('/a/:id.json', '/a/1.json')).toBe(false)
    expect(sourceMatches('/a.b', '/a.b')).toBe(true)
    expect(sourceMatches('/:rest*/x', '/x')).toBe(false)
    expect(sourceMatches('/:rest*/x', '/a/b/x')).toBe(true)
  })

  test('addresses in their plain form', () => {
    expect(normalAddress('/a//')).toBe('/a')
    expect(['/', '', '/a/', 'a', '/a?b', '/a#c', '//'].map(normalAddress)).toEqual([
      '/',
      '/',
      '/a',
      '/a',
      '/a',
      '/a',
      '/',
    ])
  })
})

describe('what the head no longer answers', () => {
  test("a page gone, moved or renamed without a redirect; not one a redirect or another page keeps; a dropped redirect's source", () => {
    const base = site(
      ['index.mdx', 'a.mdx', 'b.mdx', 'c.mdx', 'blog/one.mdx', 'kept.mdx'],
      [
        ['/old', '/a'],
        ['/legacy/:path*', '/'],
        ['/q?x', '/a'],
      ],
    )
    const head = site(
      ['index.mdx', 'a2.mdx', 'c.mdx', 'kept.mdx'],
      [
        ['/b', '/c'],
        ['/blog/:slug', '/'],
      ],
    )
    expect(lostAddresses(base, head)).toEqual([{ address: '/a', file: 'a.mdx' }, { address: '/old' }])
    expect(answers(head, '/b/')).toBe(true)
    expect(answers(head, '/blog/one')).toBe(true)
    expect(answers(head, '/a')).toBe(false)
  })

  test("a redirect's source the base also serves as a page is the page's, said once", () => {
    const base = site(['index.mdx', 'a.mdx'], [['/a', '/']])
    expect(lostAddresses(base, site(['index.mdx']))).toEqual([{ address: '/a', file: 'a.mdx' }])
  })

  test('a page an OpenAPI document generates: served as a page, lost when the head stops generating it', () => {
    const withApi = (generated: string[], redirects: Array<[string, string]> = []): Served =>
      servedBy(
        ['index.mdx', 'api-reference/overview.mdx'],
        config(redirects.map(([source, destination]) => ({ source, destination }))),
        undefined,
        generated,
      )
    const base = withApi([
      'api-reference/users/list-users',
      '/api-reference/users/create-user/',
      'api-reference/overview',
    ])
    expect([...base.generated]).toEqual([
      '/api-reference/users/list-users',
      '/api-reference/users/create-user',
      '/api-reference/overview',
    ])
    // an address a file serves too is the file's, never said twice
    expect(lostAddresses(base, withApi([]))).toEqual([
      { address: '/api-reference/users/list-users', generated: true },
      { address: '/api-reference/users/create-user', generated: true },
    ])
    expect(lostAddresses(base, withApi(['api-reference/users/list-users', 'api-reference/users/create-user']))).toEqual(
      [],
    )
    // a redirect keeps it; a generated page keeps a redirect's source served, and is a parent
    const kept = withApi(['api-reference/users/list-users'], [['/api-reference/users/create-user', '/']])
    expect(lostAddresses(base, kept)).toEqual([])
    expect(answers(kept, '/api-reference/users/list-users/')).toBe(true)
    expect(lostAddresses(withApi(['old/op'], [['/old/op', '/']]), withApi(['old/op']))).toEqual([])
    expect(nearestParent(withApi(['api']), '/api/users')).toBe('/api')
    // without the document's pages, as before
    expect(servedBy(['index.mdx'], undefined).generated.size).toBe(0)
  })

  test('a redirect from a page an OpenAPI document generates is never followed: the page wins', () => {
    const served = servedBy(['index.mdx'], config([{ source: '/api/list', destination: '/' }]), undefined, ['api/list'])
    expect(redirectFaults(served).map((f) => f.kind)).toEqual(['page-wins'])
    const chain = servedBy(
      ['index.mdx'],
      config([
        { source: '/a', destination: '/api/list' },
        { source: '/api/list', destination: '/' },
      ]),
      undefined,
      ['api/list'],
    )
    // the generated page answers at /api/list: /a leads to a page, not on to another redirect
    expect(redirectFaults(chain).map((f) => f.kind)).toEqual(['page-wins'])
  })

  test('the nearest parent the head serves, or none', () => {
    const head = site(['index.mdx', 'guides.mdx', 'guides/deep/index.mdx'])
    expect(nearestParent(head, '/guides/deep/x/y')).toBe('/guides/deep')
    expect(nearestParent(head, '/guides/a')).toBe('/guides')
    expect(nearestParent(head, '/other/a')).toBe('/')
    expect(nearestParent(site(['a.mdx']), '/b/c')).toBeUndefined()
    // a parent, never the address itself
    expect(nearestParent(head, '/guides')).toBe('/')
  })
})

describe('redirects that cannot work', () => {
  const faults = (s: Served): Array<[string, string, string | undefined]> =>
    redirectFaults(s).map((f) => [
      f.kind,
      `${f.redirect.source} → ${f.redirect.destination}`,
      f.instead ? `${f.instead.source} → ${f.instead.destination}` : undefined,
    ])

  test('a chain (the redirect straight to its end instead), a loop, a source never matched, a page that wins, two destinations', () => {
    const s = site(
      ['index.mdx', 'page.mdx'],
      [
        ['/a', '/b'],
        ['/b', '/c'],
        ['/c', '/d'],
        ['/p', '/q'],
        ['/q', '/p'],
        ['/self', '/self/'],
        ['/x#h', '/'],
        ['/y?z', '/'],
        ['/page', '/elsewhere'],
        ['/dup', '/one'],
        ['/dup/', '/two'],
        ['/dup', '/one'],
        ['/via-page', '/page'],
        ['/blog/:slug', '/a'],
      ],
    )
    expect(faults(s)).toEqual([
      ['chain', '/a → /b', '/a → /d'],
      ['chain', '/b → /c', '/b → /d'],
      ['loop', '/p → /q', undefined],
      ['loop', '/q → /p', undefined],
      ['loop', '/self → /self/', undefined],
      ['never-matched', '/x#h → /', undefined],
      ['never-matched', '/y?z → /', undefined],
      ['page-wins', '/page → /elsewhere', undefined],
      ['two-destinations', '/dup/ → /two', undefined],
      // a pattern's source may chain to a redirect; a redirect from a page is never followed, so nothing chains through it
      ['chain', '/blog/:slug → /a', '/blog/:slug → /d'],
    ])
    const [first] = redirectFaults(s)
    expect(first?.message).toBe(
      'The redirect /a → /b leads to another redirect (/a → /b → /c → /d): redirect it straight to /d.',
    )
    expect(redirectFaults(s).find((f) => f.kind === 'loop')?.message).toBe(
      'The redirect /p → /q loops: /p → /q → /p. Readers get no page.',
    )
    expect(redirectFaults(s).find((f) => f.kind === 'never-matched')?.message).toContain('its source holds a #')
    expect(redirectFaults(s).filter((f) => f.kind === 'never-matched')[1]?.message).toContain('its source holds a ?')
  })

  test('a redirect from a source never matched, or from a pattern, sends nobody on: no chain through it', () => {
    const s = site(
      ['index.mdx'],
      [
        ['/a', '/q'],
        ['/q?z', '/'],
        ['/b', '/blog/one'],
        ['/blog/:slug', '/'],
      ],
    )
    expect(faults(s)).toEqual([['never-matched', '/q?z → /', undefined]])
  })

  test('what each says', () => {
    const s = site(
      ['index.mdx', 'page.mdx'],
      [
        ['/page', '/'],
        ['/d', '/one'],
        ['/d', '/two'],
      ],
    )
    expect(redirectFaults(s).map((f) => f.message)).toEqual([
      'The redirect /page → / is never followed: /page is a page the site serves, and the page wins.',
      'The redirect /d → /two gives /d a second destination (the first: /one): only one is followed.',
    ])
  })

  test('redirects that work: none', () => {
    expect(
      faults(
        site(
          ['index.mdx', 'b.mdx'],
          [
            ['/a', '/b'],
            ['/old/:p*', '/b'],
          ],
        ),
      ),
    ).toEqual([])
  })
})
