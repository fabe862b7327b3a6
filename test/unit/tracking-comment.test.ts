import { describe, expect, test, vi } from 'vitest'
import { commentTarget } from '../../src/github/comment-target.js'
import { githubTime } from '../../src/github/port.js'
import { parsePullLink, pullKey, pullLinkLabel, pullRequestHere } from '../../src/github/pull-link.js'
import { TrackingComment, withEntry } from '../../src/tracking/comment.js'
import {
  MAX_ENTRIES,
  type TrackingEntry,
  type TrackingState,
  carriesMarker,
  decodeState,
  encodeState,
  sameRun,
} from '../../src/tracking/state.js'
import { readRunContext } from '../../src/github/run-context.js'
import { MAX_COMMENT_CHARS, renderReviewReply, renderTrackingComment } from '../../src/tracking/render.js'
import { parseMarkdown } from '../../src/github/markdown.js'
import { toString } from 'mdast-util-to-string'

const repo = { owner: 'acme', repo: 'docs' }
const entry = (n: number, extra: Partial<TrackingEntry> = {}): TrackingEntry => ({
  at: '2026-11-22T10:00:00.000Z',
  by: 'alice',
  instruction: `instruction ${n}`,
  source: `https://github.com/acme/docs/issues/7#issuecomment-${n}`,
  result: 'completed',
  runUrl: `https://github.com/acme/docs/actions/runs/${n}`,
  ...extra,
})

/** What the action printed (its log and workflow commands) while `work` ran, kept out of the test's output. */
async function printed(work: () => Promise<unknown>): Promise<string> {
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  try {
    await work()
  } finally {
    spy.mockRestore()
  }
  return out
}

describe('commentTarget', () => {
  test.each([
    [
      'issues',
      { issue: { number: 7, title: 'T', html_url: 'u' } },
      { number: 7, isPullRequest: false, title: 'T', url: 'u' },
    ],
    [
      'issue_comment',
      { issue: { number: 9, pull_request: { url: 'x' } } },
      { number: 9, isPullRequest: true, title: '', url: '' },
    ],
    ['pull_request', { pull_request: { number: 10 } }, { number: 10, isPullRequest: true, title: '', url: '' }],
    [
      'pull_request_review_comment',
      { pull_request: { number: 13 } },
      { number: 13, isPullRequest: true, title: '', url: '' },
    ],
  ])('%s → %o', (event, payload, expected) => {
    expect(commentTarget(event, payload, repo)).toEqual({ ...repo, ...expected })
  })

  test.each([
    ['push', { issue: { number: 7 } }],
    ['schedule', {}],
    ['issues', {}],
    ['issues', { issue: { number: '7' } }],
    ['issues', { issue: { number: 0 } }],
  ])('%s with %o has no target', (event, payload) => expect(commentTarget(event, payload, repo)).toBeUndefined())
})

