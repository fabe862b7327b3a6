import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import {
  type InDiff,
  type LineEdit,
  editsFor,
  filesToEdit,
  linkAddress,
  outline,
  redirectAddress,
  writablePath,
} from '../../src/check/edits.js'
import { diffLines } from '../../src/check/head-lines.js'
import type { Judged, PlacedProblem } from '../../src/check/new-known.js'
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
  execFileSync('git', ['apply', '--check', 'fixes.patch'], { cwd: dir, stdio: 'pipe' })
  execFileSync('git', ['apply', 'fixes.patch'], { cwd: dir, stdio: 'pipe' })
  return Object.fromEntries(Object.keys(files).map((p) => [p, readFileSync(join(dir, p), 'utf8')]))
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

  test('a configuration that does not parse gets no edit; one with no place a line can take an entry, none either', () => {
    expect(editsFor([lost('/a', '/b')], texts({ 'docs.json': '{ "name": ' }), 'docs.json', everywhere)).toEqual([])
    // the array's entries after its `[` on their own lines, its `]` after the last one's `}`: no whole line to replace
    const cramped = '{\n  "redirects": [ {\n    "source": "/x", "destination": "/y" } ]\n}\n'
    expect(editsFor([lost('/a', '/b')], texts({ 'docs.json': cramped }), 'docs.json', everywhere)).toEqual([])
  })

  test('entries on the line of the `[`: the new one first, on that line', () => {
    const config = '{\n  "navigation": {},\n  "redirects": [{ "source": "/old", "destination": "/x" }]\n}\n'
    const [edit] = editsFor([lost('/a', '/b')], texts({ 'docs.json': config }), 'docs.json', everywhere)
    expect(edit?.after).toEqual([
      '  "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/old", "destination": "/x" }]',
    ])
    const flat = '{"name":"x","redirects":[{"source":"/x","destination":"/y"}]}'
    const [one] = editsFor([lost('/a', '/b')], texts({ 'docs.json': flat }), 'docs.json', everywhere)
    expect(redirectsOf(one?.after.join('\n'))).toEqual([
      { source: '/a', destination: '/b' },
      { source: '/x', destination: '/y' },
    ])
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
        fc.uniqueArray(fc.tuple(fc.nat({ max: 39 }), fc.boolean()), { maxLength: 6, selector: ([l]) => l }),
        (lines, newline, at) => {
          const text = lines.join('\n') + (newline ? '\n' : '')
          // the file's lines as git counts them: none after a newline that ends it
          const real = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
          // each edit replaces its line with two, or removes it
          const edits = at
            .filter(([l]) => l < real)
            .map(([l, removes]): LineEdit => ({
              path: 'p.mdx',
              line: l + 1,
              endLine: l + 1,
              before: [lines[l] ?? ''],
              after: removes ? [] : [`x${lines[l] ?? ''}`, 'added'],
              fixes: [],
            }))
          if (edits.length === 0) return
          expect(gitApply({ 'p.mdx': text }, patchOf(edits, texts({ 'p.mdx': text })))).toEqual(
            applied({ 'p.mdx': text }, edits),
          )
        },
      ),
      { numRuns: propertyRuns(40) },
    )
  })

  test('paths as git quotes them', () => {
    expect(quoted('a/docs/plain name.mdx')).toBe('a/docs/plain name.mdx')
    expect(quoted('a/ü.mdx')).toBe('"a/\\303\\274.mdx"')
    expect(quoted('a/"x"\\.mdx')).toBe('"a/\\"x\\"\\\\.mdx"')
  })
})

describe('which problems have an edit, and which files editsFor reads', () => {
  const page = 'See [a](/guides/a) and [b](/guides/a).\n'
  const renamed = (over: Partial<PlacedProblem>, status: Judged['status'] = 'new'): Judged => {
    const j = link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/bee.mdx')
    return { ...j, status, problem: { ...j.problem, ...over } }
  }
  const chain = (over: Partial<PlacedProblem>): Judged => ({
    problem: {
      rule: 'redirect-fault',
      file: 'docs.json',
      path: 'docs.json',
      line: 3,
      column: 39,
      target: '/a → /b',
      message: 'a chain',
      fix: { source: '/a', destination: '/c' },
      ...over,
    },
    status: 'new',
  })
  const config =
    '{\n  "redirects": [\n    { "source": "/a", "destination": "/b" },\n    { "source": "/b", "destination": "/c" }\n  ]\n}\n'
  const files = texts({ 'intro.mdx': page, 'docs.json': config })

  test('a link needs its rule, its line, its column and its target; a known one none', () => {
    expect(editsFor([renamed({})], files, 'docs.json', everywhere)).toHaveLength(1)
    for (const over of [
      { rule: 'broken-redirect' as const },
      { line: undefined },
      { column: undefined },
      { target: undefined },
    ])
      expect(editsFor([renamed(over)], files, 'docs.json', everywhere), JSON.stringify(over)).toEqual([])
    expect(editsFor([renamed({}, 'known')], files, 'docs.json', everywhere)).toEqual([])
  })

  test('a chain needs its fix, its line, its column, a target with its destination, and to be in the configuration', () => {
    expect(editsFor([chain({})], files, 'docs.json', everywhere)).toHaveLength(1)
    for (const over of [
      { fix: undefined },
      { line: undefined },
      { column: undefined },
      { target: '/a' },
      { target: undefined },
      { path: 'other.json' },
    ])
      expect(editsFor([chain(over)], files, 'docs.json', everywhere), JSON.stringify(over)).toEqual([])
    // its destination already the end: nothing to change
    expect(editsFor([chain({ fix: { source: '/a', destination: '/b' } })], files, 'docs.json', everywhere)).toEqual([])
  })

  test('two links on one line to a longer address: both replaced, whatever order the problems come in', () => {
    const second = renamed({ column: 28 })
    for (const order of [
      [renamed({}), second],
      [second, renamed({})],
    ])
      expect(editsFor(order, files, 'docs.json', everywhere)[0]?.after).toEqual([
        'See [a](/guides/bee) and [b](/guides/bee).',
      ])
  })

  test('a file the head does not have, or a line past its end, gets no edit', () => {
    expect(editsFor([renamed({})], texts({}), 'docs.json', everywhere)).toEqual([])
    expect(editsFor([renamed({ line: 5 })], files, 'docs.json', everywhere)).toEqual([])
    expect(editsFor([lost('/x', '/y')], texts({ 'intro.mdx': page }), 'docs.json', everywhere)).toEqual([])
  })

  test('filesToEdit: the files of the new problems with a fix, the configuration for redirects', () => {
    expect([...filesToEdit([renamed({})], 'docs/docs.json')]).toEqual(['intro.mdx'])
    expect([...filesToEdit([renamed({}, 'known'), renamed({ rule: 'broken-redirect' })], 'docs.json')]).toEqual([])
    const noRedirect: Judged = { ...renamed({}), because: { change: { from: 'guides/a.mdx', to: 'x.txt' } } }
    expect([...filesToEdit([noRedirect], 'docs.json')]).toEqual([])
    expect([...filesToEdit([lost('/a', '/b')], 'docs/docs.json')]).toEqual(['docs/docs.json'])
    expect([...filesToEdit([chain({ path: 'docs/docs.json' })], 'docs/docs.json')]).toEqual(['docs/docs.json'])
    expect([
      ...filesToEdit(
        [chain({ fix: undefined }), { ...lost('/a', '/b'), problem: { ...lost('/a', '/b').problem, fix: undefined } }],
        'd.json',
      ),
    ]).toEqual([])
    expect([...filesToEdit([{ ...chain({}), problem: { ...chain({}).problem, rule: 'build' } }], 'd.json')]).toEqual([])
  })

  test('a chain edit on the lines the redirect goes to is part of that one edit', () => {
    const edits = editsFor(
      [chain({ line: 4, column: 39, target: '/b → /c', fix: { source: '/b', destination: '/d' } }), lost('/n', '/m')],
      files,
      'docs.json',
      (_, l) => l >= 4,
    )
    expect(edits).toEqual([
      {
        path: 'docs.json',
        line: 4,
        endLine: 5,
        before: ['    { "source": "/b", "destination": "/c" }', '  ]'],
        after: ['    { "source": "/b", "destination": "/d" },', '    { "source": "/n", "destination": "/m" }', '  ]'],
        fixes: ['a chain', '/n answers on the base and not on the head.'],
      },
    ])
  })
})

