import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { type LineEdit, editsFor, outline } from '../../src/check/edits.js'
import { diffLines } from '../../src/check/head-lines.js'
import type { Judged } from '../../src/check/new-known.js'
import { patchOf, quoted } from '../../src/check/patch.js'
import { redirectsOf } from '../../src/site/addresses.js'
import { propertyRuns } from './property-runs.js'

/** The fixes the check knows as edits of the head's files (edits.ts), and the patch of them (patch.ts). */

const link = (path: string, line: number, column: number, target: string, from: string, to: string): Judged => ({
  problem: {
    rule: 'broken-link',
    file: path,
    path,
    line,
    column,
    target,
    message: `The link ${target} leads nowhere.`,
  },
  status: 'new',
  because: {
    change: { from, to },
    redirect: { source: `/${from.replace(/\.mdx$/, '')}`, destination: `/${to.replace(/\.mdx$/, '')}` },
  },
})
const lost = (source: string, destination: string): Judged => ({
  problem: {
    rule: 'lost-address',
    file: 'docs.json',
    path: 'docs.json',
    target: source,
    message: `${source} answers on the base and not on the head.`,
    fix: { source, destination },
  },
  status: 'new',
})
const everywhere = (): boolean => true
const nowhere = (): boolean => false
const texts =
  (files: Record<string, string>) =>
  (path: string): string | undefined =>
    files[path]

/** The files with the edits applied, line for line. */
function applied(files: Record<string, string>, edits: readonly LineEdit[]): Record<string, string> {
  const out = { ...files }
  for (const path of new Set(edits.map((e) => e.path))) {
    const lines = (out[path] ?? '').split('\n')
    for (const e of edits.filter((x) => x.path === path).sort((a, b) => b.line - a.line))
      lines.splice(e.line - 1, e.endLine - e.line + 1, ...e.after)
    out[path] = lines.join('\n')
  }
  return out
}

