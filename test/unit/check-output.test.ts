import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  cliWarnings,
  cutShort,
  plainLines,
  readAccessibility,
  readBrokenLinks,
  readValidation,
} from '../../src/check/cli-output.js'
import { findDocsFolder } from '../../src/check/docs-folder.js'
import { repositoryPath } from '../../src/site/addresses.js'
import { lineText, linkPlaces, maskCode, redirectPlaces } from '../../src/check/target-lines.js'
import { OPENAPI_LISTING, cliEnvironment, cliModules, readOpenApiListing } from '../../src/check/mint-cli.js'

/**
 * Reading the Mintlify CLI's output, pure. The texts are the CLI's own (mint 4.2.941, as
 * test/cli/check.cli.test.ts runs it for real), cut to what each case needs; the real-CLI suite
 * holds the action to the live output, these hold each rule of the reading.
 */

const NBSP = '\u00a0'
const BROKEN = [
  'found 3 broken links in 2 files',
  '',
  'index.mdx',
  `${NBSP}⎿${NBSP} ${NBSP}/guides/nowhere`,
  `${NBSP}⎿${NBSP} ${NBSP}/guides/start#no-such-heading`,
  '',
  'docs.json',
  `${NBSP}⎿${NBSP} ${NBSP}/old → /guides/nowhere`,
  '',
].join('\n')

const A11Y = [
  'Checking color accessibility...',
  'Primary Color (#16A34A) vs Light Background: FAIL Poor contrast ratio: 3.30:1 (fails WCAG AA, minimum required: 4.5:1)',
  'Overall Assessment: FAIL Some colors fail accessibility standards and should be updated',
  'Checking mdx files for accessibility issues...',
  'Found 2 accessibility issues in 1 files:',
  'guides/start.mdx:',
  ' ✗ Missing alt attribute on img element (line 7, col 1)',
  ' ✗ Missing alt attribute on video element (line 9, col 3)',
  'Recommendation: Add alt attributes to all images and videos for better accessibility.',
].join('\n')

