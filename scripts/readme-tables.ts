/**
 * The README's inputs and outputs tables are generated from action.yml, so they cannot drift:
 * `npm run docs` rewrites them between their markers, and a test fails when they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT, readActionYml } from '../test/e2e/harness.js'

const cell = (text: string): string => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

export function renderTables(): { inputs: string; outputs: string } {
  const action = readActionYml()
  const inputs = ['| input | default | description |', '|---|---|---|']
  for (const [name, spec] of Object.entries(action.inputs)) {
    const def = spec.required ? '(required)' : spec.default !== undefined ? `\`${spec.default}\`` : ''
    inputs.push(`| \`${name}\` | ${def} | ${cell(spec.description ?? '')} |`)
  }
  const outputs = ['| output | description |', '|---|---|']
  for (const [name, spec] of Object.entries(action.outputs)) outputs.push(`| \`${name}\` | ${cell(spec.description ?? '')} |`)
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

export function renderReadme(readme: string): string {
  const tables = renderTables()
  return replaceSection(replaceSection(readme, 'inputs', tables.inputs), 'outputs', tables.outputs)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = join(ROOT, 'README.md')
  writeFileSync(path, renderReadme(readFileSync(path, 'utf8')))
  console.log('README.md tables regenerated from action.yml')
}
