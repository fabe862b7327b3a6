/** Text from outside is printed only through these: one line, bounded, never a `::` command, secrets out. */

import { formatNumber } from './format.js'

const secrets = new Set<string>()

/** Registers a value that must never appear in text we print or write. */
export function registerSecret(value: string): void {
  if (value.length >= 4) secrets.add(value)
}

/** Replaces every registered secret in the text by `***`. */
export function redact(text: string): string {
  let out = text
  for (const secret of secrets) out = out.split(secret).join('***')
  return out
}

/** The secret parts of a URL input (user, password, query values, fragment), masked before anything prints. */
export function urlSecrets(text: string): string[] {
  const found: string[] = []
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*)@/i.exec(text.trim())?.[1]
  if (userinfo) found.push(...userinfo.split(':').map(decodeSafely))
  const query = /\?([^#]*)/.exec(text)?.[1]
  if (query) for (const pair of query.split('&')) found.push(decodeSafely(pair.slice(pair.indexOf('=') + 1)))
  const hash = fragmentAt(text)
  const fragment = hash === -1 ? '' : text.slice(hash + 1)
  if (fragment) found.push(decodeSafely(fragment))
  return found.filter((s) => s !== '')
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** A URL with its secret parts (urlSecrets) shown as `***`, for messages. */
export function withoutUrlSecrets(text: string): string {
  const cleaned = text
    .trim()
    .replace(
      /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i,
      (_m, scheme: string, userinfo: string) =>
        `${scheme}${userinfo
          .split(':')
          .map(() => '***')
          .join(':')}@`,
    )
    .replace(
      /\?([^#]*)/,
      (_m, query: string) =>
        `?${query
          .split('&')
          .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=***` : '***'))
          .join('&')}`,
    )
  const hash = fragmentAt(cleaned)
  return hash === -1 ? cleaned : `${cleaned.slice(0, hash)}#***`
}

/** Where a URL's fragment starts: its first `#` on its last line (-1: none), in one pass. */
function fragmentAt(text: string): number {
  const lastLine = Math.max(...['\n', '\r', '\u2028', '\u2029'].map((end) => text.lastIndexOf(end)))
  return text.indexOf('#', lastLine + 1)
}

/** Cuts text to at most `max` characters, saying how much was left out. */
export function bound(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}… (${formatNumber(text.length - max)} more characters)`
}

// C0 controls, DEL, C1 controls, and Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are what this strips from outside text
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** Text from outside as one line: secrets redacted, controls a space, invisible and bidi characters out. */
export function oneLine(text: string): string {
  return redact(text).replace(CONTROL, ' ').replace(INVISIBLE, '').trim()
}

/** External text safe for a log line: oneLine, bounded, never beginning with `::`. */
export function external(text: unknown, max = 300): string {
  const raw = typeof text === 'string' ? text : (JSON.stringify(text) ?? String(text))
  let out = bound(oneLine(raw), max)
  if (out.startsWith(':')) out = `'${out}'`
  return out
}

// C0 controls but tab and newline, DEL, C1 controls, soft hyphen, zero-width and bidirectional
// controls, word joiners and invisible operators, the BOM, and Unicode tag characters.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- invisible and control characters are what this removes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g

/** Invisible and bidirectional characters out, nothing else (for code, where `<!--` is content). */
export function stripInvisible(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '')
}

/**
 * Text someone typed, made plain: HTML comments (hidden on GitHub; an unclosed one runs to the end)
 * and invisible characters removed, newlines and tabs kept.
 */
export function stripHidden(text: string): string {
  return stripInvisible(text.replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?(?:-->|$)/g, ''))
}

/** A fence longer than any run of backticks in `content` (CommonMark: it cannot close early). */
export function fenced(content: string, info: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${info}\n${content}\n${fence}`
}

/** Bytes as UTF-8 text, or undefined where they are not UTF-8 (a file name can be any bytes). */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** `text` without the `char`s it ends with (`/a//` → `/a`): a loop, where `/\/+$/` reads a long run of them again from each. */
export function withoutTrailing(text: string, char: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === char) end--
  return text.slice(0, end)
}
