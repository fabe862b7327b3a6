import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// The unit tests and the in-memory runs, for `npm run test:mutation` (stryker.config.json): the
// modules it mutates are pure, held by their unit tests and by the modes run in memory (the gate, the
// comment's event and instruction). Property tests run fewer cases per mutant (test/mutation-setup.ts).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/unit/**/*.test.ts', 'test/in-memory/**/*.test.ts'],
    // the source it reads is Stryker's instrumented copy, every mutant's expression in it: npm test
    // holds src/'s own expressions, and no mutant is killed by reading the source
    exclude: [...(base.test?.exclude ?? []), 'test/unit/every-action-expressions.test.ts'],
    setupFiles: [...(base.test?.setupFiles as string[]), 'test/mutation-setup.ts'],
    coverage: { ...base.test?.coverage, enabled: false },
  },
})
