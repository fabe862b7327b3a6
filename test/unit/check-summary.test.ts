import type { Code, Heading } from 'mdast'
import { describe, expect, test } from 'vitest'
import type { Judged } from '../../src/check/new-known.js'
import { parseMarkdown } from '../../src/github/markdown.js'
import { renderCheckSummary } from '../../src/check/summary.js'
import { type CheckOutcome, checkEnding, forReview } from '../../src/check/report.js'
import type { Report } from '../../src/modes/context.js'

/**
 * The check's summary as GitHub renders it: a renamed page's name is the pull request author's text,
 * so it stays inside its table cell and its code block, whatever it holds.
 */

function renamed(from: string, to: string): Judged {
  return {
    problem: {
      rule: 'broken-link',
      file: 'one.mdx',
      path: 'one.mdx',
      target: `/${from.replace(/\.mdx$/, '')}`,
      message: 'The link leads nowhere.',
      line: 3,
    },
    status: 'new',
    because: {
      change: { from, to },
      redirect: { source: `/${from.replace(/\.mdx$/, '')}`, destination: `/${to.replace(/\.mdx$/, '')}` },
    },
  }
}

describe("the check's summary", () => {
  test('page names that hold a code fence, a heading and a table row stay inside their cell, list item and redirect block', () => {
    const hostile = 'guides/b```\n# Owned\n| x | y |\n```.mdx'
    const from = 'guides/a\n## Also owned.mdx'
    const summary = renderCheckSummary({ checked: ['links'], judged: [renamed(from, hostile)], scope: 'new', pull: 7 })
    const tree = parseMarkdown(summary)
    const code = tree.children.filter((n): n is Code => n.type === 'code')
    expect(code).toHaveLength(1)
    expect(code[0]?.lang).toBe('json')
    expect(JSON.parse(code[0]?.value ?? '')).toEqual({
      source: `/${from.replace(/\.mdx$/, '')}`,
      destination: `/${hostile.replace(/\.mdx$/, '')}`,
    })
    const tables = tree.children.filter((n) => n.type === 'table')
    expect(tables).toHaveLength(1)
    // the head and the one problem's row
    expect(tables[0] && 'children' in tables[0] ? tables[0].children.length : 0).toBe(2)
    const headings = tree.children.filter((n): n is Heading => n.type === 'heading')
    expect(headings.map((h) => h.depth)).toEqual([3, 4])
  })
})

describe("the check's summary at any size", () => {
  const broken = (i: number): Judged => ({
    problem: { rule: 'broken-link', file: `p${i}.mdx`, path: `p${i}.mdx`, target: `/x${i}`, message: 'x', line: 1 },
    status: 'new',
  })
  const rowsOf = (summary: string): number => {
    const table = parseMarkdown(summary).children.find((n) => n.type === 'table')
    return table && 'children' in table ? table.children.length - 1 : 0
  }

  test.each([
    [5, 5, [], ['annotated', 'problems-json']],
    [10, 10, ['The first 9 are annotated', 'All 10 are in the table and in problems-json.'], ['more in']],
    [100, 100, ['The first 9 are annotated', 'All 100 are in the table and in problems-json.'], ['more in']],
    [
      10_000,
      100,
      [
        'The first 9 are annotated',
        'The table shows the first 100; all 10,000 are in problems-json.',
        '9,900 more in problems-json.',
      ],
      ['All 10,000 are in the table'],
    ],
  ])('%i new problems: %i rows, and the words say where the rest are', (n, rows, says, never) => {
    const judged = Array.from({ length: n }, (_, i) => broken(i))
    const summary = renderCheckSummary({ checked: ['links'], judged, scope: 'new', pull: 7, annotated: Math.min(n, 9) })
    expect(rowsOf(summary)).toBe(rows)
    expect(summary).toContain(`Docs check: ${n.toLocaleString('en-US')} new problem`)
    for (const s of says) expect(summary).toContain(s)
    for (const s of never) expect(summary).not.toContain(s)
  })

  test('past 100 links to renamed pages, the list says it shows the first 100; the redirects go to the configuration the site has', () => {
    const judged = Array.from({ length: 324 }, (_, i) => renamed(`old${i % 3}.mdx`, `new${i % 3}.mdx`))
    const mint = renderCheckSummary({ checked: ['links'], judged, scope: 'new', pull: 7, config: 'mint.json' })
    expect(mint).toContain('Change the 324 links that point to them (the first 100 here; all are in problems-json):')
    expect(mint).toContain('add these 3 redirects to `redirects` in mint.json:')
    expect(mint).not.toContain('docs.json')
    const few = renderCheckSummary({ checked: ['links'], judged: judged.slice(0, 2), scope: 'new', pull: 7 })
    expect(few).toContain('Change the 2 links that point to them:')
    expect(few).toContain('add these 2 redirects to `redirects` in docs.json:')
    const one = renderCheckSummary({ checked: ['links'], judged: judged.slice(0, 1), scope: 'new', pull: 7 })
    expect(one).toContain('Change the 1 link that points to them:')
    expect(one).toContain('add this redirect to `redirects` in docs.json:')
  })
})

