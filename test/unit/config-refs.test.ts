import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { redirectsFile, refsIn, resolveConfig, servedConfig } from '../../src/site/config-refs.js'
import { redirectsOf } from '../../src/site/addresses.js'
import { treeFile } from '../../src/check/tree-copy.js'
import { siteReads } from '../../src/check/docs-folder.js'

/**
 * docs.json's `$ref`s as Mintlify resolves them (the rules of mint 4.2.941's resolveRefs, which the
 * real-CLI suite holds this copy to, case by case: test/cli/config-refs.cli.test.ts).
 */

const files =
  (tree: Record<string, string>) =>
  (path: string): string | undefined =>
    tree[path]

describe("a configuration's $refs", () => {
  test("redirects in a file of their own are the site's redirects", () => {
    const served = servedConfig(
      '{"name": "x", "redirects": {"$ref": "./redirects.json"}}',
      files({ 'redirects.json': '[{"source": "/old", "destination": "/new"}]' }),
    )
    expect(served.problem).toBeUndefined()
    expect(redirectsOf(served.text)).toEqual([{ source: '/old', destination: '/new' }])
    // read as written, the same configuration has none
    expect(redirectsOf('{"name": "x", "redirects": {"$ref": "./redirects.json"}}')).toEqual([])
  })

  test('a nested path is relative to the file that names it, not to docs.json', () => {
    const resolved = resolveConfig(
      '{"navigation": {"$ref": "config/navigation.json"}}',
      files({
        'config/navigation.json': '{"groups": [{"$ref": "./groups/start.json"}]}',
        'config/groups/start.json': '{"group": "Start", "pages": ["index"]}',
      }),
    )
    expect(resolved).toEqual({
      json: { navigation: { groups: [{ group: 'Start', pages: ['index'] }] } },
      refs: ['config/navigation.json', 'config/groups/start.json'],
    })
  })

  test('keys beside a $ref that gives an object win over the file; beside a list they are dropped', () => {
    const read = files({ 'a.json': '{"strict": false, "kept": 1}', 'list.json': '[1, 2]' })
    expect(resolveConfig('{"appearance": {"$ref": "a.json", "strict": true}}', read)).toMatchObject({
      json: { appearance: { strict: true, kept: 1 } },
    })
    expect(resolveConfig('{"redirects": {"$ref": "list.json", "ignored": true}}', read)).toMatchObject({
      json: { redirects: [1, 2] },
    })
  })

  test('a path as the CLI normalises it: backslashes, doubled slashes and dots', () => {
    const read = files({
      'config/nav.json': '{"v": 1}',
      'a/b/x.json': '{"y": {"$ref": "./y.json"}}',
      'a/b/y.json': '2',
    })
    for (const ref of ['config\\nav.json', 'config//nav.json', './config/./nav.json', 'other/../config/nav.json'])
      expect(resolveConfig(`{"a": {"$ref": ${JSON.stringify(ref)}}}`, read), ref).toMatchObject({
        json: { a: { v: 1 } },
      })
    // two folders deep, a file's own reference is beside it
    expect(resolveConfig('{"a": {"$ref": "a/b/x.json"}}', read)).toEqual({
      json: { a: { y: 2 } },
      refs: ['a/b/x.json', 'a/b/y.json'],
    })
  })

  test('null and other values are kept as they are', () => {
    expect(resolveConfig('{"a": null, "b": [null, 1, "s"], "c": {"d": null}}', files({}))).toEqual({
      json: { a: null, b: [null, 1, 's'], c: { d: null } },
      refs: [],
    })
    expect(resolveConfig('{ not json', files({}))).toEqual({
      problem: expect.stringContaining('it is not JSON') as unknown,
    })
  })

  test('a $ref that is not a string is a key like any other', () => {
    expect(resolveConfig('{"a": {"$ref": 3}}', files({}))).toEqual({ json: { a: { $ref: 3 } }, refs: [] })
  })

  test.each([
    [
      'outside the docs folder',
      '{"a": {"$ref": "../secrets.json"}}',
      {},
      "'../secrets.json' is outside the project directory",
    ],
    ['from the root', '{"a": {"$ref": "/etc/x.json"}}', {}, 'is outside the project directory'],
    ['climbing out on the way', '{"a": {"$ref": "b/../../x.json"}}', {}, 'is outside the project directory'],
    ['climbing out twice', '{"a": {"$ref": "../../x.json"}}', { 'x.json': '{}' }, 'is outside the project directory'],
    ['that is the parent folder', '{"a": {"$ref": ".."}}', {}, "'..' is outside the project directory"],
    ['from the root, Windows-style', '{"a": {"$ref": "\\\\etc\\\\x.json"}}', {}, 'is outside the project directory'],
    ['missing', '{"a": {"$ref": "gone.json"}}', {}, "'gone.json' does not exist (referenced from project root)"],
    ['not JSON', '{"a": {"$ref": "bad.json"}}', { 'bad.json': 'top secret' }, "'bad.json' contains invalid JSON"],
    [
      'in a circle',
      '{"a": {"$ref": "one.json"}}',
      { 'one.json': '{"b": {"$ref": "./two.json"}}', 'two.json': '{"c": {"$ref": "one.json"}}' },
      'Circular reference detected: one.json → two.json → one.json',
    ],
  ])('a reference %s cannot be resolved, and says why', (_, text, tree, why) => {
    const resolved = resolveConfig(text, files(tree))
    expect(resolved).toEqual({ problem: expect.stringContaining(why) as unknown })
    // never the file's own words
    expect(JSON.stringify(resolved)).not.toContain('top secret')
    // and the configuration is then read as written
    expect(servedConfig(text, files(tree))).toEqual({ text, problem: expect.stringContaining(why) as unknown })
  })

  test('the same file twice, not in a circle, is no circle', () => {
    const resolved = resolveConfig(
      '{"a": {"$ref": "x.json"}, "b": {"$ref": "./x.json"}}',
      files({ 'x.json': '{"v": 1}' }),
    )
    // each file read and listed once, put in both places
    expect(resolved).toEqual({ json: { a: { v: 1 }, b: { v: 1 } }, refs: ['x.json'] })
  })

  test('the file docs.json keeps its redirects in: where their annotations go', () => {
    expect(redirectsFile('{"redirects": {"$ref": "./config/../redirects.json"}}')).toBe('redirects.json')
    expect(redirectsFile('{"redirects": {"$ref": "config/redirects.json", "x": 1}}')).toBe('config/redirects.json')
    expect(redirectsFile('{"redirects": [{"source": "/a", "destination": "/b"}]}')).toBeUndefined()
    expect(redirectsFile('{"redirects": {"$ref": "../outside.json"}}')).toBeUndefined()
    expect(redirectsFile('{"redirects": {"$ref": ".."}}')).toBeUndefined()
    expect(redirectsFile('{"redirects": {"$ref": "/redirects.json"}}')).toBeUndefined()
    expect(redirectsFile('{"navigation": {"$ref": "nav.json"}}')).toBeUndefined()
    expect(redirectsFile('not json')).toBeUndefined()
    expect(redirectsFile(undefined)).toBeUndefined()
  })

  test('the files a text names by $ref, from where it is: each once, none outside the docs', () => {
    expect(
      refsIn('{"a": {"$ref": "./r.json"}, "b": [{"$ref": "r.json"}, {"c": {"$ref": "sub/x.json"}}], "d": {"$ref": 1}}'),
    ).toEqual(['r.json', 'sub/x.json'])
    expect(
      refsIn(
        '{"a": {"$ref": "./y.json"}, "b": {"$ref": "../top.json"}, "c": {"$ref": "../../out.json"}}',
        'sub/x.json',
      ),
    ).toEqual(['sub/y.json', 'top.json'])
    expect(refsIn('[{"$ref": "/abs.json"}, {"$ref": ".."}, null, 3]')).toEqual([])
    expect(refsIn('not json')).toEqual([])
  })

  test('a missing file whose name says "is not JSON" is still a problem, not a configuration that does not parse', () => {
    const text = '{"a": {"$ref": "this is not JSON.json"}}'
    expect(servedConfig(text, files({}))).toEqual({
      text,
      problem: "Referenced config file 'this is not JSON.json' does not exist (referenced from project root)",
    })
  })

  test('a configuration with no $ref, or none that parses, is served as written', () => {
    expect(servedConfig('{ "name": "x" }\n', files({}))).toEqual({ text: '{ "name": "x" }\n' })
    expect(servedConfig('{ not json', files({}))).toEqual({ text: '{ not json' })
    expect(servedConfig(undefined, files({}))).toEqual({ text: undefined })
  })
})

