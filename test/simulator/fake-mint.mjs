// The Mintlify CLI as `npm test` has it: a script that prints what the real CLI printed, byte for
// byte, for the same command on the same tree of files. Installed into a test's tool cache where the
// action looks for the CLI (test/simulator/fake-tools.ts), configured by fake-mint.json beside it
// (the action gives the CLI no variable of its own: its environment is an allow-list).
//
// - replay: the recording for this tree (every file's path and bytes) and these arguments, from
//   test/cli/recordings/; none is an error the check reads as no verdict.
// - record: runs the real CLI (the real-CLI suite, npm run test:cli) and keeps what it printed, the
//   folder it ran in written as {{cwd}} (a11y names unparsable pages by absolute path). A command the
//   real CLI already ran on the same tree, at the same width, earlier in the same suite (its folder
//   `memo`) is answered with what it printed then: the CLI reads nothing but the tree, the arguments
//   and the width, so running it again would print the same bytes for the CPU's time (the suite's
//   wall time, measured: 326 s before, 253 s after). Never a command that checks external links:
//   its answer is the network's.
// - hang: starts a child that never ends, writes both process ids, and never ends itself.
// - lose-verdict: replay, but the first run of each command on each tree prints only the spinner's
//   frame, exit code 0: what mint 4.2.941 printed when it exited before drawing its verdict.
// - model: the CLI's report made as data, for a tree no recording has (generated pull requests):
//   broken-links lists each page's `](/…)` link to no page of the tree (or, with --check-anchors, to
//   no heading of its page), in the CLI's words and
//   format (a name printed as it is, line breaks and all, as the CLI prints it); a11y finds nothing,
//   in the words the real CLI has for the fixtures' colour.
// - hungry (beside any mode): the CLI on a site larger than its memory: it needs that share of the
//   memory free as it starts, and given a heap limit below it (--max-old-space-size), it ends as
//   Node ends out of memory (its words on stderr, then SIGABRT) before it prints anything.
// Every mode writes the names of the variables it was given (env.jsonl), for the test that shows
// no INPUT_* variable, token or key reaches the CLI; and what it printed, where it ran (printed.jsonl),
// for the tests that hold the check's verdict to the CLI's own words (test/cli/verdict-pulls.ts).
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { freemem } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { getHeapStatistics } from 'node:v8'

// the folder of the entry the action ran (node_modules/@mintlify/cli/bin/start.js), where its configuration is
const here = dirname(process.argv[1] ?? '.')
const config = JSON.parse(readFileSync(join(here, 'fake-mint.json'), 'utf8'))
const args = process.argv.slice(2)
const cwd = process.cwd()
appendFileSync(join(here, 'env.jsonl'), `${JSON.stringify({ args, env: process.env })}\n`)

if (config.hungry && getHeapStatistics().heap_size_limit < config.hungry * freemem()) {
  // Node's own last words out of memory (node 20, --max-old-space-size=16), its stack left out
  process.stderr.write(
    '\n<--- Last few GCs --->\n\n[3157:0x298a6e20]      102 ms: Mark-Compact 15.5 (24.3) -> 15.5 (32.3) MB, ' +
      '13.71 / 0.00 ms  (average mu = 0.313, current mu = 0.329) allocation failure; scavenge might not succeed\n\n\n' +
      '<--- JS stacktrace --->\n\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n' +
      '----- Native stack trace -----\n\n',
  )
  process.abort()
}

/** Each file of the tree (POSIX path, relative) with the hash of its bytes, in order. */
function files(folder) {
  const found = new Map()
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else
        found.set(
          relative(folder, path).split('\\').join('/'),
          createHash('sha256').update(readFileSync(path)).digest('hex'),
        )
    }
  }
  walk(folder)
  return found
}

const before = files(cwd)
const fingerprint = createHash('sha256')
  .update([...before].map(([path, hash]) => `${path}\0${hash}`).join('\n'))
  .digest('hex')
const key = createHash('sha256')
  .update(`${fingerprint} ${args.join(' ')}`)
  .digest('hex')
  .slice(0, 32)
