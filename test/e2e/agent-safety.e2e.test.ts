import { describe, expect, test } from 'vitest'
import { runAgainst, startSimulator } from './fixtures.js'
import { PATHS, RUNTIMES, hasStackTrace, secretLeaks } from './harness.js'

const PROMPT = 'Document the new webhook endpoint'

describe.each(RUNTIMES)('cancellation ($name)', (runtime) => {
  test('SIGINT while waiting: stops on its own before SIGTERM, with outputs, summary and how to resume', async () => {
    const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
    const run = await runAgainst(
      sim,
      runtime,
      { prompt: PROMPT },
      {
        cancelWhen: async () => {
          await sim.waitForRequest((r) => r.route === 'get')
        },
      },
    )
    const requestsAtExit = sim.requests.length
    expect(run.neededSigterm).toBe(false)
    expect(run.signal).toBeNull()
    expect(run.code).not.toBe(0)
    expect(run.outputs['job-id']).toBe('job_1')
    expect(run.outputs.status).toBe('active')
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('Cancelled while waiting')
    expect(run.errors[0]).toContain('job-id: job_1 and no prompt')
    expect(run.summary).toContain('cancelled')
    expect(hasStackTrace(run)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(sim.requests.length).toBe(requestsAtExit)
  })

  test('SIGINT during a slow create: the request in flight is aborted and the step ends', async () => {
    const sim = await startSimulator()
    sim.addFault({ route: 'create', delayMs: 20_000, status: 201 })
    const run = await runAgainst(
      sim,
      runtime,
      { prompt: PROMPT, 'wait-timeout': '60s' },
      {
        cancelWhen: async () => {
          await sim.waitForRequest((r) => r.route === 'create')
        },
      },
    )
    expect(run.neededSigterm).toBe(false)
    expect(run.code).not.toBe(0)
    expect(run.errors[0]).toContain('Cancelled while talking to the API')
    expect(run.summary).toContain('cancelled')
  })
})

describe.each(PATHS)('the key and text from the API ($name)', (runtime) => {
  test('the key appears nowhere but in the mask command, even when the API echoes it', async () => {
    const sim = await startSimulator()
    sim.extraJobFields = { debugEcho: `Bearer ${sim.apiKey}` }
    const ok = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain(`::add-mask::${sim.apiKey}`)
    expect(ok.outputs.job).toContain('Bearer ***')
    expect(secretLeaks(ok, sim.apiKey)).toEqual([])

    sim.addFault({ route: 'create', status: 400, body: { error: `Key ${sim.apiKey} may not do this` } })
    const failed = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(failed.code).toBe(1)
    expect(failed.errors[0]).toContain('Key *** may not do this')
    expect(secretLeaks(failed, sim.apiKey)).toEqual([])
  })

  test('API text cannot start a workflow command and is bounded', async () => {
    const sim = await startSimulator()
    sim.addFault({
      route: 'create',
      status: 400,
      body: { error: `bad\n::error::injected\r\n::add-mask::x${'y'.repeat(5000)}` },
    })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.stdout).not.toMatch(/^::error::injected/m)
    expect(run.stdout).not.toMatch(/^::add-mask::x/m)
    expect(run.errors[0]?.length).toBeLessThan(1200)
    expect(run.errors[0]).toContain('more characters')
  })

  test('an unknown status value with a command in it is logged safely', async () => {
    const sim = await startSimulator({ jobPlan: { runningStatus: '::warning::pwned\n::error::x', runMs: 500 } })
    sim.allowStatusOutsideEnum('a hostile status value, outside the enum on purpose')
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.warnings.filter((w) => w.includes('pwned'))).toEqual([])
    expect(run.stdout).not.toMatch(/^::warning::pwned/m)
    expect(run.stdout).toContain("Status: '::warning::pwned ::error::x' (after")
  })

  test('the summary escapes text from the API: no HTML, links or broken table rows', async () => {
    const sim = await startSimulator({
      extraJobFields: {
        model: '<img src=x onerror=alert(1)> | [x](https://evil.example)',
        source: { repository: 'acme/docs', ref: 'main|`rm`' },
      },
    })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.summary).not.toContain('<img')
    expect(run.summary).not.toContain('](https://evil')
    expect(run.summary).toContain('&lt;img src=x onerror=alert\\(1\\)&gt; \\| \\[x\\]\\(https:&#8288;//evil.example\\)')
    expect(run.summary).toContain('main\\|\\`rm\\`')
    for (const line of run.summary.split('\n').filter((l) => l.startsWith('| '))) {
      expect(line.replace(/\\\|/g, '').split('|').length).toBe(4)
    }
  })
})
