import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { IN_PROCESS } from '../e2e/harness.js'
import { VERDICT_PULL, checkVerdictPull, headOnly, holdsVerdict, listedProblems } from '../cli/verdict-pulls.js'
import { propertyRuns } from '../unit/property-runs.js'

/**
 * The check's verdict at its default inputs held to what the CLI reported (test/cli/verdict-pulls.ts),
 * the CLI's reports made as data from each tree (the fake CLI's model): any problem the CLI reports
 * on the head and not on the base fails the step. On the real CLI: test/cli/check-verdict.cli.test.ts.
 */
describe('the verdict at default inputs, against what the CLI reported', () => {
  test('property: a problem on the head alone fails; losing nothing and adding none passes', async () => {
    await fc.assert(
      fc.asyncProperty(VERDICT_PULL, async (pull) => holdsVerdict(pull, await checkVerdictPull(pull, IN_PROCESS))),
      { numRuns: propertyRuns(25), seed: 72 },
    )
  })

  test('the reading of what the CLI printed, apart from the check, and the comparison able to fail', async () => {
    expect(
      listedProblems(
        'found 2 broken links in 1 files\n\nguides/p0.mdx\n ⎿  /guides/gone-99\n ⎿  /guides/p1#nowhere\n\n',
      ),
    ).toEqual(['guides/p0.mdx\u0000/guides/gone-99', 'guides/p0.mdx\u0000/guides/p1#nowhere'])
    // a link to a deleted page: the CLI reports it on the head alone, and the step fails
    const pull = { links: [[{ to: 1 }], []], changes: [{ kind: 'delete' as const, page: 1 }] }
    const ran = await checkVerdictPull(pull, IN_PROCESS)
    expect(headOnly(pull, ran).problems).toEqual(['guides/p0.mdx → /guides/p1'])
    expect(ran.code).not.toBe(0)
    // the property would see a pass of it as wrong
    expect(() => holdsVerdict(pull, { ...ran, code: 0 })).toThrow()
  })
})