describe('the redirects edit, exactly', () => {
  const edit = (config: string, inDiff: InDiff = everywhere): LineEdit | undefined =>
    editsFor([lost('/a', '/b')], texts({ 'docs.json': config }), 'docs.json', inDiff)[0]

  test('after the `[`: the edit as a whole, the lines it replaces kept as they were', () => {
    const config =
      '{\n  "name": "x",\n  "redirects": [\n    {\n      "source": "/o",\n      "destination": "/n"\n    }\n  ]\n}\n'
    expect(edit(config)).toEqual({
      path: 'docs.json',
      line: 3,
      endLine: 3,
      before: ['  "redirects": ['],
      after: ['  "redirects": [', '    {', '      "source": "/a",', '      "destination": "/b"', '    },'],
      fixes: ['/a answers on the base and not on the head.'],
    })
  })

  test('redirects kept in a file of their own ($ref): no edit, never a second "redirects" that hides them', () => {
    const config = '{\n  "name": "x",\n  "redirects": { "$ref": "./redirects.json" },\n  "theme": "mint"\n}\n'
    expect(edit(config)).toBeUndefined()
    expect(edit('{"name": "x", "redirects": {"$ref": "./redirects.json"}}\n')).toBeUndefined()
    // a $ref out of the docs folder (Mintlify reads none there), or no list and no $ref: never a second key
    expect(
      edit('{\n  "name": "x",\n  "redirects": { "$ref": "../redirects.json" },\n  "theme": "mint"\n}\n'),
    ).toBeUndefined()
    expect(edit('{\n  "name": "x",\n  "redirects": {},\n  "theme": "mint"\n}\n')).toBeUndefined()
    // with no "redirects" at all, the list is still added before a key
    expect(edit('{\n  "name": "x",\n  "theme": "mint"\n}\n')?.after[0]).toBe('  "redirects": [')
  })

  test('before the `]`: the last entry and the `]` replaced, blank lines between kept', () => {
    const config = '{\n  "redirects": [\n    { "source": "/o", "destination": "/n" }\n\n  ]\n}\n'
    expect(edit(config, (_, l) => l >= 3)).toMatchObject({
      line: 3,
      endLine: 5,
      before: ['    { "source": "/o", "destination": "/n" }', '', '  ]'],
      after: ['    { "source": "/o", "destination": "/n" },', '', '    { "source": "/a", "destination": "/b" }', '  ]'],
    })
  })

  test('an empty array on several lines: the entry with no comma after it', () => {
    expect(edit('{\n  "redirects": [\n  ]\n}\n')?.after).toEqual([
      '  "redirects": [',
      '    {',
      '      "source": "/a",',
      '      "destination": "/b"',
      '    }',
    ])
  })

  test('keys at the left edge: entries two spaces in; the `]` of an empty one-line array at its key', () => {
    expect(edit('{\n"name": "x",\n"redirects": []\n}\n')?.after).toEqual([
      '"redirects": [',
      '  {',
      '    "source": "/a",',
      '    "destination": "/b"',
      '  }',
      ']',
    ])
    expect(edit('{\n  "name": "x",\n    "redirects": [],\n  "navigation": {}\n}\n')?.after).toEqual([
      '    "redirects": [',
      '      {',
      '        "source": "/a",',
      '        "destination": "/b"',
      '      }',
      '    ],',
    ])
  })

  test('a configuration on one line: its one key does not begin a line, the array is still found', () => {
    expect(edit('{"redirects": [\n]}')?.after).toEqual([
      '{"redirects": [',
      '  {',
      '    "source": "/a",',
      '    "destination": "/b"',
      '  }',
    ])
    const one = edit('{"redirects": [\n  { "source": "/o", "destination": "/n" }\n]}')
    expect(one?.after).toEqual(['{"redirects": [', '  { "source": "/a", "destination": "/b" },'])
  })

  test('without redirects: before the first top-level key in the diff, else before the first key', () => {
    const config = '{\n  "name": "x",\n  "theme": "mint",\n  "navigation": {}\n}\n'
    expect(edit(config, (_, l) => l === 4)?.line).toBe(4)
    expect(edit(config, nowhere)?.line).toBe(2)
    // a key not at the start of its line is no place
    expect(edit('{ "name": "x",\n  "theme": "mint" }\n', nowhere)?.line).toBe(2)
  })

  test('a `]` on the line of the last entry is no place: the place after the `[` is taken, in the diff or not', () => {
    expect(
      edit('{\n  "redirects": [\n    { "source": "/o", "destination": "/n" }]\n}\n', (_, l) => l === 3)?.line,
    ).toBe(2)
  })
})

