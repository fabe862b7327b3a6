import { z } from 'zod'
import { DURATION_FORMS, parseDuration } from './durations.js'

/**
 * The one place that turns raw action inputs into a typed, validated settings object. Everything
 * else receives `Settings` and never reads an input itself.
 */

export const DEFAULTS = {
  mode: 'agent',
  wait: 'true',
  'wait-timeout': '30m',
  'poll-interval': '10s',
  'require-pr': 'false',
  'base-url': 'https://api.mintlify.com',
} as const

export const INPUT_NAMES = [
  'api-key',
  'project-id',
  'mode',
  'prompt',
  'job-id',
  'wait',
  'wait-timeout',
  'poll-interval',
  'require-pr',
  'base-url',
] as const

export type InputName = (typeof INPUT_NAMES)[number]
export type RawInputs = Partial<Record<InputName, string>>

/** A bad input: names the input, the value given and what is accepted. */
export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

const MAX_WAIT_MS = 72 * 3_600_000

/** An input checked by `parse`; `accepted` says in words what it takes. */
function checked<T>(accepted: string, parse: (value: string) => T | undefined) {
  return z.string().transform((value, ctx): T => {
    const result = parse(value)
    if (result === undefined) {
      ctx.addIssue({ code: 'custom', message: accepted })
      return z.NEVER
    }
    return result
  })
}

function parseBoolean(value: string): boolean | undefined {
  const v = value.trim()
  if (['true', 'True', 'TRUE'].includes(v)) return true
  if (['false', 'False', 'FALSE'].includes(v)) return false
  return undefined
}
const booleanInput = checked('true or false', parseBoolean)

function durationInput(min: number) {
  return checked(`${DURATION_FORMS}, from ${min}ms up to 72h`, (v) => {
    const ms = parseDuration(v)
    return ms !== undefined && ms >= min && ms <= MAX_WAIT_MS ? ms : undefined
  })
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

function parseBaseUrl(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return undefined
  }
  if (url.username || url.password || url.search || url.hash) return undefined
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) return undefined
  return url.toString().replace(/\/+$/, '')
}

// Identifiers go into URL paths (encoded); whitespace or control characters in them are a
// copy-paste mistake, not an identifier.
// eslint-disable-next-line no-control-regex
const identifier = (value: string): string | undefined => (/^[^\s\u0000-\u001f\u007f]+$/.test(value) ? value : undefined)

const schema = z
  .object({
    'api-key': checked('the admin API key from a secret, for example ${{ secrets.MINTLIFY_API_KEY }}', (v) =>
      // eslint-disable-next-line no-control-regex
      v.length > 0 && !/[\s\u0000-\u001f]/.test(v) ? v : undefined,
    ),
    'project-id': checked('the project identifier from the dashboard\'s API keys page (no spaces)', identifier),
    mode: checked('agent', (v) => (v === 'agent' ? v : undefined)),
    prompt: z.string().transform((v, ctx) => {
      if (v.length > 0 && v.trim().length === 0) {
        ctx.addIssue({ code: 'custom', message: 'an instruction with some text in it, or no prompt at all' })
        return z.NEVER
      }
      return v.trim() || undefined
    }),
    'job-id': z.string().transform((v, ctx) => {
      if (v === '') return undefined
      const id = identifier(v)
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message: 'a job id without spaces, as printed by an earlier run (output job-id)' })
        return z.NEVER
      }
      return id
    }),
    wait: booleanInput,
    'wait-timeout': durationInput(1),
    'poll-interval': durationInput(50),
    'require-pr': booleanInput,
    'base-url': checked(
      'an https:// URL without query or credentials (http:// only for localhost, 127.0.0.1 or [::1])',
      parseBaseUrl,
    ),
  })
  .transform((i, ctx) => {
    if (i.mode === 'agent' && i.prompt === undefined && i['job-id'] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['prompt'],
        message:
          'agent mode needs prompt (to create a job), job-id (to wait on an existing job), or both (to send a follow-up)',
      })
      return z.NEVER
    }
    return {
      apiKey: i['api-key'],
      projectId: i['project-id'],
      baseUrl: i['base-url'],
      waitTimeoutMs: i['wait-timeout'],
      agent: {
        prompt: i.prompt,
        jobId: i['job-id'],
        wait: i.wait,
        pollIntervalMs: i['poll-interval'],
        requirePr: i['require-pr'],
      },
    }
  })

export type Settings = z.infer<typeof schema>

function describeValue(name: string, raw: string | undefined): string {
  if (name === 'api-key') return raw ? 'is not a usable key (its value is not shown)' : 'is empty'
  if (raw === undefined || raw === '') return 'is empty'
  const shown = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw
  return `is ${JSON.stringify(shown)}`
}

/**
 * Validates raw inputs (as the runner passes them; empty means "not given") into Settings, or
 * throws one InputError that names every bad input, its value and what is accepted.
 */
export function parseSettings(raw: RawInputs): Settings {
  const withDefaults: Record<string, string> = {}
  for (const name of INPUT_NAMES) {
    const given = raw[name] ?? ''
    const fallback = (DEFAULTS as Record<string, string>)[name]
    withDefaults[name] = name === 'prompt' ? given : given.trim() === '' && fallback !== undefined ? fallback : given.trim()
  }
  const result = schema.safeParse(withDefaults)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'inputs')
    if (name === 'prompt' && issue.message.startsWith('agent mode')) {
      return `Inputs "prompt" and "job-id" are both empty: ${issue.message}.`
    }
    return `Input "${name}" ${describeValue(name, raw[name as InputName])}: expected ${issue.message}.`
  })
  throw new InputError(lines.join('\n'))
}
