import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * A generated docs site the size of a big one, for the check's speed: `pages` pages in navigation
 * groups of 50, 20 snippets each page imports one of, 100 images each page shows one of (with alt
 * text), 4 links a page to other pages (20,000 at 5,000 pages), 50 old broken links (to a page
 * that was never there: the base has them too), and one page, guides/target.mdx, linked from 300. The pull request renames it to guides/renamed.mdx and updates the
 * navigation, not the links: 300 new broken links, anywhere in the site.
 */

export type Files = Record<string, string>

/** A one-pixel PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
).toString('latin1')

export interface GeneratedSite {
  base: Files
  head: Files
  /** The files the pull request changes, as GitHub lists them. */
  pullFiles: Array<{
    filename: string
    status: string
    additions: number
    deletions: number
    previous_filename?: string
  }>
  links: number
}

export function generateSite(pages = 5000, linkedToTarget = 300): GeneratedSite {
  const files: Files = {}
  const slug = (i: number): string => `g${Math.floor(i / 50)}/p${i}`
  let links = 0
  for (let k = 0; k < 20; k++)
    files[`snippets/s${k}.mdx`] = `A note from snippet ${k}: see [the first page](/${slug(0)}).\n`
  for (let k = 0; k < 100; k++) files[`images/i${k}.png`] = PNG
  for (let i = 0; i < pages; i++) {
    const to = [1, 7, 31, 101].map((d) => slug((i + d) % pages))
    const old = i % 100 === 99
    links += to.length + (i < linkedToTarget ? 1 : 0) + (old ? 1 : 0)
    files[`${slug(i)}.mdx`] = [
      '---',
      `title: Page ${i}`,
      '---',
      '',
      `import Note from '/snippets/s${i % 20}.mdx'`,
      '',
      `# Page ${i}`,
      '',
      `An introduction to page ${i}, with [the next page](/${to[0] ?? ''}) and [another](/${to[1] ?? ''}).`,
      '',
      `## Details`,
      '',
      `![Figure ${i % 100}](/images/i${i % 100}.png)`,
      '',
      `Read [more](/${to[2] ?? ''}#details) and [still more](/${to[3] ?? ''}).`,
      ...(i < linkedToTarget ? ['', 'The guide: [target](/guides/target).'] : []),
      ...(old ? ['', 'The old guide: [gone](/guides/never-there).'] : []),
      '',
      '<Note />',
      '',
    ].join('\n')
  }
  files['guides/target.mdx'] = '---\ntitle: The target\n---\n\n# The target\n\n## Install\n\nSteps.\n'
  files['index.mdx'] = `---\ntitle: Home\n---\n\n# Home\n\nStart with [the guide](/guides/target).\n`
  links++
  const groups = (last: string) => [
    { group: 'Start', pages: ['index', last] },
    ...Array.from({ length: Math.ceil(pages / 50) }, (_, g) => ({
      group: `Group ${g}`,
      pages: Array.from({ length: Math.min(50, pages - g * 50) }, (_, j) => slug(g * 50 + j)),
    })),
  ]
  const config = (last: string): string =>
    `${JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Big docs',
        colors: { primary: '#0B5D1E' },
        navigation: { groups: groups(last) },
      },
      null,
      2,
    )}\n`
  const base = { ...files, 'docs.json': config('guides/target') }
  const { 'guides/target.mdx': target = '', ...rest } = files
  const head = { ...rest, 'guides/renamed.mdx': target, 'docs.json': config('guides/renamed') }
  return {
    base,
    head,
    pullFiles: [
      { filename: 'docs.json', status: 'modified', additions: 1, deletions: 1 },
      {
        filename: 'guides/renamed.mdx',
        status: 'renamed',
        additions: 0,
        deletions: 0,
        previous_filename: 'guides/target.mdx',
      },
    ],
    links,
  }
}

export function writeFiles(dir: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text, path.endsWith('.png') ? 'latin1' : 'utf8')
  }
}

/**
 * A generated site of the largest shape seen on the service (bazel-docs: 4,228 pages in 12
 * versions, `docs.json` → `navigation.json` → one navigation file a version by `$ref`, 444
 * redirects, a `.mintignore`, 47,749 broken links the CLI reports on its main branch): `pages`
 * pages in 12 version folders, each with 4 links to other pages and its share of `broken` old
 * broken links (the base has them too), `redirects` redirects to pages of the site, a `.mintignore`d
 * drafts folder, and one page, v0/concepts/labels.mdx, linked from 300 pages (the home page one). The pull request
 * renames it to v0/concepts/labels-and-targets.mdx and updates the navigation, not the links: 300
 * new broken links, and a lost address.
 */
