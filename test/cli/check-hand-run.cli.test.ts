import { execFile, execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { ROOT, parseCommands } from '../e2e/harness.js'
import { handRunGitHub } from '../simulator/hand-run.js'

/**
 * The check's lines of the hand-run guide (docs/development.md), as written, in a shell from the
 * repository's root with the real CLI: the fixture site's problems annotated, the step failed, the
 * outputs written, the temporary folder gone.
 */
test("the guide's check block runs as written", async () => {
  const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
  const block = /The check needs no simulator[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? ''
  expect(block).toContain('node dist/check/index.js')
  const script = `set -e\n${block.replace('node dist/check/index.js', 'node dist/check/index.js || echo "exit=$?"')}`
  const { stdout } = await promisify(execFile)('sh', ['-c', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    timeout: 240_000, // a hang guard (the block takes seconds once the CLI is installed)
  })
  expect(stdout).toContain('exit=1')
  const errors = parseCommands(stdout).filter((c) => c.command === 'error')
  expect(errors.map((e) => e.message)).toContain('The link /guides/nowhere leads nowhere.')
  expect(stdout).toMatch(/problems<<ghadelimiter_[\w-]+\n5\n/)
})

/**
 * The guide's pull request block, as written, against the fake GitHub `npm run simulator` serves
 * (on a free port instead of 4011): the three problems the rename leaves, each at its line, in a
 * check run on the pull request's head, and the step failed; the head's folder left as it was.
 */
test("the guide's pull request block runs as written against the simulator's fake GitHub", async () => {
  const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
  const block = /On a pull request the check compares[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? ''
  expect(block).toContain('GITHUB_EVENT_PATH=docs/hand-run/check-pull.json')
  const gh = handRunGitHub()
  await gh.start()
  try {
    const script = `set -e\n${block
      .replace('http://127.0.0.1:4011', gh.baseUrl)
      .replace('node dist/check/index.js', 'node dist/check/index.js || echo "exit=$?"')}`
    const { stdout } = await promisify(execFile)('sh', ['-c', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      timeout: 240_000, // a hang guard (the block takes seconds once the CLI is installed)
    })
    expect(stdout).toContain('exit=1')
    const placed = [...stdout.matchAll(/^::error [^:]*file=([^,:]+),line=(\d+)/gm)].map((m) => [m[1], m[2]])
    // the old address itself (at the renamed page's new entry in the navigation), the redirect to it
    // and the redirect's source, which it sends to a page the head does not serve (both at the
    // redirect), and the link
    expect(placed.sort()).toEqual([
      ['docs.json', '6'],
      ['docs.json', '7'],
      ['docs.json', '7'],
      ['index.mdx', '9'],
    ])
    expect(gh.checkRuns.map((r) => [r.headSha, r.conclusion, r.annotations.length])).toEqual([
      ['8'.repeat(40), 'failure', 4],
    ])
    expect(stdout).toMatch(/problems<<ghadelimiter_[\w-]+\n4\n/)
  } finally {
    await gh.stop()
  }
})

/**
 * The guide's own-pull-request line, as written but for the repository's path and free ports: the
 * simulator makes pull request 9 from a git repository (the clean fixture site on main, the guide's
 * pull request above on a branch) and prints the line that checks it. Run twice: the first run
 * checks the base and keeps it in the simulator's cache, the second restores it and runs the CLI on
 * the head alone, with the same verdict; the repository is left as it was. Then the printed preview
 * line: its tracking comment lists the page the pull request renamed. Stopping the simulator
 * removes its folder.
 */
test("the guide's own pull request, checked twice against the simulator's cache", async () => {
  const guide = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
  const line = /Your own pull request:[\s\S]*?```sh\n(npm run simulator -- --pull \S+[^\n#]*)/.exec(guide)?.[1] ?? ''
  expect(line).toContain('--pull ../my-docs')

  const repo = mkdtempSync(join(tmpdir(), 'my-docs-'))
  const git = (...args: string[]): string =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=Alice', '-c', 'user.email=alice@example.com', ...args], {
      encoding: 'utf8',
    })
  git('init', '-q', '-b', 'main')
  cpSync(join(ROOT, 'test', 'cli', 'sites', 'clean'), repo, { recursive: true })
  git('add', '-A')
  git('commit', '-q', '-m', 'The site')
  git('checkout', '-q', '-b', 'docs/first-steps')
  git('rm', '-q', '-r', '.')
  cpSync(join(ROOT, 'docs', 'hand-run', 'check-pull'), repo, { recursive: true })
  git('add', '-A')
  git('commit', '-q', '-m', 'Rename the start guide')
  const before = git('status', '--porcelain', '--ignored')

  const simulator = spawn('sh', ['-c', `${line.trim().replace('../my-docs', repo)} --port 0`], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    let printed = ''
    const checkIt = await new Promise<string>((found, failed) => {
      simulator.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString()
        const at = /^ {2}check it: (env .*)$/m.exec(printed)
        if (at?.[1]) found(at[1])
      })
      simulator.on('exit', (code) => failed(new Error(`the simulator stopped (${code ?? 'signal'}):\n${printed}`)))
    })
    expect(printed).toMatch(/Pull request #9 on the fake GitHub: main\.\.\.HEAD of .*, 2 files/)
    const folder = /GITHUB_WORKSPACE=(\S+)\/head /.exec(checkIt)?.[1] ?? ''
    const runs: string[] = []
    for (const _ of [1, 2]) {
      const { stdout } = await promisify(execFile)('sh', ['-c', `${checkIt} || echo "exit=$?"`], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
        timeout: 240_000, // a hang guard (each run takes seconds once the CLI is installed)
      })
      runs.push(stdout)
    }
    const [first = '', second = ''] = runs
    expect(first).toContain("Kept in the runner's cache for the pull requests against this tree: mintlify-check-")
    expect(first).toMatch(/^::group::mint broken-links .*\(base\)$/m)
    expect(second).toMatch(
      /The base's problems restored from the runner's cache \(mintlify-check-\w+\): the CLI checks the head only\./,
    )
    expect(second).not.toMatch(/^::group::mint .*\(base\)$/m)
    const errors = (stdout: string): string[] =>
      parseCommands(stdout)
        .filter((c) => c.command === 'error')
        .map((c) => c.message)
    for (const stdout of runs) {
      expect(stdout).toContain('exit=1')
      expect(errors(stdout)).toHaveLength(5) // the four problems and the verdict
    }
    expect(errors(second)).toEqual(errors(first))
    expect(readFileSync(join(folder, 'summary.md'), 'utf8')).toContain('The base was checked before')
    expect(git('status', '--porcelain', '--ignored')).toBe(before)

    // its fixes, as printed: one review for the head however often it is checked, its suggestion the
    // redirect (docs.json is in the diff); the link in index.mdx (untouched) in the patch, which
    // the printed line applies to the head's folder
    const api = /GITHUB_API_URL=(\S+)/.exec(checkIt)?.[1] ?? ''
    const get = async <T>(url: string): Promise<T> =>
      (await (await fetch(url, { headers: { authorization: 'Bearer ghs_simulator_token_0123456789' } })).json()) as T
    const reviewsUrl = /its suggested changes: curl .* (\S+\/reviews) /.exec(printed)?.[1] ?? ''
    const reviews = await get<Array<{ id: number; commit_id: string }>>(reviewsUrl)
    expect(reviews).toHaveLength(1)
    const suggestions = await get<Array<{ path: string; body: string }>>(
      `${reviewsUrl}/${reviews[0]?.id ?? 0}/comments`,
    )
    expect(suggestions.map((s) => s.path)).toEqual(['docs.json'])
    expect(suggestions[0]?.body).toContain('{ "source": "/guides/start", "destination": "/guides/first-steps" }')
    const applyIt = /^ {2}the rest of its fixes: (git .*)$/m.exec(printed)?.[1] ?? ''
    execFileSync('sh', ['-c', applyIt])
    expect(readFileSync(join(folder, 'head', 'index.mdx'), 'utf8')).toContain('(/guides/first-steps#install)')

    // then its preview, as printed: the tracking comment on the fake GitHub lists the renamed page
    const previewIt = /^ {2}then preview it: (env .*)$/m.exec(printed)?.[1] ?? ''
    expect(previewIt).toContain('INPUT_PAGES-JSON=')
    await promisify(execFile)('sh', ['-c', previewIt], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      timeout: 120_000, // a hang guard (the simulator's preview takes seconds)
    })
    const comments = (await (
      await fetch(`${api}/repos/acme/docs/issues/9/comments`, {
        headers: { authorization: 'Bearer ghs_simulator_token_0123456789' },
      })
    ).json()) as Array<{ body: string }>
    const body = comments.map((c) => c.body).join('\n')
    expect(body).toContain('**Pages of this pull request** (1)')
    expect(body).toMatch(
      /\| \/guides\/start → <a href="[^"]+\/guides\/first-steps">\/guides\/first-steps<\/a> \| Renamed \|/,
    )

    // stopped: every process of it (npm, the shell, node) has let go of its output
    const closed = new Promise((stopped) => simulator.stdout.on('close', stopped))
    process.kill(-(simulator.pid ?? 0), 'SIGTERM')
    await closed
    expect(existsSync(folder)).toBe(false)
  } finally {
    if (simulator.exitCode === null && simulator.signalCode === null) process.kill(-(simulator.pid ?? 0), 'SIGKILL')
    rmSync(repo, { recursive: true, force: true })
  }
})