describe('readBrokenLinks', () => {
  test('each broken target under its file; a redirect in docs.json as such', () => {
    expect(readBrokenLinks(BROKEN, 1)).toEqual({
      ok: true,
      problems: [
        {
          rule: 'broken-link',
          file: 'index.mdx',
          target: '/guides/nowhere',
          message: 'The link /guides/nowhere leads nowhere.',
        },
        {
          rule: 'broken-link',
          file: 'index.mdx',
          target: '/guides/start#no-such-heading',
          message: 'The link /guides/start#no-such-heading leads nowhere.',
        },
        {
          rule: 'broken-redirect',
          file: 'docs.json',
          target: '/old → /guides/nowhere',
          message: 'The redirect /old → /guides/nowhere leads nowhere.',
        },
      ],
    })
  })

  test('colours and a spinner (FORCE_COLOR) are read through', () => {
    const coloured = `\u001b[?25l\u001b[36m⠋\u001b[39m checking\r\u001b[2K\u001b[1mfound 1 broken link in 1 file\u001b[22m\n\n\u001b[1mindex.mdx\u001b[22m\n ⎿  /x\n`
    expect(readBrokenLinks(coloured, 1)).toMatchObject({ ok: true, problems: [{ file: 'index.mdx', target: '/x' }] })
  })

  test('an escape sequence never spans lines: a name holding ESC ] and a later one holding BEL hide nothing between them', () => {
    const listed =
      'found 3 broken links in 3 files\n\na\u001b]x.mdx\n ⎿  /one\n\nb.mdx\n ⎿  /two\n\nc\u0007.mdx\n ⎿  /three\n'
    // once the sequences are out of each line, a raw control character is left: no verdict, never read around
    expect(readBrokenLinks(listed, 1)).toMatchObject({
      ok: false,
      unreadable: expect.stringContaining('control character') as string,
    })
    // (a lone ESC ] is a two-character escape of its own: out, its line kept)
    expect(plainLines('a\u001b]0;title\n b\n c\u0007')).toEqual(['a0;title', ' b', ' c\u0007'])
    expect(plainLines('\u001b]0;title\u0007x\n\u001b[1my\u001b[22m')).toEqual(['x', 'y'])
  })

  test('a raw control character in a listed name or target: no verdict', () => {
    for (const line of ['a\u0001.mdx', 'a\u007f.mdx', 'a\u0085.mdx', 'a\u001b.mdx'])
      expect(readBrokenLinks(`found 1 broken link in 1 file\n\n${line}\n ⎿  /x\n`, 1).ok, JSON.stringify(line)).toBe(
        false,
      )
    expect(readBrokenLinks('found 1 broken link in 1 file\n\nok.mdx\n ⎿  /x\u0002\n', 1).ok).toBe(false)
    // a tab is no control to a line
    expect(readBrokenLinks('found 1 broken link in 1 file\n\na\tb.mdx\n ⎿  /x\n', 1)).toMatchObject({ ok: true })
  })

  test("a link to another site (--check-external): the URL is the target, the day's answer only in the words", () => {
    const listed =
      'found 4 broken links in 1 file\n\nindex.mdx\n' +
      ' ⎿  https://example.invalid/docs (fetch failed)\n' +
      ' ⎿  https://example.com/gone (404)\n' +
      ' ⎿  https://en.wikipedia.org/wiki/Tar_(computing) (This operation was aborted)\n' +
      ' ⎿  /guides/(draft)\n'
    expect(readBrokenLinks(listed, 1)).toEqual({
      ok: true,
      problems: [
        {
          rule: 'broken-link',
          file: 'index.mdx',
          target: 'https://example.invalid/docs',
          message: 'The link https://example.invalid/docs could not be reached (fetch failed).',
        },
        {
          rule: 'broken-link',
          file: 'index.mdx',
          target: 'https://example.com/gone',
          message: 'The link https://example.com/gone answers 404.',
        },
        {
          rule: 'broken-link',
          file: 'index.mdx',
          target: 'https://en.wikipedia.org/wiki/Tar_(computing)',
          message:
            'The link https://en.wikipedia.org/wiki/Tar_(computing) could not be reached (This operation was aborted).',
        },
        {
          rule: 'broken-link',
          file: 'index.mdx',
          target: '/guides/(draft)',
          message: 'The link /guides/(draft) leads nowhere.',
        },
      ],
    })
  })

  test('a clean site', () => {
    expect(readBrokenLinks('success no broken links found\n', 0)).toEqual({ ok: true, problems: [] })
  })

  test('pages and folders named error* are files, never the CLI failing', () => {
    const output =
      'found 3 broken links in 3 files\n\nerrors.mdx\n ⎿  /a\n\nerror/codes.mdx\n ⎿  /b\n\nerror-codes.mdx\n ⎿  /c\n'
    expect(readBrokenLinks(output, 1)).toMatchObject({
      ok: true,
      problems: [
        { file: 'errors.mdx', target: '/a' },
        { file: 'error/codes.mdx', target: '/b' },
        { file: 'error-codes.mdx', target: '/c' },
      ],
    })
  })

  test('the first page it cannot parse: named with its line, for the check to leave it out and go on', () => {
    const output =
      '⠋ checking for broken links...\nerror Syntax error - Unable to parse guides/bad.mdx - 7:26: Unexpected end of file\n'
    expect(readBrokenLinks(output, 1)).toMatchObject({
      ok: false,
      unparsed: { file: 'guides/bad.mdx', line: 7, column: 26, message: 'Unexpected end of file' },
    })
  })

  test.each([
    [
      'the CLI could not read docs.json, yet said success',
      'Warning: Failed to read or resolve docs.json: SyntaxError\nsuccess no broken links found\n',
      0,
      'could not run the check',
    ],
    ['no output at all', '', 0, 'neither'],
    ['a crash', 'TypeError: x is not a function\n    at y\n', 1, 'neither'],
    ['success said, failure exited', 'success no broken links found\n', 1, 'exited with 1'],
    ['a count the list does not match', 'found 2 broken links in 1 files\n\nindex.mdx\n ⎿  /x\n', 1, 'listed 1'],
    ['problems listed, success exited', 'found 1 broken links in 1 files\n\nindex.mdx\n ⎿  /x\n', 0, 'exited with 0'],
    ['a target before any file', 'found 1 broken links in 1 files\n ⎿  /x\n', 1, 'before any file'],
    [
      'a wrapped line (the output is not one line a file)',
      'found 1 broken links in 1 files\n\na very long folder name with spaces/and another long\none/page.mdx\n ⎿  /x\n',
      1,
      'should not have',
    ],
    ['an error of the CLI before its verdict', 'error Something went wrong\n', 1, 'the CLI failed'],
  ])('%s: no verdict', (_name, output, exitCode, says) => {
    const reading = readBrokenLinks(output, exitCode)
    expect(reading.ok).toBe(false)
    expect(!reading.ok && reading.unreadable).toContain(says)
  })
})

