#!/usr/bin/env node
// Writes src/check/mint-lock.json: the npm lockfile of the Mintlify CLI the check action pins
// (src/check/inputs.ts MINT_VERSION), every package with its integrity hash, for every platform
// (npm lockfiles list each platform's optional packages with their os and cpu). The action installs
// from it with `npm ci --omit=optional --ignore-scripts`, the runner's own image library made a
// direct dependency (src/check/mint-cli.ts lockFor). Run it when MINT_VERSION changes:
//   node scripts/mint-lock.mjs
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const source = readFileSync(new URL('../src/check/inputs.ts', import.meta.url), 'utf8')
const version = /export const MINT_VERSION = '([^']+)'/.exec(source)?.[1]
if (!version) throw new Error('MINT_VERSION not found in src/check/inputs.ts')
const dir = mkdtempSync(join(tmpdir(), 'mint-lock-'))
try {
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'mintlify-cli', private: true, dependencies: { mint: version } }, null, 2),
  )
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const lock = readFileSync(join(dir, 'package-lock.json'), 'utf8')
  writeFileSync(new URL('../src/check/mint-lock.json', import.meta.url), lock)
  console.log(`src/check/mint-lock.json: mint@${version}, ${Object.keys(JSON.parse(lock).packages).length} packages`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