describe("a lost address's redirect where docs.json keeps its redirects in a file ($ref)", () => {
  const config = '{\n  "name": "x",\n  "redirects": { "$ref": "./redirects.json" }\n}\n'
  const list = '[\n  { "source": "/old", "destination": "/new" }\n]\n'
  const listed = (text: string | undefined) =>
    redirectsOf(JSON.stringify({ redirects: JSON.parse(String(text)) as unknown }))
  const edits = (files: Record<string, string>, inDiff: InDiff = everywhere, at = 'docs.json') =>
    editsFor([lost('/a', '/b')], texts(files), at, inDiff)

  test('added to the list in that file, in its own indentation; docs.json untouched', () => {
    const made = edits({ 'docs.json': config, 'redirects.json': list })
    expect(made).toEqual([
      {
        path: 'redirects.json',
        line: 1,
        endLine: 1,
        before: ['['],
        after: ['[', '  { "source": "/a", "destination": "/b" },'],
        fixes: ['/a answers on the base and not on the head.'],
      },
    ])
    const result = applied({ 'docs.json': config, 'redirects.json': list }, made)
    expect(result['docs.json']).toBe(config)
    expect(listed(result['redirects.json'])).toEqual([
      { source: '/a', destination: '/b' },
      { source: '/old', destination: '/new' },
    ])
  })

  test('before the `]` where only the end of the list is in the diff', () => {
    const [edit] = edits(
      { 'docs.json': config, 'redirects.json': list },
      (path, l) => path === 'redirects.json' && l >= 2,
    )
    expect(edit).toMatchObject({
      path: 'redirects.json',
      line: 2,
      endLine: 3,
      after: ['  { "source": "/old", "destination": "/new" },', '  { "source": "/a", "destination": "/b" }', ']'],
    })
  })

  test('an empty list, on one line or two; entries on the line of the `[`', () => {
    const entry = ['  {', '    "source": "/a",', '    "destination": "/b"', '  }']
    expect(edits({ 'docs.json': config, 'redirects.json': '[]\n' })[0]?.after).toEqual(['[', ...entry, ']'])
    expect(edits({ 'docs.json': config, 'redirects.json': '[\n]\n' })[0]?.after).toEqual(['[', ...entry])
    const one = edits({ 'docs.json': config, 'redirects.json': '[{ "source": "/o", "destination": "/n" }]\n' })
    expect(one[0]?.after).toEqual([
      '[{ "source": "/a", "destination": "/b" }, { "source": "/o", "destination": "/n" }]',
    ])
  })

  test('the file beside docs.json in its folder; none where the $ref leads out of it (Mintlify reads none there)', () => {
    const files = { 'docs/docs.json': config, 'docs/redirects.json': list }
    expect(edits(files, everywhere, 'docs/docs.json')[0]?.path).toBe('docs/redirects.json')
    const up = '{\n  "redirects": { "$ref": "../shared/redirects.json" }\n}\n'
    expect(edits({ 'docs/docs.json': up, 'shared/redirects.json': list }, everywhere, 'docs/docs.json')).toEqual([])
  })

  test('no edit where the file is missing, does not parse, or is no list; never one in docs.json', () => {
    expect(edits({ 'docs.json': config })).toEqual([])
    expect(edits({ 'docs.json': config, 'redirects.json': '[\n  { "source": "/o",\n' })).toEqual([])
    expect(edits({ 'docs.json': config, 'redirects.json': '{ "redirects": [\n  ]\n}\n' })).toEqual([])
    // a list after other text is no list
    expect(edits({ 'docs.json': config, 'redirects.json': '"x"\n[\n]\n' })).toEqual([])
  })

  test('a list after a blank line, its entries on the line of the `[`; an entry with a field of its own holding a list', () => {
    const after = edits({ 'docs.json': config, 'redirects.json': '\n[{ "source": "/o", "destination": "/n" }]\n' })
    expect(after[0]).toMatchObject({
      line: 2,
      after: ['[{ "source": "/a", "destination": "/b" }, { "source": "/o", "destination": "/n" }]'],
    })
    const tagged = '[\n  {\n    "source": "/o",\n    "tags": ["x"],\n    "destination": "/n"\n  }\n]\n'
    const [edit] = edits({ 'docs.json': config, 'redirects.json': tagged })
    expect(edit?.after).toEqual(['[', '  {', '    "source": "/a",', '    "destination": "/b"', '  },'])
    expect(listed(applied({ 'redirects.json': tagged }, edit ? [edit] : [])['redirects.json'])).toHaveLength(2)
  })

  test('filesToEdit: once the configuration is read, the file it keeps its redirects in', () => {
    expect([...filesToEdit([lost('/a', '/b')], 'docs/docs.json', config)]).toEqual([
      'docs/docs.json',
      'docs/redirects.json',
    ])
    expect([...filesToEdit([lost('/a', '/b')], 'docs/docs.json', '{"redirects": []}')]).toEqual(['docs/docs.json'])
    expect([...filesToEdit([link('a.mdx', 1, 1, '/x', 'x.mdx', 'y.mdx')], 'docs.json', config)]).toEqual(['a.mdx'])
  })
})

describe('the outline of a configuration, its strings and arrays', () => {
  test('an escaped quote in a string, arrays of objects elsewhere, the redirects among them', () => {
    const text = [
      '{',
      '  "name": "say \\"{ [\\" here",',
      '  "anchors": [{ "a": 1 }],',
      '  "redirects":',
      '    [',
      '      { "source": "/x", "destination": "/y" },',
      '      {',
      '        "source": "/p", "destination": "/q"',
      '      }',
      '    ],',
      '  "tabs": [{ "b": [2] }]',
      '}',
    ].join('\n')
    expect(outline(text)).toEqual({
      keys: [
        { key: 'name', line: 2, indent: '  ' },
        { key: 'anchors', line: 3, indent: '  ' },
        { key: 'redirects', line: 4, indent: '  ' },
        { key: 'tabs', line: 11, indent: '  ' },
      ],
      redirects: {
        open: { line: 5, at: 4 },
        close: { line: 10, at: 4 },
        entries: [
          { line: 6, endLine: 6 },
          { line: 7, endLine: 9 },
        ],
      },
    })
  })

  test('a key named redirects that holds no array, and one deeper down, are no redirects array', () => {
    expect(outline('{\n  "redirects": {},\n  "x": { "redirects": [] }\n}').redirects).toBeUndefined()
    expect(outline('{ "a": "redirects", "b": ["redirects"] }').keys).toEqual([])
  })
})

