import { beforeEach, describe, expect, test, vi } from 'vitest'
import { MAX_INSTRUCTIONS } from '../../src/tracking/state.js'
import { decodeState } from '../../src/tracking/state.js'
import type { AgentSettings } from '../../src/agent/inputs.js'
import type { CommentSettings } from '../../src/comment/inputs.js'
import { parseSettings } from '../../src/interface/settings.js'
import * as agentMode from '../../src/agent/mode.js'
import * as commentMode from '../../src/comment/mode.js'
import { BASE_INPUTS, ISSUE, type World, commentSettings, world } from './fake-world.js'
import { FIXED_NOW } from '../unit/fake-clock.js'

/**
 * No instruction is lost: GitHub keeps one running and one pending run per concurrency group and
 * cancels the older pending one, so a run catches up on the thread's instructions that no run sent.
 * In memory: against GitHub and the service as fakes (fake-world.ts), on a fake clock.
 */

const issue = ISSUE

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => vi.restoreAllMocks()
})

/** A thread on which alice (write) and bob (read) comment; runs share GitHub and the service. */
function thread(): World & {
  post(author: string, body: string, type?: string): number
  runFor(id: number, run: number, settings?: CommentSettings): ReturnType<typeof commentMode.run>
} {
  const w = world()
  w.github.roles.set('alice', 'write')
  w.github.roles.set('bob', 'read')
  return {
    ...w,
    post: (author, body, type = 'User') => w.github.addComment(7, author, body, type).id,
    /** The run GitHub starts for comment `id` (its own run number, so its own run link). */
    runFor(id, run, settings = commentSettings()) {
      const comment = w.github.comments.find((c) => c.id === id)
      if (!comment) throw new Error(`no comment ${id}`)
      const ctx = {
        ...w.ctx,
        run: {
          ...w.ctx.run,
          eventName: 'issue_comment',
          runUrl: `https://github.com/acme/docs/actions/runs/${run}`,
          // the event carries the comment as it was written; the run reads the thread as it is now
          payload: {
            action: 'created',
            issue,
            comment: {
              id,
              body: comment.body,
              user: { login: comment.author, type: comment.authorType },
              html_url: comment.url,
            },
          },
        },
      }
      return commentMode.run(settings, ctx)
    },
  }
}

const tracking = (w: World) =>
  decodeState(w.github.comments.find((c) => c.author === 'github-actions[bot]')?.body ?? '')
const prompts = (w: World) => [...w.service.jobs.values()].flatMap((j) => j.prompts)

