import fc from 'fast-check'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { describe, expect, test } from 'vitest'
import type { ImpactPull, ImpactWeek, PullFigures } from '../../src/health/impact.js'
import { type ImpactState, decodeImpactState, encodeImpactState } from '../../src/health/memory.js'
import { BODY_LIMIT, type HealthView, renderHealthBody } from '../../src/health/issue-body.js'
import { headline, renderImpactComment, renderImpactSection } from '../../src/health/impact-report.js'
import { renderingProblemsOf } from '../contract/rendering.js'
import { HOSTILE } from '../simulator/insights-data.js'
import { pullKey } from '../../src/github/pull-link.js'
import { containing, defined } from '../e2e/typed.js'
import { propertyRuns } from './property-runs.js'

/** "What the changes did" and the pull request's comment: the words, the escaping, the size. */

const figures = (paths: string[]): PullFigures => ({
  before: { human: 1_200, ai: 300, up: 2, down: 6 },
  after: { human: 1_620, ai: 310, up: 7, down: 1 },
  site: { before: 50_000, after: 52_000 },
  pages: paths.map((path, i) => ({
    path,
    before: { human: 600 + i, ai: 150, up: 1, down: 3 },
    after: { human: 810 + i, ai: 155, up: 3, down: 0 },
  })),
})

const pull = (
  n: number,
  mergedAt: string,
  measured: boolean,
  title = `Docs change ${n}`,
  paths = ['/guides/a', '/guides/b'],
): ImpactPull => ({
  number: n,
  url: `https://github.com/acme/docs/pull/${n}`,
  title,
  mergedAt,
  pages: paths.map((path) => ({ path })),
  other: ['images/a.png'],
  ...(measured ? { figures: figures(paths) } : {}),
})

const view = (): HealthView => ({
  projectId: 'p',
  runUrl: 'https://github.com/acme/docs/actions/runs/1',
  now: Date.UTC(2026, 11, 8),
  weeks: [],
  weeksWanted: 12,
  gapWeek: '2026-11-30',
  complete: { search: true, question: true, page: true },
  fresh: [],
  persisting: [],
  gone: [],
  jobs: [],
  notes: [],
  usage: '',
  impact: { pulls: [], noPage: [], weeks: 4, counted: new Map(), gaps: new Map(), notes: [] },
})

