/**
 * What the README shows that lives elsewhere is generated, so it cannot drift: the inputs and outputs
 * tables from action.yml, and every YAML block from the example it names. `npm run docs` rewrites
 * them, and a test fails when they differ (test/unit/readme-sync.test.ts).
 *
 * A YAML block is preceded by `<!-- example: examples/NAME.yml -->`; it shows that file from its first
 * line that is not part of the opening comment, or, when the file marks one, the lines between
 * `# readme:start` and `# readme:end` (the markers themselves are left out).
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

const EXAMPLE_BLOCK = /(<!-- example: (examples\/[\w.-]+\.yml) -->\n```yaml\n)[\s\S]*?\n```/g

export function renderExamples(readme: string, read: (path: string) => string = (path) => readFileSync(join(ROOT, path), 'utf8')): string {
  return readme.replace(EXAMPLE_BLOCK, (_all, head: string, path: string) => `${head}${exampleExcerpt(read(path))}\n\`\`\``)
}

export function renderReadme(readme: string): string {
  const tables = renderTables()
  return renderExamples(replaceSection(replaceSection(readme, 'inputs', tables.inputs), 'outputs', tables.outputs))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = join(ROOT, 'README.md')
  writeFileSync(path, renderReadme(readFileSync(path, 'utf8')))
  console.log('README.md: tables regenerated from action.yml, YAML blocks from examples/')
}
