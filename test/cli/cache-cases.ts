import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ENTRY_PATH, entryKey, treeFingerprint, writeEntry } from '../../src/check/base-cache.js'
import { MINT_VERSION } from '../../src/check/inputs.js'
import type { ActionRun, Runtime } from '../e2e/harness.js'
import { SCENARIOS, type Scenario, docsJson, problemsOf, runScenario } from './scenarios.js'
import { type CacheService, startCacheService } from '../simulator/cache-service.js'
import { type MintMode, fakeToolCache } from '../simulator/fake-tools.js'

/**
 * The base checked once per commit: the check keeps a tree's problems in the runner's cache (the
 * real @actions/cache client against a local cache service, both of its protocols), so a pull
 * request whose base was checked before (by the push that made it, or by another pull request)
 * runs the CLI on its head only; a cache that cannot be read or written is one notice and the
 * check as without it, never a failure. In npm test the CLI is the fake that replays the real CLI's
 * output (test/in-process/check-cache.test.ts); the cases the issue names (an entry forged or
 * writing beside its own, a site's link down today) also run through the bundle on the real CLI
 * (check-cache.cli.test.ts).
 */

const typoFix = SCENARIOS.find((s) => s.name.startsWith('a pull request that fixes a typo')) as Scenario
const rename = SCENARIOS.find((s) => s.name.startsWith('a pull request that renames a page')) as Scenario
const noSiteChange = SCENARIOS.find((s) => s.name.startsWith('a pull request that changes no file')) as Scenario
const neverRead = SCENARIOS.find((s) => s.name.startsWith('a pull request that changes only .vscode/')) as Scenario
const hiddenDraft = SCENARIOS.find((s) => s.name.startsWith('a broken link added in .drafts/')) as Scenario
const external = SCENARIOS.find((s) => s.name.includes('(external): both sides checked')) as Scenario
const upgrade = SCENARIOS.find((s) => s.name.startsWith('a site upgraded from mint.json to docs.json')) as Scenario

/** The CLI's runs of a step, by the tree they checked: `(head)`, `(base)` or `(docs)` in each log group. */
function cliRuns(run: ActionRun): Record<string, number> {
  const runs: Record<string, number> = {}
  for (const m of run.stdout.matchAll(/^::group::mint \S+.*\((head|base|docs)\)$/gm))
    runs[m[1] ?? ''] = (runs[m[1] ?? ''] ?? 0) + 1
  return runs
}

/** The push to the default branch that made the pull request's base: its docs checked as a whole. */
const pushOfBase = (scenario: Scenario): Scenario => ({
  name: 'the push of the base',
  head: scenario.base ?? {},
  ...(scenario.inputs ? { inputs: scenario.inputs } : {}),
  check: () => undefined,
})

/**
 * The cases, run on `runtime` with the CLI as `mode` gives it (the recorded fake, or the real CLI
 * through the recording shim); `only` keeps the cases whose names it accepts.
 */
