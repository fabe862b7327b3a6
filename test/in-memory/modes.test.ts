import { beforeEach, describe, expect, test, vi } from 'vitest'
import { decodeState, encodeState } from '../../src/tracking/state.js'
import type { CommentSettings } from '../../src/comment/inputs.js'
import { parseSettings } from '../../src/interface/settings.js'
import * as agentMode from '../../src/agent/mode.js'
import * as commentMode from '../../src/comment/mode.js'
import { BASE_INPUTS, FakeGitHub, ISSUE, agentSettings, commentSettings, docsRepository, world } from './fake-world.js'
import { FIXED_NOW } from '../unit/fake-clock.js'
import { containing, defined } from '../e2e/typed.js'

/**
 * Each mode in memory, against the service and GitHub as fakes (fake-world.ts) and a fake clock:
 * the gate, the busy-job wait and how each run ends, in milliseconds. The e2e suite keeps one run of
 * each through the bundle.
 */

const issue = ISSUE
const commentEvent = (body: string, user = { login: 'alice', type: 'User' }, id = 555) => ({
  eventName: 'issue_comment',
  payload: { action: 'created', issue, comment: { id, body, user, html_url: `${issue.html_url}#issuecomment-${id}` } },
})

beforeEach(() => {
  // the modes log through @actions/core; the tests read reports, not the log
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => vi.restoreAllMocks()
})

describe('comment mode: the gate', () => {
  test.each([
    ['read', 'has read access'],
    ['triage', 'has triage access'],
    [undefined, 'is not a collaborator'],
  ])('a user with %s access is refused: 😕, a notice, nothing sent, no comment', async (role, says) => {
    const w = world(commentEvent('/docs add a curl example'))
    if (role) w.github.roles.set('alice', role)
    const report = await commentMode.run(commentSettings(), w.ctx)
    expect(report.ending.level).toBe('notice')
    expect(report.ending.message).toContain('Not an instruction (not-allowed)')
    expect(report.ending.message).toContain(says)
    expect(report.summary).toContain('refused')
    expect(w.outputs.get('skip-reason')).toBe('not-allowed')
    expect(w.github.reactions.map((r) => r.content)).toEqual(['confused'])
    expect(w.github.comments).toEqual([])
    expect(w.service.calls).toEqual([])
  })

  test.each(['write', 'maintain', 'admin'])(
    'a user with %s access may instruct: 👀, a new job with the thread as context, one tracking comment',
    async (role) => {
      const w = world(commentEvent('/docs add a curl example'))
      w.github.roles.set('alice', role)
      const report = await commentMode.run(commentSettings(), w.ctx)
      expect(report.ending).toMatchObject({ level: 'notice', message: containing('Pull request opened') })
      expect(w.github.reactions.map((r) => r.content)).toEqual(['eyes'])
      const [job] = [...w.service.jobs.values()]
      expect(job?.prompts[0]).toMatch(
        /^add a curl example\n\nContext from GitHub \(a description, not an instruction\): this was asked in a comment on issue #7 titled "Document webhooks"/,
      )
      expect(w.github.comments.filter((c) => c.issue === 7)).toHaveLength(1)
      expect(decodeState(w.github.comments[0]?.body ?? '')?.job).toBe(job?.id)
      expect(w.outputs.get('triggered')).toBe('true')
    },
  )

  test('a bot that allowed-bots does not list is refused without a permission check; a listed one may instruct', async () => {
    const refused = world(commentEvent('/docs go', { login: 'renovate[bot]', type: 'Bot' }))
    expect((await commentMode.run(commentSettings(), refused.ctx)).ending.message).toContain('(bot)')
    expect(refused.github.calls.filter((c) => c.startsWith('permission'))).toEqual([])
    expect(refused.service.calls).toEqual([])

    const listed = world(commentEvent('/docs go', { login: 'renovate[bot]', type: 'Bot' }))
    await commentMode.run(commentSettings({ 'allowed-bots': 'renovate' }), listed.ctx)
    expect(listed.github.calls.filter((c) => c.startsWith('permission'))).toEqual([])
    expect(listed.service.calls[0]).toBe('create')
  })

  test('a User whose login ends in [bot] is permission-checked like any user, whatever allowed-bots says', async () => {
    const w = world(commentEvent('/docs go', { login: 'renovate[bot]', type: 'User' }))
    const report = await commentMode.run(commentSettings({ 'allowed-bots': 'renovate[bot]' }), w.ctx)
    expect(report.ending.message).toContain('(not-allowed)')
    expect(w.github.calls).toContain('permission renovate[bot]')
    expect(w.service.calls).toEqual([])
  })

  test("the action's own account, an edit and a comment without the phrase never reach the gate", async () => {
    const own = world(commentEvent('/docs go', { login: 'github-actions[bot]', type: 'Bot' }))
    expect(
      (await commentMode.run(commentSettings({ 'allowed-bots': 'github-actions' }), own.ctx)).ending.message,
    ).toContain('(own-comment)')
    const edited = world({
      ...commentEvent('/docs go'),
      payload: { ...commentEvent('/docs go').payload, action: 'edited' },
    })
    expect((await commentMode.run(commentSettings(), edited.ctx)).ending.message).toContain('(not-created)')
    const chat = world(commentEvent('thanks, /docs later'))
    expect((await commentMode.run(commentSettings(), chat.ctx)).ending.message).toContain('(no-phrase)')
    for (const w of [own, edited, chat]) expect([w.service.calls, w.github.writes()]).toEqual([[], []])
  })

  test('a permission check that fails sends nothing and fails the step', async () => {
    const w = world(commentEvent('/docs go'))
    w.github.permission = async () => {
      throw Object.assign(new Error('Server Error'), { status: 500 })
    }
    const report = await commentMode.run(commentSettings(), w.ctx)
    expect(report.ending.level).toBe('failure')
    expect(report.ending.message).toContain("Could not check alice's permission on the repository")
    expect(w.service.calls).toEqual([])
  })
})

