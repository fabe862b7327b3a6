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

/** The repositories the App is installed on. */
export const INSTALLED = ['acme/app', 'acme/docs'] as const

/** The inputs of an `actions/create-github-app-token` step that decide its token's scope. */
export interface AppTokenRequest {
  owner?: string
  /** Names without the owner, comma- or newline-separated, as the action takes them. */
  repositories?: string
}

/**
 * The repositories a token from `actions/create-github-app-token` covers, as its README says: with
 * `repositories`, those (of `owner`, or of the current repository's owner); with only `owner`, every
 * repository of that owner's installation; with neither, **only the current repository**. A
 * repository the App is not installed on fails the step, as the action does.
 */
export function appTokenScope(
  request: AppTokenRequest,
  current: string,
  installed: readonly string[] = INSTALLED,
): string[] {
  const owner = request.owner?.trim() || undefined
  const names = (request.repositories ?? '')
    .split(/[\n,]/)
    .map((r) => r.trim())
    .filter((r) => r !== '')
  const scope =
    names.length > 0
      ? names.map((name) => `${owner ?? current.split('/')[0]}/${name}`)
      : owner
        ? installed.filter((r) => r.startsWith(`${owner}/`))
        : [current]
  for (const repository of scope)
    if (!installed.includes(repository))
      throw new Error(`The App is not installed on ${repository}: create-github-app-token fails`)
  return scope
}

export async function twoRepositories(): Promise<{
  code: GitHubSimulator
  docs: GitHubSimulator
  apiUrl: string
  appToken: (request: AppTokenRequest, current: string) => string
}> {
  // each repository's GITHUB_TOKEN is its own (the other, private, answers it 404); APP_TOKEN was
  // created with `owner` alone, so it covers both repositories of the installation
  const code = new GitHubSimulator(TEST_TOKEN, { login: 'github-actions[bot]', type: 'Bot' }, 'acme/app').acceptToken(
    APP_TOKEN,
    APP,
  )
  const docs = new GitHubSimulator(APP_TOKEN, APP, 'acme/docs').acceptToken(
    TEST_TOKEN,
    { login: 'github-actions[bot]', type: 'Bot' },
    'none',
  )
  let minted = 0
  /** A token as `actions/create-github-app-token` creates it from these inputs, in the workflow of `current`. */
  const appToken = (request: AppTokenRequest, current: string): string => {
    const scope = appTokenScope(request, current)
    const token = `ghs_app_token_${String(++minted).padStart(4, '0')}_scoped_000000`
    code.acceptToken(token, APP, scope.includes('acme/app') ? 'write' : 'none')
    docs.acceptToken(token, APP, scope.includes('acme/docs') ? 'write' : 'none')
    return token
  }
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
      const app = /ghs_(docs_app|app_token)_/.test(req.headers.authorization ?? '')
      const target = /^\/repos\/acme\/app(\/|\?|$)/.test(path)
        ? code
        : /^\/repos\//.test(path)
          ? docs
          : app
            ? docs
            : code
      const headers: Record<string, string> = {}
      for (const name of ['authorization', 'content-type', 'accept', 'user-agent'])
        if (typeof req.headers[name] === 'string') headers[name] = req.headers[name]
      const answer = await fetch(`${target.baseUrl}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
      })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(await answer.text())
    })()
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => front.close(() => resolve())))
  return { code, docs, apiUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}`, appToken }
}