const BOTH = { altText: true, contrast: true }

describe("the CLI's warnings", () => {
  test('its Warning: lines once each, its 🚨 blocks to their blank line; never a page it could not parse', () => {
    const output = [
      '[TypeError: fetch failed] {',
      '  [cause]: Error: bad port',
      '}',
      'Warning: Failed to extract OpenAPI pages from navigation: TypeError: fetch failed',
      'warning: Failed to extract OpenAPI pages from navigation: TypeError: fetch failed',
      'Warning: Could not parse /tmp/site/bad.mdx: 7:24: Unexpected end of file',
      'found 1 broken links in 1 files',
      '',
      'index.mdx',
      ' ⎿  /gone',
      '🚨 Invalid mint.json:',
      '#.favicon: This field is required',
      '',
      'warn   a snippet could not be resolved: /snippets/x.mdx',
      'Warnings are fine in prose',
    ].join('\n')
    expect(cliWarnings(output)).toEqual([
      'Failed to extract OpenAPI pages from navigation: TypeError: fetch failed',
      'Invalid mint.json: #.favicon: This field is required',
      'a snippet could not be resolved: /snippets/x.mdx',
    ])
    expect(cliWarnings('🚨 Invalid docs.json:\n#.name: required')).toEqual(['Invalid docs.json: #.name: required'])
    expect(cliWarnings('found 0 broken links')).toEqual([])
  })

  test('a 🚨 block after the list ends the list: the verdict stands', () => {
    const read = readBrokenLinks(
      'found 1 broken links in 1 files\n\none.mdx\n ⎿  /guides/a\n🚨 Invalid mint.json:\n#.favicon: This field is required\n',
      1,
    )
    expect(read).toEqual({
      ok: true,
      problems: [
        { rule: 'broken-link', file: 'one.mdx', target: '/guides/a', message: 'The link /guides/a leads nowhere.' },
      ],
    })
  })
})