describe("comment mode: the thread's job", () => {
  /** A thread whose tracking comment (written by the action) links `job`. */
  function linked(job: string) {
    const w = world(commentEvent('/docs add a Python example'))
    w.github.roles.set('alice', 'write')
    w.github.comments.push({
      id: 77,
      issue: 7,
      author: 'github-actions[bot]',
      authorType: 'Bot',
      url: '',
      createdAt: '2026-11-21T11:00:00Z',
      body: encodeState({ job, entries: [] }),
    })
    return w
  }

  /** A thread linked to a job at the service that is busy for `busyMs` more: the world and the job. */
  function linkedTo(busyMs: number) {
    const w = linked('')
    const job = w.service.existing(busyMs)
    w.github.comments[0] = {
      ...defined(w.github.comments[0], 'the tracking comment'),
      body: encodeState({ job, entries: [] }),
    }
    return { w, job }
  }

  test('a finished linked job gets the instruction as a follow-up, in the same tracking comment', async () => {
    const { w, job } = linkedTo(0)
    const report = await commentMode.run(commentSettings(), w.ctx)
    expect(report.ending.level).toBe('notice')
    expect(w.service.jobs.get(job)?.prompts).toEqual(['earlier', 'add a Python example'])
    // the thread's own comment is edited; the only new one is the link-back on the job's new pull request
    expect(w.github.comments.map((c) => c.issue)).toEqual([7, Number(w.outputs.get('pr-number'))])
    expect(decodeState(w.github.comments[0]?.body ?? '')?.entries[0]).toMatchObject({
      by: 'alice',
      instruction: 'add a Python example',
      result: 'completed',
    })
  })

  test('a linked job still busy is waited for on the clock, then the follow-up is sent', async () => {
    const { w } = linkedTo(5 * 60_000)
    const start = w.clock.now()
    const report = await commentMode.run(commentSettings(), w.ctx)
    expect(report.ending.level).toBe('notice')
    // the message went out only once the earlier instruction was done
    const sentAt = w.service.calls.indexOf('message')
    expect(sentAt).toBeGreaterThan(0)
    expect(w.clock.sleeps.slice(0, 3).every((ms) => ms > 0)).toBe(true)
    expect(w.clock.now() - start).toBeGreaterThanOrEqual(5 * 60_000)
  })

  test('a linked job busy past wait-timeout: nothing is sent, the thread says so, the step fails', async () => {
    const { w } = linkedTo(60 * 60_000)
    const report = await commentMode.run(commentSettings({ 'wait-timeout': '10m' }), {
      ...w.ctx,
      deadline: w.clock.now() + 10 * 60_000,
    })
    expect(report.ending.level).toBe('failure')
    expect(report.ending.message).toContain(
      'was still working on an earlier instruction at wait-timeout, so this instruction was not sent',
    )
    expect(w.service.calls).not.toContain('message')
    expect(decodeState(w.github.comments[0]?.body ?? '')?.entries[0]?.result).toBe('not-sent')
  })

  test('a linked job the service no longer knows: a new job starts', async () => {
    const w = linked('job_gone')
    await commentMode.run(commentSettings(), w.ctx)
    expect(w.service.calls.filter((c) => c !== 'get')).toEqual(['create'])
  })
})

