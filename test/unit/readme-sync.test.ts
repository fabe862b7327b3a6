import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT, readActionYml } from '../e2e/harness.js'
import { renderReadme } from '../../scripts/readme-tables.js'

describe('README and action.yml', () => {
  test('the inputs and outputs tables match action.yml (run `npm run docs` to regenerate)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme).toBe(renderReadme(readme))
  })

  test('every input and output has a description; the runtime is node24 and main is the bundle', () => {
    const action = readActionYml()
    for (const [name, spec] of Object.entries({ ...action.inputs, ...action.outputs })) {
      expect(spec.description, name).toMatch(/\w{3}/)
    }
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  test('the defaults in action.yml are the defaults the code applies', async () => {
    const { DEFAULTS } = await import('../../src/inputs/settings.js')
    const action = readActionYml()
    for (const [name, value] of Object.entries(DEFAULTS)) expect(action.inputs[name]?.default, name).toBe(value)
  })
})

describe('test runtimes', () => {
  test.runIf(process.platform === 'linux' && process.arch === 'x64')('e2e tests run the bundle once, on Node 24: the runtime action.yml declares', async () => {
    const { RUNTIMES, readActionYml } = await import('../e2e/harness.js')
    expect(readActionYml().runs.using).toBe('node24')
    expect(RUNTIMES.map((r) => r.name)).toEqual(['node 24'])
  })

  test('action.yml\'s description (what the Marketplace shows) names every mode', () => {
    const description = readActionYml() as unknown as { description: string; inputs: { mode: { description: string } } }
    const modes = ['agent', 'comment', 'visitors', 'views', 'insights', 'deploy', 'preview', 'automation']
    for (const mode of modes) expect(description.description.toLowerCase(), mode).toContain(mode)
    for (const mode of modes) expect(description.inputs.mode.description, mode).toContain(mode)
  })
})
