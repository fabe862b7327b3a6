import fc from 'fast-check'
import type { Code, Nodes } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, test } from 'vitest'
import type { LineEdit } from '../../src/check/edits.js'
import { REVIEW_MARK, isReviewBody, isSuggestionBody, reviewBody, suggestionBody } from '../../src/check/review.js'
import { type CheckView, renderCheckSummary } from '../../src/check/summary.js'
import { parseMarkdown } from '../../src/github/markdown.js'
import { renderingProblemsOf } from '../contract/rendering.js'
import { hostile } from './hostile-text.js'
import { propertyRuns } from './property-runs.js'

/**
 * The check's review and its suggested changes (review.ts), and the summary's fixes (summary.ts),
 * judged as GitHub renders them: each suggestion one `suggestion` block holding exactly the lines
 * that replace the commented ones, whatever the file holds; the problems' words text and nothing
 * else; the patch's files named as text.
 */

/** What a reader sees of a tree: its text, without the HTML of its links. */
const textOf = (tree: Nodes): string =>
  tree.type === 'html' ? '' : 'children' in tree ? tree.children.map((c) => textOf(c)).join('') : toString(tree)

/** Every node of a tree, depth first. */
function nodes(tree: Nodes): Nodes[] {
  return [tree, ...('children' in tree ? tree.children.flatMap((c) => nodes(c)) : [])]
}

const edit = (after: string[], fixes: string[]): LineEdit => ({
  path: 'guides/a.mdx',
  line: 3,
  endLine: 3,
  before: ['old'],
  after,
  fixes,
})

describe('a suggested change', () => {
  test('one suggestion block with the new lines, the problem it fixes above it', () => {
    const body = suggestionBody(edit(['Read [the guide](/guides/b).'], ['The link /guides/a leads nowhere.']))
    expect(body).toBe(
      '**Fixes** this problem:\n- The link /guides/a leads nowhere.\n\n```suggestion\nRead [the guide](/guides/b).\n```',
    )
  })

  test('property: any file text stays the suggestion, whole; any problem text stays text', () => {
    fc.assert(
      fc.property(
        fc.array(hostile, { minLength: 1, maxLength: 4 }),
        fc.array(hostile, { minLength: 1, maxLength: 3 }),
        (lines, fixes) => {
          const after = lines.map((l) => l.replace(/\r|\n/g, ' '))
          const tree = parseMarkdown(suggestionBody(edit(after, fixes)))
          const code = nodes(tree).filter((n): n is Code => n.type === 'code')
          expect(code).toHaveLength(1)
          expect(code[0]?.lang).toBe('suggestion')
          expect(code[0]?.value).toBe(after.join('\n'))
          // the problems' words: no link, image, HTML or code of their own
          const above = tree.children.slice(0, -1)
          for (const n of above.flatMap((c) => nodes(c)))
            expect(['link', 'image', 'html', 'inlineCode', 'code', 'linkReference', 'imageReference']).not.toContain(
              n.type,
            )
        },
      ),
      { numRuns: propertyRuns(200) },
    )
  })
})

describe('the review', () => {
  test('says how many fixes and suggestions it holds, at which commit, and carries its mark', () => {
    const body = reviewBody([edit(['a'], ['one', 'two']), edit(['b'], ['three'])], 'abcdef1234567890')
    expect(body.startsWith(REVIEW_MARK)).toBe(true)
    expect(toString(parseMarkdown(body))).toContain(
      '3 fixes for what this pull request broke, as 2 suggested changes below (at abcdef1)',
    )
  })
})

describe("the summary's fixes", () => {
  const view = (fixes: CheckView['fixes']): CheckView => ({
    checked: ['links'],
    judged: [
      {
        problem: {
          rule: 'broken-link',
          file: 'a.mdx',
          path: 'a.mdx',
          line: 1,
          target: '/x',
          message: 'The link /x leads nowhere.',
        },
        status: 'new',
      },
    ],
    scope: 'new',
    pull: 7,
    ...(fixes ? { fixes } : {}),
  })

  test('the review linked, the patch with its files; nothing when there is neither', () => {
    const md = renderCheckSummary(
      view({
        review: { url: 'https://github.com/acme/docs/pull/7#pullrequestreview-1', suggestions: 2, fixes: 3 },
        patch: { path: '/tmp/mintlify-fixes.patch', files: ['docs.json', 'guides/a.mdx'], fixes: 21 },
      }),
    )
    expect(renderingProblemsOf(md)).toEqual([])
    const text = textOf(parseMarkdown(md))
    expect(text).toContain('3 fixes as 2 suggested changes in the review: each one click to commit.')
    expect(text).toContain(
      "21 fixes in the patch the output fixes-patch names, against the head (git apply on the pull request's branch): docs.json, guides/a.mdx.",
    )
    expect(renderCheckSummary(view(undefined))).not.toContain('Fixes the check knows')
  })

  test('property: a file name from the repository stays text, and at most 20 are named', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 25 }), (files) => {
        const md = renderCheckSummary(view({ patch: { path: '/tmp/p', files, fixes: files.length } }))
        const part = md.slice(md.indexOf('**Fixes the check knows**'))
        const tree = parseMarkdown(part)
        for (const n of nodes(tree)) {
          expect(['link', 'image', 'html', 'code', 'table']).not.toContain(n.type)
          // the one code span is the action's own
          if (n.type === 'inlineCode') expect(n.value).toBe('git apply')
        }
        if (files.length > 20) expect(toString(tree)).toContain(`and ${files.length - 20} more files`)
      }),
      { numRuns: propertyRuns(100) },
    )
  })
})

describe("a review is the check's own only if it reads back as one the check writes", () => {
  test('property: every body and suggestion the check writes reads back as its own', () => {
    fc.assert(
      fc.property(
        fc.array(hostile, { minLength: 0, maxLength: 4 }),
        fc.array(hostile, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 3000 }),
        (after, fixes, many) => {
          const e = edit(
            after.map((l) => l.replace(/\n/g, ' ')),
            fixes,
          )
          expect(isSuggestionBody(suggestionBody(e))).toBe(true)
          expect(
            isReviewBody(
              reviewBody(
                Array.from({ length: many }, () => e),
                'ab12cd3'.padEnd(40, '0'),
              ),
            ),
          ).toBe(true)
        },
      ),
      { numRuns: propertyRuns(100) },
    )
  })

  test('the mark with any other text, a count that does not match, or a suggestion that could close early: not its own', () => {
    const body = reviewBody([edit(['x'], ['f'])], 'a'.repeat(40))
    for (const other of [
      `${body}\n\nAnd approve the rest.`,
      `Note: ${body}`,
      body.replace('(at aaaaaaa)', '(at main)'),
      `${REVIEW_MARK}\nAnything at all.`,
      body.replace('1 fix', '1 fixes'),
    ])
      expect(isReviewBody(other), other).toBe(false)
    const one = suggestionBody(edit(['x'], ['f']))
    for (const other of [
      'Looks good to me.',
      `${one}\nmore`,
      one.replace('this problem', 'these 2 problems'),
      suggestionBody(edit(['x'], ['f', 'g'])).replace('these 2 problems', 'these 3 problems'),
      suggestionBody(edit(['x'], ['f', 'g'])).replace('these 2 problems', 'this problem'),
      '**Fixes** this problem:\n- f\n\n```suggestion\n```\n```',
      '**Fixes** these 1 problems:\n- f\n\n```suggestion\nx\n```',
    ])
      expect(isSuggestionBody(other), other).toBe(false)
    expect(isSuggestionBody(suggestionBody(edit([], ['f'])))).toBe(true)
  })
})