describe('the patch, exactly as git writes it', () => {
  const lines = (n: number): string => `${Array.from({ length: n }, (_, i) => `l${i + 1}`).join('\n')}\n`
  const at = (path: string, line: number, after: string[], endLine = line): LineEdit => ({
    path,
    line,
    endLine,
    before: [],
    after,
    fixes: [],
  })

  test('two hunks, the second moved by what the first added; files in order of their paths', () => {
    const files = texts({ 'b.mdx': lines(20), 'a.mdx': 'only\n' })
    expect(patchOf([at('b.mdx', 2, ['L2', 'more']), at('b.mdx', 15, ['L15']), at('a.mdx', 1, ['ONLY'])], files)).toBe(
      [
        'diff --git a/a.mdx b/a.mdx',
        '--- a/a.mdx',
        '+++ b/a.mdx',
        '@@ -1 +1 @@',
        '-only',
        '+ONLY',
        'diff --git a/b.mdx b/b.mdx',
        '--- a/b.mdx',
        '+++ b/b.mdx',
        '@@ -1,5 +1,6 @@',
        ' l1',
        '-l2',
        '+L2',
        '+more',
        ' l3',
        ' l4',
        ' l5',
        '@@ -12,7 +13,7 @@',
        ' l12',
        ' l13',
        ' l14',
        '-l15',
        '+L15',
        ' l16',
        ' l17',
        ' l18',
        '',
      ].join('\n'),
    )
  })

  test('edits six lines apart share a hunk, seven apart do not', () => {
    const files = texts({ 'p.mdx': lines(30) })
    expect(patchOf([at('p.mdx', 5, ['x']), at('p.mdx', 12, ['y'])], files).match(/^@@ /gm)).toHaveLength(1)
    expect(patchOf([at('p.mdx', 5, ['x']), at('p.mdx', 13, ['y'])], files).match(/^@@ /gm)).toHaveLength(2)
  })

  test('overlapping edits, or a file the head lacks: that file left out, the others kept', () => {
    const files = texts({ 'p.mdx': lines(10), 'q.mdx': lines(3) })
    const patch = patchOf(
      [at('p.mdx', 4, ['x']), at('p.mdx', 4, ['y']), at('q.mdx', 1, ['z']), at('gone.mdx', 1, ['w'])],
      files,
    )
    expect(patch.match(/^diff --git .*/gm)).toEqual(['diff --git a/q.mdx b/q.mdx'])
    expect(patchOf([at('p.mdx', 3, ['x'], 5), at('p.mdx', 5, ['y'])], files)).toBe('')
    // a line past the file's end: nothing the check can vouch for
    expect(patchOf([at('q.mdx', 4, ['x'])], files)).toBe('')
    expect(patchOf([at('q.mdx', 2, ['x'], 4)], files)).toBe('')
    expect(patchOf([at('e.mdx', 1, ['x'])], texts({ 'e.mdx': '' }))).toBe('')
  })

  test('a last line with no newline: git says so after it, old and new, and applies it', () => {
    const files = texts({ 'p.mdx': 'a\nb\nc' })
    expect(patchOf([at('p.mdx', 3, ['C'])], files)).toBe(
      'diff --git a/p.mdx b/p.mdx\n--- a/p.mdx\n+++ b/p.mdx\n@@ -1,3 +1,3 @@\n a\n b\n-c\n\\ No newline at end of file\n+C\n\\ No newline at end of file\n',
    )
    // the last line removed: the new file ends at the line before it
    const removed = patchOf([at('p.mdx', 3, [])], files)
    expect(removed).toBe(
      'diff --git a/p.mdx b/p.mdx\n--- a/p.mdx\n+++ b/p.mdx\n@@ -1,3 +1,2 @@\n a\n-b\n-c\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n',
    )
    expect(gitApply({ 'p.mdx': 'a\nb\nc' }, removed)).toEqual({ 'p.mdx': 'a\nb' })
  })

  test('paths as git quotes them: tabs, newlines, control characters, DEL; a space stays', () => {
    expect(quoted('a/x\ty')).toBe('"a/x\\ty"')
    expect(quoted('a/x\ny')).toBe('"a/x\\ny"')
    expect(quoted('a/x\u0001y')).toBe('"a/x\\001y"')
    expect(quoted('a/x\u007fy')).toBe('"a/x\\177y"')
    expect(quoted('a/x y~')).toBe('a/x y~')
  })
})

describe("the diff's lines, from GitHub's patch", () => {
  test('hunks with one-line ranges, a line holding "@@ ", and a header before the first hunk', () => {
    const patch = ['diff --git a/p b/p', '@@ -1 +1 @@', '-a', '+b', '@@ -9,2 +9 @@', ' x @@ -1 +40 @@', '-y'].join('\n')
    expect([...diffLines(patch)]).toEqual([1, 9])
  })
})

