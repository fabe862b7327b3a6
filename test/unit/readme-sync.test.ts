import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT, readActionYml } from '../e2e/harness.js'
import { exampleExcerpt, renderReadme } from '../../scripts/readme-tables.js'

describe('README and action.yml', () => {
  test('the inputs and outputs tables match action.yml (run `npm run docs` to regenerate)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme).toBe(renderReadme(readme))
  })

  test('every YAML block in the README is an example file or a marked region of one', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const blocks = [...readme.matchAll(/(?:<!-- example: (examples\/[\w.-]+\.yml) -->\n)?```ya?ml\n([\s\S]*?)\n```/g)]
    expect(blocks.length).toBeGreaterThanOrEqual(8)
    for (const [, path, body] of blocks) {
      expect(path, `a YAML block with no <!-- example: … --> line: ${body?.slice(0, 60)}`).toBeDefined()
      expect(body).toBe(exampleExcerpt(readFileSync(join(ROOT, path as string), 'utf8')))
    }
  })

  test('a README YAML block edited by hand is found, and `npm run docs` puts the example back', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const edited = readme.replace('timeout-minutes: 40', 'timeout-minutes: 41')
    expect(edited).not.toBe(readme)
    expect(renderReadme(edited)).toBe(readme)
  })

  test('a region: only the lines between the markers; no markers: the file after its opening comment', () => {
    expect(exampleExcerpt('# what it does\n#\nname: x\non: push\n# inline\njobs: {}\n')).toBe('name: x\non: push\n# inline\njobs: {}')
    expect(exampleExcerpt('name: x\njobs:\n  a:\n    steps:\n      # readme:start\n      - run: echo\n      # readme:end\n      - run: no\n')).toBe('      - run: echo')
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
    const modes = ['agent', 'comment', 'visitors', 'views', 'insights', 'deploy', 'preview', 'automation', 'health']
    for (const mode of modes) expect(description.description.toLowerCase(), mode).toContain(mode)
    for (const mode of modes) expect(description.inputs.mode.description, mode).toContain(mode)
  })
})

describe('engines', () => {
  // the forms the lockfile's engines use: alternatives (`||`) of comparators (`>=20`, `>= 8`, `^20.19.0`, `20`)
  const parse = (v: string): number[] => v.split('.').map(Number).concat([0, 0, 0]).slice(0, 3)
  const cmp = (a: number[], b: number[]): number => (a[0]! - b[0]!) || (a[1]! - b[1]!) || (a[2]! - b[2]!)
  function satisfies(version: string, range: string): boolean {
    const v = parse(version)
    return range.split('||').some((alternative) =>
      (alternative.trim().match(/(>=|<=|>|<|\^|~)?\s*\d+(\.\d+)*/g) ?? []).every((comparator) => {
        const m = /^(>=|<=|>|<|\^|~)?\s*(.+)$/.exec(comparator.trim()) as RegExpExecArray
        const target = parse(m[2] as string)
        const c = cmp(v, target)
        switch (m[1]) {
          case '>=': return c >= 0
          case '<=': return c <= 0
          case '>': return c > 0
          case '<': return c < 0
          case '^': return c >= 0 && v[0] === target[0]
          case '~': return c >= 0 && v[0] === target[0] && v[1] === target[1]
          default: return (m[2] as string).includes('.') ? c === 0 : v[0] === target[0]
        }
      }),
    )
  }

  test('the range check reads the lockfile\'s forms', () => {
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true)
    expect(satisfies('20.18.0', '^20.19.0 || >=22.12.0')).toBe(false)
    expect(satisfies('20.19.0', '>=22')).toBe(false)
    expect(satisfies('20.19.0', '20 || >=22')).toBe(true)
    expect(satisfies('24.0.0', '^20.0.0 || ^22.0.0 || >=24.0.0')).toBe(true)
  })

  test('`engines` is the least Node every installed package accepts (npm ci warns of none)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    const least = /^>=(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)?.[1] as string
    expect(least, 'engines.node is ">=X.Y.Z"').toBeDefined()
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean; os?: string[] }> }
    const refuse = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.engines?.node && !(p.optional && p.os)) // platform binaries install only where they fit
      .filter(([, p]) => !satisfies(least, p.engines?.node as string))
      .map(([path, p]) => `${path.replace(/.*node_modules\//, '')} needs ${p.engines?.node}`)
    expect(refuse).toEqual([])
  })
})
