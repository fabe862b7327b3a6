/**
 * The parts of @actions/core this action uses, taken from @actions/core's own modules.
 *
 * Why not `import * as core from '@actions/core'`: the package's index also evaluates its OIDC
 * client, which loads @actions/http-client and a bundled copy of undici (a second HTTP stack:
 * Node's fetch has its own) and @actions/exec. That cost about 60 ms on every start, for
 * features this action never uses. What is below is @actions/core's own code (workflow commands
 * and their escaping, the GITHUB_OUTPUT file-command format); only the way in differs.
 * `file-command` (which loads `crypto`) is loaded on first use, so a run that fails input
 * validation never pays for it. Versions are the ones package-lock.json pins for @actions/core.
 */
import { issue, issueCommand } from '../../node_modules/@actions/core/lib/command.js'
import { toCommandValue } from '../../node_modules/@actions/core/lib/utils.js'

type FileCommand = typeof import('../../node_modules/@actions/core/lib/file-command.js')

/** As core.getInput: the INPUT_* variable the runner sets (name upper-cased, spaces to `_`, hyphens kept). */
export function getInput(name: string, options: { trimWhitespace?: boolean } = {}): string {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || ''
  return options.trimWhitespace === false ? value : value.trim()
}

export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret)
}

export function debug(message: string): void {
  issueCommand('debug', {}, message)
}

export function info(message: string): void {
  process.stdout.write(`${message}\n`)
}

export function notice(message: string): void {
  issueCommand('notice', {}, message)
}

export function warning(message: string): void {
  issueCommand('warning', {}, message)
}

export function error(message: string): void {
  issueCommand('error', {}, message)
}

/** As core.setFailed: an error annotation and exit code 1. */
export function setFailed(message: string): void {
  process.exitCode = 1
  error(message)
}

/** As core.group: the output of `fn` folds into a log group. */
export async function group<T>(name: string, fn: () => Promise<T>): Promise<T> {
  issue('group', name)
  try {
    return await fn()
  } finally {
    issue('endgroup')
  }
}

let fileCommand: FileCommand | undefined

/** Loads what setOutput needs; call it once before the first output. */
export async function prepareOutputs(): Promise<void> {
  fileCommand ??= await import('../../node_modules/@actions/core/lib/file-command.js')
}

/** As core.setOutput (prepareOutputs must have run): to GITHUB_OUTPUT, or the old set-output command. */
export function setOutput(name: string, value: unknown): void {
  if (!fileCommand) throw new Error('setOutput before prepareOutputs')
  if (process.env.GITHUB_OUTPUT) {
    fileCommand.issueFileCommand('OUTPUT', fileCommand.prepareKeyValueMessage(name, value))
    return
  }
  process.stdout.write('\n')
  issueCommand('set-output', { name }, toCommandValue(value))
}
