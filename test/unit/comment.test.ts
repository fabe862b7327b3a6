import { describe, expect, test } from 'vitest'
import type { AgentReport } from '../../src/agent/run-agent.js'
import { commentTarget } from '../../src/github/comment-target.js'
import { commentMarker, renderEndComment, renderStartComment } from '../../src/summary/agent-comment.js'

const repo = { owner: 'acme', repo: 'docs' }

describe('commentTarget', () => {
  test.each([
    ['issues', { issue: { number: 7 } }, { number: 7, kind: 'issue' }],
    ['issue_comment', { issue: { number: 8 } }, { number: 8, kind: 'issue' }],
    ['issue_comment', { issue: { number: 9, pull_request: { url: 'x' } } }, { number: 9, kind: 'pull request' }],
    ['pull_request', { pull_request: { number: 10 } }, { number: 10, kind: 'pull request' }],
    ['pull_request_target', { pull_request: { number: 11 } }, { number: 11, kind: 'pull request' }],
    ['pull_request_review', { pull_request: { number: 12 } }, { number: 12, kind: 'pull request' }],
    ['pull_request_review_comment', { pull_request: { number: 13 } }, { number: 13, kind: 'pull request' }],
  ])('%s → %o', (event, payload, expected) => {
    expect(commentTarget(event, payload, repo)).toEqual({ ...repo, ...expected })
  })

  test.each([
    ['push', { issue: { number: 7 } }],
    ['workflow_dispatch', {}],
    ['schedule', {}],
    ['issues', {}],
    ['issues', { issue: { number: '7' } }],
    ['issues', { issue: { number: 0 } }],
  ])('%s with %o has no target', (event, payload) => {
    expect(commentTarget(event, payload, repo)).toBeUndefined()
  })
})

describe('comment text', () => {
  const marker = commentMarker('4242.1')
  const runUrl = 'https://github.com/acme/docs/actions/runs/4242'

  test('the marker names the run and nothing else', () => {
    expect(commentMarker('42.1 -->evil')).toBe('<!-- mintlify-docs-action run=42.1evil -->')
  })

  test('start: job id and the run link', () => {
    const body = renderStartComment({ marker, jobId: 'job_1', action: 'create', runUrl })
    expect(body.startsWith(marker)).toBe(true)
    expect(body).toContain('job\\_1 started')
    expect(body).toContain(`<a href="${runUrl}">workflow run</a>`)
  })

  test('end: the pull request, the job, the wait, and the message escaped', () => {
    const report: AgentReport = {
      action: 'create',
      outcome: 'failed',
      jobId: 'job_1',
      job: { id: 'job_1', status: 'failed', prLink: 'https://github.com/acme/docs/pull/5' },
      message: 'Job job_1 failed: <b>boom</b> | [x](javascript:alert(1))',
      waitedMs: 65_000,
      checks: 9,
    }
    const body = renderEndComment({ marker, report, runUrl })
    expect(body).toContain('❌ The documentation agent job failed')
    expect(body).toContain('<a href="https://github.com/acme/docs/pull/5">#5</a>')
    expect(body).toContain('waited 1m 5s')
    expect(body).toContain('&lt;b&gt;boom&lt;/b&gt; \\| \\[x\\]\\(javascript:alert\\(1\\)\\)')
  })
})
