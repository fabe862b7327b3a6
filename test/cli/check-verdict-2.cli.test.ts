import { describeVerdictCases } from './verdict-pulls.js'

/** The last 15 of the 30 seeded cases of check-verdict.cli.test.ts. */
describeVerdictCases(15, 30)
