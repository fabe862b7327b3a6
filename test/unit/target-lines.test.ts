import { describe, expect, test } from 'vitest'
import * as before from './target-lines-before.js'
import { lineText, linkPlaces, redirectEntries, redirectPlaces } from '../../src/check/target-lines.js'

/**
 * The indexed placing (check/target-lines.ts) on the texts each of its openings and ends is about,
 * each held to 1.9.0's answer (target-lines-before.ts) and to the places a reader would point at.
 */

const at = (line: number, column: number) => ({ line, column })

describe('where a link may start, and where it ends', () => {
  const cases: Array<[string, string, string, Array<{ line: number; column: number }>]> = [
    ['a `(` that follows no `]` opens nothing', 'see foo(/p) and x](/p) ok', '/p', [at(1, 20)]],
    ['a `]` not followed by `(` opens nothing', 'a ]/p and [a]x/p', '/p', []],
    [
      'blanks after the opening, a tab and a no-break space among them',
      '[a](  /p) [b](\t/p) [c](\u00a0/p)',
      '/p',
      [at(1, 7), at(1, 16), at(1, 25)],
    ],
    ['a line break after the opening ends it', '[a](\n/p)', '/p', []],
    ['`](<` and a bare `<`', '[a](</p>) and </p> and <x/p>', '/p', [at(1, 6), at(1, 16)]],
    ['a blank then `<`', '[a]( </p>)', '/p', [at(1, 7)]],
    [
      'attributes with a name, its `=` and braces, in either quote (a backtick is a code span first)',
      '<a href="/p"> <a href = {"/p"}> <b title=\'/p\'> <L to={`/p`}> <c x-y:z.w="/p">',
      '/p',
      [at(1, 10), at(1, 27), at(1, 43), at(1, 74)],
    ],
    ['a quote after no name, or after a line break, opens nothing', '="/p" "/p" a=\n"/p" x ="/p"', '/p', [at(2, 10)]],
    ['a name of digits alone is no name', '<a 9="/p"> <a 9b="/p">', '/p', [at(1, 19)]],
    [
      'a reference definition at its line, up to three blanks in',
      '[r]: /p\n   [s]: /p\n    [t]: /p\nx [u]: /p\n\t[v]: /p',
      '/p',
      [at(1, 6), at(2, 9), at(5, 7)],
    ],
    ['a reference definition with a blank before `<`', '[r]: </p>', '/p', [at(1, 7)]],
    ['a target read past an end (`/p(q)`)', '[a](/p(q)) [b](/p(q)x) [c](/p(q', '/p(q)', [at(1, 5)]],
    ['a target ends where a link may end, or at the end of the text', '[a](/pq) [b](/p', '/p', [at(1, 14)]],
    ['a target with a blank in it', '[a](/p q) [b](/p  q)', '/p q', [at(1, 5)]],
    ['one place found by two openings is one place', '[a](<<</p>)', '/p', [at(1, 8)]],
    [
      'lines and columns after blank lines and indents',
      'x\n\n  [a](/p)\n[b](/p)\r\n[c](/p)',
      '/p',
      [at(3, 7), at(4, 5), at(5, 5)],
    ],
    ['in code and comments, no place', '`[a](/p)` <!-- [b](/p) -->\n```\n[c](/p)\n```\n[d](/p)', '/p', [at(5, 5)]],
    ['a comment left open hides nothing', '<!-- [a](/p)', '/p', [at(1, 10)]],
    ['a comment closed that was never opened hides nothing', '[a](/p) --> [b](/p)', '/p', [at(1, 5), at(1, 17)]],
    ['after a comment, a closing with no opening hides nothing', '<!-- x --> [a](/p) -->', '/p', [at(1, 16)]],
    ['a name that ends in a digit is a name', 'x h1="/p"', '/p', [at(1, 7)]],
    ['a name at the very start of the text', 'x="/p"', '/p', [at(1, 4)]],
    ['a reference whose label holds an opening, read in order', '[<r]: /p', 'r]:', [at(1, 3)]],
    ['a target read past an end, at the end of the text', '[a](/p(q)', '/p(q)', [at(1, 5)]],
    ['a target read past an end, closed at the end of the text', '[a](/p(q))', '/p(q)', [at(1, 5)]],
  ]
  test.each(cases)('%s', (_, text, target, places) => {
    expect(linkPlaces(text, target)).toEqual(places)
    expect(linkPlaces(text, target)).toEqual(before.linkPlaces(text, target))
  })

  test('the same target asked twice of one text, and an empty target', () => {
    const text = '[a](/p) [b](/p/q)'
    expect(linkPlaces(text, '/p/q')).toEqual([at(1, 13)])
    expect(linkPlaces(text, '/p')).toEqual([at(1, 5)])
    expect(linkPlaces(text, '/p/q')).toEqual([at(1, 13)])
    expect(linkPlaces(text, '')).toEqual([])
    // an opening followed by a blank has an empty stretch: no target is empty
    expect(linkPlaces('[a]( /p)', '')).toEqual([])
    // Markdown and JSON are asked apart of the same text
    expect(linkPlaces('{"a": "/p"}', '/p', true)).toEqual([at(1, 8)])
    expect(linkPlaces('{"a": "/p"}', '/p')).toEqual([])
    expect(linkPlaces('{"a": "/p"}', '"/p', true)).toEqual([])
  })

  test('texts asked in turn, more than are kept, each answered as its own', () => {
    const texts = Array.from({ length: 7 }, (_, i) => `${'\n'.repeat(i)}[a](/p)`)
    for (let round = 0; round < 2; round++)
      texts.forEach((text, i) => expect(linkPlaces(text, '/p'), `${round}:${i}`).toEqual([at(i + 1, 5)]))
  })

  test('strings in JSON: closed ones only, escapes kept', () => {
    const json = '{"a": "/p", "b": "/p\\"x", "c": ["/p"], "d": "/p'
    expect(linkPlaces(json, '/p', true)).toEqual([at(1, 8), at(1, 34)])
    expect(linkPlaces(json, '/p', true)).toEqual(before.linkPlaces(json, '/p', true))
    expect(linkPlaces(json, '/p\\"x', true)).toEqual([at(1, 19)])
    // a string starts at its quote, nowhere else
    expect(linkPlaces('{"a": "x/p"}', '/p', true)).toEqual([])
  })
})

