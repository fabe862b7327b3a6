import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { expect } from 'vitest'
import { parse } from 'yaml'
import { type Runtime, ROOT, runAction } from '../e2e/harness.js'
import { startGitHub } from '../e2e/fixtures.js'
import { type FakeCli, fakeToolCache } from '../simulator/fake-tools.js'
import {
  BASE_SHA,
  HEAD_SHA,
  MERGE_BASE_SHA,
  OUTSIDE,
  PULL_EVENT,
  bytesOf,
  changedBytes,
  docsJson,
  page,
  pullFiles,
} from './scenarios.js'

/**
 * Pull requests a hostile author could make, generated (docs/security.md): pages renamed to names of
 * any characters but NUL and `/` (line breaks, quotes, brackets, a `diff --git` section, across
 * folders), a name that is not UTF-8, and links in and out of the site (a page linked to the
 * workspace's workflow or its .git, a folder linked outside the repository, a loop, a link to
 * nowhere), one of the linked pages excluded so the check writes its stand-in. Whatever the check
 * makes of them, it writes no byte in the workspace, where its links lead or in the installed CLI,
 * and every patch it offers passes the fix example's own check (examples/docs-fix-push.yml).
 */

/** A name of a file or folder: any characters but NUL and `/`, hostile ones often. */
const NAME = fc
  .string({
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('a', 'b', '-', '.') },
      {
        weight: 2,
        arbitrary: fc.constantFrom('\n', '\r', ')', '(', ' ', '"', "'", '`', '<', '>', '{', '}', '#', '?', '\\'),
      },
      { weight: 1, arbitrary: fc.constantFrom('\u202e', '\u200b', '\u2028', '\t', 'é', 'ガ', '\u001b') },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 1, max: 0x10ffff })
          .filter((c) => (c < 0xd800 || c > 0xdfff) && c !== 0x2f)
          .map((c) => String.fromCodePoint(c)),
      },
    ),
    minLength: 1,
    maxLength: 10,
  })
  .filter((n) => n !== '.' && n !== '..' && !/^\.git(hub)?$/i.test(n) && Buffer.byteLength(n) < 200)

/** The symbolic links a pull request may carry, by where they lead. */
const LINKS: Record<string, string> = {
  'the workflow': '{{workspace}}/.github/workflows/ci.yml',
  '.git': '{{workspace}}/.git/config',
  'a page': '{{workspace}}/guides/p0.mdx',
  'a folder outside': '{{outside}}/notes',
  'a file outside': '{{outside}}/notes/secret.mdx',
  'the repository (a loop)': '..',
  nowhere: '{{workspace}}/nowhere.mdx',
}

export interface HostilePull {
  /** How many guides the base has (guides/p0.mdx …), each linking to the next. */
  guides: number
  /** Guides renamed, each to folders of hostile names. */
  renames: Array<{ guide: number; to: string[] }>
  /** Links the head adds, at `links/<name>.mdx` (or a folder), by what LINKS says they lead to. */
  links: string[]
  /** A page whose name is not UTF-8, in the workspace (GitHub does not list it). */
  oddName: boolean
}

export const HOSTILE_PULL: fc.Arbitrary<HostilePull> = fc.integer({ min: 2, max: 4 }).chain((guides) =>
  fc.record({
    guides: fc.constant(guides),
    renames: fc.uniqueArray(
      fc.record({ guide: fc.integer({ min: 0, max: guides - 1 }), to: fc.array(NAME, { minLength: 1, maxLength: 3 }) }),
      { minLength: 1, maxLength: guides, selector: (r) => r.guide },
    ),
    links: fc.subarray(Object.keys(LINKS)),
    oddName: fc.boolean(),
  }),
)

/** The base's files, and the head's (the renamed guides at their new names; links apart). */
function trees(pull: HostilePull): {
  base: Record<string, string>
  head: Record<string, string>
  renamed: Record<string, string>
} {
  const guide = (i: number): string =>
    page(`Guide ${i}`, `# Guide ${i}\n\nNext: [guide ${(i + 1) % pull.guides}](/guides/p${(i + 1) % pull.guides}).`)
  const base: Record<string, string> = {
    'docs.json': docsJson({}, ['index']),
    'index.mdx': page('Home', `# Home\n\nStart with [the guide](/guides/p0).`),
    '.github/workflows/ci.yml': 'on: push\n',
  }
  for (let i = 0; i < pull.guides; i++) base[`guides/p${i}.mdx`] = guide(i)
  const head = { ...base }
  const renamed: Record<string, string> = {}
  for (const { guide: i, to } of pull.renames) {
    const path = `${to.join('/')}.mdx`
    delete head[`guides/p${i}.mdx`]
    head[path] = guide(i)
    renamed[path] = `guides/p${i}.mdx`
  }
  return { base, head, renamed }
}

export interface Ran {
  /** What changed that the check must never write: the workspace, where links lead, the installed CLI. */
  touched: string[]
  /** The fix example's check of the run's patch: its exit code and words; undefined with no patch. */
  patchCheck?: { code: number; said: string }
  code: number | null
  summary: string
}

