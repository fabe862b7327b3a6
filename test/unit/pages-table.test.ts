import fc from 'fast-check'
import type { RootContent, Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, test } from 'vitest'
import { parseMarkdown } from '../../src/github/markdown.js'
import type { PullPage } from '../../src/site/pull-pages.js'
import { COMMENT_ROWS, onPreview, pagesTable } from '../../src/summary/pages-table.js'
import { renderingProblemsOf } from '../contract/rendering.js'
import { hostile } from './hostile-text.js'
import { propertyRuns } from './property-runs.js'

/**
 * The pages table of the preview's comment and summary, judged as GitHub renders it: each page one
 * row, linked on the preview's own host, text from the repository text and nothing else.
 */

const PREVIEW = 'https://acme-docs-change.mintlify.app'

const PAGES: PullPage[] = [
  {
    path: 'guides/first-steps.mdx',
    address: '/guides/first-steps',
    title: 'Start here',
    change: 'renamed',
    from: '/guides/start',
    views: 500,
  },
  { path: 'guides/new.mdx', address: '/guides/new', title: 'Webhooks: a new | guide', change: 'added' },
  {
    path: 'quickstart.mdx',
    address: '/quickstart',
    title: 'Quick start',
    change: 'changed',
    views: 3,
    viewsAtMost: true,
  },
  { path: 'guides/old.mdx', address: '/guides/old', title: 'Old guide', change: 'deleted', to: '/quickstart' },
  { path: 'guides/gone.mdx', address: '/guides/gone', title: 'Gone', change: 'deleted' },
  {
    path: 'guides/auth.mdx',
    address: '/guides/auth',
    title: 'Authentication',
    change: 'affected',
    why: 'imports snippets/auth.mdx',
  },
]

/** A node's text as a reader sees it: its text, without the HTML of its links. */
const textOf = (node: RootContent): string =>
  node.type === 'html'
    ? ''
    : 'children' in node
      ? node.children.map((c) => textOf(c as RootContent)).join('')
      : toString(node)

/** The tables of the Markdown, each as its rows' cells' text (the header row first). */
function tables(markdown: string): string[][][] {
  return parseMarkdown(markdown)
    .children.filter((n): n is Table => n.type === 'table')
    .map((t) => t.children.map((row) => row.children.map((cell) => textOf(cell))))
}

/** Every link's address in the Markdown (HTML links, as escape.ts writes them). */
const hrefs = (markdown: string): string[] => [...markdown.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1] ?? '')

