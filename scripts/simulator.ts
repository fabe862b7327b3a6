/**
 * `npm run simulator -- [--port N] [--job-ms N] [--visitors N]`: the API simulator on its own, for
 * trying the action by hand or from a workflow (`uses: ./` with base-url pointing here).
 * Prints the base URL, project id and key, then serves until stopped.
 */
import { parseArgs } from 'node:util'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { generateRows } from '../test/simulator/traffic-data.js'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'job-ms': { type: 'string', default: '3000' },
    visitors: { type: 'string', default: '1234' },
  },
})

const sim = new ServiceSimulator({ jobPlan: { runMs: Number(values['job-ms']) }, visitors: generateRows(Number(values.visitors)) })
const baseUrl = await sim.start(Number(values.port))
console.log(`API simulator on ${baseUrl}`)
console.log(`  project-id: ${sim.projectId}`)
console.log(`  api-key:    ${sim.apiKey} (a test value, not a secret)`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void sim.stop().then(() => process.exit(0)))
}