/** Runs the check on a generated pull request (the checkout its head), the CLI as `cli` gives it. */
export async function checkHostilePull(
  pull: HostilePull,
  runtime: Runtime,
  cli: FakeCli = fakeToolCache('model'),
): Promise<Ran> {
  const { base, head, renamed } = trees(pull)
  const workspace = mkdtempSync(join(tmpdir(), 'hostile-workspace-'))
  const outside = mkdtempSync(join(tmpdir(), 'hostile-outside-'))
  const write = (dir: string, files: Record<string, string>): void => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
  }
  write(workspace, head)
  write(outside, OUTSIDE)
  write(workspace, {
    '.git/HEAD': `${HEAD_SHA}\n`,
    '.git/config': '[core]\n\trepositoryformatversion = 0\n',
  })
  mkdirSync(join(workspace, 'links'))
  for (const name of pull.links)
    symlinkSync(
      (LINKS[name] ?? '').split('{{workspace}}').join(workspace).split('{{outside}}').join(outside),
      join(workspace, 'links', `${name}.mdx`),
    )
  mkdirSync(join(workspace, 'guides'), { recursive: true })
  if (pull.oddName)
    writeFileSync(
      Buffer.concat([Buffer.from(join(workspace, 'guides', 'caf')), Buffer.from([0xe9, 0x0a]), Buffer.from('.mdx')]),
      '# Odd\n',
    )
  const gh = await startGitHub()
  gh.pullFiles.set(7, pullFiles(base, head, renamed))
  for (const [path, text] of Object.entries(base)) gh.contents.set(`${MERGE_BASE_SHA}:${path}`, text)
  gh.compares.set(`${BASE_SHA}...${HEAD_SHA}`, { files: [], commits: [], mergeBase: MERGE_BASE_SHA })
  const before = { workspace: bytesOf(workspace), outside: bytesOf(outside) }
  const run = await runAction({
    runtime,
    action: 'check',
    // a linked page excluded: the check writes its stand-in, in its copy alone
    inputs: { checks: 'links', exclude: 'links/the workflow.mdx, links/a file outside.mdx' },
    env: { GITHUB_WORKSPACE: workspace, RUNNER_TOOL_CACHE: cli.toolCache, PATH: cli.path, GITHUB_API_URL: gh.baseUrl },
    event: PULL_EVENT,
    killAfterMs: 240_000,
  })
  const installed = join(cli.folder, 'node_modules')
  const touched = [
    ...changedBytes(before.workspace, bytesOf(workspace)),
    ...changedBytes(before.outside, bytesOf(outside)).map((p) => `{{outside}}/${p}`),
    // the CLI's own log of its runs aside (the fake writes it beside its entry)
    ...(existsSync(installed)
      ? changedBytes(cliBytes(cli), withoutLogs(bytesOf(installed))).map((p) => `{{cli}}/${p}`)
      : []),
  ]
  const patch = run.outputs['fixes-patch'] ?? ''
  const ran: Ran = { touched, code: run.code, summary: run.summary }
  if (patch !== '') ran.patchCheck = checkPatch(workspace, patch)
  rmSync(outside, { recursive: true, force: true })
  return ran
}

/** The fake CLI's files as its npm installs them (its template), without the logs it writes as it runs. */
function cliBytes(cli: FakeCli): Map<string, string> {
  return withoutLogs(bytesOf(join(cli.template, 'node_modules')))
}
const withoutLogs = (files: Map<string, string>): Map<string, string> =>
  new Map([...files].filter(([path]) => !/\/(env\.jsonl|printed\.jsonl|pids-\d+\.json|lost-[0-9a-f]+)$/.test(path)))

/** The fix example's check of the patch (docs-fix-push.yml, step `patch`), in a commit of the workspace. */
function checkPatch(workspace: string, patch: string): { code: number; said: string } {
  const workflow = parse(readFileSync(join(ROOT, 'examples', 'docs-fix-push.yml'), 'utf8')) as {
    jobs: Record<string, { steps: Array<{ id?: string; run?: string }> }>
  }
  const script = Object.values(workflow.jobs)[0]?.steps.find((s) => s.id === 'patch')?.run ?? ''
  const root = mkdtempSync(join(tmpdir(), 'hostile-patch-'))
  const repo = join(root, 'repo')
  // by cp, which copies names that are not UTF-8 as they are, links as links; the checkout's .git aside
  execFileSync('cp', ['-a', workspace, repo])
  rmSync(join(repo, '.git'), { recursive: true, force: true })
  execFileSync('git', ['init', '-q', repo])
  execFileSync('git', ['add', '-A'], { cwd: repo })
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'head'], { cwd: repo })
  mkdirSync(join(root, 'temp', 'docs-fixes'), { recursive: true })
  cpSync(patch, join(root, 'temp', 'docs-fixes', 'mintlify-fixes.patch'))
  const ran = spawnSync('bash', ['-c', script], {
    cwd: repo,
    env: { PATH: process.env.PATH, RUNNER_TEMP: join(root, 'temp'), DOCS_FOLDER: '' },
    encoding: 'utf8',
  })
  return { code: ran.status ?? -1, said: `${ran.stdout}${ran.stderr}` }
}

/** What holds for every generated pull request: nothing written outside the check's folder, every patch one the example applies. */
export function holds(pull: HostilePull, ran: Ran): void {
  expect(ran.touched, JSON.stringify(pull)).toEqual([])
  if (ran.patchCheck) expect(ran.patchCheck, JSON.stringify(pull)).toMatchObject({ code: 0 })
}
