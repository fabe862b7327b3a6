import { describe, expect, test } from 'vitest'
import { prNumber } from '../../src/agent-jobs/job-outputs.js'
import { escapeText, keyValueTable, link } from '../../src/summary/escape.js'
import { external, registerSecret } from '../../src/util/text.js'

describe('escapeText', () => {
  test.each([
    ['a|b', 'a\\|b'],
    ['<script>', '&lt;script&gt;'],
    ['![img](https://x.example/a.png)', '\\!\\[img\\]\\(https:&#8288;//x.example/a.png\\)'],
    ['`code`', '\\`code\\`'],
    ['back\\slash', 'back\\\\slash'],
    ['line\nbreak', 'line break'],
    ['www.evil.example', 'www&#8288;.evil.example'],
    ['mail@evil.example', 'mail@&#8288;evil.example'],
    // a name that ends in www, before the sentence's full stop (a file named www, found by a property test)
    ['www', 'www&#8288;'],
    ['docs/WWW', 'docs/WWW&#8288;'],
    ['www/a', 'www/a'],
    ['/docs/getting-started', '/docs/getting-started'],
    // bidirectional and invisible characters from readers never reach a summary table
    ['api\u200bkey rotation \u202eedoc', 'apikey rotation edoc'],
    ['a\u2066b\u2069c\u00ad\ufeffd\u{E0041}', 'abcd'],
  ])('%j → %j', (input, output) => {
    expect(escapeText(input)).toBe(output)
  })
})

describe('link', () => {
  test('an https URL becomes an anchor with escaped text', () => {
    expect(link('https://github.com/a/b/pull/3', '#3')).toBe('<a href="https://github.com/a/b/pull/3">#3</a>')
  })
  test.each(['javascript:alert(1)', 'not a url', 'data:text/html,x'])('%j stays text', (url) => {
    expect(link(url, 'x')).not.toContain('<a ')
  })
})

describe('external', () => {
  test('folds lines, bounds, and cannot start a workflow command', () => {
    expect(external('::error::x\n::warning::y')).toBe("'::error::x ::warning::y'")
    expect(external('a'.repeat(50), 10)).toBe('aaaaaaaaaa… (40 more characters)')
  })
  test('replaces registered secrets', () => {
    registerSecret('mint_topsecret_value')
    expect(external('key=mint_topsecret_value!')).toBe('key=***!')
  })
})

describe('prNumber', () => {
  test.each([
    ['https://github.com/acme/docs/pull/42', '42'],
    // only the canonical form names a pull request (github/pull-link.ts)
    ['https://github.com/acme/docs/pull/42/', undefined],
    ['https://github.com/acme/docs/pull/42?x=1#y', undefined],
    ['https://github.com/acme/docs/pull/13/../../issues/1', undefined],
    ['https://gitlab.example/acme/docs/-/merge_requests/7', undefined],
    ['https://github.com/acme/docs', undefined],
    [null, undefined],
  ])('%s → %s', (url, number) => {
    expect(prNumber(url)).toBe(number)
  })
})

describe('link(): a link only when whole and of the web', () => {
  test.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['https://x.example/a?b=1&c=2', '<a href="https://x.example/a?b=1&amp;c=2">t</a>'],
    ['http://x.example/a', '<a href="http://x.example/a">t</a>'],
    ["https://x.example/a'b", '<a href="https://x.example/a&#39;b">t</a>'],
    ['javascript:alert(1)', 'javascript:alert\\(1\\)'],
    ['ftp://x.example/f', 'ftp:&#8288;//x.example/f'],
    ['not a url', 'not a url'],
  ])('%j → %j', (url, rendered) => {
    expect(link(url, 't')).toBe(rendered)
  })
})

describe('keyValueTable', () => {
  test('the first row is the header; an empty value reads —; no rows is one empty row', () => {
    expect(
      keyValueTable([
        ['Job', 'job_1'],
        ['Pull request', ''],
      ]),
    ).toBe('| Job | job_1 |\n|---|---|\n| Pull request | — |')
    expect(keyValueTable([])).toBe('| — | — |\n|---|---|')
  })
})