export function generateLargeSite(pages = 4000, broken = 50_000, redirects = 450): GeneratedSite {
  const versions = 12
  const files: Files = {}
  const slug = (i: number): string => `v${i % versions}/g${Math.floor(i / 50)}/p${i}`
  const target = 'v0/concepts/labels'
  let links = 0
  for (let i = 0; i < pages; i++) {
    const to = [1, 7, 31, 101].map((d) => slug((i + d) % pages))
    // every page its share of the old broken links, the first ones one more where they do not divide
    const old = Math.floor(broken / pages) + (i < broken % pages ? 1 : 0)
    links += to.length + old + (i < 299 ? 1 : 0)
    files[`${slug(i)}.mdx`] = [
      '---',
      `title: Page ${i}`,
      '---',
      '',
      `# Page ${i}`,
      '',
      `An introduction to page ${i}, with [the next page](/${to[0] ?? ''}) and [another](/${to[1] ?? ''}).`,
      '',
      '## Details',
      '',
      `Read [more](/${to[2] ?? ''}#details) and [still more](/${to[3] ?? ''}).`,
      ...(i < 299 ? ['', `The labels: [labels](/${target}).`] : []),
      '',
      '## Older releases',
      '',
      ...Array.from({ length: old }, (_, k) => `- [Release ${k}](/v${i % versions}/release-notes/r${i}-${k})`),
      '',
    ].join('\n')
  }
  // with an old broken anchor of its own: the rename moves it, the base still has it (bazel-docs' labels page has one)
  files[`${target}.mdx`] =
    '---\ntitle: Labels\n---\n\n# Labels\n\n## Syntax\n\nA label names a target; see [its name](#target-name).\n'
  files['index.mdx'] = `---\ntitle: Home\n---\n\n# Home\n\nStart with [the labels](/${target}).\n`
  links += 2
  for (let k = 0; k < 20; k++)
    files[`drafts/d${k}.mdx`] = `---\ntitle: Draft ${k}\n---\n\nSee [nothing](/nowhere-${k}).\n`
  files['.mintignore'] = 'drafts/\n'
  const navigation = (last: string): Files => {
    const out: Files = {}
    for (let v = 0; v < versions; v++) {
      const own = Array.from({ length: pages }, (_, i) => i).filter((i) => i % versions === v)
      const groups = [
        ...(v === 0 ? [{ group: 'Start', pages: ['index', last] }] : []),
        ...Array.from({ length: Math.ceil(own.length / 50) }, (_, g) => ({
          group: `Group ${g}`,
          pages: own.slice(g * 50, g * 50 + 50).map(slug),
        })),
      ]
      out[`navigation/v${v}.en.json`] =
        `${JSON.stringify({ language: 'en', tabs: [{ tab: 'Docs', groups }] }, null, 2)}\n`
    }
    return out
  }
  files['navigation.json'] = `${JSON.stringify(
    {
      versions: Array.from({ length: versions }, (_, v) => ({
        version: `v${v}`,
        languages: [{ $ref: `./navigation/v${v}.en.json` }],
      })),
    },
    null,
    2,
  )}\n`
  files['docs.json'] = `${JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Largest docs',
      colors: { primary: '#0B5D1E' },
      navigation: { $ref: './navigation.json' },
      redirects: Array.from({ length: redirects }, (_, r) => ({ source: `/old/r${r}`, destination: `/${slug(r)}` })),
    },
    null,
    2,
  )}\n`
  const base = { ...files, ...navigation(target) }
  const { [`${target}.mdx`]: moved = '', ...rest } = files
  const head = { ...rest, [`${target}-and-targets.mdx`]: moved, ...navigation(`${target}-and-targets`) }
  return {
    base,
    head,
    pullFiles: [
      { filename: 'navigation/v0.en.json', status: 'modified', additions: 1, deletions: 1 },
      {
        filename: `${target}-and-targets.mdx`,
        status: 'renamed',
        additions: 0,
        deletions: 0,
        previous_filename: `${target}.mdx`,
      },
    ],
    links,
  }
}
