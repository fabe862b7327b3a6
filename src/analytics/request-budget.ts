/**
 * The analytics requests a step may send (`max-requests`), retries included, of the 100 an hour the
 * service allows: the client takes one before each attempt, so no path can overspend.
 */
export class RequestBudget {
  private used = 0

  constructor(readonly max: number) {}

  get spent(): number {
    return this.used
  }

  get remaining(): number {
    return Math.max(0, this.max - this.used)
  }

  /** Takes one request; false when none is left. */
  take(): boolean {
    if (this.used >= this.max) return false
    this.used++
    return true
  }

  /** Gives back the request just taken: it never reached the service (no connection), so it spent none of the quota. */
  giveBack(): void {
    if (this.used > 0) this.used--
  }
}
