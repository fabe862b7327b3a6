import { describe, expect, test } from 'vitest'
import {
  type Served,
  answers,
  MOST_HOPS,
  follow,
  isExternal,
  isPage,
  lostAddresses,
  nearestParent,
  normalAddress,
  pageAddress,
  redirectFaults,
  firstRedirect,
  redirectedTo,
  redirectsOf,
  servedBy,
  sourceMatches,
} from '../../src/site/addresses.js'
import { judgedFaults, judgedOperations } from '../../src/check/new-known.js'

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

describe('redirects as the service follows them', () => {
  test.each([
    ['/articles/concepts-*', '/articles/concepts-getting-started', true],
    ['/articles/concepts-*', '/articles/concepts-', true],
    ['/articles/concepts-*', '/articles/concept', false],
    // a partial wildcard is the rest of its segment, never the segments after it
    ['/articles/concepts-*', '/articles/concepts-a/b', false],
    ['/en/articles/9140627-*', '/en/articles/9140627-how-to', true],
    ['/a.*', '/aX', false],
    ['/a.*', '/a.b', true],
  ])('the partial wildcard %s matches %s: %s', (source, address, matched) => {
    expect(sourceMatches(source, address)).toBe(matched)
  })

  test('what a source captured goes into its destination', () => {
    const r = (source: string, destination: string): { source: string; destination: string } => ({
      source,
      destination,
    })
    expect(redirectedTo(r('/old/:slug*', '/new/:slug*'), '/old/a/b')).toBe('/new/a/b')
    expect(redirectedTo(r('/old/:slug*', '/new/:slug*'), '/old')).toBe('/new/')
    expect(redirectedTo(r('/v/:id/x', '/w/:id'), '/v/7/x')).toBe('/w/7')
    expect(redirectedTo(r('/old/article-*', '/new/article-*'), '/old/article-123')).toBe('/new/article-123')
    expect(redirectedTo(r('/articles/concepts-*', '/collections/overview'), '/articles/concepts-x')).toBe(
      '/collections/overview',
    )
    expect(redirectedTo(r('/a/:p', 'https://example.com/:p'), '/a/b')).toBe('https://example.com/:p')
    expect(redirectedTo(r('/a/:p', '/b'), '/c/d')).toBeUndefined()
    expect(redirectedTo(r('/a/:p', '/b/:q'), '/a/x')).toBe('/b/:q')
    // a star in a destination whose source captured none stays a star
    expect(redirectedTo(r('/a/:p', '/b/*'), '/a/x')).toBe('/b/*')
  })

  test('a star that does not end its segment, or follows another, is a plain character', () => {
    expect(sourceMatches('/x/a*b*', '/x/a*bc')).toBe(false)
    expect(sourceMatches('/x/a*b*', '/x/a*b*')).toBe(true)
    expect(sourceMatches('/x/a*b', '/x/a*')).toBe(false)
    expect(sourceMatches('/x/a*b', '/x/a*b')).toBe(true)
  })

  test.each([
    ['https://example.com/a', true],
    ['//cdn.example.com/a', true],
    ['mailto:docs@example.com', true],
    ['web+s3.x-1:thing', true],
    ['/guides/a', false],
    ['guides/a:b', false],
    ['/a:b', false],
  ])('the destination %s is another site: %s', (destination, outside) => {
    expect(isExternal(destination)).toBe(outside)
  })

  test('a chain is followed as browsers follow it: MOST_HOPS redirects reach the page, one more is a loop', () => {
    const chain = (hops: number): Served =>
      site(
        ['index.mdx', 'end.mdx'],
        Array.from({ length: hops }, (_, i): [string, string] => [`/r${i}`, i === hops - 1 ? '/end' : `/r${i + 1}`]),
      )
    expect(follow(chain(MOST_HOPS), '/r0')).toEqual({ reached: 'page', address: '/end' })
    const tooLong = follow(chain(MOST_HOPS + 1), '/r0')
    expect(tooLong).toMatchObject({ reached: 'nothing', address: '/end', loop: true })
    expect(tooLong.reached === 'nothing' && tooLong.via).toHaveLength(MOST_HOPS + 1)
  })

  test("a source with ? or # is never matched, so it keeps nothing; another site's address is reached", () => {
    const head = site(
      ['index.mdx'],
      [
        ['/q?x', '/'],
        ['/h#x', '/'],
        ['/out', 'https://example.com/y'],
      ],
    )
    expect(follow(head, '/q')).toEqual({ reached: 'nothing', address: '/q', via: [] })
    expect(follow(head, '/h')).toEqual({ reached: 'nothing', address: '/h', via: [] })
    expect(follow(head, '/out')).toEqual({ reached: 'external', address: 'https://example.com/y' })
  })

  test('a wildcard keeps an address only where it sends it to a page the head serves', () => {
    const base = site(['index.mdx', 'old/a.mdx', 'old/b.mdx'])
    const head = site(['index.mdx', 'new/a.mdx'], [['/old/:slug*', '/new/:slug*']])
    expect(lostAddresses(base, head)).toEqual([{ address: '/old/b', file: 'old/b.mdx', sentTo: '/new/b' }])
    expect(follow(head, '/old/a')).toEqual({ reached: 'page', address: '/new/a' })
    expect(follow(head, '/old/b')).toEqual({ reached: 'nothing', address: '/new/b', via: ['/old/b'] })
    // the same with the page there
    expect(
      lostAddresses(base, site(['index.mdx', 'new/a.mdx', 'new/b.mdx'], [['/old/:slug*', '/new/:slug*']])),
    ).toEqual([])
  })

  test('a partial wildcard keeps what it sends to a page; a loop keeps nothing; another site answers', () => {
    const base = site(['index.mdx', 'old/article-1.mdx', 'old/article-2.mdx', 'x.mdx', 'y.mdx'])
    const head = site(
      ['index.mdx', 'new/article-1.mdx'],
      [
        ['/old/article-*', '/new/article-*'],
        ['/x', '/z'],
        ['/z', '/x'],
        ['/y', 'https://example.com/y'],
      ],
    )
    expect(lostAddresses(base, head)).toEqual([
      { address: '/old/article-2', file: 'old/article-2.mdx', sentTo: '/new/article-2' },
      { address: '/x', file: 'x.mdx', sentTo: '/x', loop: true },
    ])
    expect(answers(head, '/y')).toBe(true)
  })

  test('the first redirect whose source matches is followed, through chains to a page', () => {
    const head = site(
      ['index.mdx', 'c.mdx'],
      [
        ['/a/:p*', '/b/:p*'],
        ['/a/one', '/c'],
        ['/b/:p', '/c'],
      ],
    )
    expect(follow(head, '/a/one')).toEqual({ reached: 'page', address: '/c' })
    expect(follow(head, '/a/one/two')).toEqual({ reached: 'nothing', address: '/b/one/two', via: ['/a/one/two'] })
  })

  test('a redirect of the base that reached no page there was no address it served: dropping it loses nothing', () => {
    const base = site(
      ['index.mdx'],
      [
        ['/gone', '/nowhere'],
        ['/kept', '/'],
      ],
    )
    expect(lostAddresses(base, site(['index.mdx']))).toEqual([{ address: '/kept' }])
    // a redirect the head keeps loses nothing
    expect(lostAddresses(base, site(['index.mdx'], [['/kept', '/']]))).toEqual([])
  })
})

