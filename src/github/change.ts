import picomatch from 'picomatch'
import type { ChangedFile, Commit, GitHubPort } from './port.js'

export type { ChangedFile, Commit } from './port.js'

/** A code change as GitHub describes it (`changes`): its event, a pull request or a push, and its files. */

/** The pull request of a `pull_request` / `pull_request_target` event. */
export interface PullChange {
  kind: 'pull'
  action: string
  number: number
  title: string
  body: string
  url: string
  author: { login: string; type: string }
  baseRef: string
  headRef: string
  headSha: string
  /** The base branch's commit the pull request is compared with (empty when the payload lacks it). */
  baseSha: string
  /** The head is in another repository (a fork): its code and text are a contributor's. */
  fromFork: boolean
  /** On a `labeled` event: the label added, and who added it (the gate checks that person). */
  labelled?: { label: string; by: { login: string; type: string } }
  merged: boolean
}

/** A `push`: the commits from `before` to `after` on `ref`. */
export interface PushChange {
  kind: 'push'
  ref: string
  before: string
  after: string
  commits: Commit[]
  /** The files the payload's commits name (a new branch's push has no `before` to compare with). */
  payloadFiles: ChangedFile[]
  compareUrl: string
}

export type ChangeEvent = PullChange | PushChange

const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const ZERO_SHA = /^0+$/

interface RawPull {
  number?: unknown
  title?: unknown
  body?: unknown
  html_url?: unknown
  merged?: unknown
  user?: { login?: unknown; type?: unknown }
  base?: { ref?: unknown; sha?: unknown; repo?: { full_name?: unknown } }
  head?: { ref?: unknown; sha?: unknown; repo?: { full_name?: unknown } | null }
}
interface RawPushCommit {
  id?: unknown
  message?: unknown
  added?: unknown
  removed?: unknown
  modified?: unknown
}

/** The change an event describes; undefined when its payload lacks what it needs. */
export function readChangeEvent(eventName: string, payload: unknown): ChangeEvent | undefined {
  const p = (payload ?? {}) as {
    action?: unknown
    pull_request?: RawPull
    ref?: unknown
    before?: unknown
    after?: unknown
    commits?: unknown
    compare?: unknown
    label?: { name?: unknown }
    sender?: { login?: unknown; type?: unknown }
  }
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const pr = p.pull_request
    const number = pr?.number
    const headSha = text(pr?.head?.sha)
    if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0 || !headSha) return undefined
    const baseRepo = text(pr?.base?.repo?.full_name)
    const headRepo = text(pr?.head?.repo?.full_name)
    return {
      kind: 'pull',
      action: text(p.action),
      number,
      title: text(pr?.title),
      body: text(pr?.body),
      url: text(pr?.html_url),
      author: { login: text(pr?.user?.login), type: text(pr?.user?.type) },
      baseRef: text(pr?.base?.ref),
      baseSha: text(pr?.base?.sha),
      headRef: text(pr?.head?.ref),
      headSha,
      // a deleted fork has no head repository: not this repository either
      fromFork: !headRepo || headRepo.toLowerCase() !== baseRepo.toLowerCase(),
      merged: pr?.merged === true,
      // a `labeled` event: which label, and who added it
      ...(p.action === 'labeled'
        ? { labelled: { label: text(p.label?.name), by: { login: text(p.sender?.login), type: text(p.sender?.type) } } }
        : {}),
    }
  }
  if (eventName === 'push') {
    const after = text(p.after)
    if (!after || ZERO_SHA.test(after)) return undefined
    const raw = Array.isArray(p.commits) ? (p.commits as RawPushCommit[]) : []
    const names = (v: unknown): string[] =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
    const files = new Map<string, ChangedFile>()
    for (const c of raw) {
      for (const [list, status] of [
        [c.added, 'added'],
        [c.modified, 'modified'],
        [c.removed, 'removed'],
      ] as const) {
        for (const filename of names(list)) files.set(filename, { filename, status, additions: 0, deletions: 0 })
      }
    }
    return {
      kind: 'push',
      ref: text(p.ref),
      before: text(p.before),
      after,
      commits: raw.map((c) => ({ sha: text(c.id), message: text(c.message) })),
      payloadFiles: [...files.values()],
      compareUrl: text(p.compare),
    }
  }
  return undefined
}

/** Whether a push's `before` names a commit (a new branch's push has all zeros). */
export function hasBefore(push: PushChange): boolean {
  return push.before !== '' && !ZERO_SHA.test(push.before)
}

/**
 * The files and commits of a change: a pull request's files, or a push's compare. `since` (a head
 * recorded earlier) asks only for what came after it, unless GitHub no longer knows it (a force-push).
 */
export async function fetchChange(
  api: GitHubPort,
  repo: { owner: string; repo: string },
  change: ChangeEvent,
  since?: string,
): Promise<{ files: ChangedFile[]; commits: Commit[]; since?: string; sinceGone?: boolean }> {
  if (change.kind === 'pull') {
    if (since && since !== change.headSha) {
      const compared = await api.compare(repo, since, change.headSha)
      if (compared) return { ...compared, since }
      return { files: await api.pullRequestFiles(repo, change.number), commits: [], sinceGone: true }
    }
    return { files: await api.pullRequestFiles(repo, change.number), commits: [] }
  }
  if (!hasBefore(change)) return { files: change.payloadFiles, commits: change.commits }
  const compared = await api.compare(repo, change.before, change.after)
  return compared
    ? { files: compared.files, commits: compared.commits.length > 0 ? compared.commits : change.commits }
    : { files: change.payloadFiles, commits: change.commits, sinceGone: true }
}

/** `changes-paths`: a file counts when it matches a glob and no `!glob` (no glob at all: every file). */
export function pathFilter(globs: readonly string[]): (filename: string) => boolean {
  const include = globs.filter((g) => !g.startsWith('!'))
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1))
  const yes = include.length > 0 ? picomatch(include, { dot: true }) : () => true
  const no = exclude.length > 0 ? picomatch(exclude, { dot: true }) : () => false
  return (filename) => yes(filename) && !no(filename)
}

/** Files listed but never patched into a prompt: builds, lock files, minified code. */
const NEVER_PATCHED = picomatch(
  [
    'dist/**',
    '**/dist/**',
    '**/*.lock',
    '**/package-lock.json',
    '**/pnpm-lock.yaml',
    '**/yarn.lock',
    '**/npm-shrinkwrap.json',
    '**/*.min.js',
    '**/*.min.css',
    '**/*.map',
  ],
  { dot: true },
)

export function neverPatched(file: ChangedFile): boolean {
  return file.patch === undefined || NEVER_PATCHED(file.filename)
}
