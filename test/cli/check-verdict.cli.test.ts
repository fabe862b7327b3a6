import { describeVerdictCases } from './verdict-pulls.js'

/**
 * test/in-process/check-verdict.test.ts's generated pull requests on the real Mintlify CLI, through
 * the bundle at its default inputs: the first 15 of 30 seeded cases (the rest in
 * check-verdict-2.cli.test.ts, so that two workers share them), each held to what the real CLI
 * printed in the run itself.
 */
describeVerdictCases(0, 15)
