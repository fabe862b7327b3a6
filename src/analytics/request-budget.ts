/**
 * The analytics requests a step may send (`max-requests`), retries included: the service allows 100
 * an hour per organisation, shared by every analytics endpoint. The API client takes one before
 * every analytics attempt and refuses the request once none is left, so no path can overspend.
 * A share bounds one list within the whole (see gather-insights.ts).
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
