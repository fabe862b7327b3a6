import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { RUNTIMES, type Runtime, runAction } from '../e2e/harness.js'
import { startGitHub } from '../e2e/fixtures.js'
import { type FakeCli, type Printed, fakeToolCache } from '../simulator/fake-tools.js'
import { BASE_SHA, HEAD_SHA, MERGE_BASE_SHA, PULL_EVENT, docsJson, page, pullFiles } from './scenarios.js'

/**
 * The check's verdict at its default inputs (no key, `on-problems: fail`) held to the CLI's own
 * words: whatever a pull request does to a site's pages and links, when the CLI reports a problem on
 * the head that it does not report on the base, the step fails. The CLI's report is what it printed
 * in the run itself (printed.jsonl, fake-mint.mjs): in npm test the fake's model of it, in the CLI
 * suite the real CLI's. A problem is the same on both sides by its file (a renamed file by its old
 * name) and its target (a link to a renamed page by its old address), as many times as it is listed.
 *
 * The documented rules under which a head-only problem does not fail, each named here (EXCUSES):
 * - unsure: the CLI warned on the head and not on the base (a remote OpenAPI document it could not
 *   fetch), and the link is not one the pull request wrote;
 * - a snippet's heading: a link to a heading of a snippet its page shows, which the CLI does not read;
 * - min-views: an address that no longer answers, read by fewer than min-views readers (with a key).
 * The pull requests generated here hold no snippet and the runs no key, so only the first can apply;
 * the test says so when it does.
 */

export interface VerdictPull {
  /** The base's pages (guides/p0.mdx …), each with its links: a page's number, or a missing page's (gone…). */
  links: Array<Array<{ to: number; anchor?: 'set-up' | 'nowhere' }>>
  /** What the head does to them. */
  changes: Change[]
}

export type Change =
  | { kind: 'delete'; page: number }
  | { kind: 'rename'; page: number }
  | { kind: 'link'; page: number; to: number; anchor?: 'set-up' | 'nowhere' }
  | { kind: 'unlink'; page: number }
  | { kind: 'add'; to: number }

/** Link targets: a page of the base (0…), or one no tree has (99…). */
const target = (pages: number): fc.Arbitrary<{ to: number; anchor?: 'set-up' | 'nowhere' }> =>
  fc.record(
    {
      to: fc.oneof(fc.integer({ min: 0, max: pages - 1 }), fc.integer({ min: 99, max: 100 })),
      anchor: fc.constantFrom('set-up' as const, 'nowhere' as const),
    },
    { requiredKeys: ['to'] },
  )

export const VERDICT_PULL: fc.Arbitrary<VerdictPull> = fc.integer({ min: 2, max: 5 }).chain((pages) =>
  fc.record({
    links: fc.array(fc.array(target(pages), { maxLength: 3 }), { minLength: pages, maxLength: pages }),
    changes: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('delete' as const), page: fc.integer({ min: 1, max: pages - 1 }) }),
        fc.record({ kind: fc.constant('rename' as const), page: fc.integer({ min: 1, max: pages - 1 }) }),
        target(pages).chain((t) =>
          fc.record({
            kind: fc.constant('link' as const),
            page: fc.integer({ min: 0, max: pages - 1 }),
            to: fc.constant(t.to),
            ...(t.anchor ? { anchor: fc.constant(t.anchor) } : {}),
          }),
        ),
        fc.record({ kind: fc.constant('unlink' as const), page: fc.integer({ min: 0, max: pages - 1 }) }),
        fc.record({
          kind: fc.constant('add' as const),
          to: fc.oneof(fc.integer({ min: 0, max: pages - 1 }), fc.constant(99)),
        }),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  }),
)

/** A page's address, by its number: a base page, a renamed one, or one no tree has. */
const address = (to: number): string => (to >= 99 ? `/guides/gone-${to}` : `/guides/p${to}`)

