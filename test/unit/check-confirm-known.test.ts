import { describe, expect, test } from 'vitest'
import {
  type BothTrees,
  configInputs,
  mayBeApiDocument,
  targetPath,
  unconfirmed,
} from '../../src/check/confirm-known.js'
import type { Judged, PlacedProblem } from '../../src/check/new-known.js'

/**
 * A verdict restored from the cache never decides (confirm-known.ts): a head problem it calls known
 * is known only where everything the CLI's verdict on it reads is the same on the base.
 */

const known = (p: Partial<PlacedProblem> & Pick<PlacedProblem, 'rule'>): Judged => ({
  problem: { file: 'a.mdx', path: 'a.mdx', message: 'm', ...p },
  status: 'known',
})

function trees(over: Partial<BothTrees> = {}): BothTrees {
  return {
    changed: new Set(),
    oldName: (f) => f,
    baseLines: () => new Set(['[x](/gone)']),
    headText: () => undefined,
    sameOnBase: () => false,
    redirects: { base: [], head: [] },
    siteSame: true,
    coloursSame: true,
    ...over,
  }
}
const why = (j: Judged, t: BothTrees): string | undefined => unconfirmed([j], t)[0]?.why

describe('what the base confirms of a restored verdict', () => {
  const link = known({ rule: 'broken-link', target: '/gone', line: 3, lineText: '[x](/gone)' })

  test('a broken link in a file the pull request left, to a target nothing it changed leads to: confirmed', () => {
    expect(unconfirmed([link], trees())).toEqual([])
    // only the known ones are asked about
    expect(unconfirmed([{ ...link, status: 'new' }], trees({ siteSame: false }))).toEqual([])
  })

  test('its file changed: confirmed only where the base holds the same line', () => {
    expect(why(link, trees({ changed: new Set(['a.mdx']) }))).toBeUndefined()
    expect(why(link, trees({ changed: new Set(['a.mdx']), baseLines: () => new Set(['other']) }))).toBe(
      'its line is not the same on the base',
    )
    expect(why(link, trees({ changed: new Set(['a.mdx']), baseLines: () => undefined }))).toBe(
      'its line is not the same on the base',
    )
    const noText = known({ rule: 'broken-link', target: '/gone' })
    expect(why(noText, trees({ changed: new Set(['a.mdx']) }))).toBe('its line is not the same on the base')
    // a renamed file: the base's lines under its old name
    const renamed = trees({
      changed: new Set(['a.mdx', 'old.mdx']),
      oldName: (f) => (f === 'a.mdx' ? 'old.mdx' : f),
      baseLines: (f) => (f === 'old.mdx' ? new Set(['[x](/gone)']) : undefined),
    })
    expect(why(link, renamed)).toBeUndefined()
  })

  test('a file its target may lead to changed (any case), or a redirect matching it differs: not confirmed', () => {
    for (const changed of ['gone.mdx', 'gone.md', 'gone/index.mdx', 'gone/index.md', 'gone', 'GONE.mdx'])
      expect(why(link, trees({ changed: new Set([changed]) })), changed).toBe('a file it may lead to changed')
    expect(why(link, trees({ changed: new Set(['gone-2.mdx', 'other/gone.mdx']) }))).toBeUndefined()
    const redirect = { source: '/gone', destination: '/here' }
    expect(why(link, trees({ redirects: { base: [], head: [redirect] } }))).toBe(
      'a redirect that matches it is not the same on the base',
    )
    expect(why(link, trees({ redirects: { base: [{ source: '/:slug*', destination: '/x' }], head: [] } }))).toBe(
      'a redirect that matches it is not the same on the base',
    )
    // a redirect of another address changed: no matter
    expect(
      why(link, trees({ redirects: { base: [], head: [{ source: '/other', destination: '/x' }] } })),
    ).toBeUndefined()
    expect(why(link, trees({ siteSame: false }))).toBe("the site's .mintignore or OpenAPI documents changed")
  })

  test('relative and anchored targets, and those that leave the site', () => {
    const relative = known({ rule: 'broken-link', file: 'g/a.mdx', path: 'g/a.mdx', target: '../b#x', lineText: 'l' })
    expect(why(relative, trees({ changed: new Set(['b.mdx']) }))).toBe('a file it may lead to changed')
    expect(why(relative, trees({ changed: new Set(['g/b.mdx']) }))).toBeUndefined()
    // an anchor: the snippets the page shows give headings too
    const headText = (f: string): string | undefined =>
      f === 'b.mdx' ? "import S from '/snippets/s.mdx'\n\n<S />" : undefined
    expect(why(relative, trees({ headText, changed: new Set(['snippets/s.mdx']) }))).toBe(
      'a snippet its page shows changed',
    )
    expect(why(relative, trees({ headText, changed: new Set(['snippets/other.mdx']) }))).toBeUndefined()
    const own = known({ rule: 'broken-link', target: '#setup', lineText: 'l' })
    expect(why(own, trees())).toBeUndefined()
    expect(why(own, trees({ changed: new Set(['a.mdx']), baseLines: () => new Set(['l']) }))).toBe('its page changed')
    // a page only renamed: the same bytes under its old name, the same headings
    const renamedOnly = { changed: new Set(['a.mdx', 'old.mdx']), baseLines: () => new Set(['l']) }
    expect(why(own, trees({ ...renamedOnly, sameOnBase: (f) => f === 'a.mdx' }))).toBeUndefined()
    expect(why(own, trees({ ...renamedOnly, sameOnBase: (f) => f !== 'a.mdx' }))).toBe('its page changed')
    const out = known({ rule: 'broken-link', target: '../../x', lineText: 'l' })
    expect(why(out, trees())).toBe('it leads out of the docs')
    const away = known({ rule: 'broken-link', target: 'https://example.com/x', lineText: 'l' })
    expect(why(away, trees())).toBe('it leads to another site')
    expect(why(known({ rule: 'broken-link', lineText: '[x](/gone)' }), trees())).toBe('it names no target')
  })

  test('a broken redirect: the same redirect on both sides, its destination led to alike', () => {
    const r = { source: '/old', destination: '/gone' }
    const fault = known({ rule: 'broken-redirect', file: 'docs.json', path: 'docs.json', target: '/old → /gone' })
    expect(why(fault, trees({ redirects: { base: [r], head: [r] } }))).toBeUndefined()
    expect(why(fault, trees({ redirects: { base: [], head: [r] } }))).toBe('the redirect is not the same on the base')
    expect(why(fault, trees({ redirects: { base: [r], head: [r] }, changed: new Set(['gone.mdx']) }))).toBe(
      'a file it may lead to changed',
    )
    expect(why(known({ rule: 'broken-redirect', target: '/old' }), trees())).toBe('it names no destination')
  })

  test("an image's alt text by its line; a page that does not parse by the whole page; contrast by the colours", () => {
    const alt = known({ rule: 'missing-alt', line: 5, lineText: '<img src="a.png" />' })
    expect(why(alt, trees())).toBeUndefined()
    expect(
      why(alt, trees({ changed: new Set(['a.mdx']), baseLines: () => new Set(['<img src="a.png" />']) })),
    ).toBeUndefined()
    expect(why(alt, trees({ changed: new Set(['a.mdx']) }))).toBe('its line is not the same on the base')
    const other = known({ rule: 'accessibility', lineText: 'v' })
    expect(why(other, trees({ changed: new Set(['a.mdx']) }))).toBe('its line is not the same on the base')
    const syntax = known({ rule: 'syntax' })
    expect(why(syntax, trees())).toBeUndefined()
    expect(why(syntax, trees({ changed: new Set(['a.mdx']), baseLines: () => new Set(['anything']) }))).toBe(
      'its page changed',
    )
    // a page only renamed parses as it did
    expect(why(syntax, trees({ changed: new Set(['a.mdx']), sameOnBase: (f) => f === 'a.mdx' }))).toBeUndefined()
    const contrast = known({ rule: 'contrast', file: 'docs.json', path: 'docs.json' })
    expect(why(contrast, trees())).toBeUndefined()
    expect(why(contrast, trees({ coloursSame: false }))).toBe("the configuration's colours changed")
    expect(why(known({ rule: 'build' }), trees())).toBe(
      'the base cannot confirm a problem of this kind without the CLI',
    )
  })

  test("a target's path in the docs folder", () => {
    expect(targetPath('/guides/a#x', 'b.mdx')).toBe('guides/a')
    expect(targetPath('a?q=1', 'g/b.mdx')).toBe('g/a')
    expect(targetPath('#x', 'g/b.mdx')).toBe('')
    expect(targetPath('/', 'b.mdx')).toBe('index')
    expect(targetPath('/guides/', 'b.mdx')).toBe('guides')
    expect(targetPath('./', 'b.mdx')).toBe('index')
    expect(targetPath('../x', 'b.mdx')).toBeUndefined()
    expect(targetPath('..', 'b.mdx')).toBeUndefined()
  })

  test("a configuration's OpenAPI settings and colours, compared as text; what may be an API document", () => {
    const a = configInputs('{"colors": {"primary": "#000"}, "navigation": {"tabs": [{"openapi": "a.yaml"}]}}')
    const b = configInputs(
      '{"colors": {"primary": "#000"}, "navigation": {"tabs": [{"openapi": "b.yaml"}], "pages": ["x"]}}',
    )
    expect(a.colours).toBe(b.colours)
    expect(a.openapi).not.toBe(b.openapi)
    expect(configInputs('{"api": {"asyncapi": ["x"]}}').openapi).toBe('[["x"]]')
    expect(configInputs('{"theme": "mint"}').colours).not.toBe(configInputs('{"theme": "maple"}').colours)
    expect(configInputs('{"background": {"color": "#fff"}}').colours).not.toBe(configInputs('{}').colours)
    expect(configInputs('{"appearance": {"default": "dark"}}').colours).not.toBe(configInputs('{}').colours)
    expect(configInputs('not json')).toEqual({ openapi: 'not json', colours: 'not json' })
    expect(configInputs(undefined)).toEqual({ openapi: '[]', colours: '[null,null,null,null]' })
    const config = new Set(['docs.json'])
    expect(
      ['openapi.yaml', 'api/spec.json', 'x.YML', 'docs.json', 'a.mdx'].map((f) => mayBeApiDocument(f, config)),
    ).toEqual([true, true, true, false, false])
  })
  test('a broken redirect is compared by itself: another redirect changed beside it is no matter', () => {
    const r = { source: '/old', destination: '/gone' }
    const fault = known({ rule: 'broken-redirect', file: 'docs.json', path: 'docs.json', target: '/old → /gone' })
    const beside = { source: '/old', destination: '/elsewhere' }
    const other = { source: '/else', destination: '/gone' }
    expect(why(fault, trees({ redirects: { base: [r, beside, other], head: [r] } }))).toBeUndefined()
    expect(why(fault, trees({ redirects: { base: [r], head: [r, r] } }))).toBe(
      'the redirect is not the same on the base',
    )
    // its destination is read from the configuration's folder: a heading of docs.json's own "page"
    const own = known({ rule: 'broken-redirect', file: 'docs.json', path: 'docs.json', target: '/old → #x' })
    const same = { source: '/old', destination: '#x' }
    expect(why(own, trees({ redirects: { base: [same], head: [same] }, changed: new Set(['docs.json']) }))).toBe(
      'its page changed',
    )
    expect(why(known({ rule: 'broken-redirect' }), trees())).toBe('it names no destination')
  })

  test("another site by its scheme at the start, or by '//'; a colon further on is a path", () => {
    const to = (target: string): string | undefined =>
      why(known({ rule: 'broken-link', target, lineText: '[x](/gone)' }), trees())
    expect(to('//cdn.example.com/a')).toBe('it leads to another site')
    expect(to('h2:thing')).toBe('it leads to another site')
    expect(to('/guides/a:b')).toBeUndefined()
    expect(to('/a//b')).toBeUndefined()
  })

  test("a page's snippets matter to an anchor only, each by its own import, with or without .mdx", () => {
    const importing = (page: string) => (f: string) =>
      f === page ? "import S from '/snippets/s'\nimport T from '/snippets/t.mdx'\n\n<S />\n<T />" : undefined
    const changed = new Set(['snippets/s.mdx'])
    const plain = known({ rule: 'broken-link', target: '/gone', lineText: '[x](/gone)' })
    expect(why(plain, trees({ headText: importing('gone.mdx'), changed }))).toBeUndefined()
    const anchored = known({ rule: 'broken-link', target: '/gone#a', lineText: '[x](/gone)' })
    // one of two imports changed, named without its extension
    expect(why(anchored, trees({ headText: importing('gone.mdx'), changed }))).toBe('a snippet its page shows changed')
    expect(why(anchored, trees({ headText: importing('gone.md'), changed }))).toBe('a snippet its page shows changed')
    // only a page's text gives headings: a file of the same name that is not Markdown gives none
    expect(why(anchored, trees({ headText: importing('gone'), changed }))).toBeUndefined()
    const dotted = known({ rule: 'broken-link', target: '/x.md.y#a', lineText: '[x](/gone)' })
    expect(why(dotted, trees({ headText: importing('x.md.y'), changed }))).toBeUndefined()
  })

  test("a file's name compared in lower case: ß is not SS", () => {
    const link = known({ rule: 'broken-link', target: '/straße', lineText: '[x](/gone)' })
    expect(why(link, trees({ changed: new Set(['strasse.mdx']) }))).toBeUndefined()
    expect(why(link, trees({ changed: new Set(['STRAßE.mdx']) }))).toBe('a file it may lead to changed')
  })

  test('configuration inputs found anywhere in it, arrays included; a file that only starts like JSON is no document', () => {
    expect(configInputs('{"navigation": [{"openapi": "a.yaml"}]}').openapi).toBe('["a.yaml"]')
    expect(configInputs('null')).toEqual({ openapi: '[]', colours: '[null,null,null,null]' })
    expect(configInputs('{')).toEqual({ openapi: '{', colours: '{' })
    expect(mayBeApiDocument('spec.json.bak', new Set())).toBe(false)
  })
})

