/**
 * `npm run simulator -- [--port N] [--job-ms N] [--pages N] [--pull DIR [--base REF] [--head REF]]`: the API simulator on its own, for
 * trying the actions by hand or from a workflow (`uses: ./visitors` with base-url pointing here). It
 * serves agent jobs, deployments and previews, one saved automation, visitors and page views
 * (different numbers for different date ranges, so `compare: previous-period` shows a change) and
 * every insights list; and, on the next port, a fake
 * GitHub (GITHUB_API_URL) where `alice` has write access and issue 7 is open, so a `/docs` comment
 * and the health issue can be tried by hand too; and, on the port after, the runner's cache service
 * (its v2 protocol), so the check's cache can be watched at work. With `--pull DIR` (and `--base
 * REF`, main, and `--head REF`, HEAD), the fake GitHub also has a pull request made from that git
 * repository (test/simulator/git-pull.ts), and the lines that check it and then preview it are printed. Prints what to
 * set, then serves until stopped.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startCacheService } from '../test/simulator/cache-service.js'
import { pullFromGit } from '../test/simulator/git-pull.js'
import { HAND_RUN_AUTOMATION, handRunGitHub, handRunSimulator } from '../test/simulator/hand-run.js'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'job-ms': { type: 'string', default: '3000' },
    pages: { type: 'string', default: '1234' },
    pull: { type: 'string' },
    base: { type: 'string', default: 'main' },
    head: { type: 'string', default: 'HEAD' },
  },
})

const sim = handRunSimulator({ jobMs: Number(values['job-ms']), pages: Number(values.pages) })
// each server on its own port from --port up; --port 0: each on a free one
const port = Number(values.port)
const next = (n: number): number => (port === 0 ? 0 : port + n)
const baseUrl = await sim.start(port)
console.log(`API simulator on ${baseUrl}`)
console.log(`  project-id: ${sim.projectId}`)
console.log(`  api-key:    ${sim.apiKey} (a test value, not a secret)`)
console.log(`  automation-id: ${HAND_RUN_AUTOMATION} (a saved automation whose run is an agent job)`)
console.log(`  assistant-key: ${sim.assistantKey}, domain: ${sim.site.domain} (the search API of the site)`)
const gh = handRunGitHub()
const githubUrl = await gh.start(next(1))
console.log(`Fake GitHub on ${githubUrl} (GITHUB_API_URL; repository acme/docs, issue 7, alice may write)`)
console.log(`  github-token: ${gh.token} (a test value, not a secret)`)
const cache = await startCacheService(next(2))
const cacheEnv = Object.entries(cache.env('v2')).map(([name, value]) => `${name}=${value}`)
console.log(`Runner's cache service on ${cache.baseUrl} (${cacheEnv.join(' ')})`)

// a pull request from the given repository, and the line that checks it (run it twice: the second
// restores the base from the cache the first kept it in)
const folder = values.pull === undefined ? undefined : mkdtempSync(join(tmpdir(), 'hand-run-pull-'))
if (values.pull !== undefined && folder !== undefined) {
  const pull = pullFromGit(gh, { repo: resolve(values.pull), base: values.base, head: values.head, folder })
  console.log(
    `Pull request #${pull.number} on the fake GitHub: ${values.base}...${values.head} of ${resolve(values.pull)}, ` +
      `${pull.files.length} files (their base at ${pull.baseSha.slice(0, 7)}), the head's files in ${pull.workspace}`,
  )
  // the files and the folder the runner makes for a step
  for (const file of ['outputs', 'summary.md']) writeFileSync(join(folder, file), '')
  mkdirSync(join(folder, 'runner'))
  const run = [
    `GITHUB_REPOSITORY=${gh.repository}`,
    `GITHUB_API_URL=${githubUrl}`,
    `INPUT_GITHUB-TOKEN=${gh.token}`,
    'GITHUB_EVENT_NAME=pull_request',
    `GITHUB_EVENT_PATH=${pull.event}`,
    `GITHUB_WORKSPACE=${pull.workspace}`,
    `GITHUB_OUTPUT=${join(folder, 'outputs')}`,
    `GITHUB_STEP_SUMMARY=${join(folder, 'summary.md')}`,
    `RUNNER_TEMP=${join(folder, 'runner')}`,
    `RUNNER_TOOL_CACHE=${join(homedir(), '.cache', 'mintlify-docs-action')}`,
    ...cacheEnv,
  ]
  console.log(`  check it: env ${run.join(' ')} node dist/check/index.js`)
  // then its preview, in the same "job": the check's pages linked in the tracking comment
  const preview = [
    ...run.filter((v) => !v.startsWith('ACTIONS_')),
    `INPUT_API-KEY=${sim.apiKey}`,
    `INPUT_PROJECT-ID=${sim.projectId}`,
    `INPUT_BASE-URL=${baseUrl}`,
    'INPUT_COMMENT=true',
    'INPUT_POLL-INTERVAL=1s',
    `INPUT_PAGES-JSON=${join(folder, 'runner', 'mintlify-pages.json')}`,
  ]
  console.log(`  then preview it: env ${preview.join(' ')} node dist/preview/index.js`)
  // the check's fixes: its review's suggested changes on the fake GitHub, and the patch of the rest
  const reviews = `${githubUrl}/repos/${gh.repository}/pulls/${pull.number}/reviews`
  console.log(
    `  its suggested changes: curl -s -H 'Authorization: token ${gh.token}' ${reviews}  (then …/reviews/ID/comments)`,
  )
  console.log(
    `  the rest of its fixes: git -C ${pull.workspace} apply ${join(folder, 'runner', 'mintlify-fixes.patch')}`,
  )
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true })
    void Promise.all([sim.stop(), gh.stop(), cache.stop()]).then(() => process.exit(0))
  })
}