/** The base's files and the head's, and the head's renames (new path → old path). */
export function verdictTrees(pull: VerdictPull): {
  base: Record<string, string>
  head: Record<string, string>
  renamed: Record<string, string>
} {
  const body = (links: ReadonlyArray<{ to: number; anchor?: string }>): string =>
    links.map((l, i) => `See [link ${i}](${address(l.to)}${l.anchor ? `#${l.anchor}` : ''}).`).join('\n\n')
  const guide = (i: number, links: ReadonlyArray<{ to: number; anchor?: string }>): string =>
    page(`Guide ${i}`, `# Guide ${i}\n\n## Set up\n\n${body(links)}`)
  const base: Record<string, string> = { 'docs.json': docsJson({}, ['index']), 'index.mdx': page('Home', '# Home\n') }
  pull.links.forEach((links, i) => (base[`guides/p${i}.mdx`] = guide(i, links)))
  const links = pull.links.map((l) => [...l])
  const gone = new Set<number>()
  const moved = new Set<number>()
  let added = 0
  const extra: Record<string, string> = {}
  for (const c of pull.changes) {
    if (c.kind === 'delete') gone.add(c.page)
    else if (c.kind === 'rename') moved.add(c.page)
    else if (c.kind === 'link') links[c.page]?.push({ to: c.to, ...(c.anchor ? { anchor: c.anchor } : {}) })
    else if (c.kind === 'unlink') links[c.page]?.shift()
    else extra[`guides/new-${added++}.mdx`] = page('New', `# New\n\nSee [a page](${address(c.to)}).`)
  }
  const head: Record<string, string> = {
    'docs.json': base['docs.json'] ?? '',
    'index.mdx': base['index.mdx'] ?? '',
    ...extra,
  }
  const renamed: Record<string, string> = {}
  links.forEach((l, i) => {
    if (gone.has(i)) return
    const path = moved.has(i) ? `moved/p${i}.mdx` : `guides/p${i}.mdx`
    head[path] = guide(i, l)
    if (moved.has(i)) renamed[path] = `guides/p${i}.mdx`
  })
  return { base, head, renamed }
}

/** What `mint broken-links` printed, read apart from the check: each file and target it listed. */
export function listedProblems(stdout: string): string[] {
  // eslint-disable-next-line no-control-regex -- the CLI's colours are what this removes
  const lines = stdout.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').split('\n')
  const found: string[] = []
  let file: string | undefined
  let listing = false
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '').trim()
    if (/^found \d+ broken links? in \d+ files?$/i.test(line)) listing = true
    else if (!listing || line === '') continue
    else if (line.startsWith('⎿')) found.push(`${file ?? ''}\u0000${line.slice(1).trim()}`)
    else file = line
  }
  return found
}

/** Each key as many times as it is listed. */
const counted = (keys: readonly string[]): Map<string, number> => {
  const m = new Map<string, number>()
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1)
  return m
}

export interface VerdictRun {
  code: number | null
  summary: string
  printed: Printed[]
}

/** Runs the check at its default inputs on a generated pull request (its checkout the head), the CLI as `cli` gives it. */
export async function checkVerdictPull(
  pull: VerdictPull,
  runtime: Runtime,
  cli: FakeCli = fakeToolCache('model'),
): Promise<VerdictRun> {
  const { base, head, renamed } = verdictTrees(pull)
  const workspace = mkdtempSync(join(tmpdir(), 'verdict-workspace-'))
  for (const [path, text] of Object.entries({ ...head, '.git/HEAD': `${HEAD_SHA}\n` })) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true })
    writeFileSync(join(workspace, path), text)
  }
  const gh = await startGitHub()
  gh.pullFiles.set(7, pullFiles(base, head, renamed))
  for (const [path, text] of Object.entries(base)) gh.contents.set(`${MERGE_BASE_SHA}:${path}`, text)
  gh.compares.set(`${BASE_SHA}...${HEAD_SHA}`, { files: [], commits: [], mergeBase: MERGE_BASE_SHA })
  const run = await runAction({
    runtime,
    action: 'check',
    inputs: {},
    env: { GITHUB_WORKSPACE: workspace, RUNNER_TOOL_CACHE: cli.toolCache, PATH: cli.path, GITHUB_API_URL: gh.baseUrl },
    event: PULL_EVENT,
    killAfterMs: 240_000,
  })
  rmSync(workspace, { recursive: true, force: true })
  return { code: run.code, summary: run.summary, printed: cli.printed() }
}

