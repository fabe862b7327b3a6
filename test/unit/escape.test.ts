import { describe, expect, test } from 'vitest'
import { prNumber } from '../../src/agent/job-outputs.js'
import { escapeText, link } from '../../src/summary/escape.js'
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
