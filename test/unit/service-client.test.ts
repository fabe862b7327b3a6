import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiClient } from '../../src/service/client.js'
import { ApiError } from '../../src/service/errors.js'
import { CancelledError } from '../../src/util/errors.js'
import { FakeClock } from './fake-clock.js'
import { inputWords } from '../../src/inputs/api-words.js'
import { sourceFiles } from './source-files.js'

const job = { id: 'job_1', status: 'active', prLink: null }

function response(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers })
}

function refused(code: string): TypeError {
  return Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) })
}

type Answer = Response | Error | (() => Promise<Response>)

function setup(answers: Answer[], options: { deadlineMs?: number; signal?: AbortSignal } = {}) {
  const clock = new FakeClock()
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, init: init ?? {} })
    const next = answers.shift()
    if (next === undefined) throw new Error('no more answers scripted')
    if (next instanceof Error) throw next
    if (typeof next === 'function') return next()
    return next
  })
  const log: string[] = []
  const client = new ApiClient({
    baseUrl: 'https://api.example.com',
    apiKey: 'mint_unit_test_key',
    projectId: 'p/1',
    clock,
    signal: options.signal ?? new AbortController().signal,
    deadline: clock.now() + (options.deadlineMs ?? 30 * 60_000),
    fetch: fetch,
    random: () => 0,
    words: inputWords,
    log: (m) => log.push(m),
  })
  return { client, clock, calls, log }
}

/** A client of one project on a clock at 0, with a minute to go: `options` give the rest. */
function plainClient(
  options: Omit<
    ConstructorParameters<typeof ApiClient>[0],
    'baseUrl' | 'apiKey' | 'projectId' | 'clock' | 'signal' | 'deadline' | 'words'
  > & { words?: ConstructorParameters<typeof ApiClient>[0]['words'] },
): ApiClient {
  return new ApiClient({
    baseUrl: 'https://api.example',
    apiKey: 'mint_unit_key',
    projectId: 'p',
    clock: new FakeClock(0),
    signal: new AbortController().signal,
    deadline: 60_000,
    words: inputWords,
    ...options,
  })
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ApiClient requests', () => {
  test('sends the key, JSON and encoded path parameters; refuses redirects', async () => {
    const { client, calls } = setup([response(201, job)])
    await client.sendMessage('job/ä 1', 'hi')
    expect(calls[0]?.url).toBe('https://api.example.com/v2/agent/p%2F1/job/job%2F%C3%A4%201/message')
    expect(calls[0]?.init.method).toBe('POST')
    expect(calls[0]?.init.redirect).toBe('manual')
    expect(calls[0]?.init.headers).toMatchObject({
      Authorization: 'Bearer mint_unit_test_key',
      'Content-Type': 'application/json',
    })
    expect(calls[0]?.init.body).toBe('{"prompt":"hi"}')
  })

  test('tolerates unknown fields and missing optional ones', async () => {
    const { client } = setup([
      response(200, { id: 'j', status: 'brand_new_status', extra: [1, 2], source: 'not an object', model: 7 }),
    ])
    const result = await client.getJob('j')
    expect(result).toMatchObject({ id: 'j', status: 'brand_new_status', extra: [1, 2] })
    expect(result.source).toBeUndefined()
    expect(result.model).toBeUndefined()
  })
})

