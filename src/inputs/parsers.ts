/**
 * The inputs' values, parsed: each function takes the text the runner passes and returns the value,
 * or undefined when the text is not one the input accepts (each input's field says what is accepted). Pure.
 */

import { withoutTrailing } from '../util/text.js'

export function parseBoolean(value: string): boolean | undefined {
  const v = value.trim()
  if (['true', 'True', 'TRUE'].includes(v)) return true
  if (['false', 'False', 'FALSE'].includes(v)) return false
  return undefined
}
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/** The ports the fetch standard blocks ("bad port"): Node's fetch fails on them before connecting. */
export const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
])

export function parseBaseUrl(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return undefined
  }
  if (url.username || url.password || url.search || url.hash) return undefined
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) return undefined
  return withoutTrailing(url.toString(), '/')
}

// Identifiers go into URL paths (encoded); whitespace or control characters in them are a
// copy-paste mistake, not an identifier.
export const identifier = (value: string): string | undefined =>
  // eslint-disable-next-line no-control-regex -- identifiers refuse control characters on purpose
  /^[^\s\u0000-\u001f\u007f]+$/.test(value) ? value : undefined

/**
 * The trigger phrase: one word, no spaces. Not a mention (`@name`): a mention notifies that account,
 * and `@mintlify` is a real one. Not starting with `>` or a backtick, which quote or fence a line.
 */
export function parseTriggerPhrase(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- a trigger phrase refuses control characters on purpose
  if (value.length === 0 || value.length > 50 || /[\s\u0000-\u001f\u007f]/.test(value) || /^[@>`~]/.test(value))
    return undefined
  return value
}

const BOT_LOGIN = /^[a-z0-9](?:[a-z0-9-]{0,38})(?:\[bot\])?$/i

/** `renovate[bot], dependabot` → ['renovate[bot]', 'dependabot[bot]'] (lower case); `*` is refused. */
export function parseAllowedBots(value: string): string[] | undefined {
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
  if (names.some((n) => !BOT_LOGIN.test(n))) return undefined
  return [
    ...new Set(names.map((n) => (n.toLowerCase().endsWith('[bot]') ? n.toLowerCase() : `${n.toLowerCase()}[bot]`))),
  ]
}

export function parseGlobs(value: string): string[] | undefined {
  const globs = value
    .split(/[\n,]/)
    .map((g) => g.trim())
    .filter((g) => g !== '')
  if (globs.some((g) => g === '!' || g.length > 300)) return undefined
  return globs
}

/** The three status labels (while the job runs, done, failed), or none. GitHub allows 50 characters. */
export interface StatusLabels {
  working: string
  done: string
  failed: string
}

export function parseStatusLabels(value: string): StatusLabels | null | undefined {
  if (value === '') return null
  const names = value.split(',').map((n) => n.trim())
  if (names.length !== 3 || names.some((n) => n === '' || n.length > 50)) return undefined
  if (new Set(names.map((n) => n.toLowerCase())).size !== 3) return undefined
  const [working, done, failed] = names as [string, string, string]
  return { working, done, failed }
}

export const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/

/** `./docs/` → `docs`; `.` or `/` → '' (the root). */
export function parseDocsRoot(value: string): string | undefined {
  const path = withoutTrailing(
    value
      .replace(/\\/g, '/')
      .replace(/^\.\/+/, '')
      .replace(/^\/+/, ''),
    '/',
  )
  if (path === '' || path === '.') return ''
  const segments = path.split('/')
  // eslint-disable-next-line no-control-regex -- a path segment refuses control characters on purpose
  return segments.some((s) => s === '..' || s === '.' || s === '' || /[\u0000-\u001f:*?"<>|]/.test(s))
    ? undefined
    : path
}

/** What the check reports on a pull request: what it broke (new), its files' problems (changed), or all. */
export const SCOPES = ['new', 'changed', 'all'] as const

/** What the check action can check (the Mintlify CLI's commands and flags, docs/actions/check.md). */
export const CHECKS = [
  'links',
  'anchors',
  'redirects',
  'snippets',
  'external',
  'alt-text',
  'contrast',
  'validate',
] as const
export type Check = (typeof CHECKS)[number]

/** `links, anchors` → the set; an unknown name, or none at all, is refused. */
export function parseChecks(value: string): Set<Check> | undefined {
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '')
  if (names.length === 0 || names.some((n) => !(CHECKS as readonly string[]).includes(n))) return undefined
  return new Set(names as Check[])
}

/** A whole number from min to max, as written (digits only). */
export const parseInteger = (min: number, max: number) => (v: string) =>
  /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : undefined

/** One of the words a list accepts, typed as that word. */
export const oneOf =
  <T extends string>(words: readonly T[]) =>
  (v: string): T | undefined =>
    words.find((word) => word === v)
