import { IN_PROCESS } from '../e2e/harness.js'
import { fixCases } from '../cli/fix-cases.js'

// the check's fix in-process against the fake CLI, which replays the real CLI's recorded output
// (test/cli/fix.cli.test.ts runs the same cases against the real CLI through the bundle)
fixCases(IN_PROCESS, 'replay')
