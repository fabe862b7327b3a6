import { describe, expect, test } from 'vitest'
import type { Problem } from '../../src/check/cli-output.js'
import { readSnippetAnswer } from '../../src/check/mint-cli.js'
import { anchoredPage, inSnippets } from '../../src/check/snippet-anchors.js'

/**
 * Which broken anchors a snippet shown on their page has (snippet-anchors.ts): the links asked about
 * once, the CLI's own code's answer applied (its slugs and what renders are the real-CLI suite's
 * cases: test/cli/scenarios.ts), and an answer that cannot be had keeps every problem.
 */

const link = (file: string, target: string): Problem => ({
  rule: 'broken-link',
  file,
  target,
  message: `The link ${target} leads nowhere.`,
})

describe('anchoredPage: the page and anchor a broken link names', () => {
  const pages = new Map([
    ['/', 'index.mdx'],
    ['/guides', 'guides/index.mdx'],
    ['/guides/a', 'guides/a.mdx'],
    ['/guides/indexing', 'guides/indexing.mdx'],
  ])
  test.each([
    ['guides/a.mdx', '#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', '/guides/a#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', 'guides/a#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', '/guides/a/#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', '/guides/index#b', { page: 'guides/index.mdx', anchor: 'b' }],
    ['guides/a.mdx', '/#top', { page: 'index.mdx', anchor: 'top' }],
    ['guides/a.mdx', '/index#top', { page: 'index.mdx', anchor: 'top' }],
    ['index.mdx', '/guides/indexing#b', { page: 'guides/indexing.mdx', anchor: 'b' }],
  ])('%s, %s', (file, target, found) => {
    expect(anchoredPage(file, target, pages)).toEqual(found)
  })

  test.each([
    ['no anchor', '/guides/a'],
    ['an empty anchor', '/guides/a#'],
    ['another site', 'https://example.com/guides/a#setup'],
    ['a mail address', 'mailto:a@example.com#x'],
    ['no such page', '/nowhere#setup'],
  ])('%s: none', (_, target) => {
    expect(anchoredPage('index.mdx', target, pages)).toBeUndefined()
  })
})

describe('inSnippets: the broken anchors a shown snippet has, apart from the problems', () => {
  const problems: Problem[] = [
    link('index.mdx', '#gitlab-setup'),
    link('index.mdx', '#missing'),
    { rule: 'broken-redirect', file: 'docs.json', target: '/#gitlab-setup', message: 'x' },
    { rule: 'broken-link', file: 'index.mdx', message: 'a link the CLI named no target of' },
    { rule: 'missing-alt', file: 'index.mdx', message: 'y' },
    link('guides/a.mdx', '/#gitlab-setup'),
    link('guides/a.mdx', '/nowhere#gitlab-setup'),
  ]
  const pages = (): string[] => ['index.mdx', 'guides/a.mdx']

  test('the anchored links asked about once, in order; those the answer says a shown snippet has are apart', async () => {
    const asked: Array<ReadonlyArray<{ page: string; anchor: string }>> = []
    const split = await inSnippets(problems, pages, (a) => {
      asked.push(a)
      return Promise.resolve({ shown: [true, false, true] })
    })
    expect(asked).toEqual([
      [
        { page: 'index.mdx', anchor: 'gitlab-setup' },
        { page: 'index.mdx', anchor: 'missing' },
        { page: 'index.mdx', anchor: 'gitlab-setup' },
      ],
    ])
    expect(split).toEqual({
      kept: [problems[1], problems[2], problems[3], problems[4], problems[6]],
      inSnippets: [problems[0], problems[5]],
    })
  })

  test('an answer that cannot be had keeps every problem, and says why; no anchored link: nothing asked, no page listed', async () => {
    const split = await inSnippets(problems, pages, () => Promise.resolve({ unknown: 'no CLI modules' }))
    expect(split).toEqual({ kept: problems, inSnippets: [], unknown: 'no CLI modules' })
    let listed = 0
    let questions = 0
    const unanchored = [
      link('index.mdx', '/guides/a'),
      { rule: 'missing-alt' as const, file: 'index.mdx', message: 'y' },
    ]
    const none = await inSnippets(
      unanchored,
      () => (listed++, ['index.mdx']),
      () => (questions++, Promise.resolve({ shown: [] })),
    )
    expect(none).toEqual({ kept: unanchored, inSnippets: [] })
    expect([listed, questions]).toEqual([0, 0])
  })
})

describe("the CLI code's answer, as it printed it", () => {
  test('one boolean for each anchor asked, or why not; anything else is no answer', () => {
    expect(readSnippetAnswer('noise\n{"shown":[true,false]}\n', 2)).toEqual({ shown: [true, false] })
    expect(readSnippetAnswer('{"unknown":"no module"}', 2)).toEqual({ unknown: 'no module' })
    for (const [out, n] of [
      ['{"shown":[true]}', 2],
      ['{"shown":[true,"yes"]}', 2],
      ['{"shown":"all"}', 1],
      ['not json', 1],
      ['', 1],
      ['{"unknown":3}', 1],
    ] as const)
      expect(readSnippetAnswer(out, n), out).toEqual({ unknown: 'the look at the snippets gave no answer' })
  })
})