describe('the edge of each rule', () => {
  const config2 =
    '{\n  "redirects": [\n    { "source": "/a", "destination": "/b" },\n    { "source": "/b", "destination": "/c" }\n  ]\n}\n'
  const chainAt = (
    line: number,
    column: number,
    target: string,
    fix: { source: string; destination: string },
    path = 'docs.json',
  ): Judged => ({
    problem: { rule: 'redirect-fault', file: path, path, line, column, target, message: 'a chain', fix },
    status: 'new',
  })

  test('a broken link with nothing renamed behind it has no edit, and no file to read', () => {
    const plain: Judged = {
      problem: { rule: 'broken-link', file: 'i.mdx', path: 'i.mdx', line: 1, column: 9, target: '/x', message: 'm' },
      status: 'new',
    }
    expect(editsFor([plain], texts({ 'i.mdx': 'See [a](/x)\n' }), 'docs.json', everywhere)).toEqual([])
    expect([...filesToEdit([plain], 'docs.json')]).toEqual([])
  })

  test('a chain in a file other than the configuration is left alone, even where that file has the text', () => {
    const chain = chainAt(3, 39, '/a → /b', { source: '/a', destination: '/c' }, 'other.json')
    expect(editsFor([chain], texts({ 'other.json': config2, 'docs.json': config2 }), 'docs.json', everywhere)).toEqual(
      [],
    )
  })

  test('redirects kept in a file of their own ($ref): a chain is sent straight on there, in that file', () => {
    const file = '[\n  { "source": "/a", "destination": "/b" },\n  { "source": "/b", "destination": "/c" }\n]\n'
    const docs = '{\n  "name": "x",\n  "redirects": { "$ref": "./config/redirects.json" }\n}\n'
    const chain = chainAt(2, 37, '/a → /b', { source: '/a', destination: '/c' }, 'docs/config/redirects.json')
    const edits = editsFor(
      [chain],
      texts({ 'docs/docs.json': docs, 'docs/config/redirects.json': file }),
      'docs/docs.json',
      everywhere,
    )
    expect(edits).toEqual([
      {
        path: 'docs/config/redirects.json',
        line: 2,
        endLine: 2,
        before: ['  { "source": "/a", "destination": "/b" },'],
        after: ['  { "source": "/a", "destination": "/c" },'],
        fixes: ['a chain'],
      },
    ])
    // read with the configuration, which says where its redirects are kept
    expect([...filesToEdit([chain], 'docs/docs.json')]).toEqual(['docs/config/redirects.json', 'docs/docs.json'])
    // the same file, where docs.json keeps its redirects in itself, is another file: left alone
    const inItself = '{\n  "name": "x",\n  "redirects": []\n}\n'
    expect(
      editsFor(
        [chain],
        texts({ 'docs/docs.json': inItself, 'docs/config/redirects.json': file }),
        'docs/docs.json',
        everywhere,
      ),
    ).toEqual([])
  })

  test('redirects kept in a file of their own ($ref): a redirect to a renamed page is sent on there', () => {
    const file = '[{ "source": "/old", "destination": "/guides/start" }]\n'
    const docs = '{ "redirects": { "$ref": "redirects.json" } }\n'
    const resend: Judged = {
      problem: {
        rule: 'lost-address',
        file: 'redirects.json',
        path: 'redirects.json',
        target: '/old',
        message: 'send it on',
        redirected: true,
        resend: { source: '/old', from: '/guides/start', to: '/guides/first' },
      },
      status: 'new',
    }
    const edits = editsFor([resend], texts({ 'docs.json': docs, 'redirects.json': file }), 'docs.json', everywhere)
    expect(edits.map((e) => [e.path, e.line, e.after])).toEqual([
      ['redirects.json', 1, ['[{ "source": "/old", "destination": "/guides/first" }]']],
    ])
    expect([...filesToEdit([resend], 'docs.json')]).toEqual(['redirects.json', 'docs.json'])
  })

  test("a chain on the first entry: the redirect goes before the `]`, the chain's line untouched", () => {
    const edits = editsFor(
      [chainAt(3, 39, '/a → /b', { source: '/a', destination: '/c' }), lost('/n', '/m')],
      texts({ 'docs.json': config2 }),
      'docs.json',
      (_, l) => l >= 4,
    )
    expect(edits.map((e) => [e.line, e.endLine])).toEqual([
      [3, 3],
      [4, 5],
    ])
  })

  test('a link edit in another file on the same line number does not keep the redirect from that line', () => {
    const page = 'x\nSee [a](/guides/a).\n'
    const j = link('intro.mdx', 2, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx')
    const edits = editsFor(
      [j, lost('/n', '/m')],
      texts({ 'intro.mdx': page, 'docs.json': config2 }),
      'docs.json',
      (p, l) => p === 'intro.mdx' || l === 2,
    )
    expect(edits.map((e) => [e.path, e.line])).toEqual([
      ['intro.mdx', 2],
      ['docs.json', 2],
    ])
  })

  test('entries on the line of the `[` with a chain on that line: one edit, the chain sent on and the redirect first', () => {
    const one =
      '{\n  "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/b", "destination": "/c" }]\n}\n'
    const column = one.split('\n')[1]?.indexOf('/b') ?? 0
    const edits = editsFor(
      [chainAt(2, column + 1, '/a → /b', { source: '/a', destination: '/c' }), lost('/n', '/m')],
      texts({ 'docs.json': one }),
      'docs.json',
      everywhere,
    )
    expect(edits.map((e) => [e.line, e.before, e.after])).toEqual([
      [
        2,
        ['  "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/b", "destination": "/c" }]'],
        [
          '  "redirects": [{ "source": "/n", "destination": "/m" }, { "source": "/a", "destination": "/c" }, { "source": "/b", "destination": "/c" }]',
        ],
      ],
    ])
  })

  test('two redirects on the line of the `[`, after a blank: each first, the blank gone', () => {
    const one = '{\n  "redirects": [ { "source": "/o", "destination": "/x" }]\n}\n'
    const [edit] = editsFor([lost('/a', '/b'), lost('/c', '/d')], texts({ 'docs.json': one }), 'docs.json', everywhere)
    expect(edit?.after).toEqual([
      '  "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/c", "destination": "/d" }, { "source": "/o", "destination": "/x" }]',
    ])
  })

  test('a `[` with blanks after it still ends its line', () => {
    const [edit] = editsFor(
      [lost('/a', '/b')],
      texts({ 'docs.json': '{\n  "redirects": [   \n    { "source": "/o", "destination": "/x" }\n  ]\n}\n' }),
      'docs.json',
      everywhere,
    )
    expect(edit).toMatchObject({
      line: 2,
      after: ['  "redirects": [   ', '    { "source": "/a", "destination": "/b" },'],
    })
  })

  test('outline: a string left open ends the text; a value named redirects followed by an array is no key', () => {
    expect(outline('{\n  "name": "x').keys).toEqual([{ key: 'name', line: 2, indent: '  ' }])
    expect(outline('{\n  "x": "redirects",\n  "y": [1]\n}').redirects).toBeUndefined()
  })
})

describe('the patch and the diff, at their edges', () => {
  const at = (path: string, line: number, after: string[]): LineEdit => ({
    path,
    line,
    endLine: line,
    before: [],
    after,
    fixes: [],
  })

  test('one edit past the end leaves the whole file out, even beside a good one', () => {
    expect(patchOf([at('q.mdx', 1, ['z']), at('q.mdx', 4, ['x'])], texts({ 'q.mdx': 'a\nb\nc\n' }))).toBe('')
  })

  test('a file with no newline at its end, edited far from it: the context line keeps one mark', () => {
    const patch = patchOf([at('p.mdx', 1, ['A'])], texts({ 'p.mdx': 'a\nb\nc' }))
    expect(patch).toBe(
      'diff --git a/p.mdx b/p.mdx\n--- a/p.mdx\n+++ b/p.mdx\n@@ -1,3 +1,3 @@\n-a\n+A\n b\n c\n\\ No newline at end of file\n',
    )
    expect(gitApply({ 'p.mdx': 'a\nb\nc' }, patch)).toEqual({ 'p.mdx': 'A\nb\nc' })
  })

  test('a path with a space and a tab: quoted whole, the space as it is', () => {
    expect(quoted('a/x y\t')).toBe('"a/x y\\t"')
  })

  test('a line of a file that holds a hunk header is content; counts of two digits are read', () => {
    const patch = ['@@ -100,12 +100,13 @@', ' x @@ -1 +40 @@', '+z'].join('\n')
    expect([...diffLines(patch)]).toEqual([100, 101])
  })
})

test('the patch: edits given in any order make the same hunks', () => {
  const at = (line: number): LineEdit => ({
    path: 'p.mdx',
    line,
    endLine: line,
    before: [],
    after: [`L${line}`, 'more'],
    fixes: [],
  })
  const files = texts({ 'p.mdx': `${Array.from({ length: 30 }, (_, i) => `l${i + 1}`).join('\n')}\n` })
  expect(patchOf([at(25), at(3), at(14)], files)).toBe(patchOf([at(3), at(14), at(25)], files))
  expect(patchOf([at(25), at(3), at(14)], files).match(/^@@ .*/gm)).toEqual([
    '@@ -1,6 +1,7 @@',
    '@@ -11,7 +12,8 @@',
    '@@ -22,7 +24,8 @@',
  ])
})

describe('a redirect that leads to a page the pull request renamed', () => {
  const resent = (source: string, from: string, to: string): Judged => ({
    problem: {
      rule: 'lost-address',
      file: 'docs.json',
      path: 'docs.json',
      target: source,
      message: `${source}: send its redirect to ${to}.`,
      redirected: true,
      resend: { source, from, to },
    },
    status: 'new',
  })
  const config = '{\n  "navigation": {},\n  "redirects": [{ "source": "/old", "destination": "/guides/start" }]\n}\n'

  test("is sent on to the new address, where its entry is; with the page's own redirect on that line, one edit holds both", () => {
    const [alone] = editsFor(
      [resent('/old', '/guides/start', '/guides/first')],
      texts({ 'docs.json': config }),
      'docs.json',
      everywhere,
    )
    expect(alone?.after).toEqual(['  "redirects": [{ "source": "/old", "destination": "/guides/first" }]'])
    const both = editsFor(
      [resent('/old', '/guides/start', '/guides/first'), lost('/guides/start', '/guides/first')],
      texts({ 'docs.json': config }),
      'docs.json',
      everywhere,
    )
    expect(both).toHaveLength(1)
    expect(both[0]?.after).toEqual([
      '  "redirects": [{ "source": "/guides/start", "destination": "/guides/first" }, { "source": "/old", "destination": "/guides/first" }]',
    ])
    expect(both[0]?.before).toEqual(['  "redirects": [{ "source": "/old", "destination": "/guides/start" }]'])
    expect(both[0]?.fixes).toHaveLength(2)
    // the file its entry is in, as the problem is placed
    expect([...filesToEdit([resent('/old', '/a', '/b')], 'docs.json')]).toEqual(['docs.json'])
  })

  test('a redirect written as a pattern, or one not in the file, is left alone', () => {
    const pattern = '{\n  "redirects": [{ "source": "/old/:slug*", "destination": "/guides/start" }]\n}\n'
    expect(
      editsFor(
        [resent('/old/x', '/guides/start', '/guides/first')],
        texts({ 'docs.json': pattern }),
        'docs.json',
        everywhere,
      ),
    ).toEqual([])
    expect(editsFor([resent('/old', '/guides/start', '/guides/first')], texts({}), 'docs.json', everywhere)).toEqual([])
  })
})

describe('the redirects edit beside other edits of the configuration', () => {
  const config2 =
    '{\n  "redirects": [\n    { "source": "/a", "destination": "/b" },\n    { "source": "/b", "destination": "/c" }\n  ]\n}\n'
  const chain: Judged = {
    problem: {
      rule: 'redirect-fault',
      file: 'docs.json',
      path: 'docs.json',
      line: 4,
      column: 39,
      target: '/b → /c',
      message: 'a chain',
      fix: { source: '/b', destination: '/d' },
    },
    status: 'new',
  }

  test('a chain edit after the lines the redirect goes to stays an edit of its own', () => {
    const edits = editsFor([chain, lost('/n', '/m')], texts({ 'docs.json': config2 }), 'docs.json', (_, l) => l === 2)
    expect(edits.map((e) => [e.line, e.endLine, e.fixes])).toEqual([
      [4, 4, ['a chain']],
      [2, 2, ['/n answers on the base and not on the head.']],
    ])
  })

  test("a deleted page's lost address (no redirect known, none to send on) has no edit", () => {
    const gone: Judged = { ...lost('/gone', '/x'), problem: { ...lost('/gone', '/x').problem, fix: undefined } }
    expect(editsFor([gone], texts({ 'docs.json': config2 }), 'docs.json', everywhere)).toEqual([])
  })

  test('a redirect written twice is sent on in each entry', () => {
    const twice =
      '{\n  "redirects": [\n    { "source": "/o", "destination": "/p" },\n    { "source": "/o", "destination": "/p" }\n  ]\n}\n'
    const resent: Judged = {
      problem: {
        rule: 'lost-address',
        file: 'docs.json',
        path: 'docs.json',
        target: '/o',
        message: 'm',
        resend: { source: '/o', from: '/p', to: '/q' },
      },
      status: 'new',
    }
    expect(editsFor([resent], texts({ 'docs.json': twice }), 'docs.json', everywhere).map((e) => e.line)).toEqual([
      3, 4,
    ])
  })
})

test('the patch: a file of one line with no newline, that line removed, leaves an empty file', () => {
  const edit: LineEdit = { path: 'p.mdx', line: 1, endLine: 1, before: ['a'], after: [], fixes: [] }
  const patch = patchOf([edit], texts({ 'p.mdx': 'a' }))
  expect(patch).toBe(
    'diff --git a/p.mdx b/p.mdx\n--- a/p.mdx\n+++ b/p.mdx\n@@ -1 +0,0 @@\n-a\n\\ No newline at end of file\n',
  )
  expect(gitApply({ 'p.mdx': 'a' }, patch)).toEqual({ 'p.mdx': '' })
})

describe('fixes are data: a name the pull request chose writes nothing but an address', () => {
  /** A link in intro.mdx to guides/a, which the pull request renamed to `to`. */
  const renamedTo = (to: string, docs = ''): Judged => {
    const judged = link(`${docs}intro.mdx`, 1, 9, '/guides/a', 'guides/a.mdx', to)
    return { ...judged, problem: { ...judged.problem, file: 'intro.mdx' } }
  }
  const page = { 'intro.mdx': 'See [a](/guides/a) first.\n', 'docs/intro.mdx': 'See [a](/guides/a) first.\n' }

  test.each([
    ['a line break', 'guides/x\ndiff --git a/.github/w.yml b/.github/w.yml\n+on: push.mdx'],
    ['a carriage return', 'guides/x\r.mdx'],
    ['a closing parenthesis', 'guides/x) [more](/y.mdx'],
    ['a space', 'guides/a b.mdx'],
    ['an angle bracket', 'guides/<x>.mdx'],
    ['a brace', 'guides/{x}.mdx'],
    ['a quote', 'guides/"x.mdx'],
    ['a hash', 'guides/x#y.mdx'],
    ['a bidirectional control', 'guides/x\u202Eexe.mdx'],
    ['a zero-width space', 'guides/x\u200B.mdx'],
    ['a line separator', 'guides/x\u2028y.mdx'],
  ])('a renamed page whose new name holds %s: no edit, and why', (_, to) => {
    const why: string[] = []
    expect(editsFor([renamedTo(to)], texts(page), 'docs.json', everywhere, (w) => why.push(w))).toEqual([])
    expect(why).toHaveLength(1)
    expect(why[0]).toMatch(/^The fix of intro\.mdx:1 was not offered: its new address ".*" holds characters/)
  })

  test('letters of any script, digits and the marks an address may hold: the fix made', () => {
    for (const to of ['guides/b.mdx', 'guías/señal-ü.mdx', 'ガイド/始め方.mdx', 'v2.1/a_b~c@d+e,f;g=h!$%.mdx']) {
      const why: string[] = []
      const [edit] = editsFor([renamedTo(to)], texts(page), 'docs.json', everywhere, (w) => why.push(w))
      expect(edit?.after, to).toEqual([`See [a](/${to.replace(/\.mdx$/, '')}) first.`])
      expect(why).toEqual([])
    }
  })

  test('a redirect to add or send on, from or to an address holding a control character: none, and why', () => {
    const why: string[] = []
    const config = '{\n  "redirects": [\n    { "source": "/old", "destination": "/guides/a" }\n  ]\n}\n'
    const lostTo = lost('/guides/a', '/guides/x\n"y')
    const resend: Judged = {
      problem: {
        rule: 'lost-address',
        file: 'docs.json',
        path: 'docs.json',
        target: '/old',
        message: '/old answers on the base and not on the head.',
        resend: { source: '/old', from: '/guides/a', to: '/guides/x\u0007' },
      },
      status: 'new',
    }
    const chain: Judged = {
      problem: {
        rule: 'redirect-fault',
        file: 'docs.json',
        path: 'docs.json',
        line: 3,
        column: 42,
        target: '/old → /guides/a',
        message: 'A redirect to a redirect.',
        fix: { source: '/old', destination: '/guides/\u202Eb' },
      },
      status: 'new',
    }
    expect(
      editsFor([lostTo, resend, chain], texts({ 'docs.json': config }), 'docs.json', everywhere, (w) => why.push(w)),
    ).toEqual([])
    expect(why).toHaveLength(3)
    // a JSON string escapes quotes and backslashes: a redirect may hold them, a link may not
    expect(editsFor([lost('/a"b\\c', '/d')], texts({ 'docs.json': config }), 'docs.json', everywhere)).toHaveLength(1)
  })

  test('writablePath: inside the docs folder, never .git/ or .github/ in any case, no climbing out', () => {
    expect(writablePath('docs/a.mdx', 'docs')).toBe(true)
    expect(writablePath('a.mdx', '')).toBe(true)
    expect(writablePath('guides/.github-notes.mdx', '')).toBe(true)
    for (const [path, folder] of [
      ['a.mdx', 'docs'],
      ['docsx/a.mdx', 'docs'],
      ['docs/../a.mdx', 'docs'],
      ['docs/./a.mdx', 'docs'],
      ['docs//a.mdx', 'docs'],
      ['/docs/a.mdx', 'docs'],
      ['.github/workflows/ci.yml', ''],
      ['docs/.GitHub/workflows/ci.yml', 'docs'],
      ['docs/sub/.git/config', 'docs'],
      ['docs/.Git/hooks/post-checkout', 'docs'],
      ['', ''],
    ] as const)
      expect(writablePath(path, folder), path).toBe(false)
  })

  test('a fix in a file outside the docs folder is refused, said', () => {
    const why: string[] = []
    const outside = link('notes/intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx')
    const files = texts({ 'notes/intro.mdx': 'See [a](/guides/a) first.\n' })
    expect(editsFor([outside], files, 'docs/docs.json', everywhere, (w) => why.push(w))).toEqual([])
    expect(why).toEqual([
      'The fix in "notes/intro.mdx" was not offered: the check writes only in the docs folder, never in .git/ or .github/.',
    ])
  })

  test('linkAddress and redirectAddress, exactly', () => {
    expect(linkAddress('/guides/a-b_c.d~e')).toBe(true)
    expect(linkAddress('')).toBe(true)
    for (const c of [
      ' ',
      '(',
      ')',
      '<',
      '>',
      '[',
      ']',
      '{',
      '}',
      '"',
      "'",
      '`',
      '\\',
      '#',
      '?',
      '*',
      '|',
      '^',
      '&',
      '\t',
    ])
      expect(linkAddress(`/a${c}b`), JSON.stringify(c)).toBe(false)
    expect(redirectAddress('/a b"c\\d#e?f*g')).toBe(true)
    for (const c of [
      '\n',
      '\r',
      '\t',
      '\u0000',
      '\u007f',
      '\u0085',
      '\u200b',
      '\u200d',
      '\u202e',
      '\u2028',
      '\u2029',
      '\ufeff',
    ])
      expect(redirectAddress(`/a${c}b`), JSON.stringify(c)).toBe(false)
  })
})

describe('the patch refuses what is not a plain edit of a text file', () => {
  const at = (path: string, before: string[], after: string[]): LineEdit => ({
    path,
    line: 1,
    endLine: before.length,
    before,
    after,
    fixes: [],
  })
  test('a line holding a line break, or a carriage return but at its end: that file left out', () => {
    const files = texts({ 'a.mdx': 'x\ny\n', 'b.mdx': 'x\r\ny\r\n' })
    expect(patchOf([at('a.mdx', ['x'], ['x\ndiff --git a/.github/p.yml b/.github/p.yml'])], files)).toBe('')
    expect(patchOf([at('a.mdx', ['x'], ['x\rmore'])], files)).toBe('')
    // a CRLF file's lines end in their \r: kept
    expect(patchOf([at('b.mdx', ['x\r'], ['X\r'])], files)).toContain('-x\r\n+X\r\n')
    const one = patchOf([at('b.mdx', ['x\r'], ['X\r']), at('a.mdx', ['x'], ['a\nb'])], files)
    expect(one).toMatch(/^diff --git a\/b\.mdx b\/b\.mdx\n/)
    expect(one).not.toContain('a.mdx b/a.mdx')
  })
  test('a file holding NUL, a path climbing out, into .git/ or .github/, or absolute: left out', () => {
    const edit = (path: string): LineEdit => at(path, ['x'], ['X'])
    const files = texts({
      'a.mdx': 'x\u0000\n',
      '../a.mdx': 'x\n',
      '.github/workflows/ci.yml': 'x\n',
      'docs/.git/config': 'x\n',
      '/etc/a.mdx': 'x\n',
      'ok.mdx': 'x\n',
    })
    for (const path of ['a.mdx', '../a.mdx', '.github/workflows/ci.yml', 'docs/.git/config', '/etc/a.mdx'])
      expect(patchOf([edit(path)], files), path).toBe('')
    expect(patchOf([edit('ok.mdx')], files)).toContain('diff --git a/ok.mdx b/ok.mdx')
  })

  test('property: whatever name a renamed page has, the patch only changes the files that link to it', () => {
    // any character but NUL and /, as a name may hold; the new address is folders of such names
    const anyCharacter = fc
      .integer({ min: 1, max: 0x10ffff })
      .filter((c) => c < 0xd800 || c > 0xdfff)
      .map((c) => String.fromCodePoint(c))
    const unit = fc
      .oneof(fc.constantFrom('\n', '\r', ')', ' ', '"', '`', '<', '{', '#', '\u202e', 'a', '-'), anyCharacter)
      .filter((c) => c !== '/')
    const name = fc.string({ unit, minLength: 1, maxLength: 12 })
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 3 }), (segments) => {
        const to = `${segments.join('/')}.mdx`
        const files = { 'intro.mdx': 'See [a](/guides/a) first.\n', 'docs.json': '{\n  "redirects": []\n}\n' }
        const judged = [
          link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', to),
          lost('/guides/a', `/${segments.join('/')}`),
        ]
        const edits = editsFor(judged, texts(files), 'docs.json', everywhere)
        const patch = patchOf(edits, texts(files))
        if (patch === '') return
        const changed = gitNumstat(files, patch)
        expect(
          changed.every((f) => Object.hasOwn(files, f.path) && f.kind === 'modified'),
          patch,
        ).toBe(true)
      }),
      { numRuns: propertyRuns(60) },
    )
  })
})