const file = join(config.recordings, `${key}.json`)
const memo =
  config.mode === 'record' && config.memo && !args.includes('--check-external')
    ? join(config.memo, `${key}-${process.env.MINTLIFY_CHECK_COLUMNS ?? ''}.json`)
    : undefined

/** Writes down what this run printed, where and with what arguments (printed.jsonl beside it). */
function printed(stdout, exitCode) {
  appendFileSync(join(here, 'printed.jsonl'), `${JSON.stringify({ args, cwd, stdout, exitCode })}\n`)
}

/** Prints a recording (`{{cwd}}` as this folder) and writes the files the CLI wrote, as the CLI would. */
function replay(recorded) {
  for (const [path, text] of Object.entries(recorded.wrote ?? {})) {
    mkdirSync(dirname(join(cwd, path)), { recursive: true })
    writeFileSync(join(cwd, path), text)
  }
  const stdout = recorded.stdout.split('{{cwd}}').join(cwd)
  printed(stdout, recorded.exitCode ?? 1)
  process.stdout.write(stdout)
  process.stderr.write(recorded.stderr.split('{{cwd}}').join(cwd))
  process.exitCode = recorded.exitCode ?? 1
}

/**
 * The last line drawn is a frame of the spinner (escape sequences and redraws aside): the rule of
 * src/check/cli-output.ts's cutShort, written again because this script runs on plain Node, which
 * loads no TypeScript (check-fake-cli.test.ts holds this copy).
 */
function endsAtSpinner(stdout) {
  const lines = stdout
    // eslint-disable-next-line no-control-regex -- escape sequences are what this removes
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    .split('\n')
    .map((line) => line.replace(/\r+$/, '').split('\r').at(-1) ?? '')
    .filter((line) => line.trim() !== '')
  return /^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /.test(lines.at(-1) ?? '')
}

/** Writes `text` to `path` whole or not at all (a temporary file renamed into place). */
function writeWhole(path, text) {
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, text)
  renameSync(partial, path)
}

