/**
 * What the README shows that lives elsewhere is generated, so it cannot drift: the inputs and outputs
 * tables from action.yml, and every YAML block from the example it names. `npm run docs` rewrites
 * them, and a test fails when they differ (test/house/readme-sync.test.ts).
 *
 * A YAML block is preceded by `<!-- example: examples/NAME.yml -->`; it shows that file from its first
 * line that is not part of the opening comment, or, when the file marks one, the lines between
 * `# readme:start` and `# readme:end` (the markers themselves are left out).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import type { ActionName } from '../src/inputs/catalogue.js'
import { actionFiles, renderActionYml } from './action-files.js'
import { pathToFileURL } from 'node:url'
import { ROOT } from '../test/e2e/harness.js'
import { type HealthView, renderHealthBody } from '../src/health/issue-body.js'
import { renderUsage } from '../src/summary/usage.js'
import { renderImpactComment } from '../src/health/impact-report.js'
import type { ImpactPull } from '../src/health/impact.js'
import { pullKey } from '../src/github/pull-link.js'
import type { ImpactState } from '../src/health/memory.js'

const cell = (text: string): string => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

/** The inputs and outputs tables of the root (`'root'`) or of a focused action, from its action.yml. */
export function renderTables(action: ActionName | 'root' = 'root'): { inputs: string; outputs: string } {
  const spec = parse(renderActionYml(action)) as {
    inputs: Record<string, { description?: string; default?: string; required?: boolean }>
    outputs: Record<string, { description?: string }>
  }
  const inputs = ['| input | default | description |', '|---|---|---|']
  for (const [name, input] of Object.entries(spec.inputs)) {
    const def = input.required ? '(required)' : input.default !== undefined ? `\`${input.default}\`` : ''
    inputs.push(`| \`${name}\` | ${def} | ${cell(input.description ?? '')} |`)
  }
  const outputs = ['| output | description |', '|---|---|']
  for (const [name, output] of Object.entries(spec.outputs))
    outputs.push(`| \`${name}\` | ${cell(output.description ?? '')} |`)
  return { inputs: inputs.join('\n'), outputs: outputs.join('\n') }
}

export function replaceSection(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README has no ${start} … ${end} section`)
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`
}

/** What the README shows of an example file. */
export function exampleExcerpt(text: string): string {
  const lines = text.replace(/\n$/, '').split('\n')
  const start = lines.findIndex((l) => l.trim() === '# readme:start')
  if (start >= 0) {
    const end = lines.findIndex((l, i) => i > start && l.trim() === '# readme:end')
    if (end < 0) throw new Error('# readme:start without # readme:end')
    return lines.slice(start + 1, end).join('\n')
  }
  const body = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'))
  return lines.slice(Math.max(0, body)).join('\n')
}

// the block's lines, which never hold a fence (an empty block too)
const EXAMPLE_BLOCK = /(<!-- example: (examples\/[\w.-]+\.yml) -->\n```yaml\n)(?:(?!```)[\s\S])*```/g

export function renderExamples(
  readme: string,
  read: (path: string) => string = (path) => readFileSync(join(ROOT, path), 'utf8'),
): string {
  return readme.replace(
    EXAMPLE_BLOCK,
    (_all, head: string, path: string) => `${head}${exampleExcerpt(read(path))}\n\`\`\``,
  )
}

/** The example's measured pull request: the agent's, which closed a gap. */
const EXAMPLE_PULL: ImpactPull = {
  number: 205,
  url: 'https://github.com/acme/docs/pull/205',
  title: 'Rate limits: document the headers',
  mergedAt: '2026-10-07T14:12:09Z',
  agent: true,
  pages: [
    { path: '/api-reference/rate-limits' },
    { path: '/guides/retries', added: true },
    { path: '/changelog/2024' },
  ],
  other: ['images/rate-limit-headers.png'],
  figures: {
    before: { human: 1_880, ai: 610, up: 6, down: 19 },
    after: { human: 2_540, ai: 702, up: 17, down: 4 },
    site: { before: 66_120, after: 68_710 },
    pages: [
      {
        path: '/api-reference/rate-limits',
        before: { human: 1_840, ai: 601, up: 6, down: 19 },
        after: { human: 2_497, ai: 690, up: 17, down: 4 },
      },
      { path: '/guides/retries', added: true, after: { human: 412, ai: 133, up: 5, down: 0 } },
      {
        path: '/changelog/2024',
        before: { human: 40, ai: 9, up: 0, down: 0 },
        after: { human: 43, ai: 12, up: 0, down: 0 },
      },
    ],
  },
  comment: { id: 1, digest: '' },
}

/** The comment a measured pull request gets, from the example's figures. */
export function impactCommentExample(): string {
  const body = renderImpactComment(
    EXAMPLE_PULL,
    4,
    ['Search with no click: rate limit headers'],
    'https://github.com/acme/docs/issues/180',
  )
  return body
    .split('\n')
    .filter((line) => !line.startsWith('<!-- mintlify-docs-action:'))
    .join('\n')
    .trim()
}

