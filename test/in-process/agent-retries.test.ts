import { describe, expect, test } from 'vitest'
import { ServiceSimulator } from '../simulator/service-simulator.js'
import { runAgainst, startSimulator, rateLimitedCreate } from '../e2e/fixtures.js'
import { PATHS, freePort, hasStackTrace, runAction } from '../e2e/harness.js'

const PROMPT = 'Document the new webhook endpoint'

describe.each(PATHS)('retries and failures ($name)', (runtime) => {
  describe('create (POST, never sent twice once it may have been processed)', () => {
    /** A run whose first create is answered 429 with these headers. */
    async function createAfter429(headers: Parameters<typeof rateLimitedCreate>[0]) {
      const sim = await startSimulator()
      sim.addFault(rateLimitedCreate(headers))
      return { sim, run: await runAgainst(sim, runtime, { prompt: PROMPT }) }
    }

    test('429 with Retry-After in seconds: waits and sends again; one job', async () => {
      const { sim, run } = await createAfter429({ 'Retry-After': '1' })
      expect(run.code).toBe(0)
      expect(sim.requestsTo('create')).toHaveLength(2)
      expect(sim.jobs.size).toBe(1)
      expect(run.stdout).toMatch(/HTTP 429 Too Many Requests.*retrying in 1\.0s/)
    })

    test('429 with Retry-After as an HTTP date: honoured', async () => {
      // the date two seconds after the answer, on the clock of the server that answers (as a real one does)
      const { sim, run } = await createAfter429(() => ({ 'Retry-After': new Date(Date.now() + 2000).toUTCString() }))
      expect(run.code).toBe(0)
      expect(sim.requestsTo('create')).toHaveLength(2)
      // the delay the action computed from the date (1 to 2 s, as HTTP dates have whole seconds)
      const [, amount, unit] = /retrying in ([\d.]+)(ms|s) /.exec(run.stdout) ?? []
      const delayMs = Number(amount) * (unit === 's' ? 1000 : 1)
      expect(delayMs).toBeGreaterThan(0)
      expect(delayMs).toBeLessThanOrEqual(2000)
    })

    test('429 with a Retry-After beyond the time left: fails at once and says when to retry', async () => {
      const { sim, run } = await createAfter429({ 'Retry-After': '3600' })
      expect(run.code).toBe(1)
      expect(sim.requestsTo('create')).toHaveLength(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain('100 creates and follow-ups per project per hour')
      expect(run.errors[0]).toMatch(/run it again after \d{4}-\d\d-\d\d \d\d:\d\d UTC\./)
      expect(run.summary).toContain('error')
    })

    test.each([
      { case: '500 after the job was created', fault: { status: 500, body: { error: 'Internal error' } } },
      { case: 'the connection dropped after the job was created', fault: { drop: true } },
    ])('$case: fails, says a job may exist, and never sends the create again', async ({ fault }) => {
      const sim = await startSimulator()
      sim.addFault({ route: 'create', afterProcessing: true, ...fault })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT })
      expect(run.code).toBe(1)
      expect(sim.requestsTo('create')).toHaveLength(1)
      expect(sim.jobs.size).toBe(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain('A job may have been created')
      expect(hasStackTrace(run)).toBe(false)
    })

    test('no answer within the request timeout: fails, says a job may exist, not sent again', async () => {
      const sim = await startSimulator()
      sim.addFault({ route: 'create', afterProcessing: true, delayMs: 4000, status: 201 })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'wait-timeout': '1500ms' })
      expect(run.code).toBe(1)
      expect(sim.requestsTo('create')).toHaveLength(1)
      expect(run.errors[0]).toContain('no answer within 1.5s')
      expect(run.errors[0]).toContain('A job may have been created')
    })

    // in-process only: the API comes up at the run's first retry wait (the virtual clock's first
    // sleep), so the refusal is certain however slow the machine is
    test.runIf(runtime.inProcess)(
      'connection refused: certainly not sent, so retried until the API is up',
      async () => {
        const port = await freePort()
        const sim = new ServiceSimulator()
        let started: Promise<string> | undefined
        try {
          const run = await runAction({
            runtime,
            inputs: {
              'api-key': sim.apiKey,
              'project-id': sim.projectId,
              'base-url': `http://127.0.0.1:${port}`,
              prompt: PROMPT,
              'poll-interval': '200ms',
            },
            onSleep: async () => {
              started ??= sim.start(port)
              await started
            },
          })
          expect(run.code).toBe(0)
          expect(run.stdout).toContain('ECONNREFUSED')
          expect(sim.requestsTo('create')).toHaveLength(1)
          expect(run.outputs['pr-link']).toMatch(/pull\/101$/)
        } finally {
          await started
          await sim.stop()
        }
      },
    )

    test.each([
      {
        case: 'a redirect is not followed: a clear error, one request',
        fault: { status: 301, body: '', headers: { Location: 'https://elsewhere.example/v2/agent' } },
        says: ['HTTP 301 with a redirect to https://elsewhere.example/v2/agent', 'check base-url'],
      },
      {
        case: "400: fails at once with the API's error text",
        fault: {
          status: 400,
          body: { error: 'Prompt is too long', details: [{ message: 'prompt: at most 10000 characters' }] },
        },
        says: ['HTTP 400 Bad Request: Prompt is too long; prompt: at most 10000 characters'],
      },
      {
        case: '401: fails at once, saying the key is wrong, revoked or expired',
        fault: { status: 401, body: { error: 'Unauthorized' } },
        says: ['HTTP 401', 'wrong, revoked or expired'],
      },
      {
        case: '403 on create: fails at once, saying the key may be read-only or the runner outside its IP allowlist',
        fault: { status: 403, body: { error: 'Forbidden' } },
        says: ['HTTP 403 Forbidden: Forbidden', 'read scope (GET only', 'IP allowlist'],
        never: 'expired',
      },
    ])('$case', async ({ fault, says, never }) => {
      const sim = await startSimulator()
      sim.addFault({ route: 'create', ...fault })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT })
      expect(run.code).toBe(1)
      expect(sim.requests).toHaveLength(1)
      expect(run.errors).toHaveLength(1)
      for (const words of says) expect(run.errors[0]).toContain(words)
      if (never) expect(run.errors[0]).not.toContain(never)
    })
  })

  test('403 on a follow-up: the same explanation', async () => {
    const sim = await startSimulator()
    sim.addFault({ route: 'message', status: 403, body: { error: 'Insufficient scope' } })
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'job-id': 'job_1' })
    expect(run.code).toBe(1)
    expect(sim.requestsTo('message')).toHaveLength(1)
    expect(run.errors[0]).toContain(
      'Could not send the follow-up message to job job_1: the API refused the request (HTTP 403 Forbidden: Insufficient scope)',
    )
    expect(run.errors[0]).toContain('cannot create jobs or send follow-ups')
  })

  test("a wrong key (the simulator's own check) gets the same clear message", async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'api-key': 'mint_revoked_key_000000000000' })
    expect(run.code).toBe(1)
    expect(run.errors[0]).toContain('HTTP 401 Unauthorized: Invalid or expired API key')
  })

  test('a job just created that status checks do not show yet (404): checked again, and the run ends normally', async () => {
    const sim = await startSimulator({ invisibleForMs: 2500 }) // the first checks come 200 ms apart: well inside
    const run = await runAgainst(sim, runtime, { prompt: PROMPT })
    expect(run.code).toBe(0)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    expect(sim.requestsTo('create')).toHaveLength(1)
    const early = sim.requestsTo('get').filter((r) => r.at - (sim.requestsTo('create')[0]?.at ?? 0) < 2500)
    expect(early.length).toBeGreaterThan(0)
    expect(run.stdout.split('\n').filter((l) => l.includes('not visible to status checks yet'))).toHaveLength(1)
    expect(run.errors).toEqual([])
  })

  test("404 for an unknown job: fails at once with the status and the API's text", async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { 'job-id': 'job_missing' })
    expect(run.code).toBe(1)
    expect(sim.requests).toHaveLength(1)
    expect(run.errors[0]).toContain('HTTP 404 Not Found: Agent job not found. Check job-id and project-id.')
    // no "run again with job-id" for a job the service does not know; the one check is counted
    expect(run.errors[0]).not.toContain('To keep waiting')
    expect(run.summary).toContain('(1 status check)')
  })

  test('follow-up that gets a 503: fails, says the message may have been delivered, not sent again', async () => {
    const sim = await startSimulator()
    await runAgainst(sim, runtime, { prompt: PROMPT, wait: 'false' })
    sim.addFault({ route: 'message', status: 503, body: { error: 'Service unavailable' } })
    const run = await runAgainst(sim, runtime, { prompt: 'More', 'job-id': 'job_1' })
    expect(run.code).toBe(1)
    expect(sim.requestsTo('message')).toHaveLength(1)
    expect(run.errors[0]).toContain('The message may have been delivered')
    expect(run.errors[0]).toContain('job-id: job_1, no prompt')
  })

  describe('status checks (GET, retried)', () => {
    test('408, 429, 502 and 503 are retried, honouring Retry-After', async () => {
      const sim = await startSimulator({ jobPlan: { runMs: 100 } })
      sim.addFault({ route: 'get', status: 502, body: '<html>Bad gateway</html>' })
      sim.addFault({ route: 'get', status: 503, body: { error: 'busy' }, headers: { 'Retry-After': '0' } })
      sim.addFault({ route: 'get', status: 408, body: '', headers: { 'Retry-After': '0' } })
      sim.addFault({ route: 'get', status: 429, body: { error: 'slow down' }, headers: { 'Retry-After': '0' } })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT })
      expect(run.code).toBe(0)
      expect(sim.requestsTo('get')).toHaveLength(5)
      expect(run.outputs.status).toBe('completed')
      expect(run.stdout).toContain('HTTP 503 Service Unavailable: busy; retrying')
    })

    test('a body that is not JSON and a dropped connection are retried', async () => {
      const sim = await startSimulator({ jobPlan: { runMs: 100 } })
      sim.addFault({ route: 'get', status: 200, body: 'upstream timed out' })
      sim.addFault({ route: 'get', drop: true })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT })
      expect(run.code).toBe(0)
      expect(sim.requestsTo('get')).toHaveLength(3)
      expect(run.stdout).toContain('not JSON')
      expect(run.stdout).toMatch(/the connection to 127\.0\.0\.1:\d+ directly \(no proxy variable is set\) failed/)
    })

    test('a Retry-After beyond the time left: fails at once, says when to retry and how to resume', async () => {
      const sim = await startSimulator({ jobPlan: { runMs: 5000 } })
      sim.addFault({ route: 'get', status: 429, body: { error: 'slow down' }, headers: { 'Retry-After': '600' } })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT })
      expect(run.code).toBe(1)
      expect(sim.requestsTo('get')).toHaveLength(1)
      expect(run.errors[0]).toMatch(/run it again after \d{4}-/)
      expect(run.errors[0]).toContain('job-id: job_1 and no prompt')
      expect(run.outputs['job-id']).toBe('job_1')
    })

    test('a status check with no answer before wait-timeout ends the wait as a timeout', async () => {
      const sim = await startSimulator({ jobPlan: { runMs: 60_000 } })
      sim.addFault({ route: 'get', delayMs: 5000, status: 200, times: 5 })
      const run = await runAgainst(sim, runtime, { prompt: PROMPT, 'wait-timeout': '1s' })
      expect(run.code).toBe(1)
      expect(run.errors[0]).toContain('wait-timeout')
      expect(run.errors[0]).toContain('no answer within')
      expect(run.errors[0]).toContain('job-id: job_1 and no prompt')
    })
  })
})
