import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { readText } from './tree-copy.js'

/**
 * Guards the runner's cache client as it unpacks an entry. @actions/cache runs `tar -xf … -P`, and
 * `-P` writes a member with an absolute name or a `..` where its name says; anyone who can push can
 * write a pull request's cache. So a stand-in `tar`, first on PATH, lists the entry and refuses it
 * (the restore fails) unless every member is the check's own file, then runs the real tar without
 * `-P`. Not on Windows (tar.exe) nor where GNU tar is gtar: there the entry stays in the check's folder.
 */

/** What the stand-in says as it refuses an entry (guardRefused reads it back). */
const GUARD_REFUSAL = "the entry holds files besides the check's own, not unpacked"

const STAND_IN = `import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
const here = process.env.MINTLIFY_CHECK_TAR_GUARD ?? ''
const real = (process.env.PATH ?? '').split(delimiter).filter((d) => d && d !== here).map((d) => join(d, 'tar')).find((f) => existsSync(f))
if (!real) { process.stderr.write('no tar on PATH\\n'); process.exit(127) }
const args = process.argv.slice(2)
const allowed = new Set(JSON.parse(process.env.MINTLIFY_CHECK_TAR_MEMBERS ?? '[]'))
const run = (list, options) => spawnSync(real, list, options)
if (args.includes('-xf')) {
  const listed = run(args.map((a) => (a === '-xf' ? '-tf' : a)), { encoding: 'utf8' })
  if (listed.status !== 0) { process.stderr.write(listed.stderr ?? ''); process.exit(listed.status ?? 1) }
  const foreign = listed.stdout.split('\\n').filter((m) => m !== '' && !allowed.has(m.replace(/\\/+$/, '')))
  if (foreign.length > 0) {
    const said = ${JSON.stringify(GUARD_REFUSAL)} + ' (' + foreign.length + ': ' + foreign.slice(0, 3).join(', ') + ')'
    writeFileSync(join(here, 'refused'), said)
    process.stderr.write(said + '\\n')
    process.exit(2)
  }
  process.exit(run(args.filter((a) => a !== '-P'), { stdio: 'inherit' }).status ?? 1)
}
process.exit(run(args, { stdio: 'inherit' }).status ?? 1)
`

/** What the stand-in in `folder` refused, if it refused an entry (its words, for the restore's why). */
export function guardRefused(folder: string): string | undefined {
  const said = readText(join(folder, 'bin', 'refused'))
  rmSync(join(folder, 'bin', 'refused'), { force: true })
  return said
}

/**
 * Makes the stand-in tar in `folder` for an entry of these members (`a/b.json` and its folder `a`),
 * and returns the environment the cache client is to run with; undefined on Windows.
 */
export function tarGuard(
  folder: string,
  members: readonly string[],
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv | undefined {
  if (process.platform === 'win32') return undefined
  const bin = join(folder, 'bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, 'guard.mjs'), STAND_IN)
  writeFileSync(join(bin, 'tar'), `#!/bin/sh\nexec "${process.execPath}" "${join(bin, 'guard.mjs')}" "$@"\n`)
  chmodSync(join(bin, 'tar'), 0o755)
  const allowed = new Set<string>()
  for (const member of members) {
    const parts = member.split('/')
    for (let n = 1; n <= parts.length; n++) allowed.add(parts.slice(0, n).join('/'))
  }
  return {
    PATH: `${bin}${delimiter}${env.PATH ?? ''}`,
    MINTLIFY_CHECK_TAR_GUARD: bin,
    MINTLIFY_CHECK_TAR_MEMBERS: JSON.stringify([...allowed]),
  }
}
