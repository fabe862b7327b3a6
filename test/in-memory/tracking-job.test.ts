import { beforeEach, describe, expect, test, vi } from 'vitest'
import { ThreadTracking, UNTRACKED, entryFor } from '../../src/tracking/thread-tracking.js'
import { decodeState } from '../../src/tracking/state.js'
import { world } from './fake-world.js'

/**
 * A job's life in a thread (ThreadTracking's job), as the conversation and agent mode use it: the result is
 * recorded, then what the caller shows in between, then the agent's pull request is linked; a
 * cancelled run still shows what it shows in between, and links nothing.
 */

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => vi.restoreAllMocks()
})

const thread = {
  owner: 'acme',
  repo: 'docs',
  number: 7,
  isPullRequest: false,
  title: 'Webhooks',
  url: 'https://github.com/acme/docs/issues/7',
}
const ended = {
  outcome: 'completed',
  jobId: 'job_1',
  job: { prLink: 'https://github.com/acme/docs/pull/101', status: 'completed' },
  message: undefined,
}

async function followed(cancel: boolean) {
  const w = world()
  const abort = new AbortController()
  const ctx = { ...w.ctx, signal: abort.signal }
  const tracking = await ThreadTracking.open(
    w.github,
    'github-actions[bot]',
    thread,
    { triggerPhrase: '/docs' },
    ctx,
    'fail',
  )
  const entry = entryFor(ctx.run, w.clock.now(), 'alice', 'add a curl example', thread.url)
  const job = tracking.job([entry, { ...entry, by: 'bob' }], { lastComment: 555 }, ['alice'])
  await job.started('job_1')
  if (cancel) abort.abort()
  const between: { calls: string[]; done: string[] }[] = []
  await job.ended(ended, async (done) => {
    between.push({ calls: [...w.github.calls], done: done.map((d) => `${d.by} ${d.result}`) })
  })
  return { w, between }
}

describe("a thread's job", () => {
  test('the result is recorded for every entry, then what the caller shows, then the pull request is linked', async () => {
    const { w, between } = await followed(false)
    expect(between).toHaveLength(1)
    expect(between[0]?.done).toEqual(['alice completed', 'bob completed'])
    // recorded before: the comment written at the start, then edited with the result
    expect(between[0]?.calls.filter((c) => c.endsWith('-comment'))).toEqual(['create-comment', 'update-comment'])
    // linked after: a tracking comment on the agent's pull request, its reviewer asked
    const after = w.github.calls.slice(between[0]?.calls.length)
    expect(after).toContain('create-comment')
    expect(after).toContain('request-reviewers')
    expect(w.github.comments.map((c) => c.issue)).toEqual([7, 101])
    expect(decodeState(w.github.comments[0]?.body ?? '')).toMatchObject({ job: 'job_1', lastComment: 555 })
  })

  test('cancelled: what the caller shows still runs; the pull request is not linked', async () => {
    const { w, between } = await followed(true)
    expect(between).toHaveLength(1)
    expect(between[0]?.done).toEqual(['alice completed', 'bob completed'])
    expect(w.github.comments.map((c) => c.issue)).toEqual([7])
    expect(w.github.calls).not.toContain('request-reviewers')
  })

  test('no thread: nothing is recorded and nothing in between runs', async () => {
    const w = world()
    const job = UNTRACKED
    let shown = false
    await job.started('job_1')
    await job.ended(ended, async () => {
      shown = true
    })
    expect(shown).toBe(false)
    expect(w.github.calls).toEqual([])
  })
})
