import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'

/**
 * docs/development.md's map matches the tree: every path it names exists, and every folder of src/
 * and test/ and every top-level folder is named (hidden ones and what the build or install writes
 * aside; src/ and test/ by their folders).
 */
const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
const table = /^\| path \| what it holds \|\n\|---\|---\|\n((?:\|.*\n)+)/m.exec(guide)?.[1] ?? ''
const named = [...table.matchAll(/^\| (.*?) \|/gm)].flatMap((m) =>
  [...(m[1] ?? '').matchAll(/`([^`]+)`/g)].map((n) => n[1] ?? ''),
)
// the tree as git holds it: what a test run or a build writes aside (coverage/, build/) is not on the map
const tracked = new Set(
  execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .map((f) => f.split('/').slice(0, -1))
    .flatMap((parts) => parts.map((_, i) => parts.slice(0, i + 1).join('/'))),
)
const folders = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).filter(
    (f) =>
      !f.startsWith('.') && statSync(join(ROOT, dir, f)).isDirectory() && tracked.has(dir === '.' ? f : `${dir}/${f}`),
  )

test('the map names paths that exist', () => {
  expect(named.length).toBeGreaterThan(20)
  const missing = named.filter((path) => !path.includes('<') && !existsSync(join(ROOT, path)))
  expect(missing).toEqual([])
})

test('every top-level folder, and every folder of src/ and test/, is on the map', () => {
  const unnamed = (dir: string, skip: string[] = []) =>
    folders(dir)
      .filter((f) => !skip.includes(f))
      .map((f) => (dir === '.' ? `${f}/` : `${dir}/${f}/`))
      .filter((f) => !named.includes(f))
  expect([...unnamed('.', ['src', 'test']), ...unnamed('src'), ...unnamed('test')]).toEqual([])
})
