import fc from 'fast-check'
import type { RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, test } from 'vitest'
import { parseMarkdown } from '../../src/github/markdown.js'
import { escapeText } from '../../src/summary/escape.js'
import { bound, external, oneLine } from '../../src/util/text.js'
import { propertyRuns } from './property-runs.js'
import { hostile } from './hostile-text.js'

/**
 * The escapers over generated hostile text, thousands of cases each, judged as GitHub renders it
 * (CommonMark + GFM): escaped text in a paragraph or a table cell is text and nothing else (no link,
 * autolink, image, code, HTML, emphasis, strike-through, no extra cell), and reads as the one line
 * the reader wrote; a log line from outside text can never start a workflow command.
 */

/** The word joiner escapeText puts inside `://` and `www.` and after `@` (invisible; no autolink across it). */
const JOINER = '\u2060'

/** Every node type below `node`. */
function kinds(node: RootContent | { type: string; children?: unknown[] }, into = new Set<string>()): Set<string> {
  into.add(node.type)
  for (const child of ('children' in node ? (node.children as RootContent[]) : []) ?? []) kinds(child, into)
  return into
}

describe('escapeText (property-based)', () => {
  test('in a paragraph: text only, reading as the one line that was written', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const escaped = escapeText(raw, 100)
        const tree = parseMarkdown(`Said: ${escaped}`)
        const found = kinds(tree)
        found.delete('root')
        found.delete('paragraph')
        found.delete('text')
        expect([...found]).toEqual([])
        expect(toString(tree).replaceAll(JOINER, '')).toBe(`Said: ${bound(oneLine(raw), 100)}`.trim())
        // no @mention: GitHub's filter reads the rendered text, where an @ is followed by a name
        expect(toString(tree)).not.toMatch(/@[a-z0-9]/i)
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  test('in a table cell: one cell, text only', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const tree = parseMarkdown(`| what | said |\n|---|---|\n| ${escapeText(a, 60)} | ${escapeText(b, 60)} |\n`)
        const table = tree.children[0]
        expect(table?.type).toBe('table')
        const row = table && 'children' in table ? (table.children[1] as { children: RootContent[] }) : undefined
        expect(row?.children).toHaveLength(2)
        for (const cell of row?.children ?? []) {
          const found = kinds(cell)
          found.delete('tableCell')
          found.delete('text')
          expect([...found]).toEqual([])
        }
        expect(row?.children.map((c) => toString(c).replaceAll(JOINER, ''))).toEqual([
          bound(oneLine(a), 60),
          bound(oneLine(b), 60),
        ])
      }),
      { numRuns: propertyRuns(3000) },
    )
  })
})

describe('external (property-based)', () => {
  test('one line that never starts a workflow command', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const line = external(raw, 80)
        expect(line).not.toMatch(/[\r\n]/)
        expect(line.startsWith('::')).toBe(false)
        expect(`x ${line}`.includes('\n::')).toBe(false)
      }),
      { numRuns: propertyRuns(3000) },
    )
  })
})