describe('a link to a page the pull request renamed', () => {
  test('points to its new address, its anchor kept; two on one line are one edit', () => {
    const page = 'See [a](/guides/a#setup) and [again](/guides/a).\n'
    const edits = editsFor(
      [
        link('intro.mdx', 1, 9, '/guides/a#setup', 'guides/a.mdx', 'guides/b.mdx'),
        link('intro.mdx', 1, 38, '/guides/a', 'guides/a.mdx', 'guides/b.mdx'),
      ],
      texts({ 'intro.mdx': page }),
      'docs.json',
      everywhere,
    )
    expect(edits).toEqual([
      {
        path: 'intro.mdx',
        line: 1,
        endLine: 1,
        before: ['See [a](/guides/a#setup) and [again](/guides/a).'],
        after: ['See [a](/guides/b#setup) and [again](/guides/b).'],
        fixes: ['The link /guides/a#setup leads nowhere.', 'The link /guides/a leads nowhere.'],
      },
    ])
  })

  test('a line that no longer holds the target at its column is left alone, and so is a known problem', () => {
    const judged = link('intro.mdx', 1, 3, '/guides/a', 'guides/a.mdx', 'guides/b.mdx')
    expect(editsFor([judged], texts({ 'intro.mdx': 'See [a](/guides/a)\n' }), 'docs.json', everywhere)).toEqual([])
    const known = { ...link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx'), status: 'known' as const }
    expect(editsFor([known], texts({ 'intro.mdx': 'See [a](/guides/a)\n' }), 'docs.json', everywhere)).toEqual([])
  })

  test('a page renamed to a file that is no page (no redirect known) is no fix', () => {
    const judged: Judged = {
      ...link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/a.txt'),
      because: { change: { from: 'guides/a.mdx', to: 'guides/a.txt' } },
    }
    expect(editsFor([judged], texts({ 'intro.mdx': 'See [a](/guides/a)\n' }), 'docs.json', everywhere)).toEqual([])
  })
})

describe("a lost address's redirect in the configuration", () => {
  const withRedirects = [
    '{',
    '  "name": "Docs",',
    '  "redirects": [',
    '    {',
    '      "source": "/old",',
    '      "destination": "/new"',
    '    }',
    '  ],',
    '  "navigation": { "pages": ["index"] }',
    '}',
    '',
  ].join('\n')

  test('added after the array opens, in its own indentation, where that line is in the diff', () => {
    const [edit] = editsFor(
      [lost('/guides/a', '/guides/b')],
      texts({ 'docs.json': withRedirects }),
      'docs.json',
      (_, l) => l === 3,
    )
    expect(edit).toMatchObject({ line: 3, endLine: 3 })
    expect(edit?.after).toEqual([
      '  "redirects": [',
      '    {',
      '      "source": "/guides/a",',
      '      "destination": "/guides/b"',
      '    },',
    ])
    const result = applied({ 'docs.json': withRedirects }, edit ? [edit] : [])['docs.json']
    expect(redirectsOf(result)).toEqual([
      { source: '/guides/a', destination: '/guides/b' },
      { source: '/old', destination: '/new' },
    ])
  })

  test('added before the array closes where only its end is in the diff: a comma after the last entry', () => {
    const [edit] = editsFor(
      [lost('/guides/a', '/guides/b')],
      texts({ 'docs.json': withRedirects }),
      'docs.json',
      (_, l) => l >= 7,
    )
    expect(edit).toMatchObject({ line: 7, endLine: 8 })
    expect(edit?.after[0]).toBe('    },')
    expect(redirectsOf(applied({ 'docs.json': withRedirects }, edit ? [edit] : [])['docs.json'])).toEqual([
      { source: '/old', destination: '/new' },
      { source: '/guides/a', destination: '/guides/b' },
    ])
  })

  test('outside the diff: still made (for the patch), at the first place the file allows', () => {
    const [edit] = editsFor([lost('/a', '/b')], texts({ 'docs.json': withRedirects }), 'docs.json', nowhere)
    expect(edit?.line).toBe(3)
  })

  test('without redirects: the array added before a top-level key, tabs kept; one-line entries stay one line', () => {
    const tabbed = '{\n\t"name": "Docs",\n\t"navigation": {\n\t\t"pages": ["index"]\n\t}\n}\n'
    const edits = editsFor(
      [lost('/a', '/b'), lost('/c', '/d')],
      texts({ 'docs.json': tabbed }),
      'docs.json',
      (_, l) => l === 3,
    )
    expect(edits[0]?.after).toEqual([
      '\t"redirects": [',
      '\t\t{',
      '\t\t\t"source": "/a",',
      '\t\t\t"destination": "/b"',
      '\t\t},',
      '\t\t{',
      '\t\t\t"source": "/c",',
      '\t\t\t"destination": "/d"',
      '\t\t}',
      '\t],',
      '\t"navigation": {',
    ])
    const oneLine = '{\n  "redirects": [\n    { "source": "/x", "destination": "/y" }\n  ]\n}\n'
    expect(editsFor([lost('/a', '/b')], texts({ 'docs.json': oneLine }), 'docs.json', everywhere)[0]?.after).toEqual([
      '  "redirects": [',
      '    { "source": "/a", "destination": "/b" },',
    ])
    const empty = '{\n  "name": "x",\n  "redirects": [],\n  "navigation": {}\n}\n'
    const [edit] = editsFor([lost('/a', '/b')], texts({ 'docs.json': empty }), 'docs.json', everywhere)
    expect(redirectsOf(applied({ 'docs.json': empty }, edit ? [edit] : [])['docs.json'])).toEqual([
      { source: '/a', destination: '/b' },
    ])
  })

  test('a configuration that does not parse, or one on a single line, gets no edit', () => {
    expect(editsFor([lost('/a', '/b')], texts({ 'docs.json': '{ "name": ' }), 'docs.json', everywhere)).toEqual([])
    expect(
      editsFor(
        [lost('/a', '/b')],
        texts({ 'docs.json': '{"name":"x","redirects":[{"source":"/x","destination":"/y"}]}' }),
        'docs.json',
        everywhere,
      ),
    ).toEqual([])
  })

  test('addresses with quotes and backslashes are written as JSON writes them', () => {
    const [edit] = editsFor([lost('/a"b\\c', '/d')], texts({ 'docs.json': withRedirects }), 'docs.json', everywhere)
    expect(redirectsOf(applied({ 'docs.json': withRedirects }, edit ? [edit] : [])['docs.json'])[0]).toEqual({
      source: '/a"b\\c',
      destination: '/d',
    })
  })

  test('a redirect chain goes straight to its end, at its destination', () => {
    const config =
      '{\n  "redirects": [\n    { "source": "/a", "destination": "/b" },\n    { "source": "/b", "destination": "/c" }\n  ]\n}\n'
    const chain: Judged = {
      problem: {
        rule: 'redirect-fault',
        file: 'docs.json',
        path: 'docs.json',
        line: 3,
        column: 39,
        target: '/a → /b',
        message: 'The redirect /a → /b leads to another redirect.',
        fix: { source: '/a', destination: '/c' },
      },
      status: 'new',
    }
    const edits = editsFor([chain], texts({ 'docs.json': config }), 'docs.json', everywhere)
    expect(edits.map((e) => e.after)).toEqual([['    { "source": "/a", "destination": "/c" },']])
  })
})

describe('the outline of a configuration', () => {
  test('braces and brackets inside strings count for nothing', () => {
    const text = '{\n  "name": "a { [ b",\n  "redirects": [\n    { "source": "/}", "destination": "/]" }\n  ]\n}'
    expect(outline(text)).toEqual({
      keys: [
        { key: 'name', line: 2, indent: '  ' },
        { key: 'redirects', line: 3, indent: '  ' },
      ],
      redirects: { open: { line: 3, at: 15 }, close: { line: 5, at: 2 }, entries: [{ line: 4, endLine: 4 }] },
    })
  })
})

describe("the pull request's diff", () => {
  test('its lines a comment can be on: added and context, never a removed one', () => {
    const patch = ['@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c', '@@ -10,2 +10,3 @@', ' j', '+k', ' l'].join('\n')
    expect([...diffLines(patch)]).toEqual([1, 2, 3, 10, 11, 12])
  })
})

describe('the patch', () => {
  const folders: string[] = []
  afterAll(() => {
    for (const f of folders) rmSync(f, { recursive: true, force: true })
  })

  /** A git repository holding `files`, the patch applied there with `git apply`; the files after. */
  function gitApply(files: Record<string, string>, patch: string): Record<string, string> {
    const dir = mkdtempSync(join(tmpdir(), 'patch-'))
    folders.push(dir)
    execFileSync('git', ['init', '-q', dir])
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    writeFileSync(join(dir, 'fixes.patch'), patch)
    execFileSync('git', ['apply', '--check', 'fixes.patch'], { cwd: dir })
    execFileSync('git', ['apply', 'fixes.patch'], { cwd: dir })
    return Object.fromEntries(Object.keys(files).map((p) => [p, readFileSync(join(dir, p), 'utf8')]))
  }

  test('git applies it: edits near each other in one hunk, far apart in two, paths git must quote', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`)
    const files = { 'docs/a b.mdx': `${lines.join('\n')}\n`, 'docs/ü"q.mdx': 'one\ntwo' }
    const edits: LineEdit[] = [
      { path: 'docs/a b.mdx', line: 2, endLine: 2, before: ['line 2'], after: ['LINE 2'], fixes: [] },
      { path: 'docs/a b.mdx', line: 6, endLine: 6, before: ['line 6'], after: ['LINE 6', 'and more'], fixes: [] },
      { path: 'docs/a b.mdx', line: 25, endLine: 26, before: ['line 25', 'line 26'], after: ['LINE 25'], fixes: [] },
      { path: 'docs/ü"q.mdx', line: 2, endLine: 2, before: ['two'], after: ['TWO'], fixes: [] },
    ]
    const patch = patchOf(edits, texts(files))
    expect(patch.match(/^@@ /gm)).toHaveLength(3)
    expect(gitApply(files, patch)).toEqual(applied(files, edits))
  })

  test('property: any edits of any file, applied by git, give the file with the edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '`', 'é') }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.uniqueArray(fc.nat({ max: 39 }), { maxLength: 6 }),
        (lines, newline, at) => {
          const text = lines.join('\n') + (newline ? '\n' : '')
          const edits = at
            .filter((l) => l < lines.length)
            .map((l): LineEdit => ({
              path: 'p.mdx',
              line: l + 1,
              endLine: l + 1,
              before: [lines[l] ?? ''],
              after: [`x${lines[l] ?? ''}`, 'added'],
              fixes: [],
            }))
          if (edits.length === 0) return
          expect(gitApply({ 'p.mdx': text }, patchOf(edits, texts({ 'p.mdx': text })))).toEqual(
            applied({ 'p.mdx': text }, edits),
          )
        },
      ),
      { numRuns: propertyRuns(25) },
    )
  })

  test('paths as git quotes them', () => {
    expect(quoted('a/docs/plain name.mdx')).toBe('a/docs/plain name.mdx')
    expect(quoted('a/ü.mdx')).toBe('"a/\\303\\274.mdx"')
    expect(quoted('a/"x"\\.mdx')).toBe('"a/\\"x\\"\\\\.mdx"')
  })
})
