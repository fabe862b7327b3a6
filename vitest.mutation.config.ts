import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// The unit tests alone, for `npm run test:mutation` (stryker.config.json): the modules it mutates are
// pure, and their tests are unit tests. Property tests run fewer cases per mutant (test/mutation-setup.ts).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/unit/**/*.test.ts'],
    setupFiles: [...(base.test?.setupFiles as string[]), 'test/mutation-setup.ts'],
    coverage: { ...base.test?.coverage, enabled: false },
  },
})