describe('ApiClient GET retries', () => {
  test('5xx, 408, 429, bad JSON and network errors are retried with backoff', async () => {
    const { client, clock, calls } = setup([
      response(503, { error: 'busy' }),
      response(408, ''),
      response(200, 'not json'),
      refused('ECONNRESET'),
      response(429, { error: 'slow' }),
      response(200, job),
    ])
    await expect(client.getJob('job_1')).resolves.toMatchObject({ id: 'job_1' })
    expect(calls).toHaveLength(6)
    expect(clock.sleeps).toEqual([500, 1000, 2000, 4000, 8000])
  })

  test('Retry-After is honoured instead of the backoff', async () => {
    const { client, clock } = setup([response(503, { error: 'busy' }, { 'Retry-After': '7' }), response(200, job)])
    await client.getJob('job_1')
    expect(clock.sleeps).toEqual([7000])
  })

  test('a Retry-After beyond the deadline fails at once with the time to retry', async () => {
    const { client, clock, calls } = setup([response(429, { error: 'quota' }, { 'Retry-After': '3600' })], {
      deadlineMs: 60_000,
    })
    const error = await failure(client.getJob('job_1'))
    expect(error.kind).toBe('rate-limited')
    expect(error.retryAt?.getTime()).toBe(clock.now() + 3_600_000)
    // to the minute, rounded up (never earlier than the API's time), in UTC; one full stop after the API's words
    const minute = new Date(Math.ceil((clock.now() + 3_600_000) / 60_000) * 60_000).toISOString()
    expect(error.message).toContain(`run it again after ${minute.slice(0, 10)} ${minute.slice(11, 16)} UTC.`)
    expect(error.message).not.toContain('..')
    expect(calls).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })

  test.each([
    ['create', 'POST'],
    ['status check', 'GET'],
  ])(
    'an absurd Retry-After on a %s is "too long to wait": the 429, the endpoint and the quota stay in the message',
    async (what) => {
      const { client, calls } = setup([response(429, { error: 'quota' }, { 'Retry-After': '99999999999999999999' })])
      const error = await failure(what === 'create' ? client.createJob('Document X') : client.getJob('job_1'))
      expect(error.kind).toBe('rate-limited')
      expect(error.message).not.toContain('Invalid time value')
      expect(error.message).toContain('HTTP 429 Too Many Requests')
      expect(error.message).toContain(
        what === 'create' ? 'Could not create the agent job' : 'Could not check the status of job job_1',
      )
      if (what === 'create') expect(error.message).toContain('100 creates and follow-ups per project per hour')
      expect(error.message).toContain('longer than any clock can hold')
      expect(calls).toHaveLength(1)
    },
  )

  test('a backoff beyond the deadline ends as out-of-time with the last error', async () => {
    const { client } = setup([response(503, { error: 'busy' }), response(503, { error: 'busy' })], { deadlineMs: 1200 })
    const error = await failure(client.getJob('job_1'))
    expect(error.kind).toBe('out-of-time')
    expect(error.message).toContain('HTTP 503')
  })

  test("gives up after the policy's attempts", async () => {
    const { client, calls } = setup(Array.from({ length: 8 }, () => response(500, { error: 'down' })))
    const error = await failure(client.getJob('job_1'))
    expect(error.message).toContain('gave up after 8 attempts')
    expect(error.retriesExhausted).toBe(true)
    expect(calls).toHaveLength(8)
  })

  test.each([400, 401, 403, 404, 422])('%i is not retried', async (status) => {
    const { client, calls } = setup([response(status, { error: 'no' })])
    const error = await failure(client.getJob('job_1'))
    expect(error.status).toBe(status)
    expect(error.retriesExhausted).toBe(false)
    expect(calls).toHaveLength(1)
  })

  test("a request with no answer times out on the run's clock (and a GET is retried)", async () => {
    const hang = (): Promise<Response> => new Promise(() => {})
    const clock = new FakeClock()
    let n = 0
    const client = new ApiClient({
      baseUrl: 'https://api.example.com',
      apiKey: 'mint_k',
      projectId: 'p',
      clock,
      signal: new AbortController().signal,
      deadline: clock.now() + 600_000,
      requestTimeoutMs: 5000,
      random: () => 0,
      words: inputWords,
      fetch: ((_url: string, init: RequestInit) => {
        n++
        if (n > 1) return Promise.resolve(response(200, job))
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          )
          void hang()
        })
      }) as unknown as typeof fetch,
    })
    const pending = client.getJob('job_1')
    // the machine's time means nothing to the request: only the run's clock ends it
    await new Promise((resolve) => setImmediate(resolve))
    expect(n).toBe(1)
    clock.advance(4999)
    await new Promise((resolve) => setImmediate(resolve))
    expect(n).toBe(1)
    clock.advance(1)
    await expect(pending).resolves.toMatchObject({ id: 'job_1' })
    expect(n).toBe(2)
    expect(clock.sleeps).toEqual([500])
  })
})

