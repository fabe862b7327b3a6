import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, freemem, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { startCacheService } from '../test/simulator/cache-service.js'
import { generateLargeSite, writeFiles } from './check-site.js'
import { REAL_CLI, fakeToolCache, toolCacheEnv } from '../test/simulator/fake-tools.js'
import { type Timed, cliAlone, pullRequestRun, watched } from './check-speed.js'

/**
 * The check on a site of the largest shape seen on the service (bench/check-site.ts,
 * generateLargeSite: 4,000 pages, 50,000 old broken links, `$ref` navigation, 450 redirects), a
 * pull request that renames a page linked from 300: the CLI alone on the head (broken-links beside
 * a11y, as a workflow runs them), then the check through its bundle with nothing cached and with
 * the base restored from the runner's cache, each to its verdict; while each runs, /proc is read for
 * the CLI's largest process and the action's own (bench/check-speed.ts, watched).
 */

export interface CheckLarge {
  pages: number
  links: number
  cores: number
  /** The machine's memory and what was free before the runs (MiB). */
  memoryMiB: number
  freeMiB: number
  cliAlone: Timed
  nothingCached: Timed
  restored: Timed
  /** The action's own work, the CLI's report given as data (fake-mint.mjs's model), the base restored: by old broken links. */
  ownWork: Array<{ broken: number; run: Timed }>
}

/**
 * The action's own work on a site's problems (reading the CLI's report, matching, placing, the
 * summary), with the CLI's report made as data by the fake CLI's model of it, on the largest shape
 * at each number of old broken links, the base restored: its time and its process's peak memory.
 */
export async function ownWork(broken: number, log: (m: string) => void): Promise<Timed> {
  const site = generateLargeSite(4000, broken)
  const cli = fakeToolCache('model')
  const cache = await startCacheService()
  try {
    const env = { ...cache.env(), ...toolCacheEnv(cli) }
    log(`check large: the action's own work, ${broken.toLocaleString('en-US')} old broken links (the base kept)…`)
    await pullRequestRun(site, env, undefined, { 'wait-timeout': '60m' })
    log(`check large: the action's own work, ${broken.toLocaleString('en-US')} old broken links (the base restored)…`)
    const run = await pullRequestRun(site, env, undefined, { 'wait-timeout': '60m' })
    if (run.problems === undefined) throw new Error(`the check gave no verdict (${broken} broken links, modelled)`)
    return run
  } finally {
    await cache.stop()
  }
}

export async function checkLarge(log: (m: string) => void = () => undefined): Promise<CheckLarge> {
  if (!existsSync(REAL_CLI))
    throw new Error(`the Mintlify CLI is not installed at ${REAL_CLI}: run node scripts/install-mint.mjs`)
  const site = generateLargeSite()
  const pages = Object.keys(site.head).filter((p) => p.endsWith('.mdx') && !p.startsWith('drafts/')).length
  const tree = mkdtempSync(join(tmpdir(), 'bench-large-tree-'))
  const freeMiB = Math.floor(freemem() / 1024 ** 2)
  try {
    writeFiles(tree, site.head)
    log(
      `check large: ${pages.toLocaleString('en-US')} pages, ${site.links.toLocaleString('en-US')} links: the CLI alone…`,
    )
    const alone = await watched(() => cliAlone(tree))
    const cache = await startCacheService()
    try {
      const verdict = async (what: string): Promise<Timed> => {
        log(`check large: the check, ${what}…`)
        const run = await pullRequestRun(site, cache.env(), undefined, { 'wait-timeout': '60m' })
        if (run.problems === undefined) throw new Error(`the check gave no verdict (${what})`)
        return run
      }
      const nothingCached = await verdict('nothing cached')
      const restored = await verdict('the base restored')
      const own: CheckLarge['ownWork'] = []
      for (const broken of [12_500, 25_000, 50_000]) own.push({ broken, run: await ownWork(broken, log) })
      return {
        pages,
        links: site.links,
        cores: availableParallelism(),
        memoryMiB: Math.floor(totalmem() / 1024 ** 2),
        freeMiB,
        cliAlone: alone,
        nothingCached,
        restored,
        ownWork: own,
      }
    } finally {
      await cache.stop()
    }
  } finally {
    rmSync(tree, { recursive: true, force: true })
  }
}

