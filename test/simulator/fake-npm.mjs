// npm as the check action's tests have it (test/simulator/fake-tools.ts): writes down each run (its
// arguments, folder, environment and the package files there), then, as fake-npm.json says:
// - install: leaves the fake Mintlify CLI in node_modules: the one in fake-npm.json's `template` (as
//   test/simulator/fake-tools.ts writes it: replaying the real CLI's recordings, recording them, or
//   hanging), else one that replays;
// - copy: the install npm ci makes of the shipped lockfile, copied from a real one (fake-npm.json's
//   `from`: the real CLI scripts/install-mint.mjs installed with the action's own install), so a
//   test of the real CLI gets the real files without fetching 800 packages again;
// - hang: starts a child that never ends, writes both process ids, and never ends itself;
// - fail: says what a registry that cannot be reached says, and exits 1.
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const [configFile, ...args] = process.argv.slice(2)
const config = JSON.parse(readFileSync(configFile, 'utf8'))
const cwd = process.cwd()
const read = (name) => (existsSync(join(cwd, name)) ? readFileSync(join(cwd, name), 'utf8') : undefined)
appendFileSync(
  config.log,
  `${JSON.stringify({ args, cwd, env: process.env, packageJson: read('package.json'), lock: read('package-lock.json') })}\n`,
)
if (config.mode === 'hang') {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  writeFileSync(config.pids, JSON.stringify({ npm: process.pid, child: child.pid }))
  setInterval(() => {}, 1000)
} else if (config.mode === 'fail') {
  process.stderr.write('npm error code ECONNREFUSED\nnpm error network request to the registry failed\n')
  process.exitCode = 1
} else if (config.mode === 'copy') {
  for (const name of ['node_modules', 'package.json', 'package-lock.json'])
    spawnSync('cp', ['-a', join(config.from, name), cwd], { stdio: 'inherit' })
} else if (config.template) {
  cpSync(join(config.template, 'node_modules'), join(cwd, 'node_modules'), { recursive: true, verbatimSymlinks: true })
} else {
  const version = /mint@(\S+)/.exec(args.join(' '))?.[1] ?? JSON.parse(read('package.json') ?? '{}').dependencies?.mint
  const mint = join(cwd, 'node_modules', 'mint')
  mkdirSync(mint, { recursive: true })
  const simulator = dirname(fileURLToPath(import.meta.url))
  writeFileSync(join(mint, 'package.json'), JSON.stringify({ name: 'mint', version, type: 'module' }))
  // the CLI's own entry, which the check runs (src/check/mint-cli.ts CLI_ENTRY)
  const bin = join(cwd, 'node_modules', '@mintlify', 'cli', 'bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, 'start.js'), `import ${JSON.stringify(join(simulator, 'fake-mint.mjs'))}\n`)
  writeFileSync(
    join(bin, 'fake-mint.json'),
    JSON.stringify({ mode: 'replay', recordings: join(simulator, '..', 'cli', 'recordings') }),
  )
}
