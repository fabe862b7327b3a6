import { readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/**
 * Modules that keep state from when they load, processed by vitest so that each in-process run
 * (test/e2e/in-process.ts) loads them afresh, as each real run is a new process: @actions/github
 * reads GITHUB_API_URL and the proxy; @octokit/plugin-throttling keeps its Bottleneck groups, whose
 * schedule is in the time (virtual, in these runs) of the run that made them; @actions/core's job
 * summary keeps the first GITHUB_STEP_SUMMARY path it reads.
 */
const INLINE = ['@actions/core', '@actions/github', '@octokit/plugin-throttling', 'bottleneck']

/**
 * The @actions packages ship source maps that name TypeScript files they do not ship: loaded through
 * vitest (INLINE), each one printed "Sourcemap … points to missing source files". Their files are
 * loaded here without the map's comment: nothing is lost, as there is no source to map to.
 */
const withoutMissingSourceMaps = {
  name: 'without-missing-source-maps',
  enforce: 'pre' as const,
  load(id: string) {
    if (!INLINE.some((name) => id.replaceAll('\\', '/').includes(`/node_modules/${name}/`)) || !id.endsWith('.js'))
      return null
    return { code: readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, ''), map: null }
  },
}

export default defineConfig({
  plugins: [withoutMissingSourceMaps],
  test: {
    include: ['test/**/*.test.ts'],
    // the real Mintlify CLI's suite is its own (npm run test:cli, vitest.cli.config.ts)
    exclude: ['test/cli/**', 'node_modules/**'],
    // the simulators and the fake GitHub check every exchange against the real API descriptions
    // and, first, with the clock moved when TEST_CLOCK_AT says so (test/moved-clock.ts)
    setupFiles: ['test/moved-clock.ts', 'test/contract/setup.ts'],
    // guards against a hang, never a verdict on speed: every timeout inside a run is on the run's
    // clock (virtual in-process), so a busy machine makes a test slower, never red
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // three workers on CI's two cores: the bundle's suites spend much of their time waiting on the
    // child process they spawned, and a third worker fills it (measured: 43 s against 47 s)
    maxWorkers: 3,
    // files share a worker's loaded modules (the API descriptions the contract checks parse and
    // compile, 13 MB for GitHub's, once per worker instead of once per file): about a third of npm
    // test's time. Safe because no test leaves state behind: the in-process harness restores the
    // environment, the working directory and the real Date; every simulator is stopped by its test
    isolate: false,
    server: { deps: { inline: INLINE } },
    // statement coverage of src/, from the unit tests and the in-process runs (the bundle's runs in
    // child processes are not counted): `npm run test:coverage`, and CI's first moved-clock run
    // (scripts/test-moved-clocks.mjs), which fails below the threshold. Off in `npm test`, whose
    // time it would add to by a fifth.
    coverage: {
      enabled: false,
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/util/bottleneck-light.d.ts'],
      reporter: ['text-summary'],
      thresholds: { statements: 85 },
    },
  },
})