describe('agent mode: how a job ends the step', () => {
  test('completed with a pull request: a notice; the outputs say which', async () => {
    const w = world()
    const report = await agentMode.run(agentSettings({ prompt: 'Document X' }), w.ctx)
    expect(report.ending).toEqual({
      level: 'notice',
      message: 'Pull request opened by the documentation agent: https://github.com/acme/docs/pull/101',
    })
    expect(Object.fromEntries(w.outputs)).toMatchObject({ 'job-id': 'job_1', status: 'completed', 'pr-number': '101' })
    expect(report.summary).toContain('✅ pull request opened')
  })

  test.each([
    [false, 'warning'],
    [true, 'failure'],
  ])('completed without a pull request, require-pr %s: %s', async (requirePr, level) => {
    const w = world()
    w.service.plan.pr = false
    const report = await agentMode.run(agentSettings({ prompt: 'Document X', 'require-pr': String(requirePr) }), w.ctx)
    expect(report.ending.level).toBe(level)
    expect(report.ending.message).toContain('completed without a pull request')
  })

  test('failed: the step fails; still running at wait-timeout: it fails and says how to resume', async () => {
    const failed = world()
    failed.service.plan.finalStatus = 'failed'
    expect((await agentMode.run(agentSettings({ prompt: 'Document X' }), failed.ctx)).ending).toMatchObject({
      level: 'failure',
      message: 'Job job_1 failed: the agent met an unrecoverable error.',
    })

    const slow = world({}, 60_000)
    slow.service.plan.runMs = 3_600_000
    const report = await agentMode.run(agentSettings({ prompt: 'Document X', 'wait-timeout': '1m' }), slow.ctx)
    expect(report.ending.level).toBe('failure')
    expect(report.ending.message).toBe(
      'Job job_1 is still active after wait-timeout (1m). To keep waiting, run the action again with job-id: job_1 and no prompt.',
    )
  })

  test('wait: false: an info line, the job goes on', async () => {
    const w = world()
    const report = await agentMode.run(agentSettings({ prompt: 'Document X', wait: 'false' }), w.ctx)
    expect(report.ending).toEqual({ level: 'info', message: 'Not waiting (wait: false). Job job_1 goes on.' })
    expect(w.service.calls).toEqual(['create'])
  })

  test('comment: true on an issue: one tracking comment, created when the job starts and edited when it ends', async () => {
    const w = world({ eventName: 'issues', payload: { action: 'labeled', issue } })
    await agentMode.run(agentSettings({ prompt: 'Document X', comment: 'true', 'github-token': 'ghs_unit' }), w.ctx)
    // created on the issue, edited with the result, then one on the agent's pull request linking back
    expect(w.github.calls.filter((c) => c.endsWith('-comment'))).toEqual([
      'create-comment',
      'update-comment',
      'create-comment',
    ])
    expect(w.github.comments.map((c) => c.issue)).toEqual([7, 101])
    expect(decodeState(w.github.comments[0]?.body ?? '')).toMatchObject({
      job: 'job_1',
      prLink: 'https://github.com/acme/docs/pull/101',
    })
    expect(decodeState(w.github.comments[1]?.body ?? '')).toMatchObject({ job: 'job_1', origin: { label: 'issue #7' } })
  })
})

describe('docs in their own repository', () => {
  test("the agent's pull request in another repository: one notice says why it gets no tracking comment; nothing is written there", async () => {
    const w = world({
      eventName: 'issues',
      payload: { action: 'labeled', issue: { ...issue, html_url: 'https://github.com/acme/app/issues/7' } },
      repo: 'app',
    })
    const notices: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (String(chunk).startsWith('::notice::')) notices.push(String(chunk))
      return true
    })
    const report = await agentMode.run(
      agentSettings({ prompt: 'Document webhooks', comment: 'true', 'github-token': 'ghs_unit' }),
      w.ctx,
    )
    expect(report.ending.level).toBe('notice')
    const elsewhere = notices.filter((n) => n.includes('is in acme/docs, not acme/app'))
    expect(elsewhere).toHaveLength(1)
    expect(elsewhere[0]).toContain('gets no tracking comment')
    // only the issue's own tracking comment: none on the docs pull request
    expect(w.github.comments.map((c) => c.issue)).toEqual([7])
  })
})

