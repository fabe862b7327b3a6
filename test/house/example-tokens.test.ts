import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'
import { exampleSteps, isTokenStep, uncoveredWrites } from '../e2e/example-steps.js'
import { appTokenScope } from '../e2e/two-repositories.js'

/**
 * Tokens as GitHub scopes them: every example that creates an App token asks for each repository its
 * job writes to (actions/create-github-app-token covers only the current repository when given
 * neither `owner` nor `repositories`), and each example says which repository it runs in.
 */
const HOME: Record<string, string> = {
  'docs-repository-code.yml': 'acme/app',
  'docs-repository-code-conversation.yml': 'acme/app',
  'docs-repository-docs.yml': 'acme/docs',
  'docs-health-docs-repository.yml': 'acme/app',
  'docs-fix-push.yml': 'acme/docs',
}

const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.yml'))
const twoRepositoryExamples = examples.filter((f) => {
  const text = readFileSync(join(ROOT, 'examples', f), 'utf8')
  return exampleSteps(f, text).some(isTokenStep) || /docs-token:/.test(text)
})

describe('create-github-app-token scopes as its README says', () => {
  test.each([
    [{}, 'acme/docs', ['acme/docs']],
    [{ owner: 'acme' }, 'acme/docs', ['acme/app', 'acme/docs']],
    [{ repositories: 'app' }, 'acme/docs', ['acme/app']],
    [{ owner: 'acme', repositories: 'docs, app' }, 'acme/app', ['acme/docs', 'acme/app']],
    [{ owner: 'acme', repositories: 'app\ndocs\n' }, 'acme/docs', ['acme/app', 'acme/docs']],
    [{ owner: '', repositories: '' }, 'acme/app', ['acme/app']],
  ])('%j in %s covers %j', (request, current, scope) => {
    expect(appTokenScope(request, current)).toEqual(scope)
  })

  test('a repository the App is not installed on fails the step', () => {
    expect(() => appTokenScope({ owner: 'acme', repositories: 'web' }, 'acme/app')).toThrow(
      /not installed on acme\/web/,
    )
  })
})

describe('every example token covers each repository its job writes to', () => {
  test('the two-repository examples are the ones this test knows where they run', () => {
    expect(twoRepositoryExamples.sort()).toEqual(Object.keys(HOME).sort())
  })

  test.each(Object.entries(HOME))('%s (runs in %s)', (file, home) => {
    expect(uncoveredWrites(exampleSteps(file), home)).toEqual([])
  })

  test('the 1.1.0 docs repository example before the fix (a token for the current repository only) is caught: its echo on the code issue', () => {
    const before = `
jobs:
  docs:
    runs-on: ubuntu-latest
    steps:
      - id: app
        uses: actions/create-github-app-token@bcd2ba49218906704ab6c1aa796996da409d3eb1 # v3.2.0
        with:
          client-id: \${{ vars.DOCS_APP_CLIENT_ID }}
          private-key: \${{ secrets.DOCS_APP_PRIVATE_KEY }}
      - uses: your-org/mintlify-docs-action/comment@v1
        with:
          github-token: \${{ steps.app.outputs.token }}
`
    expect(uncoveredWrites(exampleSteps('before.yml', before), 'acme/docs')).toEqual([
      'comment writes to acme/app with github-token, whose token covers acme/docs',
    ])
  })

  test('docs-token from a token for the docs repository only, with the issue written by GITHUB_TOKEN: covered; the same token as github-token: not', () => {
    const step = (githubToken: string) => `
jobs:
  docs:
    runs-on: ubuntu-latest
    steps:
      - id: app
        uses: actions/create-github-app-token@v3
        with:
          owner: \${{ github.repository_owner }}
          repositories: docs
      - uses: your-org/mintlify-docs-action/agent@v1
        with:
          comment: true
          ${githubToken}
          docs-token: \${{ steps.app.outputs.token }}
`
    expect(uncoveredWrites(exampleSteps('x.yml', step('')), 'acme/app')).toEqual([])
    expect(
      uncoveredWrites(exampleSteps('x.yml', step('github-token: ${{ steps.app.outputs.token }}')), 'acme/app'),
    ).toEqual(['agent writes to acme/app with github-token, whose token covers acme/docs'])
  })
})