describe("a redirect's entry", () => {
  const config = JSON.stringify(
    {
      redirects: [
        { source: '/a', destination: '/b' },
        { destination: '/c', source: '/a' },
        { source: '/x', destination: '/a', note: { source: '/a' } },
      ],
      navigation: ['/b', '/c'],
    },
    null,
    2,
  )

  test('the entry holding both, at its destination, whatever their order', () => {
    for (const [source, destination] of [
      ['/a', '/b'],
      ['/a', '/c'],
      ['/x', '/a'],
      ['/a', '/x'],
      ['/b', '/a'],
    ] as const)
      expect(redirectEntries(config, source, destination), `${source} → ${destination}`).toEqual(
        before.redirectEntries(config, source, destination),
      )
    expect(redirectEntries(config, '/a', '/b')).toEqual([at(5, 23)])
    expect(redirectEntries(config, '/a', '/c')).toEqual([at(8, 23)])
    expect(redirectEntries(config, '/a', '/x')).toEqual([])
  })

  test('no entry: the destination where written, else the source; a line the CLI prints without an arrow places nothing', () => {
    expect(redirectPlaces(config, '/b → /c')).toEqual(before.redirectPlaces(config, '/b → /c'))
    expect(redirectPlaces(config, '/b → /c')).toEqual([at(8, 23), at(21, 6)])
    expect(redirectPlaces(config, '/b → /nowhere')).toEqual([at(5, 23), at(20, 6)])
    expect(redirectPlaces(config, '/b')).toEqual([])
    // a key far before its value is no key of it; one outside the braces is not the entry's
    const far = `{"source": ${' '.repeat(120)}"/a", "destination": "/b"}`
    expect(redirectEntries(far, '/a', '/b')).toEqual(before.redirectEntries(far, '/a', '/b'))
    expect(redirectEntries(far, '/a', '/b')).toEqual([])
    const outside = '"source": "/a", {"destination": "/b"}'
    expect(redirectEntries(outside, '/a', '/b')).toEqual([])
    expect(redirectEntries('"source": "/a", "destination": "/b"', '/a', '/b')).toEqual([])
    // no opening brace before it, or the destination in the next entry: no entry
    expect(redirectEntries('"source": "/a", "destination": "/b"}', '/a', '/b')).toEqual([])
    const long = `"source": "/a", "x": "${'y'.repeat(100)}", "destination": "/b"}`
    expect(redirectEntries(long, '/a', '/b')).toEqual([])
    // a long destination in the next entry is outside this one all the same
    const away = `[{"source": "/a", "destination": "/x"}, {"destination": "/${'b'.repeat(60)}"}]`
    expect(redirectEntries(away, '/a', `/${'b'.repeat(60)}`)).toEqual([])
    // a key is looked for up to 100 characters before its value's quote, and no further
    const edge = (blanks: number): string => `{"source": "/a", "destination":${' '.repeat(blanks)}"/b"}`
    expect(redirectEntries(edge(86), '/a', '/b')).toEqual([at(1, 119)])
    expect(redirectEntries(edge(87), '/a', '/b')).toEqual([])
    expect(redirectEntries(edge(86), '/a', '/b')).toEqual(before.redirectEntries(edge(86), '/a', '/b'))
    const next = '[{"source": "/a", "destination": "/x"}, {"source": "/z", "destination": "/b"}]'
    expect(redirectEntries(next, '/a', '/b')).toEqual([])
    expect(redirectEntries(next, '/a', '/x')).toEqual([at(1, 35)])
    // an entry's own brace is the nearest at or before its source's first character, not one inside the source
    const inside = '{"destination": "/b", "source": "/{x"}'
    expect(redirectEntries(inside, '/{x', '/b')).toEqual([at(1, 18)])
    expect(redirectEntries(inside, '/{x', '/b')).toEqual(before.redirectEntries(inside, '/{x', '/b'))
    const touching = '{"source":"/a","destination":"/b"}'
    expect(redirectEntries(touching, '/a', '/b')).toEqual([at(1, 31)])
  })
})

describe('a line as a problem quotes it', () => {
  test('trimmed, 1-based, nothing outside the text', () => {
    const text = '  first  \r\nsecond\n\n\tlast'
    expect([0, 1, 2, 3, 4, 5].map((n) => lineText(text, n))).toEqual(['', 'first', 'second', '', 'last', ''])
    expect([0, 1, 2, 3, 4, 5].map((n) => lineText(text, n))).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => before.lineText(text, n)),
    )
  })
})
