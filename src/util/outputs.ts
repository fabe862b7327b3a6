import * as core from './actions-core.js'
import { getErrorMessage } from './errors.js'
import { external, redact } from './text.js'

/**
 * Step outputs, set the moment they are known (they exist even if the step then fails), redacted,
 * rewritten only when they change. One that cannot be written is a warning, its value in the log.
 */
export class Outputs {
  private readonly values = new Map<string, string>()

  constructor(private readonly write: (name: string, value: string) => void = core.setOutput) {}

  set(name: string, value: string | number | undefined | null): void {
    const text = value === undefined || value === null ? '' : redact(String(value))
    if (this.values.get(name) === text) return
    this.values.set(name, text)
    try {
      this.write(name, text)
    } catch (error) {
      // the value stays in the log (a job's id must not be lost with the file), and the run goes on
      core.warning(
        `Could not write output ${name} (${external(getErrorMessage(error), 200)}). Its ` +
          `value: ${external(text, 300) || '(empty)'}`,
      )
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name)
  }
}
