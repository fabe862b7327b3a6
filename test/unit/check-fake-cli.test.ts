import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'

/**
 * The fake CLI recording (test/simulator/fake-mint.mjs, record mode) in front of a scripted "real"
 * CLI: a run that exited before drawing its verdict is passed on but neither recorded nor remembered,
 * so the check's run again reaches the real CLI and the recording keeps what the CLI prints.
 */

const SHIM = join(import.meta.dirname, '..', 'simulator', 'fake-mint.mjs')

test('a run cut short at the spinner is neither recorded nor remembered; the next run is', () => {
  const root = mkdtempSync(join(tmpdir(), 'fake-mint-record-'))
  const bin = join(root, 'bin')
  const tree = join(root, 'tree')
  const recordings = join(root, 'recordings')
  const memo = join(root, 'memo')
  for (const dir of [bin, tree, memo]) mkdirSync(dir)
  writeFileSync(join(tree, 'index.mdx'), '# Home\n')
  // the first run prints only the spinner's frame (exit code 0), as mint did on a busy machine; the next its verdict
  const real = join(root, 'real.mjs')
  const count = join(root, 'runs')
  writeFileSync(
    real,
    [
      "import { existsSync, readFileSync, writeFileSync } from 'node:fs'",
      `const file = ${JSON.stringify(count)}`,
      "const runs = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0",
      'writeFileSync(file, String(runs + 1))',
      "process.stdout.write(runs === 0 ? '\\u001b[36m⠙\\u001b[39m checking for broken links...\\n' : 'success no broken links found\\n')",
    ].join('\n'),
  )
  writeFileSync(join(bin, 'start.js'), `import ${JSON.stringify(SHIM)}\n`)
  writeFileSync(join(bin, 'fake-mint.json'), JSON.stringify({ mode: 'record', recordings, real, memo }))
  const run = () =>
    spawnSync(process.execPath, [join(bin, 'start.js'), 'broken-links'], {
      cwd: tree,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    })

  const first = run()
  expect(first.stdout).toContain('checking for broken links')
  expect(first.status).toBe(0)
  expect(existsSync(recordings) ? readdirSync(recordings) : []).toEqual([])
  expect(readdirSync(memo)).toEqual([])

  const second = run()
  expect(second.stdout).toBe('success no broken links found\n')
  const [recording] = readdirSync(recordings)
  expect(JSON.parse(readFileSync(join(recordings, recording ?? ''), 'utf8'))).toMatchObject({
    args: ['broken-links'],
    exitCode: 0,
    stdout: 'success no broken links found\n',
  })
  expect(readdirSync(memo)).toHaveLength(1)
  // the third run is answered from memory: the real CLI ran twice
  expect(run().stdout).toBe('success no broken links found\n')
  expect(readFileSync(count, 'utf8')).toBe('2')
})