describe('ApiClient POST: never sent twice once it may have been processed', () => {
  test.each([
    ['a 5xx', response(502, { error: 'bad gateway' })],
    ['a reset connection', refused('ECONNRESET')],
    ['a closed socket', refused('UND_ERR_SOCKET')],
    ['a body that is not JSON', response(201, '<html>')],
  ])('%s fails at once, saying a job may exist', async (_name, answer) => {
    const { client, calls } = setup([answer])
    const error = await failure(client.createJob('x'))
    expect(error.mayHaveBeenProcessed).toBe(true)
    expect(error.message).toContain('A job may have been created')
    expect(calls).toHaveLength(1)
  })

  test('429 and a refused connection are retried', async () => {
    const { client, calls, clock } = setup([
      refused('ECONNREFUSED'),
      response(429, { error: 'quota' }, { 'Retry-After': '2' }),
      response(201, job),
    ])
    await expect(client.createJob('x')).resolves.toMatchObject({ id: 'job_1' })
    expect(calls).toHaveLength(3)
    expect(clock.sleeps).toEqual([500, 2000])
  })

  test('a 400 is not retried and quotes the API and its details', async () => {
    const { client } = setup([
      response(400, { error: 'Invalid', details: [{ message: 'prompt required' }, { message: 'too long' }] }),
    ])
    const error = await failure(client.createJob('x'))
    expect(error.message).toBe(
      'Could not create the agent job: HTTP 400 Bad Request: Invalid; prompt required; too long.',
    )
    expect(error.mayHaveBeenProcessed).toBe(false)
  })

  test('a redirect is refused with its target', async () => {
    const { client, calls } = setup([response(307, '', { Location: 'https://other.example/x' })])
    const error = await failure(client.createJob('x'))
    expect(error.kind).toBe('redirect')
    expect(error.message).toContain('redirect to https://other.example/x')
    expect(calls).toHaveLength(1)
  })
})

describe('ApiClient cancellation', () => {
  test('an aborted signal stops before sending', async () => {
    const controller = new AbortController()
    controller.abort()
    const { client, calls } = setup([response(200, job)], { signal: controller.signal })
    await expect(client.getJob('job_1')).rejects.toBeInstanceOf(CancelledError)
    expect(calls).toHaveLength(0)
  })

  test('a request in flight is aborted', async () => {
    const controller = new AbortController()
    const { client } = setup(
      [
        () =>
          new Promise<Response>((_resolve, reject) => {
            setTimeout(() => controller.abort(), 0)
            controller.signal.addEventListener('abort', () =>
              reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
            )
          }),
      ],
      { signal: controller.signal },
    )
    await expect(client.createJob('x')).rejects.toBeInstanceOf(CancelledError)
  })
})

