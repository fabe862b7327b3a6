#!/usr/bin/env node
// Fails when a mutant survived the last `npm run test:mutation` (reports/mutation/mutation.json)
// that docs/mutation.md does not list, or when the list names one that no longer survives (a stale
// row). It lists each as equivalent, or under "Not yet killed": a missing test, owed and counted
// (a list that may only shrink: a new survivor is never added to it silently, as this fails first).
// Run by .ci/run after the mutation run.
import { readFileSync } from 'node:fs'

const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8'))
const doc = readFileSync('docs/mutation.md', 'utf8')

const unticked = (cell) => cell.trim().replace(/^`|`$/g, '').replace(/\\\|/g, '|')
const listed = new Map()
const owedRows = new Map()
let owing = false
for (const line of doc.split('\n')) {
  if (line.startsWith('## ')) owing = /^## Not yet killed/.test(line)
  if (!line.startsWith('| `')) continue
  const cells = line.slice(1, -1).split(/(?<!\\)\|/)
  if (cells.length < 4) continue
  const key = [unticked(cells[0]), unticked(cells[1]), unticked(cells[2])].join(' ⟶ ')
  listed.set(key, (listed.get(key) ?? 0) + 1)
  if (owing) owedRows.set(key, (owedRows.get(key) ?? 0) + 1)
}

const survivors = new Map()
for (const [path, file] of Object.entries(report.files)) {
  const lines = file.source.split('\n')
  for (const m of file.mutants) {
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue
    const { start, end } = m.location
    const code =
      start.line === end.line
        ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
        : (lines[start.line - 1] ?? '').trim()
    const key = [path.replace(/^src\//, ''), code, String(m.replacement).replace(/\n/g, ' ')].join(' ⟶ ')
    survivors.set(key, (survivors.get(key) ?? 0) + 1)
  }
}

const problems = []
for (const [key, n] of survivors) {
  const have = listed.get(key) ?? 0
  if (have < n) problems.push(`survives but is not listed in docs/mutation.md: ${key}`)
}
for (const [key, n] of listed) {
  if ((survivors.get(key) ?? 0) < n) problems.push(`listed in docs/mutation.md but no longer survives: ${key}`)
}
for (const p of problems) console.log(`::error::${p}`)
const total = [...survivors.values()].reduce((a, b) => a + b, 0)
if (problems.length > 0) process.exit(1)
const owed = [...owedRows].reduce((a, [key, n]) => a + Math.min(n, survivors.get(key) ?? 0), 0)
console.log(
  `${total} surviving mutants listed in docs/mutation.md: ${total - owed} equivalent, ${owed} not yet killed (a missing test each).`,
)
