import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { PagesFile } from '../../src/site/pull-pages.js'
import { decodeState } from '../../src/tracking/state.js'
import { runAgainst, startWorlds } from '../e2e/fixtures.js'
import { PATHS } from '../e2e/harness.js'
import type { FakeFile } from '../simulator/github-simulator.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { checkPreviewed, checkThenPreview } from '../cli/page-cases.js'

/**
 * The preview's pages (issue 57): the tracking comment and the summary show the preview's status
 * first, then the pull request's pages, each linked on the preview: from the check's pages file
 * where the step is given one, else from the pull request's files and the head's texts.
 */

const HEAD = 'a'.repeat(40)
const PREVIEW = 'https://acme-docs-webhooks.mintlify.app'
const prEvent = {
  name: 'pull_request',
  payload: {
    action: 'opened',
    number: 101,
    pull_request: {
      number: 101,
      head: { ref: 'docs/webhooks', sha: HEAD, repo: { full_name: 'acme/docs' } },
      base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: 'acme/docs' } },
    },
  },
}

const file = (filename: string, status: FakeFile['status'], previous?: string): FakeFile => ({
  filename,
  status,
  additions: 1,
  deletions: 1,
  ...(previous ? { previous_filename: previous } : {}),
})

const page = (title: string): string => `---\ntitle: ${title}\n---\n\n# ${title}\n`

/** The rows of each table in a Markdown text (the header row left out), as their cells' raw text. */
const rows = (markdown: string): string[] =>
  markdown
    .slice(Math.max(0, markdown.indexOf('**Pages of this pull request**')))
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Page |'))