describe('catch-up: every instruction on the thread, once', () => {
  test('three /docs comments during a busy run, the middle run cancelled by GitHub: the third run sends the second and third, in order, once', async () => {
    const t = thread()
    const first = t.post('alice', '/docs document the webhooks')
    await t.runFor(first, 1)
    const jobId = tracking(t)?.job as string
    expect(tracking(t)?.lastComment).toBe(first)

    const second = t.post('alice', '/docs add a curl example')
    const third = t.post('alice', '/docs and a Python one')
    // run 2 never starts (GitHub cancelled it while pending); run 3 does
    const report = await t.runFor(third, 3)
    expect(report.ending.level).toBe('notice')
    expect(t.service.jobs.get(jobId)?.prompts).toEqual([
      'document the webhooks\n\nContext from GitHub (a description, not an instruction): this was asked in a comment on issue #7 titled "Document webhooks", https://github.com/acme/docs/issues/7',
      `Several instructions were written on this thread while the agent was busy. Carry them out in order:\n\n1. From alice (https://github.com/acme/docs/issues/7#issuecomment-${second}):\nadd a curl example\n\n2. From alice (https://github.com/acme/docs/issues/7#issuecomment-${third}):\nand a Python one`,
    ])
    expect(t.service.calls.filter((c) => c === 'create' || c === 'message')).toEqual(['create', 'message'])
    expect(t.github.reactions).toEqual([
      { commentId: first, content: 'eyes' },
      { commentId: third, content: 'eyes' },
      { commentId: second, content: 'eyes' },
    ])
    const state = tracking(t)
    expect(state?.lastComment).toBe(third)
    expect(state?.entries.map((e) => [e.comment, e.result])).toEqual([
      [third, 'completed'],
      [second, 'completed'],
      [first, 'completed'],
    ])
    expect(report.summary).toContain('sent after 1 earlier instruction')

    // had run 2 started after all, it finds its comment dealt with and sends nothing
    const late = await t.runFor(second, 2)
    expect(late.ending.message).toContain('Not an instruction (already-handled)')
    expect(t.outputs.get('skip-reason')).toBe('already-handled')
    expect(t.service.calls.filter((c) => c === 'create' || c === 'message')).toEqual(['create', 'message'])
  })

  test('two runs racing on the same thread never send one comment twice (the 👀 is the claim)', async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    const second = t.post('alice', '/docs add a curl example')
    const third = t.post('alice', '/docs and a Python one')
    // both runs read the same state before either writes: only the reaction decides
    const [a, b] = await Promise.all([t.runFor(second, 2), t.runFor(third, 3)])
    const sent = prompts(t).slice(1).join('\n')
    expect(sent.split('add a curl example')).toHaveLength(2)
    expect(sent.split('and a Python one')).toHaveLength(2)
    expect([a.ending.level, b.ending.level]).toContain('notice')
    expect(t.github.reactions.filter((r) => r.commentId === second)).toHaveLength(1)
  })

  test("a reader's /docs in between is refused (😕) and not sent; a comment with no phrase is passed over", async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    const reader = t.post('bob', '/docs delete the security page')
    t.post('alice', 'thanks, looks good')
    const mine = t.post('alice', '/docs add a curl example')
    await t.runFor(mine, 3)
    expect(prompts(t).at(-1)).toBe('add a curl example')
    expect(prompts(t).join('\n')).not.toContain('security page')
    expect(t.github.reactions).toContainEqual({ commentId: reader, content: 'confused' })
    expect(tracking(t)?.lastComment).toBe(mine)
  })

  test('an edited comment is sent as it reads when the run handles it', async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    const second = t.post('alice', '/docs add a curl exmple')
    const comment = t.github.comments.find((c) => c.id === second)
    if (comment) comment.body = '/docs add a curl example for POST /hooks'
    await t.runFor(t.post('alice', '/docs and a Python one'), 3)
    expect(prompts(t).at(-1)).toContain('add a curl example for POST /hooks')
    expect(prompts(t).at(-1)).not.toContain('exmple')
  })

  test('without a tracking comment there is nothing to catch up on: older /docs comments are never sent', async () => {
    const t = thread()
    t.post('alice', '/docs an instruction from before the action was installed')
    const mine = t.post('alice', '/docs add a curl example')
    await t.runFor(mine, 1)
    expect(prompts(t)).toHaveLength(1)
    expect(prompts(t)[0]).toMatch(/^add a curl example\n\nContext/)
  })

  test(`40 waiting, more than ${MAX_INSTRUCTIONS}: the newest are sent; each one left out is listed as a link, unclaimed, and the warning says the same`, async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    const waiting = Array.from({ length: 40 }, (_, i) => t.post('alice', `/docs step ${i + 1}`))
    const mine = t.post('alice', '/docs the last step')
    const warnings: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (String(chunk).startsWith('::warning::')) warnings.push(String(chunk))
      return true
    })
    await t.runFor(mine, 2)
    const sent = prompts(t).at(-1) as string
    expect(sent).not.toMatch(/step 31\n/)
    expect(sent).toContain('step 32\n')
    expect(sent).toContain('step 40\n')
    expect(sent).toContain('the last step')
    expect(sent.match(/^\d+\. From alice/gm)).toHaveLength(MAX_INSTRUCTIONS)
    // the log: how many, and each with its author, time and link, one line each
    expect(warnings).toHaveLength(1)
    const warning = decodeURIComponent((warnings[0] ?? '').replace(/%0A/g, '\n'))
    expect(warning).toContain('31 earlier instructions were left out')
    for (const id of waiting.slice(0, 31))
      expect(warning).toContain(
        `- alice at 2026-11-21 12:00 UTC: https://github.com/acme/docs/issues/7#issuecomment-${id}\n`.trimEnd(),
      )
    expect(warning).not.toContain(`#issuecomment-${waiting[31]}`)
    // the thread: each left out as a link with its author and time, on the newest entry
    const own = tracking(t)?.entries.find((e) => e.comment === mine)
    expect(own?.left?.map((l) => l.url)).toEqual(
      waiting.slice(0, 31).map((id) => `https://github.com/acme/docs/issues/7#issuecomment-${id}`),
    )
    const body = t.github.comments.find((c) => c.author === 'github-actions[bot]')?.body ?? ''
    expect(body).toContain('31 earlier instructions were **not sent**')
    for (const id of waiting.slice(0, 31))
      expect(body).toContain(
        `    - alice, <a href="https://github.com/acme/docs/issues/7#issuecomment-${id}">2026-11-21 12:00 UTC</a>`,
      )
    // left out is unclaimed (no 👀) and not caught up again: they must be written again
    for (const id of waiting.slice(0, 31))
      expect(t.github.reactions).not.toContainEqual({ commentId: id, content: 'eyes' })
    const next = t.post('alice', '/docs one more')
    await t.runFor(next, 3)
    expect(prompts(t).at(-1)).toBe('one more')
  })
})

