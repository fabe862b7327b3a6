// `npm test`, before vitest: the build (dist/, which the e2e tests run), only when dist/ was built
// from another source than this one (dist/source.sha256, scripts/source-hash.mjs), so the tests
// never run an old bundle. Fails when the build fails, with its output. (knip runs beside the
// suites: scripts/vitest.mjs.)
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sourceHash } from './source-hash.mjs'

function run(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ name, code, out }))
  })
}

const stamp = join('dist', 'source.sha256')
const current = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === sourceHash()
if (current) console.log('dist/ is built from this source (dist/source.sha256): not built again.')
const results = await Promise.all(current ? [] : [run('build', [join('scripts', 'build.mjs')])])
let failed = false
for (const r of results) {
  if (r.out.trim()) process.stdout.write(`── ${r.name}\n${r.out}`)
  if (r.code !== 0) {
    failed = true
    process.stderr.write(`${r.name} failed (exit ${r.code})\n`)
  }
}
process.exitCode = failed ? 1 : 0