/** The documented rules a head-only problem may pass under (docs/actions/check.md), each with whether it can apply here. */
export const EXCUSES = {
  unsure: 'the CLI warned on the head and not on its base: a link the pull request did not write is unsure',
  "a snippet's heading": 'cannot apply here: the generated pull requests hold no snippet',
  'min-views': 'cannot apply here: the runs have no key, so no address is weighed by its readers',
} as const

/** Whether the CLI warned on the head and not on its base (the unsure rule). */
const warnedOnHeadAlone = (head: Printed | undefined, base: Printed | undefined): boolean =>
  /warn/i.test(head?.stdout ?? '') && !/warn/i.test(base?.stdout ?? '')

/**
 * What the CLI reported on the head and not on the base, through the pull request's renames; and
 * whether the run failed. The base's report is its own run's (a pull request that changes no file
 * the site reads has its head's).
 */
export function headOnly(pull: VerdictPull, ran: VerdictRun): { problems: string[]; excused?: keyof typeof EXCUSES } {
  const links = (p: Printed): boolean => p.args[0] === 'broken-links'
  const head = ran.printed.find((p) => links(p) && /[/\\]head$/.test(p.cwd))
  const base = ran.printed.find((p) => links(p) && /[/\\]base$/.test(p.cwd))
  const { renamed } = verdictTrees(pull)
  const fromPage = new Map(
    Object.entries(renamed).map(([to, from]) => [`/${to.replace(/\.mdx$/, '')}`, `/${from.replace(/\.mdx$/, '')}`]),
  )
  const asOnBase = (key: string): string => {
    const [file = '', target = ''] = key.split('\u0000')
    const [path = '', anchor] = target.split('#')
    const old = fromPage.get(path) ?? path
    return `${renamed[file] ?? file}\u0000${old}${anchor !== undefined ? `#${anchor}` : ''}`
  }
  const onHead = listedProblems(head?.stdout ?? '').map(asOnBase)
  // no base run: the head had nothing to compare (or the base was its head: nothing the site reads changed)
  const onBase = counted(base ? listedProblems(base.stdout) : onHead)
  const problems: string[] = []
  for (const [key, n] of counted(onHead)) if (n > (onBase.get(key) ?? 0)) problems.push(key.replace('\u0000', ' → '))
  return { problems, ...(warnedOnHeadAlone(head, base) ? { excused: 'unsure' as const } : {}) }
}

/** The property: a head-only problem fails the step (but where a documented rule excuses it); a pull request that loses nothing and adds no problem passes. */
export function holdsVerdict(pull: VerdictPull, ran: VerdictRun): void {
  const found = headOnly(pull, ran)
  const why = `${JSON.stringify(pull)}\n${found.problems.join('\n')}\n${ran.summary}`
  if (found.problems.length > 0 && found.excused === undefined) expect(ran.code, why).not.toBe(0)
  const losesNothing = !pull.changes.some((c) => c.kind === 'delete' || c.kind === 'rename')
  if (found.problems.length === 0 && losesNothing) expect(ran.code, why).toBe(0)
}

/**
 * The seeded cases `from` to `to` (of 30, seed 72) through the bundle on the real CLI, each held to
 * what the CLI printed in the run itself; what it printed is not kept (a folder of this run's own).
 */
export function describeVerdictCases(from: number, to: number): void {
  describe('the verdict at default inputs, against what the real CLI reported', () => {
    const recordings = mkdtempSync(join(tmpdir(), 'verdict-recordings-'))
    const cases = fc.sample(VERDICT_PULL, { numRuns: 30, seed: 72 }).slice(from, to)
    test.each(cases.map((pull, i) => [from + i + 1, pull] as const))('case %i', async (_, pull) => {
      holdsVerdict(pull, await checkVerdictPull(pull, RUNTIMES[0], fakeToolCache('record', recordings)))
    })
  })
}
