import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type TestPki, makeTestPki } from '../simulator/certificates.js'
import { ConnectProxy } from '../simulator/connect-proxy.js'
import { ServiceSimulator } from '../simulator/service-simulator.js'
import { generateRows } from '../simulator/traffic-data.js'
import { RUNTIMES, type Runtime, hasStackTrace, runAction, secretLeaks } from './harness.js'

/**
 * A self-hosted runner behind a corporate proxy: the service is reachable only through a CONNECT
 * proxy on 127.0.0.1 (the base URL's host does not resolve: `.invalid` never does), it speaks HTTPS
 * with a certificate from a private CA, and Node trusts that CA through NODE_EXTRA_CA_CERTS.
 */
const HOST = 'docs-api.invalid'
const BASE_URL = `https://${HOST}`
const PROMPT = 'Document the new webhook endpoint'

let pki: TestPki
beforeAll(() => {
  pki = makeTestPki(HOST)
})

async function startHttpsSimulator(): Promise<ServiceSimulator> {
  const sim = new ServiceSimulator({ visitors: generateRows(300) })
  sim.tls = pki.server
  await sim.start()
  onTestFinished(() => sim.stop())
  return sim
}

async function startProxy(
  sim: ServiceSimulator,
  credentials?: { username: string; password: string },
): Promise<ConnectProxy> {
  const proxy = new ConnectProxy(sim.port, credentials)
  await proxy.start()
  onTestFinished(() => proxy.stop())
  return proxy
}

function run(sim: ServiceSimulator, runtime: Runtime, inputs: Record<string, string>, env: Record<string, string>) {
  return runAction({
    runtime,
    inputs: {
      'api-key': sim.apiKey,
      'project-id': sim.projectId,
      'base-url': BASE_URL,
      'poll-interval': '200ms',
      'wait-timeout': '15s',
      ...inputs,
    },
    env: { NODE_EXTRA_CA_CERTS: pki.caFile, ...env },
  })
}