describe.each(PATHS)("the preview's pages ($name)", (runtime) => {
  test("the check, then the preview in the same job: the check's pages, each linked on the preview, with why", async () => {
    checkPreviewed(await checkThenPreview(runtime, fakeToolCache('replay')))
  })

  test("without the check: the pull request's files alone, titled from the head, linked on the preview", async () => {
    const { sim, gh } = await startWorlds()
    gh.pullFiles.set(101, [
      file('docs/guides/webhooks.mdx', 'added'),
      file('docs/quickstart.mdx', 'modified'),
      file('docs/guides/first-steps.mdx', 'renamed', 'docs/guides/start.mdx'),
      file('docs/guides/old.mdx', 'removed'),
      file('docs/images/hook.png', 'added'),
      file('src/app.ts', 'modified'),
    ])
    for (const [path, title] of [
      ['docs/guides/webhooks.mdx', 'Webhooks'],
      ['docs/quickstart.mdx', 'Quick start'],
      ['docs/guides/first-steps.mdx', 'First steps'],
    ] as const)
      gh.contents.set(`${HEAD}:${path}`, page(title))
    const run = await runAgainst(
      sim,
      runtime,
      { mode: 'preview', comment: 'true', 'docs-path': 'docs' },
      { event: prEvent, gh },
    )
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([])
    // one listing, one text for each page it adds, changes or renames
    expect(gh.requestsTo('pull-files')).toHaveLength(1)
    expect(gh.requestsTo('get-content').map((r) => decodeURIComponent(r.url.split('/contents/')[1] ?? ''))).toEqual([
      `docs/guides/webhooks.mdx?ref=${HEAD}`,
      `docs/quickstart.mdx?ref=${HEAD}`,
      `docs/guides/first-steps.mdx?ref=${HEAD}`,
    ])
    const body = gh.commentsOn(101).find((c) => c.user.type === 'Bot')?.body ?? ''
    // the status first, then the pages
    expect(body.indexOf('✅ Preview success')).toBeLessThan(body.indexOf('**Pages of this pull request** (4)'))
    expect(rows(body)).toEqual([
      `| <a href="${PREVIEW}/guides/first-steps">First steps</a> | /guides/start → <a href="${PREVIEW}/guides/first-steps">/guides/first-steps</a> | Renamed |`,
      `| <a href="${PREVIEW}/guides/webhooks">Webhooks</a> | <a href="${PREVIEW}/guides/webhooks">/guides/webhooks</a> | Added |`,
      `| <a href="${PREVIEW}/quickstart">Quick start</a> | <a href="${PREVIEW}/quickstart">/quickstart</a> | Changed |`,
      '| ~~Old~~ | ~~/guides/old~~ | Deleted: no redirect, readers find nothing there |',
    ])
    expect(decodeState(body)?.deployment?.pages?.total).toBe(4)
    // the summary has them too, after the preview's status
    expect(run.summary.indexOf('### ✅ Preview deployment')).toBeLessThan(
      run.summary.indexOf('**Pages of this pull request**'),
    )
    expect(rows(run.summary).filter((r) => r.includes('/guides/'))).toHaveLength(3)
  })

  test('40 pages: the comment shows 25 and says so, the summary every one', async () => {
    const { sim, gh } = await startWorlds()
    gh.pullFiles.set(
      101,
      Array.from({ length: 40 }, (_, i) => file(`p${String(i).padStart(2, '0')}.mdx`, 'added')),
    )
    const run = await runAgainst(sim, runtime, { mode: 'preview', comment: 'true' }, { event: prEvent, gh })
    expect(run.code).toBe(0)
    const body = gh.commentsOn(101).find((c) => c.user.type === 'Bot')?.body ?? ''
    expect(rows(body)).toHaveLength(25)
    expect(body.split('\n').find((l) => l.startsWith('Showing'))).toBe(
      'Showing 25 of 40: the <a href="https://github.com/acme/docs/actions/runs/4242">run&#39;s summary</a> lists them all.',
    )
    expect(rows(run.summary)).toHaveLength(40)
    // the first 50 titled from the head: all 40 asked, none found, so each is titled from its name
    expect(gh.requestsTo('get-content')).toHaveLength(40)
    expect(rows(body)[0]).toContain('>P00</a>')
  })

  test("the check's pages file: its pages, with their readers and why, and no listing of the pull request's files", async () => {
    const { sim, gh } = await startWorlds()
    const pages: PagesFile = {
      pull: 101,
      head: HEAD,
      compared: true,
      views: { from: '2026-11-01', through: '2026-11-30' },
      pages: [
        {
          path: 'guides/auth.mdx',
          address: '/guides/auth',
          title: 'Authentication',
          change: 'affected',
          why: 'imports snippets/auth.mdx',
          views: 300,
        },
        {
          path: 'guides/old.mdx',
          address: '/guides/old',
          title: 'Old guide',
          change: 'deleted',
          to: '/quickstart',
          views: 20,
        },
      ],
    }
    const path = join(mkdtempSync(join(tmpdir(), 'pages-')), 'mintlify-pages.json')
    writeFileSync(path, JSON.stringify(pages))
    const run = await runAgainst(
      sim,
      runtime,
      { mode: 'preview', comment: 'true', 'pages-json': path },
      { event: prEvent, gh },
    )
    expect(run.code).toBe(0)
    expect(gh.requestsTo('pull-files')).toHaveLength(0)
    const body = gh.commentsOn(101).find((c) => c.user.type === 'Bot')?.body ?? ''
    expect(rows(body)).toEqual([
      `| ~~Old guide~~ | ~~/guides/old~~ | Deleted: readers go to <a href="${PREVIEW}/quickstart">/quickstart</a> | 20 |`,
      `| <a href="${PREVIEW}/guides/auth">Authentication</a> | <a href="${PREVIEW}/guides/auth">/guides/auth</a> | imports snippets/auth.mdx | 300 |`,
    ])
    expect(body).toContain('Changed without being edited:')
  })

  test('a pages file for another pull request: one warning, and its own files listed instead', async () => {
    const { sim, gh } = await startWorlds()
    const path = join(mkdtempSync(join(tmpdir(), 'pages-')), 'mintlify-pages.json')
    writeFileSync(path, JSON.stringify({ pull: 7, head: HEAD, compared: true, pages: [] }))
    gh.pullFiles.set(101, [file('index.mdx', 'modified')])
    const run = await runAgainst(sim, runtime, { mode: 'preview', 'pages-json': path }, { event: prEvent, gh })
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([
      'Input pages-json names the pages of pull request #7, and this run is for #101: its own files are listed instead.',
    ])
    expect(rows(run.summary)).toEqual([`| <a href="${PREVIEW}/">Index</a> | <a href="${PREVIEW}/">/</a> | Changed |`])
  })

  test.each([
    ['no such file', (dir: string) => join(dir, 'missing.json'), /it cannot be read \(ENOENT/],
    [
      'not a pages file',
      (dir: string) => {
        writeFileSync(join(dir, 'x.json'), '{"problems": []}')
        return join(dir, 'x.json')
      },
      /it holds no pages file the check action wrote/,
    ],
  ])('pages-json that names %s: an input error, nothing sent', async (_name, make, says) => {
    const { sim, gh } = await startWorlds()
    const path = make(mkdtempSync(join(tmpdir(), 'pages-')))
    const run = await runAgainst(
      sim,
      runtime,
      { mode: 'preview', comment: 'true', 'pages-json': path },
      { event: prEvent, gh },
    )
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      /^Input pages-json is ".*": expected the path the check action's pages-json output names/,
    )
    expect(run.errors[0]).toMatch(says)
    expect(sim.requests).toHaveLength(0)
    expect(gh.requests).toHaveLength(0)
  })

  test('docs-path beside pages-json is said, not silently ignored', async () => {
    const { sim, gh } = await startWorlds()
    const path = join(mkdtempSync(join(tmpdir(), 'pages-')), 'p.json')
    writeFileSync(path, JSON.stringify({ pull: 101, head: HEAD, compared: true, pages: [] }))
    const run = await runAgainst(
      sim,
      runtime,
      { mode: 'preview', 'pages-json': path, 'docs-path': 'docs' },
      { event: prEvent, gh },
    )
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([
      'Input "docs-path" is read only without pages-json (the check then gives the pages), so it was ignored.',
    ])
  })

  test("a token that cannot list the pull request's files: one notice, the preview as without its pages", async () => {
    const { sim, gh } = await startWorlds()
    gh.addFault({ route: 'pull-files', status: 403, body: { message: 'Resource not accessible by integration' } })
    const run = await runAgainst(sim, runtime, { mode: 'preview' }, { event: prEvent, gh })
    expect(run.code).toBe(0)
    expect(run.notices.filter((n) => n.includes('could not be listed'))).toHaveLength(1)
    expect(run.summary).not.toContain('Pages of this pull request')
  })
})
