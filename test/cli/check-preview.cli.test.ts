import { test } from 'vitest'
import { RUNTIMES } from '../e2e/harness.js'
import { fakeToolCache } from '../simulator/fake-tools.js'
import { checkPreviewed, checkThenPreview } from './page-cases.js'

// the check on the real CLI, then the preview, both through the bundle on Node 24: the pages the
// check lists, linked in the preview's tracking comment (issue 57)
test("the check, then the preview in the same job: the check's pages, each linked on the preview, with why", async () => {
  checkPreviewed(await checkThenPreview(RUNTIMES[0], fakeToolCache('record')))
})
