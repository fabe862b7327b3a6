import { describe, expect, test } from 'vitest'
import type { Problem } from '../../src/check/cli-output.js'
import {
  anchorKey,
  anchoredPage,
  headingKeys,
  importedPath,
  inSnippets,
  snippetAnchors,
} from '../../src/check/snippet-anchors.js'

/** A tree as a reader of it: its files by POSIX path. */
const reader =
  (files: Record<string, string>) =>
  (path: string): string | undefined =>
    files[path]

const link = (file: string, target: string): Problem => ({
  rule: 'broken-link',
  file,
  target,
  message: `The link ${target} leads nowhere.`,
})

describe('anchorKey: a heading and an anchor compared by their letters and digits', () => {
  test.each([
    ['GitLab setup', 'gitlabsetup'],
    ['gitlab-setup', 'gitlabsetup'],
    ['Step 2: the API (v1.2)', 'step2theapiv12'],
    ['Configuración de GitLab', 'configuracióndegitlab'],
    ['configuraci%C3%B3n-de-gitlab', 'configuracióndegitlab'],
    ['100%1 done', '1001done'],
    ['🚀 Launch', 'launch'],
  ])('%s → %s', (text, key) => {
    expect(anchorKey(text)).toBe(key)
  })
})

describe('importedPath: where an import names a snippet, in the docs folder', () => {
  test.each([
    ['guides/a.mdx', '/snippets/setup.mdx', 'snippets/setup.mdx'],
    ['guides/a.mdx', './parts/setup.mdx', 'guides/parts/setup.mdx'],
    ['guides/deep/a.mdx', '../setup.mdx', 'guides/setup.mdx'],
    ['index.mdx', 'snippets//x.mdx', 'snippets/x.mdx'],
  ])('from %s, %s is %s', (from, source, path) => {
    expect(importedPath(from, source)).toBe(path)
  })

  test('an import out of the docs folder names no file of it', () => {
    expect(importedPath('a.mdx', '../outside.mdx')).toBeUndefined()
    expect(importedPath('guides/a.mdx', '../../outside.mdx')).toBeUndefined()
  })
})

describe('headingKeys: the headings of a text, outside its code', () => {
  test('ATX headings of levels 1 to 4 (Mintlify gives a fifth or sixth no id), closing hashes, custom ids', () => {
    expect(
      headingKeys(
        '# One\n\n#### Four ##\n\n##### Five\n\n###### Six\n\n## Custom {#my-id}\n\n   ### Indented three\n\n' +
          '    #### Indented four is code\n#NoSpace\n',
      ),
    ).toEqual(['one', 'four', 'custom', 'myid', 'indentedthree'])
  })

  test('nothing inside a fenced code block, with backticks or tildes, nor in an unclosed one', () => {
    expect(headingKeys('```bash\n# a comment\n```\n\n## After\n\n~~~\n## Not either\n~~~\n')).toEqual(['after'])
    expect(headingKeys('## Before\n\n```\n## never closed\n')).toEqual(['before'])
  })

  test('fences as CommonMark reads them: indented, long, with tildes; a closing one alone on its line', () => {
    expect(headingKeys('  ```\n  # indented code\n  ```\n## After one\n')).toEqual(['afterone'])
    expect(headingKeys('~ a tilde\n## Tilde text\n~\n')).toEqual(['tildetext'])
    expect(headingKeys('Inline ```code``` here\n## Kept\n')).toEqual(['kept'])
    expect(headingKeys('```\n```bash\n# still code\n```\n## After two\n')).toEqual(['aftertwo'])
    expect(headingKeys('```\ncode ```\n# in code\n```\n## After three\n')).toEqual(['afterthree'])
    expect(headingKeys('```\n# in code\n```  \n## After four\n')).toEqual(['afterfour'])
    expect(headingKeys('```\n\n## hidden to the end\n\n## and this\n')).toEqual([])
  })

  test("a heading's code spans are its text; a heading in an HTML comment is none", () => {
    expect(headingKeys('## Run `npx mint` here\n\n<!--\n## Hidden\n-->\n')).toEqual(['runnpxminthere'])
  })

  test('a custom id only at the end of its heading', () => {
    expect(headingKeys('## The {#id} syntax\n')).toEqual(['theidsyntax'])
  })

  test('a heading of punctuation alone gives no key', () => {
    expect(headingKeys('## ---\n\n## 🚀\n')).toEqual([])
  })
})

