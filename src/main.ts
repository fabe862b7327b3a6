import { readFileSync, realpathSync } from 'node:fs'
import type { RunOverrides } from './run.js'
import type { ActionName } from './inputs/catalogue.js'
import { INPUTS_OF, inputSpec } from './interface/catalogue.js'
import {
  INPUT_NAMES,
  InputError,
  type RawInputs,
  type Settings,
  type Unused,
  readSettings,
} from './interface/settings.js'
import { ADMIN_KEY_PREFIX } from './inputs/fields.js'
import { escapeText } from './summary/escape.js'
import { writeSummary } from './summary/write-summary.js'
import * as commands from './util/workflow-commands.js'
import { listenForCancellation } from './util/cancellation.js'
import { systemClock } from './util/clock.js'
import { getErrorMessage } from './util/errors.js'
import { external, registerSecret, urlSecrets } from './util/text.js'

/** The start-up path: read and check the inputs, then load the rest (a bad input loads nothing else). */

/** Reads the inputs as the runner passed them, the secrets masked before anything can print. */
function readRawInputs(action: ActionName | undefined): RawInputs {
  // a URL's parts are masked from 4 characters on: masking a user name like `u` garbles every line
  const secrets = [
    commands.getInput('api-key'),
    commands.getInput('github-token'),
    commands.getInput('docs-token'),
    commands.getInput('assistant-key'),
    ...urlSecrets(commands.getInput('base-url')).filter((s) => s.length >= 4),
  ]
  for (const value of secrets) {
    if (value) {
      commands.addMask(value)
      registerSecret(value)
    }
  }
  const raw: RawInputs = {}
  for (const name of action ? INPUTS_OF[action] : INPUT_NAMES)
    raw[name] = commands.getInput(name, { trimWhitespace: name !== 'prompt' })
  return raw
}

async function main(signal: AbortSignal, overrides: RunOverrides, action: ActionName | undefined): Promise<void> {
  const raw = readRawInputs(action)
  let read: { settings: Settings; unused: Unused }
  try {
    const files = {
      workspace: process.env.GITHUB_WORKSPACE || process.cwd(),
      realPath: (path: string) => realpathSync(path),
      read: (path: string) => readFileSync(path, 'utf8'),
    }
    read = readSettings(raw, (overrides.clock ?? systemClock).now(), process.env.GITHUB_EVENT_NAME ?? '', files, action)
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    for (const line of error.message.split('\n')) commands.fail(line)
    const problems = error.message.split('\n').map((line) => `- ${escapeText(line, 600)}`)
    writeSummary(`### ❌ Mintlify action: input error\n\nNothing was sent to the API.\n\n${problems.join('\n')}\n`)
    return
  }
  const { settings, unused } = read
  // an action that needs the key (all but check, which needs it only to fix) says when it looks wrong
  if (!inputSpec('api-key').optionalIn?.includes(settings.mode) && !settings.apiKey.startsWith(ADMIN_KEY_PREFIX)) {
    commands.warning(
      `api-key does not start with "${ADMIN_KEY_PREFIX}", the prefix of Mintlify admin API keys: the API will likely refuse it. ` +
        'Check that the secret holds an admin key.',
    )
  }
  // the root reads every input: one that its mode does not read is said, once each, never validated
  if (!action) {
    for (const { name, readBy } of unused) {
      commands.warning(
        `Input "${name}" is not read with mode: ${settings.mode}, so it was ignored (${readBy.length > 0 ? `it is read by ${readBy.join(', ')}` : 'no mode reads it'}).`,
      )
    }
  }

  const { runMode } = await import('./run.js')
  await runMode(settings, signal, overrides)
}

/**
 * The entry point: never throws, the only caller of setFailed for unexpected errors. `overrides` are
 * a test's (its clock, its GitHub); `action` is the focused action, none for the root.
 */
export async function run(overrides: RunOverrides = {}, action?: ActionName): Promise<void> {
  const cancellation = listenForCancellation((name) =>
    process.stdout.write(`Received ${name}: stopping and reporting what is known.\n`),
  )
  try {
    await main(cancellation.signal, overrides, action)
  } catch (error) {
    commands.fail(`Unexpected error: ${external(getErrorMessage(error), 1000)}`)
  } finally {
    cancellation.dispose()
  }
}
