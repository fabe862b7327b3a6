import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT, readActionYml } from '../e2e/harness.js'
import { docFiles, exampleExcerpt, renderDoc } from '../../scripts/readme-tables.js'
import { ACTIONS } from '../../src/inputs/catalogue.js'

describe('README, docs/ and the action.yml files', () => {
  test.each(docFiles())('%s: its tables and example blocks are what `npm run docs` writes', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8')
    expect(text).toBe(renderDoc(text))
  })

  test.each(docFiles())('%s: every relative link leads to a file of the repository', (file) => {
    // code (a code span, a fenced block) holds no link, whatever its brackets say
    const text = readFileSync(join(ROOT, file), 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '')
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const path = target.split('#')[0] ?? ''
      if (/^[a-z]+:/.test(target) || path === '') continue
      expect(existsSync(join(ROOT, dirname(file), path)), `${file}: ${target}`).toBe(true)
    }
  })

  test('every action has its page, with its inputs and outputs tables', () => {
    for (const action of ACTIONS) {
      const page = readFileSync(join(ROOT, 'docs', 'actions', `${action}.md`), 'utf8')
      expect(page).toContain(`<!-- inputs:${action}:start -->`)
      expect(page).toContain(`<!-- outputs:${action}:start -->`)
      expect(page).toContain(`your-org/mintlify-docs-action/${action}@v1`)
      // a workflow that uses this action, not only its name in a table
      const blocks = [...page.matchAll(/```ya?ml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
      expect(
        blocks.some((b) => b.includes(`uses: your-org/mintlify-docs-action/${action}@v1`)),
        `docs/actions/${action}.md shows a workflow using the ${action} action`,
      ).toBe(true)
    }
    expect(readFileSync(join(ROOT, 'docs', 'v1.md'), 'utf8')).toContain('<!-- inputs:root:start -->')
  })

  test('the README is a front door: about 250 lines, a table of the ten actions linked to their pages', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme.split('\n').length).toBeLessThanOrEqual(260)
    for (const action of ACTIONS) expect(readme).toContain(`| \`${action}\` |`)
    for (const action of ACTIONS) expect(readme).toContain(`(docs/actions/${action}.md)`)
  })

  test('every YAML block in the README and docs/ is an example file or a marked region of one', () => {
    const blocks = docFiles().flatMap((file) => [
      ...readFileSync(join(ROOT, file), 'utf8').matchAll(
        /(?:<!-- example: (examples\/[\w.-]+\.yml) -->\n)?```ya?ml\n([\s\S]*?)\n```/g,
      ),
    ])
    expect(blocks.length).toBeGreaterThanOrEqual(8)
    for (const [, path, body] of blocks) {
      expect(path, `a YAML block with no <!-- example: … --> line: ${body?.slice(0, 60)}`).toBeDefined()
      expect(body).toBe(exampleExcerpt(readFileSync(join(ROOT, path ?? ''), 'utf8')))
    }
  })

  test('a YAML block or a table edited by hand is found, and `npm run docs` puts it back', () => {
    const page = readFileSync(join(ROOT, 'docs', 'actions', 'comment.md'), 'utf8')
    const edited = page.replace('timeout-minutes: 40', 'timeout-minutes: 41')
    expect(edited).not.toBe(page)
    expect(renderDoc(edited)).toBe(page)
    const visitors = readFileSync(join(ROOT, 'docs', 'actions', 'visitors.md'), 'utf8')
    const table = visitors.replace('| `page-size` | `250` |', '| `page-size` | `100` |')
    expect(table).not.toBe(visitors)
    expect(renderDoc(table)).toBe(visitors)
  })

  test('a region: only the lines between the markers; no markers: the file after its opening comment', () => {
    expect(exampleExcerpt('# what it does\n#\nname: x\non: push\n# inline\njobs: {}\n')).toBe(
      'name: x\non: push\n# inline\njobs: {}',
    )
    expect(
      exampleExcerpt(
        'name: x\njobs:\n  a:\n    steps:\n      # readme:start\n      - run: echo\n      # readme:end\n      - run: no\n',
      ),
    ).toBe('      - run: echo')
  })

  test('every input and output has a description; the runtime is node24 and main is the bundle', () => {
    const action = readActionYml()
    for (const [name, spec] of Object.entries({ ...action.inputs, ...action.outputs })) {
      expect(spec.description, name).toMatch(/\w{3}/)
    }
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  test('the defaults in action.yml are the defaults the code applies', async () => {
    const { DEFAULTS } = await import('../../src/interface/catalogue.js')
    const action = readActionYml()
    for (const [name, value] of Object.entries(DEFAULTS)) expect(action.inputs[name]?.default, name).toBe(value)
  })
})

describe('test runtimes', () => {
  test.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'e2e tests run the bundle once, on Node 24: the runtime action.yml declares',
    async () => {
      const { RUNTIMES, readActionYml } = await import('../e2e/harness.js')
      expect(readActionYml().runs.using).toBe('node24')
      expect(RUNTIMES.map((r) => r.name)).toEqual(['node 24'])
    },
  )

  test("action.yml's description (what the Marketplace shows) names every mode", () => {
    const description = readActionYml() as unknown as { description: string; inputs: { mode: { description: string } } }
    const modes = ['agent', 'comment', 'visitors', 'views', 'insights', 'deploy', 'preview', 'automation', 'health']
    for (const mode of modes) expect(description.description.toLowerCase(), mode).toContain(mode)
    for (const mode of modes) expect(description.inputs.mode.description, mode).toContain(mode)
  })
})

describe('engines', () => {
  // the forms the lockfile's engines use: alternatives (`||`) of comparators (`>=20`, `>= 8`, `^20.19.0`, `20`)
  type Version = [number, number, number]
  const parse = (v: string): Version => {
    const [major = 0, minor = 0, patch = 0] = v.split('.').map(Number)
    return [major, minor, patch]
  }
  const cmp = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
  function satisfies(version: string, range: string): boolean {
    const v = parse(version)
    return range.split('||').some((alternative) =>
      (alternative.trim().match(/(>=|<=|>|<|\^|~)?\s*\d+(\.\d+)*/g) ?? []).every((comparator) => {
        const [, operator, given = ''] = /^(>=|<=|>|<|\^|~)?\s*(.+)$/.exec(comparator.trim()) ?? []
        const target = parse(given)
        const c = cmp(v, target)
        switch (operator) {
          case '>=':
            return c >= 0
          case '<=':
            return c <= 0
          case '>':
            return c > 0
          case '<':
            return c < 0
          case '^':
            return c >= 0 && v[0] === target[0]
          case '~':
            return c >= 0 && v[0] === target[0] && v[1] === target[1]
          default:
            return given.includes('.') ? c === 0 : v[0] === target[0]
        }
      }),
    )
  }

  test("the range check reads the lockfile's forms", () => {
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
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string }; optional?: boolean; os?: string[] }>
    }
    const refuse = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.engines?.node && !(p.optional && p.os)) // platform binaries install only where they fit
      .filter(([, p]) => !satisfies(least, p.engines?.node as string))
      .map(([path, p]) => `${path.replace(/.*node_modules\//, '')} needs ${p.engines?.node}`)
    expect(refuse).toEqual([])
  })
})
