import { describe, expect, test } from 'vitest'
import { TOP_RESULTS, pageOf, queryOf, topPaths, verdictOf } from '../../src/health/answers.js'
import { answerLines, answerText } from '../../src/health/answer-text.js'

/** The search's answers and their verdicts (src/health/answers.ts), and how they read (health/answer-text.ts). */
describe('did the fix answer: the verdict', () => {
  test.each([
    ['/webhooks', '/webhooks'],
    ['webhooks', '/webhooks'],
    ['https://acme.mintlify.app/api/overview#errors', '/api/overview'],
    ['https://docs.acme.com/guides/index?x=1', '/guides'],
    ['/guides/retries.mdx', '/guides/retries'],
    ['guides/retries.md/', '/guides/retries'],
    ['/', '/'],
    ['https://[bad', undefined],
    [' /webhooks ', '/webhooks'],
    ['/a?xy=1', '/a'],
    // a URL only from the start: an address inside a query is the query's
    ['/go?to=https://acme.com/a', '/go'],
    // an extension only at the end
    ['/release.mdx-notes', '/release.mdx-notes'],
  ])(
    'a result names its page whatever form the service gives (a path, a URL, an extension, an anchor, index): %j → %j',
    (given, expected) => {
      expect(pageOf(given)).toBe(expected)
    },
  )

  test('the top pages, each once, best first, at most five; a result without a path names none', () => {
    const hits = ['/a', '/a#x', '/b', '', '/c', '/d', '/e', '/f'].map((path) => ({ path }))
    expect(topPaths([{ path: null }, ...hits])).toEqual(['/a', '/b', '/c', '/d', '/e'])
    expect(topPaths(hits)).toHaveLength(TOP_RESULTS)
    expect(topPaths([])).toEqual([])
  })

  test('answered: a page the pull request changed among the results, the best placed with its rank', () => {
    const baseline = { at: '2026-11-02T06:00:00Z', paths: ['/intro'] }
    expect(verdictOf(baseline, ['/intro', '/webhooks', '/retries'], ['/retries', 'webhooks.mdx'])).toEqual({
      verdict: 'answered',
      page: '/webhooks',
      rank: 2,
    })
    // docs in a folder of their repository: the site's path is the end of the page's
    expect(verdictOf(baseline, ['/webhooks'], ['/docs/webhooks'])).toMatchObject({ verdict: 'answered', rank: 1 })
    expect(verdictOf(baseline, ['/'], ['/docs'])).toEqual({ verdict: 'moved' })
    expect(verdictOf(baseline, ['/'], ['index.mdx'])).toEqual({ verdict: 'answered', page: '/', rank: 1 })
    expect(verdictOf(baseline, ['/api'], ['/myapi', 'https://[bad'])).toEqual({ verdict: 'moved' })
  })

  test('moved: other pages come up than at the baseline, none the pull request changed; still missing: the same, or none', () => {
    const baseline = { at: '2026-11-02T06:00:00Z', paths: ['/intro', '/quickstart'] }
    expect(verdictOf(baseline, ['/quickstart', '/api'], ['/webhooks'])).toEqual({ verdict: 'moved' })
    expect(verdictOf(baseline, ['/quickstart', '/intro'], ['/webhooks'])).toEqual({ verdict: 'still-missing' })
    expect(verdictOf(baseline, [], ['/webhooks'])).toEqual({ verdict: 'still-missing' })
    expect(verdictOf(undefined, [], [])).toEqual({ verdict: 'still-missing' })
    expect(verdictOf(undefined, ['/api'], [])).toEqual({ verdict: 'moved' })
  })

  test("a search's query: a dead-end search's words, an unanswered question; a page rated down has none", () => {
    expect(queryOf({ kind: 'search', text: 'webhook retries' })).toBe('webhook retries')
    expect(queryOf({ kind: 'question', text: 'how do I rotate a key?' })).toBe('how do I rotate a key?')
    expect(queryOf({ kind: 'page', text: '/auth' })).toBeUndefined()
  })

  test("in words: each verdict, what is awaited, and the service's paths escaped as the text they are", () => {
    const at = '2026-11-30T06:00:00Z'
    expect(answerText({ answer: { at, paths: ['/webhooks'], verdict: 'answered', page: '/webhooks', rank: 1 } })).toBe(
      '**answered**: the search finds /webhooks at rank 1 (2026-11-30)',
    )
    expect(answerText({ answer: { at, paths: ['/a', '/b'], verdict: 'moved' } })).toBe(
      '**moved**: other pages come up now (/a, /b), none it changed',
    )
    expect(answerText({ answer: { at, paths: [], verdict: 'still-missing' } })).toContain('finds nothing')
    expect(answerText({ answer: { at, paths: ['/a'], verdict: 'still-missing' } })).toContain('the same pages')
    expect(answerText({})).toBe('not searched')
    expect(answerText({ baseline: { at, paths: [] } })).toMatch(/again once its pull request merges/)
    expect(answerText({ baseline: { at, paths: [] }, merged: true })).toBe('to search once the change is live')
    const hostile = '/x|<img src=x>`](javascript:alert(1))'
    const text = answerText({ answer: { at, paths: [hostile], verdict: 'answered', page: hostile, rank: 1 } })
    expect(text).not.toMatch(/[^\\]\||<img|[^\\]`/)
    expect(answerLines([])).toEqual([])
    expect(
      answerLines([
        {
          name: 'Search with no click: a|b',
          kind: 'search',
          job: { answer: { at, paths: [], verdict: 'still-missing' } },
        },
      ]),
    ).toEqual([
      'Searched on the live site once this shipped: Search with no click: a\\|b: **still missing**: the search finds nothing.',
    ])
  })
})