describe('readAccessibility', () => {
  test('contrast alone (--skip-alt-text prints no "Found" line) reaches a verdict', () => {
    const contrastOnly = [
      'Checking color accessibility...',
      'Primary Color (#FFFF00) vs Light Background: FAIL Poor contrast ratio: 1.07:1 (fails WCAG AA, minimum required: 4.5:1)',
      'Overall Assessment: FAIL Some colors fail accessibility standards and should be updated',
    ].join('\n')
    expect(readAccessibility(contrastOnly, 1, { altText: false, contrast: true })).toMatchObject({
      ok: true,
      problems: [{ rule: 'contrast', file: 'docs.json' }],
    })
    const passing = 'Primary Color (#0B5D1E) vs Light Background: PASS Excellent\nOverall Assessment: PASS All\n'
    expect(readAccessibility(passing, 0, { altText: false, contrast: true })).toEqual({ ok: true, problems: [] })
  })

  test("a navigation anchor's colour that fails is a problem, named by its anchor; a warning is none", () => {
    const output = [
      'Checking color accessibility...',
      'Primary Color (#0B5D1E) vs Light Background: PASS Excellent contrast ratio: 8.08:1 (meets WCAG AAA)',
      'Dark Color (#0B5D1E) vs Dark Background: WARN Contrast ratio: 3.5:1',
      '',
      'Navigation Anchors:',
      ' Guides:',
      '    Light variant vs Light Background: FAIL Poor contrast ratio: 1.07:1 (fails WCAG AA)',
      '    Dark variant vs Dark Background: PASS Excellent contrast ratio: 9:1',
      '',
      'Overall Assessment: FAIL Some colors fail accessibility standards and should be updated',
    ].join('\n')
    expect(readAccessibility(output, 1, { altText: false, contrast: true })).toEqual({
      ok: true,
      problems: [
        {
          rule: 'contrast',
          file: 'docs.json',
          message: 'Anchor Guides, Light variant vs Light Background: Poor contrast ratio: 1.07:1 (fails WCAG AA)',
        },
      ],
    })
  })

  test('a configuration without colours: nothing for contrast to check, said by the CLI, and the alt text still checked', () => {
    const output = [
      'warning No colors section found in configuration file',
      'Checking mdx files for accessibility issues...',
      'success no accessibility issues found',
    ].join('\n')
    expect(readAccessibility(output, 0, BOTH)).toEqual({ ok: true, problems: [] })
  })

  test('a page it cannot parse is a problem at that page and line; the rest still counts', () => {
    const output = [
      'Checking mdx files for accessibility issues...',
      'Found 1 accessibility issues in 1 files:',
      'guides/start.mdx:',
      ' ✗ Missing alt attribute on img element (line 7, col 1)',
      'Warning: Could not parse /tmp/site/guides/bad.mdx: 7:26: Unexpected end of file in expression',
    ].join('\n')
    expect(readAccessibility(output, 1, { altText: true, contrast: false, folder: '/tmp/site' })).toMatchObject({
      ok: true,
      problems: [
        { rule: 'missing-alt', file: 'guides/start.mdx', line: 7 },
        { rule: 'syntax', file: 'guides/bad.mdx', line: 7, column: 26 },
      ],
    })
  })

  test('the contrast verdicts and each issue at its line and column', () => {
    expect(readAccessibility(A11Y, 1, BOTH)).toEqual({
      ok: true,
      problems: [
        {
          rule: 'contrast',
          file: 'docs.json',
          message:
            'Primary Color (#16A34A) vs Light Background: Poor contrast ratio: 3.30:1 (fails WCAG AA, minimum required: 4.5:1)',
        },
        {
          rule: 'missing-alt',
          file: 'guides/start.mdx',
          line: 7,
          column: 1,
          message: 'Missing alt attribute on img element',
        },
        {
          rule: 'missing-alt',
          file: 'guides/start.mdx',
          line: 9,
          column: 3,
          message: 'Missing alt attribute on video element',
        },
      ],
    })
  })

  test('a clean site', () => {
    const clean = [
      'Checking color accessibility...',
      'Primary Color (#0B5D1E) vs Light Background: PASS Excellent contrast ratio: 8.08:1 (meets WCAG AAA)',
      'Overall Assessment: PASS All colors meet accessibility standards!',
      'Checking mdx files for accessibility issues...',
      'success no accessibility issues found',
      'Checked 1 MDX files - all images and videos have alt attributes.',
    ].join('\n')
    expect(readAccessibility(clean, 0, BOTH)).toEqual({ ok: true, problems: [] })
  })

  test.each([
    [
      'the CLI said its check failed, then success',
      'erro Accessibility check failed: Expected property name\nsuccess no accessibility issues found\n',
      1,
      'could not run',
    ],
    [
      'no mint.json nor docs.json: it asks to upgrade and exits 0',
      'Would you like to upgrade your mint.json to docs.json?\n',
      0,
      'could not run',
    ],
    ['nothing', '', 0, 'no contrast verdict'],
    ['no verdict on alt text', 'Overall Assessment: PASS\n', 0, 'no verdict on alt text'],
    ['a count the list does not match', A11Y.replace('Found 2', 'Found 3'), 1, 'listed 2'],
    ['issues, exit 0', A11Y, 0, 'exited with 0'],
    ['no issue, exit 1', 'Overall Assessment: PASS\nsuccess no accessibility issues found\n', 1, 'exited with 1'],
  ])('%s: no verdict', (_name, output, exitCode, says) => {
    const reading = readAccessibility(output, exitCode, BOTH)
    expect(reading.ok).toBe(false)
    expect(!reading.ok && reading.unreadable).toContain(says)
  })
})