/** The measure's rows for docs/benchmarks.md. */
export function checkLargeRows(s: CheckLarge): string[][] {
  const min = (t: Timed): string => `${(t.ms / 60_000).toFixed(1)} min`
  const mib = (n: number | undefined): string => `${Math.round(n ?? 0).toLocaleString('en-US')} MiB`
  const row = (t: Timed): string =>
    `**${min(t)}**, **${(t.ms / s.cliAlone.ms).toFixed(2)}×** the CLI alone; the CLI's largest process ${mib(t.peakMiB)}, ` +
    `${t.processes} at most at once; the action's own process ${mib(t.actionMiB)}; ${t.problems ?? '?'} new problems`
  return [
    [
      `The CLI alone on the head, broken-links beside a11y, on Node 24: ${s.pages.toLocaleString('en-US')} pages, ${s.links.toLocaleString('en-US')} links (50,000 broken before), 450 redirects, \`$ref\` navigation; ${s.cores} cores, ${mib(s.memoryMiB)} (${mib(s.freeMiB)} free)`,
      `**${min(s.cliAlone)}**; the largest process ${mib(s.cliAlone.peakMiB)}`,
      'the reference of the ratios below',
    ],
    ['The check, nothing cached (both trees)', row(s.nothingCached), 'a verdict: the 300 links to the renamed page'],
    ["The check, the base restored from the runner's cache (one tree)", row(s.restored), 'a verdict, as above'],
    ...s.ownWork.map(({ broken, run }, i) => {
      const before = s.ownWork[i - 1]
      return [
        `The action's own work, the CLI's report given as data (the fake CLI's model), the base restored: ${broken.toLocaleString('en-US')} old broken links`,
        `**${(run.ms / 1000).toFixed(1)} s**, the action's process at most ${mib(run.actionMiB)}; ${run.problems ?? '?'} new problems`,
        before
          ? `${(run.ms / before.run.ms).toFixed(2)}× the time and ${((run.actionMiB ?? 0) / (before.run.actionMiB ?? 1)).toFixed(2)}× the memory of ${before.broken.toLocaleString('en-US')} (linear: 2× at most)`
          : 'the first of three, each twice the one before',
      ]
    }),
  ]
}

/** What the figures mean; measured by hand while the work was done (issue 78), not by this script. */
export const CHECK_LARGE_NOTES = `- **The real site.** bazel-docs itself (4,227 pages, 47,749 broken links on its base), the
  rename of \`concepts/labels.mdx\`, through the bundle on this machine: docs/actions/check.md, "The
  largest sites", has its figures and the CLI's own by width; the generated site above has its
  shape (\`bench/check-site.ts\`, generateLargeSite), not its pages' length.
- **The CLI's largest process** is \`broken-links\`; the action's own process holds the CLI's output
  of both trees, their problems placed and judged, and the summary. Before 1.11.0 the same CLI
  ran out of memory on the real site at 4.4 GB: ink drew its output on a grid as wide as the
  width the check gives it (1,010 columns there), one object a cell.
- **Linear.** The action's own work is measured with the CLI's report given as data (the fake
  CLI's model of it, \`test/simulator/fake-mint.mjs\`), so that the CLI's own time does not hide
  it: each row doubles the old broken links of the one before, and its time and memory may at
  most double with them. The fake's own reading of the site is in the time too.
- **On 2 cores** the check with nothing cached runs the head's two commands, then the base's; on
  4 (GitHub's hosted runners for public repositories) the four run at once where the memory
  holds them, which this machine cannot measure.`
