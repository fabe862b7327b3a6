// The unit, in-memory, house and in-process suites again, with the process clock moved (test/moved-clock.ts): once
// 400 days ahead and once a minute before the next UTC midnight. A test that leans on today's date
// or the wall clock fails here the day it is written; the first run also holds src/'s statement
// coverage to its threshold. CI runs this after `npm test`.
//
// The in-process suite runs in the first pass only. Its runs do not read the moved clock: each test
// fakes Date at its own virtual start (test/e2e/in-process.ts), a Tuesday at 09:30 UTC, so the
// midnight pass would only repeat that suite's 45 s. What reads the real clock there, a fixture made
// before the first run, is caught 400 days ahead as well.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const DAY = 86_400_000
const now = Date.now()
const suites = ['test/unit', 'test/in-memory', 'test/house']
const clocks = [
  ['400 days ahead', new Date(now + 400 * DAY), [...suites, 'test/in-process']],
  ['a minute before UTC midnight', new Date(Math.floor(now / DAY) * DAY + DAY - 60_000), suites],
]
const vitest = join('node_modules', 'vitest', 'vitest.mjs')
let failed = false
for (const [i, [name, at, folders]] of clocks.entries()) {
  // the first run also measures statement coverage of src/ and fails below vitest.config.ts's threshold
  const coverage = i === 0 ? '--coverage.enabled=true' : '--coverage.enabled=false'
  console.log(
    `── ${folders.join(', ')} with the clock at ${at.toISOString()} (${name})${i === 0 ? ', with coverage' : ''}`,
  )
  const result = spawnSync(process.execPath, [vitest, 'run', ...folders, coverage], {
    stdio: 'inherit',
    env: { ...process.env, TEST_CLOCK_AT: at.toISOString() },
  })
  if (result.status !== 0) failed = true
}
process.exitCode = failed ? 1 : 0
