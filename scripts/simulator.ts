/**
 * `npm run simulator -- [--port N] [--job-ms N] [--pages N]`: the API simulator on its own, for
 * trying the action by hand or from a workflow (`uses: ./` with base-url pointing here). It serves
 * agent jobs, visitors and page views (different numbers for different date ranges, so
 * `compare: previous-period` shows a change) and every insights list. Prints the base URL, project
 * id and key, then serves until stopped.
 */
import { parseArgs } from 'node:util'
import { handRunSimulator } from '../test/simulator/hand-run.js'

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void sim.stop().then(() => process.exit(0)))
}
