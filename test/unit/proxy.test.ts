import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { PROXY_VARIABLES, decideProxy, describeProxy, proxyConfigured } from '../../src/service/proxy.js'
import { redact } from '../../src/util/text.js'

const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY']

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
    [
      'https_proxy for an https:// base URL',
      { https_proxy: 'http://lower:3128' },
      'https://api.mintlify.com',
      'http://lower:3128/',
    ],
    [
      'HTTPS_PROXY when https_proxy is not set',
      { HTTPS_PROXY: 'http://upper:3128' },
      'https://api.mintlify.com',
      'http://upper:3128/',
    ],
    [
      'lowercase first when both are set',
      { https_proxy: 'http://lower:3128', HTTPS_PROXY: 'http://upper:3128' },
      'https://api.mintlify.com',
      'http://lower:3128/',
    ],
    [
      'never http_proxy for https://',
      { http_proxy: 'http://plain:3128', HTTP_PROXY: 'http://plain:3128' },
      'https://api.mintlify.com',
      undefined,
    ],
    [
      'http_proxy for an http:// base URL that is not loopback',
      { http_proxy: 'http://plain:3128' },
      'http://sim.internal:8080',
      'http://plain:3128/',
    ],
    [
      'loopback is always direct',
      { https_proxy: 'http://p:3128', http_proxy: 'http://p:3128' },
      'http://127.0.0.1:4010',
      undefined,
    ],
    ['localhost is always direct', { https_proxy: 'http://p:3128' }, 'https://localhost:4010', undefined],
    ['[::1] is always direct', { https_proxy: 'http://p:3128' }, 'https://[::1]:4010', undefined],
    [
      'NO_PROXY exact host',
      { https_proxy: 'http://p:3128', NO_PROXY: 'api.mintlify.com' },
      'https://api.mintlify.com',
      undefined,
    ],
    [
      'NO_PROXY host:port',
      { https_proxy: 'http://p:3128', NO_PROXY: 'api.mintlify.com:443' },
      'https://api.mintlify.com',
      undefined,
    ],
    [
      'NO_PROXY host with another port does not match',
      { https_proxy: 'http://p:3128', NO_PROXY: 'api.mintlify.com:8443' },
      'https://api.mintlify.com',
      'http://p:3128/',
    ],
    [
      'NO_PROXY .suffix',
      { https_proxy: 'http://p:3128', NO_PROXY: '.mintlify.com' },
      'https://api.mintlify.com',
      undefined,
    ],
    [
      'NO_PROXY bare suffix',
      { https_proxy: 'http://p:3128', NO_PROXY: 'mintlify.com' },
      'https://api.mintlify.com',
      undefined,
    ],
    [
      'NO_PROXY bare suffix matches on a dot boundary only',
      { https_proxy: 'http://p:3128', NO_PROXY: 'lify.com' },
      'https://api.mintlify.com',
      'http://p:3128/',
    ],
    ['NO_PROXY *', { https_proxy: 'http://p:3128', NO_PROXY: '*' }, 'https://api.mintlify.com', undefined],
    [
      'NO_PROXY is a list, case and spaces ignored',
      { https_proxy: 'http://p:3128', NO_PROXY: 'example.org, API.MINTLIFY.COM ' },
      'https://api.mintlify.com',
      undefined,
    ],
    [
      'no_proxy before NO_PROXY',
      { https_proxy: 'http://p:3128', no_proxy: 'example.org', NO_PROXY: 'api.mintlify.com' },
      'https://api.mintlify.com',
      'http://p:3128/',
    ],
    [
      'a scheme-less host:port is read as http://',
      { https_proxy: 'proxy.corp:3128' },
      'https://api.mintlify.com',
      'http://proxy.corp:3128/',
    ],
    [
      'a scheme-less IP:port is read as http://',
      { https_proxy: '10.1.2.3:3128' },
      'https://api.mintlify.com',
      'http://10.1.2.3:3128/',
    ],
    [
      'an https:// proxy',
      { https_proxy: 'https://secure-proxy:3129' },
      'https://api.mintlify.com',
      'https://secure-proxy:3129/',
    ],
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
