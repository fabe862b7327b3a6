import * as core from './actions-core.js'

/**
 * Step outputs, set the moment they are known (so they exist even if the step then fails or is
 * cancelled), and written again only when they change.
 */
export class Outputs {
  private readonly values = new Map<string, string>()

  constructor(private readonly write: (name: string, value: string) => void = core.setOutput) {}

  set(name: string, value: string | number | undefined | null): void {
    const text = value === undefined || value === null ? '' : String(value)
    if (this.values.get(name) === text) return
    this.values.set(name, text)
    this.write(name, text)
  }

  get(name: string): string | undefined {
    return this.values.get(name)
  }
}
