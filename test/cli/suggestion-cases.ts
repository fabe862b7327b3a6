import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { type ActionRun, type Runtime, TEST_TOKEN, runAction } from '../e2e/harness.js'
import { reviewBody } from '../../src/check/review.js'
import { startGitHub } from '../e2e/fixtures.js'
import type { FakeFile, GitHubSimulator } from '../simulator/github-simulator.js'
import { type MintMode, fakeToolCache, toolCacheEnv } from '../simulator/fake-tools.js'
import { BASE_SHA, type Files, HEAD_SHA, MERGE_BASE_SHA, MERGE_SHA, PULL_EVENT, problemsOf } from './scenarios.js'

/**
 * The fixes the check knows, offered on the pull request: as suggested changes in one review of the
 * head commit where their lines are in the diff, and the rest as one patch against the head. Against
 * the fake GitHub, which checks every request with GitHub's description and refuses (422, as GitHub
 * does) a review with a comment on a line outside the diff; the pull request's patches are git's own
 * (`git diff`). Each fix is shown to work: the suggestions applied as GitHub commits them, or the
 * patch applied with `git apply`, and the check run again on the result passes. In npm test with the
 * CLI's recorded output (test/in-process/check-suggestions.test.ts), and through the bundle on the
 * real CLI (test/cli/check-suggestions.cli.test.ts).
 */

