import { describe, expect, test } from 'vitest'
import type { AgentSettings } from '../../src/agent/inputs.js'
import { InputError, type RawInputs, parseSettings, unusedInputs } from '../../src/interface/settings.js'
import type { VisitorsViewsSettings } from '../../src/traffic/inputs.js'
import { urlSecrets } from '../../src/util/text.js'
import { defined } from '../e2e/typed.js'

/** The instant every parse here is made at: the tests carry their own time. */
const NOW = Date.UTC(2026, 10, 21, 15, 30)

const base: RawInputs = { 'api-key': 'mint_abc123', 'project-id': 'proj_1', prompt: 'Document X' }

function errorOf(raw: RawInputs, parse: (raw: RawInputs) => unknown = (r) => parseSettings(r, NOW)): string {
  try {
    parse(raw)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}

describe('parseSettings', () => {
  test('defaults fill what the runner left empty', () => {
    const s = parseSettings(base, NOW)
    expect(s).toEqual({
      mode: 'agent',
      apiKey: 'mint_abc123',
      projectId: 'proj_1',
      baseUrl: 'https://api.mintlify.com',
      waitTimeoutMs: 30 * 60_000,
      agent: { prompt: 'Document X', jobId: undefined, wait: true, pollIntervalMs: 10_000, requirePr: false },
    })
  })

  test.each([
    [{ 'base-url': 'https://api.example.com/' }, 'https://api.example.com'],
    [{ 'base-url': 'https://api.example.com/prefix/' }, 'https://api.example.com/prefix'],
    [{ 'base-url': 'http://127.0.0.1:8080' }, 'http://127.0.0.1:8080'],
    [{ 'base-url': 'http://localhost:3000' }, 'http://localhost:3000'],
    [{ 'base-url': 'http://[::1]:3000' }, 'http://[::1]:3000'],
  ])('base-url %o → %s', (raw, expected) => {
    expect(parseSettings({ ...base, ...raw }, NOW).baseUrl).toBe(expected)
  })

  test.each([
    [{ wait: 'False' }, { wait: false }],
    [
      { wait: 'TRUE', 'require-pr': 'true' },
      { wait: true, requirePr: true },
    ],
    [{ 'poll-interval': '2m' }, { pollIntervalMs: 120_000 }],
    [{ prompt: '  padded prompt \n' }, { prompt: 'padded prompt' }],
    [
      { prompt: '', 'job-id': 'job_9' },
      { prompt: undefined, jobId: 'job_9' },
    ],
    [{ 'job-id': 'job_9' }, { prompt: 'Document X', jobId: 'job_9' }],
  ])('agent settings %o', (raw, expected) => {
    expect((parseSettings({ ...base, ...raw }, NOW) as AgentSettings).agent).toMatchObject(expected)
  })

  test.each([
    [{ 'api-key': '' }, 'Input "api-key" is empty'],
    [{ 'project-id': '' }, 'Input "project-id" is empty'],
    [{ 'project-id': 'a b' }, 'Input "project-id" is "a b"'],
    [
      { mode: 'Agent' },
      'Input "mode" is "Agent": expected agent, comment, visitors, views, insights, deploy, preview, automation, health or check',
    ],
    [{ prompt: ' \n ' }, 'Input "prompt" is " \\n ": expected an instruction'],
    [{ prompt: '' }, 'Inputs "prompt" and "job-id" are both empty'],
    [{ wait: 'yes' }, 'Input "wait" is "yes": expected true or false'],
    [{ 'require-pr': 'on' }, 'Input "require-pr" is "on": expected true or false'],
    [{ 'wait-timeout': '5 minutes' }, 'Input "wait-timeout" is "5 minutes": expected a duration'],
    [{ 'wait-timeout': '0' }, 'Input "wait-timeout" is "0"'],
    [{ 'wait-timeout': '100h' }, 'up to 72h'],
    [
      { 'poll-interval': '10ms' },
      'Input "poll-interval" is "10ms": expected a duration such as 90s, 15m, 1h, 1h30m, 500ms, or plain seconds (600), from 50ms',
    ],
    [
      { 'base-url': 'http://api.mintlify.com' },
      'Input "base-url" is "http://api.mintlify.com": expected an https:// URL',
    ],
    [{ 'base-url': 'https://user:pw@api.mintlify.com' }, 'Input "base-url"'],
    [{ 'base-url': 'https://api.mintlify.com?x=1' }, 'Input "base-url"'],
    [{ 'base-url': 'ftp://api.mintlify.com' }, 'Input "base-url"'],
    [{ 'job-id': 'job\t1' }, 'Input "job-id"'],
    [{ mode: 'visitors', 'date-from': '0099-01-01' }, 'Input "date-from" is "0099-01-01": expected a real date'],
    [{ mode: 'visitors', 'date-to': '1999-12-31' }, 'from the year 2000 on'],
  ])('%o is refused: %s', (raw, message) => {
    expect(errorOf({ ...base, ...raw })).toContain(message)
  })

  test('the key is never shown in an error', () => {
    const message = errorOf({ ...base, 'api-key': 'mint_secret with space' })
    expect(message).toContain('Input "api-key" is not a usable key')
    expect(message).not.toContain('mint_secret')
  })

  test.each([
    [
      'mint_dsc_0123456789abcdef',
      'is an assistant API key (it starts with mint_dsc_; its value is not shown): expected an admin API key',
    ],
    [
      'mint_us_0123456789abcdef',
      'is an index API key (it starts with mint_us_; its value is not shown): expected an admin API key',
    ],
  ])('a key of another type (%s) is refused by name, never shown', (key, words) => {
    const message = errorOf({ ...base, 'api-key': key })
    expect(message).toBe(
      `Input "api-key" ${words} (mint_…) from the dashboard's API keys page; ${key.startsWith('mint_dsc_') ? 'assistant' : 'index'} API keys do not work with this API.`,
    )
    expect(message).not.toContain('0123456789abcdef')
  })

  test.each([
    ['https://user:s3cretpass@api.mintlify.com', 'https://***:***@api.mintlify.com'],
    ['https://tok_abcdef123456@api.mintlify.com/', 'https://***@api.mintlify.com/'],
    ['https://api.mintlify.com/?token=tok_abcdef123456&x=1', 'https://api.mintlify.com/?token=***&x=***'],
    ['https://api.mintlify.com/#tok_abcdef123456', 'https://api.mintlify.com/#***'],
  ])('a secret in base-url (%s) is never repeated: the error shows %s', (url, shown) => {
    const message = errorOf({ ...base, 'base-url': url })
    expect(message).toContain(
      `Input "base-url" is ${JSON.stringify(shown)}: expected an https:// URL without query or credentials`,
    )
    for (const secret of ['s3cretpass', 'tok_abcdef123456']) expect(message).not.toContain(secret)
  })

  test('urlSecrets names every secret part of a URL, decoded', () => {
    expect(urlSecrets('https://us%40er:p%3Ass@host/p?a=1&token=t%20k#frag')).toEqual([
      'us@er',
      'p:ss',
      '1',
      't k',
      'frag',
    ])
    expect(urlSecrets('https://api.mintlify.com/v1')).toEqual([])
  })

  test('a long value is cut in the message', () => {
    const message = errorOf({ ...base, 'wait-timeout': 'x'.repeat(500) })
    expect(message.length).toBeLessThan(400)
  })

  test('every bad input is listed, one per line', () => {
    const lines = errorOf({ ...base, wait: 'maybe', 'poll-interval': 'often' }).split('\n')
    expect(lines).toHaveLength(2)
  })
})

describe('parseSettings, visitors mode', () => {
  const now = Date.UTC(2026, 10, 21, 15, 30)
  const visitors = (raw: RawInputs): VisitorsViewsSettings['pages'] =>
    (parseSettings({ ...base, prompt: '', mode: 'visitors', ...raw }, now) as VisitorsViewsSettings).pages

  test('defaults: all time, 250 rows a request, 25 summary rows', () => {
    expect(visitors({})).toEqual({
      dateFrom: undefined,
      dateTo: undefined,
      pageSize: 250,
      summaryRows: 25,
      compare: false,
      maxRequests: 100,
    })
  })

  test('Nd is sent as a date; other forms as given', () => {
    const v = visitors({ 'date-from': '7d', 'date-to': '2026-11-21T12:00:00Z' })
    expect(v.dateFrom?.sent).toBe('2026-11-14')
    expect(v.dateTo?.sent).toBe('2026-11-21T12:00:00Z')
  })

  test.each([
    [{ 'date-from': '2026-02-30' }, 'Input "date-from" is "2026-02-30": expected a real date'],
    [{ 'date-to': 'last week' }, 'Input "date-to" is "last week"'],
    [
      { 'date-from': '2026-11-01', 'date-to': '2026-11-01' },
      'Input "date-from" is "2026-11-01": expected a start before date-to ("2026-11-01", which is exclusive)',
    ],
    [{ 'date-from': '0d', 'date-to': '7d' }, 'expected a start before date-to'],
    [{ 'page-size': '251' }, 'Input "page-size" is "251": expected a whole number of rows per request from 1 to 250'],
    [{ 'page-size': '0' }, 'Input "page-size" is "0"'],
    [{ 'page-size': '2.5' }, 'Input "page-size" is "2.5"'],
    [{ 'summary-rows': '0' }, 'Input "summary-rows" is "0": expected a whole number'],
    [{ 'summary-rows': '-1' }, 'Input "summary-rows" is "-1"'],
  ])('%o is refused: %s', (raw, message) => {
    expect(errorOf({ ...base, prompt: '', mode: 'visitors', ...raw })).toContain(message)
  })

  test('inputs of the other mode are named as ignored, with the actions that read them', () => {
    const names = (raw: RawInputs, mode: Parameters<typeof unusedInputs>[1]) =>
      unusedInputs(raw, mode).map((u) => u.name)
    expect(names({ ...base, 'date-from': '7d' }, 'agent')).toEqual(['date-from'])
    expect(names({ ...base, 'job-id': 'j' }, 'visitors')).toEqual(['prompt', 'job-id'])
    expect(unusedInputs({ ...base, weeks: '1' }, 'visitors')).toEqual([
      { name: 'prompt', readBy: ['agent'] },
      { name: 'weeks', readBy: ['health'] },
    ])
  })

  test.each([
    ['agent', { 'page-size': '500', weeks: '0' }],
    ['visitors', { wait: 'maybe', 'trigger-phrase': '@x', prompt: 'x' }],
    ['health', { 'page-size': 'all', compare: 'yesterday' }],
  ] as const)(
    'mode %s never validates inputs it does not read: %o is no error, and each is named as ignored',
    (mode, other) => {
      const raw = {
        'api-key': 'mint_abc123',
        'project-id': 'proj_1',
        prompt: mode === 'agent' ? 'x' : '',
        mode,
        'github-token': 'ghs_x',
        ...other,
      }
      expect(() => parseSettings(raw, NOW, '')).not.toThrow()
      expect(
        unusedInputs(raw, mode)
          .map((u) => u.name)
          .sort(),
      ).toEqual(Object.keys(other).sort())
    },
  )
})

describe('parseSettings, comment mode', () => {
  const comment: RawInputs = {
    'api-key': 'mint_abc123',
    'project-id': 'proj_1',
    mode: 'comment',
    'github-token': 'ghs_x',
  }
  const errorFor = (raw: RawInputs, event: string): string => {
    try {
      parseSettings(raw, NOW, event)
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
      return (error as Error).message
    }
    throw new Error('expected an InputError')
  }

  test('defaults: /docs, no bots; the agent settings it shares with agent mode', () => {
    const s = parseSettings(comment, NOW, 'issue_comment')
    expect(s).toMatchObject({
      mode: 'comment',
      comment: { triggerPhrase: '/docs', allowedBots: [], eventName: 'issue_comment', token: 'ghs_x' },
      agent: { wait: true, pollIntervalMs: 10_000, requirePr: false },
    })
  })

  test.each(['issue_comment', 'pull_request_review_comment', 'pull_request_review'])('runs on %s', (event) => {
    expect(parseSettings(comment, NOW, event).mode).toBe('comment')
  })

  test.each(['push', 'issues', 'pull_request', 'workflow_dispatch', ''])(
    'any other event (%s) is an input error that names the events it reads',
    (event) => {
      const message = errorFor(comment, event)
      expect(message).toContain('Input "mode" is "comment", but this run\'s event is not one it reads')
      expect(message).toContain('issue_comment, pull_request_review_comment, pull_request_review')
    },
  )

  test('allowed-bots: logins, [bot] added where missing, lower case, duplicates once', () => {
    const s = parseSettings(
      { ...comment, 'allowed-bots': 'Renovate[bot], dependabot , renovate[bot]' },
      NOW,
      'issue_comment',
    )
    expect(s.mode === 'comment' && s.comment.allowedBots).toEqual(['renovate[bot]', 'dependabot[bot]'])
  })

  test.each(['*', 'renovate[bot], *', 'bad login!', 'a b'])('allowed-bots %j is an input error', (value) => {
    const message = errorFor({ ...comment, 'allowed-bots': value }, 'issue_comment')
    expect(message).toContain('Input "allowed-bots" is')
    expect(message).toContain('* (any bot) is not accepted')
  })

  test.each(['@mintlify', '> /docs', '`docs', 'two words', 'x'.repeat(51)])(
    'trigger-phrase %j is an input error',
    (value) => {
      expect(errorFor({ ...comment, 'trigger-phrase': value }, 'issue_comment')).toContain('Input "trigger-phrase" is')
    },
  )

  test('an empty github-token is an input error', () => {
    expect(errorFor({ ...comment, 'github-token': '' }, 'issue_comment')).toContain('Input "github-token" is empty')
  })

  test('prompt and job-id are not read in comment mode; allowed-bots only there', () => {
    const names = (raw: RawInputs, mode: Parameters<typeof unusedInputs>[1]) =>
      unusedInputs(raw, mode).map((u) => u.name)
    expect(names({ ...comment, prompt: 'x', 'job-id': 'job_1' }, 'comment')).toEqual(['prompt', 'job-id'])
    expect(names({ ...base, 'allowed-bots': 'renovate[bot]' }, 'agent')).toEqual(['allowed-bots'])
    // inputs with a default count as given only when set to something else; github-token's default is an expression
    expect(names({ ...base, compare: 'none' }, 'agent')).toEqual([])
    expect(names({ ...base, compare: 'previous-period' }, 'insights')).toEqual(['prompt', 'compare'])
    expect(names({ ...base, compare: 'previous-period' }, 'views')).toEqual(['prompt'])
    expect(names({ ...base, comment: 'true' }, 'visitors')).toEqual(['prompt', 'comment'])
    expect(names({ ...base, comment: 'false' }, 'visitors')).toEqual(['prompt'])
    expect(names({ ...base, 'github-token': 'ghs_from_the_runner' }, 'visitors')).toEqual(['prompt'])
  })
})

describe('parseSettings, views mode and compare', () => {
  const traffic = { 'api-key': 'mint_abc123', 'project-id': 'proj_1' }
  test('views reads what visitors reads', () => {
    const s = parseSettings({ ...traffic, mode: 'views', 'date-from': '2026-10-01', compare: 'previous-period' }, NOW)
    expect(s.mode).toBe('views')
    expect(s.mode === 'views' && s.pages).toMatchObject({
      pageSize: 250,
      summaryRows: 25,
      compare: true,
      dateFrom: { sent: '2026-10-01' },
    })
  })

  test('compare: previous-period without date-from is an input error that says why', () => {
    expect(errorOf({ ...traffic, mode: 'visitors', prompt: '', compare: 'previous-period' })).toBe(
      'Input "date-from" is empty: expected a start with compare: previous-period (the previous period is as long as this one, so this one needs a start).',
    )
  })

  test.each(['previous', 'year', 'true'])('compare %j is an input error', (value) => {
    expect(errorOf({ ...traffic, mode: 'views', prompt: '', compare: value })).toContain(
      `Input "compare" is "${value}": expected none, or previous-period`,
    )
  })
})

describe('parseSettings, insights mode and max-requests', () => {
  const raw = { 'api-key': 'mint_abc123', 'project-id': 'proj_1', mode: 'insights' }
  test('reads the range, summary-rows and max-requests (100 by default)', () => {
    const s = parseSettings({ ...raw, 'date-from': '2026-11-15', 'summary-rows': '7' }, NOW)
    expect(s.mode === 'insights' && s.insights).toMatchObject({
      dateFrom: { sent: '2026-11-15' },
      dateTo: undefined,
      summaryRows: 7,
      maxRequests: 100,
    })
  })
  test.each(['0', '10001', '5.5', 'many'])('max-requests %j is an input error', (value) => {
    expect(errorOf({ ...raw, prompt: '', 'max-requests': value })).toContain(
      `Input "max-requests" is "${value}": expected a whole number of analytics requests from 1 to 10000`,
    )
  })
  test('a range that ends before it starts is an input error in insights mode too', () => {
    expect(errorOf({ ...raw, prompt: '', 'date-from': '2026-11-22', 'date-to': '2026-11-15' })).toContain(
      'Input "date-from" is "2026-11-22": expected a start before date-to',
    )
  })
})

describe('the prompt size bound', () => {
  test('a prompt input over 200,000 characters is an input error naming its size and the bound (the value is not repeated)', () => {
    const message = errorOf({ ...base, prompt: 'x'.repeat(200_001) })
    expect(message).toBe(
      'Input "prompt" is 200,001 characters long: expected at most 200,000 characters (this one has 200,001; the action sends no longer prompt).',
    )
  })
})

describe('prompt-file: a generated prompt of any size up to the bound, from inside the workspace', () => {
  const files = (contents: Record<string, string>, links: Record<string, string> = {}) => ({
    workspace: '/work/space',
    realPath: (path: string) => {
      const real = links[path] ?? path
      if (!(real in contents) && real !== '/work/space')
        throw Object.assign(new Error('no such file'), { code: 'ENOENT' })
      return real
    },
    read: (path: string) => defined(contents[path], `a file at ${path}`),
  })
  const parse = (raw: RawInputs, f = files({ '/work/space/prompt.md': '  Document the webhooks\n' })) =>
    parseSettings({ 'api-key': 'mint_abc123', 'project-id': 'proj_1', ...raw }, NOW, '', f)
  const errorWith = (raw: RawInputs, f?: ReturnType<typeof files>): string => {
    try {
      parse(raw, f)
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
      return (error as Error).message
    }
    throw new Error('expected an InputError')
  }

  test("the file's text is the prompt, trimmed, relative to the workspace or absolute inside it", () => {
    expect((parse({ 'prompt-file': 'prompt.md' }) as AgentSettings).agent.prompt).toBe('Document the webhooks')
    expect((parse({ 'prompt-file': '/work/space/prompt.md' }) as AgentSettings).agent.prompt).toBe(
      'Document the webhooks',
    )
  })

  test('150,000 characters: taken (the environment could not carry it as prompt)', () => {
    const big = 'x'.repeat(150_000)
    expect(
      (parse({ 'prompt-file': 'big.md' }, files({ '/work/space/big.md': big })) as AgentSettings).agent.prompt,
    ).toHaveLength(150_000)
  })

  test.each([
    [
      'with prompt',
      { prompt: 'x', 'prompt-file': 'prompt.md' },
      undefined,
      'Input "prompt-file" is "prompt.md": expected prompt or prompt-file, not both',
    ],
    [
      'missing',
      { 'prompt-file': 'nope.md' },
      undefined,
      'Input "prompt-file" is "nope.md": expected the path of a UTF-8 text file inside the workspace (GITHUB_WORKSPACE), relative to it or absolute, such as docs-prompt.md; it cannot be read (ENOENT).',
    ],
    [
      'outside the workspace',
      { 'prompt-file': '../etc/passwd' },
      files({ '/work/etc/passwd': 'root' }),
      'this one is outside it',
    ],
    [
      'a link in the workspace to a file outside',
      { 'prompt-file': 'prompt.md' },
      files({ '/etc/passwd': 'root' }, { '/work/space/prompt.md': '/etc/passwd' }),
      'this one is outside it',
    ],
    [
      'empty',
      { 'prompt-file': 'empty.md' },
      files({ '/work/space/empty.md': ' \n' }),
      'with some text in it; this one is empty',
    ],
    [
      'over the bound',
      { 'prompt-file': 'huge.md' },
      files({ '/work/space/huge.md': 'x'.repeat(200_001) }),
      'Input "prompt-file" names a file that is 200,001 characters long: expected at most 200,000 characters',
    ],
  ])('%s: one input error naming prompt-file, and what is accepted', (_name, raw, f, says) => {
    const message = errorWith(raw, f)
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toContain(says)
  })
})

describe('dates: a range that starts after now is refused, naming the input', () => {
  // NOW is 2026-11-21 15:30 UTC
  const raw = { 'api-key': 'mint_abc123', 'project-id': 'proj_1', mode: 'visitors' }
  test.each([
    [
      '2027-01-01',
      'Input "date-from" is "2027-01-01": expected a start no later than now (2026-11-21 15:30 UTC): the service has no data after it, and nothing was sent.',
    ],
    ['2026-11-22', 'Input "date-from" is "2026-11-22": expected a start no later than now'],
    ['2026-11-21T16:00:00Z', 'Input "date-from" is "2026-11-21T16:00:00Z": expected a start no later than now'],
  ])('date-from %s', (from, says) => {
    expect(errorOf({ ...raw, 'date-from': from })).toContain(says)
    expect(errorOf({ ...raw, mode: 'insights', 'date-from': from, 'date-to': '2027-02-01' })).toContain(says)
  })
  test.each(['0d', '7d', '2026-11-21', '2026-11-21T15:00:00Z'])('date-from %s starts by now: taken', (from) => {
    expect(() => parseSettings({ ...raw, 'date-from': from }, NOW)).not.toThrow()
  })
  test('Nd keeps its meaning: N days before today, in UTC; with date-to 0d the last N whole days', () => {
    const s = parseSettings({ ...raw, 'date-from': '7d', 'date-to': '0d' }, NOW) as VisitorsViewsSettings
    expect([s.pages.dateFrom?.sent, s.pages.dateTo?.sent]).toEqual(['2026-11-14', '2026-11-21'])
  })
})

describe('a focused action speaks of itself, never of a mode', () => {
  const messageOf = (
    raw: RawInputs,
    action: Parameters<typeof parseSettings>[4],
    eventName = 'workflow_dispatch',
  ): string => {
    try {
      parseSettings(raw, NOW, eventName, undefined, action)
    } catch (error) {
      if (error instanceof InputError) return error.message
      throw error
    }
    throw new Error('no input error')
  }
  const keyed = { 'api-key': 'mint_abc123', 'project-id': 'proj_1' }
  test.each([
    ['agent', { ...keyed }, 'workflow_dispatch', 'Inputs "prompt" and "job-id" are both empty: the agent needs prompt'],
    [
      'automation',
      { ...keyed },
      'workflow_dispatch',
      'Input "automation-id" is empty: expected the id of the saved automation to run.',
    ],
    [
      'comment',
      { ...keyed, 'github-token': '' },
      'issue_comment',
      'Input "github-token" is empty: expected a token to read the thread and write its tracking comment',
    ],
    ['comment', { ...keyed }, 'push', "The comment action reads a comment, but this run's event is not one it reads"],
    [
      'health',
      { ...keyed, 'github-token': '' },
      'schedule',
      'Input "github-token" is empty: expected a token to keep the health issue',
    ],
    ['preview', { ...keyed }, 'push', 'Input "branch"'],
    ['visitors', { ...keyed, 'date-from': 'yesterday' }, 'schedule', 'Input "date-from"'],
  ] as const)('%s with %j on %s', (action, raw, eventName, said) => {
    const message = messageOf(raw, action, eventName)
    expect(message).toContain(said)
    expect(message).not.toMatch(/\bmode\b/)
  })
})

describe('base-url on a port fetch never connects to', () => {
  test('is an input error naming the port, before any request', () => {
    expect(() => parseSettings({ ...base, 'base-url': 'http://127.0.0.1:6000' }, NOW)).toThrow(
      'Input "base-url" is "http://127.0.0.1:6000": expected an https:// URL without query or credentials (http:// only for localhost, 127.0.0.1 or [::1]), on a port Node\'s fetch connects to: it never connects to port 6000, one the fetch standard blocks.',
    )
    expect(parseSettings({ ...base, 'base-url': 'http://127.0.0.1:6001' }, NOW).baseUrl).toBe('http://127.0.0.1:6001')
    expect(parseSettings({ ...base, 'base-url': 'https://api.example.com' }, NOW).baseUrl).toBe(
      'https://api.example.com',
    )
  })

  test('the ports refused are exactly those this Node\'s fetch refuses ("bad port"), and their neighbours are not', async () => {
    const refusedHere = async (port: number): Promise<boolean> => {
      try {
        // any other port: a refused (or answered) connection on this machine, never 'bad port'
        await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' })
      } catch (error) {
        return (error as { cause?: { message?: string } }).cause?.message === 'bad port'
      }
      return false
    }
    const refusedByInput = (port: number): boolean => {
      try {
        parseSettings({ ...base, 'base-url': `http://127.0.0.1:${port}` }, NOW)
        return false
      } catch {
        return true
      }
    }
    const ports = [
      ...Array.from({ length: 1100 }, (_, i) => i + 1),
      1719,
      1720,
      1723,
      2049,
      3659,
      4045,
      4190,
      5060,
      5061,
      6000,
      6001,
      6566,
      6665,
      6669,
      6670,
      6679,
      6697,
      8080,
      10080,
      10081,
    ]
    const differ: number[] = []
    for (const port of ports) if ((await refusedHere(port)) !== refusedByInput(port)) differ.push(port)
    expect(differ).toEqual([])
  })
})

describe('the check action', () => {
  const parseCheck = (raw: RawInputs, eventName = 'pull_request') =>
    parseSettings(raw, NOW, eventName, undefined, 'check')
  const checkError = (raw: RawInputs, eventName = 'pull_request'): string =>
    errorOf(raw, (r) => parseCheck(r, eventName))

  test('needs no key; the defaults check links, anchors, redirects, snippets, alt text and contrast', () => {
    const s = parseCheck({ 'github-token': 't' })
    expect(s.mode).toBe('check')
    expect(s.apiKey).toBe('')
    if (s.mode !== 'check') throw new Error('a check')
    expect([...s.check.checks]).toEqual(['links', 'anchors', 'redirects', 'snippets', 'alt-text', 'contrast'])
    expect(s.check).toMatchObject({
      scope: 'new',
      exclude: [],
      onProblems: 'fail',
      mintVersion: '4.2.941',
      docsPath: undefined,
    })
  })

  test.each([
    [
      { checks: 'links, spelling' },
      'checks',
      '"links, spelling"',
      'links, anchors, redirects, snippets, external, alt-text, contrast, validate',
    ],
    [{ checks: ' , ' }, 'checks', '', 'at least one'],
    [{ 'mint-version': 'latest' }, 'mint-version', '"latest"', 'never latest or a range'],
    [{ 'mint-version': '^4.2.0' }, 'mint-version', '"^4.2.0"', 'an exact version'],
    [{ scope: 'mine' }, 'scope', '"mine"', 'new (what the pull request broke, against its base), changed'],
    [{ exclude: 'drafts/**, !' }, 'exclude', '"drafts/**, !"', 'globs relative to the docs folder'],
    [{ 'on-problems': 'ignore' }, 'on-problems', '"ignore"', 'fail'],
    [{ 'docs-path': '../elsewhere' }, 'docs-path', '"../elsewhere"', 'without ..'],
    [{ 'min-views': '-1' }, 'min-views', '"-1"', 'a whole number of page views, 0 or more'],
    [{ 'min-views': '1.5' }, 'min-views', '"1.5"', 'a whole number of page views, 0 or more'],
    // optional in the check, each in its own words where given
    [{ 'project-id': 'x y' }, 'project-id', '"x y"', "the project identifier from the dashboard's API keys page"],
    [{ 'api-key': 'mint_ x' }, 'api-key', 'not a usable key', 'the admin API key from a secret'],
  ])('%j is refused, naming the input, the value and what it takes', (raw, input, value, accepted) => {
    const message = checkError({ 'github-token': 't', ...raw })
    expect(message).toContain(input)
    if (value) expect(message).toContain(value)
    expect(message).toContain(accepted)
  })

  test('fix needs the key and the project, and without them does not apply (said); without fix, a key or fix-rounds given is said to do nothing', () => {
    // a team with no key stored (the example's fix is true on every branch of the repository)
    const keyless = parseCheck({ 'github-token': 't', fix: 'true', 'fix-rounds': '2' })
    expect(keyless.mode === 'check' && [keyless.check.fix, keyless.unapplied]).toEqual([
      undefined,
      ['fix', 'fix-rounds'],
    ])
    const projectless = parseCheck({ 'github-token': 't', fix: 'true', 'api-key': 'mint_k' })
    expect(projectless.mode === 'check' && [projectless.check.fix, projectless.unapplied]).toEqual([undefined, ['fix']])
    expect(checkError({ 'github-token': 't', 'fix-rounds': '9' })).toContain('a whole number of follow-ups from 1 to 5')
    const fixing = parseCheck({
      'github-token': 't',
      fix: 'true',
      'api-key': 'mint_k',
      'project-id': 'p',
      'fix-rounds': '2',
    })
    expect(fixing.mode === 'check' && fixing.check.fix).toEqual({ rounds: 2 })
    const idle = parseCheck({ 'github-token': 't', 'api-key': 'mint_k', 'fix-rounds': '2' })
    expect(idle.mode === 'check' && idle.unapplied).toEqual(['api-key', 'fix-rounds'])
  })

  test('the key and the project weigh the problems by readers; a project without its key (a fork) is checked unweighed', () => {
    const weighed = parseCheck({ 'github-token': 't', 'api-key': 'mint_k', 'project-id': 'p', 'min-views': '25' })
    expect(weighed.mode === 'check' && [weighed.check.views, weighed.unapplied]).toEqual([{ minViews: 25 }, []])
    const plain = parseCheck({ 'github-token': 't', 'api-key': 'mint_k', 'project-id': 'p' })
    expect(plain.mode === 'check' && plain.check.views).toEqual({ minViews: 0 })
    const fork = parseCheck({ 'github-token': 't', 'project-id': 'p', 'min-views': '25' })
    expect(fork.mode === 'check' && [fork.check.views, fork.unapplied]).toEqual(['no-key', []])
    const keyless = parseCheck({ 'github-token': 't', 'min-views': '25' })
    expect(keyless.mode === 'check' && [keyless.check.views, keyless.unapplied]).toEqual([undefined, ['min-views']])
    // the default said nothing: no warning
    const quiet = parseCheck({ 'github-token': 't', 'min-views': '0' })
    expect(quiet.mode === 'check' && quiet.unapplied).toEqual([])
  })

  test('scope: changed on a pull request needs a token to read its files; elsewhere, or with scope: all, none', () => {
    expect(checkError({ 'github-token': '' })).toContain('github-token')
    expect(parseCheck({ 'github-token': '' }, 'push').mode).toBe('check')
    expect(parseCheck({ 'github-token': '', scope: 'all' }).mode).toBe('check')
  })
})