describe.each(RUNTIMES)('behind a proxy ($name)', (runtime) => {
  test('HTTPS_PROXY: the agent job runs through the proxy to a host only it can reach, over the private CA', async () => {
    const sim = await startHttpsSimulator()
    const proxy = await startProxy(sim)
    const result = await run(sim, runtime, { prompt: PROMPT }, { HTTPS_PROXY: proxy.url })
    expect(result.code).toBe(0)
    expect(result.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(sim.requestsTo('get').length).toBeGreaterThan(0)
    expect(proxy.connects.length).toBeGreaterThan(0)
    expect(proxy.connects.every((c) => c.target === `${HOST}:443` && c.status === 200)).toBe(true)
    const said = result.stdout.split('\n').filter((l) => l.includes('go through the proxy'))
    expect(said).toEqual([`Requests to ${BASE_URL} go through the proxy ${proxy.url}, from HTTPS_PROXY.`])
  })

  test('https_proxy with credentials: the proxy gets them, and they appear in no output, file or summary', async () => {
    const credentials = { username: 'build-bot', password: 'pr0xy-s3cret@corp' }
    const sim = await startHttpsSimulator()
    const proxy = await startProxy(sim, credentials)
    const proxyUrl = proxy.url.replace(
      'http://',
      `http://${credentials.username}:${encodeURIComponent(credentials.password)}@`,
    )
    const result = await run(sim, runtime, { mode: 'visitors' }, { https_proxy: proxyUrl })
    expect(result.code).toBe(0)
    expect(result.outputs['path-count']).toBe('300')
    expect(proxy.connects.map((c) => c.status)).toEqual(proxy.connects.map(() => 200))
    expect(proxy.connects[0]?.proxyAuthorization).toBe(
      `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    )
    expect(result.stdout).toContain(`go through the proxy ${proxy.url} (with credentials), from https_proxy.`)
    expect(result.stdout).toContain(`::add-mask::${credentials.password}`)
    expect(secretLeaks(result, credentials.password)).toEqual([])
    expect(secretLeaks(result, encodeURIComponent(credentials.password))).toEqual([])
    expect(secretLeaks(result, sim.apiKey)).toEqual([])
    expect(readFileSync(result.outputs['visitors-csv'] ?? '', 'utf8')).not.toContain(credentials.password)
  })

  test('wrong proxy credentials (407): fails at once, says so, and says no job was sent', async () => {
    const sim = await startHttpsSimulator()
    const proxy = await startProxy(sim, { username: 'build-bot', password: 'right-password' })
    const result = await run(
      sim,
      runtime,
      { prompt: PROMPT },
      { HTTPS_PROXY: proxy.url.replace('http://', 'http://build-bot:wrong-password@') },
    )
    expect(result.code).toBe(1)
    expect(sim.requests).toHaveLength(0)
    expect(proxy.connects).toHaveLength(1) // a 407 is not retried
    expect(result.errors).toHaveLength(1)
    expect(result.errors[0]).toMatch(
      /Could not create the agent job: could not connect to \S+ through the proxy http:\/\/127\.0\.0\.1:\d+ \(with credentials\) \(from HTTPS_PROXY\) \(the proxy/,
    )
    expect(result.errors[0]).toContain('HTTP 407 Proxy Authentication Required')
    expect(result.errors[0]).not.toContain('may have been created')
    expect(secretLeaks(result, 'wrong-password')).toEqual([])
    expect(hasStackTrace(result)).toBe(false)
  })

  test('NO_PROXY that matches the host: requests go direct (so here the host does not resolve), the proxy sees nothing', async () => {
    const sim = await startHttpsSimulator()
    const proxy = await startProxy(sim)
    const result = await run(
      sim,
      runtime,
      { prompt: PROMPT, 'wait-timeout': '1s' },
      { HTTPS_PROXY: proxy.url, NO_PROXY: `.invalid` },
    )
    expect(result.code).toBe(1)
    expect(proxy.connects).toHaveLength(0)
    expect(sim.requests).toHaveLength(0)
    expect(result.stdout).toContain(
      `HTTPS_PROXY is set, but ${BASE_URL} is a loopback host or matches no_proxy/NO_PROXY: requests go direct.`,
    )
    // the host, the route and what to check
    expect(result.errors[0]).toMatch(
      /could not connect to \S+\.invalid(:\d+)? directly \(no_proxy, or a loopback host\) \((ENOTFOUND|EAI_AGAIN)\)\. The host name did not resolve: check base-url's host/,
    )
  })

  test('a loopback base URL is never proxied, whatever the variables say', async () => {
    const sim = new ServiceSimulator()
    await sim.start()
    onTestFinished(() => sim.stop())
    const proxy = new ConnectProxy(sim.port)
    await proxy.start()
    onTestFinished(() => proxy.stop())
    const result = await runAction({
      runtime,
      inputs: {
        'api-key': sim.apiKey,
        'project-id': sim.projectId,
        'base-url': sim.baseUrl,
        'poll-interval': '200ms',
        prompt: PROMPT,
      },
      env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, http_proxy: proxy.url },
    })
    expect(result.code).toBe(0)
    expect(proxy.connects).toHaveLength(0)
    expect(proxy.plainRequests).toHaveLength(0)
    expect(sim.requestsTo('create')).toHaveLength(1)
  })

  test('without NODE_EXTRA_CA_CERTS the private CA is not trusted: the request fails and nothing reaches the service', async () => {
    const sim = await startHttpsSimulator()
    const proxy = await startProxy(sim)
    const result = await run(
      sim,
      runtime,
      { mode: 'visitors', 'wait-timeout': '1s' },
      { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: '' },
    )
    expect(result.code).toBe(1)
    expect(proxy.connects.length).toBeGreaterThan(0)
    expect(sim.requests).toHaveLength(0)
    expect(hasStackTrace(result)).toBe(false)
  })

  test('a proxy variable that holds no URL: one error naming it, and no request', async () => {
    const sim = await startHttpsSimulator()
    const result = await run(sim, runtime, { prompt: PROMPT }, { HTTPS_PROXY: 'socks5://127.0.0.1:1080' })
    expect(result.code).toBe(1)
    expect(result.errors).toEqual([expect.stringContaining('HTTPS_PROXY is set but holds no usable proxy URL')])
    expect(result.errors[0]).toContain('Nothing was sent to the API.')
    expect(sim.requests).toHaveLength(0)
    expect(result.summary).toContain('proxy settings')
  })
})
