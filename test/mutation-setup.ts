import fc from 'fast-check'
import { beforeEach } from 'vitest'
import { forgetIndexed } from '../src/check/target-lines.js'

// Under mutation testing each mutant reruns the tests that cover it: a property test's thousands of
// cases every time would take hours. Property tests read their case count through propertyRuns().
process.env.PROPERTY_RUNS_AT_MOST = '200'
// and every run draws the same cases: whether a mutant survives is the tests', never the dice's (a
// random case that kills a mutant once and misses it the next would make the list of equivalent
// survivors, docs/mutation.md, wrong on one run in some)
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: 56 })

// a text indexed by one test is indexed again by the next (target-lines.ts keeps the last few): a
// mutant of the indexing is otherwise run only by whichever test first indexed each text
beforeEach(() => {
  forgetIndexed()
})
