import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 40_000,
    hookTimeout: 20_000,
    // e2e files spawn the action; two workers match the two cores CI has
    maxWorkers: 2,
  },
})