/** What `git apply --numstat -z --summary` says a patch does to a repository holding `files`: each path, and whether it is only modified. */
function gitNumstat(files: Record<string, string>, patch: string): Array<{ path: string; kind: 'modified' | 'other' }> {
  const dir = mkdtempSync(join(tmpdir(), 'numstat-'))
  folders.push(dir)
  execFileSync('git', ['init', '-q', dir])
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  writeFileSync(join(dir, 'fixes.patch'), patch)
  const said = execFileSync('git', ['apply', '--numstat', '--summary', '-z', 'fixes.patch'], { cwd: dir }).toString()
  // -z: "added\tdeleted\tpath\0" per file; a summary line (create, delete, rename, mode) is text of its own
  const parts = said.split('\u0000').filter((p) => p !== '')
  return parts.map((p) => {
    const m = /^(\d+|-)\t(\d+|-)\t([\s\S]*)$/.exec(p)
    return m ? { path: m[3] ?? '', kind: m[1] === '-' ? 'other' : 'modified' } : { path: p, kind: 'other' }
  })
}

describe('fixes are data, at the edge of each rule', () => {
  const page = { 'intro.mdx': 'See [a](/guides/a) first.\n' }
  test('the message shows each invisible or line-separating character of an address as its \\u escape, four digits', () => {
    const why: string[] = []
    const judged = link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/x\u202e\u0085y.mdx')
    editsFor([judged], texts(page), 'docs.json', everywhere, (w) => why.push(w))
    expect(why).toEqual([
      'The fix of intro.mdx:1 was not offered: its new address "/guides/x\\u202e\\u0085y" holds characters that cannot be written there as they are.',
    ])
  })
  test('a lost address has no line: its message names the file alone', () => {
    const why: string[] = []
    editsFor([lost('/guides/a', '/x y\u2028')], texts({ 'docs.json': '{}\n' }), 'docs.json', everywhere, (w) =>
      why.push(w),
    )
    expect(why).toEqual([
      'The fix of docs.json was not offered: its new address "/x y\\u2028" holds characters that cannot be written there as they are.',
    ])
  })
  test('a line of the head holding a carriage return inside it: that edit refused, said why', () => {
    const why: string[] = []
    const judged = link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx')
    const files = texts({ 'intro.mdx': 'See [a](/guides/a) first.\rmore\n' })
    expect(editsFor([judged], files, 'docs.json', everywhere, (w) => why.push(w))).toEqual([])
    expect(why).toEqual(['The fix in "intro.mdx" was not offered: one of its lines would hold a line break.'])
    // and with no one to say it to: nothing thrown
    expect(editsFor([judged], files, 'docs.json', everywhere)).toEqual([])
    const outside = link('notes/intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx')
    expect(editsFor([outside], texts({ 'notes/intro.mdx': page['intro.mdx'] }), 'docs/docs.json', everywhere)).toEqual(
      [],
    )
  })
  test('a name ending in .git or .github is a name like any other; only those names themselves are refused', () => {
    expect(writablePath('docs/x.git/a.mdx', 'docs')).toBe(true)
    expect(writablePath('docs/notes.github/a.mdx', 'docs')).toBe(true)
    expect(writablePath('docs/.gitignore', 'docs')).toBe(true)
  })
  test("a lost address's redirect wins over a sending on; only a lost address's or a chain's fix is judged", () => {
    const both: Judged = {
      problem: { ...lost('/guides/a', '/guides/b').problem, resend: { source: '/old', from: '/guides/a', to: '/x\n' } },
      status: 'new',
    }
    const config = '{\n  "redirects": [\n    { "source": "/old", "destination": "/guides/a" }\n  ]\n}\n'
    const [edit] = editsFor([both], texts({ 'docs.json': config }), 'docs.json', everywhere)
    expect(edit?.after.join('\n')).toContain('"destination": "/guides/b"')
    // a broken link carrying a fix of its own (none does today) is no redirect to judge, nor refuse
    const why: string[] = []
    const odd: Judged = {
      ...link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx'),
      problem: {
        ...link('intro.mdx', 1, 9, '/guides/a', 'guides/a.mdx', 'guides/b.mdx').problem,
        fix: { source: '/a', destination: '/b\n' },
      },
    }
    expect(editsFor([odd], texts(page), 'docs.json', everywhere, (w) => why.push(w))).toHaveLength(1)
    const resending: Judged = {
      ...odd,
      problem: { ...odd.problem, fix: undefined, resend: { source: '/old', from: '/guides/a', to: '/x\n' } },
    }
    expect(editsFor([resending], texts(page), 'docs.json', everywhere, (w) => why.push(w))).toHaveLength(1)
    expect(why).toEqual([])
  })
  test('the patch leaves out a file where any one of its edits holds a line break, the good ones with it', () => {
    const files = texts({ 'a.mdx': 'x\ny\nz\n' })
    const good: LineEdit = { path: 'a.mdx', line: 1, endLine: 1, before: ['x'], after: ['X'], fixes: [] }
    const bad: LineEdit = { path: 'a.mdx', line: 3, endLine: 3, before: ['z'], after: ['Z\nmore'], fixes: [] }
    expect(patchOf([good], files)).not.toBe('')
    expect(patchOf([good, bad], files)).toBe('')
  })
})

