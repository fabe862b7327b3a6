import { readFileSync } from 'node:fs'
import type { ChangeEvent } from '../github/change.js'
import type { LiveSettings } from './inputs.js'
import type { ModeContext } from '../modes/context.js'
import { isPage, repositoryPath } from '../site/addresses.js'
import { type PullPage, docsFiles, inReadingOrder, pagesFromFiles, readPagesFile } from '../site/pull-pages.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'

/**
 * The pull request's pages the preview links: the check's pages file (pages-json), else its files
 * alone. Read before anything is sent: an unreadable pages file is an input error.
 */

/** The pages whose titles are read from the head (one request each); the rest are titled from their file names. */
export const MOST_TITLED = 50

/** The check's pages file, read before anything is sent; undefined where none is given, or why it cannot be used. */
export function readGivenPages(settings: LiveSettings): { pages?: PullPage[]; pull?: number } | { error: string } {
  const path = settings.live.pages.file
  if (path === undefined) return {}
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    return { error: pagesJsonError(path, `it cannot be read (${external(getErrorMessage(error), 200)})`) }
  }
  const read = readPagesFile(text)
  if ('why' in read) return { error: pagesJsonError(path, read.why) }
  return { pages: inReadingOrder(read.file.pages), pull: read.file.pull }
}

const pagesJsonError = (path: string, why: string): string =>
  `Input pages-json is "${external(path, 200)}": expected the path the check action's pages-json output ` +
  `names (run the check before this step, in the same job), but ${why}.`

/** The pages to show: the given file's if it is this pull request's, else its files; a refusal is one notice. */
export async function previewPages(
  settings: LiveSettings,
  ctx: ModeContext,
  change: ChangeEvent | undefined,
  given: { pages?: PullPage[]; pull?: number },
): Promise<PullPage[] | undefined> {
  if (change?.kind !== 'pull') return given.pages
  if (given.pages) {
    if (given.pull === change.number) return given.pages
    core.warning(
      `Input pages-json names the pages of pull request #${given.pull ?? '?'}, and this run is for #${change.number}: ` +
        `its own files are listed instead.`,
    )
  }
  const { docsPath, token } = settings.live.pages
  const repo = { owner: ctx.run.owner, repo: ctx.run.repo }
  try {
    const api = await ctx.github(token)
    const listed = docsFiles(await api.pullRequestFiles(repo, change.number), docsPath)
    // the head's texts of the first pages it adds, changes or renames: their titles
    const titled = listed.filter((f) => f.status !== 'removed' && isPage(f.filename)).slice(0, MOST_TITLED)
    const texts = new Map<string, string>()
    for (const f of titled) {
      const bytes = await api.fileAt(repo, repositoryPath(docsPath, f.filename), change.headSha)
      if (bytes) texts.set(f.filename, Buffer.from(bytes).toString('utf8'))
    }
    const pages = pagesFromFiles(listed, {
      text: (file) => texts.get(file),
      repositoryPath: (file) => repositoryPath(docsPath, file),
    })
    return inReadingOrder(pages)
  } catch (error) {
    if (error instanceof CancelledError) throw error
    core.notice(
      `The pages of pull request #${change.number} could not be listed (${external(getErrorMessage(error), 300)}): ` +
        `the preview is linked at its root. The listing needs pull-requests: read and contents: read.`,
    )
    return undefined
  }
}
