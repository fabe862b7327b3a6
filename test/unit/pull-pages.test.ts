import { describe, expect, test } from 'vitest'
import { servedBy } from '../../src/site/addresses.js'
import {
  type PagesOfPull,
  type PullFile,
  type PullPage,
  apiDocumentsOf,
  frontMatterTitle,
  importsOf,
  inReadingOrder,
  navigationPlaces,
  pageTitle,
  pagesOfPull,
  slugTitle,
} from '../../src/site/pull-pages.js'

/** Two trees as files (relative to the docs folder) and the pull request between them. */
function pull(
  base: Record<string, string>,
  head: Record<string, string>,
  files: PullFile[],
  generated: { base?: string[]; head?: string[] } = {},
): PagesOfPull {
  const config = (tree: Record<string, string>): string | undefined => tree['docs.json']
  return {
    files,
    base: servedBy(Object.keys(base), config(base), base['.mintignore'], generated.base),
    head: servedBy(Object.keys(head), config(head), head['.mintignore'], generated.head),
    baseConfig: config(base),
    headConfig: config(head),
    baseText: (f) => base[f],
    headText: (f) => head[f],
    headFiles: Object.keys(head),
    repositoryPath: (f) => `docs/${f}`,
  }
}

const page = (title: string, body = ''): string => `---\ntitle: "${title}"\n---\n\n${body}\n`
const nav = (groups: Record<string, string[]>, extra: object = {}): string =>
  JSON.stringify({
    name: 'Acme',
    ...extra,
    navigation: { groups: Object.entries(groups).map(([group, pages]) => ({ group, pages })) },
  })

const shape = (pages: PullPage[]): Array<[string, string, string, string]> =>
  pages.map((p) => [p.change, p.address, p.title, p.from ?? p.to ?? p.why ?? ''])

