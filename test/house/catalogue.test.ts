import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { actionFiles, renderActionYml } from '../../scripts/action-files.js'
import { ACTIONS } from '../../src/inputs/catalogue.js'
import { OUTPUTS, type OutputName, outputsOf } from '../../src/inputs/outputs.js'
import { INPUTS, type InputName, describe as describeWords, inputsOf } from '../../src/interface/catalogue.js'
import { ROOT } from '../e2e/harness.js'

/**
 * One catalogue (src/interface/catalogue.ts, with the outputs' src/inputs/outputs.ts) is the source of truth for the ten action.yml files and
 * each mode's inputs: any drift between them fails here. `npm run docs` writes the files.
 */
describe('the catalogue and the ten action.yml files', () => {
  test.each(actionFiles())('%s is what `npm run docs` writes from the catalogue', (path, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(text)
  })

  test('a hand edit of a focused action.yml is found (and `npm run docs` writes it back)', () => {
    const committed = readFileSync(join(ROOT, 'visitors/action.yml'), 'utf8')
    const edited = committed.replace('default: "250"', 'default: "100"')
    expect(edited).not.toBe(committed)
    expect(edited).not.toBe(renderActionYml('visitors'))
    expect(renderActionYml('visitors')).toBe(committed)
  })

  test.each(ACTIONS)('%s: its settings read exactly the inputs its action.yml declares', (action) => {
    const yml = parse(renderActionYml(action)) as {
      inputs: Record<string, unknown>
      outputs: Record<string, unknown>
      runs: unknown
    }
    expect(Object.keys(yml.inputs)).toEqual(inputsOf(action))
    expect(Object.keys(yml.outputs)).toEqual(outputsOf(action))
    expect(yml.runs).toEqual({ using: 'node24', main: `../dist/${action}/index.js` })
  })

  test('every input and output of a focused action has words written for it (no "Agent mode:" prefixes); the root keeps 1.0.0\'s', () => {
    for (const action of ACTIONS) {
      const named = [
        ...(Object.keys(INPUTS) as InputName[]).map(
          (name) => [name, INPUTS[name], describeWords('input', name, action)] as const,
        ),
        ...(Object.keys(OUTPUTS) as OutputName[]).map(
          (name) => [name, OUTPUTS[name], describeWords('output', name, action)] as const,
        ),
      ]
      for (const [name, spec, words] of named) {
        if (!(spec.actions as readonly string[]).includes(action)) continue
        expect(words, `${action}: ${name}`).toMatch(/\w{3}/)
        expect(words).not.toMatch(
          /^(Agent|Comment|Visitors|Views|Insights|Deploy|Preview|Automation|Health|Every) (and \w+ )?modes?\b/,
        )
      }
    }
    const root = parse(renderActionYml('root')) as { inputs: Record<string, { default?: string }> }
    expect(Object.keys(root.inputs)).toEqual(Object.keys(INPUTS))
    expect(root.inputs.mode?.default).toBe('agent')
  })

  test('a focused action cannot be switched to another mode: none declares mode', () => {
    for (const action of ACTIONS) expect(inputsOf(action)).not.toContain('mode')
  })
})
