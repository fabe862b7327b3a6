import { isAbsolute, relative, resolve } from 'node:path'
import { formatNumber } from '../util/format.js'
import { MAX_PROMPT_CHARS } from '../util/prompt-bounds.js'
import { type Issues, problem } from './problem.js'

/**
 * The agent's prompt, from `prompt` or from `prompt-file`: a file inside the workspace, for a
 * generated prompt larger than an environment variable holds.
 */

/**
 * How `prompt-file` is read: the workspace it must lie in (GITHUB_WORKSPACE) and a reader (UTF-8
 * text; the real path, links resolved). Injected, so parsing stays free of I/O in tests.
 */
export interface PromptFiles {
  workspace: string
  /** The file's real path (links resolved), or throws. */
  realPath: (path: string) => string
  read: (path: string) => string
}

/** Why a prompt is no prompt, or too long; undefined when it is a prompt to send. */
export function promptProblem(text: string): { accepted: string; described?: string } | undefined {
  if (text.length > 0 && text.trim().length === 0)
    return { accepted: 'an instruction with some text in it, or no prompt at all' }
  if (text.length > MAX_PROMPT_CHARS) {
    return {
      accepted:
        `at most ${formatNumber(MAX_PROMPT_CHARS)} characters (this one has ` +
        `${formatNumber(text.length)}; the action sends no longer prompt)`,
      described: `is ${formatNumber(text.length)} characters long`,
    }
  }
  return undefined
}

/** `prompt-file`: the file's text, read as UTF-8 from inside the workspace, or a problem naming the path. */
export function readPromptFile(value: string, files: PromptFiles | undefined, ctx: Issues): string | undefined {
  if (!files)
    return problem(ctx, value, 'a file the action can read: this run has no workspace to read it from', ['prompt-file'])
  const inside = (path: string, root: string): boolean => {
    const rel = relative(root, path)
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
  }
  const accepted =
    'the path of a UTF-8 text file inside the workspace (GITHUB_WORKSPACE), relative to ' +
    'it or absolute, such as docs-prompt.md'
  const path = resolve(files.workspace, value)
  const unreadable = (error: unknown) =>
    problem(ctx, value, `${accepted}; it cannot be read (${(error as { code?: string }).code ?? 'error'})`, [
      'prompt-file',
    ])
  let real: string
  try {
    real = files.realPath(path)
  } catch (error) {
    return unreadable(error)
  }
  // the real path: a link in the workspace that points outside it is refused as well
  let root = files.workspace
  try {
    root = files.realPath(files.workspace)
  } catch {
    // the workspace as given
  }
  if (!inside(real, root)) return problem(ctx, value, `${accepted}; this one is outside it`, ['prompt-file'])
  let text: string
  try {
    text = files.read(real)
  } catch (error) {
    return unreadable(error)
  }
  if (text.trim() === '')
    return problem(ctx, value, `${accepted}, with some text in it; this one is empty`, ['prompt-file'])
  const bad = promptProblem(text)
  if (bad)
    return problem(
      ctx,
      value,
      bad.accepted,
      ['prompt-file'],
      bad.described ? { described: `names a file that ${bad.described}` } : undefined,
    )
  return text.trim()
}
