import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { ROOT, parseCommands } from '../e2e/harness.js'
import { handRunGitHub } from '../simulator/hand-run.js'

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

/**
 * The guide's pull request block, as written, against the fake GitHub `npm run simulator` serves
 * (on a free port instead of 4011): the three problems the rename leaves, each at its line, in a
 * check run on the pull request's head, and the step failed; the head's folder left as it was.
 */
test("the guide's pull request block runs as written against the simulator's fake GitHub", async () => {
  const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
  const block = /On a pull request the check compares[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? ''
  expect(block).toContain('GITHUB_EVENT_PATH=docs/hand-run/check-pull.json')
  const gh = handRunGitHub()
  await gh.start()
  try {
    const script = `set -e\n${block
      .replace('http://127.0.0.1:4011', gh.baseUrl)
      .replace('node dist/check/index.js', 'node dist/check/index.js || echo "exit=$?"')}`
    const { stdout } = await promisify(execFile)('sh', ['-c', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      timeout: 240_000, // a hang guard (the block takes seconds once the CLI is installed)
    })
    expect(stdout).toContain('exit=1')
    const placed = [...stdout.matchAll(/^::error [^:]*file=([^,:]+),line=(\d+)/gm)].map((m) => [m[1], m[2]])
    // the old address itself (at the renamed page's new entry in the navigation), the redirect to it
    // and the redirect's source, which it sends to a page the head does not serve (both at the
    // redirect), and the link
    expect(placed.sort()).toEqual([
      ['docs.json', '6'],
      ['docs.json', '7'],
      ['docs.json', '7'],
      ['index.mdx', '9'],
    ])
    expect(gh.checkRuns.map((r) => [r.headSha, r.conclusion, r.annotations.length])).toEqual([
      ['8'.repeat(40), 'failure', 4],
    ])
    expect(stdout).toMatch(/problems<<ghadelimiter_[\w-]+\n4\n/)
  } finally {
    await gh.stop()
  }
})
