import { describe, expect, test } from 'vitest'
import type { RunContext } from '../../src/github/run-context.js'
import { renderRunHeader } from '../../src/summary/run-header.js'

const run = (eventName: string, payload: unknown): RunContext => ({
  eventName,
  payload,
  sha: '',
  workspace: '/nonexistent',
  toolCache: '',
  owner: 'acme',
  repo: 'docs',
  serverUrl: 'https://github.com',
  runUrl: 'https://github.com/acme/docs/actions/runs/1',
  actor: 'alice',
})

describe("the summary's first line: what started the run", () => {
  test('an issue: the event, the issue as a link, its title quoted', () => {
    expect(
      renderRunHeader(
        run('issues', {
          issue: { number: 7, title: 'Document webhooks', html_url: 'https://github.com/acme/docs/issues/7' },
        }),
      ),
    ).toBe(
      '<sub>Started by the issues event on <a href="https://github.com/acme/docs/issues/7">issue #7</a> &quot;Document webhooks&quot;</sub>',
    )
  })

  test('a hostile title stays text: no HTML, no link, no mention', () => {
    const header = renderRunHeader(
      run('pull_request', {
        pull_request: {
          number: 12,
          title: '<img src=x onerror=alert(1)> @everyone [x](https://evil.example)',
          html_url: 'https://github.com/acme/docs/pull/12',
        },
      }),
    )
    expect(header).toContain('pull request #12')
    expect(header).not.toMatch(/<img|\]\(https|(^|[^\\])@everyone/)
  })

  test('a push names its branch; a schedule only the event', () => {
    expect(renderRunHeader(run('push', { ref: 'refs/heads/main' }))).toBe(
      '<sub>Started by the push event to main</sub>',
    )
    expect(renderRunHeader(run('schedule', {}))).toBe('<sub>Started by the schedule event</sub>')
  })

  test('outside a workflow (no GITHUB_EVENT_NAME) it says so instead of naming an "unknown" event', () => {
    expect(renderRunHeader(run('', {}))).toBe('<sub>Started outside a workflow event (a hand run)</sub>')
  })
})