describe('where a target is written', () => {
  test.each([
    ['a Markdown link', 'x\nSee [a](/guides/x) here.\n', '/guides/x', [{ line: 2, column: 9 }]],
    [
      'an HTML link and a JSX prop',
      '<a href="/p">a</a>\n<Card href=\'/p\' />\n',
      '/p',
      [
        { line: 1, column: 10 },
        { line: 2, column: 13 },
      ],
    ],
    ['a longer target is not this one', '[a](/p/q) [b](/p)\n', '/p', [{ line: 1, column: 15 }]],
    ['a target with an anchor', '[a](/p#h)\n', '/p#h', [{ line: 1, column: 5 }]],
    ['prose is no link', 'the old `/p` page, and /p too\n[a](/p)\n', '/p', [{ line: 2, column: 5 }]],
    ['nor code', '```md\n[a](/p)\n```\n`[a](/p)`\n', '/p', []],
    [
      'an image and a reference definition',
      '![x](/p "t")\n[r]: /p\n',
      '/p',
      [
        { line: 1, column: 6 },
        { line: 2, column: 6 },
      ],
    ],
    ['a JSX prop in braces', '<Card href={"/p"} />', '/p', [{ line: 1, column: 14 }]],
    ['written nowhere', '[a](/q)', '/p', []],
    ['nothing to find', '[a](/q)', '', []],
  ])('%s', (_name, text, target, places) => {
    expect(linkPlaces(text, target)).toEqual(places)
  })

  test.each([
    ['a fenced block', '```js\n[a](/p)\n```\n[b](/p)\n', [4]],
    ['a fence indented up to three spaces', '   ```\n[a](/p)\n   ```\n[b](/p)\n', [4]],
    ['four spaces are no fence', '    ```\n[a](/p)\n', [2]],
    ['a tilde fence is not closed by backticks', '~~~\n[a](/p)\n```\n[b](/p)\n~~~\n[c](/p)\n', [6]],
    ['nor by a shorter fence', '````\n[a](/p)\n```\n[b](/p)\n````\n[c](/p)\n', [6]],
    ['nor by a fence with words after it', '```\n[a](/p)\n``` js\n[b](/p)\n```\n[c](/p)\n', [6]],
    ['nor by one with a word right after it', '```\n[a](/p)\n```js\n[b](/p)\n```\n[c](/p)\n', [6]],
    ['nor by a fence that ends a line of text', '```\n[a](/p) ```\n[b](/p)\n```\n[c](/p)\n', [5]],
    ['one tilde is no fence', '~ a note\n[a](/p)\n', [2]],
    ['a code span with spaces', '`see [a](/p) here`\n[b](/p)\n', [2]],
    ['a fence left open hides the rest', '```\n[a](/p)\n', []],
    ['Windows line endings', '```\r\n[a](/p)\r\n```\r\n[b](/p)\r\n', [4]],
    ['a code span of two backticks', '`` a `[x](/p)` b ``\n[c](/p)\n', [2]],
    ['an HTML comment over lines', '<!--\n[a](/p)\n-->\n[b](/p)\n', [4]],
    [
      'a stray triple backtick hides nothing past its paragraph',
      'Type <code>```</code> to open.\n[a](/p)\n\n[b](/p)\n',
      [2, 4],
    ],
    ['a stray backtick in a tag line hides nothing after the line', '<code>```</code>\n[a](/p)\n', [2]],
    ['a code span over two lines of one paragraph', 'see `a\n[x](/p)` and\n[b](/p)\n', [3]],
    ['a code span never crosses a blank line', 'a ` b\n\n[x](/p) `\n', [3]],
    ['nor a heading', 'a ` b\n## [x](/p) `\n[c](/p) `\n', [2, 3]],
    ['nor a list item', '- a ` b\n- [x](/p) `\n', [2]],
    ['nor a numbered one', '1. a ` b\n2) [x](/p) `\n', [2]],
    ['nor a quote', 'a ` b\n> [x](/p) `\n', [2]],
    ['nor a table row', '| a ` b |\n| [x](/p) ` |\n', [2]],
    ['nor a fence', 'a ` b\n```\n```\n[x](/p) `\n', [4]],
    ['a run closes only with one as long', 'a ``` b ` [x](/p) ``` c\n[d](/p)\n', [2]],
    ['an unmatched longer run leaves a shorter pair to match', '``` `[x](/p)` [y](/p)\n', [1]],
    ['a backtick fence whose words hold a backtick is no fence', '```js `x`\n[a](/p)\n', [2]],
    ['a tilde fence may have backticks in its words', '~~~ `js`\n[a](/p)\n~~~\n[b](/p)\n', [4]],
    ['a line of blanks ends a paragraph too', 'a ` b\n   \n[x](/p) `\n', [3]],
  ])('code is no link: %s', (_name, text, lines) => {
    expect(linkPlaces(text, '/p').map((p) => p.line)).toEqual(lines)
  })

  test('masking keeps lines and columns', () => {
    expect(linkPlaces('x `code` [a](/p)\n', '/p')).toEqual([{ line: 1, column: 14 }])
    expect(linkPlaces('`a` `b` [x](/p) `c` ``d``\n', '/p')).toEqual([{ line: 1, column: 13 }])
    expect(maskCode('`a` `b` c')).toBe('        c')
    expect(linkPlaces('a `b\n\n  [x](/p)\n# H `c`\n- [y](/p)\n```\n```\n[z](/p)', '/p')).toEqual([
      { line: 3, column: 7 },
      { line: 5, column: 7 },
      { line: 8, column: 5 },
    ])
    expect(maskCode('a `b`\n```\nc\n```\nd')).toBe('a    \n   \n \n   \nd')
  })

  test('in JSON, a whole string only', () => {
    expect(linkPlaces('{"a": "/p", "b": "x/p", "c": "/p/q"}', '/p', true)).toEqual([{ line: 1, column: 8 }])
    expect(linkPlaces('{"a": "/p}', '/p', true)).toEqual([])
    expect(linkPlaces('{"a": /p"}', '/p', true)).toEqual([])
  })

  test('a one-character target at the end of its line', () => {
    expect(linkPlaces('x\n[home]: /\n', '/')).toEqual([{ line: 2, column: 9 }])
  })

  test('a redirect that is not one (no arrow) has no place, even where its text is written', () => {
    expect(redirectPlaces('{"a": "/old"}', '/old')).toEqual([])
  })

  test("a line's text, trimmed; a line that is not there is empty", () => {
    expect(lineText('a\n  b  \nc', 2)).toBe('b')
    expect(lineText('a', 5)).toBe('')
  })

  test('a redirect at its destination in docs.json, else at its source', () => {
    const json = '{\n  "redirects": [\n    { "source": "/old", "destination": "/new" }\n  ]\n}\n'
    expect(redirectPlaces(json, '/old → /new')).toEqual([{ line: 3, column: 41 }])
    expect(redirectPlaces(json, '/old → /elsewhere')).toEqual([{ line: 3, column: 18 }])
    expect(redirectPlaces(json, 'not a redirect')).toEqual([])
  })

  test('redirects to one destination each at their own entry, source and destination together', () => {
    const json = [
      '{',
      '  "redirects": [',
      '    { "source": "/a", "destination": "/" },',
      '    { "source": "/home", "destination": "/a" },',
      '    {',
      '      "source": "/b",',
      '      "destination": "/"',
      '    },',
      '    { "destination": "/", "source": "/c" },',
      '    { "source": "/a", "destination": "/" }',
      '  ]',
      '}',
    ].join('\n')
    expect(redirectPlaces(json, '/a → /')).toEqual([
      { line: 3, column: 39 },
      { line: 10, column: 39 },
    ])
    expect(redirectPlaces(json, '/b → /')).toEqual([{ line: 7, column: 23 }])
    expect(redirectPlaces(json, '/c → /')).toEqual([{ line: 9, column: 23 }])
    // "/a" is a destination on line 4, not a source there
    expect(redirectPlaces(json, '/home → /a')).toEqual([{ line: 4, column: 42 }])
    // a source written as another entry's destination, and a destination as another's source, are neither
    const reversed = '[{ "source": "/c", "destination": "/b" }, { "source": "/b", "destination": "/c" }]'
    expect(redirectPlaces(reversed, '/b → /c')).toEqual([{ line: 1, column: 77 }])
    // a key far from its value is no key of it: the redirect is where its destination is written
    expect(redirectPlaces(`{"source":${' '.repeat(120)}"/x", "destination": "/y"}`, '/x → /y')).toEqual([
      { line: 1, column: 153 },
    ])
  })
})

