import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, onTestFinished, test } from 'vitest'
import { SERVICE_ACTIONS } from '../../src/inputs/catalogue.js'
import { HAND_RUN_AUTOMATION, handRunGitHub, handRunSimulator } from '../simulator/hand-run.js'
import { ROOT, parseCommands, parseOutputFile } from './harness.js'
import { matching } from './typed.js'

/**
 * The "Try it by hand" commands (docs/development.md), every line as written, against the simulators
 * `npm run simulator` serves (on free ports instead of 4010 and 4011), from a folder that holds only
 * what the commands read (dist/, docs/): nothing may be left there, and the temporary folder the
 * block makes is gone after its last line.
 */
const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
const block = (/## Try it by hand[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? '').split('\n')
/** The second shell's set-up (every line before the first command but the first shell's), each action's command, and the last line. */
const firstCommand = block.findIndex((line) => line.startsWith('env '))
const setup = block
  .slice(0, firstCommand)
  .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('npm '))
const commands = block.filter((line) => line.startsWith('env '))
const last = block.filter((line) => line.startsWith('cat '))

describe('the hand-run guide', () => {
  // check runs the Mintlify CLI, not the service: its own block (docs/development.md) runs in npm run test:cli
  test('runs each of the nine actions that talk to the service once, and says the saved automation the simulator serves', () => {
    expect(commands.map((c) => /dist\/(\w+)\/index\.js/.exec(c)?.[1]).sort()).toEqual([...SERVICE_ACTIONS].sort())
    expect(setup.map((l) => /^\w+/.exec(l)?.[0])).toEqual(['tmp', 'touch', 'runner', 'api', 'gh'])
    expect(last).toHaveLength(1)
    expect(guide).toContain(HAND_RUN_AUTOMATION)
  })

  test.each(commands.map((c) => [/dist\/(\w+)\/index\.js/.exec(c)?.[1] ?? '?', c]))(
    '%s, as written, against `npm run simulator`',
    async (action, command) => {
      const sim = handRunSimulator({ jobMs: 0, deployMs: 0, pages: 300 })
      await sim.start()
      onTestFinished(() => sim.stop())
      const gh = handRunGitHub()
      await gh.start()
      onTestFinished(() => gh.stop())
      const cwd = mkdtempSync(join(tmpdir(), 'hand-run-'))
      for (const name of ['dist', 'docs']) symlinkSync(join(ROOT, name), join(cwd, name))
      const seen = mkdtempSync(join(tmpdir(), 'hand-run-seen-'))
      // in one pass: a free port of the first simulator may itself start with 4011
      const ports = (line: string) =>
        line.replace(/http:\/\/127\.0\.0\.1:(4010|4011)\b/g, (_, port) => (port === '4010' ? sim.baseUrl : gh.baseUrl))
      // stdout to a file, as in a terminal (/dev/stdout cannot be opened on the pipe a child process gets);
      // what the block wrote is copied aside before its last line removes it
      const script = [
        ...setup.map(ports),
        `${ports(command)} > "$SEEN/out.txt" 2>&1`,
        'cp "$tmp/outputs" "$SEEN/outputs.txt"; ls "$tmp" > "$SEEN/files.txt"; echo "$tmp" > "$SEEN/tmp.txt"',
        '{',
        last[0] ?? '',
        '} > "$SEEN/last.txt" 2>&1', // the line's own comment ends at its newline
      ].join('\n')
      await promisify(execFile)('sh', ['-c', script], {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOME: cwd, SEEN: seen },
        timeout: 240_000, // a hang guard (the block takes seconds)
      })
      const stdout = readFileSync(join(seen, 'out.txt'), 'utf8')
      const outputs = parseOutputFile(readFileSync(join(seen, 'outputs.txt'), 'utf8'))
      const files = readFileSync(join(seen, 'files.txt'), 'utf8').split('\n').filter(Boolean)
      expect(parseCommands(stdout).filter((c) => c.command === 'error' || c.command === 'warning')).toEqual([])
      // nothing left: not in the folder the commands ran in, not in the temporary folder
      expect(readdirSync(cwd).sort()).toEqual(['dist', 'docs'])
      expect(existsSync(readFileSync(join(seen, 'tmp.txt'), 'utf8').trim())).toBe(false)
      expect(readFileSync(join(seen, 'last.txt'), 'utf8')).toContain('outputs')
      expect(stdout).not.toContain('::set-output')
      if (action === 'agent') {
        expect(outputs).toMatchObject({
          status: 'completed',
          'job-id': matching(/^job_/),
          'pr-link': matching(/\/pull\/\d+$/),
        })
      } else if (action === 'comment') {
        // alice's /docs on issue 7: 👀, a job, and the tracking comment on the fake GitHub
        expect(outputs.triggered).toBe('true')
        expect(outputs['job-id']).toMatch(/^job_/)
        expect(gh.reactions).toContainEqual(expect.objectContaining({ commentId: 9001, content: 'eyes' }))
        expect(
          gh.commentsOn(7).some((c) => c.body.includes('add a curl example') && c.user.login === 'github-actions[bot]'),
        ).toBe(true)
      } else if (action === 'visitors') {
        expect(outputs['path-count']).toBe('300')
        expect(files).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^mintlify-visitors-.*\.csv$/),
            expect.stringMatching(/^mintlify-visitors-.*\.json$/),
          ]),
        )
        // the files are named for the last day they hold, as the summary says it (today)
        const today = /, \d{4}-\d{2}-\d{2} – today \\\((\d{4}-\d{2}-\d{2})\\\)/.exec(stdout)?.[1]
        expect(files).toContain(
          `mintlify-visitors-proj_demo-${/dateFrom=(\d{4}-\d{2}-\d{2})/.exec(sim.requests[0]?.url ?? '')?.[1]}-to-${today}.csv`,
        )
      } else if (action === 'views') {
        const change = outputs['change-percent']
        expect(change).toMatch(/^[+-]\d+\.\d$/)
        expect(Number(change)).not.toBe(0)
        expect(stdout).toContain('### 📊 Page views: proj\\_demo')
        // "the last 7 whole days", as the comment says: seven days, both ends included, today not
        const [, first, lastDay] =
          /Page views: proj\\_demo, (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})\n/.exec(stdout) ?? []
        expect((Date.parse(lastDay ?? '') - Date.parse(first ?? '')) / 86_400_000).toBe(6)
        expect(stdout).toContain('#### Movers')
      } else if (action === 'insights') {
        expect(Number(outputs['dead-end-searches'])).toBeGreaterThan(0)
        expect(Number(outputs['unanswered-questions'])).toBeGreaterThan(0)
        expect(stdout).toContain('#### Questions the assistant could not answer')
        // "from 30 days ago up to now, today included", as the comment says
        expect(stdout).toMatch(/, \d{4}-\d{2}-\d{2} – today \(\d{4}-\d{2}-\d{2}\)/)
      } else if (action === 'preview') {
        expect(outputs['preview-url']).toMatch(/^https:\/\//)
        expect(outputs['deployment-status']).toBe('success')
      } else if (action === 'deploy') {
        expect(outputs['deployment-status']).toBe('success')
        expect(sim.requestsTo('deploy')).toHaveLength(1)
      } else if (action === 'automation') {
        expect(outputs['automation-run-id']).toMatch(/^run_/)
        expect(outputs.status).toBe('completed')
      } else {
        expect(action).toBe('health')
        expect(outputs['issue-url']).toMatch(/\/issues\/\d+$/)
        expect([...gh.issues.values()].some((i) => i.title.includes('Docs health'))).toBe(true)
      }
    },
  )
})
