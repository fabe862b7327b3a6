import { RUNTIMES } from '../e2e/harness.js'
import { fixCases } from './fix-cases.js'

// the check's fix against the real Mintlify CLI, through the bundle, recording the CLI's output for
// npm test's fake (test/in-process/check-fix.test.ts runs the same cases in-process against it)
fixCases(RUNTIMES[0], 'record')
