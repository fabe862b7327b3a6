import { describe, expect, test } from 'vitest'
import { servedBy } from '../../src/site/addresses.js'
import {
  type PagesOfPull,
  type PullFile,
  type PullPage,
  apiDocumentsOf,
  frontMatterLine,
  frontMatterTitle,
  docsFiles,
  importsOf,
  inReadingOrder,
  pagesFromFiles,
  readPagesFile,
  withViews,
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

describe('the pages of a pull request: the edges', () => {
  const base = {
    'docs.json': nav({ Guides: ['index', 'guides/a', 'guides/b', 'guides/c'] }),
    'index.mdx': page('Home'),
    'guides/a.mdx': page('A'),
    'guides/b.mdx': page('B'),
    'guides/c.mdx': page('C'),
    'snippets/old.mdx': 'Old.',
  }

  test('a page listed once: edited and moved in the navigation, it is edited', () => {
    const head = { ...base, 'docs.json': nav({ Guides: ['index', 'guides/b', 'guides/c'], More: ['guides/a'] }) }
    const pages = pagesOfPull(
      pull(base, head, [
        { filename: 'guides/a.mdx', status: 'modified' },
        { filename: 'docs.json', status: 'modified' },
      ]),
    )
    expect(shape(pages)).toEqual([['changed', '/guides/a', 'A', '']])
  })

  test('a removed file that was no page of the base is no page; a copied page is a new one', () => {
    const head = {
      ...base,
      'guides/a-copy.mdx': page('A copy'),
      'guides/b.mdx': `${page('B')}import A from '/guides/a.mdx'`,
    }
    delete (head as Record<string, string>)['snippets/old.mdx']
    const pages = pagesOfPull(
      pull({ ...base, '.mintignore': 'hidden/\n', 'hidden/x.mdx': page('X') }, head, [
        { filename: 'snippets/old.mdx', status: 'removed' },
        { filename: 'hidden/x.mdx', status: 'removed' },
        { filename: 'guides/a-copy.mdx', status: 'copied', previousFilename: 'guides/a.mdx' },
      ]),
    )
    expect(shape(pages)).toEqual([['added', '/guides/a-copy', 'A copy', '']])
  })

  test("a file renamed into a page is added; a rename GitHub lists without the old name is the new name's", () => {
    const head = { ...base, 'guides/d.mdx': 'Was a snippet.', 'guides/e.mdx': page('E') }
    const pages = pagesOfPull(
      pull(base, head, [
        { filename: 'guides/d.mdx', status: 'renamed', previousFilename: 'snippets/old.mdx' },
        { filename: 'guides/e.mdx', status: 'renamed' },
      ]),
    )
    expect(shape(pages)).toEqual([
      ['added', '/guides/d', 'D', ''],
      ['added', '/guides/e', 'E', ''],
    ])
  })

  test('a page that imports a changed page is affected by it; an import without .mdx names its file', () => {
    const tree = {
      ...base,
      'guides/a.mdx': `${page('A')}import B from '/guides/b'\n\n<B />`,
      'guides/c.mdx': `${page('C')}import Card from './card.jsx'`,
      'guides/card.jsx': "import Old from '/snippets/old'\nexport const Card = () => <Old />",
    }
    const pages = pagesOfPull(
      pull(tree, tree, [
        { filename: 'guides/b.mdx', status: 'modified' },
        { filename: 'snippets/old.mdx', status: 'modified' },
      ]),
    )
    expect(shape(pages)).toEqual([
      ['changed', '/guides/b', 'B', ''],
      ['affected', '/guides/a', 'A', 'imports docs/guides/b.mdx'],
      ['affected', '/guides/c', 'C', 'imports docs/snippets/old.mdx'],
    ])
  })

  test("a renamed snippet: the pages still importing its old name are affected; a page's second import counts", () => {
    const tree = {
      ...base,
      'snippets/new.mdx': 'Old.',
      'guides/a.mdx': `${page('A')}import X from '/snippets/unrelated.mdx'\nimport Old from '/snippets/old.mdx'`,
    }
    delete (tree as Record<string, string>)['snippets/old.mdx']
    const pages = pagesOfPull(
      pull(base, tree, [{ filename: 'snippets/new.mdx', status: 'renamed', previousFilename: 'snippets/old.mdx' }]),
    )
    expect(shape(pages)).toEqual([['affected', '/guides/a', 'A', 'imports docs/snippets/old.mdx']])
  })

  test('the affected pages in the order of their paths, however far the import', () => {
    const tree = {
      ...base,
      'snippets/inner.mdx': "import Old from '/snippets/old.mdx'",
      // found on the second pass (through inner), listed first
      'guides/a.mdx': `${page('A')}import Inner from '/snippets/inner.mdx'`,
      'guides/c.mdx': `${page('C')}import Old from '/snippets/old.mdx'`,
    }
    const pages = pagesOfPull(pull(tree, tree, [{ filename: 'snippets/old.mdx', status: 'modified' }]))
    expect(pages.map((p) => p.address)).toEqual(['/guides/a', '/guides/c'])
  })

  test('only a changed file a page can import is followed: an image or the configuration brings in no page', () => {
    const tree = { ...base, 'guides/a.mdx': `${page('A')}import Logo from '/images/logo.png'` }
    expect(pagesOfPull(pull(tree, tree, [{ filename: 'images/logo.png', status: 'modified' }]))).toEqual([])
    const read: string[] = []
    const pages = pagesOfPull({
      ...pull(tree, tree, [{ filename: 'docs.json', status: 'modified' }]),
      headText: (f) => {
        read.push(f)
        return (tree as Record<string, string>)[f]
      },
    })
    expect(pages).toEqual([])
    expect(read).toEqual([])
  })

  test('two OpenAPI documents changed: each generated page says both; a gone one readers are sent on from has where', () => {
    const config = nav(
      { API: ['index'] },
      {
        openapi: ['specs/users.json', { source: './specs/orders.yaml' }],
        redirects: [{ source: '/api/old', destination: '/' }],
      },
    )
    const tree = { ...base, 'docs.json': config }
    const pages = pagesOfPull(
      pull(
        tree,
        tree,
        [
          { filename: 'specs/users.json', status: 'modified' },
          { filename: 'specs/orders.yaml', status: 'modified' },
        ],
        { base: ['/api/list', '/api/old'], head: ['/api/list'] },
      ),
    )
    expect(shape(pages)).toEqual([
      [
        'affected',
        '/api/list',
        'List',
        'generated from an OpenAPI document this pull request changes (docs/specs/users.json, docs/specs/orders.yaml)',
      ],
      ['deleted', '/api/old', 'Old', '/'],
    ])
    expect(pages.map((p) => p.path)).toEqual(['docs/specs/users.json', 'docs/specs/users.json'])
  })

  test('a page moved from the top level into a group, and a side whose configuration does not parse: nothing moved', () => {
    const flat = {
      ...base,
      'docs.json': JSON.stringify({
        navigation: { pages: ['index', 'guides/a'], groups: [{ group: 'G', pages: [] }] },
      }),
    }
    const grouped = {
      ...flat,
      'docs.json': JSON.stringify({ navigation: { pages: ['index'], groups: [{ group: 'G', pages: ['guides/a'] }] } }),
    }
    expect(shape(pagesOfPull(pull(flat, grouped, [{ filename: 'docs.json', status: 'modified' }])))).toEqual([
      ['affected', '/guides/a', 'A', 'moved in the navigation: the top level → G'],
    ])
    expect(
      pagesOfPull(
        pull({ ...flat, 'docs.json': '{ not json' }, grouped, [{ filename: 'docs.json', status: 'modified' }]),
      ),
    ).toEqual([])
    expect(
      pagesOfPull(pull(flat, { ...grouped, 'docs.json': 'null' }, [{ filename: 'docs.json', status: 'modified' }])),
    ).toEqual([])
  })
})

describe("the pages' readers", () => {
  const at = (change: PullPage['change'], address: string, from?: string): PullPage => ({
    path: address,
    address,
    title: address,
    change,
    ...(from !== undefined ? { from } : {}),
  })
  const readers = new Map<string, { views: number; atMost?: true }>([
    ['/a', { views: 10 }],
    ['/old', { views: 500 }],
    ['/b', { views: 3, atMost: true }],
    ['/new', { views: 7 }],
  ])

  test("each at the address readers reached it at (a renamed page's old one); none for a page no reader has seen", () => {
    const pages = withViews(
      [
        at('changed', '/a'),
        at('renamed', '/new', '/old'),
        at('affected', '/b'),
        at('added', '/new'),
        at('deleted', '/gone'),
      ],
      (address) => readers.get(address),
    )
    expect(pages.map((p) => [p.address, p.views, p.viewsAtMost])).toEqual([
      ['/a', 10, undefined],
      ['/new', 500, undefined],
      ['/b', 3, true],
      ['/new', undefined, undefined],
      ['/gone', undefined, undefined],
    ])
    expect('views' in (pages[4] ?? {})).toBe(false)
    expect('viewsAtMost' in (pages[0] ?? {})).toBe(false)
  })
})

describe("a pull request's pages from its files alone", () => {
  test('added, changed, renamed and deleted as GitHub lists them, titled where the text is known', () => {
    const texts: Record<string, string> = { 'guides/new.mdx': page('Brand new'), 'guides/b.mdx': page('B moved') }
    const pages = pagesFromFiles(
      [
        { filename: 'guides/new.mdx', status: 'added' },
        { filename: 'guides/a.mdx', status: 'modified' },
        { filename: 'guides/b.mdx', status: 'renamed', previousFilename: 'guides/old-b.mdx' },
        { filename: 'guides/gone.mdx', status: 'removed' },
        { filename: 'guides/copy.mdx', status: 'copied', previousFilename: 'guides/a.mdx' },
        { filename: 'snippets/s.mdx', status: 'modified' },
        { filename: 'images/x.png', status: 'added' },
      ],
      { text: (f) => texts[f], repositoryPath: (f) => `docs/${f}` },
    )
    expect(shape(pages)).toEqual([
      ['added', '/guides/new', 'Brand new', ''],
      ['changed', '/guides/a', 'A', ''],
      ['renamed', '/guides/b', 'B moved', '/guides/old-b'],
      ['deleted', '/guides/gone', 'Gone', ''],
      ['added', '/guides/copy', 'Copy', ''],
    ])
  })

  test('the files of the docs folder, relative to it; a rename from outside it keeps no old name', () => {
    expect(
      docsFiles(
        [
          { filename: 'docs/a.mdx', status: 'modified' },
          { filename: 'src/app.ts', status: 'modified' },
          { filename: 'docs/b.mdx', status: 'renamed', previousFilename: 'docs/old/b.mdx' },
          { filename: 'docs/c.mdx', status: 'renamed', previousFilename: 'elsewhere/c.mdx' },
        ],
        'docs',
      ),
    ).toStrictEqual([
      { filename: 'a.mdx', status: 'modified' },
      { filename: 'b.mdx', status: 'renamed', previousFilename: 'old/b.mdx' },
      { filename: 'c.mdx', status: 'renamed' },
    ])
    expect(docsFiles([{ filename: 'a.mdx', status: 'added' }], '')).toStrictEqual([
      { filename: 'a.mdx', status: 'added' },
    ])
  })
})

describe('the pages file read back', () => {
  const file = {
    pull: 7,
    head: 'a'.repeat(40),
    compared: true,
    pages: [{ path: 'a.mdx', address: '/a', title: 'A', change: 'renamed', from: '/b', extra: 1 }],
  }
  test('as the check wrote it, a field it does not know dropped', () => {
    expect(readPagesFile(JSON.stringify(file))).toEqual({
      file: { ...file, pages: [{ path: 'a.mdx', address: '/a', title: 'A', change: 'renamed', from: '/b' }] },
    })
  })
  test.each([
    ['not JSON', '{'],
    ['no pages', JSON.stringify({ ...file, pages: undefined })],
    ['a change it does not know', JSON.stringify({ ...file, pages: [{ ...file.pages[0], change: 'moved' }] })],
  ])('%s: why', (_name, text) => {
    expect(readPagesFile(text)).toEqual({
      why: 'it holds no pages file the check action wrote (JSON with pull, head, compared and pages)',
    })
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
    ['--- \ntitle: After a spaced opening\n--- \n', 'After a spaced opening'],
    ['---\ntitle: No newline at the end\n---', 'No newline at the end'],
    ['---\ntitle : Spaced key\n...\n', 'Spaced key'],
    ['---\ntitle: Trailing   \n---\n', 'Trailing'],
    ['---\ntitle: Plain  # two spaces then a comment\n---\n', 'Plain'],
    ['---\ntitle: A | B\n---\n', 'A | B'],
    ["---\ntitle: Rock 'n' roll'\n---\n", "Rock 'n' roll'"],
    ['---\ntitle: "C:\\path"\n---\n', 'C:\\path'],
    ['---\ntitle: "Tab\\there"\n---\n', 'Tab\there'],
    ['---\nsubtitle: Not this\ntitle: This\n---\n', 'This'],
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
    ["---\ntitle: 'unclosed\n---\n"],
    ['---\ntitle:Glued\n---\n'],
    ['---\nsubtitle: Not a title\n---\n'],
    ['---\nseo:\n  title: Nested\n---\n'],
    ['---\ntitle: # a comment alone\n---\n'],
    ['---\ntitle: &anchor x\n---\n'],
    ['---x\ntitle: Not front matter\n---\n'],
  ])('no title in %j: the file name', (text) => {
    expect(frontMatterTitle(text)).toBeUndefined()
    expect(pageTitle('guides/first-steps_now.mdx', text)).toBe('First steps now')
  })

  test.each([
    ['---\nopenapi: GET /users\n---\n', 2],
    ['---\ntitle: Users\ndescription: all\nopenapi: "GET /users"\n---\n', 4],
    ['---\r\ntitle: x\r\nopenapi : get /a\r\n---\r\n', 3],
    ['\uFEFF---\nopenapi:\tget /a\n---\n', 2],
    ['--- \nopenapi: get /a\n...\n', 2],
    ['---\nopenapi-schema: User\nopenapi: get /a\n---\n', 3],
  ])('the line of a front matter key in %j: %i', (text, line) => {
    expect(frontMatterLine(text, 'openapi')).toBe(line)
  })

  test.each([
    ['---\nopenapi-schema: User\n---\n'],
    ['---\nseo:\n  openapi: get /a\n---\n'],
    ['---\ntitle: x\n---\nopenapi: get /a\n'],
    ['text\n---\nopenapi: get /a\n---\n'],
    ['---\nopenapi: never closed\n'],
    ['# openapi: get /a\n'],
  ])('no front matter key in %j', (text) => {
    expect(frontMatterLine(text, 'openapi')).toBeUndefined()
  })

  test('the key is matched whole and at the top level: `title` is not `titles`', () => {
    expect(frontMatterLine('---\ntitles: x\ntitle: y\n---\n', 'title')).toBe(3)
    expect(frontMatterLine(undefined, 'title')).toBeUndefined()
  })

  test("Mintlify's title from the file name", () => {
    expect(slugTitle('guides/first-steps')).toBe('First steps')
    expect(slugTitle('api/list_users?x=1')).toBe('List users')
    expect(slugTitle('index')).toBe('Index')
    expect(slugTitle('')).toBe('')
    expect(slugTitle('a/b?c/d')).toBe('B')
    expect(slugTitle('-lead')).toBe(' lead')
    expect(pageTitle('a/b.md', undefined)).toBe('B')
    expect(pageTitle('guides/v1.md-notes.mdx', undefined)).toBe('V1.md notes')
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
    expect(
      importsOf('guides/p.mdx', "import A from'/x.mdx'\nimport B from 'sub//b.mdx'\nimport C from 'c:d.mdx'"),
    ).toEqual(['x.mdx', 'guides/sub/b.mdx'])
    expect(importsOf('guides/p.mdx', "import A from 'snippets/a:b.mdx'")).toEqual(['guides/snippets/a:b.mdx'])
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
    expect(
      apiDocumentsOf(
        JSON.stringify({
          navigation: [{ openapi: null }, { openapi: 5 }, { openapi: [{ source: 'specs/a.json' }] }, null],
        }),
      ),
    ).toEqual(['specs/a.json'])
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
    expect([...navigationPlaces(JSON.stringify({ navigation: { pages: ['/guides/a', 'guides//b/'] } }))]).toEqual([
      ['/guides/a', ''],
      ['/guides/b', ''],
    ])
    expect(navigationPlaces('null').size).toBe(0)
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
    // a page with no views after one with none read yet (0), and the list's order kept among equals
    expect(
      inReadingOrder([at('/x', 'changed'), at('/y', 'changed', 0), at('/z', 'changed'), at('/w', 'changed')]).map(
        (p) => p.address,
      ),
    ).toEqual(['/y', '/x', '/z', '/w'])
  })
})