describe('the pages table', () => {
  test('the edited pages, then the affected ones in their own table, each linked on the preview', () => {
    const markdown = pagesTable(PAGES, { previewUrl: PREVIEW, most: COMMENT_ROWS })
    expect(renderingProblemsOf(markdown)).toEqual([])
    expect(markdown.startsWith('**Pages of this pull request** (6)')).toBe(true)
    expect(tables(markdown)).toEqual([
      [
        ['Page', 'Address', 'Change', 'Views (30 days)'],
        ['Start here', '/guides/start → /guides/first-steps', 'Renamed', '500'],
        ['Webhooks: a new | guide', '/guides/new', 'Added', '—'],
        ['Quick start', '/quickstart', 'Changed', 'at most 3'],
        ['Old guide', '/guides/old', 'Deleted: readers go to /quickstart', '—'],
        ['Gone', '/guides/gone', 'Deleted: no redirect, readers find nothing there', '—'],
      ],
      [
        ['Page', 'Address', 'Why', 'Views (30 days)'],
        ['Authentication', '/guides/auth', 'imports snippets/auth.mdx', '—'],
      ],
    ])
    expect(markdown).toContain('Changed without being edited:')
    expect(markdown).toContain('~~Old guide~~ | ~~/guides/old~~')
    expect(hrefs(markdown)).toEqual([
      `${PREVIEW}/guides/first-steps`,
      `${PREVIEW}/guides/first-steps`,
      `${PREVIEW}/guides/new`,
      `${PREVIEW}/guides/new`,
      `${PREVIEW}/quickstart`,
      `${PREVIEW}/quickstart`,
      `${PREVIEW}/quickstart`,
      `${PREVIEW}/guides/auth`,
      `${PREVIEW}/guides/auth`,
    ])
    expect(markdown).not.toContain('Showing')
  })

  test('the change says what the page is: an old address or a reason only where its change has one', () => {
    const markdown = pagesTable(
      [{ path: 'a.mdx', address: '/a', title: 'A', change: 'changed', from: '/b', why: 'imports x.mdx' }],
      { most: COMMENT_ROWS },
    )
    expect(tables(markdown)[0]?.[1]).toEqual(['A', '/a', 'Changed'])
  })

  test('no views known: no views column; no preview yet: the addresses as text', () => {
    const plain = PAGES.map(({ views: _v, viewsAtMost: _m, ...p }) => p)
    const markdown = pagesTable(plain, { most: COMMENT_ROWS })
    expect(tables(markdown)[0]?.[0]).toEqual(['Page', 'Address', 'Change'])
    expect(hrefs(markdown)).toEqual([])
    expect(tables(markdown)[0]?.[1]).toEqual(['Start here', '/guides/start → /guides/first-steps', 'Renamed'])
  })

  test('40 pages: 25 rows, "showing 25 of 40" and where the rest are; none: nothing', () => {
    const many = Array.from({ length: 40 }, (_, i): PullPage => ({
      path: `p${i}.mdx`,
      address: `/p${i}`,
      title: `Page ${i}`,
      change: 'added',
    }))
    const markdown = pagesTable(many, {
      previewUrl: PREVIEW,
      most: COMMENT_ROWS,
      rest: "the run's summary lists them all.",
    })
    expect(tables(markdown)[0]).toHaveLength(26)
    expect(markdown).toContain("Showing 25 of 40: the run's summary lists them all.")
    expect(markdown.startsWith('**Pages of this pull request** (40)')).toBe(true)
    // the total given where the rows are a part of it
    expect(pagesTable(many.slice(0, 25), { most: 25, total: 40 })).toContain('Showing 25 of 40.')
    expect(pagesTable([], { most: 25 })).toBe('')
  })

  test('an address is a path on the preview, whatever it holds; a preview URL that is no web address links nothing', () => {
    expect(onPreview(PREVIEW, '/')).toBe(`${PREVIEW}/`)
    expect(onPreview(`${PREVIEW}/docs/`, '/a')).toBe(`${PREVIEW}/docs/a`)
    expect(onPreview(PREVIEW, '//evil.example/x')).toBe(`${PREVIEW}/evil.example/x`)
    expect(onPreview(PREVIEW, '/a b/c?d#e')).toBe(`${PREVIEW}/a%20b/c%3Fd%23e`)
    // a .. is resolved on the preview's own host
    expect(onPreview(PREVIEW, '/../x')).toBe(`${PREVIEW}/../x`)
    expect(onPreview('http://localhost:3000', '/a')).toBe('http://localhost:3000/a')
    expect(onPreview(`${PREVIEW}//`, '/a')).toBe(`${PREVIEW}/a`)
    expect(onPreview('javascript:alert(1)', '/a')).toBeUndefined()
    expect(onPreview('not a url', '/a')).toBeUndefined()
    expect(onPreview(undefined, '/a')).toBeUndefined()
  })
})

describe('the pages table (property-based)', () => {
  const change = fc.constantFrom<PullPage['change']>('added', 'changed', 'renamed', 'deleted', 'affected')
  const pageOf = fc.record({
    path: hostile,
    address: hostile,
    title: hostile,
    change,
    from: fc.option(hostile, { nil: undefined }),
    to: fc.option(hostile, { nil: undefined }),
    why: fc.option(hostile, { nil: undefined }),
    views: fc.option(fc.nat(), { nil: undefined }),
  })

  test('each page one row of its table, every cell text or a link to the preview, never a workflow command', () => {
    fc.assert(
      fc.property(fc.array(pageOf, { minLength: 1, maxLength: 8 }), (raw) => {
        const pages = raw.map((p) =>
          Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)),
        ) as unknown as PullPage[]
        const markdown = pagesTable(pages, { previewUrl: PREVIEW, most: COMMENT_ROWS })
        const found = tables(markdown)
        const edited = pages.filter((p) => p.change !== 'affected').length
        expect(found.map((t) => t.length - 1)).toEqual([edited, pages.length - edited].filter((n) => n > 0))
        const columns = pages.some((p) => p.views !== undefined) ? 4 : 3
        for (const table of found) for (const row of table) expect(row).toHaveLength(columns)
        // only the table's own nodes: text, links, strike-through; links only to the preview
        const tree = parseMarkdown(markdown)
        const kinds = new Set<string>()
        const walk = (n: RootContent | { type: string; children?: unknown[] }): void => {
          kinds.add(n.type)
          for (const c of ('children' in n ? (n.children as RootContent[]) : []) ?? []) walk(c)
        }
        for (const child of tree.children) walk(child)
        for (const kind of kinds)
          expect(['paragraph', 'strong', 'text', 'table', 'tableRow', 'tableCell', 'html', 'delete']).toContain(kind)
        for (const href of hrefs(markdown)) expect(href.startsWith(`${PREVIEW}/`)).toBe(true)
        // the HTML is the links' and nothing else
        const html = markdown.match(/<[^>]*>/g) ?? []
        for (const tag of html) expect(tag).toMatch(/^<a href="[^"]*">$|^<\/a>$/)
        for (const line of markdown.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false)
      }),
      { numRuns: propertyRuns(500) },
    )
  })
})
