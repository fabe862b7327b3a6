/**
 * `npm start`: the action at work with no account and no network. Starts the local simulator,
 * runs dist/index.js against it the way the GitHub runner does (agent mode, then visitors mode),
 * and prints the log, the step outputs and the job summary of each.
 */
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { generateRows } from '../test/simulator/visitors-data.js'
import { type ActionRun, runAction } from '../test/e2e/harness.js'

const rule = (title: string): string => `\n\x1b[1m── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}\x1b[0m`

function show(run: ActionRun): void {
  console.log(rule('Action log (what the workflow log shows)'))
  console.log(run.stdout.trimEnd().replace(/^/gm, '  '))
  console.log(rule(`Step outputs (exit code ${run.code})`))
  for (const [name, value] of Object.entries(run.outputs)) {
    const shown = value.length > 100 ? `${value.slice(0, 100)}…` : value
    console.log(`  ${name.padEnd(18)} ${shown}`)
  }
  console.log(rule('Job summary (Markdown)'))
  console.log(run.summary.trimEnd().replace(/^/gm, '  '))
}

async function main(): Promise<void> {
  const sim = new ServiceSimulator({ jobPlan: { runMs: 3000 }, visitors: generateRows(1234) })
  const baseUrl = await sim.start()
  console.log(`Simulated documentation API on ${baseUrl} (project ${sim.projectId}).`)
  const common = { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': baseUrl }
  try {
    console.log(rule('1. Agent mode: create a job and wait for its pull request'))
    const agent = await runAction({
      inputs: {
        ...common,
        prompt: 'Document the new POST /webhooks endpoint: payload fields, retries and signature checks.',
      },
    })
    show(agent)

    console.log(rule('2. Visitors mode: export October, every page of results'))
    const visitors = await runAction({
      inputs: {
        ...common,
        mode: 'visitors',
        'date-from': '2026-10-01',
        'date-to': '2026-11-01',
        'summary-rows': '10',
      },
    })
    show(visitors)
    if (agent.code !== 0 || visitors.code !== 0) process.exitCode = 1
  } finally {
    await sim.stop()
  }
}

await main()
