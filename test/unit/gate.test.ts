import { describe, expect, test } from 'vitest'
import { gate } from '../../src/github/gate.js'
import type { GitHubPort } from '../../src/github/port.js'

/** Who may instruct: each answer of GitHub's permission endpoint and each kind of account, table-tested. */
const thread = { owner: 'acme', repo: 'docs', number: 7, isPullRequest: false, title: '', url: '' }
const answering = (answer: { permission: string; role: string } | Error): GitHubPort =>
  ({
    permission: async () => {
      if (answer instanceof Error) throw answer
      return answer
    },
  }) as unknown as GitHubPort
const notFound = Object.assign(new Error('Not Found'), { status: 404 })

describe('the gate', () => {
  test.each([
    ['admin', 'admin', undefined],
    ['write', 'write', undefined],
    // maintain shows as write; a custom role based on maintain keeps its role name
    ['write', 'maintain', undefined],
    ['read', 'maintain', undefined],
    ['read', 'triage', 'alice has triage access to the repository; instructions need write, maintain or admin.'],
    ['read', 'read', 'alice has read access to the repository; instructions need write, maintain or admin.'],
    ['none', '', 'alice has none access to the repository; instructions need write, maintain or admin.'],
  ])('a user with permission %s and role %j: %s', async (permission, role, refused) => {
    const verdict = await gate(answering({ permission, role }), thread, { login: 'alice', type: 'User' }, [])
    expect(verdict).toEqual(refused === undefined ? undefined : { reason: 'not-allowed', detail: refused })
  })

  test.each([
    ['Organization', 'acme is a Organization, not a user.'],
    ['Mannequin', 'acme is a Mannequin, not a user.'],
    ['', 'acme is a account of unknown type, not a user.'],
  ])('an account of type %j is no user: refused before any request', async (type, detail) => {
    const api = answering(new Error('must not be asked'))
    expect(await gate(api, thread, { login: 'acme', type }, [])).toEqual({ reason: 'not-allowed', detail })
  })

  test('a bot: only one allowed-bots lists (by its login, any case), and never asked about', async () => {
    const api = answering(new Error('must not be asked'))
    expect(await gate(api, thread, { login: 'Renovate[bot]', type: 'Bot' }, ['renovate[bot]'])).toBeUndefined()
    expect(await gate(api, thread, { login: 'dependabot[bot]', type: 'Bot' }, ['renovate[bot]'])).toEqual({
      reason: 'bot',
      detail: 'dependabot[bot] is a bot that allowed-bots does not list.',
    })
  })

  test('no collaborator (404) is refused; any other failure stops the run, saying nothing was sent', async () => {
    expect(await gate(answering(notFound), thread, { login: 'mallory', type: 'User' }, [])).toEqual({
      reason: 'not-allowed',
      detail: 'mallory is not a collaborator on the repository.',
    })
    await expect(
      gate(answering(new Error('Bad gateway')), thread, { login: 'mallory', type: 'User' }, []),
    ).rejects.toThrow(
      "Could not check mallory's permission on the repository: Bad gateway. Nothing was sent to the service.",
    )
  })
})
