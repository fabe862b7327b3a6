import { describe, expect, test } from 'vitest'
import { IN_PROCESS, freePort, hasStackTrace, runAction } from '../e2e/harness.js'

/**
 * A service that cannot be reached, as an operator reads it: the host (never the URL's credentials),
 * how the request travelled, what to check; requests that never reached the service spend none of
 * the analytics quota; a port fetch refuses is an input error before anything is sent.
 */
const KEY = 'mint_simulator_key_0123456789abcdef'

describe('the service cannot be reached', () => {
  test('five refused connections: the host, the route and what to check; 0 analytics requests spent, in the output and the usage line', async () => {
    const port = await freePort()
    const run = await runAction({
      runtime: IN_PROCESS,
      action: 'visitors',
      inputs: { 'api-key': KEY, 'project-id': 'proj_demo', 'base-url': `http://127.0.0.1:${port}`, 'date-from': '7d' },
    })
    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(
      `could not connect to 127.0.0.1:${port} directly (no proxy variable is set) (ECONNREFUSED). Nothing accepted the connection: check base-url's host and port`,
    )
    expect(run.errors[0]).toContain('(gave up after 5 attempts)')
    expect(run.outputs['analytics-requests']).toBe('0')
    expect(run.summary).not.toMatch(/\d analytics request/) // the usage line names only what was spent
    expect(hasStackTrace(run)).toBe(false)
  })

  test("a base-url on a port Node's fetch never connects to (6000): one input error naming it, no request, no retry", async () => {
    const run = await runAction({
      runtime: IN_PROCESS,
      action: 'visitors',
      inputs: { 'api-key': KEY, 'project-id': 'proj_demo', 'base-url': 'http://127.0.0.1:6000', 'date-from': '7d' },
    })
    expect(run.code).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining('Input "base-url" is "http://127.0.0.1:6000"')])
    expect(run.errors[0]).toContain('it never connects to port 6000')
    expect(run.stdout).not.toContain('fetch failed')
    expect(run.stdout).not.toContain('retrying')
  })
})
