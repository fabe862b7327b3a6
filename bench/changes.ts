import { TEST_TOKEN, runAction } from '../test/e2e/harness.js'
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { promptOf } from '../test/e2e/typed.js'

/**
 * Docs follow code: what describing a pull request of `files` files costs (the bundled action with
 * `changes: diff` against the fake GitHub and the service simulator over HTTP): GitHub requests,
 * the prompt's size, and how many patches max-changes left out.
 */
export interface ChangeCost {
  files: number
  github: number
  listed: number
  promptChars: number
  wallMs: number
}

export async function changeCost(node: string, files: number): Promise<ChangeCost> {
  const sim = new ServiceSimulator({ jobPlan: { runMs: 0 } })
  await sim.start()
  const gh = new GitHubSimulator(TEST_TOKEN)
  await gh.start()
  try {
    const patch = `@@ -1,4 +1,6 @@\n${' context line\n+an added line of code\n'.repeat(6)}`
    gh.pullFiles.set(
      12,
      Array.from({ length: files }, (_, i) => ({
        filename: `src/area-${i % 40}/file-${i}.ts`,
        status: 'modified' as const,
        additions: 6,
        deletions: 0,
        patch,
      })),
    )
    const start = performance.now()
    const run = await runAction({
      runtime: { name: 'bench', node },
      inputs: {
        'api-key': sim.apiKey,
        'project-id': sim.projectId,
        'base-url': sim.baseUrl,
        changes: 'diff',
        prompt: '',
        'poll-interval': '200ms',
      },
      event: {
        name: 'pull_request',
        payload: {
          action: 'opened',
          pull_request: {
            number: 12,
            title: 'A change',
            body: '',
            html_url: 'https://github.com/acme/docs/pull/12',
            user: { login: 'alice', type: 'User' },
            base: { ref: 'main', repo: { full_name: 'acme/docs' } },
            head: { ref: 'feature', sha: 'a'.repeat(40), repo: { full_name: 'acme/docs' } },
          },
        },
      },
      env: { GITHUB_API_URL: gh.baseUrl },
    })
    const wallMs = performance.now() - start
    if (run.code !== 0 || run.outputs.triggered !== 'true') throw new Error(`no job was created:\n${run.stdout}`)
    const prompt = promptOf(sim.requestsTo('create')[0]?.body)
    return {
      files,
      github: gh.requests.length,
      listed: Number(run.outputs['changed-files']),
      promptChars: prompt.length,
      wallMs,
    }
  } finally {
    await sim.stop()
    await gh.stop()
  }
}
