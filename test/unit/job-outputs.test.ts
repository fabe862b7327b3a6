import { describe, expect, test, vi } from 'vitest'
import { MAX_JOB_OUTPUT_CHARS, jobOutput, publishJob } from '../../src/agent-jobs/job-outputs.js'
import type { Job } from '../../src/service/schemas.js'
import { registerSecret } from '../../src/util/text.js'
import { Outputs } from '../../src/util/outputs.js'

const base: Job = {
  id: 'job_1',
  status: 'completed',
  prLink: 'https://github.com/acme/docs/pull/4',
  model: 'm',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  createdAt: '2026-11-22T10:00:00Z',
  archivedAt: null,
}

describe('jobOutput', () => {
  test('a job of ordinary size is written as the API sent it, unknown fields included', () => {
    const job = { ...base, futureField: { nested: [1, 2] } }
    const out = jobOutput(job)
    expect(out.trimmed).toBe(false)
    expect(JSON.parse(out.json)).toEqual(job)
  })

  test('a job object over the bound keeps its documented fields only, still valid JSON', () => {
    const job = { ...base, history: 'x'.repeat(MAX_JOB_OUTPUT_CHARS) }
    const out = jobOutput(job)
    expect(out.trimmed).toBe(true)
    expect(out.json.length).toBeLessThan(1000)
    expect(JSON.parse(out.json)).toEqual(base)
  })

  test('a registered secret never reaches the output', () => {
    registerSecret('mint_secret_for_job_output_test')
    expect(jobOutput({ ...base, echo: 'Bearer mint_secret_for_job_output_test' }).json).not.toContain(
      'mint_secret_for_job_output_test',
    )
  })
})

describe('publishJob', () => {
  test('sets every output from the job, and reports whether "job" was trimmed', () => {
    const written = new Map<string, string>()
    const outputs = {
      set: (name: string, value: string | number | null | undefined) =>
        void written.set(name, value == null ? '' : String(value)),
    }
    expect(publishJob(outputs as never, base)).toBe(false)
    expect(Object.fromEntries(written)).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/4',
      'pr-number': '4',
      model: 'm',
      'source-repository': 'https://github.com/acme/docs',
      'source-ref': 'main',
    })
    expect(publishJob(outputs as never, { ...base, big: 'y'.repeat(MAX_JOB_OUTPUT_CHARS) })).toBe(true)
  })
})

describe('an output that cannot be written', () => {
  test('is a warning naming it, with its value kept in the log; the run goes on and later outputs are still written', () => {
    const lines: string[] = []
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    const written: string[] = []
    const outputs = new Outputs((name, value) => {
      if (name === 'job-id') throw new Error('EACCES: permission denied, open /runner/_temp/output')
      written.push(`${name}=${value}`)
    })
    try {
      expect(() => outputs.set('job-id', 'job_42')).not.toThrow()
      outputs.set('status', 'active')
    } finally {
      spy.mockRestore()
    }
    expect(written).toEqual(['status=active'])
    const warnings = lines.filter((l) => l.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('Could not write output job-id (EACCES: permission denied')
    expect(warnings[0]).toContain('Its value: job_42')
  })
})