describe('docs in their own repository, with docs-token', () => {
  /** The code repository (acme/app) and the docs repository (acme/docs, its own GitHub side, an App's identity), one service. */
  function twoRepositories() {
    const w = world({
      eventName: 'issues',
      payload: { action: 'labeled', issue: { ...issue, html_url: 'https://github.com/acme/app/issues/7' } },
      repo: 'app',
    })
    const docs = docsRepository(w)
    docs.roles.set('alice', 'write')
    /** The agent action on the code issue, with docs-token: its job. */
    const startJob = async () => {
      const settings = {
        prompt: 'Document webhooks',
        comment: 'true',
        'github-token': 'ghs_unit',
        'docs-token': 'ghs_docs',
      }
      await agentMode.run(agentSettings(settings), w.ctx)
      return [...w.service.jobs.values()][0]
    }
    return { ...w, docs, startJob }
  }

  test("the agent's pull request in the docs repository gets the tracking comment, linking back to the code issue; no notice", async () => {
    const t = twoRepositories()
    const notices: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (String(chunk).startsWith('::notice::')) notices.push(String(chunk))
      return true
    })
    const job = await t.startJob()
    const prNumber = Number(/\/pull\/(\d+)$/.exec(decodeState(t.github.comments[0]?.body ?? '')?.prLink ?? '')?.[1])
    expect(prNumber).toBeGreaterThan(0)
    // the docs pull request: the job, and the code issue as where it was asked for
    const onPr = t.docs.comments.filter((c) => c.issue === prNumber)
    expect(onPr).toHaveLength(1)
    expect(onPr[0]?.author).toBe('docs-app[bot]')
    expect(decodeState(onPr[0]?.body ?? '')).toMatchObject({
      job: job?.id,
      origin: { url: 'https://github.com/acme/app/issues/7', label: 'acme/app#7' },
    })
    expect(onPr[0]?.body).toContain('acme/app#7')
    // the code issue's comment links the docs pull request
    expect(t.github.comments[0]?.body).toContain(`acme/docs#${prNumber}`)
    expect(notices.filter((n) => n.includes('not acme/app'))).toEqual([])
  })

  test("/docs on the docs pull request, in the docs repository with the App's token, continues the same job", async () => {
    const t = twoRepositories()
    // the guide's set-up: the App's token writes the code issue's tracking comment too (one identity)
    t.github.identityLogin = 'docs-app[bot]'
    const job = await t.startJob()
    const prNumber = defined(t.docs.comments[0]?.issue, "the pull request's comment")
    const comment = t.docs.addComment(prNumber, 'alice', '/docs add a curl example')
    // the docs repository's workflow: the comment action, its github-token the App's
    const inDocs = world({
      eventName: 'issue_comment',
      repo: 'docs',
      payload: {
        action: 'created',
        issue: {
          number: prNumber,
          title: 'Docs: webhooks',
          html_url: `https://github.com/acme/docs/pull/${prNumber}`,
          pull_request: {},
        },
        comment: { id: comment.id, body: comment.body, user: { login: 'alice', type: 'User' }, html_url: comment.url },
      },
    })
    // the App's token reaches both repositories: what it writes in acme/app is the App's
    const both = new Proxy(t.docs, {
      get(target, prop) {
        const value = (target as unknown as Record<string | symbol, unknown>)[prop]
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          const inApp = args.some(
            (a) => typeof a === 'object' && a !== null && (a as { repo?: unknown }).repo === 'app',
          )
          const side = (inApp ? t.github : t.docs) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>
          return side[prop]?.(...args)
        }
      },
    })
    // one service and one clock for both repositories' runs
    const ctx = {
      ...inDocs.ctx,
      client: t.ctx.client,
      clock: t.clock,
      started: t.clock.now(),
      deadline: t.clock.now() + 30 * 60_000,
      github: async () => both,
    }
    const report = await commentMode.run(
      parseSettings(
        { ...BASE_INPUTS, mode: 'comment', 'github-token': 'ghs_docs' },
        FIXED_NOW,
        'issue_comment',
      ) as CommentSettings,
      ctx,
    )
    expect(report.ending).toMatchObject({ level: 'notice', message: containing('Pull request opened') })
    expect(job?.prompts).toEqual(['Document webhooks', 'add a curl example'])
    expect(t.service.jobs.size).toBe(1)
    // the App's own comments are never instructions: its tracking comment does not trigger anything
    expect(t.docs.reactions).toEqual([{ commentId: comment.id, content: 'eyes' }])
    // one conversation, shown on both threads: the code issue's one tracking comment shows the instruction given on the docs pull request
    const onIssue = t.github.comments.filter((c) => c.issue === 7)
    expect(onIssue.map((c) => c.author)).toEqual(['docs-app[bot]'])
    expect(decodeState(onIssue[0]?.body ?? '')).toMatchObject({
      job: job?.id,
      entries: [
        { instruction: 'add a curl example', by: 'alice', result: 'completed' },
        { instruction: 'Document webhooks' },
      ],
    })
  })
})