describe('asked once, whatever the number of problems', () => {
  /** A list of redirects that counts how often it is searched. */
  class Counted<T> extends Array<T> {
    searched = 0
    override filter(...args: Parameters<T[]['filter']>): T[] {
      this.searched++
      return [...this].filter(...args)
    }
  }
  const anchors = Array.from({ length: 50 }, (_, i) =>
    known({ rule: 'broken-link', target: `/guide#h${i}`, lineText: '[x](/gone)' }),
  )

  test("each page's imports read once, not once a problem", () => {
    let reads = 0
    const headText = (f: string): string | undefined => (reads++, f === 'guide.mdx' ? '# Guide\n' : undefined)
    expect(unconfirmed(anchors, trees({ headText }))).toEqual([])
    // guide.mdx and guide/index.mdx (and their .md), each once
    expect(reads).toBe(4)
  })

  test('the same redirects on both sides are never searched a problem at a time; others are', () => {
    const same = { source: '/old', destination: '/guide' }
    const base = Counted.from([same]) as Counted<typeof same>
    const head = Counted.from([same]) as Counted<typeof same>
    expect(unconfirmed(anchors, trees({ redirects: { base, head } }))).toEqual([])
    expect(base.searched + head.searched).toBe(0)
    const moved = Counted.from([same, { source: '/guide', destination: '/new' }]) as Counted<typeof same>
    expect(unconfirmed(anchors, trees({ redirects: { base, head: moved } }))).toHaveLength(50)
    expect(base.searched).toBe(50)
  })
})