describe('the docs folder', () => {
  const workspace = (folders: string[]): string => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-folder-'))
    for (const folder of folders) {
      mkdirSync(join(dir, folder), { recursive: true })
      writeFileSync(join(dir, folder, 'docs.json'), '{}')
    }
    return dir
  }

  test.each([
    ['the workspace itself', ['.'], undefined, { ok: true, relative: '' }],
    ['one folder below', ['docs'], undefined, { ok: true, relative: 'docs' }],
    ['two below', ['site/docs'], undefined, { ok: true, relative: 'site/docs' }],
    ['not three below', ['a/b/c'], undefined, { ok: false }],
    ['not in node_modules or a hidden folder', ['node_modules/x', '.cache'], undefined, { ok: false }],
    ['given', ['docs', 'other'], 'other', { ok: true, relative: 'other' }],
    ['given, holding none', ['docs'], 'guides', { ok: false }],
  ])('%s', (_name, folders, given, found) => {
    expect(findDocsFolder(workspace(folders), given)).toMatchObject(found)
  })

  test('two folders with docs.json: docs-path must say which', () => {
    const found = findDocsFolder(workspace(['a', 'b']), undefined)
    expect(!found.ok && found.problem).toContain('2 folders hold a docs.json or mint.json (a, b): set docs-path')
  })

  test("a file's path in the repository", () => {
    expect(repositoryPath('docs', 'guides/a.mdx')).toBe('docs/guides/a.mdx')
    expect(repositoryPath('', 'guides/./a.mdx')).toBe('guides/a.mdx')
  })
})

