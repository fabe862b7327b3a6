import * as core from '../util/actions-core.js'
import { registerSecret } from '../util/text.js'
import { PROXY_REFUSED } from './retry-policy.js'

/**
 * Requests to the service through the runner's proxy, decided as the rest of the Actions ecosystem
 * decides it (`@actions/http-client`'s `getProxyUrl` and `checkBypass`): Node's global fetch ignores
 * the proxy variables. Proxied requests use the pinned undici's own `fetch` and `ProxyAgent`, never
 * the runtime's fetch with a foreign dispatcher: Node 20 and 24 ship other undici majors, and mixing
 * majors breaks. TLS stays Node's, so NODE_EXTRA_CA_CERTS keeps working. Loaded only with a proxy set.
 */

export const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const

/** Whether any proxy variable is set: the only check a run without a proxy makes. */
export function proxyConfigured(): boolean {
  return PROXY_VARIABLES.some((name) => Boolean(process.env[name]))
}

/** A proxy URL as it may be printed: no user name, no password. */
export function describeProxy(proxy: URL): string {
  const hasCredentials = proxy.username !== '' || proxy.password !== ''
  return `${proxy.protocol}//${proxy.host}${hasCredentials ? ' (with credentials)' : ''}`
}

export interface ProxyDecision {
  /** The proxy to use, or undefined for a direct connection. */
  proxy: URL | undefined
  /** The variable it came from. */
  variable: string
  /** One line for the log: which proxy (credentials hidden), or why none. */
  message: string
}

/**
 * Masks a proxy's password and the variable's value before anything can print them. The user name is
 * never printed but not masked: masking a short common string garbles every log line holding it.
 */
function maskCredentials(proxy: URL, raw: string): void {
  if (!proxy.password) return
  const asWritten = new URL(proxy.href).password // @actions/http-client's URL decodes its getter
  let decoded = asWritten
  try {
    decoded = decodeURIComponent(asWritten)
  } catch {
    // a stray % stays as written
  }
  for (const value of new Set([proxy.password, asWritten, decoded, raw])) {
    core.setSecret(value)
    registerSecret(value)
  }
}

/** Decides how requests to `baseUrl` travel; throws, naming the variable, when it is no proxy URL. */
export async function decideProxy(baseUrl: string): Promise<ProxyDecision> {
  const { getProxyUrl, checkBypass } = await import('@actions/http-client/lib/proxy')
  const target = new URL(baseUrl)
  const https = target.protocol === 'https:'
  const [lower, upper] = https ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY']
  const variable = process.env[lower] ? lower : upper
  const raw = process.env[variable] ?? ''
  const where = `${target.protocol}//${target.host}`
  if (!raw)
    return { proxy: undefined, variable, message: `No ${lower} or ${upper} is set for ${where}: requests go direct.` }
  if (checkBypass(target)) {
    return {
      proxy: undefined,
      variable,
      message: `${variable} is set, but ${where} is a loopback host or matches no_proxy/NO_PROXY: requests go direct.`,
    }
  }

  let proxy: URL | undefined
  try {
    proxy = getProxyUrl(target)
  } catch {
    proxy = undefined
  }
  // `proxy.corp:3128` parses as a URL whose scheme is `proxy.corp:`; without `://` it is host:port
  if (proxy && !/^https?:$/.test(proxy.protocol) && !raw.includes('://') && URL.canParse(`http://${raw}`))
    proxy = new URL(`http://${raw}`)
  if (proxy) maskCredentials(proxy, raw)
  if (!proxy || !/^https?:$/.test(proxy.protocol) || !proxy.hostname) {
    throw new Error(
      `${variable} is set but holds no usable proxy URL: expected http://host:port, ` +
        `http://user:password@host:port or https://….`,
    )
  }
  return {
    proxy,
    variable,
    message: `Requests to ${where} go through the proxy ${describeProxy(proxy)}, from ${variable}.`,
  }
}

/**
 * A tunnel the proxy refused (CONNECT not 200): the request never left the runner. undici says only
 * "Request was cancelled", so the status is read on the proxy connection. 407 and 403 are final.
 */
class ProxyRefusedError extends Error {
  readonly code = PROXY_REFUSED
  readonly permanent: boolean

  constructor(
    readonly status: number,
    proxy: string,
    variable: string,
  ) {
    super(
      status === 407
        ? `the proxy ${proxy} answered HTTP 407 Proxy Authentication Required: it wants ` +
            `credentials, or refused those in ${variable} (http://user:password@host:port, ` +
            `special characters percent-encoded)`
        : `the proxy ${proxy} answered HTTP ${status} to the tunnel request${status === 403 ? ': it does not allow this host' : ''}`,
    )
    this.name = 'ProxyRefusedError'
    this.permanent = status === 407 || status === 403
  }
}

/** A fetch that sends every request through `proxy`: undici's fetch and ProxyAgent, one version. */
async function fetchThrough(proxy: URL, variable: string): Promise<typeof fetch> {
  const undici = await import('undici')
  type Connect = (options: unknown) => Promise<{ statusCode: number }>
  let refusedWith: number | undefined
  const dispatcher = new undici.ProxyAgent({
    uri: proxy.href,
    clientFactory: (origin, options) => {
      const pool = new undici.Pool(origin, options)
      const connect = pool.connect.bind(pool) as unknown as Connect
      const observed: Connect = async (connectOptions) => {
        const answer = await connect(connectOptions)
        if (answer.statusCode !== 200) refusedWith = answer.statusCode
        return answer
      }
      Object.assign(pool, { connect: observed })
      return pool
    },
  })
  type UndiciInit = NonNullable<Parameters<typeof undici.fetch>[1]>
  // the API client sends one request at a time, so one slot for the tunnel's answer is enough
  const proxied = async (input: string | URL, init?: RequestInit) => {
    refusedWith = undefined
    try {
      return await undici.fetch(String(input), { ...(init as UndiciInit), dispatcher })
    } catch (error) {
      if (refusedWith === undefined) throw error
      throw new TypeError('fetch failed', { cause: new ProxyRefusedError(refusedWith, describeProxy(proxy), variable) })
    }
  }
  return proxied as unknown as typeof fetch
}

/** The fetch the API client uses: the global one without a proxy variable, else as decideProxy says. */
export async function fetchForBaseUrl(
  baseUrl: string,
  log: (message: string) => void,
): Promise<{ fetch: typeof fetch; route: string }> {
  if (!proxyConfigured()) return { fetch: globalThis.fetch, route: 'directly (no proxy variable is set)' }
  const decision = await decideProxy(baseUrl)
  log(decision.message)
  if (!decision.proxy) return { fetch: globalThis.fetch, route: 'directly (no_proxy, or a loopback host)' }
  return {
    fetch: await fetchThrough(decision.proxy, decision.variable),
    route: `through the proxy ${describeProxy(decision.proxy)} (from ${decision.variable})`,
  }
}
