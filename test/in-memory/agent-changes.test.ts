import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { AgentSettings } from '../../src/agent/inputs.js'
import { parseSettings } from '../../src/interface/settings.js'
import * as agentMode from '../../src/agent/mode.js'
import { changedFile as f, pullPayload as pull, world } from './fake-world.js'
import { FIXED_NOW } from '../unit/fake-clock.js'

/** Docs follow code in agent mode, in memory: which change becomes a job, and which does not. */

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => vi.restoreAllMocks()
})

describe('agent mode with changes', () => {
  const settings = (extra: Record<string, string> = {}) =>
    parseSettings(
      {
        'api-key': 'mint_unit_key_000',
        'project-id': 'proj_demo',
        changes: 'diff',
        'github-token': 'ghs_unit',
        ...extra,
      },
      FIXED_NOW,
      'pull_request',
    ) as AgentSettings

  test('matching files: a job whose prompt carries the change; outputs triggered and changed-files', async () => {
    const w = world({ eventName: 'pull_request', payload: pull() })
    w.github.pullFiles.set(12, [f('src/a.ts', '+new'), f('README.md', '+doc')])
    const report = await agentMode.run(settings({ 'changes-paths': 'src/**' }), w.ctx)
    expect(report.ending.level).toBe('notice')
    expect(w.outputs.get('triggered')).toBe('true')
    expect(w.outputs.get('changed-files')).toBe('1')
    const [job] = [...w.service.jobs.values()]
    expect(job?.prompts[0]).toContain('Patch of "src/a.ts"')
    expect(job?.prompts[0]).not.toContain('README.md')
    expect(report.summary).toContain('1 file described')
  })

  test('nothing matching: no job, skip-reason no-relevant-changes, an info ending', async () => {
    const w = world({ eventName: 'pull_request', payload: pull() })
    w.github.pullFiles.set(12, [f('README.md', '+doc')])
    const report = await agentMode.run(settings({ 'changes-paths': 'src/**' }), w.ctx)
    expect(report.ending.level).toBe('info')
    expect(w.outputs.get('skip-reason')).toBe('no-relevant-changes')
    expect(w.service.calls).toEqual([])
  })

  test('a fork on pull_request_target by a reader: refused before any file is read', async () => {
    const w = world({ eventName: 'pull_request_target', payload: pull('h'.repeat(40), true) })
    w.github.roles.set('alice', 'read')
    const report = await agentMode.run(settings(), w.ctx)
    expect(report.ending.level).toBe('notice')
    expect(w.outputs.get('skip-reason')).toBe('not-allowed')
    expect(w.github.calls.filter((c) => c.startsWith('pull-files'))).toEqual([])
    expect(w.service.calls).toEqual([])
  })

  test.each([
    [{ 'continue-thread': 'true' }, 'Input "continue-thread" is "true": expected false unless comment is true'],
    [{ 'job-id': 'job_1' }, 'expected no job-id with changes'],
    [{ 'github-token': '' }, 'expected a token when changes is set'],
    [{ changes: 'patch' }, 'expected none, files (the changed files) or diff'],
    [{ 'max-changes': '10' }, 'expected a whole number of characters of change description from 1000 to 1000000'],
  ])('input error: %j', (extra, message) => {
    expect(() => settings(extra)).toThrow(message)
  })
})
