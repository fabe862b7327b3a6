import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'
import { readBody } from '../simulator/faults.js'
import { type FakeUser, GitHubSimulator } from '../simulator/github-simulator.js'
import { TEST_TOKEN } from './harness.js'

/**
 * Docs in their own repository, over HTTP: the code repository (acme/app) and the docs repository
 * (acme/docs) are two fake GitHub repositories behind one API address, as on github.com; a GitHub
 * App is installed on both, its installation token writing as `docs-app[bot]`. Every exchange is
 * checked against GitHub's description, as everywhere.
 */
export const APP_TOKEN = 'ghs_docs_app_installation_token_000000'
export const APP: FakeUser = { login: 'docs-app[bot]', type: 'Bot' }
export const ALICE: FakeUser = { login: 'alice', type: 'User' }

export async function twoRepositories(): Promise<{ code: GitHubSimulator; docs: GitHubSimulator; apiUrl: string }> {
  // the code repository's workflow writes with its GITHUB_TOKEN, and the App may write there too
  const code = new GitHubSimulator(TEST_TOKEN, { login: 'github-actions[bot]', type: 'Bot' }, 'acme/app').acceptToken(APP_TOKEN, APP)
  const docs = new GitHubSimulator(APP_TOKEN, APP, 'acme/docs')
  for (const gh of [code, docs]) {
    gh.roles.set('alice', 'write')
    await gh.start()
    onTestFinished(() => gh.stop())
  }
  // one API address: /repos/acme/… to that repository; who-am-I (GraphQL, /user) to the token's own
  const front: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const path = req.url ?? ''
      const app = (req.headers.authorization ?? '').endsWith(APP_TOKEN)
      const target = /^\/repos\/acme\/app(\/|\?|$)/.test(path) ? code : /^\/repos\//.test(path) ? docs : app ? docs : code
      const headers: Record<string, string> = {}
      for (const name of ['authorization', 'content-type', 'accept', 'user-agent']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string
      const answer = await fetch(`${target.baseUrl}${req.url ?? '/'}`, { method: req.method, headers, ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }) })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(await answer.text())
    })()
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => front.close(() => resolve())))
  return { code, docs, apiUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}` }
}

