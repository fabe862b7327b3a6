import { describe, expect, test } from 'vitest'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import { PATHS, hasStackTrace, secretLeaks } from '../e2e/harness.js'
import { parseJson } from '../e2e/typed.js'

const PROMPT = 'Document the new webhook endpoint'

describe.each(PATHS)('agent jobs ($name)', (runtime) => {
  test('create and wait: a completed job with its pull request, every output, a notice and the summary', async () => {
    const sim = await startSimulator({ projectId: 'team/docs#2', extraJobFields: { futureField: { nested: true } } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'poll-interval': '10s' })

    expect(run.code).toBe(0)
    const create = sim.requestsTo('create')
    expect(create).toHaveLength(1)
    expect(create[0]?.url).toBe('/v2/agent/team%2Fdocs%232/job')
    expect(JSON.parse(create[0]?.body ?? '')).toEqual({ prompt: PROMPT })
    expect(create[0]?.headers['content-type']).toBe('application/json')
    expect(create[0]?.headers.authorization).toBe(`Bearer ${sim.apiKey}`)
    // a short job ends at the first status check, which comes soon even with a 10 s poll-interval
    expect(sim.requestsTo('get')).toHaveLength(1)

    const job = [...sim.jobs.values()][0]
    expect(run.outputs['job-id']).toBe(job?.id)
    expect(run.outputs.status).toBe('completed')
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    expect(run.outputs['pr-number']).toBe('101')
    expect(run.outputs.model).toBe('sim-agent-1')
    expect(run.outputs['source-repository']).toBe('https://github.com/acme/docs')
    expect(run.outputs['source-ref']).toBe('main')
    expect(JSON.parse(run.outputs.job ?? '{}')).toMatchObject({
      id: job?.id,
      status: 'completed',
      futureField: { nested: true },
    })
    expect(run.notices.some((n) => n.includes('https://github.com/acme/docs/pull/101'))).toBe(true)
    expect(run.errors).toEqual([])

    expect(run.summary).toContain('pull request opened')
    expect(run.summary).toContain('<a href="https://github.com/acme/docs/pull/101">#101</a>')
    expect(run.summary).toContain(job?.id.replace(/_/g, '\\_'))
    expect(run.summary).toContain('sim-agent-1')
    expect(run.summary).toContain('<a href="https://github.com/acme/docs">acme/docs</a> @ main')
    expect(run.summary).toMatch(/Waited \| [\d.]+(ms|s)/)
    // what the run cost, as outputs and at the end of the summary
    expect(run.summary.split('\n')[0]).toBe('<sub>Started by the workflow\\_dispatch event</sub>')
    expect(run.outputs['agent-uses']).toBe('1')
    expect(run.outputs['analytics-requests']).toBe('0')
    expect(run.summary.trimEnd()).toMatch(
      /<sub>This run: 1 agent use \(of 100 per project per hour\) · [\d.]+(ms|s)<\/sub>$/,
    )
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test('a job object the API fills with something large: output "job" keeps the documented fields, said once', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 600 }, extraJobFields: { history: 'h'.repeat(100_000) } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    const job = parseJson<Record<string, unknown>>(run.outputs.job)
    expect(job).toMatchObject({ id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/101' })
    expect(job.history).toBeUndefined()
    expect(run.outputs['pr-number']).toBe('101')
    expect(run.stdout.match(/output "job" holds its documented fields only/g)).toHaveLength(1)
  })

  test('unknown status values mean "still running"', async () => {
    const sim = await startSimulator({ jobPlan: { runningStatus: 'queued_for_review', runMs: 900 } })
    sim.allowStatusOutsideEnum('a status value the service may add later (not in the enum yet)')
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Status: queued_for_review \(after [\d.]+(ms|s)\)/)
    expect(run.outputs.status).toBe('completed')
    expect(sim.requestsTo('get').length).toBeGreaterThan(1)
  })

  test('completed without a pull request: success with a warning', async () => {
    const sim = await startSimulator({ jobPlan: { pr: false } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.warnings.some((w) => w.includes('without a pull request'))).toBe(true)
    expect(run.outputs['pr-link']).toBe('')
    expect(run.outputs['pr-number']).toBe('')
    expect(run.summary).toContain('completed without a pull request')
  })

  test('completed without a pull request and require-pr: the step fails', async () => {
    const sim = await startSimulator({ jobPlan: { pr: false } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'require-pr': 'true' })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('require-pr')
    expect(run.outputs.status).toBe('completed')
  })

  test('archived: a warning, the step passes', async () => {
    const sim = await startSimulator({ jobPlan: { finalStatus: 'archived', pr: false } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.warnings.some((w) => w.includes('archived'))).toBe(true)
    expect(run.outputs.status).toBe('archived')
    expect(run.summary).toContain('archived')
  })

  test('failed: the step fails with the job id, outputs and summary written', async () => {
    const sim = await startSimulator({ jobPlan: { finalStatus: 'failed', pr: false } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('job_1 failed')
    expect(run.outputs.status).toBe('failed')
    expect(run.outputs['job-id']).toBe('job_1')
    expect(run.summary).toContain('failed')
    expect(hasStackTrace(run)).toBe(false)
  })

  test('timeout: the step fails, naming the job and how to resume; outputs are set', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'wait-timeout': '1500ms' })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('job_1 is still active after wait-timeout')
    expect(run.errors[0]).toContain('job-id: job_1 and no prompt')
    expect(run.outputs['job-id']).toBe('job_1')
    expect(run.outputs.status).toBe('active')
    expect(run.summary).toContain('still running at wait-timeout')
    expect(run.summary).toContain('job-id')
  })

  test('wait: false returns right after the create, with the job id', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, wait: 'false' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(sim.requestsTo('get')).toHaveLength(0)
    expect(run.outputs['job-id']).toBe('job_1')
    expect(run.outputs.status).toBe('active')
    expect(run.summary).toContain('not waited for')
  })

  test('job-id without prompt waits on the existing job (resume) and sends nothing', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 700 } })
    const first = await runAgainst(sim, runtime, { prompt: PROMPT, wait: 'false' })
    const run = await runAgainst(sim, runtime, { prompt: '', 'job-id': first.outputs['job-id'] ?? '' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(sim.requestsTo('message')).toHaveLength(0)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    expect(run.summary).toContain('resumed wait')
  })

  test('job-id without prompt and wait: false reads the job once', async () => {
    // a job that runs far longer than two action starts, so "active" does not race a loaded machine
    const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
    await runAgainst(sim, runtime, { prompt: PROMPT, wait: 'false' })
    const run = await runAgainst(sim, runtime, { prompt: '', 'job-id': 'job_1', wait: 'false' })
    expect(run.code).toBe(0)
    expect(sim.requestsTo('get')).toHaveLength(1)
    expect(run.outputs.status).toBe('active')
  })

  test('follow-up: the old completed state in the message response and first polls is not taken as the result', async () => {
    // the job shows its old state for 450 ms after the message; the grace is 600 ms (3 x 200 ms)
    const sim = await startSimulator({ followUpPlan: { lagMs: 450, runMs: 500 } })
    const first = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(first.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')

    const run = await runAgainst(sim, runtime, { prompt: 'Also add an example payload', 'job-id': 'job_1' })
    expect(run.code).toBe(0)
    const message = sim.requestsTo('message')
    expect(message).toHaveLength(1)
    expect(message[0]?.url).toBe('/v2/agent/proj_demo/job/job_1/message')
    expect(JSON.parse(message[0]?.body ?? '')).toEqual({ prompt: 'Also add an example payload' })
    expect(sim.requestsTo('create')).toHaveLength(1)
    // the new pull request, not the one the job had before the message
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/102')
    expect(run.outputs['pr-number']).toBe('102')
    expect(run.summary).toContain('follow-up')
    expect(run.stdout).not.toContain('still shows its earlier')
    expect(run.stdout).toContain('Status: active (after')
  })

  test('follow-up to a job that never reopens: after the grace period the unchanged state is the result', async () => {
    const sim = await startSimulator({ followUpPlan: { lagMs: 120_000 } })
    await runAgainst(sim, runtime, { prompt: PROMPT })
    const run = await runAgainst(sim, runtime, { prompt: 'One more thing', 'job-id': 'job_1' })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('still shows its earlier "completed" state')
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    // grace is 3 poll intervals (600 ms here): several checks, not one
    expect(sim.requestsTo('get').length).toBeGreaterThan(2)
  })

  test('a job object without id or status is an error quoting what arrived', async () => {
    const sim = await startSimulator()
    sim.addFault({ route: 'get', status: 200, body: { state: 'done', url: 'x'.repeat(2000) } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('unexpected body')
    expect(run.errors[0]).toContain('"state":"done"')
    expect(run.errors[0]?.length).toBeLessThan(1500)
    expect(run.outputs['job-id']).toBe('job_1')
  })
})