test("the CLI's environment: an allow-list, no telemetry, no colour, no wrapping, whatever the workflow set", () => {
  const env = cliEnvironment(
    {
      FORCE_COLOR: '1',
      PATH: '/bin',
      MINTLIFY_TELEMETRY_DISABLED: '0',
      'INPUT_GITHUB-TOKEN': 'ghs_x',
      'INPUT_API-KEY': 'mint_x',
      GITHUB_TOKEN: 'ghs_y',
      ACTIONS_RUNTIME_TOKEN: 'z',
      NODE_OPTIONS: '--require /evil.js',
      https_proxy: 'http://proxy:3128',
      LC_ALL: 'C.UTF-8',
    },
    { preload: '/cache/wide-output.cjs', columns: 300 },
  )
  expect(env).toEqual({
    PATH: '/bin',
    https_proxy: 'http://proxy:3128',
    LC_ALL: 'C.UTF-8',
    CI: 'true',
    MINTLIFY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    NODE_OPTIONS: '--require "/cache/wide-output.cjs"',
    MINTLIFY_CHECK_COLUMNS: '300',
    // what the package's launcher sets for the CLI's entry, which the check starts itself
    MINTLIFY_PACKAGE_NAME: 'mint',
    CLI_TEST_MODE: 'false',
  })
  // with its heap limit, where one is given: the memory plan's share (cli-slots.ts)
  expect(cliEnvironment({}, { preload: '/cache/wide-output.cjs', columns: 300, heap: 3264 }).NODE_OPTIONS).toBe(
    '--require "/cache/wide-output.cjs" --max-old-space-size=3264',
  )
  expect(plainLines('a\r\nb\u00a0c\nold\rnew')).toEqual(['a', 'b c', 'new'])
})

describe('a run cut short', () => {
  // mint 4.2.941 as recorded: the spinner's frame alone (exit code 0) where a busy machine lost the
  // verdict, and the same frame before the error of a page it could not parse
  test('its last line the spinner: cut short, whatever the frame, colour or redraws', () => {
    expect(cutShort('⠋ checking for broken links...\n')).toBe(true)
    expect(
      cutShort('\u001b[?25l\u001b[36m⠙\u001b[39m checking accessibility...\r⠼ checking accessibility...\n\n'),
    ).toBe(true)
    expect(cutShort('warning something\n⠏ checking for broken links...')).toBe(true)
  })

  test('a verdict, an error or nothing after the spinner: not cut short', () => {
    expect(cutShort('⠋ checking for broken links...\nsuccess no broken links found\n')).toBe(false)
    expect(
      cutShort(
        '⠋ checking for broken links...\nerror Syntax error - Unable to parse guide.mdx - 1:1: Expected a closing tag\n',
      ),
    ).toBe(false)
    expect(cutShort('found 1 broken links in 1 files\n\nindex.mdx\n ⎿  /gone\n')).toBe(false)
    expect(cutShort('')).toBe(false)
    expect(cutShort('\n  \n')).toBe(false)
    // a spinner's character inside a line, or with no words beside it, is not the spinner
    expect(cutShort('index.mdx ⠋ x\n')).toBe(false)
    expect(cutShort('⠋\n')).toBe(false)
  })
})

describe('readValidation', () => {
  test.each([
    ['passed', 'validating build...\nsuccess build validation passed\n', 0, { verdict: 'valid' }],
    [
      'no network',
      'erro running mint validate-build after updating requires an internet connection.\n',
      1,
      { verdict: 'offline' },
    ],
    [
      'a failing build',
      'erro Invalid docs.json: navigation is required\n',
      1,
      { verdict: 'invalid', said: 'Invalid docs.json: navigation is required' },
    ],
    [
      'a failure that mentions the network is still a failure',
      'erro network page missing\n',
      1,
      { verdict: 'invalid' },
    ],
    ['exit 0 without the sentence', 'something\n', 0, { verdict: 'unreadable' }],
  ])('%s', (_name, output, exitCode, verdict) => {
    expect(readValidation(output, exitCode)).toMatchObject(verdict)
  })
})

