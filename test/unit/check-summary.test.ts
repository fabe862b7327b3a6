import type { Code, Heading } from 'mdast'
import { describe, expect, test } from 'vitest'
import type { Judged } from '../../src/check/new-known.js'
import { parseMarkdown } from '../../src/github/markdown.js'
import { renderCheckSummary } from '../../src/summary/check-summary.js'

/**
 * The check's summary as GitHub renders it: a renamed page's name is the pull request author's text,
 * so it stays inside its table cell and its code block, whatever it holds.
 */

function renamed(from: string, to: string): Judged {
  return {
    problem: {
      rule: 'broken-link',
      file: 'one.mdx',
      path: 'one.mdx',
      target: `/${from.replace(/\.mdx$/, '')}`,
      message: 'The link leads nowhere.',
      line: 3,
    },
    status: 'new',
    because: {
      change: { from, to },
      redirect: { source: `/${from.replace(/\.mdx$/, '')}`, destination: `/${to.replace(/\.mdx$/, '')}` },
    },
  }
}

describe("the check's summary", () => {
  test('page names that hold a code fence, a heading and a table row stay inside their cell, list item and redirect block', () => {
    const hostile = 'guides/b```\n# Owned\n| x | y |\n```.mdx'
    const from = 'guides/a\n## Also owned.mdx'
    const summary = renderCheckSummary({ checked: ['links'], judged: [renamed(from, hostile)], scope: 'new', pull: 7 })
    const tree = parseMarkdown(summary)
    const code = tree.children.filter((n): n is Code => n.type === 'code')
    expect(code).toHaveLength(1)
    expect(code[0]?.lang).toBe('json')
    expect(JSON.parse(code[0]?.value ?? '')).toEqual({
      source: `/${from.replace(/\.mdx$/, '')}`,
      destination: `/${hostile.replace(/\.mdx$/, '')}`,
    })
    const tables = tree.children.filter((n) => n.type === 'table')
    expect(tables).toHaveLength(1)
    // the head and the one problem's row
    expect(tables[0] && 'children' in tables[0] ? tables[0].children.length : 0).toBe(2)
    const headings = tree.children.filter((n): n is Heading => n.type === 'heading')
    expect(headings.map((h) => h.depth)).toEqual([3, 4])
  })
})
