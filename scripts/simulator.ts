/**
 * `npm run simulator -- [--port N] [--job-ms N] [--pages N]`: the API simulator on its own, for
 * trying the actions by hand or from a workflow (`uses: ./visitors` with base-url pointing here). It
 * serves agent jobs, deployments and previews, one saved automation, visitors and page views
 * (different numbers for different date ranges, so `compare: previous-period` shows a change) and
 * every insights list; and, on the next port, a fake
 * GitHub (GITHUB_API_URL) where `alice` has write access and issue 7 is open, so a `/docs` comment
 * and the health issue can be tried by hand too. Prints what to set, then serves until stopped.
 */
import { parseArgs } from 'node:util'
import { HAND_RUN_AUTOMATION, handRunGitHub, handRunSimulator } from '../test/simulator/hand-run.js'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'job-ms': { type: 'string', default: '3000' },
    pages: { type: 'string', default: '1234' },
  },
})

const sim = handRunSimulator({ jobMs: Number(values['job-ms']), pages: Number(values.pages) })
const baseUrl = await sim.start(Number(values.port))
console.log(`API simulator on ${baseUrl}`)
console.log(`  project-id: ${sim.projectId}`)
console.log(`  api-key:    ${sim.apiKey} (a test value, not a secret)`)
console.log(`  automation-id: ${HAND_RUN_AUTOMATION} (a saved automation whose run is an agent job)`)
console.log(`  assistant-key: ${sim.assistantKey}, domain: ${sim.site.domain} (the search API of the site)`)
const gh = handRunGitHub()
const githubUrl = await gh.start(Number(values.port) + 1)
console.log(`Fake GitHub on ${githubUrl} (GITHUB_API_URL; repository acme/docs, issue 7, alice may write)`)
console.log(`  github-token: ${gh.token} (a test value, not a secret)`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void Promise.all([sim.stop(), gh.stop()]).then(() => process.exit(0)))
}