describe('the listing of what a tree makes of its OpenAPI documents', () => {
  test('its answer is the last line it printed; the CLI code’s warnings before it are not', () => {
    expect(
      readOpenApiListing(
        'Warning: x\n{"pages":["api-reference/list-users"],"operations":[{"file":"a.mdx","openapi":"GET /a","in":"openapi.json"},{"file":"b.mdx","openapi":"GET /b"}]}\n',
      ),
    ).toEqual({
      pages: ['api-reference/list-users'],
      operations: [
        { file: 'a.mdx', openapi: 'GET /a', in: 'openapi.json' },
        { file: 'b.mdx', openapi: 'GET /b' },
      ],
      missing: [],
      endpoints: {},
    })
    expect(readOpenApiListing('{"pages":[],"operations":[]}')).toEqual({
      pages: [],
      operations: [],
      missing: [],
      endpoints: {},
    })
    expect(readOpenApiListing('{"unknown":"not fetched: https://x"}\n')).toEqual({ unknown: 'not fetched: https://x' })
  })
  test('an operation is kept as its three fields, nothing else it may carry', () => {
    expect(readOpenApiListing('{"pages":[],"operations":[{"file":"a.mdx","openapi":"GET /a","extra":1}]}')).toEqual({
      pages: [],
      operations: [{ file: 'a.mdx', openapi: 'GET /a' }],
      missing: [],
      endpoints: {},
    })
  })
  test("the navigation's operations no document has, and each generated page's operation; a wrong kind is no listing", () => {
    expect(
      readOpenApiListing(
        '{"pages":["api/copy"],"operations":[],"missing":["POST /api/gone"],"endpoints":{"api/copy":"POST /api/copy","x":3}}',
      ),
    ).toEqual({
      pages: ['api/copy'],
      operations: [],
      missing: ['POST /api/gone'],
      endpoints: { 'api/copy': 'POST /api/copy' },
    })
    for (const bad of ['"missing":"x"', '"missing":[1]', '"endpoints":[]', '"endpoints":null', '"endpoints":"x"'])
      expect(readOpenApiListing(`{"pages":[],"operations":[],${bad}}`), bad).toHaveProperty('unknown')
  })
  test('a schema page keeps its mark; a mark that is not true, or a document that is no name, is no listing', () => {
    expect(
      readOpenApiListing('{"pages":[],"operations":[{"file":"s.mdx","openapi":"User","schema":true,"in":"api.json"}]}'),
    ).toEqual({
      pages: [],
      operations: [{ file: 's.mdx', openapi: 'User', schema: true, in: 'api.json' }],
      missing: [],
      endpoints: {},
    })
    for (const bad of ['"schema":false', '"schema":"yes"', '"in":3', '"openapi":1', '"file":null'])
      expect(
        readOpenApiListing(`{"pages":[],"operations":[{"file":"s.mdx","openapi":"User",${bad}}]}`),
        bad,
      ).toHaveProperty('unknown')
  })
  test('anything else is no answer, never an empty list', () => {
    for (const said of [
      '',
      'Segmentation fault',
      '{"pages":[1],"operations":[]}',
      '{"pages":"a","operations":[]}',
      '{"pages":[]}',
      '{"pages":[],"operations":{}}',
      '{"pages":[],"operations":[null]}',
      '{"pages":[],"operations":[{"file":"a.mdx"}]}',
      '{"pages":[],"operations":[{"openapi":"GET /a"}]}',
      '{"pages":[],"operations":[{"file":1,"openapi":"GET /a"}]}',
      '{"pages":[],"operations":[{"file":"a.mdx","openapi":"GET /a","in":3}]}',
      '{}',
      '{"unknown":3}',
      'null',
    ])
      expect(readOpenApiListing(said)).toEqual({ unknown: 'the listing gave no answer' })
  })
  test('it reads the CLI’s own modules from the node_modules its entry is in, and fetches nothing', () => {
    expect(cliModules(join('/t', 'node_modules', '@mintlify', 'cli', 'bin', 'start.js'))).toBe(
      join('/t', 'node_modules'),
    )
    expect(OPENAPI_LISTING).toContain('@mintlify/prebuild/dist/index.js')
    expect(OPENAPI_LISTING).toContain('fetchRemoteDocument: offline')
    expect(OPENAPI_LISTING).not.toMatch(/\bfetch\(/)
  })
})
