import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'

/** scripts/commit-subjects.mjs on small repositories of its own: the rule of CONTRIBUTING.md, held by .ci/run. */
describe('commit subjects', () => {
  const script = join(ROOT, 'scripts', 'commit-subjects.mjs')
  function repository(subjects: string[]): { dir: string; shas: string[] } {
    const dir = mkdtempSync(join(tmpdir(), 'subjects-'))
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: dir,
        encoding: 'utf8',
      }).trim()
    git('init', '-q')
    const shas = subjects.map((subject) => {
      git('commit', '-q', '--allow-empty', '-m', subject)
      return git('rev-parse', 'HEAD')
    })
    return { dir, shas }
  }
  const run = (dir: string, since: string) =>
    spawnSync(process.execPath, [script, since], { cwd: dir, encoding: 'utf8' })

  test('a subject over 72 characters after the boundary fails, naming it; one before it, or of 72, passes', () => {
    const long = `Say why ${'x'.repeat(70)}`
    const { dir, shas } = repository([long, 'The boundary', 'y'.repeat(72), long])
    const failed = run(dir, shas[1] ?? '')
    expect(failed.status).toBe(1)
    expect(failed.stdout.trim().split('\n')).toEqual([
      `::error::Commit ${(shas[3] ?? '').slice(0, 7)}'s subject is 78 characters, more than 72: ${long}`,
    ])
    const before = repository([long, 'The boundary', 'y'.repeat(72)])
    const passed = run(before.dir, before.shas[1] ?? '')
    expect(passed.status).toBe(0)
    expect(passed.stdout).toContain('at most 72 characters')
    // characters, not bytes: 72 accented letters are 72
    expect(run(repository(['a', 'é'.repeat(72)]).dir, 'HEAD~1').status).toBe(0)
  })

  test('a clone without the boundary commit (a shallow one) says so and passes', () => {
    const { dir } = repository(['a'])
    const said = run(dir, 'f'.repeat(40))
    expect(said.status).toBe(0)
    expect(said.stdout).toContain('not in this clone')
  })
})
