import { encodeState } from '../src/github/thread-state.js'
import { TEST_TOKEN, runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'

/**
 * What one accepted `/docs` instruction costs on a thread of `comments` comments: GitHub requests by
 * kind (the bundled action in comment mode against the fake GitHub and the service simulator over
 * HTTP), service requests, and wall time. The thread's tracking comment is its first comment, as
 * when a job was started from a label, and the job has finished, so the instruction is a follow-up.
 */
export interface ConversationCost {
  comments: number
  github: number
  byRoute: Record<string, number>
  service: number
  wallMs: number
}

export async function conversationCost(node: string, comments: number): Promise<ConversationCost> {
  const sim = new ServiceSimulator({ jobPlan: { runMs: 0 }, followUpPlan: { runMs: 300 } })
  await sim.start()
  const gh = new GitHubSimulator(TEST_TOKEN)
  gh.roles.set('alice', 'write')
  await gh.start()
  try {
    const res = await fetch(`${sim.baseUrl}/v2/agent/${sim.projectId}/job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'earlier work' }),
    })
    const job = ((await res.json()) as { id: string }).id
    gh.addComment(7, { login: 'github-actions[bot]', type: 'Bot' }, encodeState({ job, entries: [] }))
    for (let i = 1; i < comments; i++) gh.addComment(7, { login: `reader-${i % 7}`, type: 'User' }, `Comment ${i}: looks good to me.`)
    sim.requests.length = 0
    const start = performance.now()
    const run = await runAction({
      runtime: { name: 'bench', node },
      inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.baseUrl, mode: 'comment', 'poll-interval': '200ms' },
      event: {
        name: 'issue_comment',
        payload: {
          action: 'created',
          issue: { number: 7, title: 'Webhooks', html_url: 'https://github.com/acme/docs/issues/7' },
          comment: { id: 1, body: '/docs also add a curl example', user: { login: 'alice', type: 'User' }, html_url: 'https://github.com/acme/docs/issues/7#issuecomment-1' },
        },
      },
      env: { GITHUB_API_URL: gh.baseUrl },
    })
    const wallMs = performance.now() - start
    if (run.code !== 0 || run.outputs.triggered !== 'true') throw new Error(`the instruction was not sent:\n${run.stdout}`)
    const byRoute: Record<string, number> = {}
    for (const r of gh.requests) byRoute[r.route] = (byRoute[r.route] ?? 0) + 1
    return { comments, github: gh.requests.length, byRoute, service: sim.requests.length, wallMs }
  } finally {
    await sim.stop()
    await gh.stop()
  }
}
