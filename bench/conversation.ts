import { encodeState } from '../src/tracking/state.js'
import { TEST_TOKEN, runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { promptOf } from '../test/e2e/typed.js'

/**
 * What one accepted `/docs` instruction costs on a thread of `comments` comments: GitHub requests by
 * kind (the bundled action in comment mode against the fake GitHub and the service simulator over
 * HTTP), service requests, and wall time. The thread's tracking comment is its first comment, as
 * when a job was started from a label, and the job has finished, so the instruction is a follow-up.
 * With `pending`, that many earlier `/docs` comments (their runs cancelled while pending) come just
 * before the run's own, and the run catches up on them. With `labels`, the step sets status labels
 * on a thread whose tracking comment remembers "docs: done" while a person has taken it off the
 * issue: removing it is answered 404, GitHub's final answer, which must be asked once.
 */
export interface ConversationCost {
  comments: number
  github: number
  byRoute: Record<string, number>
  service: number
  wallMs: number
}

const LABELS = 'docs: in progress, docs: done, docs: failed'

export async function conversationCost(
  node: string,
  comments: number,
  pending = 0,
  labels = false,
): Promise<ConversationCost> {
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
    gh.addComment(
      7,
      { login: 'github-actions[bot]', type: 'Bot' },
      encodeState({ job, entries: [], ...(labels ? { label: 'docs: done' } : {}) }),
    )
    if (labels) for (const name of LABELS.split(', ')) gh.repoLabels.set(name, 'ededed')
    const alice = { login: 'alice', type: 'User' as const }
    for (let i = 1; i < comments - pending; i++)
      gh.addComment(7, { login: `reader-${i % 7}`, type: 'User' }, `Comment ${i}: looks good to me.`)
    for (let i = 1; i < pending; i++) gh.addComment(7, alice, `/docs earlier instruction ${i}`)
    const own = gh.addComment(7, alice, '/docs also add a curl example')
    sim.requests.length = 0
    const start = performance.now()
    const run = await runAction({
      runtime: { name: 'bench', node },
      inputs: {
        'api-key': sim.apiKey,
        'project-id': sim.projectId,
        'base-url': sim.baseUrl,
        mode: 'comment',
        'poll-interval': '200ms',
        ...(labels ? { 'status-labels': LABELS } : {}),
      },
      event: {
        name: 'issue_comment',
        payload: {
          action: 'created',
          issue: { number: 7, title: 'Webhooks', html_url: 'https://github.com/acme/docs/issues/7' },
          comment: { id: own.id, body: own.body, user: alice, html_url: own.html_url },
        },
      },
      env: { GITHUB_API_URL: gh.baseUrl },
    })
    const wallMs = performance.now() - start
    if (run.code !== 0 || run.outputs.triggered !== 'true')
      throw new Error(`the instruction was not sent:\n${run.stdout}`)
    const sent = sim.requestsTo('message').map((r) => promptOf(r.body))
    if (sent.length !== 1 || (pending > 1 && !sent[0]?.includes(`earlier instruction ${pending - 1}`)))
      throw new Error(`the catch-up did not send every instruction once:\n${run.stdout}`)
    const byRoute: Record<string, number> = {}
    for (const r of gh.requests) byRoute[r.route] = (byRoute[r.route] ?? 0) + 1
    return { comments, github: gh.requests.length, byRoute, service: sim.requests.length, wallMs }
  } finally {
    await sim.stop()
    await gh.stop()
  }
}