/** The health issue as the renderer writes it, from a fixed example (the hidden marker and state left out). */
export function healthExample(): string {
  const week = (start: string, human: number, ai: number, views: number) => ({
    start,
    human,
    ai,
    visitors: Math.round(human + ai * 0.6),
    views,
  })
  const weeks = [
    week('2026-10-12', 4120, 610, 15200),
    week('2026-10-19', 4380, 640, 16010),
    week('2026-10-26', 4010, 700, 15340),
    week('2026-11-02', 4650, 760, 17120),
    week('2026-11-09', 4820, 820, 17900),
    week('2026-11-16', 4760, 905, 18210),
  ]
  const gap = (
    kind: 'search' | 'question' | 'page',
    text: string,
    weight: number,
    firstSeen: string,
    runs: number,
    extra: object = {},
  ) => ({ key: `${kind}:${text}`, kind, text, weight, firstSeen, lastSeen: '2026-11-16', runs, ...extra })
  const fresh = [gap('search', 'webhook signature', 31, '2026-11-16', 1)]
  const persisting = [
    gap('question', 'How do I rotate an API key?', 14, '2026-11-02', 3, {
      job: { id: 'job_8f2a', status: 'completed', prLink: 'https://github.com/acme/docs/pull/214' },
    }),
    gap('page', '/api-reference/pagination', 9, '2026-11-09', 2),
  ]
  const gone = [
    gap('search', 'rate limit headers', 22, '2026-10-19', 3, {
      lastSeen: '2026-11-09',
      gone: '2026-11-16',
      job: { id: 'job_77c1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/205', merged: true },
    }),
  ]
  const view = {
    projectId: 'acme-docs',
    runUrl: 'https://github.com/acme/docs/actions/runs/1',
    now: Date.UTC(2026, 10, 23, 6, 4),
    weeks,
    weeksWanted: 12,
    gapWeek: '2026-11-16',
    complete: { search: true, question: true, page: true },
    fresh,
    persisting,
    gone,
    jobs: [...persisting, ...gone].filter((r) => 'job' in r),
    notes: [],
    usage: renderUsage({ agentUses: 0, analyticsRequests: 9, githubRequests: 4, ms: 6200 }),
    here: { serverUrl: 'https://github.com', owner: 'acme', repo: 'docs' },
    impact: {
      pulls: [],
      noPage: [
        {
          number: 219,
          url: 'https://github.com/acme/docs/pull/219',
          title: 'The new logo',
          mergedAt: '2026-11-18T10:02:41Z',
          other: ['images/logo.svg', 'docs.json'],
        },
      ],
      weeks: 4,
      counted: new Map([[221, 1]]),
      gaps: new Map([[pullKey(EXAMPLE_PULL.url), ['Search with no click: rate limit headers']]]),
      notes: [],
      here: { serverUrl: 'https://github.com', owner: 'acme', repo: 'docs' },
    },
  } as HealthView
  const measuring: ImpactPull = {
    number: 221,
    url: 'https://github.com/acme/docs/pull/221',
    title: 'Quickstart: install with pnpm',
    mergedAt: '2026-11-12T16:20:00Z',
    pages: [{ path: '/quickstart' }, { path: '/installation' }],
    other: [],
  }
  const impact: ImpactState = {
    repository: 'acme/docs',
    impactWeeks: 4,
    pulls: [EXAMPLE_PULL, measuring],
    skipped: [],
    weeks: [],
  }
  const { body } = renderHealthBody(view, { project: 'acme-docs', weeks, gaps: [] }, impact)
  return body
    .split('\n')
    .filter((line) => !line.startsWith('<!-- mintlify-docs-action:'))
    .join('\n')
    .trim()
}

/**
 * A document with its generated parts written: every `<!-- inputs:NAME:start -->` and
 * `<!-- outputs:NAME:start -->` section (NAME an action, or root), the health issue example, and every
 * YAML block from the example it names.
 */
export function renderDoc(text: string): string {
  let out = text
  for (const [, kind = '', name = ''] of text.matchAll(/<!-- (inputs|outputs):([\w-]+):start -->/g)) {
    out = replaceSection(
      out,
      `${kind}:${name}`,
      renderTables(name as ActionName | 'root')[kind as 'inputs' | 'outputs'],
    )
  }
  if (out.includes('<!-- health-example:start -->')) out = replaceSection(out, 'health-example', healthExample())
  if (out.includes('<!-- impact-comment-example:start -->'))
    out = replaceSection(out, 'impact-comment-example', impactCommentExample())
  return renderExamples(out)
}

/** The documents `npm run docs` writes: the README and every page under docs/. */
export function docFiles(): string[] {
  return [
    'README.md',
    ...['docs', join('docs', 'actions')].flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(dir, f)),
    ),
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [file, text] of actionFiles()) {
    mkdirSync(dirname(join(ROOT, file)), { recursive: true })
    writeFileSync(join(ROOT, file), text)
  }
  for (const file of docFiles()) writeFileSync(join(ROOT, file), renderDoc(readFileSync(join(ROOT, file), 'utf8')))
  console.log(
    'action.yml and every focused action.yml written from src/interface/catalogue.ts; README.md and docs/: tables and YAML blocks regenerated',
  )
}