describe('snippetAnchors: the headings the snippets a page shows give it', () => {
  const files = {
    'guides/a.mdx':
      "---\ntitle: A\n---\n\nimport Setup from '/snippets/setup.mdx';\nimport Unused from '/snippets/unused.mdx'\n" +
      'import Local from "./local.md"\n\n<Setup />\n\nText <Local/> here.\n',
    'snippets/setup.mdx': "## GitLab setup\n\nimport Inner from '/snippets/inner.mdx'\n\n<Inner>\n</Inner>\n",
    'snippets/inner.mdx': '### Deeper {#deep-id}\n',
    'snippets/unused.mdx': '## Never shown\n',
    'guides/local.md': '## Local heading\n',
  }

  test('imported and shown: its headings, a shown snippet\u2019s own snippets too; imported only: none', () => {
    expect([...snippetAnchors('guides/a.mdx', reader(files))].sort()).toEqual(
      ['deeper', 'deepid', 'gitlabsetup', 'localheading'].sort(),
    )
  })

  test('followed three snippets deep, no deeper, and a circle ends', () => {
    const chain = {
      'a.mdx': "import S1 from '/s1.mdx'\n\n<S1 />\n",
      's1.mdx': "## One\n\nimport S2 from '/s2.mdx'\n\n<S2 />\n",
      's2.mdx': "## Two\n\nimport S3 from '/s3.mdx'\n\n<S3 />\n",
      's3.mdx': "## Three\n\nimport S4 from '/s4.mdx'\n\n<S4 />\n",
      's4.mdx': '## Four\n',
    }
    expect([...snippetAnchors('a.mdx', reader(chain))]).toEqual(['one', 'two', 'three'])
    const circle = { 'a.mdx': "import A from '/a.mdx'\n\n## Self\n\n<A />\n" }
    expect([...snippetAnchors('a.mdx', reader(circle))]).toEqual(['self'])
  })

  test('a missing page or snippet, an import in code, and a name used only as a longer one give nothing', () => {
    expect(snippetAnchors('nowhere.mdx', reader(files)).size).toBe(0)
    const odd = {
      'a.mdx':
        "import Gone from '/snippets/gone.mdx'\n\n<Gone />\n\n```mdx\nimport Shown from '/snippets/x.mdx'\n<Shown />\n```\n\n" +
        "import Set from '/snippets/x.mdx'\n\n<Setup />\n",
      'snippets/x.mdx': '## X heading\n',
    }
    expect(snippetAnchors('a.mdx', reader(odd)).size).toBe(0)
  })

  test('an import out of the docs folder is never read', () => {
    const reads: Array<string | undefined> = []
    const read = (path: string): string | undefined => {
      reads.push(path)
      return path === 'a.mdx' ? "import Out from '../out.mdx'\n\n<Out />\n" : '## Out\n'
    }
    expect(snippetAnchors('a.mdx', read).size).toBe(0)
    expect(reads).toEqual(['a.mdx'])
  })

  test('a component named only in inline code is not shown', () => {
    const spoken = { 'a.mdx': "import Setup from '/s.mdx'\n\nWrite `<Setup />` to show it.\n", 's.mdx': '## Shown\n' }
    expect(snippetAnchors('a.mdx', reader(spoken)).size).toBe(0)
  })

  test('a component name with a dollar sign is matched as written', () => {
    const dollar = { 'a.mdx': "import $Setup from '/s.mdx'\n\n<$Setup />\n", 's.mdx': '## Dollar\n' }
    expect([...snippetAnchors('a.mdx', reader(dollar))]).toEqual(['dollar'])
  })
})

