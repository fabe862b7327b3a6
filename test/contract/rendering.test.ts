import { describe, expect, test } from 'vitest'
import { formatProblemsOf, registerUserText, renderingProblemsOf, takeRenderingProblems } from './rendering.js'

/** The rendering check (test/contract/rendering.ts) that every summary and comment of the suite passes: it must be able to fail. */
describe('the rendering check', () => {
  test("the old fold: a note after the quote is a lazy continuation, so it reads as the user's words", () => {
    takeRenderingProblems()
    registerUserText('add a curl example')
    const folded = '- ❌ failed · alice · run\n  > add a curl example\n  failed: timeout after 30 min'
    expect(renderingProblemsOf(folded)).toEqual([expect.stringContaining('a quote holds words no person wrote')])
    expect(
      renderingProblemsOf('- ❌ failed · alice · run\\\n  failed: timeout after 30 min\n  > add a curl example'),
    ).toEqual([])
    // the action's own note as a GitHub alert is not a quote
    expect(renderingProblemsOf('> [!WARNING]\n> Incomplete: stopped early.')).toEqual([])
    takeRenderingProblems()
  })

  test('an empty header row, a repeated line, a link left as text', () => {
    expect(renderingProblemsOf('| | |\n|---|---|\n| Job | job_1 |')).toEqual([
      expect.stringContaining('empty header row'),
    ])
    expect(renderingProblemsOf('| Job | job_1 |\n|---|---|\n| Status | done |')).toEqual([])
    expect(renderingProblemsOf('Status: done\n\nStatus: done')).toEqual(['a line is repeated: "Status: done"'])
    expect(renderingProblemsOf('See \\[the PR\\](https://github.com/acme/docs/pull/1)')).toEqual([
      expect.stringContaining('a link shows as text'),
    ])
    expect(renderingProblemsOf('See [the PR](https://github.com/acme/docs/pull/1)')).toEqual([])
  })

  test('what a person typed may look like a link: it is shown as text, as it should be', () => {
    takeRenderingProblems()
    registerUserText({ comment: { body: '/docs see [x](https://evil.example)' } })
    expect(renderingProblemsOf('> see \\[x\\](https://evil.example)')).toEqual([])
    takeRenderingProblems()
    expect(renderingProblemsOf('> see \\[x\\](https://evil.example)')).toHaveLength(2)
  })

  test('the one format, in summaries and logs: days as YYYY-MM-DD, grouped counts and percentages, five columns at most', () => {
    takeRenderingProblems()
    expect(formatProblemsOf('### Visitors, 1 Oct 2026 – 31 Oct 2026')).toEqual([
      expect.stringContaining('a date not as YYYY-MM-DD: "1 Oct 2026"'),
    ])
    expect(formatProblemsOf('Sending the prompt (125000 characters).')).toEqual([
      expect.stringContaining('a number not grouped: "125000 characters"'),
    ])
    expect(formatProblemsOf('| /a | ▲ +1,200 (+1212.9%) |')).toEqual([expect.stringContaining('"1212.9%"')])
    expect(
      formatProblemsOf(
        'Visitors, 2026-10-01 – 2026-10-31: 125,000 characters, +1,212.9%, job_12345, run 987654 of issuecomment-9001',
      ),
    ).toEqual([])
    expect(
      renderingProblemsOf('| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 | 6 |'),
    ).toEqual([expect.stringContaining('6 columns (five at most)')])
    // the service's own words are quoted as it wrote them
    registerUserText('prompt: at most 10000 characters')
    expect(formatProblemsOf('Could not create the job: prompt: at most 10000 characters')).toEqual([])
    takeRenderingProblems()
  })
})