describe('the words', () => {
  test('pages against the site; too few views; new pages only', () => {
    expect(headline(figures(['/a']))).toBe(
      "pages +35.0% against the site's +4.0% (1,200 → 1,620 human views; the site 50,000 → 52,000)",
    )
    expect(headline({ ...figures(['/a']), before: { human: 40, ai: 1 }, after: { human: 90, ai: 2 } })).toBe(
      "too few views to tell (40 → 90 human views; fewer than 100 in a window) against the site's +4.0%",
    )
    expect(headline({ pages: [{ path: '/n', added: true, after: { human: 340, ai: 20 } }] })).toBe(
      'new pages only: 340 human views in the weeks after',
    )
  })

  test('the comment says "not proof of cause" once, names the windows, the files that are no page, and the health issue', () => {
    const body = renderImpactComment(
      pull(12, '2026-11-04T15:00:00Z', true),
      4,
      ['Search with no click: webhook retries'],
      'https://github.com/acme/docs/issues/200',
    )
    expect(body.match(/not proof of cause/g)).toHaveLength(1)
    expect(body).toContain('(2026-10-05 – 2026-11-01) against the 4 weeks after it (2026-11-09 – 2026-12-06)')
    expect(body).toContain('Files that are no page (not measured): images/a.png.')
    expect(body).toContain('<a href="https://github.com/acme/docs/issues/200">docs health issue</a>')
    expect(renderingProblemsOf(body)).toEqual([])
  })

  test("the comment says what the site's search answers each gap its job was for, once the change shipped; a gap not searched again yet is not named", () => {
    const at = '2026-11-10T06:00:00Z'
    const body = renderImpactComment(pull(12, '2026-11-04T15:00:00Z', true), 4, [], undefined, [
      {
        name: 'Search with no click: webhook retries',
        kind: 'search',
        job: { answer: { at, paths: ['/webhooks'], verdict: 'answered', page: '/webhooks', rank: 1 } },
      },
      {
        name: 'Unanswered question: rate <limits>',
        kind: 'question',
        job: { answer: { at, paths: [], verdict: 'still-missing' } },
      },
      { name: 'Search with no click: later', kind: 'search', job: { baseline: { at, paths: [] } } },
    ])
    expect(body).toContain(
      'Searched on the live site once this shipped: Search with no click: webhook retries: **answered**: ' +
        'the search finds /webhooks at rank 1 (2026-11-10); Unanswered question: rate &lt;limits&gt;: **still missing**: ' +
        'the search finds nothing.',
    )
    expect(body).not.toContain('later')
    expect(renderingProblemsOf(body)).toEqual([])
    expect(renderImpactComment(pull(12, '2026-11-04T15:00:00Z', true), 4, [], undefined)).not.toContain('Searched on')
  })

  test('a merged pull request that changed no page is listed as such, with its files, never dropped', () => {
    const noPage = [
      {
        number: 15,
        url: 'https://github.com/acme/docs/pull/15',
        title: 'The new logo',
        mergedAt: '2026-11-18T10:02:41Z',
        other: ['images/logo.svg', 'docs.json'],
      },
    ]
    const alone = renderImpactSection({ pulls: [], noPage, weeks: 4, counted: new Map(), gaps: new Map(), notes: [] })
    expect(alone).toContain('No docs pull request that changed a page merged')
    expect(alone).toContain('**Changed no page** (1)')
    expect(alone).toContain('<a href="https://github.com/acme/docs/pull/15">')
    expect(alone).toContain('</a> The new logo | 2026-11-18 | images/logo.svg, docs.json |')
    const beside = renderImpactSection({
      pulls: [pull(12, '2026-11-04T15:00:00Z', true)],
      noPage: [{ ...defined(noPage[0], 'a pull request'), other: [] }],
      weeks: 4,
      counted: new Map(),
      gaps: new Map(),
      notes: [],
    })
    expect(beside).toContain('**Measured**')
    expect(beside).toContain('The new logo | 2026-11-18 | — |')
    expect(renderingProblemsOf(alone)).toEqual([])
  })

  test('the comment gives the pages together, before and after: human views, AI views and thumbs up and down', () => {
    const body = renderImpactComment(pull(12, '2026-11-04T15:00:00Z', true), 4, [], undefined)
    expect(body).toContain('| **These pages together** | 1,200 → 1,620 | 300 → 310 | 2 / 6 → 7 / 1 | +35.0% |')
    // with a new page among them: the together row names the ones that existed before (what the percentage is of)
    const withNew = pull(13, '2026-11-04T15:00:00Z', true)
    const f = withNew.figures as PullFigures
    withNew.figures = {
      ...f,
      pages: [...f.pages, { path: '/guides/new', added: true, after: { human: 50, ai: 5, up: 1, down: 0 } }],
    }
    const body2 = renderImpactComment(withNew, 4, [], undefined)
    expect(body2).toContain(
      '| **The 2 that existed before, together** | 1,200 → 1,620 | 300 → 310 | 2 / 6 → 7 / 1 | +35.0% |',
    )
    // thumbs a week's feedback did not list stay "not listed", never 0
    const unlisted = pull(14, '2026-11-04T15:00:00Z', true)
    unlisted.figures = { ...(unlisted.figures as PullFigures), before: { human: 1_200, ai: 300 } }
    expect(renderImpactComment(unlisted, 4, [], undefined)).toContain(
      '| **These pages together** | 1,200 → 1,620 | 300 → 310 | not listed → 7 / 1 | +35.0% |',
    )
  })
})

describe("contributors' text stays text", () => {
  type Node = { type: string; value?: string; children?: unknown[] }
  /** The markdown as GitHub reads it (CommonMark and GFM), parsed once for every check below. */
  const parsed = (markdown: string): Node =>
    fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  const walk = (node: Node, visit: (node: Node) => void): void => {
    visit(node)
    for (const child of (node.children ?? []) as Node[]) walk(child, visit)
  }
  /** Each table row: how many cells. */
  const rowWidths = (tree: Node): number[] => {
    const widths: number[] = []
    walk(tree, (node) => {
      if (node.type === 'tableRow') widths.push(node.children?.length ?? 0)
    })
    return widths
  }
  /** Any HTML but the renderer's own (links, sub, line breaks, the marker), and any Markdown link. */
  const html = (tree: Node): string[] => {
    const found: string[] = []
    walk(tree, (node) => {
      if (node.type === 'html' && !/^<\/?(a|sub|br)\b|^<!--/.test(node.value ?? '')) found.push(node.value ?? '')
      if (node.type === 'link') found.push('a Markdown link')
    })
    return found
  }

  test('titles, page paths and file names, hostile or arbitrary, never add a cell, a tag or a link', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 80 })),
        fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 60 })),
        (title, text) => {
          const p: ImpactPull = {
            ...pull(12, '2026-11-04T15:00:00Z', true, title, [`/${text}`]),
            other: [text],
            removed: [text],
          }
          const comment = renderImpactComment(
            p,
            4,
            [`Search with no click: ${text}`],
            'https://github.com/acme/docs/issues/200',
          )
          const commentTree = parsed(comment)
          expect(rowWidths(commentTree).every((w) => w === 5)).toBe(true)
          expect(html(commentTree)).toEqual([])
          const noPage = [
            {
              number: 14,
              url: 'https://github.com/acme/docs/pull/14',
              title,
              mergedAt: '2026-11-21T10:00:00Z',
              other: [text, `images/${text}.png`],
            },
          ]
          const section = renderImpactSection({
            pulls: [p, pull(13, '2026-11-20T10:00:00Z', false, title)],
            noPage,
            weeks: 4,
            counted: new Map([[13, 1]]),
            gaps: new Map([[pullKey(p.url), [text]]]),
            notes: [],
          })
          // being measured and measured (head and one row each, four cells), changed no page (three)
          const sectionTree = parsed(section)
          expect(rowWidths(sectionTree)).toEqual([4, 4, 4, 4, 3, 3])
          expect(html(sectionTree)).toEqual([])
        },
      ),
      { numRuns: propertyRuns(250) },
    )
  })
})

