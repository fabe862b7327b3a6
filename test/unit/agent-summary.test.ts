import { describe, expect, test } from 'vitest'
import type { AgentReport } from '../../src/agent-jobs/job-ending.js'
import type { Job } from '../../src/service/schemas.js'
import { renderAgentSummary } from '../../src/summary/agent-summary.js'

const job = (over: Partial<Job> = {}): Job => ({
  id: 'job_7',
  status: 'completed',
  prLink: 'https://github.com/acme/docs/pull/42',
  model: 'agent-model',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  ...over,
})

const report = (over: Partial<AgentReport> = {}): AgentReport => ({
  action: 'create',
  outcome: 'completed',
  jobId: 'job_7',
  job: job(),
  message: undefined,
  waitedMs: 95_000,
  checks: 12,
  ...over,
})

/** The value of a row of the summary's two-column table, or undefined when the row is absent. */
function row(summary: string, label: string): string | undefined {
  return new RegExp(`^\\| ${label} \\| (.*) \\|$`, 'm').exec(summary)?.[1]
}

describe('renderAgentSummary', () => {
  test('a completed job: status, job, linked pull request, model, source and time waited', () => {
    const summary = renderAgentSummary(report(), { serverUrl: 'https://github.com', owner: 'acme', repo: 'docs' })
    expect(summary).toMatch(/^### Documentation agent \(new job\): ✅ pull request opened$/m)
    expect(row(summary, 'Status')).toBe('completed')
    expect(row(summary, 'Job')).toBe('job\\_7')
    expect(row(summary, 'Pull request')).toBe('<a href="https://github.com/acme/docs/pull/42">#42</a>')
    expect(row(summary, 'Model')).toBe('agent-model')
    expect(row(summary, 'Source')).toBe('<a href="https://github.com/acme/docs">acme/docs</a> @ main')
    expect(row(summary, 'Waited')).toBe('1m 35s (12 status checks)')
  })

  test('one status check is counted in the singular', () => {
    expect(row(renderAgentSummary(report({ checks: 1, waitedMs: 1500 })), 'Waited')).toBe('1.5s (1 status check)')
  })

  test('no pull request: "none" once the job ended, "none yet" while it runs', () => {
    expect(row(renderAgentSummary(report({ outcome: 'no-pr', job: job({ prLink: null }) })), 'Pull request')).toBe(
      'none',
    )
    expect(
      row(
        renderAgentSummary(report({ outcome: 'timeout', job: job({ status: 'active', prLink: null }) })),
        'Pull request',
      ),
    ).toBe('none yet')
  })

  test('nothing known (the create failed): no table of blanks, just what went wrong', () => {
    const summary = renderAgentSummary(
      report({
        outcome: 'error',
        jobId: undefined,
        job: undefined,
        waitedMs: 0,
        checks: 0,
        message: 'Could not create the agent job: HTTP 500.',
      }),
    )
    expect(summary).not.toContain('|')
    expect(summary).toContain('> Could not create the agent job: HTTP 500.')
  })

  test('only the job id known (a resume whose first check failed): that row alone', () => {
    const summary = renderAgentSummary(
      report({ action: 'resume', outcome: 'error', job: undefined, waitedMs: 0, checks: 0, message: 'HTTP 404' }),
    )
    expect(row(summary, 'Job')).toBe('job\\_7')
    expect(summary.match(/^\| /gm)).toHaveLength(1) // the one row, as the table's header (no empty header row)
  })

  test('text from the API stays text: no HTML, no markdown link, no broken row', () => {
    const summary = renderAgentSummary(
      report({
        job: job({
          status: 'weird|<b>x</b>',
          model: '[m](https://evil.example)',
          source: { repository: 'not a url <i>', ref: 'a|b' },
        }),
      }),
    )
    expect(summary).not.toMatch(/<b>|<i>|\]\(https/)
    expect(row(summary, 'Status')).toBe('weird\\|&lt;b&gt;x&lt;/b&gt;')
    expect(row(summary, 'Source')).toBe('not a url &lt;i&gt; @ a\\|b')
  })
})