describe('anchoredPage: the page and anchor a broken link names', () => {
  const pages = new Map([
    ['/', 'index.mdx'],
    ['/guides', 'guides/index.mdx'],
    ['/guides/a', 'guides/a.mdx'],
    ['/guides/indexing', 'guides/indexing.mdx'],
  ])
  test.each([
    ['guides/a.mdx', '#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', '/guides/a#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', 'guides/a#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', '/guides/a/#setup', { page: 'guides/a.mdx', anchor: 'setup' }],
    ['index.mdx', '/guides/index#b', { page: 'guides/index.mdx', anchor: 'b' }],
    ['guides/a.mdx', '/#top', { page: 'index.mdx', anchor: 'top' }],
    ['guides/a.mdx', '/index#top', { page: 'index.mdx', anchor: 'top' }],
    ['index.mdx', '/guides/indexing#b', { page: 'guides/indexing.mdx', anchor: 'b' }],
  ])('%s, %s', (file, target, found) => {
    expect(anchoredPage(file, target, pages)).toEqual(found)
  })

  test.each([
    ['no anchor', '/guides/a'],
    ['an empty anchor', '/guides/a#'],
    ['another site', 'https://example.com/guides/a#setup'],
    ['a mail address', 'mailto:a@example.com#x'],
    ['no such page', '/nowhere#setup'],
  ])('%s: none', (_, target) => {
    expect(anchoredPage('index.mdx', target, pages)).toBeUndefined()
  })
})

describe('inSnippets: the broken anchors a shown snippet has, apart from the problems', () => {
  const files = {
    'index.mdx': "import Setup from '/snippets/setup.mdx'\n\n[a](#gitlab-setup) [b](#missing)\n\n<Setup />\n",
    'guides/a.mdx': '[c](/#gitlab-setup)',
    'snippets/setup.mdx': '## GitLab setup\n',
  }
  test('a link to a shown snippet\u2019s heading, from its page or another, is apart; the rest are kept in order', () => {
    const problems: Problem[] = [
      link('index.mdx', '#gitlab-setup'),
      link('index.mdx', '#missing'),
      { rule: 'broken-redirect', file: 'docs.json', target: '/#gitlab-setup', message: 'x' },
      { rule: 'broken-link', file: 'index.mdx', message: 'a link the CLI named no target of' },
      { rule: 'missing-alt', file: 'index.mdx', message: 'y' },
      link('guides/a.mdx', '/#gitlab-setup'),
      link('guides/a.mdx', '/nowhere#gitlab-setup'),
    ]
    const split = inSnippets(problems, reader(files), () => ['index.mdx', 'guides/a.mdx'])
    expect(split.inSnippets).toEqual([problems[0], problems[5]])
    expect(split.kept).toEqual([problems[1], problems[2], problems[3], problems[4], problems[6]])
  })

  test("the tree's pages are listed once, and only where a broken link names an anchor", () => {
    let listed = 0
    const files = (): string[] => (listed++, ['index.mdx'])
    inSnippets(
      [link('index.mdx', '/guides/a'), { rule: 'missing-alt', file: 'index.mdx', message: 'y' }],
      reader({}),
      files,
    )
    expect(listed).toBe(0)
    inSnippets([link('index.mdx', '#a'), link('index.mdx', '/#b')], reader({}), files)
    expect(listed).toBe(1)
  })

  test('each page is read once, however many links lead to it', () => {
    const reads: string[] = []
    const read = (path: string) => (reads.push(path), reader(files)(path))
    inSnippets([link('index.mdx', '#gitlab-setup'), link('guides/a.mdx', '/#missing')], read, () => ['index.mdx'])
    expect(reads).toEqual(['index.mdx', 'snippets/setup.mdx'])
  })
})
