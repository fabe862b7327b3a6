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
const named = [...table.matchAll(/^\| (.*?) \|/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`([^`]+)`/g)].map((n) => n[1] as string))
const folders = (dir: string): string[] => readdirSync(join(ROOT, dir)).filter((f) => !f.startsWith('.') && statSync(join(ROOT, dir, f)).isDirectory())

test('the map names paths that exist', () => {
  expect(named.length).toBeGreaterThan(20)
  const missing = named.filter((path) => !path.includes('<') && !existsSync(join(ROOT, path)))
  expect(missing).toEqual([])
})

test('every top-level folder, and every folder of src/ and test/, is on the map', () => {
  const unnamed = (dir: string, skip: string[] = []) => folders(dir).filter((f) => !skip.includes(f)).map((f) => (dir === '.' ? `${f}/` : `${dir}/${f}/`)).filter((f) => !named.includes(f))
  expect([...unnamed('.', ['node_modules', 'build', 'src', 'test']), ...unnamed('src'), ...unnamed('test')]).toEqual([])
})