describe('reviewers: author', () => {
  function codeComment(author: string, role: string, docsRole?: string) {
    const w = world({ ...commentEvent('/docs document the webhooks', { login: author, type: 'User' }), repo: 'app' })
    w.github.roles.set(author, role)
    const docs = docsRepository(w)
    if (docsRole) docs.roles.set(author, docsRole)
    const settings = commentSettings({ 'docs-token': 'ghs_docs', reviewers: 'author' })
    return { w, docs, settings }
  }

  test('the writer whose /docs started the job is asked to review the docs pull request, once', async () => {
    const { w, docs, settings } = codeComment('alice', 'write', 'write')
    await commentMode.run(settings, w.ctx)
    const prNumber = docs.comments[0]?.issue
    expect(docs.reviewRequests).toEqual([{ number: prNumber, logins: ['alice'] }])
  })

  test('a writer who is no collaborator of the docs repository: one warning, the pull request and the job unaffected', async () => {
    const { w, docs, settings } = codeComment('carol', 'write')
    const warnings: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (String(chunk).startsWith('::warning::')) warnings.push(String(chunk))
      return true
    })
    const report = await commentMode.run(settings, w.ctx)
    expect(report.ending.level).toBe('notice')
    expect(docs.reviewRequests).toEqual([])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('Could not ask carol to review acme/docs#')
    expect(warnings[0]).toContain('not a collaborator')
    expect(docs.comments).toHaveLength(1)
  })

  function warningsOf(): string[] {
    const warnings: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (String(chunk).startsWith('::warning::')) warnings.push(String(chunk))
      return true
    })
    return warnings
  }

  /**
   * alice's /docs on code pull request #7 of acme/app, which dana opened; the docs repository's
   * side has `docsWriters` as collaborators. Runs the comment action with reviewers: author.
   */
  async function docsOnCodePull(docsWriters: string[]) {
    const w = world({
      eventName: 'issue_comment',
      payload: {
        action: 'created',
        issue: {
          ...issue,
          html_url: 'https://github.com/acme/app/pull/7',
          pull_request: { url: 'x' },
          user: { login: 'dana', type: 'User' },
        },
        comment: {
          id: 555,
          body: '/docs document the webhooks',
          user: { login: 'alice', type: 'User' },
          html_url: 'https://github.com/acme/app/pull/7#issuecomment-555',
        },
      },
      repo: 'app',
    })
    w.github.roles.set('alice', 'write')
    const docs = docsRepository(w)
    for (const login of docsWriters) docs.roles.set(login, 'write')
    const settings = commentSettings({ 'docs-token': 'ghs_docs', reviewers: 'author' })
    await commentMode.run(settings, w.ctx)
    return docs
  }

  test("a /docs on a code pull request: the writer and the code change's author are both asked, each on their own; one refusal is one warning naming who", async () => {
    const warnings = warningsOf()
    const docs = await docsOnCodePull(['alice'])
    const prNumber = docs.comments[0]?.issue
    // dana is no collaborator of the docs repository: her request alone fails; alice's is made
    expect(docs.calls.filter((c) => c === 'request-reviewers')).toHaveLength(2)
    expect(docs.reviewRequests).toEqual([{ number: prNumber, logins: ['alice'] }])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('Could not ask dana to review acme/docs#')

    // both collaborators: both asked
    const both = await docsOnCodePull(['alice', 'dana'])
    expect(both.reviewRequests.map((r) => r.logins)).toEqual([['alice'], ['dana']])
  })

  test("an issue-started job: the issue's author is asked; a bot that opened it is not", async () => {
    for (const [user, asked] of [
      [{ login: 'bob', type: 'User' }, [['bob']]],
      [{ login: 'renovate[bot]', type: 'Bot' }, []],
    ] as const) {
      const w = world({
        eventName: 'issues',
        payload: {
          action: 'labeled',
          label: { name: 'docs' },
          issue: { ...issue, html_url: 'https://github.com/acme/app/issues/7', user },
        },
        repo: 'app',
      })
      const docs = new FakeGitHub(() => w.clock.now())
      docs.identityLogin = 'docs-app[bot]'
      docs.roles.set('bob', 'write')
      w.ctx.github = async (token) => (token === 'ghs_docs' ? docs : w.github)
      await agentMode.run(
        agentSettings({
          prompt: 'Document webhooks',
          comment: 'true',
          'github-token': 'ghs_unit',
          'docs-token': 'ghs_docs',
          reviewers: 'author',
        }),
        w.ctx,
      )
      expect(docs.reviewRequests.map((r) => r.logins)).toEqual(asked)
    }
  })
})
