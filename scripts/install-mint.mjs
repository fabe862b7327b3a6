#!/usr/bin/env node
// Installs the Mintlify CLI that the check action pins (src/inputs/catalogue.ts MINT_VERSION) once,
// outside node_modules, where the action itself looks for it: <tool cache>/mintlify-cli/<version>.
// The tool cache is MINT_TOOL_CACHE, or ~/.cache/mintlify-docs-action; an install already there is
// kept (about 1 GB and a minute or two cold on 2 cores). Prints the tool cache's path as its last line,
// for RUNNER_TOOL_CACHE in the real-CLI tests (npm run test:cli).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

const source = readFileSync(new URL('../src/inputs/catalogue.ts', import.meta.url), 'utf8')
const version = /export const MINT_VERSION = '([^']+)'/.exec(source)?.[1]
if (!version) throw new Error('MINT_VERSION not found in src/inputs/catalogue.ts')
const cache = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')
const folder = join(cache, 'mintlify-cli', version)
const entry = join(folder, 'node_modules', 'mint', 'index.js')
if (existsSync(entry)) {
  console.error(`mint@${version} is installed in ${folder}.`)
} else {
  mkdirSync(folder, { recursive: true })
  console.error(`Installing mint@${version} into ${folder} (about 1 GB)…`)
  const started = Date.now()
  execFileSync(
    'npm',
    ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel=error', `mint@${version}`],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  if (!existsSync(entry)) throw new Error(`npm installed mint@${version}, but ${entry} is not there`)
  console.error(`Installed in ${Math.round((Date.now() - started) / 1000)} s.`)
}
console.log(cache)
