import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the simulators and the fake GitHub check every exchange against the real API descriptions
    setupFiles: ['test/contract/setup.ts'],
    testTimeout: 40_000,
    hookTimeout: 20_000,
    // e2e files spawn the action; two workers match the two cores CI has
    maxWorkers: 2,
  },
})
