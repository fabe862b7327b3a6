import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as before from './target-lines-before.js'
import { lineText, linkPlaces, maskCode, redirectEntries, redirectPlaces } from '../../src/check/target-lines.js'
import { work } from '../../src/util/work.js'
import { CONFIG_BUDGET, resolveConfig, servedConfig } from '../../src/site/config-refs.js'
import { importsOf, pagesOfPull } from '../../src/site/pull-pages.js'
import {
  type Served,
  answers,
  firstRedirect,
  follow,
  lostAddresses,
  pageAddress,
  redirectFaults,
} from '../../src/site/addresses.js'
import * as addressesBefore from './addresses-before.js'
import { contrastOf, issueOf, targetOf } from '../../src/check/cli-output.js'
import { propertyRuns } from './property-runs.js'

/**
 * The check's own work over what a pull request holds is linear (docs/actions/check.md, "Its own
 * work, bounded"): each shape that took minutes in 1.9.0 counted at 1× and 8× its input (the steps
 * the work meter counts, never a time), and the indexed placing held to 1.9.0's own answers.
 */

/** Pieces Markdown and MDX links, code and comments are made of, joined at random. */
const MARKDOWN_PIECES = [
  '](',
  '](<',
  '<',
  '>',
  '"',
  "'",
  '`',
  '```\n',
  '~~~\n',
  ' ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  '[ref]: ',
  '  [r]:',
  'href=',
  'href = {',
  "src='",
  '{',
  '}',
  '=',
  '/p',
  '/p/q',
  '/p(q)',
  'x',
  '(',
  ')',
  '# ',
  '- ',
  '> ',
  '| ',
  '<!--',
  '-->',
  '[a](/p)',
  '<Card href="/p/q">',
  '`/p`',
  '\u00a0',
]
const TARGETS = ['/p', '/p/q', '/p(q)', '/p q', 'x', '<', '/', 'p', '/p)', ' /p', '"/p', 'href', '/p/q>']

const markdown = fc.array(fc.constantFrom(...MARKDOWN_PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''))

/** JSON as configurations are written: redirects' entries among other keys, compact or indented. */
const ADDRESSES = ['/a', '/b', '/a/b', '/', '/c?x', '/a b', 'https://x.test/a']
const entry = fc.record(
  {
    source: fc.constantFrom(...ADDRESSES),
    destination: fc.constantFrom(...ADDRESSES),
    permanent: fc.boolean(),
  },
  { requiredKeys: [] },
)
const configuration = fc
  .record({
    redirects: fc.array(entry, { maxLength: 8 }),
    navigation: fc.array(fc.constantFrom(...ADDRESSES), { maxLength: 4 }),
    indent: fc.constantFrom(0, 2, '\t'),
  })
  .map(({ redirects, navigation, indent }) => JSON.stringify({ navigation, redirects }, null, indent))