export function cacheCases(runtime: Runtime, mode: MintMode, only: (name: string) => boolean = () => true): void {
  async function run(scenario: Scenario, env: Record<string, string>): Promise<ActionRun> {
    const cli = fakeToolCache(mode)
    return (await runScenario(scenario, runtime, { toolCache: cli.toolCache, path: cli.path, env })).run
  }
  const it = (name: string, body: () => Promise<void>): void => {
    if (only(name)) test(name, body)
  }

  let service: CacheService | undefined
  describe(`the base in the runner's cache (${runtime.name})`, () => {
    afterEach(async () => {
      await service?.stop()
      service = undefined
    })
    for (const protocol of ['v2', 'v1'] as const)
      it(`the push checks its commit once and keeps it; each pull request against it restores it and runs the CLI on its head only (protocol ${protocol})`, async () => {
        service = await startCacheService()
        const env = service.env(protocol)
        const push = await run(pushOfBase(typoFix), env)
        expect(push.code).toBe(1) // the base has two broken links of its own
        expect(cliRuns(push)).toEqual({ docs: 2 })
        expect(service.savedKeys()).toHaveLength(1)

        const pull = await run(typoFix, env)
        expect(cliRuns(pull)).toEqual({ head: 2 })
        expect(pull.summary).toContain('The base was checked before')
        expect(pull.code).toBe(0)
        expect(problemsOf(pull).problems.map((p) => p.status)).toEqual(['known', 'known'])
        // another pull request on the same base, changing nothing the site reads: its head is that
        // base, so the CLI does not run at all
        const other = await run(noSiteChange, env)
        expect(cliRuns(other)).toEqual({})
        expect(other.code).toBe(0)
        expect(problemsOf(other).problems.map((p) => p.status)).toEqual(['known', 'known'])
        for (const checked of [pull, other]) expect(checked.notices.filter((n) => /cache/.test(n))).toEqual([])
        // nothing saved twice, nothing more to save
        expect(service.savedKeys()).toHaveLength(1)
      })

    it('a pull request that changes only a README.md and .vscode/, its base kept: the CLI does not run', async () => {
      service = await startCacheService()
      const env = service.env()
      await run(pushOfBase(neverRead), env)
      const pull = await run(neverRead, env)
      expect(cliRuns(pull)).toEqual({})
      neverRead.check(pull)
    })

    it("links to other sites checked: the network's verdict is never kept, so each pull request checks its base", async () => {
      service = await startCacheService()
      const env = service.env()
      const push = await run(pushOfBase(external), env)
      expect(cliRuns(push)).toEqual({ docs: 1 })
      expect(service.savedKeys()).toEqual([])
      const pull = await run(external, env)
      expect(cliRuns(pull)).toEqual({ head: 1, base: 1 })
      external.check(pull)
      expect(service.savedKeys()).toEqual([])
    })

    it('an external link down today and up when its base was kept: the kept entry is not read, the link known', async () => {
      service = await startCacheService()
      const env = service.env()
      // an entry as an earlier check could have kept for this base while example.invalid answered:
      // the base's broken link of its own, and no word of the link to the other site (made in the
      // shape of one the cache client saved)
      await run(pushOfBase(typoFix), env)
      const [saved] = service.entries
      if (!saved) throw new Error('the push kept no entry')
      const base = mkdtempSync(join(tmpdir(), 'base-'))
      for (const [path, text] of Object.entries(external.base ?? {})) {
        mkdirSync(dirname(join(base, path)), { recursive: true })
        writeFileSync(join(base, path), text)
      }
      const key = entryKey({
        fingerprint: treeFingerprint(base),
        mintVersion: MINT_VERSION,
        checks: new Set(['links', 'external'] as const),
        exclude: [],
      })
      const root = mkdtempSync(join(tmpdir(), 'up-then-'))
      mkdirSync(dirname(join(root, ENTRY_PATH)), { recursive: true })
      const before = [
        { rule: 'broken-link' as const, file: 'old.mdx', target: '/gone', message: 'The link /gone leads nowhere.' },
      ]
      writeFileSync(join(root, ENTRY_PATH), writeEntry(key, { problems: before, warnings: [] }))
      service.entries.push({ ...saved, key, archive: archiveOf(root, [ENTRY_PATH]) })

      const pull = await run(external, env)
      // the base checked today, as the head is: the link down on both sides, so not this pull request's
      expect(cliRuns(pull)).toEqual({ head: 1, base: 1 })
      expect(pull.code).toBe(0)
      expect(problemsOf(pull).problems.filter((p) => p.target?.startsWith('https://'))).toEqual([
        expect.objectContaining({ status: 'known', target: 'https://example.invalid/docs' }),
      ])
      external.check(pull)
    })

    it("a base on mint.json restored for a head on docs.json: the base's redirects read from its own mint.json", async () => {
      service = await startCacheService()
      const env = service.env()
      await run(pushOfBase(upgrade), env)
      expect(service.savedKeys()).toHaveLength(1)
      const pull = await run(upgrade, env)
      expect(cliRuns(pull)).toEqual({ head: 2 })
      expect(pull.summary).toContain('The base was checked before')
      upgrade.check(pull)
    })

    it('a pull request with nothing cached checks its base beside its head and keeps it for the next one', async () => {
      service = await startCacheService()
      const first = await run(rename, service.env())
      expect(cliRuns(first)).toEqual({ head: 2, base: 2 })
      expect(service.savedKeys()).toHaveLength(1)
      const second = await run(rename, service.env())
      expect(cliRuns(second)).toEqual({ head: 2 })
      // the same verdict either way
      expect(second.code).toBe(first.code)
      expect(problemsOf(second).problems).toEqual(problemsOf(first).problems)
    })

    for (const [name, fault] of [
      ['down (every connection closed)', (s: CacheService) => (s.down = true)],
      ['answering 400', (s: CacheService) => (s.failWith = 400)],
    ] as const)
      it(`the cache service ${name}: one notice, and the check as without it`, async () => {
        service = await startCacheService()
        fault(service)
        const checked = await run(rename, service.env())
        expect(cliRuns(checked)).toEqual({ head: 2, base: 2 })
        expect(checked.code).toBe(1)
        expect(problemsOf(checked).problems).toHaveLength(4) // three broken links and the lost address
        const notices = checked.notices.filter((n) => /runner's cache/.test(n))
        expect(notices).toHaveLength(1)
        expect(notices[0]).toContain("The runner's cache could not be read")
        // the cache client's own complaints are no annotations of the step
        expect(checked.warnings).toEqual([])
        expect(
          checked.errors.filter((e) => !e.startsWith('Docs check:') && !/leads nowhere|answers on the base/.test(e)),
        ).toEqual([])
      })

    it('no cache service on the runner: one notice, the check as without it', async () => {
      const checked = await run(rename, {})
      expect(cliRuns(checked)).toEqual({ head: 2, base: 2 })
      expect(checked.notices.filter((n) => /runner's cache/.test(n))).toEqual([
        "The runner's cache could not be read (the runner gives this step no cache service): the CLI checked the docs as without it.",
      ])
    })

    /** An archive as the cache client packs one (tar, zstd), of these files: relative to `root`, or absolute. */
    function archiveOf(root: string, members: string[]): Buffer {
      const plain = join(mkdtempSync(join(tmpdir(), 'entry-')), 'cache.tar')
      execFileSync('tar', ['--posix', '-P', '-cf', plain, '-C', root, ...members])
      execFileSync('zstd', ['-q', '-f', plain, '-o', `${plain}.zst`])
      return execFileSync('cat', [`${plain}.zst`])
    }

    it('an entry that would write files beside its own (absolute, or climbing out with ..) is not unpacked, and a good one is kept beside it', async () => {
      service = await startCacheService()
      const env = service.env()
      await run(pushOfBase(typoFix), env)
      const [key = ''] = service.savedKeys()
      // the entry as a pull request could write it into its own scope: the check's file, and two more
      const root = mkdtempSync(join(tmpdir(), 'forged-'))
      const inner = join(root, 'inner')
      mkdirSync(dirname(join(inner, ENTRY_PATH)), { recursive: true })
      writeFileSync(join(inner, ENTRY_PATH), writeEntry(key, { problems: [], warnings: [] }))
      const outside = join(root, 'climbed.txt')
      const absolute = join(mkdtempSync(join(tmpdir(), 'absolute-')), 'written.txt')
      writeFileSync(outside, 'x')
      writeFileSync(absolute, 'x')
      const archive = archiveOf(inner, [ENTRY_PATH, '../climbed.txt', absolute])
      rmSync(outside)
      rmSync(absolute)
      const entry = service.entries.find((e) => e.key === key)
      if (entry) entry.archive = archive

      const pull = await run(typoFix, env)
      expect(existsSync(outside)).toBe(false)
      expect(existsSync(absolute)).toBe(false)
      expect(cliRuns(pull)).toEqual({ head: 2, base: 2 })
      expect(pull.notices.filter((n) => /runner's cache could not be read/.test(n))).toHaveLength(1)
      typoFix.check(pull)
      // the good entry the pull request's check made is kept under the next key, and used next time
      expect(service.savedKeys()).toEqual([key, `${key}-2`])
      const again = await run(typoFix, env)
      expect(cliRuns(again)).toEqual({ head: 2 })
      typoFix.check(again)
    })

    it('a forged entry that makes a pull request\'s new broken link "known" is not used: the link fails', async () => {
      service = await startCacheService()
      const env = service.env()
      const first = await run(hiddenDraft, env)
      hiddenDraft.check(first)
      const [key = ''] = service.savedKeys()
      const root = mkdtempSync(join(tmpdir(), 'forged-'))
      mkdirSync(dirname(join(root, ENTRY_PATH)), { recursive: true })
      const forged = { rule: 'broken-link' as const, file: '.drafts/plan.mdx', target: '/missing', message: 'x' }
      writeFileSync(join(root, ENTRY_PATH), writeEntry(key, { problems: [forged], warnings: [] }))
      const entry = service.entries.find((e) => e.key === key)
      if (entry) entry.archive = archiveOf(root, [ENTRY_PATH])

      const pull = await run(hiddenDraft, env)
      expect(cliRuns(pull)).toEqual({ head: 1, base: 1 })
      hiddenDraft.check(pull)
      expect(pull.notices.join('\n')).toContain('holds a problem its tree cannot have')
    })

    /** The base's entry replaced by one a pull request's own run saved at its key, holding these problems. */
    async function forge(
      scenario: Scenario,
      problems: Parameters<typeof writeEntry>[1]['problems'],
    ): Promise<Record<string, string>> {
      service = await startCacheService()
      const env = service.env()
      await run(pushOfBase(scenario), env)
      const [key = ''] = service.savedKeys()
      const root = mkdtempSync(join(tmpdir(), 'forged-'))
      mkdirSync(dirname(join(root, ENTRY_PATH)), { recursive: true })
      writeFileSync(join(root, ENTRY_PATH), writeEntry(key, { problems, warnings: [] }))
      const entry = service.entries.find((e) => e.key === key)
      if (entry) entry.archive = archiveOf(root, [ENTRY_PATH])
      return env
    }

    it('a forged entry whose targets are words of the page (it passes the old plausibility test) makes no new link known: the base confirms none, so its CLI checks it, and the three fail', async () => {
      const env = await forge(
        WORDS,
        ['/docs', '/read', '/guide'].map((target) => ({
          rule: 'broken-link' as const,
          file: 'intro.mdx',
          target,
          message: `The link ${target} leads nowhere.`,
        })),
      )
      const pull = await run(WORDS, env)
      expect(cliRuns(pull)).toEqual({ head: 1, base: 1 })
      expect(pull.stdout).toContain("would excuse are not confirmed by the base's own files")
      WORDS.check(pull)
    })

    it('a forged syntax entry with no line makes no new unparsable page known: its page changed, so the base is checked and the page fails', async () => {
      // the head's own words for its page, as a forger would learn them (the CLI on its own copy)
      const learned = problemsOf(await run(UNPARSABLE, {})).problems.find((p) => p.rule === 'syntax')
      const env = await forge(UNPARSABLE, [
        { rule: 'syntax', file: 'guide.mdx', message: learned?.message ?? 'none learned' },
      ])
      const pull = await run(UNPARSABLE, env)
      expect(cliRuns(pull).base).toBeGreaterThan(0)
      expect(pull.stdout).toContain("would excuse is not confirmed by the base's own files (guide.mdx")
      UNPARSABLE.check(pull)
    })
  })
}

const pageOf = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`

/** A pull request adding three broken links whose targets are words its page had. */
const WORDS: Scenario = {
  name: 'three broken links to words of the page',
  base: {
    'docs.json': docsJson({}, ['index', 'intro']),
    'index.mdx': pageOf('Home', '# Home\n\nStart with [the intro](/intro).'),
    'intro.mdx': pageOf('Intro', '# Intro\n\nYou read the docs guide.'),
  },
  head: {
    'docs.json': docsJson({}, ['index', 'intro']),
    'index.mdx': pageOf('Home', '# Home\n\nStart with [the intro](/intro).'),
    'intro.mdx': pageOf(
      'Intro',
      '# Intro\n\nYou read the docs guide.\n\nSee [docs](/docs), [read](/read) and [guide](/guide).',
    ),
  },
  checkout: 'merge',
  inputs: { checks: 'links' },
  check: (run) => {
    expect(run.code).toBe(1)
    expect(problemsOf(run).problems.map((p) => [p.status, p.target])).toEqual([
      ['new', '/docs'],
      ['new', '/read'],
      ['new', '/guide'],
    ])
  },
}

/** A pull request that makes a page unparsable. */
const UNPARSABLE: Scenario = {
  name: 'a page made unparsable',
  base: {
    'docs.json': docsJson({}, ['index', 'guide']),
    'index.mdx': pageOf('Home', '# Home\n\nRead [the guide](/guide).'),
    'guide.mdx': pageOf('Guide', '# Guide\n\nSteps.'),
  },
  head: {
    'docs.json': docsJson({}, ['index', 'guide']),
    'index.mdx': pageOf('Home', '# Home\n\nRead [the guide](/guide).'),
    'guide.mdx': pageOf('Guide', '# Guide\n\nSteps <Card title="x">\n\n{unclosed'),
  },
  checkout: 'merge',
  inputs: { checks: 'links' },
  check: (run) => {
    expect(run.code).toBe(1)
    expect(
      problemsOf(run)
        .problems.filter((p) => p.status === 'new')
        .map((p) => [p.rule, p.file]),
    ).toEqual([['syntax', 'guide.mdx']])
  },
}
