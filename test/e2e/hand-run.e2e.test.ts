import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, onTestFinished, test } from 'vitest'
import { handRunGitHub, handRunSimulator } from '../simulator/hand-run.js'
import { ROOT, parseCommands, parseOutputFile } from './harness.js'

/**
 * The "Try it by hand" commands (docs/development.md), run as written against the simulator `npm run simulator`
 * serves (on a free port instead of 4010): views show a change, insights show the lists.
 */
const readme = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
const block = /## Try it by hand[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
const commands = block.replace(/\\\n\s*/g, '').split('\n').filter((line) => line.startsWith('env '))

describe('the README\'s hand-run examples', () => {
  test('there are four: views with the change, insights, a /docs comment and the health issue', () => {
    expect(commands.map((c) => /dist\/(\w+)\/index\.js/.exec(c)?.[1])).toEqual(['views', 'insights', 'comment', 'health'])
  })

  test.each(commands.map((c) => [/dist\/(\w+)\/index\.js/.exec(c)?.[1] ?? '?', c]))('%s, as written, against `npm run simulator`', async (mode, command) => {
    const sim = handRunSimulator({ jobMs: 0, pages: 300 })
    await sim.start()
    onTestFinished(() => sim.stop())
    const gh = handRunGitHub()
    await gh.start()
    onTestFinished(() => gh.stop())
    const cwd = mkdtempSync(join(tmpdir(), 'hand-run-'))
    // the README's `touch outputs.txt`: the outputs file the runner creates
    expect(block).toContain('touch outputs.txt')
    writeFileSync(join(cwd, 'outputs.txt'), '')
    const line = command
      .replace(/node (dist\/\w+\/index\.js)/, (_m, path: string) => `node ${JSON.stringify(join(ROOT, path))}`)
      .replace('GITHUB_EVENT_PATH=docs/', `GITHUB_EVENT_PATH=${join(ROOT, 'docs')}/`)
      .replaceAll('http://127.0.0.1:4010', sim.baseUrl)
      .replaceAll('http://127.0.0.1:4011', gh.baseUrl)
    // stdout to a file, as in a terminal (/dev/stdout cannot be opened on the pipe a child process gets)
    await promisify(execFile)('sh', ['-c', `${line} > out.txt 2>&1`], { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd }, timeout: 30_000 })
    const stdout = readFileSync(join(cwd, 'out.txt'), 'utf8')
    // the outputs as the runner's file holds them (GITHUB_OUTPUT), never the deprecated set-output lines
    const outputs = parseOutputFile(readFileSync(join(cwd, 'outputs.txt'), 'utf8'))
    const commands = parseCommands(stdout)
    expect(commands.filter((c) => c.command === 'error' || c.command === 'warning')).toEqual([])
    if (mode === 'views') {
      expect(stdout).not.toContain('::set-output')
      const change = outputs['change-percent']
      expect(change).toMatch(/^[+-]\d+\.\d$/)
      expect(Number(change)).not.toBe(0)
      expect(stdout).toContain('### 📊 Page views: proj\\_demo')
      // "the last 7 whole days", as the README's comment says: seven days, both ends included, today not
      const [, first, last] = /Page views: proj\\_demo, (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})\n/.exec(stdout) ?? []
      expect((Date.parse(last as string) - Date.parse(first as string)) / 86_400_000).toBe(6)
      expect(stdout).toContain('#### Movers')
    } else if (mode === 'comment') {
      // alice's /docs on issue 7: 👀, a job, and the tracking comment on the fake GitHub
      expect(outputs.triggered).toBe('true')
      expect(outputs['job-id']).toMatch(/^job_/)
      expect(gh.reactions).toContainEqual(expect.objectContaining({ commentId: 9001, content: 'eyes' }))
      expect(gh.commentsOn(7).some((c) => c.body.includes('add a curl example') && c.user.login === 'github-actions[bot]')).toBe(true)
    } else if (mode === 'health') {
      expect(outputs['issue-url']).toMatch(/\/issues\/\d+$/)
      expect([...gh.issues.values()].some((i) => i.title.includes('Docs health'))).toBe(true)
    } else {
      expect(mode).toBe('insights')
      expect(Number(outputs['dead-end-searches'])).toBeGreaterThan(0)
      expect(Number(outputs['unanswered-questions'])).toBeGreaterThan(0)
      expect(stdout).toContain('#### Questions the assistant could not answer')
      // "from 30 days ago up to now, today included", as the README's comment says
      expect(stdout).toMatch(/, \d{4}-\d{2}-\d{2} – today \(\d{4}-\d{2}-\d{2}\)/)
    }
  })
})