describe("the issue's memory of the changes, within the body's size", () => {
  test('reads back; edited by hand is refused with a reason', () => {
    const state: ImpactState = {
      repository: 'acme/docs',
      impactWeeks: 4,
      pulls: [pull(12, '2026-11-04T15:00:00Z', true)],
      skipped: [11],
      weeks: [],
    }
    expect(decodeImpactState(`x ${encodeImpactState(state)}`)).toEqual({ state })
    expect(decodeImpactState('nothing')).toEqual({ absent: true })
    expect(decodeImpactState('<!-- mintlify-docs-action:impact-state v1 bm90IGpzb24= -->')).toMatchObject({
      broken: containing('not readable'),
    })
  })

  test('many pull requests near the limit: the weeks kept for measured ones go first, then the oldest measured; those being measured stay', () => {
    // distinct paths and figures that do not repeat, so the compressed memory grows as a real one would
    let seed = 7
    const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % 100_000
    const pathsOf = (n: number): string[] =>
      Array.from({ length: 40 }, (_, i) => `/reference/area-${n}/page-${i}-${random()}`)
    const measured = Array.from({ length: 300 }, (_, i) => {
      const p = pull(
        100 + i,
        new Date(Date.UTC(2026, 8, 1) + i * 3_600_000 * 4).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        true,
        `Change ${i} ${random()}`,
        pathsOf(i),
      )
      return {
        ...p,
        figures: {
          ...(p.figures as PullFigures),
          pages: (p.figures as PullFigures).pages.map((page) => ({
            ...page,
            before: { human: random(), ai: random(), up: random() % 50, down: random() % 50 },
            after: { human: random(), ai: random() },
          })),
        },
      }
    })
    const paths = pathsOf(999).slice(0, 10)
    const measuring = Array.from({ length: 15 }, (_, i) =>
      pull(500 + i, `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00Z`, false, `Open ${i}`, paths),
    )
    const weeks: ImpactWeek[] = ['2026-09-07', '2026-09-14', '2026-10-12', '2026-10-19', '2026-11-02'].map((start) => ({
      start,
      site: [1, 1],
      views: Object.fromEntries(paths.map((p) => [p, [random(), random()]])),
      thumbs: {},
      thumbsWhole: true,
      covered: paths,
      prefix: '',
    }))
    const state: ImpactState = {
      repository: 'acme/docs',
      impactWeeks: 4,
      pulls: [...measured, ...measuring],
      skipped: [],
      weeks,
    }
    const v = view()
    const { body, impact } = renderHealthBody(v, { project: 'p', weeks: [], gaps: [] }, state)
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT)
    const kept = impact as ImpactState
    expect(kept.pulls.filter((p) => !p.figures).map((p) => p.number)).toEqual(measuring.map((p) => p.number))
    const left = kept.pulls.filter((p) => p.figures)
    expect(left.length).toBeLessThan(measured.length)
    // the newest measured are the ones kept
    expect(left.map((p) => p.number)).toEqual(measured.slice(measured.length - left.length).map((p) => p.number))
    // the weeks only measured pull requests needed went first; those of the ones being measured stay
    expect(kept.weeks.map((w) => w.start)).toEqual(['2026-10-12', '2026-10-19', '2026-11-02'])
    expect(decodeImpactState(body)).toEqual({ state: kept })
    expect(body).toContain('**Being measured** (15)')
  })
})