/** What mint broken-links reports on the tree, as the model says: each page's absolute links to no page. */
function modelReport() {
  const pages = [...before.keys()].filter((p) => /\.mdx?$/.test(p))
  // a11y, as the real CLI prints it for the fixtures' colour (#0B5D1E) and pages without images
  if (args[0] !== 'broken-links')
    return {
      stdout:
        'Checking color accessibility...\n' +
        'Primary Color (#0B5D1E) vs Light Background: PASS Excellent contrast ratio: 8.08:1 (meets WCAG AAA)\n' +
        'Overall Assessment: PASS All colors meet accessibility standards!\n' +
        (args.includes('--skip-alt-text')
          ? ''
          : 'Checking mdx files for accessibility issues...\nsuccess no accessibility issues found\n' +
            `Checked ${pages.length} MDX files - all images and videos have alt attributes.\n`),
      exitCode: 0,
    }
  const served = new Set(
    pages.map((p) => `/${p.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/'),
  )
  // each page's headings, as anchors (`## Set up` → set-up)
  const anchors = new Map()
  const texts = new Map()
  for (const page of pages) {
    try {
      texts.set(page, readFileSync(join(cwd, page), 'utf8'))
    } catch {
      continue
    }
    const address = `/${page.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/'
    anchors.set(
      address,
      new Set([...texts.get(page).matchAll(/^#+ (.+)$/gm)].map((h) => h[1].trim().toLowerCase().replace(/\s+/g, '-'))),
    )
  }
  const found = []
  for (const [page, text] of texts) {
    const broken = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)]
      .map((m) => m[1])
      .filter((t) => {
        const [path, anchor] = t.split('#')
        const at = path.replace(/\/$/, '') || '/'
        if (!served.has(at)) return true
        return anchor !== undefined && args.includes('--check-anchors') && !anchors.get(at)?.has(anchor)
      })
    if (broken.length > 0) found.push([page, broken])
  }
  if (found.length === 0) return { stdout: 'success no broken links found\n', exitCode: 0 }
  const count = found.reduce((n, [, b]) => n + b.length, 0)
  const listed = found.map(([page, broken]) => `${page}\n${broken.map((t) => ` ⎿  ${t}`).join('\n')}`).join('\n\n')
  return { stdout: `found ${count} broken links in ${found.length} files\n\n${listed}\n\n`, exitCode: 1 }
}

if (config.mode === 'model') {
  const { stdout, exitCode } = modelReport()
  printed(stdout, exitCode)
  process.stdout.write(stdout)
  process.exitCode = exitCode
} else if (config.mode === 'hang') {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  writeFileSync(join(here, `pids-${process.pid}.json`), JSON.stringify({ cli: process.pid, child: child.pid }))
  setInterval(() => {}, 1000)
} else if (config.mode === 'lose-verdict' && !existsSync(join(here, `lost-${key}`))) {
  writeFileSync(join(here, `lost-${key}`), '')
  process.stdout.write(`⠋ checking ${args[0] ?? ''}...\n`)
  process.exitCode = 0
} else if (memo && existsSync(memo)) {
  replay(JSON.parse(readFileSync(memo, 'utf8')))
} else if (config.mode === 'record') {
  // Node's compile cache, the suite's own (config.compiled): the CLI's 300 MB of modules compiled
  // once, not once a run (about a fifth of each run's CPU); what the CLI prints does not depend on it
  const compiled = config.compiled ? { NODE_COMPILE_CACHE: config.compiled } : {}
  const real = spawn(process.execPath, ['--no-deprecation', config.real, ...args], {
    cwd,
    env: { ...process.env, ...compiled },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const streams = { stdout: '', stderr: '' }
  real.stdout.setEncoding('utf8').on('data', (chunk) => (streams.stdout += chunk))
  real.stderr.setEncoding('utf8').on('data', (chunk) => (streams.stderr += chunk))
  real.on('close', (exitCode) => {
    mkdirSync(config.recordings, { recursive: true })
    // what the command wrote into the tree (on a mint.json site, broken-links writes a docs.json)
    const wrote = Object.fromEntries(
      [...files(cwd)]
        .filter(([path, hash]) => before.get(path) !== hash)
        .map(([path]) => [path, readFileSync(join(cwd, path), 'utf8')]),
    )
    // each stream apart (their interleaving is the scheduler's), the folder as {{cwd}}, the tool
    // cache the CLI is installed in as {{toolcache}} (a stack trace names its files: the machine's
    // own folder, never the CLI's words), and the spinner at its first frame (which frame shows
    // depends on timing): the rest byte for byte
    const toolCache = config.real.slice(0, Math.max(0, config.real.lastIndexOf('/mintlify-cli/')))
    const kept = (text) =>
      (toolCache ? text.split(toolCache).join('{{toolcache}}') : text)
        .split(cwd)
        .join('{{cwd}}')
        .replace(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏](?= )/gm, '⠋')
    const recorded = {
      args,
      exitCode,
      stdout: kept(streams.stdout),
      stderr: kept(streams.stderr),
      ...(Object.keys(wrote).length ? { wrote } : {}),
    }
    // whole or not at all: a run stopped while it writes (a base no longer needed), or two runs of
    // the same tree at once, never leave a recording cut short. A run that exited before it drew its
    // verdict (its last line the spinner: src/check/cli-output.ts's cutShort) is not what the CLI
    // prints: neither kept nor remembered, so the check's run again reaches the real CLI
    if (!endsAtSpinner(streams.stdout)) {
      writeWhole(file, `${JSON.stringify(recorded, null, 1)}\n`)
      if (memo) writeWhole(memo, JSON.stringify(recorded))
    }
    printed(streams.stdout, exitCode ?? 1)
    process.stdout.write(streams.stdout)
    process.stderr.write(streams.stderr)
    process.exitCode = exitCode ?? 1
  })
} else if (existsSync(file)) {
  replay(JSON.parse(readFileSync(file, 'utf8')))
} else {
  process.stderr.write(
    `fake mint: no recording of "mint ${args.join(' ')}" on this tree (${key}): run npm run test:cli\n`,
  )
  process.exitCode = 70
}