describe('what reviewers see first', () => {
  const at = (path: string, status: 'new' | 'known' = 'new', because = false): Judged => ({
    problem: { rule: 'broken-link', file: path, path, target: '/x', message: 'x', line: 1 },
    status,
    ...(because ? { because: { change: { from: 'a.mdx' } } } : {}),
  })

  test('the changed files first, then what the pull request caused elsewhere, then the rest; known ones never', () => {
    const judged = [
      at('t1.mdx'),
      at('t2.mdx', 'new', true),
      at('old.mdx', 'known'),
      at('index.mdx'),
      at('t3.mdx', 'new', true),
    ]
    expect(forReview(judged, new Set(['index.mdx'])).map((j) => j.problem.path)).toEqual([
      'index.mdx',
      't2.mdx',
      't3.mdx',
      't1.mdx',
    ])
    // without the pull request's files: the caused ones first, in the CLI's order
    expect(forReview(judged, undefined).map((j) => j.problem.path)).toEqual(['t2.mdx', 't3.mdx', 't1.mdx', 'index.mdx'])
  })
})

/** The report of a links check of the whole site that judged `judged`, with `extra` parts of the outcome. */
const reportOf = (judged: Judged[], extra: Partial<CheckOutcome> = {}): Report =>
  checkEnding({
    settings: { check: { checks: new Set(['links']), onProblems: 'fail' } },
    judged,
    scope: 'all',
    outside: 0,
    notes: [],
    config: 'docs.json',
    ...extra,
  } as unknown as CheckOutcome)

describe("the step's last sentence says where the annotations are, never a line it does not have", () => {
  const problem = (path: string, line?: number): Judged => ({
    problem: { rule: 'broken-redirect', file: path, path, target: '/a → /b', message: 'x', ...(line ? { line } : {}) },
    status: 'new',
  })
  const ending = (judged: Judged[]): string => reportOf(judged).ending?.message ?? ''

  test.each([
    [[problem('a.mdx', 3), problem('b.mdx', 4)], 'Each is annotated at its line.'],
    [[problem('docs.json'), problem('docs.json')], 'Each is annotated at its file: no line is known for them.'],
    [[problem('docs.json')], 'Each is annotated at its file: no line is known for it.'],
    [
      [problem('a.mdx', 3), problem('docs.json')],
      'Each is annotated at its line, or at its file where no line is known (1 of 2).',
    ],
    [
      Array.from({ length: 12 }, (_, i) => problem(`p${i}.mdx`, i % 3 === 0 ? undefined : 1)),
      'The first 9 are annotated at their lines or, 3 with no line known, at their files (GitHub shows no more a step)',
    ],
    [
      Array.from({ length: 12 }, (_, i) => problem(`p${i}.mdx`, 1)),
      'The first 9 are annotated at their lines (GitHub shows no more a step)',
    ],
  ])('%#', (judged, says) => {
    expect(ending(judged)).toContain(says)
  })
})

describe('the check run and lost addresses, as said', () => {
  const problem = (
    path: string,
    line?: number,
    rule: Judged['problem']['rule'] = 'broken-redirect',
    target = '/gone',
  ): Judged => ({
    problem: { rule, file: path, path, target, message: 'x', ...(line ? { line } : {}) },
    status: 'new',
  })

  test('with a check run, "at its line" only where every new problem has one', () => {
    const said = (judged: Judged[]): Report =>
      reportOf(judged, { checkRun: { url: 'https://github.com/acme/docs/runs/1', annotated: judged.length } })
    const lineless = said([problem('a.mdx', 3), problem('docs.json')])
    expect(lineless.ending?.message).toContain(
      'Each is annotated at its line, or its file where no line is known, in the check run Mintlify docs check',
    )
    expect(lineless.summary).toContain(
      'Each is annotated at its line, or its file where no line is known, in the check run [',
    )
    const placed = said([problem('a.mdx', 3)])
    expect(placed.ending?.message).toContain('Each is annotated at its line in the check run Mintlify docs check')
    expect(placed.summary).toContain('Each is annotated at its line in the check run [')
  })

  test('a folder of lost addresses says its readers as the views bear out: exact, at most, or at least', () => {
    const lost = (target: string, readers?: Judged['readers']): Judged => ({
      ...problem('docs.json', 4, 'lost-address', target),
      ...(readers ? { readers } : {}),
    })
    const said = (judged: Judged[]): string => renderCheckSummary({ checked: ['links'], judged, scope: 'new', pull: 7 })
    expect(said([lost('/es/a', { views: 10 }), lost('/es/b', { views: 5 })])).toContain(
      '- /es/…: 2 addresses (/es/a, /es/b): 15 views in 30 days, no redirect',
    )
    // not among the rows the service sent: its bound makes the sum a ceiling
    expect(said([lost('/es/a', { views: 10 }), lost('/es/b', { views: 3, atMost: true })])).toContain(
      '(/es/a, /es/b): at most 13 views in 30 days',
    )
    // one not weighed at all: only the exact ones are known, a floor
    expect(said([lost('/es/a', { views: 10 }), lost('/es/b', { views: 3, atMost: true }), lost('/es/c')])).toContain(
      '(/es/a, /es/b, /es/c): at least 10 views in 30 days',
    )
    expect(said([lost('/one', { views: 1 })])).toContain('- /one: 1 view in 30 days, no redirect')
  })

  test('addresses lost with no redirect to propose (pages deleted) are listed all the same', () => {
    const judged = [problem('docs.json', 4, 'lost-address'), problem('docs.json', 4, 'lost-address', '/gone-too')]
    const summary = renderCheckSummary({ checked: ['links'], judged, scope: 'new', pull: 7 })
    expect(summary).toContain('The 2 addresses the base serves that the head no longer answers:')
    expect(summary).toContain('- /gone-too')
    expect(summary).not.toContain('```json')
  })
})