describe("a tree's files, as a $ref reaches them", () => {
  const tree = mkdtempSync(join(tmpdir(), 'config-refs-'))
  const outside = mkdtempSync(join(tmpdir(), 'config-refs-outside-'))
  afterAll(() => {
    rmSync(tree, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
  })
  mkdirSync(join(tree, 'config'))
  writeFileSync(join(tree, 'config', 'nav.json'), '{"pages": ["index"]}')
  writeFileSync(join(outside, 'secret.json'), '{"token": "ghp_secret"}')
  symlinkSync(join(outside, 'secret.json'), join(tree, 'linked.json'))
  symlinkSync(join(tree, 'config', 'nav.json'), join(tree, 'inside.json'))

  test('a file inside is read; a link that leads out of the tree is no file', () => {
    const read = treeFile(tree)
    expect(read('config/nav.json')).toBe('{"pages": ["index"]}')
    expect(read('inside.json')).toBe('{"pages": ["index"]}')
    expect(read('linked.json')).toBeUndefined()
    expect(read('missing.json')).toBeUndefined()
    expect(resolveConfig('{"a": {"$ref": "linked.json"}}', read)).toEqual({
      problem: "Referenced config file 'linked.json' does not exist (referenced from project root)",
    })
  })

  test("the base's and the head's configurations as their sites read them; one that cannot be is said, and read as written", () => {
    writeFileSync(join(tree, 'redirects.json'), '[{"source": "/a", "destination": "/b"}]')
    const notes: string[] = []
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      const broken = '{"redirects": {"$ref": "linked.json"}}'
      const sites = siteReads(
        { baseTree: tree, headTree: tree, notes },
        { base: '{"redirects": {"$ref": "./redirects.json"}}', head: broken },
      )
      expect(redirectsOf(sites.baseConfig)).toEqual([{ source: '/a', destination: '/b' }])
      expect(sites.headConfig).toBe(broken)
      expect(notes).toEqual([
        "The head's configuration names a file it cannot read (Referenced config file 'linked.json' does not exist " +
          '(referenced from project root)): its addresses were read from docs.json alone.',
      ])
      expect(out.mock.calls.map(([text]) => String(text)).join('')).toContain("::warning::The head's configuration")
    } finally {
      out.mockRestore()
    }
  })
})
