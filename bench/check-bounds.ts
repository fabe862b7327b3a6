import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { RUNTIMES, TEST_TOKEN, runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { type FakeCli, fakeToolCache } from '../test/simulator/fake-tools.js'
import { BASE_SHA, HEAD_SHA, MERGE_BASE_SHA, PULL_EVENT, docsJson, page, pullFiles } from '../test/cli/scenarios.js'
import { actionAt } from './check.js'

/**
 * The check's own work on what a pull request holds, bounded (issue 72): each shape that took 1.9.0
 * minutes, or had no end, through the bundle as the runner runs it, the CLI's report replayed as
 * data (the fake CLI's model: each page's links to no page), the fake GitHub on 127.0.0.1, at the
 * default inputs. Each shape against its stated bound; 1.9.0's bundle on the same pull request,
 * stopped at BEFORE_CAP. One shape on the real CLI: a 1 MB page, under `wait-timeout: 45s`.
 */

/** The release before the work was bounded. */
export const BEFORE_BOUNDS = '0107448'
/** How long 1.9.0 is given on a shape before it is stopped. */
const BEFORE_CAP = 120_000

type Files = Record<string, string>

export interface Shape {
  name: string
  /** What the step must end within, whatever the shape's size (the bound the docs state). */
  boundMs: number
  base: Files
  head: Files
  inputs?: Record<string, string>
}

const site = (extra: Files = {}, config: Record<string, unknown> = {}): Files => ({
  'docs.json': docsJson(config, ['index']),
  'index.mdx': page('Home', '# Home\n'),
  ...extra,
})

/** The shapes of issue 72, each at the size it names. */
export function shapes(): Shape[] {
  // a page of 4 MB: a code block of `import` lines 1.9.0's import scan read to the end from each, and links
  const huge = page(
    'Huge',
    `# Huge\n\n\`\`\`js\n${'import x\n'.repeat(400_000)}\`\`\`\n\n${'See [the home page](/).\n'.repeat(20_000)}`,
  )
  const links = page('Links', Array.from({ length: 100_000 }, (_, i) => `[a](/m/${i})`).join('\n'))
  const chain = Array.from({ length: 5000 }, (_, i) => ({
    source: `/r${i}`,
    destination: i + 1 < 5000 ? `/r${i + 1}` : '/',
  }))
  const fanOut: Files = {}
  for (let i = 0; i < 30; i++)
    fanOut[`nav/f${i}.json`] = JSON.stringify({
      l: { $ref: `./f${i + 1}.json` },
      r: { $ref: `./f${i + 1}.json` },
    })
  fanOut['nav/f30.json'] = '{"end": true}'
  return [
    { name: 'a 4 MB page the pull request adds', boundMs: 30_000, base: site(), head: site({ 'huge.mdx': huge }) },
    {
      name: '100,000 broken links on one page',
      boundMs: 60_000,
      base: site(),
      head: site({ 'links.mdx': links }),
    },
    {
      name: 'a redirect chain of 5,000 entries',
      boundMs: 30_000,
      base: site(),
      head: site({}, { redirects: chain }),
    },
    {
      name: 'a $ref fan-out of depth 30 (each file naming the next twice)',
      boundMs: 30_000,
      base: site(),
      head: site(fanOut, { navigation: { pages: ['index'] }, api: { $ref: './nav/f0.json' } }),
    },
  ]
}

export interface BoundRun {
  ms: number
  code: number | null
  headline: string
  killed: boolean
}

/** One run of the check (this tree's bundle, or `actionFiles`) on a shape's pull request. */
export async function runShape(
  shape: Pick<Shape, 'base' | 'head' | 'inputs'>,
  options: { cli?: FakeCli; actionFiles?: string; killAfterMs?: number } = {},
): Promise<BoundRun> {
  const cli = options.cli ?? fakeToolCache('model')
  const workspace = mkdtempSync(join(tmpdir(), 'bench-bounds-'))
  for (const [path, text] of Object.entries({ ...shape.head, '.git/HEAD': `${HEAD_SHA}\n` })) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true })
    writeFileSync(join(workspace, path), text)
  }
  const gh = new GitHubSimulator(TEST_TOKEN)
  await gh.start()
  try {
    gh.pullFiles.set(7, pullFiles(shape.base, shape.head))
    for (const [path, text] of Object.entries(shape.base)) gh.contents.set(`${MERGE_BASE_SHA}:${path}`, text)
    gh.compares.set(`${BASE_SHA}...${HEAD_SHA}`, { files: [], commits: [], mergeBase: MERGE_BASE_SHA })
    const started = Date.now()
    const run = await runAction({
      runtime: RUNTIMES[0],
      action: 'check',
      inputs: shape.inputs ?? {},
      env: {
        GITHUB_WORKSPACE: workspace,
        RUNNER_TOOL_CACHE: cli.toolCache,
        PATH: cli.path,
        GITHUB_API_URL: gh.baseUrl,
      },
      event: PULL_EVENT,
      killAfterMs: options.killAfterMs ?? 600_000,
      ...(options.actionFiles ? { actionFiles: options.actionFiles } : {}),
    })
    const ms = Date.now() - started
    const headline = /^#+ (.*)$/m.exec(run.summary)?.[1] ?? (run.signal ? `stopped (${run.signal})` : 'no summary')
    return { ms, code: run.code, headline, killed: run.signal === 'SIGKILL' }
  } finally {
    await gh.stop()
    rmSync(workspace, { recursive: true, force: true })
  }
}

export interface ShapeResult {
  shape: Shape
  now: BoundRun
  before: BoundRun
}

/** Each shape on this tree's bundle, then on 1.9.0's (stopped at BEFORE_CAP). */
export async function checkBounds(log: (m: string) => void): Promise<ShapeResult[]> {
  const before = actionAt(BEFORE_BOUNDS)
  const results: ShapeResult[] = []
  for (const shape of shapes()) {
    log(`bounds: ${shape.name}, now…`)
    const now = await runShape(shape)
    log(`  ${now.ms} ms, exit ${now.code ?? 'none'}: ${now.headline}`)
    log(`bounds: ${shape.name}, 1.9.0 (stopped at ${BEFORE_CAP / 1000} s)…`)
    const then = await runShape(shape, { actionFiles: before, killAfterMs: BEFORE_CAP })
    log(`  ${then.ms} ms, exit ${then.code ?? 'none'}: ${then.headline}`)
    results.push({ shape, now, before: then })
  }
  rmSync(before, { recursive: true, force: true })
  return results
}

/** The 1 MB page on the real CLI, under wait-timeout 45s: it must end by 55 s. */
export async function realCliPage(log: (m: string) => void): Promise<BoundRun> {
  const page1mb = page('Big', `# Big\n\n\`\`\`js\n${'import x\n'.repeat(110_000)}\`\`\`\n\nSee [home](/index).\n`)
  const recordings = mkdtempSync(join(tmpdir(), 'bench-bounds-recordings-'))
  log('bounds: a 1 MB page on the real CLI, wait-timeout 45s…')
  const ran = await runShape(
    { base: site(), head: site({ 'big.mdx': page1mb }), inputs: { 'wait-timeout': '45s' } },
    { cli: fakeToolCache('record', recordings), killAfterMs: 120_000 },
  )
  log(`  ${ran.ms} ms, exit ${ran.code ?? 'none'}: ${ran.headline}`)
  rmSync(recordings, { recursive: true, force: true })
  return ran
}
