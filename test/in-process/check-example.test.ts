import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../e2e/harness.js'
import { exampleSteps } from '../e2e/example-steps.js'

/**
 * examples/docs-check.yml as a team with a site at its repository's root uses it: the docs found
 * with no docs-path, no paths: filter (a required check behind one waits forever). Its check step
 * runs as written, its expressions resolved as GitHub resolves them for a team with no key stored,
 * in scenarios.ts (EXAMPLE_RUNS): in npm test on the fake CLI, and on the real CLI.
 */

describe('the docs check example as written', () => {
  test('finds the docs at the root: no docs-path, no input that needs a key, and no paths: filter', () => {
    const step = exampleSteps('docs-check.yml').find((s) => s.id === 'check')
    expect(step?.with).not.toHaveProperty('docs-path')
    expect(step?.with).not.toHaveProperty('min-views')
    const on = (
      parse(readFileSync(join(ROOT, 'examples', 'docs-check.yml'), 'utf8')) as { on: Record<string, unknown> }
    ).on
    expect(Object.keys(on)).toEqual(['pull_request', 'push'])
    expect(JSON.stringify(on)).not.toContain('paths')
  })
})
