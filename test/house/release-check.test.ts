import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../e2e/harness.js'
import { readJson } from '../e2e/typed.js'

/**
 * The release refuses a wrong version or dist/ before anything is published: scripts/release-check.mjs
 * run for real on small repositories (git, files, a build command that does or does not change
 * dist/), on this repository itself, and the release workflow's order (checks, then the tag).
 */
const SCRIPT = join(ROOT, 'scripts', 'release-check.mjs')
const CHANGELOG =
  '# Changelog\n\n## 1.1.0 (2026-11-26)\n\n### Added\n- The focused actions.\n\n### Fixed\n- A thing.\n\n## 1.0.0 (2026-11-22)\n\n### Added\n- The first.\n'

function repository(files: Record<string, string> = {}, tags: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-'))
  mkdirSync(join(dir, 'dist'))
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'x', version: '1.1.0' }),
    'package-lock.json': JSON.stringify({ name: 'x', version: '1.1.0', packages: { '': { version: '1.1.0' } } }),
    'CHANGELOG.md': CHANGELOG,
    'dist/index.js': 'built\n',
    ...files,
  }
  for (const [path, text] of Object.entries(all)) writeFileSync(join(dir, path), text)
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' })
  git('init', '-q')
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.')
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'x')
  for (const tag of tags) git('tag', tag)
  return dir
}

function check(dir: string, args: string[], build = 'true') {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', RELEASE_BUILD: build },
  })
  return {
    code: run.status,
    errors: run.stdout.split('\n').filter((l) => l.startsWith('::error::')),
    stdout: run.stdout,
  }
}

describe('the release check', () => {
  test('a release whose version, changelog and dist/ hold passes, and --notes gives the section', () => {
    const dir = repository()
    expect(check(dir, ['1.1.0'])).toMatchObject({ code: 0, errors: [] })
    const notes = check(dir, ['1.1.0', '--notes']).stdout
    expect(notes).toContain('### Added\n- The focused actions.')
    expect(notes).not.toContain('1.0.0')
  })

  test('a dist/ that the source does not build is refused', () => {
    const result = check(repository(), ['1.1.0'], `node -e "require('fs').writeFileSync('dist/index.js', 'rebuilt')"`)
    expect(result.code).toBe(1)
    expect(result.errors).toEqual([
      '::error::dist/ is not what this source builds (1 files differ): run npm run build and commit dist/.',
    ])
  })

  test.each([
    [
      'package.json says another version',
      { 'package.json': JSON.stringify({ version: '1.0.0' }) },
      [],
      'package.json says version 1.0.0, the release is 1.1.0',
    ],
    [
      'package-lock.json says another',
      { 'package-lock.json': JSON.stringify({ version: '1.0.0', packages: { '': { version: '1.0.0' } } }) },
      [],
      'package-lock.json says version 1.0.0',
    ],
    [
      'an Unreleased section above',
      { 'CHANGELOG.md': CHANGELOG.replace('## 1.1.0', '## Unreleased\n\n- more\n\n## 1.1.0') },
      [],
      'first section is "## Unreleased"',
    ],
    [
      'no date on the section',
      { 'CHANGELOG.md': CHANGELOG.replace('## 1.1.0 (2026-11-26)', '## 1.1.0') },
      [],
      'it must be "## 1.1.0 (YYYY-MM-DD)"',
    ],
    [
      'two headings of one kind',
      { 'CHANGELOG.md': CHANGELOG.replace('### Fixed', '### Added') },
      [],
      'has "### Added" more than once',
    ],
    ['the tag exists already', {}, ['v1.1.0'], 'The tag v1.1.0 exists already'],
  ] as const)('%s: refused, nothing built', (_name, files, tags, said) => {
    const built = 'node -e "process.exit(9)"' // a build that would fail the run: it must not be reached
    const result = check(repository(files, [...tags]), ['1.1.0'], built)
    expect(result.code).toBe(1)
    expect(result.errors).toEqual([expect.stringContaining(said)])
  })

  test('a version not of the form X.Y.Z is refused', () => {
    expect(check(repository(), ['v1.1'], 'true').errors[0]).toContain('The version "v1.1" is not of the form X.Y.Z')
  })

  test("this repository: package.json's version has its dated section in CHANGELOG.md, one heading per kind", () => {
    const version = readJson<{ version: string }>(join(ROOT, 'package.json')).version
    expect(version).toBe('1.11.0')
    expect(check(ROOT, [version, '--no-build'])).toMatchObject({ code: 0, errors: [] })
  })

  test('the workflow checks everything before the job that tags and publishes, which a dry run skips', () => {
    const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
      on: { workflow_dispatch: { inputs: Record<string, { default?: unknown }> } }
      permissions: Record<string, string>
      jobs: Record<
        string,
        { needs?: string; if?: string; permissions?: Record<string, string>; steps: Array<{ run?: string }> }
      >
    }
    expect(workflow.on.workflow_dispatch.inputs['dry-run']?.default).toBe(true)
    expect(workflow.permissions).toEqual({ contents: 'read' })
    const { check: checks, publish } = workflow.jobs
    const runs = (job: typeof checks) => (job?.steps ?? []).map((s) => s.run ?? '').join('\n')
    expect(runs(checks)).toMatch(
      /release-check\.mjs "\$VERSION" --no-build[\s\S]*bash \.ci\/run[\s\S]*release-check\.mjs "\$VERSION"\n?$/,
    )
    expect(runs(checks)).not.toMatch(/gh release|git tag|git push/)
    expect(checks?.permissions).toBeUndefined()
    expect(publish?.needs).toBe('check')
    expect(publish?.if).toContain('!inputs.dry-run')
    expect(publish?.permissions).toEqual({ contents: 'write' })
    expect(runs(publish)).toMatch(
      /gh release create "v\$VERSION" --target "\$GITHUB_SHA"[\s\S]*git tag --force "\$major"/,
    )
  })
})
