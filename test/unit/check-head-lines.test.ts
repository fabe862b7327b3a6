import { describe, expect, test } from 'vitest'
import { headLine } from '../../src/check/head-lines.js'
import type { Judged } from '../../src/check/new-known.js'
import { onTheHead } from '../../src/check/place-problems.js'
import type { ChangedFile } from '../../src/github/change.js'

/** The check's lines moved from the merge commit's file to the head's, through their patch. */

describe("a line of the merge commit's file on the head", () => {
  // head: a b c d e f g h; merge: X Y a b c d e Z f g h (two lines added at the top, c changed… kept)
  const patch = ['@@ -1,3 +1,5 @@', '+X', '+Y', ' a', ' b', ' c', '@@ -5,3 +7,4 @@', ' e', '+Z', ' f', ' g'].join('\n')

  test.each([
    [1, undefined],
    [2, undefined],
    [3, 1],
    [5, 3],
    // between the hunks: moved by the first one's two lines
    [6, 4],
    [7, 5],
    [8, undefined],
    [9, 6],
    [10, 7],
    // after the last hunk: moved by all three
    [11, 8],
    [40, 37],
  ])('merge line %i is head line %s', (merge, head) => {
    expect(headLine(patch, merge)).toBe(head)
  })

  test('lines the base branch removed move the rest down; a hunk at the end leaves the lines above it', () => {
    const removed = ['@@ -1,4 +1,2 @@', '-old one', '-old two', ' a', ' b'].join('\n')
    expect(headLine(removed, 1)).toBe(3)
    expect(headLine(removed, 2)).toBe(4)
    expect(headLine(removed, 5)).toBe(7)
    const atEnd = ['@@ -10,2 +10,3 @@', ' j', ' k', '+l'].join('\n')
    expect(headLine(atEnd, 3)).toBe(3)
    expect(headLine(atEnd, 11)).toBe(11)
    expect(headLine(atEnd, 12)).toBeUndefined()
    expect(headLine(atEnd, 13)).toBe(12)
  })

  test('a new file of the merge commit (-0,0): none of its lines is the head’s; no hunk at all moves nothing', () => {
    const created = ['@@ -0,0 +1,2 @@', '+a', '+b'].join('\n')
    expect(headLine(created, 1)).toBeUndefined()
    expect(headLine(created, 2)).toBeUndefined()
    expect(headLine('', 7)).toBe(7)
    expect(headLine('Binary files differ', 7)).toBe(7)
  })

  test('a hunk header without counts, and a "no newline" marker, are read as GitHub writes them', () => {
    const single = ['@@ -3 +3,2 @@', ' c', '+d', '\\ No newline at end of file'].join('\n')
    expect(headLine(single, 3)).toBe(3)
    expect(headLine(single, 4)).toBeUndefined()
    expect(headLine(single, 5)).toBe(4)
  })
})

test('lines added at the very top without context (-0,0): the head’s first line follows them', () => {
  const top = ['@@ -0,0 +1,2 @@', '+X', '+Y'].join('\n')
  expect(headLine(top, 3)).toBe(1)
  expect(headLine(top, 9)).toBe(7)
})

describe('the problems moved to the head', () => {
  const at = (path: string, line?: number): Judged => ({
    problem: {
      rule: 'broken-link',
      file: path,
      path,
      target: '/x',
      message: 'm',
      ...(line !== undefined ? { line, column: 3 } : {}),
    },
    status: 'new',
  })
  const lines = (judged: Judged[]): Array<[string, number | undefined, number | undefined]> =>
    judged.map((j) => [j.problem.path, j.problem.line, j.problem.column])
  const file = (filename: string, patch?: string): ChangedFile => ({
    filename,
    status: 'modified',
    additions: 1,
    deletions: 0,
    ...(patch !== undefined ? { patch } : {}),
  })

  test('through its file’s patch; a file the compare does not list keeps its line; no patch, or a line the head lacks: no line', async () => {
    const judged = [at('a.mdx', 5), at('b.mdx', 5), at('c.mdx', 5), at('a.mdx', 1), at('d.mdx')]
    const moved = await onTheHead(judged, () =>
      Promise.resolve({ files: [file('a.mdx', '@@ -0,0 +1,2 @@\n+X\n+Y'), file('c.mdx')] }),
    )
    expect(lines(moved.judged)).toEqual([
      ['a.mdx', 3, 3],
      ['b.mdx', 5, 3],
      ['c.mdx', undefined, undefined],
      ['a.mdx', undefined, undefined],
      ['d.mdx', undefined, undefined],
    ])
    expect(moved.note).toBeUndefined()
  })

  test('a compare GitHub may have cut (300 files): a file it does not list may differ, so no line', async () => {
    const files = Array.from({ length: 300 }, (_, i) => file(`f${i}.mdx`, ''))
    const moved = await onTheHead([at('b.mdx', 5), at('f1.mdx', 5)], () => Promise.resolve({ files }))
    expect(lines(moved.judged)).toEqual([
      ['b.mdx', undefined, undefined],
      ['f1.mdx', 5, 3],
    ])
  })

  test('a compare that fails or finds no commit: the lines as read, said; nothing asked without a line', async () => {
    const judged = [at('a.mdx', 5)]
    const failed = await onTheHead(judged, () => Promise.reject(new Error('HTTP 500')))
    expect(failed.judged).toBe(judged)
    expect(failed.note).toMatch(/checked-out commit's.*HTTP 500/)
    const unknown = await onTheHead(judged, () => Promise.resolve(undefined))
    expect(unknown.note).toMatch(/does not know one of the two commits/)
    let asked = false
    const none = await onTheHead([at('d.mdx')], () => {
      asked = true
      return Promise.resolve({ files: [] })
    })
    expect([asked, none.note]).toEqual([false, undefined])
  })
})

test('only a line that starts with @@ opens a hunk; counts of any width, or none, on either side', () => {
  // text before the first hunk, and a context line, that hold "@@ " are no hunks
  const noted = ['note @@ -1 +5 @@', '@@ -1,2 +1,3 @@', '+X', ' a @@ -9 +1 @@', ' b'].join('\n')
  expect(headLine(noted, 2)).toBe(1)
  expect(headLine(noted, 3)).toBe(2)
  expect(headLine(noted, 4)).toBe(3)
  const wide = ['@@ -10,12 +10,13 @@', ' j', '+k', ' l'].join('\n')
  expect(headLine(wide, 12)).toBe(11)
  const bare = ['@@ -3,2 +3 @@', ' c', '-d'].join('\n')
  expect(headLine(bare, 3)).toBe(3)
  expect(headLine(bare, 4)).toBe(5)
})