describe("the head's redirects that cannot work, judged against the base's", () => {
  test('new where the base has not the same fault, known where it has; each placed, its fix kept', () => {
    const base = site(
      ['index.mdx', 'b.mdx'],
      [
        ['/p', '/q'],
        ['/q', '/p'],
      ],
    )
    const head = site(
      ['index.mdx', 'c.mdx'],
      [
        ['/p', '/q'],
        ['/q', '/p'],
        ['/a', '/b'],
        ['/b', '/c'],
      ],
    )
    const placed: string[] = []
    const judged = judgedFaults(base, head, (redirect) => {
      placed.push(redirect)
      return { file: 'redirects.json', path: 'docs/redirects.json', line: placed.length, lineText: redirect }
    })
    expect(judged.map(({ problem: p, status }) => [status, p.rule, p.target, p.file, p.path, p.line, p.fix])).toEqual(
      redirectFaults(head).map((f) => [
        f.kind === 'loop' ? 'known' : 'new',
        'redirect-fault',
        `${f.redirect.source} → ${f.redirect.destination}`,
        'redirects.json',
        'docs/redirects.json',
        placed.indexOf(`${f.redirect.source} → ${f.redirect.destination}`) + 1,
        f.instead,
      ]),
    )
    expect(judged.map((j) => j.problem.message)).toEqual(redirectFaults(head).map((f) => f.message))
    // the chain is new, with its redirect straight to the end; the loops the base had are known
    expect(judged.find((j) => j.problem.target === '/a → /b')).toMatchObject({
      status: 'new',
      problem: { fix: { source: '/a', destination: '/c' } },
    })
    expect(judged.filter((j) => j.status === 'known').length).toBeGreaterThan(0)
    // a fault of the same redirect but of another kind (the base's page won; the head's chains) is new
    const pageWins = site(['index.mdx', 'q.mdx'], [['/q', '/x']])
    const chains = site(
      ['index.mdx', 'y.mdx'],
      [
        ['/q', '/x'],
        ['/x', '/y'],
      ],
    )
    expect(redirectFaults(pageWins).map((f) => f.kind)).toEqual(['page-wins'])
    expect(redirectFaults(chains).map((f) => f.kind)).toEqual(['chain'])
    const other = judgedFaults(pageWins, chains, () => ({ file: 'docs.json', path: 'docs.json' }))
    expect(other.map((j) => [j.status, j.problem.target])).toEqual([['new', '/q → /x']])
  })

  test('a fault the base has from the same source is known wherever it now points, as many times as the base has it', () => {
    const nowhere = () => ({ file: 'docs.json', path: 'docs.json' })
    // the base's page won over /q → /x; the head sends /q to a renamed page, and the page still wins
    const base = site(['index.mdx', 'q.mdx', 'x.mdx'], [['/q', '/x']])
    const head = site(['index.mdx', 'q.mdx', 'y.mdx'], [['/q', '/y']])
    expect(judgedFaults(base, head, nowhere).map((j) => [j.status, j.problem.target])).toEqual([['known', '/q → /y']])
    // another source with the same fault is new
    const other = site(['index.mdx', 'p.mdx', 'y.mdx'], [['/p', '/y']])
    expect(judgedFaults(base, other, nowhere).map((j) => j.status)).toEqual(['new'])
    // the base had it once, the head twice: the first known, the second new
    const twice = site(
      ['index.mdx', 'q.mdx', 'y.mdx'],
      [
        ['/q', '/y'],
        ['/q', '/x'],
      ],
    )
    expect(judgedFaults(base, twice, nowhere).map((j) => [j.status, j.problem.target])).toEqual([
      ['known', '/q → /y'],
      ['new', '/q → /x'],
    ])
  })

  test('the redirect a tree applies first at an address: none at a page, never one it cannot match', () => {
    const served = site(
      ['index.mdx', 'p.mdx'],
      [
        ['/p', '/x'],
        ['/old#a', '/x'],
        ['/old/:slug*', '/new/:slug*'],
        ['/old/a', '/y'],
        ['/q', '/z'],
      ],
    )
    expect(firstRedirect(served, '/p')).toBeUndefined()
    expect(firstRedirect(served, '/old/a/')).toEqual({ source: '/old/:slug*', destination: '/new/:slug*' })
    expect(firstRedirect(served, '/old')).toEqual({ source: '/old/:slug*', destination: '/new/:slug*' })
    expect(firstRedirect(served, '/q')).toEqual({ source: '/q', destination: '/z' })
    expect(firstRedirect(served, '/nowhere')).toBeUndefined()
    expect(firstRedirect(site(['index.mdx'], [['/old#a', '/x']]), '/old')).toBeUndefined()
  })
})

