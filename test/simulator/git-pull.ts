import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FakeFile, GitHubSimulator } from './github-simulator.js'

/**
 * A pull request on the fake GitHub made from a git repository on this machine, so the check can be
 * tried by hand on one's own docs (`npm run simulator -- --pull DIR`): what GitHub would answer for
 * a pull request from `head` into `base`. Its files are what `base...head` changes (from the merge
 * base, renames found, each with its patch), as GitHub lists them; the base's versions of them, and
 * of its configuration files, as the contents endpoint serves them; the base's tree; and the event
 * a `pull_request` run reads. The head's files are written to a folder of their own (the checkout),
 * so the repository itself is never written. Text files only: the contents endpoint here serves text.
 */
export interface GitPull {
  number: number
  /** The `pull_request` event, as GITHUB_EVENT_PATH names it. */
  event: string
  /** The head's files: the checkout (GITHUB_WORKSPACE). */
  workspace: string
  baseSha: string
  headSha: string
  files: FakeFile[]
}

const STATUS: Record<string, FakeFile['status']> = {
  A: 'added',
  M: 'modified',
  D: 'removed',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
}

export function pullFromGit(
  gh: GitHubSimulator,
  options: { repo: string; base: string; head: string; folder: string; number?: number },
): GitPull {
  const git = (...args: string[]): string =>
    execFileSync('git', ['-C', options.repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })
  const number = options.number ?? 9
  const baseSha = git('rev-parse', '--verify', `${options.base}^{commit}`).trim()
  const headSha = git('rev-parse', '--verify', `${options.head}^{commit}`).trim()
  const from = git('merge-base', baseSha, headSha).trim()
  const files = changedFiles(git, from, headSha)
  gh.pullFiles.set(number, files)
  gh.pulls.set(number, 'open')

  // the base as GitHub serves it: its tree, and the texts of what the pull request changes and of
  // every configuration (a base rebuilt by its pages' names reads those alone)
  const tree = git('ls-tree', '-r', '-z', '--name-only', baseSha).split('\0').filter(Boolean)
  gh.treesAt.set(baseSha, tree)
  const inBase = new Set(tree)
  const configs = tree.filter((path) => /(^|\/)(docs\.json|mint\.json|\.mintignore)$/.test(path))
  const wanted = [...files.flatMap((f) => [f.filename, f.previous_filename ?? '']), ...configs]
  for (const path of new Set(wanted))
    if (inBase.has(path)) gh.contents.set(`${baseSha}:${path}`, git('show', `${baseSha}:${path}`))

  // the checkout: the head's files, without its .git
  const workspace = join(options.folder, 'head')
  mkdirSync(workspace, { recursive: true })
  const archive = execFileSync('git', ['-C', options.repo, 'archive', '--format=tar', headSha], { maxBuffer: 1 << 30 })
  execFileSync('tar', ['-x', '-C', workspace], { input: archive })

  const branch = (ref: string): string => ref.replace(/^refs\/heads\//, '')
  const repo = { full_name: gh.repository }
  const event = join(options.folder, 'event.json')
  const pull = {
    number,
    title: `${branch(options.head)} into ${branch(options.base)}`,
    html_url: `https://github.com/${gh.repository}/pull/${number}`,
    user: { login: 'alice', type: 'User' },
    head: { ref: branch(options.head), sha: headSha, repo },
    base: { ref: branch(options.base), sha: baseSha, repo },
  }
  writeFileSync(event, JSON.stringify({ action: 'synchronize', number, pull_request: pull }, null, 2))
  return { number, event, workspace, baseSha, headSha, files }
}

/** What `from..head` changes, file by file, as GitHub lists a pull request's files. */
function changedFiles(git: (...args: string[]) => string, from: string, head: string): FakeFile[] {
  // -z: each path as it is, whatever characters it holds; a rename or copy is followed by both paths
  const fields = git('diff', '--name-status', '-M', '-z', from, head).split('\0')
  const counts = new Map<string, [number, number]>()
  const numbers = git('diff', '--numstat', '-M', '-z', from, head).split('\0')
  for (let i = 0; i < numbers.length; i++) {
    const [added = '', deleted = '', path = ''] = (numbers[i] ?? '').split('\t')
    if (added === '') continue
    // a rename's line ends in a tab, its two paths the next fields
    const name = path === '' ? (numbers[(i += 2)] ?? '') : path
    counts.set(name, [Number(added) || 0, Number(deleted) || 0])
  }
  const files: FakeFile[] = []
  for (let i = 0; i < fields.length - 1;) {
    const code = fields[i++] ?? ''
    const kind = STATUS[code.charAt(0)] ?? 'modified'
    const previous = kind === 'renamed' || kind === 'copied' ? fields[i++] : undefined
    const filename = fields[i++] ?? ''
    const [additions, deletions] = counts.get(filename) ?? [0, 0]
    const paths = previous === undefined ? [filename] : [previous, filename]
    const diff = git('diff', '-M', '--no-color', from, head, '--', ...paths)
    const hunks = diff.indexOf('\n@@')
    files.push({
      filename,
      status: kind,
      additions,
      deletions,
      // GitHub leaves the patch out for a binary file
      ...(hunks >= 0 ? { patch: diff.slice(hunks + 1).replace(/\n$/, '') } : {}),
      ...(previous !== undefined ? { previous_filename: previous } : {}),
    })
  }
  return files
}