describe('a push is no pull request', () => {
  test("the check run's annotations are on the commit, not on a pull request's Files tab", () => {
    const judged = [renamed('guides/a.mdx', 'guides/b.mdx')]
    const view = {
      checked: ['links'],
      judged,
      scope: 'all' as const,
      checkRun: { url: 'https://github.com/acme/docs/runs/1', annotated: 1 },
    }
    expect(renderCheckSummary(view)).toContain('(https://github.com/acme/docs/runs/1), on the commit.')
    expect(renderCheckSummary(view)).not.toContain('Files tab')
    expect(renderCheckSummary({ ...view, pull: 7, scope: 'new' })).toContain("on the pull request's Files tab")
  })
})

describe('what was broken before, most useful first', () => {
  test('broken links before pages not parsed, whatever order the CLI listed them in', () => {
    const at = (rule: 'syntax' | 'broken-link', file: string): Judged => ({
      problem: { rule, file, path: file, message: `${rule} in ${file}` },
      status: 'known',
    })
    const summary = renderCheckSummary({
      checked: ['links'],
      judged: [at('syntax', 'a.mdx'), at('syntax', 'b.mdx'), at('broken-link', 'c.mdx')],
      scope: 'new',
      pull: 7,
    })
    expect(summary.indexOf('broken-link in c.mdx')).toBeLessThan(summary.indexOf('syntax in a.mdx'))
    expect(summary.indexOf('syntax in a.mdx')).toBeLessThan(summary.indexOf('syntax in b.mdx'))
  })

  test('each rule in a row as a sentence says it: the first letter lower-cased, a name such as API kept', () => {
    const at = (rule: 'broken-link' | 'missing-operation' | 'lost-address', file: string): Judged => ({
      problem: { rule, file, path: file, message: `${rule} in ${file}` },
      status: 'new',
    })
    const summary = renderCheckSummary({
      checked: ['links'],
      judged: [at('broken-link', 'a.mdx'), at('missing-operation', 'b.mdx'), at('lost-address', 'docs.json')],
      scope: 'new',
      pull: 7,
    })
    expect(summary).toContain('| a.mdx | — | broken link |')
    expect(summary).toContain('| b.mdx | — | API page with no operation |')
    expect(summary).toContain('| docs.json | — | address no longer answers |')
  })
})

describe('the redirect to paste, whole', () => {
  test('a long message is cut, but never inside the redirect it says to add', () => {
    const long = `/guides/${'a-very-long-page-name-'.repeat(12)}`
    const fix = { source: long, destination: `${long}-new` }
    const message = `${long} answers on the base and not on the head: renamed, and no redirect keeps it. Add the redirect ${JSON.stringify(fix)}.`
    expect(message.length).toBeGreaterThan(300)
    const summary = renderCheckSummary({
      checked: ['links'],
      judged: [
        {
          problem: { rule: 'lost-address', file: 'docs.json', path: 'docs.json', line: 3, message, fix },
          status: 'new',
        },
      ],
      scope: 'new',
      pull: 7,
    })
    const row = summary.split('\n').find((l) => l.startsWith('| docs.json |')) ?? ''
    // the cell ends with the redirect's end, as escaped for the table: nothing of it cut
    expect(row).toMatch(/-new&quot;\}\. \|$/)
  })
})

describe('a base not compared whole, said first', () => {
  test("the warning is the summary's first block after its heading, outside text in it only text", () => {
    const why =
      'The base of pull request #7 could not be checked (GitHub said: <b>no</b> [x](https://e.example) | *y*): every problem counts as new.'
    const summary = renderCheckSummary({ checked: ['links'], judged: [], scope: 'new', pull: 7, uncompared: why })
    const tree = parseMarkdown(summary)
    expect(tree.children.map((n) => n.type).slice(0, 2)).toEqual(['heading', 'blockquote'])
    const quote = JSON.stringify(tree.children[1])
    expect(quote).toContain('could not be checked')
    expect(quote).not.toMatch(/"type":"(link|html|emphasis|table)"/)
    expect(summary).not.toContain('It breaks nothing')
  })
})
