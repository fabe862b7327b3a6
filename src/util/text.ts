/**
 * Text that came from outside (the API, the event payload) is printed only through these helpers:
 * one line, bounded in length, never able to start a workflow command (`::`), and with any known
 * secret replaced.
 */

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

/** Cuts text to at most `max` characters, saying how much was left out. */
export function bound(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}… (${text.length - max} more characters)`
}

// C0 controls, DEL, C1 controls, and Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/**
 * Makes external text safe for a log line: secrets redacted, control characters (newlines among
 * them) folded to a space, bounded, and prefixed so that it can never begin with `::`.
 */
export function external(text: unknown, max = 300): string {
  const raw = typeof text === 'string' ? text : JSON.stringify(text) ?? String(text)
  let out = bound(redact(raw).replace(CONTROL, ' ').trim(), max)
  if (out.startsWith(':')) out = `'${out}'`
  return out
}

/** "1 row", "1,234 rows": a count as people write it. */
export function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}

// C0 controls but tab and newline, DEL, C1 controls, soft hyphen, zero-width and bidirectional
// controls, word joiners and invisible operators, the BOM, and Unicode tag characters.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g

/**
 * Text someone typed, made plain: CR LF to LF, HTML comments removed (an unclosed one runs to the
 * end: invisible on GitHub, a classic place to hide an instruction), invisible and control
 * characters removed; newlines and tabs kept.
 */
export function stripHidden(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(INVISIBLE, '')
}
