import { describe, expect, test } from 'vitest'
import { describeThread, readConversationEvent } from '../../src/github/comment-event.js'
import { MAX_INSTRUCTION_CHARS, cleanCommentText, findInstruction } from '../../src/comment/find-instruction.js'

const repo = { owner: 'acme', repo: 'docs' }
const user = { login: 'alice', type: 'User' }

describe('describeThread', () => {
  test('says which kind of thread, and its number', () => {
    expect(describeThread({ isPullRequest: false, number: 7 })).toBe('issue #7')
    expect(describeThread({ isPullRequest: true, number: 12 })).toBe('pull request #12')
  })
})

describe('readConversationEvent: what it refuses to read', () => {
  const issue = { number: 9 }
  test.each([
    ['a comment id that is a fraction', 'issue_comment', { action: 'created', issue, comment: { id: 1.5, user } }],
    ['a comment id that is a string', 'issue_comment', { action: 'created', issue, comment: { id: '7', user } }],
    ['a comment id of 0', 'issue_comment', { action: 'created', issue, comment: { id: 0, user } }],
    [
      'a thread number that is a string',
      'issue_comment',
      { action: 'created', issue: { number: '9' }, comment: { id: 1, user } },
    ],
    ['a comment without its author', 'issue_comment', { action: 'created', issue, comment: { id: 1 } }],
    [
      'an author without a login',
      'issue_comment',
      { action: 'created', issue, comment: { id: 1, user: { type: 'User' } } },
    ],
    [
      'another event that carries a review',
      'pull_request',
      { action: 'submitted', pull_request: issue, review: { id: 1, user } },
    ],
    ['another event that carries a comment', 'issues', { action: 'created', issue, comment: { id: 1, user } }],
  ])('%s', (_name, eventName, payload) => {
    expect(readConversationEvent(eventName, payload, repo)).toBeUndefined()
  })
})

describe('readConversationEvent', () => {
  test('issue_comment on an issue: the thread, the comment, its author; created', () => {
    const e = readConversationEvent(
      'issue_comment',
      {
        action: 'created',
        issue: { number: 7, title: 'Webhooks', html_url: 'https://github.com/acme/docs/issues/7' },
        comment: {
          id: 11,
          body: '/docs add x',
          user,
          html_url: 'https://github.com/acme/docs/issues/7#issuecomment-11',
        },
      },
      repo,
    )
    expect(e).toEqual({
      action: 'created',
      created: true,
      thread: {
        ...repo,
        number: 7,
        isPullRequest: false,
        title: 'Webhooks',
        url: 'https://github.com/acme/docs/issues/7',
      },
      comment: {
        kind: 'issue-comment',
        id: 11,
        body: '/docs add x',
        author: user,
        url: 'https://github.com/acme/docs/issues/7#issuecomment-11',
        replyTo: undefined,
      },
    })
  })

  test.each([
    [
      'issue_comment',
      { action: 'created', issue: { number: 9, pull_request: {} }, comment: { id: 1, user } },
      { created: true, isPullRequest: true, kind: 'issue-comment', replyTo: undefined },
    ],
    [
      'issue_comment',
      { action: 'edited', issue: { number: 9 }, comment: { id: 1, user } },
      { created: false, isPullRequest: false, kind: 'issue-comment', replyTo: undefined },
    ],
    [
      'issue_comment',
      { action: 'deleted', issue: { number: 9 }, comment: { id: 1, user } },
      { created: false, isPullRequest: false, kind: 'issue-comment', replyTo: undefined },
    ],
    [
      'pull_request_review_comment',
      { action: 'created', pull_request: { number: 4 }, comment: { id: 30, user } },
      { created: true, isPullRequest: true, kind: 'review-comment', replyTo: 30 },
    ],
    [
      'pull_request_review_comment',
      { action: 'created', pull_request: { number: 4 }, comment: { id: 31, in_reply_to_id: 30, user } },
      { created: true, isPullRequest: true, kind: 'review-comment', replyTo: 30 },
    ],
    [
      'pull_request_review',
      { action: 'submitted', pull_request: { number: 4 }, review: { id: 5, body: null, user } },
      { created: true, isPullRequest: true, kind: 'review', replyTo: undefined },
    ],
    [
      'pull_request_review',
      { action: 'dismissed', pull_request: { number: 4 }, review: { id: 5, user } },
      { created: false, isPullRequest: true, kind: 'review', replyTo: undefined },
    ],
  ])('%s %o', (name, payload, expected) => {
    const e = readConversationEvent(name, payload, repo)
    expect(e).toMatchObject({
      created: expected.created,
      thread: { isPullRequest: expected.isPullRequest },
      comment: { kind: expected.kind, replyTo: expected.replyTo },
    })
  })

  test.each([
    ['push', { action: 'created', issue: { number: 1 }, comment: { id: 1, user } }],
    ['issue_comment', { action: 'created', comment: { id: 1, user } }],
    ['issue_comment', { action: 'created', issue: { number: 1 }, comment: { id: 1, user: {} } }],
    ['issue_comment', { action: 'created', issue: { number: 1 } }],
  ])('%s without what it needs → undefined', (name, payload) => {
    expect(readConversationEvent(name, payload, repo)).toBeUndefined()
  })
})

