import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { ROOT, parseCommands } from '../e2e/harness.js'

/**
 * The check's lines of the hand-run guide (docs/development.md), as written, in a shell from the
 * repository's root with the real CLI: the fixture site's problems annotated, the step failed, the
 * outputs written, the temporary folder gone.
 */
test("the guide's check block runs as written", async () => {
  const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
  const block = /The check needs no simulator[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? ''
  expect(block).toContain('node dist/check/index.js')
  const script = `set -e\n${block.replace('node dist/check/index.js', 'node dist/check/index.js || echo "exit=$?"')}`
  const { stdout } = await promisify(execFile)('sh', ['-c', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    timeout: 240_000, // a hang guard (the block takes seconds once the CLI is installed)
  })
  expect(stdout).toContain('exit=1')
  const errors = parseCommands(stdout).filter((c) => c.command === 'error')
  expect(errors.map((e) => e.message)).toContain('The link /guides/nowhere leads nowhere.')
  expect(stdout).toMatch(/problems<<ghadelimiter_[\w-]+\n5\n/)
})