describe("the head's API pages whose operation no document has, judged against the base's", () => {
  const at = (file: string) => ({ path: `docs/${file}`, line: 3, lineText: `openapi: ${file}` })
  const same = (file: string) => file

  test('a page whose operation its base had is new, placed at its front matter, and says which document had it', () => {
    const judged = judgedOperations(
      [{ file: 'api/get-event.mdx', openapi: 'get /v1/event/{id}/', in: 'openapi.json' }],
      [{ file: 'api/get-event.mdx', openapi: 'get /v1/event/{id}/' }],
      same,
      at,
    )
    expect(judged).toEqual([
      {
        status: 'new',
        problem: {
          rule: 'missing-operation',
          file: 'api/get-event.mdx',
          path: 'docs/api/get-event.mdx',
          line: 3,
          lineText: 'openapi: api/get-event.mdx',
          target: 'get /v1/event/{id}/',
          message:
            'Its openapi front matter names get /v1/event/{id}/, which no OpenAPI document of the head has: ' +
            'Mintlify shows this page blank. openapi.json has it on the base: name its new path here, or keep ' +
            'the operation there.',
        },
      },
    ])
  })

  test('a page that names another operation now says what it named on the base', () => {
    const [judged] = judgedOperations(
      [{ file: 'a.mdx', openapi: 'GET /a', in: 'api/openapi.yaml' }],
      [{ file: 'a.mdx', openapi: 'GET /b' }],
      same,
      at,
    )
    expect(judged?.status).toBe('new')
    expect(judged?.problem.message).toBe(
      'Its openapi front matter names GET /b, which no OpenAPI document of the head has: Mintlify shows ' +
        'this page blank. On the base it named GET /a, which api/openapi.yaml has.',
    )
  })

  test('a new page, or one that named no operation before, is new and says how to name one', () => {
    for (const base of [[], [{ file: 'other.mdx', openapi: 'GET /b' }]]) {
      const [judged] = judgedOperations(base, [{ file: 'a.mdx', openapi: 'GET /b' }], same, at)
      expect(judged?.status).toBe('new')
      expect(judged?.problem.message).toMatch(/blank\. Name an operation a document has, as "METHOD \/path"\.$/)
    }
  })

  test('a page already blank on its base is known, whatever it names now; a renamed page by its old name', () => {
    const base = [{ file: 'old.mdx', openapi: 'GET /gone' }]
    const renamed = (file: string) => (file === 'new.mdx' ? 'old.mdx' : file)
    expect(
      judgedOperations(base, [{ file: 'new.mdx', openapi: 'GET /still-gone' }], renamed, at).map((j) => [
        j.status,
        j.problem.file,
      ]),
    ).toEqual([['known', 'new.mdx']])
    // without the rename, the same page is another page: new
    expect(judgedOperations(base, [{ file: 'new.mdx', openapi: 'GET /gone' }], same, at).map((j) => j.status)).toEqual([
      'new',
    ])
  })

  test('a schema page (openapi-schema) whose schema is gone: its own rule, at its own front matter line', () => {
    const keys: string[] = []
    const place = (file: string, key: string) => {
      keys.push(key)
      return at(file)
    }
    const [gone, renamed, fresh] = judgedOperations(
      [
        { file: 'user.mdx', openapi: 'User', schema: true, in: 'api.json' },
        { file: 'team.mdx', openapi: 'GET /teams', in: 'api.json' },
      ],
      [
        { file: 'user.mdx', openapi: 'User', schema: true },
        { file: 'team.mdx', openapi: 'Team', schema: true },
        { file: 'new.mdx', openapi: 'api.json Account', schema: true },
        { file: 'op.mdx', openapi: 'GET /x', in: 'api.json' },
      ],
      same,
      place,
    )
    expect(keys).toEqual(['openapi-schema', 'openapi-schema', 'openapi-schema'])
    expect(gone?.status).toBe('new')
    expect(gone?.problem).toMatchObject({ rule: 'missing-schema', file: 'user.mdx', target: 'User' })
    expect(gone?.problem.message).toBe(
      'Its openapi-schema front matter names User, which no OpenAPI document of the head has: Mintlify ' +
        'shows this page blank. api.json has it on the base: name its new name here, or keep the schema there.',
    )
    expect(renamed?.problem.message).toMatch(/blank\. On the base it named GET \/teams, which api\.json has\.$/)
    expect(fresh?.problem.message).toMatch(/blank\. Name a schema a document has under components\.schemas\.$/)
    // the same words as an operation on the base are another target: what it named is said
    const [other] = judgedOperations(
      [{ file: 'a.mdx', openapi: 'User', in: 'api.json' }],
      [{ file: 'a.mdx', openapi: 'User', schema: true }],
      same,
      place,
    )
    expect(other?.problem.message).toMatch(/On the base it named User, which api\.json has\.$/)
    expect(judgedOperations([], [{ file: 'op.mdx', openapi: 'GET /x' }], same, place)[0]?.problem.rule).toBe(
      'missing-operation',
    )
    expect(keys.at(-1)).toBe('openapi')
  })

  test('a page whose operation a document has is no problem, whatever its base had', () => {
    const head = [
      { file: 'a.mdx', openapi: 'GET /a', in: 'openapi.json' },
      { file: 'b.mdx', openapi: 'GET /b', in: 'openapi.json' },
    ]
    expect(judgedOperations([{ file: 'a.mdx', openapi: 'GET /a' }], head, same, at)).toEqual([])
    expect(judgedOperations([], head, same, at)).toEqual([])
  })
})