describe('placing a broken target: indexed, the places 1.9.0 found', () => {
  test('links in Markdown and MDX, and strings in JSON', () => {
    fc.assert(
      fc.property(markdown, fc.constantFrom(...TARGETS), fc.boolean(), (text, target, json) => {
        expect(linkPlaces(text, target, json)).toEqual(before.linkPlaces(text, target, json))
      }),
      { numRuns: propertyRuns(4000) },
    )
  })

  test('code and comments masked, and each line as the problem quotes it', () => {
    fc.assert(
      fc.property(markdown, fc.integer({ min: -1, max: 12 }), (text, line) => {
        expect(maskCode(text)).toBe(before.maskCode(text))
        expect(lineText(text, line)).toBe(before.lineText(text, line))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  test("redirects at their entry's destination, else where either address is written", () => {
    fc.assert(
      fc.property(
        configuration,
        fc.constantFrom(...ADDRESSES),
        fc.constantFrom(...ADDRESSES),
        (config, source, destination) => {
          expect(redirectEntries(config, source, destination)).toEqual(
            before.redirectEntries(config, source, destination),
          )
          const printed = `${source} → ${destination}`
          expect(redirectPlaces(config, printed)).toEqual(before.redirectPlaces(config, printed))
        },
      ),
      { numRuns: propertyRuns(3000) },
    )
  })

  test('the same text asked again is not indexed again, and another text is its own', () => {
    const text = 'A [link](/p) and [another](/p/q).\n'
    expect(linkPlaces(text, '/p')).toEqual([{ line: 1, column: 10 }])
    const again = work.measure(() => linkPlaces(text, '/p/q'))
    // the index is built: the lookup counts a step a place, and its stretch's hash
    expect(again).toBeLessThan(text.length)
    expect(linkPlaces('[x](/p)', '/p')).toEqual([{ line: 1, column: 5 }])
  })
})

/** The steps `make(n)`'s work takes at n and 8n: linear work grows 8 times, quadratic 64. */
function growth(measureAt: (n: number) => number, n: number): number {
  return measureAt(8 * n) / measureAt(n)
}

describe('the work grows with its input and no faster', () => {
  // each text its own, so no index is reused between the two sizes
  let made = 0
  const fresh = (text: string): string => `${text}\n<!-- ${++made} -->`

  test('100,000 broken links on one page, each placed', () => {
    const page = (n: number): string =>
      fresh(Array.from({ length: n }, (_, i) => `See [page ${i}](/missing/${i}).`).join('\n'))
    const at = (n: number): number => {
      const text = page(n)
      return work.measure(() => {
        for (let i = 0; i < n; i++) linkPlaces(text, `/missing/${i}`)
      })
    }
    expect(growth(at, 1000)).toBeLessThan(9)
  })

  test('one link written 100,000 times, each listing placed at its own place', () => {
    const at = (n: number): number => {
      const text = fresh('[a](/gone) '.repeat(n))
      return work.measure(() => {
        for (let i = 0; i < n; i++) linkPlaces(text, '/gone')
      })
    }
    expect(growth(at, 1000)).toBeLessThan(9)
  })

  test('openings that nest without end, stray backticks, comments left open', () => {
    for (const unit of ['<', '](', '` ``', '<!--', 'href="', '[', '`'])
      expect(
        growth((n) => {
          const text = fresh(unit.repeat(n))
          return work.measure(() => linkPlaces(text, unit.repeat(3)))
        }, 2000),
        unit,
      ).toBeLessThan(9)
  })

  test('a configuration with thousands of redirects, each placed at its entry', () => {
    const at = (n: number): number => {
      const redirects = Array.from({ length: n }, (_, i) => ({ source: `/old/${i}`, destination: `/new/${i}` }))
      const config = JSON.stringify({ redirects, n }, null, 2)
      return work.measure(() => {
        for (let i = 0; i < n; i++) redirectPlaces(config, `/old/${i} → /new/${i}`)
      })
    }
    expect(growth(at, 500)).toBeLessThan(9)
  })
})

describe("a configuration's $refs: each file built once, within a budget", () => {
  /** docs.json naming f0.json twice, each fi.json naming f(i+1).json twice, `depth` files deep. */
  const fanOut = (depth: number): { text: string; read: (path: string) => string | undefined } => ({
    text: '{"navigation": {"a": {"$ref": "f0.json"}, "b": {"$ref": "f0.json"}}}',
    read: (path) => {
      const i = Number(/^f(\d+)\.json$/.exec(path)?.[1])
      if (!Number.isInteger(i) || i > depth) return undefined
      return i === depth ? '{"end": true}' : `{"l": {"$ref": "f${i + 1}.json"}, "r": {"$ref": "f${i + 1}.json"}}`
    },
  })

  test('a fan-out of depth 30 (a billion values, put in place) ends at the budget, naming it', () => {
    const { text, read } = fanOut(30)
    let resolved: ReturnType<typeof resolveConfig> | undefined
    const steps = work.measure(() => (resolved = resolveConfig(text, read)))
    expect(resolved).toEqual({
      problem:
        'its references put more than 1,000,000 values in place (files named again and again): the check builds no more',
    })
    // each of the 31 files built once: a step for each value it holds, and its text
    expect(steps).toBeLessThan(31 * 100)
  })

  test('below the budget, the work grows with the files, not with the values they make', () => {
    const at = (depth: number): number => {
      const { text, read } = fanOut(depth)
      return work.measure(() => expect(resolveConfig(text, read)).toHaveProperty('json'))
    }
    // depth 2 and 16 (65,536 copies of the last file put in place): 8 times the files
    expect(growth(at, 2)).toBeLessThan(9)
    expect(servedConfig(fanOut(16).text, fanOut(16).read).problem).toBeUndefined()
  })

  test('the budgets at their edges: as many values and files as they allow, and one more', () => {
    // a small budget, so that its edges are cheap to reach (the action's own is CONFIG_BUDGET)
    const budget = { bytes: 200, files: 3, values: 20 }
    const over = (r: ReturnType<typeof resolveConfig>): string | undefined => ('problem' in r ? r.problem : undefined)
    const resolve = (text: string, read: (path: string) => string | undefined) =>
      over(resolveConfig(text, read, budget))
    // an array of n values is n + 1 (itself), an object of n keys likewise, counted where its file is put in place
    const array = (n: number): string => `[${'0,'.repeat(n - 1)}0]`
    const object = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"${i}":0`).join(',')}}`
    const one = (file: string) => (path: string) => (path === 'v.json' ? file : undefined)
    const doc = '{"n": {"$ref": "v.json"}}'
    expect(resolve(doc, one(array(19)))).toBeUndefined()
    expect(resolve(doc, one(array(20)))).toBe(
      'its references put more than 20 values in place (files named again and again): the check builds no more',
    )
    expect(resolve(doc, one(object(19)))).toBeUndefined()
    expect(resolve(doc, one(object(20)))).toMatch(/^its references put more than 20 values/)
    // nested: an array of arrays counts every value in it
    expect(resolve(doc, one(`[${array(8)},${array(9)}]`))).toBeUndefined()
    expect(resolve(doc, one(`[${array(9)},${array(9)}]`))).toMatch(/^its references put more than/)
    // keys beside a reference count with the file that holds them: v.json puts w.json ({}: 1) in
    // place, then is put in place itself with w.json's 1 and x's n + 1 (1 + 1 + n + 1 in all)
    const beside = (n: number) => (path: string) =>
      path === 'v.json' ? `{"$ref": "w.json", "x": ${array(n)}}` : path === 'w.json' ? '{}' : undefined
    expect(resolve(doc, beside(17))).toBeUndefined()
    expect(resolve(doc, beside(18))).toMatch(/^its references put more than/)
    // files: as many as the budget, each named once, and one more
    const named = (n: number): string =>
      `{"pages": [${Array.from({ length: n }, (_, i) => `{"$ref": "p${i}.json"}`).join(',')}]}`
    const any = (path: string): string | undefined => (/^p\d+\.json$/.test(path) ? '{}' : undefined)
    expect(resolve(named(3), any)).toBeUndefined()
    expect(resolve(named(4), any)).toBe('its references name more than 3 files: the check builds no more')
    // bytes: a file of exactly the budget is read, one byte more is not
    const exactly = `{"a": "${'x'.repeat(200 - 9)}"}`
    expect(exactly.length).toBe(200)
    expect(resolve(exactly, () => undefined)).toBeUndefined()
    expect(resolve(doc, one(exactly))).toBeUndefined()
    expect(resolve(`${exactly} `, () => undefined)).toBe(
      "the configuration is 0.0 MB, over the 0.0 MB a configuration's file the check reads",
    )
    expect(resolve(doc, one(`${exactly} `))).toMatch(/^Referenced config file 'v.json' is /)
    // the action's own
    expect(CONFIG_BUDGET).toEqual({ bytes: 10 * 1024 * 1024, files: 1000, values: 1_000_000 })
  })

  test("a stop that is not the configuration's (the run's deadline) goes on up, never a problem of it", () => {
    const stopped = new Error('the deadline')
    expect(() =>
      resolveConfig('{"n": {"$ref": "v.json"}}', () => {
        throw stopped
      }),
    ).toThrow(stopped)
  })

  test('a file over 10 MB is not read, and says so', () => {
    const big = `{"redirects": [${'{"source": "/a", "destination": "/b"},'.repeat(300_000)}{}]}`
    expect(resolveConfig(big, () => undefined)).toEqual({
      problem: "the configuration is 10.9 MB, over the 10 MB a configuration's file the check reads",
    })
    expect(resolveConfig('{"r": {"$ref": "big.json"}}', () => big)).toEqual({
      problem: "Referenced config file 'big.json' is 10.9 MB, over the 10 MB a configuration's file the check reads",
    })
  })
})

describe("a page's imports: each character read once", () => {
  /** The import scan of release 1.9.0: one expression over the whole text, which read on to its end from each `import` line. */
  const importsBefore = (file: string, text: string): string[] => {
    const folder = file.replace(/[^/]*$/, '')
    return [...text.matchAll(/^[ \t]*import\s[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1/gm)]
      .map((m) => m[2] ?? '')
      .filter((target) => !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(target))
      .map((target) => {
        const parts: string[] = []
        for (const part of (target.startsWith('/') ? target : `${folder}/${target}`).split('/')) {
          if (part === '..') parts.pop()
          else if (part !== '.' && part !== '') parts.push(part)
        }
        return parts.join('/')
      })
  }
  const PIECES = [
    'import ',
    'import\n',
    '  import\t',
    'from',
    ' from ',
    'afrom ',
    "'",
    '"',
    ';',
    '\n',
    '\r\n',
    'x',
    './a',
    '../b',
    '/c',
    '{ A }',
    ' ',
    'https://x.test/y',
    '\u2028',
  ]

  test('each statement as written: its quotes, its `from`, where it starts and ends', () => {
    const cases: Array<[string, string, string[]]> = [
      ['x.mdx', "import A from '/snippets/a.mdx'", ['snippets/a.mdx']],
      ['g/x.mdx', 'import A from "./b.mdx";', ['g/b.mdx']],
      ['g/x.mdx', "import {A} from '../s/a.mdx'", ['s/a.mdx']],
      ['x.mdx', "import './side.css'\nimport B from '/b.mdx'", ['b.mdx']],
      ['x.mdx', "import A from 'https://x.test/a.mdx'", []],
      ['x.mdx', "import A;\nimport B from '/b.mdx'", ['b.mdx']],
      ['x.mdx', "import A xfrom '/a.mdx'", []],
      ['x.mdx', "import A from'/a.mdx'", ['a.mdx']],
      ['x.mdx', "import from '/a.mdx'", ['a.mdx']],
      ['x.mdx', "import A from '/a.mdx\nimport B from '/b.mdx'", ['b.mdx']],
      ['x.mdx', "import A from ''\nimport B from '/b.mdx'", ['b.mdx']],
      ['x.mdx', 'import A from \'/a.mdx"\nimport B from "/b.mdx"', ['b.mdx']],
      ['x.mdx', "import {\n  A,\n  B\n} from '/a.mdx'", ['a.mdx']],
      ['x.mdx', "  import A from '/a.mdx'\nx import B from '/b.mdx'", ['a.mdx']],
      ['x.mdx', "import A from   \n '/a.mdx'", ['a.mdx']],
      [
        'g/h/x.mdx',
        "import A from './x/../y.mdx'\nimport B from '/./a//b.mdx'\nimport C from '../../../up.mdx'",
        ['g/h/y.mdx', 'a/b.mdx', 'up.mdx'],
      ],
      ['x.mdx', "import A from 'a.mdx'", ['a.mdx']],
      ['x.mdx', "import A from 'a.mdx' import B from 'b.mdx'", ['a.mdx']],
      ['x.mdx', 'import A from "a.mdx\'', []],
      ['x.mdx', "import A fro '/a.mdx'", []],
      ['x.mdx', "import A rom '/a.mdx'", []],
      ['x.mdx', "import Afrom '/a.mdx'", []],
      ['x.mdx', "import\tA from '/a.mdx'", ['a.mdx']],
      ['x.mdx', "import A from '/a.mdx'; import B from '/b.mdx'", ['a.mdx']],
      ['x.mdx', "import AB, CDEF '/a.mdx'", []],
      ['x.mdx', "import AB, from '/a.mdx'", ['a.mdx']],
    ]
    for (const [file, text, found] of cases) {
      expect(importsOf(file, text), text).toEqual(found)
      expect(importsOf(file, text), text).toEqual(importsBefore(file, text))
    }
  })

  test('the statements 1.9.0 read, read alike', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }),
        fc.constantFrom('a.mdx', 'g/p.mdx'),
        (pieces, file) => {
          const text = pieces.join('')
          expect(importsOf(file, text)).toEqual(importsBefore(file, text))
        },
      ),
      { numRuns: propertyRuns(5000) },
    )
  })

  test('a page of `import` lines that never end (1 MB took 108 s in 1.9.0) costs what its length does', () => {
    let made = 0
    const at = (n: number): number => {
      const text = `${'import x\n'.repeat(n)}<!-- ${++made} -->`
      return work.measure(() => expect(importsOf('a.mdx', text)).toEqual([]))
    }
    expect(growth(at, 2000)).toBeLessThan(9)
  })

  test('snippets that import each other (a cycle) are followed once each', () => {
    const pages = new Map([['/page', 'page.mdx']])
    const texts: Record<string, string> = {
      'page.mdx': "import A from '/snippets/a.mdx'\n",
      'snippets/a.mdx': "import B from '/snippets/b'\n",
      'snippets/b.mdx': "import A from '/snippets/a.mdx'\n",
    }
    const listed = pagesOfPull({
      files: [{ filename: 'snippets/b.mdx', status: 'modified' }],
      base: { pages, generated: new Set(), redirects: [] },
      head: { pages, generated: new Set(), redirects: [] },
      headText: (f) => texts[f],
      baseText: () => undefined,
      headFiles: Object.keys(texts),
      repositoryPath: (f) => f,
    })
    expect(listed.map((p) => [p.path, p.why])).toEqual([['page.mdx', 'imports snippets/b.mdx']])
  })

  test('a chain of snippets, each importing the next, is followed once', () => {
    const at = (n: number): number => {
      const text = (i: number): string => (i + 1 < n ? `import A from '/snippets/s${i + 1}.mdx'\n\n<A />\n` : 'end\n')
      const files = Array.from({ length: n }, (_, i) => `snippets/s${i}.mdx`)
      const pages = new Map([['/page', 'page.mdx']])
      return work.measure(() =>
        expect(
          pagesOfPull({
            files: [{ filename: `snippets/s${n - 1}.mdx`, status: 'modified' }],
            base: { pages, generated: new Set(), redirects: [] },
            head: { pages, generated: new Set(), redirects: [] },
            headText: (f) =>
              f === 'page.mdx' ? "import S from '/snippets/s0.mdx'\n" : text(Number(/\d+/.exec(f)?.[0])),
            baseText: () => undefined,
            headFiles: [...files, 'page.mdx'],
            repositoryPath: (f) => f,
          }).map((p) => p.why),
        ).toEqual([`imports snippets/s${n - 1}.mdx`]),
      )
    }
    expect(growth(at, 100)).toBeLessThan(9)
  })
})

describe("a site's redirects: matched through an index, walked once", () => {
  const ADDRESS = ['/a', '/b', '/c', '/a/b', '/blog', '/blog/x', '/blog/x/y', '/', '/p', '/concepts-x', '/docs/a']
  const SOURCE = [...ADDRESS, '/blog/:slug', '/blog/:slug*', '/:any', '/:rest*', '/concepts-*', '/a#h', '/b?x', '/a/']
  const DESTINATION = [...ADDRESS, '/blog/:slug', 'https://x.test/:slug', '/docs/:rest*', '/x/*']
  const served = fc
    .record({
      pages: fc.uniqueArray(fc.constantFrom('index.mdx', 'a.mdx', 'p.mdx', 'blog/x.mdx', 'docs/a.mdx'), {
        maxLength: 4,
      }),
      redirects: fc.array(
        fc.record({ source: fc.constantFrom(...SOURCE), destination: fc.constantFrom(...DESTINATION) }),
        { maxLength: 10 },
      ),
    })
    .map(({ pages, redirects }) => ({
      pages: new Map(pages.map((f) => [pageAddress(f), f])),
      generated: new Set<string>(),
      redirects,
    }))

  test('what readers reach, what the head lost, and each fault, as 1.9.0 said them', () => {
    fc.assert(
      fc.property(served, served, (base, head) => {
        for (const address of ADDRESS) {
          expect(follow(head, address)).toEqual(addressesBefore.follow(head, address))
          expect(firstRedirect(head, address)).toEqual(addressesBefore.firstRedirect(head, address))
        }
        expect(lostAddresses(base, head)).toEqual(addressesBefore.lostAddresses(base, head))
        expect(redirectFaults(head)).toEqual(addressesBefore.redirectFaults(head))
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  const chain = (n: number): Served => ({
    pages: new Map([['/end', 'end.mdx']]),
    generated: new Set(),
    redirects: Array.from({ length: n }, (_, i) => ({
      source: `/r${i}`,
      destination: i + 1 < n ? `/r${i + 1}` : '/end',
    })),
  })

  test('a way of 12 addresses is shown whole, of 13 by its first four, how many more, and its end', () => {
    const chain = (n: number): Served => ({
      pages: new Map([['/', 'index.mdx']]),
      generated: new Set(),
      redirects: Array.from({ length: n }, (_, i) => ({
        source: `/r${i}`,
        destination: i + 1 < n ? `/r${i + 1}` : '/',
      })),
    })
    const [first, second] = redirectFaults(chain(12)).map((f) => f.message)
    expect(first).toBe(
      'The redirect /r0 → /r1 leads to another redirect (/r0 → /r1 → /r2 → /r3 → … (8 more) → /): redirect it straight to /.',
    )
    const whole = Array.from({ length: 11 }, (_, i) => `/r${i + 1}`).join(' → ')
    expect(second).toBe(`The redirect /r1 → /r2 leads to another redirect (${whole} → /): redirect it straight to /.`)
  })

  test('a loop reached by a way into it: each redirect on the way and on the loop, as 1.9.0 said them', () => {
    const served: Served = {
      pages: new Map([['/', 'index.mdx']]),
      generated: new Set(),
      redirects: [
        { source: '/x', destination: '/y' },
        { source: '/y', destination: '/a' },
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/c' },
        { source: '/c', destination: '/a' },
      ],
    }
    const messages = redirectFaults(served).map((f) => f.message)
    expect(messages).toEqual(addressesBefore.redirectFaults(served).map((f) => f.message))
    expect(messages).toEqual([
      'The redirect /x → /y loops: /x → /y → /a → /b → /c → /a. Readers get no page.',
      'The redirect /y → /a loops: /y → /a → /b → /c → /a. Readers get no page.',
      'The redirect /a → /b loops: /a → /b → /c → /a. Readers get no page.',
      'The redirect /b → /c loops: /b → /c → /a → /b. Readers get no page.',
      'The redirect /c → /a loops: /c → /a → /b → /c. Readers get no page.',
    ])
  })

  test('a chain of 5,000 redirects: each a fault once, its message a few addresses long', () => {
    const faults = redirectFaults(chain(5000))
    expect(faults).toHaveLength(4999)
    expect(faults[0]?.message).toBe(
      'The redirect /r0 → /r1 leads to another redirect (/r0 → /r1 → /r2 → /r3 → … (4,996 more) → /end): redirect it straight to /end.',
    )
    expect(faults.at(-2)?.message).toBe(
      'The redirect /r4997 → /r4998 leads to another redirect (/r4997 → /r4998 → /r4999 → /end): redirect it straight to /end.',
    )
    expect(growth((n) => work.measure(() => redirectFaults(chain(n))), 500)).toBeLessThan(9)
  })

  test('a loop of 5,000 redirects, and a way into it', () => {
    const loop: Served = {
      pages: new Map(),
      generated: new Set(),
      redirects: [
        { source: '/in', destination: '/r0' },
        ...Array.from({ length: 5000 }, (_, i) => ({ source: `/r${i}`, destination: `/r${(i + 1) % 5000}` })),
      ],
    }
    const faults = redirectFaults(loop)
    expect(faults.map((f) => f.kind)).toEqual(Array(5001).fill('loop'))
    expect(faults[0]?.message).toBe(
      'The redirect /in → /r0 loops: /in → /r0 → /r1 → /r2 → … (4,997 more) → /r0. Readers get no page.',
    )
    expect(faults[1]?.message).toBe(
      'The redirect /r0 → /r1 loops: /r0 → /r1 → /r2 → /r3 → … (4,996 more) → /r0. Readers get no page.',
    )
  })

  test('every address of a site of 5,000 redirects followed: each matched against its own few', () => {
    const at = (n: number): number => {
      const site: Served = {
        pages: new Map([['/end', 'end.mdx']]),
        generated: new Set(),
        redirects: [
          ...Array.from({ length: n }, (_, i) => ({ source: `/old/${i}`, destination: '/end' })),
          ...Array.from({ length: n }, (_, i) => ({ source: `/blog${i}/:slug`, destination: '/end' })),
        ],
      }
      return work.measure(() => {
        for (let i = 0; i < n; i++) expect(answers(site, `/old/${i}`)).toBe(true)
      })
    }
    expect(growth(at, 500)).toBeLessThan(9)
  })
})

describe("the CLI's lines: read in one pass each, as 1.9.0's expressions read them", () => {
  // what plainLines leaves: no line ends inside a line
  const PIECES = [
    ' ',
    '  ',
    '\t',
    '⎿',
    '✗',
    'x',
    '/a',
    ' vs ',
    ' VS ',
    'vs',
    ' Background',
    ': FAIL',
    ': FAILED',
    ' FAIL',
    '(line 7, col 3)',
    '(line ',
    '7',
    ', col ',
    ')',
    '(',
    'Light',
    '\u00a0',
  ]
  const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(''))

  test('a broken target, a contrast verdict, an issue', () => {
    fc.assert(
      fc.property(line, (l) => {
        expect(targetOf(l)).toBe(/^\s*⎿\s+(.+?)\s*$/.exec(l)?.[1])
        const contrast = /^(.+? vs .+? Background): FAIL\b\s*(.*)$/i.exec(l)
        expect(contrastOf(l)).toEqual(contrast ? { pair: contrast[1], said: contrast[2] } : undefined)
        const issue = /^\s*✗\s+(.+?)\s*\(line (\d+), col (\d+)\)\s*$/.exec(l)
        expect(issueOf(l)).toEqual(
          issue ? { said: issue[1], line: Number(issue[2]), column: Number(issue[3]) } : undefined,
        )
      }),
      { numRuns: propertyRuns(5000) },
    )
  })
})

describe("a redirect's source with two rests", () => {
  test('matches nothing: what it would keep counts as lost, never as kept', () => {
    const site: Served = {
      pages: new Map([['/end', 'end.mdx']]),
      generated: new Set(),
      redirects: [{ source: '/:a*/x/:b*', destination: '/end' }],
    }
    expect(follow(site, '/p/x/q')).toEqual({ reached: 'nothing', address: '/p/x/q', via: [] })
    // one rest still matches
    const oneRest = { ...site, redirects: [...site.redirects, { source: '/:a*', destination: '/end' }] }
    expect(follow(oneRest, '/p/x/q')).toEqual({ reached: 'page', address: '/end' })
  })
})
