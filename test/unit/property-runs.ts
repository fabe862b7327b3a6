/**
 * How many cases a property test runs: `n`, or fewer under mutation testing (test/mutation-setup.ts),
 * where every mutant reruns the tests that cover it.
 */
export function propertyRuns(n: number): number {
  const most = Number(process.env.PROPERTY_RUNS_AT_MOST)
  return Number.isFinite(most) && most > 0 ? Math.min(n, most) : n
}