describe('the prompt size bound', () => {
  /** A client whose every request answers `answer` (and is recorded), with its log. */
  function clientAnswering(answer: () => Response) {
    const calls: string[] = []
    const notes: string[] = []
    const client = plainClient({
      log: (m) => notes.push(m),
      fetch: (async (url: string) => {
        calls.push(String(url))
        return answer()
      }) as unknown as typeof fetch,
    })
    return { client, calls, notes }
  }

  test('a prompt over 200,000 characters is refused before any request, with its size and the bound', async () => {
    const { client, calls } = clientAnswering(() => new Response('{}', { status: 500 }))
    await expect(client.createJob('x'.repeat(200_001))).rejects.toThrow(
      'the prompt is 200,001 characters, more than the 200,000 this action sends. Nothing was sent.',
    )
    await expect(client.sendMessage('job_1', 'x'.repeat(250_000))).rejects.toThrow('the prompt is 250,000 characters')
    expect(calls).toEqual([])
  })

  test('a long prompt under the bound is sent (the agent runner warns about its size: test/in-process/inputs.test.ts)', async () => {
    const { client, calls } = clientAnswering(
      () =>
        new Response(JSON.stringify({ id: 'job_1', status: 'active' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    )
    await expect(client.createJob('x'.repeat(150_000))).resolves.toMatchObject({ id: 'job_1' })
    expect(calls).toHaveLength(1)
  })
})

describe('structured errors: the client knows no input, the caller words its hints', () => {
  const client = (words?: ConstructorParameters<typeof ApiClient>[0]['words']) =>
    plainClient({
      log: () => {},
      ...(words ? { words } : {}),
      fetch: async () =>
        new Response(JSON.stringify({ error: 'Automation not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    })

  test("a 404 carries its hint code and status; the message's advice is the caller's words for that hint", async () => {
    const error = (await client((hint) => `[words for ${hint}]`)
      .triggerAutomation('wf_1')
      .catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect([error.kind, error.status, error.hint, error.mayHaveBeenProcessed]).toEqual([
      'http',
      404,
      'unknown-automation',
      false,
    ])
    expect(error.message).toContain('[words for unknown-automation]')
    expect(error.message).not.toMatch(/automation-id|project-id/)
  })

  test("with the action's words (inputs/api-words.ts, as run.ts gives them), the input to check is named", async () => {
    const error = (await client(inputWords)
      .triggerAutomation('wf_1')
      .catch((e: unknown) => e)) as ApiError
    expect(error.message).toContain('Check automation-id and project-id: the automation is not in this project.')
  })

  test('no text of src/service/ names an input of the action', () => {
    const named = sourceFiles()
      .filter(([path]) => path.startsWith('api/'))
      // the code, its comments left out (a comment may say what a field is for)
      .map(([path, text]) => [path, text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')] as const)
      .filter(([, text]) =>
        /'[^'\n]*\b(project-id|job-id|automation-id|deployment-id|max-requests|max-changes|wait-timeout|base-url|changes-paths)\b[^'\n]*'|`[^`]*\b(project-id|job-id|automation-id|max-requests|max-changes|wait-timeout|base-url)\b[^`]*`/.test(
          text,
        ),
      )
      .map(([path]) => path)
    expect(named).toEqual([])
  })
})

describe('a failed connection, said so an operator can act on it', () => {
  function withBudget(answers: Answer[], extra: { route?: string; baseUrl?: string; max?: number } = {}) {
    const clock = new FakeClock()
    const max = extra.max ?? 5
    let used = 0
    const budget = {
      max,
      take: () => (used < max ? (used++, true) : false),
      giveBack: () => void (used = Math.max(0, used - 1)),
      get remaining() {
        return max - used
      },
    }
    let calls = 0
    const fetch = async () => {
      calls++
      // the last answer repeats
      const next = answers.length > 1 ? answers.shift() : answers[0]
      if (next instanceof Error) throw next
      return next as Response
    }
    const client = new ApiClient({
      baseUrl: extra.baseUrl ?? 'https://user:secret@api.example.com:8443',
      apiKey: 'mint_unit_test_key',
      projectId: 'p',
      clock,
      signal: new AbortController().signal,
      deadline: clock.now() + 30 * 60_000,
      fetch: fetch,
      random: () => 0,
      words: inputWords,
      analyticsBudget: budget,
      ...(extra.route ? { route: extra.route } : {}),
    })
    return { client, clock, calls: () => calls, used: () => used }
  }
  const blocked = (why: string) => Object.assign(new TypeError('fetch failed'), { cause: new Error(why) })

  test.each([
    ['ENOTFOUND', 'dns', "check base-url's host, and the runner's DNS"],
    ['EAI_AGAIN', 'dns', "check base-url's host"],
    ['ECONNREFUSED', 'refused', "check base-url's host and port"],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tls', 'NODE_EXTRA_CA_CERTS'],
    ['EHOSTUNREACH', 'network', "Check the runner's network, its proxy variables"],
  ])("%s: names the host (never the URL's credentials), the route and what to check", async (code, _kind, check) => {
    const w = withBudget([refused(code), refused(code), refused(code), refused(code), refused(code)], {
      route: 'through the proxy http://proxy.corp:3128 (from https_proxy)',
    })
    const error = await failure(w.client.trafficPage('visitors', { limit: 250, offset: 0 }))
    expect(error.message).toContain(
      `could not connect to api.example.com:8443 through the proxy http://proxy.corp:3128 (from https_proxy) (${code}).`,
    )
    expect(error.message).toContain(check)
    expect(error.message).not.toContain('secret')
    expect(error.message).not.toContain('user')
  })

  test('without a route given, the client says the connection was direct', async () => {
    const w = withBudget([refused('ECONNREFUSED')], { baseUrl: 'http://127.0.0.1:4010' })
    const error = await failure(w.client.createJob('x'))
    expect(error.message).toContain('could not connect to 127.0.0.1:4010 directly (ECONNREFUSED).')
  })

  test('requests that never reached the service spend none of the analytics requests', async () => {
    const w = withBudget([
      refused('ECONNREFUSED'),
      refused('ECONNREFUSED'),
      refused('ECONNREFUSED'),
      refused('ECONNREFUSED'),
      refused('ECONNREFUSED'),
    ])
    await failure(w.client.trafficPage('visitors', { limit: 250, offset: 0 }))
    expect(w.calls()).toBe(5)
    expect(w.used()).toBe(0)
    // one that may have reached it (a reset connection) is spent, as is one answered
    const v = withBudget([
      refused('ECONNRESET'),
      response(200, { totals: { human: 0, ai: 0, total: 0 }, visitors: [], hasMore: false }),
    ])
    await v.client.trafficPage('visitors', { limit: 250, offset: 0 })
    expect(v.used()).toBe(2)
  })

  test('the last analytics request refused (a 429): the step is told at once, never after a wait for a request it may not send', async () => {
    const views = { totals: { human: 0, ai: 0, total: 0 }, views: [], hasMore: false }
    const w = withBudget([response(429, { error: 'slow down' }), response(200, views)], { max: 1 })
    const e = await failure(w.client.trafficPage('views', { limit: 250, offset: 0 }))
    expect([w.calls(), w.used(), w.clock.sleeps]).toEqual([1, 1, []])
    expect(e.kind).toBe('budget')
    expect(e.cause).toBeInstanceOf(ApiError)
    expect(e.message).toContain('429')
    // with one more request allowed, the same 429 is waited out and tried again
    const two = withBudget([response(429, { error: 'slow down' }), response(200, views)], { max: 2 })
    await two.client.trafficPage('views', { limit: 250, offset: 0 })
    expect([two.calls(), two.used(), two.clock.sleeps.length]).toEqual([2, 2, 1])
  })

  test.each([
    ['bad port', blocked('bad port'), "Node's fetch never connects to that port or scheme"],
    ['unknown scheme', blocked('unknown scheme'), "Node's fetch never connects to that port or scheme"],
    ['an untrusted certificate', refused('SELF_SIGNED_CERT_IN_CHAIN'), 'NODE_EXTRA_CA_CERTS'],
  ])('%s can only fail again: said at once, tried once, nothing spent', async (_name, error, said) => {
    const w = withBudget([error, error, error])
    const e = await failure(w.client.trafficPage('visitors', { limit: 250, offset: 0 }))
    expect(w.calls()).toBe(1)
    expect(w.used()).toBe(0)
    expect(e.message).toContain(said)
    expect(e.message).not.toContain('gave up after')
  })
})
