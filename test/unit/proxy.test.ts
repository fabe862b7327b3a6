import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { PROXY_VARIABLES, decideProxy, describeProxy, proxyConfigured } from '../../src/service/proxy.js'
import { redact } from '../../src/util/text.js'

const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY']

/** The production API, and a proxy for it: the variable, and the proxy's address as decided. */
const API = 'https://api.mintlify.com'
const VIA_P = { https_proxy: 'http://p:3128' }
const P = 'http://p:3128/'

function setEnv(values: Record<string, string>): void {
  for (const name of [...PROXY_VARIABLES, ...NO_PROXY_VARIABLES]) vi.stubEnv(name, values[name] ?? '')
}

describe('which proxy requests to the service use (the rules of @actions/http-client)', () => {
  let printed = ''
  beforeEach(() => {
    printed = ''
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((printed += String(chunk)), true))
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  test.each([
    ['https_proxy for an https:// base URL', { https_proxy: 'http://lower:3128' }, API, 'http://lower:3128/'],
    ['HTTPS_PROXY when https_proxy is not set', { HTTPS_PROXY: 'http://upper:3128' }, API, 'http://upper:3128/'],
    [
      'lowercase first when both are set',
      { https_proxy: 'http://lower:3128', HTTPS_PROXY: 'http://upper:3128' },
      API,
      'http://lower:3128/',
    ],
    [
      'never http_proxy for https://',
      { http_proxy: 'http://plain:3128', HTTP_PROXY: 'http://plain:3128' },
      API,
      undefined,
    ],
    [
      'http_proxy for an http:// base URL that is not loopback',
      { http_proxy: 'http://plain:3128' },
      'http://sim.internal:8080',
      'http://plain:3128/',
    ],
    ['loopback is always direct', { ...VIA_P, http_proxy: 'http://p:3128' }, 'http://127.0.0.1:4010', undefined],
    ['localhost is always direct', VIA_P, 'https://localhost:4010', undefined],
    ['[::1] is always direct', VIA_P, 'https://[::1]:4010', undefined],
    ['NO_PROXY exact host', { ...VIA_P, NO_PROXY: 'api.mintlify.com' }, API, undefined],
    ['NO_PROXY host:port', { ...VIA_P, NO_PROXY: 'api.mintlify.com:443' }, API, undefined],
    ['NO_PROXY host with another port does not match', { ...VIA_P, NO_PROXY: 'api.mintlify.com:8443' }, API, P],
    ['NO_PROXY .suffix', { ...VIA_P, NO_PROXY: '.mintlify.com' }, API, undefined],
    ['NO_PROXY bare suffix', { ...VIA_P, NO_PROXY: 'mintlify.com' }, API, undefined],
    ['NO_PROXY bare suffix matches on a dot boundary only', { ...VIA_P, NO_PROXY: 'lify.com' }, API, P],
    ['NO_PROXY *', { ...VIA_P, NO_PROXY: '*' }, API, undefined],
    [
      'NO_PROXY is a list, case and spaces ignored',
      { ...VIA_P, NO_PROXY: 'example.org, API.MINTLIFY.COM ' },
      API,
      undefined,
    ],
    ['no_proxy before NO_PROXY', { ...VIA_P, no_proxy: 'example.org', NO_PROXY: 'api.mintlify.com' }, API, P],
    ['a scheme-less host:port is read as http://', { https_proxy: 'proxy.corp:3128' }, API, 'http://proxy.corp:3128/'],
    ['a scheme-less IP:port is read as http://', { https_proxy: '10.1.2.3:3128' }, API, 'http://10.1.2.3:3128/'],
    ['an https:// proxy', { https_proxy: 'https://secure-proxy:3129' }, API, 'https://secure-proxy:3129/'],
  ])('%s', async (_name, env, baseUrl, expected) => {
    setEnv(env)
    const decision = await decideProxy(baseUrl)
    expect(decision.proxy?.href).toBe(expected)
    expect(decision.message).toMatch(expected ? /go through the proxy/ : /go direct/)
  })

  test('the log line names the variable and hides the credentials; the password is masked first', async () => {
    setEnv({ HTTPS_PROXY: 'http://svc-user:s3cr%40t-pass@proxy.corp:3128' })
    const decision = await decideProxy('https://api.mintlify.com')
    expect(decision.message).toBe(
      'Requests to https://api.mintlify.com go through the proxy http://proxy.corp:3128 (with credentials), from HTTPS_PROXY.',
    )
    expect(decision.message).not.toContain('svc-user')
    expect(printed).toContain('::add-mask::s3cr@t-pass')
    expect(printed).not.toContain('::add-mask::svc-user')
    expect(redact('login s3cr@t-pass and s3cr%40t-pass')).toBe('login *** and ***')
  })

  test.each([
    ['a URL of another scheme', 'socks5://proxy.corp:1080'],
    ['text that is no URL', 'not a proxy'],
  ])('%s is an error that names the variable', async (_name, value) => {
    setEnv({ HTTPS_PROXY: value })
    await expect(decideProxy('https://api.mintlify.com')).rejects.toThrow(
      /^HTTPS_PROXY is set but holds no usable proxy URL/,
    )
  })

  test('proxyConfigured is false with no variable set, true with any one of them', () => {
    setEnv({})
    expect(proxyConfigured()).toBe(false)
    for (const name of PROXY_VARIABLES) {
      setEnv({ [name]: 'http://p:1' })
      expect(proxyConfigured(), name).toBe(true)
    }
  })

  test('describeProxy never shows the user name or password', () => {
    expect(describeProxy(new URL('http://u:p@h:1'))).toBe('http://h:1 (with credentials)')
    expect(describeProxy(new URL('http://h:1'))).toBe('http://h:1')
  })
})
