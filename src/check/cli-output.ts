/**
 * Reading what the Mintlify CLI prints (`mint broken-links`, `mint a11y`), as measured with mint
 * 4.2.941 (docs/actions/check.md). Pure: text in, problems out, table-tested against the real CLI's
 * output (test/check/). The CLI's exit code alone is never trusted: an output this cannot read, or
 * one that says the check itself failed, is `unreadable`, never a pass.
 */

/** The kinds of problem the check reports, by the rule a reader fixes. */
export type Rule = 'broken-link' | 'broken-redirect' | 'missing-alt' | 'accessibility' | 'contrast' | 'build'

export interface Problem {
  rule: Rule
  /** The file, relative to the docs folder, as the CLI names it. */
  file: string
  /** 1-based, when known (the CLI gives it for accessibility, this action finds it for links). */
  line?: number
  column?: number
  /** A broken link's target, or a redirect as `source → destination`. */
  target?: string
  /** What is wrong, in the CLI's words where it has them. */
  message: string
}

export type Reading = { ok: true; problems: Problem[] } | { ok: false; unreadable: string }

// escape sequences (colours, the spinner's cursor moves): FORCE_COLOR makes the CLI print them
// eslint-disable-next-line no-control-regex -- escape sequences are what this removes
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g

/** The CLI's text as plain lines: escape sequences and carriage-return redraws out, no-break spaces as spaces. */
export function plainLines(text: string): string[] {
  return (
    text
      .replace(ESCAPES, '')
      .split('\n')
      // a CR at the end is a line ending; one inside is a redraw, and the last drawing is what shows
      .map((line) => line.replace(/\r+$/, ''))
      .map((line) => (line.includes('\r') ? (line.split('\r').at(-1) ?? '') : line))
      .map((line) => line.replace(/\u00a0/g, ' '))
  )
}

/** Lines by which the CLI says its own check failed, while it may still print "success". */
const CHECK_FAILED = [
  /Failed to read or resolve docs\.json/i,
  /Accessibility check failed/i,
  /^\s*(?:erro|error)\b/i,
  /could not find docs\.json|no docs\.json/i,
  /upgrade.*mint\.json/i,
]

function checkFailure(lines: readonly string[]): string | undefined {
  const line = lines.find((l) => CHECK_FAILED.some((p) => p.test(l)))
  return line?.trim()
}

const FOUND_LINKS = /^found (\d+) broken links? in (\d+) files?$/i
const NO_LINKS = /^success no broken links found$/i
const TARGET = /^\s*⎿\s+(.+?)\s*$/

/** `mint broken-links`: each file, then each broken target under it; a redirect in docs.json as `a → b`. */
export function readBrokenLinks(output: string, exitCode: number | null): Reading {
  const lines = plainLines(output)
  const failed = checkFailure(lines)
  if (failed) return { ok: false, unreadable: `the CLI could not run the check: ${failed}` }
  const trimmed = lines.map((l) => l.trim()).filter((l) => l !== '')
  const head = trimmed.find((l) => FOUND_LINKS.test(l) || NO_LINKS.test(l))
  if (!head)
    return {
      ok: false,
      unreadable: `the CLI's output says neither "found … broken links" nor "no broken links found" (exit code ${exitCode ?? 'none'})`,
    }
  if (NO_LINKS.test(head)) {
    if (exitCode !== 0)
      return { ok: false, unreadable: `the CLI said no broken links but exited with ${exitCode ?? 'a signal'}` }
    return { ok: true, problems: [] }
  }
  const problems: Problem[] = []
  let file: string | undefined
  for (const line of lines.slice(lines.findIndex((l) => l.trim() === head) + 1)) {
    if (line.trim() === '') continue
    const target = TARGET.exec(line)
    if (target?.[1] !== undefined) {
      if (file === undefined) return { ok: false, unreadable: `a broken target came before any file: ${line.trim()}` }
      const text = target[1]
      const redirect = / → /.test(text)
      problems.push({
        rule: redirect ? 'broken-redirect' : 'broken-link',
        file,
        target: text,
        message: redirect ? `The redirect ${text} leads nowhere.` : `The link ${text} leads nowhere.`,
      })
    } else file = line.trim()
  }
  const [, count] = FOUND_LINKS.exec(head) ?? []
  if (Number(count) !== problems.length)
    return {
      ok: false,
      unreadable: `the CLI said "${head}" but listed ${problems.length} (its output changed: re-measure the pinned version)`,
    }
  if (exitCode === 0 && problems.length > 0)
    return { ok: false, unreadable: `the CLI listed broken links but exited with 0` }
  return { ok: true, problems }
}

const CONTRAST = /^(.+?\(#[0-9a-f]{3,8}\) vs .+?): FAIL\b\s*(.*)$/i
const FILE_HEAD = /^(\S.*):$/
const ISSUE = /^\s*✗\s+(.+?)\s*\(line (\d+), col (\d+)\)\s*$/
const FOUND_A11Y = /^Found (\d+) accessibility issues? in (\d+) files?:?$/i
const NO_A11Y = /no accessibility issues found/i

/** `mint a11y`: the theme colours' contrast verdicts, then each file and its issues at line and column. */
export function readAccessibility(output: string, exitCode: number | null, docsJson = 'docs.json'): Reading {
  const lines = plainLines(output)
  const failed = checkFailure(lines)
  if (failed) return { ok: false, unreadable: `the CLI could not run the check: ${failed}` }
  const problems: Problem[] = []
  let file: string | undefined
  let counted: number | undefined
  let sawVerdict = false
  for (const raw of lines) {
    const line = raw.trim()
    if (line === '') continue
    const contrast = CONTRAST.exec(line)
    if (contrast?.[1] !== undefined) {
      sawVerdict = true
      problems.push({
        rule: 'contrast',
        file: docsJson,
        message: `${contrast[1]}: ${contrast[2] || 'poor contrast'}`.trim(),
      })
      continue
    }
    if (/^Overall Assessment:|PASS\b/i.test(line)) sawVerdict = true
    const found = FOUND_A11Y.exec(line)
    if (found) {
      counted = Number(found[1])
      sawVerdict = true
      continue
    }
    if (NO_A11Y.test(line)) {
      counted = 0
      sawVerdict = true
      continue
    }
    const issue = ISSUE.exec(raw)
    if (issue?.[1] !== undefined) {
      if (file === undefined) return { ok: false, unreadable: `an issue came before any file: ${line}` }
      problems.push({
        rule: /\balt\b/i.test(issue[1]) ? 'missing-alt' : 'accessibility',
        file,
        line: Number(issue[2]),
        column: Number(issue[3]),
        message: issue[1],
      })
      continue
    }
    const head = FILE_HEAD.exec(line)
    if (head?.[1] !== undefined && counted !== undefined) file = head[1]
  }
  if (!sawVerdict || counted === undefined)
    return {
      ok: false,
      unreadable: `the CLI's output has no accessibility verdict (exit code ${exitCode ?? 'none'})`,
    }
  const inFiles = problems.filter((p) => p.rule !== 'contrast').length
  if (inFiles !== counted)
    return {
      ok: false,
      unreadable: `the CLI counted ${counted} accessibility issues in files but listed ${inFiles} (its output changed: re-measure the pinned version)`,
    }
  if (exitCode === 0 && problems.length > 0)
    return { ok: false, unreadable: 'the CLI listed accessibility issues but exited with 0' }
  if (exitCode !== 0 && problems.length === 0)
    return { ok: false, unreadable: `the CLI found no issue but exited with ${exitCode ?? 'a signal'}` }
  return { ok: true, problems }
}