describe('fixes that hold together', () => {
  test("a redirect the head has to a renamed page's old address is sent straight to the new one, with the rename's redirect", () => {
    const config = [
      '{',
      '  "redirects": [',
      '    { "source": "/start", "destination": "/" },',
      '    { "source": "/legacy/interceptor", "destination": "/interceptor" },',
      '    { "source": "/anchored", "destination": "/interceptor#setup" }',
      '  ]',
      '}',
      '',
    ].join('\n')
    const edits = editsFor(
      [lost('/interceptor', '/interceptors')],
      texts({ 'docs.json': config }),
      'docs.json',
      everywhere,
    )
    const files = applied({ 'docs.json': config }, edits)
    const written = redirectsOf(files['docs.json'])
    expect(written).toEqual(
      expect.arrayContaining([
        { source: '/interceptor', destination: '/interceptors' },
        { source: '/legacy/interceptor', destination: '/interceptors' },
        // (a destination with an anchor is left as it is: its page's anchor may not be the new page's)
        { source: '/anchored', destination: '/interceptor#setup' },
      ]),
    )
    expect(written).toHaveLength(4)
    // and with no redirect of the rename to add, nothing else is sent on
    expect(editsFor([], texts({ 'docs.json': config }), 'docs.json', everywhere)).toEqual([])
  })
})