describe('findInstruction', () => {
  test.each([
    ['/docs add a curl example', 'add a curl example'],
    ['/DOCS Add it', 'Add it'],
    ['   /docs indented is fine', 'indented is fine'],
    ['Thanks!\n/docs add a curl example\nand a Python one', 'add a curl example\nand a Python one'],
    ['/docs\nthe instruction on the next line', 'the instruction on the next line'],
    ['> /docs quoted\n\n/docs the real one', 'the real one'],
    ['```\n/docs in a fence\n```\n/docs after the fence', 'after the fence'],
    ['~~~md\n/docs tilde fence\n~~~\n/docs ok', 'ok'],
    ['<!-- /docs hidden --> /docs visible', 'visible'],
    ['/docs add\u200b this\u202e\u0007 text\u{E0041}', 'add this text'],
    ['    /docs indented code\n\n/docs after the code', 'after the code'],
    ['> quote\n/docs lazy continuation\n\n/docs after the quote', 'after the quote'],
    ['<pre>\n/docs in pre\n</pre>\n\n/docs after pre', 'after pre'],
    ['Thanks,\n  /docs continues the paragraph', 'continues the paragraph'],
  ])('%j → %j', async (body, expected) => {
    expect(await findInstruction(body, '/docs')).toEqual({ found: true, text: expected, cutChars: 0 })
  })

  test.each([
    ['no phrase at all'],
    ['see /docs in the middle of a line'],
    ['/docsify is another word'],
    ['> /docs only quoted'],
    ['```\n/docs only fenced'],
    ['<!--\n/docs only in an HTML comment\n-->'],
    ['<!-- unclosed\n/docs'],
    // what GitHub renders as code, HTML or a quote (CommonMark + GFM) never triggers
    ['    /docs in an indented code block'],
    ['Some text\n\n    /docs indented after a blank line'],
    ['- a list item\n\n  ```\n  /docs in a fence inside a list item\n  ```'],
    ['1. a numbered item\n\n    ```\n    /docs in a fence indented four spaces inside the item\n    ```'],
    ['<pre>\n/docs in an HTML pre block\n</pre>'],
    ['<details>\n/docs in an HTML block\n</details>'],
    ['> a quote\n/docs on a lazy continuation line of the quote'],
    ['> - quoted list\n/docs lazy in a quoted list'],
    ['- /docs as a list item is not a line that starts with the phrase'],
  ])('%j has no instruction', async (body) => {
    expect(await findInstruction(body, '/docs')).toEqual({ found: false })
  })

  test('the phrase alone is an empty instruction', async () => {
    expect(await findInstruction('/docs   \n  ', '/docs')).toEqual({ found: true, text: '', cutChars: 0 })
  })

  test('a phrase with regex characters is matched literally', async () => {
    expect(await findInstruction('/d.cs+ go', '/d.cs+')).toEqual({ found: true, text: 'go', cutChars: 0 })
    expect(await findInstruction('/dXcs go', '/d.cs')).toEqual({ found: false })
  })

  test(`bounded at ${MAX_INSTRUCTION_CHARS} characters, saying how many were cut`, async () => {
    const result = await findInstruction(`/docs ${'a'.repeat(MAX_INSTRUCTION_CHARS + 10)}`, '/docs')
    expect(result).toEqual({ found: true, text: 'a'.repeat(MAX_INSTRUCTION_CHARS), cutChars: 10 })
  })

  test('a cut that ends in spaces drops them: the instruction never ends in blank', async () => {
    const words = `${'a'.repeat(MAX_INSTRUCTION_CHARS - 1)} ${'b'.repeat(20)}`
    const result = await findInstruction(`/docs ${words}`, '/docs')
    expect(result).toEqual({ found: true, text: 'a'.repeat(MAX_INSTRUCTION_CHARS - 1), cutChars: 20 })
  })

  test('blocks with nothing inside them (a rule, a link definition) are passed over, not read into', async () => {
    expect(await findInstruction('/docs add a rule\n\n---\n\n[x]: https://example.com', '/docs')).toEqual({
      found: true,
      text: 'add a rule\n\n---\n\n[x]: https://example.com',
      cutChars: 0,
    })
  })

  test('cleanCommentText keeps newlines and tabs, drops CR, controls and invisibles', () => {
    expect(cleanCommentText('a\r\nb\tc\u0000\u00ad\ufeffd')).toBe('a\nb\tcd')
  })
})
