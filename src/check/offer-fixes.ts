import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkedOut } from './base-tree.js'
import { type InDiff, type LineEdit, editsFor, filesToEdit } from './edits.js'
import { diffLines } from './head-lines.js'
import { patchOf } from './patch.js'
import type { CheckOutcome } from './report.js'
import type { FixesOffered } from './summary.js'
import { type ReviewOutcome, suggestFixes } from './review.js'
import { plainFile } from './tree-copy.js'
import { repositoryPath } from '../site/addresses.js'
import { type GitHubPort, statusOf } from '../github/port.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count } from '../util/format.js'
import { external } from '../util/text.js'
import { addTo } from '../util/collections.js'

/**
 * The check's fixes on a pull request: a suggested change where the lines are in the diff
 * (review.ts), every other fix in one patch (patch.ts, output fixes-patch). The head's files are the
 * checkout's where they are the head's, else GitHub's at the head commit. A review GitHub refuses (a
 * fork's token) is one notice, its fixes in the patch; the verdict is never touched.
 */

/** At most this many files are read from GitHub at the head commit. */
const FILES_READ = 100

export async function offerFixes(o: CheckOutcome): Promise<FixesOffered | undefined> {
  const { settings, ctx, pull, files } = o
  if (!pull || !files) return undefined
  try {
    const api = await ctx.github(settings.check.token)
    const headText = await headTexts(o, api, pull.headSha, o.judged)
    const inPull = new Map(files.map((f) => [f.filename, f]))
    const lines = new Map<string, Set<number>>()
    const inDiff: InDiff = (path, line) => {
      let found = lines.get(path)
      if (!found) lines.set(path, (found = diffLines(inPull.get(path)?.patch ?? '')))
      return found.has(line)
    }
    const refused: string[] = []
    const edits = editsFor(o.judged, headText, repositoryPath(o.docsFolder, o.config), inDiff, (why) =>
      refused.push(why),
    )
    const whole = (e: LineEdit): boolean =>
      Array.from({ length: e.endLine - e.line + 1 }, (_, i) => e.line + i).every((l) => inDiff(e.path, l))
    const offered: FixesOffered = refused.length > 0 ? { refused } : {}
    let suggested: readonly LineEdit[] = []
    if (settings.check.suggestions === 'auto') {
      const review = await reviewOf(api, o, pull, edits.filter(whole))
      if (review.posted) {
        suggested = review.edits
        offered.review = { url: review.url, suggestions: review.edits.length, fixes: fixCount(review.edits) }
      }
    }
    // the rest, file by file, but for a file the patch leaves out (edits it cannot vouch for together)
    const byFile = new Map<string, LineEdit[]>()
    for (const e of edits.filter((x) => !suggested.includes(x))) addTo(byFile, e.path, e)
    const patched = [...byFile]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([file, fileEdits]) => ({ path: file, edits: fileEdits, text: patchOf(fileEdits, headText) }))
      .filter((f) => f.text !== '')
    const patch = patched.map((f) => f.text).join('')
    const path = patch ? join(ctx.dir, 'mintlify-fixes.patch') : ''
    if (patch) {
      writeFileSync(path, patch)
      offered.patch = { path, files: patched.map((f) => f.path), fixes: fixCount(patched.flatMap((f) => f.edits)) }
    }
    ctx.outputs.set('fixes-patch', path)
    return offered
  } catch (error) {
    if (error instanceof CancelledError) throw error
    const said = `The fixes were not offered (${external(getErrorMessage(error), 300)}); the problems are as reported.`
    core.notice(said)
    ctx.outputs.set('fixes-patch', '')
    return undefined
  }
}

const fixCount = (edits: readonly LineEdit[]): number => edits.reduce((n, e) => n + e.fixes.length, 0)

/** The review, or none: refused by GitHub, or no identity to find the earlier ones by (one notice each). */
async function reviewOf(
  api: GitHubPort,
  o: CheckOutcome,
  pull: { number: number; headSha: string },
  edits: LineEdit[],
): Promise<ReviewOutcome> {
  const repo = { owner: o.ctx.run.owner, repo: o.ctx.run.repo }
  try {
    const identity = await api.identity()
    if (!identity) {
      if (edits.length === 0) return { posted: false }
      return notice(`the token's identity is unknown, so its earlier reviews could not be told from others'`)
    }
    return await suggestFixes(api, repo, pull, identity, edits)
  } catch (error) {
    if (error instanceof CancelledError) throw error
    const status = statusOf(error)
    if (edits.length === 0 && status === 403) return { posted: false }
    return notice(
      status === 403
        ? `this token cannot review pull request #${pull.number} (GitHub answered 403: a fork's read-only ` +
            `token, or no pull-requests: write)`
        : `GitHub refused the review: ${external(getErrorMessage(error), 300)}`,
    )
  }
}

function notice(why: string): { posted: false } {
  core.notice(`The fixes were not suggested on the pull request: ${why}. They are in the patch fixes-patch names.`)
  return { posted: false }
}

/** The head's text of each file a fix may edit: the checkout's where it is the head's, else GitHub's. */
async function headTexts(
  o: CheckOutcome,
  api: GitHubPort,
  headSha: string,
  judged: CheckOutcome['judged'],
): Promise<(path: string) => string | undefined> {
  const workspace = o.ctx.run.workspace
  const local = plainFile(workspace)
  // a checkout whose commit cannot be told is taken as the head, as its problems' lines are
  const at = checkedOut(workspace, o.docsFolder)
  if (at === undefined || at === headSha) return local
  const same = (path: string): boolean => o.differing !== undefined && !o.differing.has(path)
  const config = repositoryPath(o.docsFolder, o.config)
  const texts = new Map<string, string | undefined>()
  const repo = { owner: o.ctx.run.owner, repo: o.ctx.run.repo }
  const asked = new Set<string>()
  let read = 0
  const readAll = async (paths: Iterable<string>): Promise<void> => {
    for (const path of paths) {
      if (asked.has(path)) continue
      asked.add(path)
      if (same(path)) texts.set(path, local(path))
      else if (read++ < FILES_READ) {
        const bytes = await api.fileAt(repo, path, headSha)
        texts.set(path, bytes ? Buffer.from(bytes).toString('utf8') : undefined)
      }
    }
  }
  await readAll(filesToEdit(judged, config))
  // the configuration read: the file it keeps its redirects in, where a redirect is added
  await readAll(filesToEdit(judged, config, texts.get(config)))
  if (read > FILES_READ)
    core.info(
      `${count(read - FILES_READ, 'file')} the base branch changed since were not read: no fix is offered in them.`,
    )
  return (path) => texts.get(path)
}
