/**
 * The runner's documented interface, for the start-up path, which loads no library: `INPUT_<NAME>`
 * variables (hyphens kept) and `::name key=value::message` lines, escaped as the runner reads them.
 */

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')

function issue(name: string, message: string, properties: Record<string, string> = {}): void {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(',')
  process.stdout.write(`::${name}${props ? ` ${props}` : ''}::${escapeData(message)}\n`)
}

/** An input as the runner passes it; '' when not given. */
export function getInput(name: string, options: { trimWhitespace?: boolean } = {}): string {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || ''
  return options.trimWhitespace === false ? value : value.trim()
}

/** Masks a value in the log from here on. */
export function addMask(secret: string): void {
  issue('add-mask', secret)
}

function error(message: string): void {
  issue('error', message)
}

export function warning(message: string): void {
  issue('warning', message)
}

export function debug(message: string): void {
  issue('debug', message)
}

/** An error annotation, and exit code 1. */
export function fail(message: string): void {
  process.exitCode = 1
  error(message)
}