describe('pull request links', () => {
  test.each([
    ['https://github.com/acme/docs/pull/101', 'https://github.com', 101],
    ['https://github.com/Acme/Docs/pull/7', 'https://github.com', 7],
    ['https://ghes.acme.internal/acme/docs/pull/3', 'https://ghes.acme.internal', 3],
    ['https://github.com/acme/other/pull/101', 'https://github.com', undefined],
    ['https://github.com/other/docs/pull/101', 'https://github.com', undefined],
    ['https://github.com/acme/docs/pull/101', 'not a server url', undefined],
    // not as written once read: an upper-case host, a default port
    ['https://GitHub.com/acme/docs/pull/101', 'https://github.com', undefined],
    ['https://github.com:443/acme/docs/pull/101', 'https://github.com', undefined],
    ['https://github.com/acme/./pull/101', 'https://github.com', undefined],
    ['https://github.com/acme/docs-old/pull/101', 'https://github.com', undefined],
    ['https://ghes.acme.internal/acme/docs/pull/3', 'https://github.com', undefined],
    ['https://github.com/acme/docs/issues/5', 'https://github.com', undefined],
    // not canonical: never a pull request to comment on
    ['https://github.com/acme/docs/pull/13/../../issues/1', 'https://github.com', undefined],
    ['https://github.com/acme/docs/pull/7/files', 'https://github.com', undefined],
    ['https://github.com/acme/docs/pull/7?x=1', 'https://github.com', undefined],
    ['https://github.com/acme/docs/pull/7#top', 'https://github.com', undefined],
    ['https://github.com/acme/docs/pull/%37', 'https://github.com', undefined],
    ['http://github.com/acme/docs/pull/7', 'https://github.com', undefined],
    ['https://user@github.com/acme/docs/pull/7', 'https://github.com', undefined],
    ['https://github.com/acme/docs/pull/07', 'https://github.com', undefined],
    [null, 'https://github.com', undefined],
  ])('%s on %s → %s', (link, server, expected) => {
    expect(pullRequestHere(link, { serverUrl: server, ...repo })).toBe(expected)
  })

  test.each([
    ['https://github.com/acme/docs/pull/9', '#9'],
    ['https://github.com/acme/site/pull/9', 'acme/site#9'],
    ['https://gitlab.example/acme/docs/pull/9', undefined],
    ['https://github.com/acme/docs/pull/13/../../issues/1', undefined],
  ])('%s reads as %s on github.com in acme/docs', (link, label) => {
    expect(pullLinkLabel(link, { serverUrl: 'https://github.com', ...repo })).toBe(label)
  })

  test.each([
    ['https://github.com/acme/docs/pull/12', 'github.com/acme/docs#12'],
    ['https://github.com/Acme/Docs/pull/12', 'github.com/acme/docs#12'],
    ['https://ghes.acme.internal/acme/docs/pull/3', 'ghes.acme.internal/acme/docs#3'],
    ['not a pull request', 'not a pull request'],
  ])('pullKey(%j) is %j: one key however the link is cased; the text itself when it names none', (link, key) => {
    expect(pullKey(link)).toBe(key)
  })

  test('parsePullLink reads only the canonical form', () => {
    expect(parsePullLink('https://github.com/acme/docs/pull/9')).toEqual({
      host: 'github.com',
      owner: 'acme',
      repo: 'docs',
      number: 9,
    })
    expect(parsePullLink('https://github.com/acme/../pull/9')).toBeUndefined()
    // a host no URL can have is no link, never a thrown error
    expect(parsePullLink('https://git hub.com/acme/docs/pull/9')).toBeUndefined()
    expect(parsePullLink('https://[github.com/acme/docs/pull/9')).toBeUndefined()
    for (const nothing of [null, undefined, '']) expect(parsePullLink(nothing)).toBeUndefined()
  })
})

describe('thread state', () => {
  test('round-trips through the hidden marker, and text in it cannot close the HTML comment', () => {
    const state: TrackingState = {
      job: 'job_1',
      prLink: 'https://github.com/acme/docs/pull/5',
      entries: [entry(1, { instruction: 'evil --> <img src=x>' })],
    }
    const marker = encodeState(state)
    expect(marker).toMatch(/^<!-- mintlify-docs-action:thread v1 [A-Za-z0-9+/=]+ -->$/)
    expect(decodeState(`before\n${marker}\nafter`)).toEqual(state)
    expect(carriesMarker(marker)).toBe(true)
  })

  test('a marker that does not read, or reads as something else, is no state', () => {
    expect(decodeState('<!-- mintlify-docs-action:thread v1 bm90IGpzb24= -->')).toBeUndefined()
    expect(
      decodeState(`<!-- mintlify-docs-action:thread v1 ${Buffer.from('{"job":5}').toString('base64')} -->`),
    ).toBeUndefined()
    expect(decodeState('no marker')).toBeUndefined()
  })

  test('entries: newest first, bounded in number and length, one per source and run', () => {
    let state: TrackingState = { entries: [] }
    for (let i = 1; i <= MAX_ENTRIES + 3; i++) state = withEntry(state, entry(i, { instruction: 'x'.repeat(900) }))
    expect(state.entries).toHaveLength(MAX_ENTRIES)
    expect(state.entries[0]?.source).toContain('issuecomment-13')
    expect(state.entries.every((e) => e.instruction.length === 500)).toBe(true)
    state = withEntry(state, { ...entry(13), result: 'failed' })
    expect(state.entries).toHaveLength(MAX_ENTRIES)
    expect(state.entries[0]?.result).toBe('failed')
  })
})

describe("TrackingComment.findOwn: a marker counts only in a comment the action's identity wrote", () => {
  const marked = (author: string, job: string) => ({
    id: job.length,
    author,
    authorType: 'User',
    url: '',
    createdAt: '2026-11-22T10:00:00Z',
    body: encodeState({ job, entries: [] }),
  })
  test('the newest one by the identity wins; forged markers by others are ignored', () => {
    const comments = [
      marked('github-actions[bot]', 'job_old'),
      marked('GitHub-Actions[bot]', 'job_new'),
      marked('mallory', 'job_forged'),
    ]
    expect(TrackingComment.findOwn(comments, 'github-actions[bot]')?.state.job).toBe('job_new')
    expect(TrackingComment.findOwn([marked('mallory', 'job_forged')], 'github-actions[bot]')).toBeUndefined()
  })
  test('with no known identity, no comment is trusted', () => {
    expect(TrackingComment.findOwn([marked('github-actions[bot]', 'job_1')], undefined)).toBeUndefined()
  })
})

