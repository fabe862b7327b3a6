import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CASE, checkFails, modelFails, newFaults } from '../cli/generated-sites.js'
import { propertyRuns } from './property-runs.js'

/**
 * The check's verdict over generated sites and pull requests, at the default inputs, each tree's CLI
 * report generated as data: pages renamed, deleted, added and moved in and out of hidden folders,
 * redirects of every kind (exact, `:name`, `:name*`, partial `*`, to a page, to nowhere, to another
 * site, in chains and loops, never matched). The pure judge (what the
 * check runs once the CLI has spoken) must fail exactly when the spec says, and a model written
 * apart from it, segment by segment, says what the spec says:
 * - an address the base serves (a page, or an exact redirect source that reaches a page) that the
 *   head neither serves as a page nor redirects to a page it serves (or another site), or
 * - a redirect fault the head has and the base has not, or
 * - a problem the CLI reports on the head that it does not report on the base, matched through the
 *   pull request's renames (the file by its old name, a link to a renamed page by its old address).
 */

describe('the verdict over generated sites and pull requests', () => {
  test('fails exactly when an address is lost, a redirect that cannot work is added, or the CLI reports a new problem', () => {
    fc.assert(
      fc.property(CASE, (c) => {
        const model = modelFails(c)
        const fails = checkFails(c)
        // the model has no fault finder of its own: where it sees nothing lost and nothing new,
        // the verdict is the redirect faults the head added, and never one the base had too
        expect(fails).toBe(model === true || newFaults(c))
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  test('a pull request that changes nothing passes, whatever the site holds and its report says', () => {
    fc.assert(
      fc.property(CASE, (c) => {
        const same = {
          ...c,
          headPages: c.basePages,
          headRedirects: c.baseRedirects,
          headLinks: c.baseLinks,
          changes: [],
        }
        expect(checkFails(same)).toBe(false)
        expect(modelFails(same)).toBe('faults')
      }),
      { numRuns: propertyRuns(1000) },
    )
  })
})