describe('the pages of a pull request', () => {
  const base = {
    'docs.json': nav(
      { Guides: ['index', 'guides/start', 'guides/old'] },
      { redirects: [{ source: '/guides/old', destination: '/' }] },
    ),
    'index.mdx': page('Home'),
    'guides/start.mdx': page('Start here'),
    'guides/old.mdx': page('Old'),
    'guides/plain.mdx': '# Plain\n',
  }

  test('each page it adds, edits, renames and deletes, with its title, address and path', () => {
    const head = {
      'docs.json': nav(
        { Guides: ['index', 'guides/first-steps', 'guides/new'] },
        { redirects: [{ source: '/guides/old', destination: '/' }] },
      ),
      'index.mdx': page('Home', 'More.'),
      'guides/first-steps.mdx': page('Start here'),
      'guides/new.mdx': page('A new page'),
      'guides/plain.mdx': '# Plain\n\nMore.\n',
    }
    const pages = pagesOfPull(
      pull(base, head, [
        { filename: 'docs.json', status: 'modified' },
        { filename: 'index.mdx', status: 'modified' },
        { filename: 'guides/first-steps.mdx', status: 'renamed', previousFilename: 'guides/start.mdx' },
        { filename: 'guides/new.mdx', status: 'added' },
        { filename: 'guides/old.mdx', status: 'removed' },
        { filename: 'guides/plain.mdx', status: 'modified' },
      ]),
    )
    expect(shape(pages)).toEqual([
      ['changed', '/', 'Home', ''],
      ['renamed', '/guides/first-steps', 'Start here', '/guides/start'],
      ['added', '/guides/new', 'A new page', ''],
      ['deleted', '/guides/old', 'Old', '/'],
      ['changed', '/guides/plain', 'Plain', ''],
    ])
    expect(pages.map((p) => p.path)).toEqual([
      'docs/index.mdx',
      'docs/guides/first-steps.mdx',
      'docs/guides/new.mdx',
      'docs/guides/old.mdx',
      'docs/guides/plain.mdx',
    ])
    // the reviewer's order: renamed, added, changed, deleted
    expect(inReadingOrder(pages).map((p) => p.change)).toEqual(['renamed', 'added', 'changed', 'changed', 'deleted'])
  })

  test('a deleted page no redirect keeps has nowhere to send its readers; a file the site does not read is no page', () => {
    const head = { ...base, '.mintignore': 'drafts/\n', 'drafts/wip.mdx': page('WIP') }
    delete (head as Record<string, string>)['guides/start.mdx']
    const pages = pagesOfPull(
      pull(base, head, [
        { filename: 'guides/start.mdx', status: 'removed' },
        { filename: 'drafts/wip.mdx', status: 'added' },
        { filename: 'README.md', status: 'added' },
        { filename: 'snippets/a.mdx', status: 'added' },
        { filename: 'images/a.png', status: 'added' },
      ]),
    )
    expect(pages).toEqual([
      { path: 'docs/guides/start.mdx', address: '/guides/start', title: 'Start here', change: 'deleted' },
    ])
  })

  test('a page renamed to a file the site does not serve is deleted, not renamed', () => {
    const head = { ...base, 'snippets/start.mdx': page('Start here') }
    delete (head as Record<string, string>)['guides/start.mdx']
    const pages = pagesOfPull(
      pull(base, head, [{ filename: 'snippets/start.mdx', status: 'renamed', previousFilename: 'guides/start.mdx' }]),
    )
    expect(shape(pages)).toEqual([['deleted', '/guides/start', 'Start here', '']])
  })

  test('the pages that import a changed snippet, directly or through another, each saying which', () => {
    const tree = {
      ...base,
      'snippets/auth.mdx': 'Use your key.',
      'snippets/setup.mdx': "import Auth from '/snippets/auth.mdx'\n\n<Auth />",
      'guides/start.mdx': `${page('Start here')}import Setup from '/snippets/setup.mdx'\n\n<Setup />`,
      'guides/keys.mdx': `${page('Keys')}import Auth from "../snippets/auth.mdx";\n<Auth />`,
      'guides/other.mdx': `${page('Other')}import { Card } from '/snippets/card.jsx'`,
      'index.mdx': `${page('Home')}import Auth from '/snippets/auth.mdx'`,
    }
    const pages = pagesOfPull(
      pull(tree, { ...tree, 'snippets/auth.mdx': 'Use your new key.' }, [
        { filename: 'snippets/auth.mdx', status: 'modified' },
        { filename: 'index.mdx', status: 'modified' },
      ]),
    )
    // the page it edits is listed as edited, once
    expect(shape(pages)).toEqual([
      ['changed', '/', 'Home', ''],
      ['affected', '/guides/keys', 'Keys', 'imports docs/snippets/auth.mdx'],
      ['affected', '/guides/start', 'Start here', 'imports docs/snippets/auth.mdx'],
    ])
  })

  test('a changed OpenAPI document: the pages it generates, kept ones affected, new ones added, gone ones deleted', () => {
    const config = nav({ API: ['index'] }, { openapi: ['openapi.json', 'https://example.com/other.json'] })
    const tree = { ...base, 'docs.json': config, 'openapi.json': '{}' }
    const pages = pagesOfPull(
      pull(tree, { ...tree, 'openapi.json': '{ }' }, [{ filename: 'openapi.json', status: 'modified' }], {
        base: ['/api-reference/list-users', '/api-reference/delete-user'],
        head: ['/api-reference/list-users', '/api-reference/create-user'],
      }),
    )
    expect(shape(pages)).toEqual([
      [
        'affected',
        '/api-reference/list-users',
        'List users',
        'generated from docs/openapi.json, which this pull request changes',
      ],
      ['added', '/api-reference/create-user', 'Create user', ''],
      ['deleted', '/api-reference/delete-user', 'Delete user', ''],
    ])
    expect(pages.every((p) => p.path === 'docs/openapi.json')).toBe(true)
    // an OpenAPI document not changed: nothing of its pages
    expect(
      pagesOfPull(pull(tree, tree, [{ filename: 'index.mdx', status: 'modified' }], { base: ['/a'], head: ['/a'] })),
    ).toEqual([{ path: 'docs/index.mdx', address: '/', title: 'Home', change: 'changed' }])
  })

  test('a page moved in the navigation, added to it or left out of it, without being edited', () => {
    const head = {
      ...base,
      'docs.json': nav(
        { 'Get started': ['guides/start'], Guides: ['guides/plain'] },
        { redirects: [{ source: '/guides/old', destination: '/' }] },
      ),
    }
    const pages = pagesOfPull(pull(base, head, [{ filename: 'docs.json', status: 'modified' }]))
    expect(shape(pages)).toEqual([
      ['affected', '/', 'Home', 'left out of the navigation (it was in Guides); its address still answers'],
      ['affected', '/guides/start', 'Start here', 'moved in the navigation: Guides → Get started'],
      ['affected', '/guides/old', 'Old', 'left out of the navigation (it was in Guides); its address still answers'],
      ['affected', '/guides/plain', 'Plain', 'added to the navigation (Guides)'],
    ])
  })
})