describe('tracking comment text', () => {
  test('job, pull request, how to continue, and each instruction escaped, with no mention', () => {
    const state: TrackingState = {
      job: 'job_1',
      prLink: 'https://github.com/acme/docs/pull/5',
      entries: [
        entry(2, {
          by: 'mallory',
          instruction: '@everyone <img src=x onerror=alert(1)> [x](https://evil.example) ::error::boom',
          note: 'Job job_1 failed: <b>boom</b>',
        }),
        entry(1),
      ],
    }
    const body = renderTrackingComment({
      state,
      triggerPhrase: '/docs',
      status: 'completed',
      here: { serverUrl: 'https://github.com', ...repo },
    })
    expect(decodeState(body)).toEqual(state)
    expect(body).toContain(
      'Job job\\_1 (completed) · Pull request <a href="https://github.com/acme/docs/pull/5">#5</a>',
    )
    expect(body).toContain('comment `/docs <what to change>` here')
    expect(body).toContain(
      '@&#8288;everyone &lt;img src=x onerror=alert\\(1\\)&gt; \\[x\\]\\(https:&#8288;//evil.example\\)',
    )
    expect(body).toContain('&lt;b&gt;boom&lt;/b&gt;')
    expect(body).not.toMatch(/<img|\]\(https|@everyone/)
    expect(body.indexOf('instruction 1')).toBeGreaterThan(body.indexOf('@&#8288;everyone'))
  })

  test("on the agent's pull request: where the job was asked for", () => {
    const body = renderTrackingComment({
      state: { job: 'job_1', origin: { url: 'https://github.com/acme/docs/issues/7', label: 'issue #7' }, entries: [] },
      triggerPhrase: '/docs',
    })
    expect(body).toContain('asked for in <a href="https://github.com/acme/docs/issues/7">issue #7</a>')
    expect(body).toContain('here or in a review comment')
  })

  test("the largest comment stays far below GitHub's 65,536-character limit", () => {
    let state: TrackingState = {
      job: 'j'.repeat(100),
      prLink: `https://github.com/acme/docs/pull/${'9'.repeat(50)}`,
      entries: [],
    }
    for (let i = 0; i < 20; i++)
      state = withEntry(
        state,
        entry(i, { instruction: '<&>'.repeat(1000), note: '|'.repeat(2000), by: 'b'.repeat(60) }),
      )
    const body = renderTrackingComment({ state, triggerPhrase: '/docs', status: 'active' })
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
    const kept = decodeState(body)?.entries ?? []
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(MAX_ENTRIES)
    expect(kept[0]?.source).toBe(state.entries[0]?.source) // the newest stays
  })

  test('a review reply carries the reply marker (so it never triggers) and the result', () => {
    const reply = renderReviewReply(entry(1, { prLink: 'https://github.com/acme/docs/pull/5' }), 'job_1', {
      serverUrl: 'https://github.com',
      ...repo,
    })
    expect(carriesMarker(reply)).toBe(true)
    expect(reply).toContain(
      '✅ pull request opened or updated · <a href="https://github.com/acme/docs/pull/5">#5</a> · job job\\_1',
    )
  })

  test('a pull request link from another host, or not canonical, shows as its URL, never as #n', () => {
    const here = { serverUrl: 'https://github.com', ...repo }
    const other = renderTrackingComment({
      state: {
        prLink: 'https://gitlab.example/acme/docs/pull/9',
        entries: [entry(1, { prLink: 'https://github.com/acme/docs/pull/13/../../issues/1' })],
      },
      triggerPhrase: '/docs',
      here,
    })
    expect(other).not.toMatch(/>#(9|13|1)</)
    expect(other).toContain('>https:&#8288;//gitlab.example/acme/docs/pull/9</a>')
    expect(other).toContain('>https:&#8288;//github.com/acme/docs/pull/13/../../issues/1</a>')
  })
})

describe('TrackingComment: a create whose answer was lost', () => {
  const thread = { owner: 'acme', repo: 'docs', number: 7, isPullRequest: false, title: '', url: '' }
  // the run starts half a second after GitHub stamped the fixture comment (whole seconds)
  const view = {
    runUrl: 'https://github.com/acme/docs/actions/runs/4242',
    startedAt: Date.parse('2026-11-24T12:00:00.700Z'),
    render: (state: TrackingState) => renderTrackingComment({ state, triggerPhrase: '/docs' }),
  }
  const naming = (author: string, createdAt = '2026-11-24T12:00:00Z') => ({
    id: 77,
    author,
    url: '',
    createdAt,
    body: encodeState({ job: 'job_1', entries: [entry(1, { runUrl: view.runUrl })] }),
  })

  /**
   * A GitHub API whose first create fails after the comment was made (the answer lost). Its
   * listing filters `since` as GitHub does: as a time, against whole-second stamps.
   */
  function fakeApi(comments: Array<ReturnType<typeof naming>>) {
    const calls = { created: 0, updated: [] as number[], since: [] as Array<string | undefined> }
    const api = {
      createComment: async () => {
        calls.created++
        if (calls.created === 1) throw Object.assign(new Error('Bad gateway'), { status: 502 })
        return { id: 100 + calls.created, author: 'github-actions[bot]', body: '', url: '' }
      },
      updateComment: async (_t: unknown, id: number) => void calls.updated.push(id),
      listComments: async (_t: unknown, since?: string) => {
        calls.since.push(since)
        return comments.filter((c) => since === undefined || Date.parse(c.createdAt) >= Date.parse(since))
      },
    }
    return { api: api as unknown as Parameters<typeof TrackingComment.blank>[0], calls }
  }

  test('a comment GitHub stamped earlier in the same second as the run started is still found (whole seconds)', async () => {
    // the run starts at 12:00:00.700; GitHub stamps the comment it makes at 12:00:00.900 as 12:00:00Z
    const { api, calls } = fakeApi([naming('github-actions[bot]', '2026-11-24T12:00:00Z')])
    const tracking = TrackingComment.blank(api, thread, 'github-actions[bot]', view, new AbortController().signal)
    const said = await printed(async () => {
      await tracking.update((s) => s)
      await tracking.update((s) => s)
    })
    expect(said).toContain(
      "::warning::Could not comment on issue #7: Bad gateway. The job's outputs and summary are not affected.",
    )
    expect(calls.since).toEqual(['2026-11-24T11:59:00Z'])
    expect(calls.created).toBe(1)
    expect(calls.updated).toEqual([77])
  })

  test("githubTime: GitHub's whole-second format, rounded down", () => {
    expect(githubTime(Date.parse('2026-11-24T12:00:00.999Z'))).toBe('2026-11-24T12:00:00Z')
  })

  test('with the identity known, its own comment naming this run is found and edited, not posted again', async () => {
    const { api, calls } = fakeApi([naming('github-actions[bot]')])
    const tracking = TrackingComment.blank(api, thread, 'github-actions[bot]', view, new AbortController().signal)
    await printed(async () => {
      await tracking.update((s) => s)
      await tracking.update((s) => s)
    })
    expect(calls).toMatchObject({ created: 1, updated: [77] })
  })

  test("with the identity unknown, nobody else's comment is adopted, even one naming this run", async () => {
    const { api, calls } = fakeApi([naming('mallory')])
    const tracking = TrackingComment.blank(api, thread, undefined, view, new AbortController().signal)
    await printed(async () => {
      await tracking.update((s) => s)
      await tracking.update((s) => s)
    })
    expect(calls.updated).not.toContain(77)
    expect(calls.created).toBe(2)
  })
})

describe('the tracking comment as GitHub renders it (CommonMark + GFM)', () => {
  test("a user's quote holds only the user's words: the action's note is outside it, on the entry's own lines", () => {
    const state = {
      job: 'job_1',
      entries: [
        entry(2, { instruction: 'add a curl example', result: 'timeout', note: 'failed: timeout after 30 min' }),
        entry(1, { instruction: 'document the webhooks' }),
        entry(0, { instruction: '', note: 'a note without an instruction' }),
      ],
    }
    const tree = parseMarkdown(renderTrackingComment({ state, triggerPhrase: '/docs' }))
    const quotes: string[] = []
    const visit = (node: { type: string; children?: unknown[] }): void => {
      if (node.type === 'blockquote') quotes.push(toString(node))
      for (const child of (node.children ?? []) as Array<{ type: string; children?: unknown[] }>) visit(child)
    }
    visit(tree)
    expect(quotes).toEqual(['add a curl example', 'document the webhooks'])
    const text = toString(tree)
    expect(text).toContain('failed: timeout after 30 min')
    expect(text).toContain('a note without an instruction')
  })
})

describe('a run whose page is not known (a hand run without GITHUB_RUN_ID)', () => {
  test('has no run link, rather than one that names no run; a repository is needed too', () => {
    const env = { GITHUB_REPOSITORY: 'acme/docs', GITHUB_SERVER_URL: 'https://github.com' }
    expect(readRunContext(env).runUrl).toBeUndefined()
    expect(readRunContext({ ...env, GITHUB_RUN_ID: '' }).runUrl).toBeUndefined()
    expect(readRunContext({ GITHUB_RUN_ID: '12' }).runUrl).toBeUndefined()
    expect(readRunContext({ ...env, GITHUB_RUN_ID: '12' }).runUrl).toBe('https://github.com/acme/docs/actions/runs/12')
  })

  test('two runs with no page are never one run: neither entry replaces the other, and neither is a match', () => {
    expect(sameRun(undefined, undefined)).toBe(false)
    expect(sameRun('', '')).toBe(false)
    expect(sameRun('https://github.com/acme/docs/actions/runs/1', 'https://github.com/acme/docs/actions/runs/1')).toBe(
      true,
    )
    const { runUrl: _a, ...first } = entry(1, { source: 'https://github.com/acme/docs/issues/7' })
    const { runUrl: _b, ...second } = entry(2, {
      source: 'https://github.com/acme/docs/issues/7',
      at: '2026-11-22T10:05:00.000Z',
    })
    expect(withEntry(withEntry({ entries: [] }, first), second).entries).toHaveLength(2)
    // the same run's start and result (one instruction, stamped once) are one entry, page or none
    expect(withEntry(withEntry({ entries: [] }, first), { ...first, result: 'completed' }).entries).toEqual([
      { ...first, result: 'completed' },
    ])
    expect(
      withEntry(withEntry({ entries: [] }, first), { ...first, at: '2026-11-22T10:00:01.000Z' }).entries,
    ).toHaveLength(2)
    // with a page, the same source and run: replaced
    expect(
      withEntry(
        withEntry({ entries: [] }, entry(1, { source: 's' })),
        entry(1, { source: 's', instruction: 'again' }),
      ).entries.map((e) => e.instruction),
    ).toEqual(['again'])
  })

  test('the tracking comment and the review reply say no run link at all', () => {
    const { runUrl: _r, ...bare } = entry(1)
    const body = renderTrackingComment({ state: { entries: [bare] }, triggerPhrase: '/docs' })
    expect(body).not.toContain('actions/runs')
    expect(body).not.toContain('>run<')
    expect(body).toContain(
      'alice, <a href="https://github.com/acme/docs/issues/7#issuecomment-1">2026-11-22 10:00 UTC</a>',
    )
    expect(
      renderReviewReply(bare, 'job_1', { serverUrl: 'https://github.com', owner: 'acme', repo: 'docs' }),
    ).not.toContain('workflow run')
  })

  test("a lost create is never taken for this run's when neither names a run", async () => {
    const thread = { owner: 'acme', repo: 'docs', number: 7, isPullRequest: false, title: '', url: '' }
    const { runUrl: _r, ...bare } = entry(1)
    const earlier = {
      id: 77,
      author: 'github-actions[bot]',
      url: '',
      createdAt: '2026-11-24T12:00:00Z',
      body: encodeState({ job: 'job_1', entries: [bare] }),
    }
    let created = 0
    const api = {
      createComment: async () => {
        created++
        if (created === 1) throw Object.assign(new Error('Bad gateway'), { status: 502 })
        return { id: 100 + created, author: 'github-actions[bot]', body: '', url: '' }
      },
      updateComment: async () => undefined,
      listComments: async () => [earlier],
    } as unknown as Parameters<typeof TrackingComment.blank>[0]
    const view = {
      runUrl: undefined,
      startedAt: Date.parse('2026-11-24T12:00:00.700Z'),
      render: (state: TrackingState) => renderTrackingComment({ state, triggerPhrase: '/docs' }),
    }
    const tracking = TrackingComment.blank(api, thread, 'github-actions[bot]', view, new AbortController().signal)
    await printed(async () => {
      await tracking.update((s) => s)
      await tracking.update((s) => s)
    })
    expect(created).toBe(2)
    expect(tracking.commentId).toBe(102)
  })
})
