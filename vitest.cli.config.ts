import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:cli`: the check action against the real Mintlify CLI (test/cli/), which
// scripts/install-mint.mjs installs once outside node_modules. Not in `npm test`: a fresh machine
// with only Node has no CLI, and `npm test` stays fast.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/cli/**/*.test.ts'],
    // what the real CLI printed, kept for this run only (test/cli/recorded-this-run.ts)
    globalSetup: ['test/cli/recorded-this-run.ts'],
    exclude: ['node_modules/**'],
    coverage: { ...base.test?.coverage, enabled: false },
  },
})