const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`

/** A small docs.json: its redirects within three lines of its navigation, so in the diff's hunk. */
const smallConfig = (
  guide: string,
  redirects = ['  "redirects": [', '    { "source": "/start", "destination": "/" }', '  ]'],
): string =>
  [
    '{',
    '  "$schema": "https://mintlify.com/docs.json",',
    '  "theme": "mint",',
    '  "name": "Acme docs",',
    '  "colors": { "primary": "#0B5D1E" },',
    `  "navigation": { "pages": ["index", "${guide}"] },`,
    ...redirects,
    '}',
    '',
  ].join('\n')

/** A docs.json whose redirects are far from its navigation: outside every hunk of a change there. */
const farConfig = (guide: string): string =>
  [
    '{',
    '  "$schema": "https://mintlify.com/docs.json",',
    '  "redirects": [',
    '    { "source": "/start", "destination": "/" }',
    '  ],',
    '  "theme": "mint",',
    '  "name": "Acme docs",',
    '  "description": "Acme docs for everyone",',
    '  "colors": {',
    '    "primary": "#0B5D1E",',
    '    "light": "#07C983",',
    '    "dark": "#0B5D1E"',
    '  },',
    `  "navigation": { "pages": ["index", "${guide}"] }`,
    '}',
    '',
  ].join('\n')

const guide = page('The guide', 'Steps to follow.')

/** A rename of guides/a to guides/b, its link on index.mdx on a line the pull request changed. */
function renameCase(config: (guide: string) => string): { base: Files; head: Files; renamed: Record<string, string> } {
  return {
    base: {
      'docs.json': config('guides/a'),
      'index.mdx': page('Home', 'Read [the guide](/guides/a) first.'),
      'guides/a.mdx': guide,
    },
    head: {
      'docs.json': config('guides/b'),
      'index.mdx': page('Home', 'Read [the guide](/guides/a) before you start.'),
      'guides/b.mdx': guide,
    },
    renamed: { 'guides/b.mdx': 'guides/a.mdx' },
  }
}

/** The unified diff of two texts as GitHub's `patch` has it: git's hunks, without the file header. */
function patchOf(before: string, after: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'pull-patch-'))
  writeFileSync(join(dir, 'a'), before)
  writeFileSync(join(dir, 'b'), after)
  const diff = spawnSync('git', ['diff', '--no-index', '--no-color', '-U3', 'a', 'b'], { cwd: dir, encoding: 'utf8' })
  const at = diff.stdout.indexOf('\n@@ ')
  return at === -1 ? undefined : diff.stdout.slice(at + 1).replace(/\n$/, '')
}

/** A pull request's files as GitHub lists them: each with its status and patch. */
function pullFilesOf(base: Files, head: Files, renamed: Record<string, string> = {}): FakeFile[] {
  const from = new Set(Object.values(renamed))
  const files: FakeFile[] = []
  for (const path of [...new Set([...Object.keys(base), ...Object.keys(head)])].sort()) {
    const old = renamed[path]
    const patch = patchOf(base[old ?? path] ?? '', head[path] ?? '')
    const counted = { additions: 1, deletions: 1, ...(patch ? { patch } : {}) }
    if (old !== undefined) files.push({ filename: path, status: 'renamed', previous_filename: old, ...counted })
    else if (from.has(path) && !(path in head)) continue
    else if (!(path in base)) files.push({ filename: path, status: 'added', ...counted })
    else if (!(path in head)) files.push({ filename: path, status: 'removed', ...counted })
    else if (base[path] !== head[path]) files.push({ filename: path, status: 'modified', ...counted })
  }
  return files
}

function writeTree(dir: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}

interface Push {
  base: Files
  /** The pull request's head commit's files. */
  head: Files
  renamed?: Record<string, string>
  headSha?: string
  /** The merge commit's files where the base branch moved since (the checkout); else the head's. */
  merged?: Files
  inputs?: Record<string, string>
  /** What others write on the pull request once it is there, before the check runs. */
  before?: () => Promise<void>
}

/**
 * The fixes' cases, on `runtime` with the CLI as `mode` gives it (the recorded fake, or the real CLI
 * through the recording shim).
 */
export function suggestionCases(runtime: Runtime, mode: MintMode): void {
  /** The check on a push of the pull request (#7), against a fake GitHub that may hold earlier runs' reviews. */
  async function check(gh: GitHubSimulator, push: Push): Promise<ActionRun> {
    const headSha = push.headSha ?? HEAD_SHA
    const workspace = mkdtempSync(join(tmpdir(), 'check-fixes-'))
    const checkedOut = push.merged ?? push.head
    writeTree(workspace, checkedOut)
    gh.pullFiles.set(7, pullFilesOf(push.base, push.head, push.renamed))
    for (const [path, text] of Object.entries(push.base)) gh.contents.set(`${BASE_SHA}:${path}`, text)
    for (const [path, text] of Object.entries(push.head)) gh.contents.set(`${headSha}:${path}`, text)
    gh.compares.set(`${BASE_SHA}...${headSha}`, { files: [], commits: [], mergeBase: MERGE_BASE_SHA })
    // the merge commit against the head: the files the base branch changed since, each with its patch
    const moved = Object.keys(checkedOut).filter((p) => checkedOut[p] !== push.head[p])
    gh.compares.set(`${headSha}...${MERGE_SHA}`, {
      files: moved.map((p) => {
        const patch = patchOf(push.head[p] ?? '', checkedOut[p] ?? '')
        return { filename: p, status: 'modified', additions: 1, deletions: 0, ...(patch ? { patch } : {}) }
      }),
      commits: [],
    })
    await push.before?.()
    writeTree(workspace, {
      '.git/HEAD': `${MERGE_SHA}\n`,
      '.git/shallow': `${MERGE_SHA}\n`,
      '.git/config': '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = https://github.com/acme/docs\n',
    })
    const pr = PULL_EVENT.payload.pull_request
    return runAction({
      runtime,
      action: 'check',
      inputs: { checks: 'links', 'check-run': 'off', ...push.inputs },
      env: {
        GITHUB_WORKSPACE: workspace,
        ...toolCacheEnv(fakeToolCache(mode)),
        GITHUB_API_URL: gh.baseUrl,
      },
      event: {
        ...PULL_EVENT,
        payload: { ...PULL_EVENT.payload, pull_request: { ...pr, head: { ...pr.head, sha: headSha } } },
      },
      killAfterMs: 240_000,
    })
  }

  /** The files with each live suggestion committed, as GitHub's "Commit suggestion" does: its lines replaced. */
  function withSuggestions(gh: GitHubSimulator, files: Files): Files {
    const out = { ...files }
    const comments = gh.reviews.liveComments(7).sort((a, b) => b.line - a.line)
    for (const c of comments) {
      const block = /^(`{3,})suggestion\n([\s\S]*?)\n\1$/m.exec(c.body)
      expect(block, c.body).not.toBeNull()
      const lines = (out[c.path] ?? '').split('\n')
      lines.splice((c.startLine ?? c.line) - 1, c.line - (c.startLine ?? c.line) + 1, ...(block?.[2] ?? '').split('\n'))
      out[c.path] = lines.join('\n')
    }
    return out
  }

  /** The files with the run's patch applied by `git apply` in a repository of them. */
  function withPatch(run: ActionRun, files: Files): Files {
    const patch = run.outputs['fixes-patch'] ?? ''
    expect(patch).not.toBe('')
    const dir = mkdtempSync(join(tmpdir(), 'apply-'))
    execFileSync('git', ['init', '-q', dir])
    writeTree(dir, files)
    execFileSync('git', ['apply', patch], { cwd: dir, stdio: 'pipe' })
    return Object.fromEntries(Object.keys(files).map((p) => [p, readFileSync(join(dir, p), 'utf8')]))
  }

  const refused = (gh: GitHubSimulator): number =>
    gh.requests.filter((r) => r.route === 'create-review').length - gh.reviews.reviews.length

  describe(`the fixes the check knows, on the pull request (${runtime.name})`, () => {
    test('a rename, its link on a changed line and the redirects in the hunk: one review, two suggestions that, committed, make the check pass', async () => {
      const gh = await startGitHub()
      const pull = renameCase(smallConfig)
      const run = await check(gh, pull)
      expect(run.code).toBe(1)
      expect(
        problemsOf(run)
          .problems.filter((p) => p.status === 'new')
          .map((p) => p.rule),
      ).toEqual(['broken-link', 'lost-address'])
      expect(gh.reviews.reviews).toHaveLength(1)
      const [review] = gh.reviews.reviews
      expect(review?.commitId).toBe(HEAD_SHA)
      expect(review?.body).toContain('2 fixes for what this pull request broke, as 2 suggested changes')
      expect(review?.comments.map((c) => [c.path, c.line])).toEqual([
        ['index.mdx', 5],
        ['docs.json', 7],
      ])
      expect(review?.comments[0]?.body).toContain('```suggestion\nRead [the guide](/guides/b) before you start.\n```')
      expect(run.outputs['fixes-patch']).toBe('')
      expect(run.summary).toContain('2 fixes as')
      const fixed = withSuggestions(gh, pull.head)
      const again = await check(await startGitHub(), { ...pull, head: fixed, headSha: 'e'.repeat(40) })
      expect(again.errors).toEqual([])
      expect(again.code).toBe(0)
    })

    test('the redirects far from every hunk: the link suggested, the redirect in the patch, never a refused comment', async () => {
      const gh = await startGitHub()
      const pull = renameCase(farConfig)
      const run = await check(gh, pull)
      expect(refused(gh)).toBe(0)
      expect(gh.reviews.reviews[0]?.comments.map((c) => c.path)).toEqual(['index.mdx'])
      const patch = readFileSync(run.outputs['fixes-patch'] ?? '', 'utf8')
      expect(patch).toContain('+++ b/docs.json')
      expect(patch).toContain('+    { "source": "/guides/a", "destination": "/guides/b" },')
      expect(run.summary).toMatch(/1 fix in the patch the output fixes-patch names.*docs\.json/)
      const fixed = withPatch(run, withSuggestions(gh, pull.head))
      const again = await check(await startGitHub(), { ...pull, head: fixed, headSha: 'e'.repeat(40) })
      expect(again.code).toBe(0)
    })

    test('a renamed page an old redirect still sends readers to, linked from a page the pull request never touched: the suggestion and the patch, both applied, make the check pass', async () => {
      const config = (guide: string): string =>
        smallConfig(guide, ['  "redirects": [{ "source": "/old", "destination": "/guides/a" }]'])
      const base = {
        'docs.json': config('guides/a'),
        'index.mdx': page('Home', 'Read [the guide](/guides/a#steps).'),
        'guides/a.mdx': guide,
      }
      const head = { ...base, 'docs.json': config('guides/b'), 'guides/b.mdx': guide }
      delete (head as Partial<Files>)['guides/a.mdx']
      const gh = await startGitHub()
      const pull = { base, head, renamed: { 'guides/b.mdx': 'guides/a.mdx' } }
      const run = await check(gh, pull)
      expect(run.code).toBe(1)
      const [review] = gh.reviews.reviews
      expect(review?.comments.map((c) => [c.path, c.line])).toEqual([['docs.json', 7]])
      expect(review?.body).toContain('2 fixes for what this pull request broke, as 1 suggested change')
      expect(review?.comments[0]?.body).toContain(
        '  "redirects": [{ "source": "/guides/a", "destination": "/guides/b" }, { "source": "/old", "destination": "/guides/b" }]',
      )
      const fixed = withPatch(run, withSuggestions(gh, pull.head))
      expect(fixed['index.mdx']).toContain('(/guides/b#steps)')
      const again = await check(await startGitHub(), { ...pull, head: fixed, headSha: 'e'.repeat(40) })
      expect(again.code).toBe(0)
    })

    test('redirects kept in redirects.json ($ref): a rename that makes one a chain gets it sent straight on there, and committed, the check passes', async () => {
      const config = (to: string): string => smallConfig(to, ['  "redirects": { "$ref": "./redirects.json" }'])
      const redirects = (...entries: string[]): string => `[\n${entries.join(',\n')}\n]\n`
      const base = {
        'docs.json': config('guides/a'),
        'redirects.json': redirects('  { "source": "/start", "destination": "/guides/a" }'),
        'index.mdx': page('Home', 'Read [the guide](/guides/a) first.'),
        'guides/a.mdx': guide,
      }
      const head: Files = {
        'docs.json': config('guides/b'),
        'redirects.json': redirects(
          '  { "source": "/start", "destination": "/guides/a" }',
          '  { "source": "/guides/a", "destination": "/guides/b" }',
        ),
        'index.mdx': page('Home', 'Read [the guide](/guides/b) first.'),
        'guides/b.mdx': guide,
      }
      const gh = await startGitHub()
      const pull = { base, head, renamed: { 'guides/b.mdx': 'guides/a.mdx' } }
      const run = await check(gh, pull)
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule, p.file, p.line])).toEqual([
        ['new', 'redirect-fault', 'redirects.json', 2],
      ])
      const [review] = gh.reviews.reviews
      expect(review?.comments.map((c) => [c.path, c.line])).toEqual([['redirects.json', 2]])
      expect(review?.comments[0]?.body).toContain(
        '```suggestion\n  { "source": "/start", "destination": "/guides/b" },\n```',
      )
      const fixed = withSuggestions(gh, pull.head)
      const again = await check(await startGitHub(), { ...pull, head: fixed, headSha: 'e'.repeat(40) })
      expect(again.errors).toEqual([])
      expect(again.code).toBe(0)
    })

    test("redirects kept in redirects.json ($ref): a renamed page's redirect is added there, read at the head where the base branch moved it, and applied, the check passes", async () => {
      const config = (to: string): string => smallConfig(to, ['  "redirects": { "$ref": "./redirects.json" }'])
      const redirects = (...entries: string[]): string => `[\n${entries.join(',\n')}\n]\n`
      const start = '  { "source": "/start", "destination": "/" }'
      const base = {
        'docs.json': config('guides/a'),
        'redirects.json': redirects(start),
        'index.mdx': page('Home', 'Read [the guide](/guides/a) first.'),
        'guides/a.mdx': guide,
      }
      const head: Files = {
        ...base,
        'docs.json': config('guides/b'),
        'index.mdx': page('Home', 'Read [the guide](/guides/b) first.'),
        'guides/b.mdx': guide,
      }
      delete (head as Partial<Files>)['guides/a.mdx']
      // the checkout is the merge commit: the base branch added a redirect since the pull request branched
      const merged = { ...head, 'redirects.json': redirects(start, '  { "source": "/later", "destination": "/" }') }
      const gh = await startGitHub()
      const pull = { base, head, merged, renamed: { 'guides/b.mdx': 'guides/a.mdx' } }
      const run = await check(gh, pull)
      expect(run.code).toBe(1)
      expect(problemsOf(run).problems.map((p) => [p.status, p.rule])).toEqual([['new', 'lost-address']])
      expect(gh.reviews.reviews).toEqual([])
      const patch = readFileSync(run.outputs['fixes-patch'] ?? '', 'utf8')
      expect(patch).toContain('+++ b/redirects.json')
      expect(patch).toContain('+  { "source": "/guides/a", "destination": "/guides/b" },')
      expect(patch).not.toContain('/later')
      expect(patch).not.toContain('docs.json')
      const fixed = withPatch(run, head)
      const again = await check(await startGitHub(), {
        ...pull,
        head: fixed,
        merged: undefined,
        headSha: 'e'.repeat(40),
      })
      expect(again.errors).toEqual([])
      expect(again.code).toBe(0)
    })

    test('a second push replaces the review: the first loses its suggestions and points to the new one; a rerun on the same head adds none', async () => {
      const gh = await startGitHub()
      const pull = renameCase(smallConfig)
      await check(gh, pull)
      const second = {
        ...pull,
        head: { ...pull.head, 'guides/b.mdx': page('The guide', 'Steps to follow, in order.') },
        headSha: 'f'.repeat(40),
      }
      const run = await check(gh, second)
      expect(run.code).toBe(1)
      expect(gh.reviews.reviews).toHaveLength(2)
      const [first, now] = gh.reviews.reviews
      expect(first?.comments).toEqual([])
      expect(first?.body).toContain('the suggestions for aaaaaaa were removed: the pull request is now at fffffff')
      expect(first?.body).toContain(`#pullrequestreview-${now?.id}`)
      expect(now?.commitId).toBe('f'.repeat(40))
      expect(now?.comments).toHaveLength(2)
      // never two live reviews holding the same suggestion
      expect(gh.reviews.liveComments(7)).toHaveLength(2)
      await check(gh, second)
      expect(gh.reviews.reviews).toHaveLength(2)
      expect(gh.reviews.liveComments(7)).toHaveLength(2)
    })

    test('a rename and a redirect the pull request adds to the old address: every fix, applied together, passes in one round', async () => {
      const config = (page: string, redirects: string[]): string =>
        smallConfig(page, ['  "redirects": [', ...redirects, '  ]'])
      const base = {
        'docs.json': config('interceptor', ['    { "source": "/start", "destination": "/" }']),
        'index.mdx': page('Home', 'Read about [the interceptor](/interceptor).'),
        'interceptor.mdx': page('Interceptor', 'What it does.'),
      }
      const head: Files = {
        'docs.json': config('interceptors', [
          '    { "source": "/start", "destination": "/" },',
          '    { "source": "/legacy/interceptor", "destination": "/interceptor" }',
        ]),
        'index.mdx': page('Home', 'Read about [the interceptor](/interceptor).'),
        'interceptors.mdx': page('Interceptor', 'What it does.'),
      }
      // with the CLI's check of the redirects too, which reports the added one broken in the first round
      for (const inputs of [{}, { checks: 'links, redirects' }] as Array<Record<string, string>>) {
        const gh = await startGitHub()
        const pull = { base, head, renamed: { 'interceptors.mdx': 'interceptor.mdx' }, inputs }
        const run = await check(gh, pull)
        expect(run.code).toBe(1)
        const suggested = withSuggestions(gh, pull.head)
        const fixed = run.outputs['fixes-patch'] ? withPatch(run, suggested) : suggested
        const again = await check(await startGitHub(), { ...pull, head: fixed, headSha: 'e'.repeat(40) })
        expect(
          problemsOf(again).problems.filter((p) => p.status === 'new'),
          JSON.stringify(inputs),
        ).toEqual([])
        expect(again.code).toBe(0)
        expect(fixed['docs.json']).toContain('{ "source": "/legacy/interceptor", "destination": "/interceptors" }')
      }
    })

    test("reviews by the check's own identity that are not the check's (the mark with other text, a comment that is no suggestion of its own) are left alone", async () => {
      const gh = await startGitHub()
      const pull = renameCase(smallConfig)
      const own = reviewBody(
        [{ path: 'index.mdx', line: 5, endLine: 5, before: [], after: ['x'], fixes: ['f'] }],
        'a'.repeat(40),
      )
      const suggestion =
        '**Fixes** this problem:\n- f\n\n```suggestion\nRead [the guide](/elsewhere) before you start.\n```'
      // as the token's identity (the repository's shared github-actions[bot]): what any workflow of it can write
      const forged = [
        { body: `${own}\n\nAnd approve the rest.`, comment: suggestion },
        { body: own, comment: 'Looks good to me.' },
      ]
      const write = async (): Promise<void> => {
        for (const f of forged) {
          const made = await fetch(`${gh.baseUrl}/repos/acme/docs/pulls/7/reviews`, {
            method: 'POST',
            headers: { authorization: `token ${TEST_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              commit_id: HEAD_SHA,
              body: f.body,
              event: 'COMMENT',
              comments: [{ path: 'index.mdx', line: 5, side: 'RIGHT', body: f.comment }],
            }),
          })
          expect(made.status).toBe(200)
        }
        before = JSON.stringify(gh.reviews.reviews)
      }
      let before = ''
      const run = await check(gh, { ...pull, before: write })
      expect(run.code).toBe(1)
      expect(JSON.stringify(gh.reviews.reviews.slice(0, 2))).toBe(before)
      expect(gh.reviews.reviews).toHaveLength(3)
      expect(gh.reviews.reviews[2]?.comments).toHaveLength(2)
    })

    test('a token that cannot review (403): one notice, the same verdict, every fix in the patch', async () => {
      const gh = await startGitHub()
      gh.reviews.writable = false
      const pull = renameCase(smallConfig)
      const run = await check(gh, pull)
      expect(run.code).toBe(1)
      expect(run.notices.filter((n) => n.includes('not suggested'))).toEqual([
        expect.stringContaining('this token cannot review pull request #7 (GitHub answered 403'),
      ])
      expect(problemsOf(run).problems.filter((p) => p.status === 'new')).toHaveLength(2)
      const patch = readFileSync(run.outputs['fixes-patch'] ?? '', 'utf8')
      expect(patch).toContain('+++ b/index.mdx')
      expect(patch).toContain('+++ b/docs.json')
    })

    test('a rename linked from 20 files the pull request never touched, the base branch moved since: the patch, applied to the head with git apply, makes the check pass', async () => {
      const linking = Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `pages/p${i + 1}.mdx`,
          page(`Page ${i + 1}`, 'See [the guide](/guides/a).'),
        ]),
      )
      const pull = renameCase(smallConfig)
      const base = { ...pull.base, ...linking }
      const head = { ...pull.head, 'index.mdx': pull.base['index.mdx'] ?? '', ...linking }
      // the base branch since: a line above the link in one of them, another page edited
      const merged = { ...head, 'pages/p5.mdx': page('Page 5', 'A new first line.\n\nSee [the guide](/guides/a).') }
      const gh = await startGitHub()
      const run = await check(gh, { base, head, renamed: pull.renamed, merged, inputs: { suggestions: 'off' } })
      expect(run.code).toBe(1)
      expect(gh.requests.filter((r) => r.route === 'list-reviews' || r.route === 'create-review')).toEqual([])
      expect(problemsOf(run).problems.filter((p) => p.status === 'new')).toHaveLength(22)
      // the moved file read at the head commit, the others as checked out
      expect(gh.requests.filter((r) => r.route === 'get-content' && r.url.includes('p5.mdx'))).toHaveLength(1)
      const fixed = withPatch(run, head)
      expect(fixed['pages/p5.mdx']).toBe(page('Page 5', 'See [the guide](/guides/b).'))
      const again = await check(await startGitHub(), {
        base,
        head: fixed,
        renamed: pull.renamed,
        headSha: 'e'.repeat(40),
      })
      expect(again.code).toBe(0)
    })
  })
}
