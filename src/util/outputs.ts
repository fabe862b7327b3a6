import * as core from './actions-core.js'
import { redact } from './text.js'

/**
 * Step outputs, set the moment they are known (so they exist even if the step then fails or is
 * cancelled), and written again only when they change. Every value goes through the same redaction
 * (no registered secret reaches an output, whichever field of an API answer carried it).
 */
export class Outputs {
  private readonly values = new Map<string, string>()

  constructor(private readonly write: (name: string, value: string) => void = core.setOutput) {}

  set(name: string, value: string | number | undefined | null): void {
    const text = value === undefined || value === null ? '' : redact(String(value))
    if (this.values.get(name) === text) return
    this.values.set(name, text)
    this.write(name, text)
  }

  get(name: string): string | undefined {
    return this.values.get(name)
  }
}