describe('a run with nothing of its own to send still catches up (GitHub cancelled the pending one)', () => {
  test("a reader's /docs cancels a writer's pending run: the reader is refused (😕), the writer's instruction is sent, once, with 👀", async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    const writer = t.post('alice', '/docs add a curl example')
    const reader = t.post('bob', '/docs delete the security page')
    // the writer's run was pending and is cancelled by the reader's; the reader's run starts
    const report = await t.runFor(reader, 3)
    expect(prompts(t).at(-1)).toBe('add a curl example')
    expect(prompts(t).join('\n')).not.toContain('security page')
    expect(t.github.reactions).toContainEqual({ commentId: reader, content: 'confused' })
    expect(t.github.reactions).toContainEqual({ commentId: writer, content: 'eyes' })
    expect(t.outputs.get('triggered')).toBe('true')
    expect(report.summary).toContain('not an instruction (`not-allowed`)')
    expect(report.summary).toContain('1 earlier instruction on the thread that no run had sent')
    expect(tracking(t)?.lastComment).toBe(reader)
    expect(tracking(t)?.entries.map((e) => e.comment)).toEqual([writer, expect.any(Number)])
    // the writer's own run, had it started after all, finds it dealt with
    await t.runFor(writer, 2)
    expect(t.outputs.get('skip-reason')).toBe('already-handled')
    expect(t.service.calls.filter((c) => c === 'message')).toHaveLength(1)
  })

  test.each([
    ['quoted', '> /docs add a curl example\n\nagreed'],
    ['mid-line', 'I think /docs should cover this'],
    ['alone', '/docs'],
  ])(
    "a comment that names the phrase without an instruction (%s) still sends the writer's pending instruction",
    async (_name, body) => {
      const t = thread()
      await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
      t.post('alice', '/docs add a curl example')
      const other = t.post('bob', body)
      await t.runFor(other, 3)
      expect(prompts(t).at(-1)).toBe('add a curl example')
      expect(t.github.reactions.filter((r) => r.commentId === other)).toEqual([])
    },
  )

  test('a comment that does not name the phrase needs no request at all', async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    t.post('alice', '/docs add a curl example')
    const calls = t.github.calls.length
    const report = await t.runFor(t.post('bob', 'thanks!'), 3)
    expect(report.ending.message).toContain('Not an instruction (no-phrase)')
    expect(t.github.calls.length).toBe(calls)
  })

  test('with nothing waiting, a refused comment is refused as before: 😕, a notice, nothing sent', async () => {
    const t = thread()
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1)
    const reader = t.post('bob', '/docs delete the security page')
    const report = await t.runFor(reader, 2)
    expect(report.ending.level).toBe('notice')
    expect(t.outputs.get('skip-reason')).toBe('not-allowed')
    expect(t.service.calls.filter((c) => c === 'message')).toHaveLength(0)
  })
})

describe('status labels', () => {
  const labels = 'docs: in progress, docs: done, docs: failed'

  test('comment mode: the first while the job runs, done at the end, the previous one removed', async () => {
    const t = thread()
    const settings = commentSettings({ 'status-labels': labels })
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1, settings)
    expect(t.github.labels.get(7)).toEqual(['docs: done'])
    expect(t.github.calls.filter((c) => c.includes('label'))).toEqual([
      'add-labels docs: in progress',
      'add-labels docs: done',
      'remove-label docs: in progress',
    ])
    expect(tracking(t)?.label).toBe('docs: done')
  })

  test('a failed job gets the failed label, and the next run starts again from in progress', async () => {
    const t = thread()
    const settings = commentSettings({ 'status-labels': labels })
    t.service.plan.finalStatus = 'failed'
    await t.runFor(t.post('alice', '/docs document the webhooks'), 1, settings)
    expect(t.github.labels.get(7)).toEqual(['docs: failed'])
    t.service.plan.finalStatus = 'completed'
    await t.runFor(t.post('alice', '/docs try again'), 2, settings)
    expect(t.github.labels.get(7)).toEqual(['docs: done'])
  })

  test('agent mode with comment: true labels the issue it comments on', async () => {
    const w = world({ eventName: 'issues', payload: { action: 'labeled', issue } })
    const settings = parseSettings(
      {
        ...BASE_INPUTS,
        prompt: 'Document webhooks',
        comment: 'true',
        'github-token': 'ghs_unit',
        'status-labels': labels,
      },
      FIXED_NOW,
      'issues',
    ) as AgentSettings
    await agentMode.run(settings, w.ctx)
    expect(w.github.labels.get(7)).toEqual(['docs: done'])
  })

  test('a label that cannot be written is one warning; the instruction still goes through', async () => {
    const t = thread()
    t.github.addLabels = async () => {
      throw Object.assign(new Error('Resource not accessible by integration'), { status: 403 })
    }
    const warnings: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (String(chunk).startsWith('::warning::')) warnings.push(String(chunk))
      return true
    })
    const report = await t.runFor(
      t.post('alice', '/docs document the webhooks'),
      1,
      commentSettings({ 'status-labels': labels }),
    )
    expect(report.ending.level).toBe('notice')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('Could not set the label "docs: in progress"')
    expect(prompts(t)).toHaveLength(1)
  })

  test.each(['docs: busy, docs: done', 'a, b, c, d', 'a, a, b', `${'x'.repeat(51)}, b, c`])(
    'status-labels %j is an input error naming what is accepted',
    (value) => {
      expect(() => commentSettings({ 'status-labels': value })).toThrow(
        /Input "status-labels" is .*: expected three different comma-separated label names/,
      )
    },
  )
})