describe("a page's title", () => {
  test.each([
    ['---\ntitle: "Quick \\"start\\""\n---\n', 'Quick "start"'],
    ["---\ntitle: 'It''s here'\n---\n", "It's here"],
    ['---\ndescription: x\ntitle:   Plain words # a comment\n---\n# Heading', 'Plain words'],
    ['---\r\ntitle: Windows\r\n---\r\n', 'Windows'],
    ['\uFEFF---\ntitle: With a BOM\n---\n', 'With a BOM'],
    ['---\ntitle: a#b\n---\n', 'a#b'],
  ])('front matter %j: %s', (text, title) => {
    expect(frontMatterTitle(text)).toBe(title)
  })

  test.each([
    ['# Only a heading\n'],
    ['---\ndescription: no title\n---\n'],
    ['---\ntitle:\n---\n'],
    ['---\ntitle: [a, b]\n---\n'],
    ['---\ntitle: |\n  block\n---\n'],
    ['---\ntitle: "unclosed\n---\n'],
    ['text\n---\ntitle: later\n---\n'],
    ['---\ntitle: never closed\n'],
  ])('no title in %j: the file name', (text) => {
    expect(frontMatterTitle(text)).toBeUndefined()
    expect(pageTitle('guides/first-steps_now.mdx', text)).toBe('First steps now')
  })

  test("Mintlify's title from the file name", () => {
    expect(slugTitle('guides/first-steps')).toBe('First steps')
    expect(slugTitle('api/list_users?x=1')).toBe('List users')
    expect(slugTitle('index')).toBe('Index')
    expect(slugTitle('')).toBe('')
    expect(pageTitle('a/b.md', undefined)).toBe('B')
  })
})

describe("a file's imports", () => {
  test('absolute from the docs folder, relative to the file, double or single quoted; packages and URLs are no file', () => {
    const text = [
      "import A from '/snippets/a.mdx'",
      'import { B, C } from "./b.mdx";',
      "  import D from '../shared/d.jsx'",
      "import E from 'react'",
      "import F from 'https://example.com/f.js'",
      'const x = \'import G from "/g.mdx"\'',
      "import * as H from '../../../h.mdx'",
    ].join('\n')
    expect(importsOf('guides/deep/page.mdx', text)).toEqual([
      'snippets/a.mdx',
      'guides/deep/b.mdx',
      'guides/shared/d.jsx',
      'guides/deep/react',
      'h.mdx',
    ])
    expect(importsOf('page.mdx', "import A from 'a.mdx'")).toEqual(['a.mdx'])
  })
})

describe('the OpenAPI documents a configuration names', () => {
  test('as text, a list or a source; never one at a URL; none in a configuration that does not parse', () => {
    const config = JSON.stringify({
      openapi: './openapi.json',
      navigation: {
        tabs: [
          { tab: 'API', openapi: ['/v1.yaml', 'https://example.com/x.json'] },
          { tab: 'Events', asyncapi: { source: 'events.yaml' } },
        ],
      },
    })
    expect(apiDocumentsOf(config).sort()).toEqual(['events.yaml', 'openapi.json', 'v1.yaml'])
    expect(apiDocumentsOf('{ not json')).toEqual([])
    expect(apiDocumentsOf(undefined)).toEqual([])
  })
})

describe("a page's place in the navigation", () => {
  test('the levels it is under, in docs.json and mint.json; a page listed twice keeps its first place', () => {
    const docsJson = JSON.stringify({
      navigation: {
        tabs: [
          {
            tab: 'Guides',
            groups: [
              {
                group: 'Start',
                icon: 'book',
                pages: ['index', { group: 'Deeper', pages: ['guides/a'] }, 'guides/index'],
              },
            ],
          },
          { tab: 'More', pages: ['guides/a', 'more/b'] },
        ],
      },
    })
    expect([...navigationPlaces(docsJson)]).toEqual([
      ['/', 'Guides › Start'],
      ['/guides/a', 'Guides › Start › Deeper'],
      ['/guides', 'Guides › Start'],
      ['/more/b', 'More'],
    ])
    const mintJson = JSON.stringify({ navigation: [{ group: 'Intro', pages: ['index', 'quickstart'] }], tags: ['x'] })
    expect([...navigationPlaces(mintJson)]).toEqual([
      ['/', 'Intro'],
      ['/quickstart', 'Intro'],
    ])
    expect(navigationPlaces('nope').size).toBe(0)
    // a string of another key (an icon, a tag) is no page
    expect([...navigationPlaces(JSON.stringify({ navigation: { pages: ['a'], tags: ['b'] } }))]).toEqual([['/a', '']])
  })
})

describe('the order a reviewer reads them in', () => {
  test('each kind in its place; within it, most read first, a page without views after those with them', () => {
    const at = (address: string, change: PullPage['change'], views?: number): PullPage => ({
      path: address,
      address,
      title: address,
      change,
      ...(views !== undefined ? { views } : {}),
    })
    const ordered = inReadingOrder([
      at('/a', 'affected', 900),
      at('/b', 'changed', 5),
      at('/c', 'changed'),
      at('/d', 'changed', 50),
      at('/e', 'renamed', 0),
      at('/f', 'changed', 5),
    ])
    expect(ordered.map((p) => p.address)).toEqual(['/e', '/d', '/b', '/f', '/c', '/a'])
  })
})
