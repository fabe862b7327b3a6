import { withoutTrailing } from '../util/text.js'

/**
 * Reading what the Mintlify CLI prints (`broken-links`, `a11y`, `validate`), as measured with mint
 * 4.2.941 and held by the real CLI's output. Read by its structure (a count, each file after a blank
 * line, its targets on ` ⎿ ` lines), so no file name is taken for the CLI's words. An output this
 * cannot read, or one saying the check itself failed, is `unreadable`, never a pass.
 */

/** The kinds of problem the check reports, by the rule a reader fixes. */
export type Rule =
  | 'broken-link'
  | 'broken-redirect'
  | 'missing-alt'
  | 'accessibility'
  | 'contrast'
  | 'syntax'
  | 'build'
  /** An address the base serves that the head no longer answers (this action's, not the CLI's). */
  | 'lost-address'
  /** A redirect that cannot work as written (this action's, not the CLI's). */
  | 'redirect-fault'
  /** An API page whose front matter names an operation no OpenAPI document has (this action's, not the CLI's). */
  | 'missing-operation'
  /** An API page whose front matter names a schema no OpenAPI document has (this action's, not the CLI's). */
  | 'missing-schema'
  /** A page the pull request changed that is over the most the check reads itself (this action's, not the CLI's). */
  | 'too-large'

/** Each rule counted, as the ending says it: one and many (`1 broken link`, `1,024 broken links`). */
export const RULE_COUNTED: Record<Rule, readonly [string, string]> = {
  'broken-link': ['broken link', 'broken links'],
  'broken-redirect': ['broken redirect', 'broken redirects'],
  'missing-alt': ['image without alt text', 'images without alt text'],
  accessibility: ['accessibility problem', 'accessibility problems'],
  contrast: ['colour contrast failure', 'colour contrast failures'],
  syntax: ['page not parsed', 'pages not parsed'],
  build: ['build failure', 'build failures'],
  'lost-address': ['address that no longer answers', 'addresses that no longer answer'],
  'redirect-fault': ['redirect that cannot work', 'redirects that cannot work'],
  'missing-operation': ['API page with no operation', 'API pages with no operation'],
  'missing-schema': ['API page with no schema', 'API pages with no schema'],
  'too-large': ['page too large to check', 'pages too large to check'],
}

/** Each rule as a reader names it: an annotation's title, and (lower-cased) the summary's and the ending's words. */
export const RULE_TITLES: Record<Rule, string> = {
  'broken-link': 'Broken link',
  'broken-redirect': 'Broken redirect',
  'missing-alt': 'Image without alt text',
  accessibility: 'Accessibility',
  contrast: 'Colour contrast',
  syntax: 'Page not parsed',
  build: 'Build',
  'lost-address': 'Address no longer answers',
  'redirect-fault': 'Redirect that cannot work',
  'missing-operation': 'API page with no operation',
  'missing-schema': 'API page with no schema',
  'too-large': 'Page too large to check',
}

export interface Problem {
  rule: Rule
  /** The file, relative to the docs folder, as the CLI names it. */
  file: string
  /** 1-based, when known (the CLI gives it for accessibility and syntax, this action finds it for links). */
  line?: number
  column?: number
  /** A broken link's target, or a redirect as `source → destination`. */
  target?: string
  /** What is wrong, in the CLI's words where it has them. */
  message: string
}

/** A page the CLI could not parse (broken-links stops at the first and checks nothing else). */
export interface Unparsed {
  file: string
  line?: number
  column?: number
  message: string
}

export type Reading =
  | { ok: true; problems: Problem[] }
  /** `wrapped`: a line stood where a target belongs, as where the output was wrapped. */
  | { ok: false; unreadable: string; unparsed?: Unparsed; wrapped?: true }

// C0 controls but the tab, DEL, C1 controls
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/

// escape sequences (colours, the spinner's cursor moves): FORCE_COLOR makes the CLI print them
// eslint-disable-next-line no-control-regex -- escape sequences are what this removes
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b\n]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g

/**
 * The CLI's text as plain lines: escape sequences out, each within its line (a sequence never spans
 * one: a name holding `ESC ]` must not swallow the lines up to a later name's `BEL`), carriage-return
 * redraws out, no-break spaces as spaces.
 */
export function plainLines(text: string): string[] {
  return (
    text
      .split('\n')
      .map((line) => line.replace(ESCAPES, ''))
      // a CR at the end is a line ending; one inside is a redraw, and the last drawing is what shows
      .map((line) => withoutTrailing(line, '\r'))
      .map((line) => (line.includes('\r') ? (line.split('\r').at(-1) ?? '') : line))
      .map((line) => line.replace(/\u00a0/g, ' '))
      // a line separator inside a line (in a name or a target) is a blank: the CLI's lines end at a newline
      .map((line) => line.replace(/[\u2028\u2029]/g, ' '))
  )
}

/** A frame of the CLI's spinner (cli-spinners' dots) and the words beside it. */
const SPINNER = /^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /

/**
 * The CLI exited while its spinner still showed: the last line it drew is a spinner frame, its verdict
 * never drawn. mint waits 50 ms for Ink to draw before it exits, and with CI set Ink writes only its
 * last frame, so on a busy machine the verdict can be lost; the same command run again prints it.
 */
export function cutShort(stdout: string): boolean {
  const last = plainLines(stdout).findLast((line) => line.trim() !== '')
  return last !== undefined && SPINNER.test(last)
}

/**
 * Whether a run of the CLI ran out of memory: Node's own last words (`FATAL ERROR: Reached heap limit
 * Allocation failed - JavaScript heap out of memory`) and the abort that follows them (SIGABRT;
 * exit code 134 where a shell or Windows reports it), never the words alone (a page's name can
 * hold them); or a SIGKILL the check did not send (it ends its own runs with SIGTERM first, and a
 * run it stopped is never read): what the system's out-of-memory killer does.
 */
export function ranOutOfMemory(stderr: string, signal: NodeJS.Signals | null, exitCode: number | null): boolean {
  if (signal === 'SIGKILL') return true
  return (signal === 'SIGABRT' || exitCode === 134) && /JavaScript heap out of memory|Reached heap limit/.test(stderr)
}

/** Lines by which the CLI says its own check failed, while it may still print "success". */
const CHECK_FAILED = [
  /Failed to read or resolve docs\.json/i,
  /^\s*(?:(?:erro|error)\s+)?Accessibility check failed/i,
  /No configuration file found/i,
  /would you like to upgrade your mint\.json/i,
]

/** `error Syntax error - Unable to parse guides/a.mdx - 7:26: Unexpected …` (broken-links' first unparsable page). */
const SYNTAX_ERROR =
  /^\s*(?:erro|error)\s+Syntax error - Unable to parse ([^]+?) - (?:(\d+):(\d+)(?:-\d+:\d+)?:?\s*)?([^]*)$/i
/** `erro …` / `error …`: the CLI's own error line, before any verdict. */
const CLI_ERROR = /^\s*(?:erro|error)\s/i

const FOUND_LINKS = /^found (\d+) broken links? in (\d+) files?$/i
const NO_LINKS = /^success no broken links found$/i

/** A broken target's line (`  ⎿  /guides/a`): the target, trimmed; undefined for any other line. Linear. */
export function targetOf(line: string): string | undefined {
  const at = /^\s*⎿\s/.exec(line)
  if (!at) return undefined
  const rest = line.slice(at[0].length)
  // (of nothing but blanks, the last of them, as the expression it replaces read it)
  const target = rest.trim() || rest.slice(-1)
  return target === '' ? undefined : target
}

/**
 * `mint broken-links`: `found N broken links in M files`, then for each file a blank line, the
 * file's name, and each broken target under it (a redirect of docs.json as `source → destination`).
 */
export function readBrokenLinks(output: string, exitCode: number | null): Reading {
  const lines = plainLines(output)
  const headAt = lines.findIndex((l) => FOUND_LINKS.test(l.trim()) || NO_LINKS.test(l.trim()))
  // before the verdict: the CLI's own failures (only there: after it, every line is a file or a target)
  const before = headAt === -1 ? lines : lines.slice(0, headAt)
  const failed = before.find((l) => CHECK_FAILED.some((p) => p.test(l)))
  if (failed) return { ok: false, unreadable: `the CLI could not run the check: ${failed.trim()}` }
  const syntax = before.map((l) => SYNTAX_ERROR.exec(l)).find((m) => m !== null)
  if (syntax?.[1] !== undefined)
    return {
      ok: false,
      unreadable: `the CLI could not parse ${syntax[1]}`,
      unparsed: {
        file: syntax[1],
        ...(syntax[2] !== undefined ? { line: Number(syntax[2]), column: Number(syntax[3]) } : {}),
        message: (syntax[4] ?? '').trim() || 'a syntax error',
      },
    }
  const error = before.find((l) => CLI_ERROR.test(l))
  if (error) return { ok: false, unreadable: `the CLI failed: ${error.trim()}` }
  const head = lines[headAt]?.trim()
  if (head === undefined)
    return {
      ok: false,
      unreadable:
        `the CLI's output says neither "found … broken links" nor "no broken links found" ` +
        `(exit code ${exitCode ?? 'none'})`,
    }
  if (NO_LINKS.test(head)) {
    if (exitCode !== 0)
      return { ok: false, unreadable: `the CLI said no broken links but exited with ${exitCode ?? 'a signal'}` }
    return { ok: true, problems: [] }
  }
  const problems: Problem[] = []
  let file: string | undefined
  let afterBlank = true
  for (const line of lines.slice(headAt + 1)) {
    if (line.trim() === '') {
      afterBlank = true
      continue
    }
    // a control character left once escape sequences are out: no name the check's copy holds
    // (tree-copy.ts leaves such names out), so the listing is not the one measured
    if (CONTROL.test(line))
      return { ok: false, unreadable: `a line of the CLI's output holds a control character: ${JSON.stringify(line)}` }
    const target = targetOf(line)
    if (target !== undefined) {
      if (file === undefined) return { ok: false, unreadable: `a broken target came before any file: ${line.trim()}` }
      problems.push(brokenTarget(file, target))
    } else if (afterBlank) file = line.trimEnd()
    // the CLI's warning about the configuration after its list (🚨 Invalid mint.json: …): no file
    else if (line.startsWith('🚨')) break
    else
      // a second line where a target belongs: the output is not what was measured (wrapped, or changed)
      return {
        ok: false,
        unreadable: `a line the CLI's output should not have after ${file ?? 'its count'}: ${line.trim()}`,
        wrapped: true,
      }
    afterBlank = false
  }
  const [, count] = FOUND_LINKS.exec(head) ?? []
  if (Number(count) !== problems.length)
    return {
      ok: false,
      unreadable:
        `the CLI said "${head}" but listed ${problems.length} (its output changed: ` + `re-measure the pinned version)`,
    }
  if (exitCode === 0 && problems.length > 0)
    return { ok: false, unreadable: `the CLI listed broken links but exited with 0` }
  return { ok: true, problems }
}

/** A link to another site (`url (404)`): the answer is the day's, said but never part of the target. */
const EXTERNAL = /^(https?:\/\/.+) \(([^()]*)\)$/

/** One listed target of a file: a broken link, a site's link that did not answer, or a redirect. */
function brokenTarget(file: string, text: string): Problem {
  if (/ → /.test(text))
    return { rule: 'broken-redirect', file, target: text, message: `The redirect ${text} leads nowhere.` }
  const [, url, answer] = EXTERNAL.exec(text) ?? []
  if (url === undefined || answer === undefined)
    return { rule: 'broken-link', file, target: text, message: `The link ${text} leads nowhere.` }
  const said = /^\d{3}$/.test(answer) ? `answers ${answer}` : `could not be reached (${answer})`
  return { rule: 'broken-link', file, target: url, message: `The link ${url} ${said}.` }
}

/**
 * `Primary Color (#16A34A) vs Light Background: FAIL …`, and a navigation anchor's `Light variant vs
 * Light Background: FAIL …`: the pair (up to `Background`, from the first ` vs `) and what follows
 * `FAIL`. Linear: each search starts where the last one ended.
 */
export function contrastOf(line: string): { pair: string; said: string } | undefined {
  const vs = / vs /gi
  vs.lastIndex = 1
  const first = vs.exec(line)
  if (!first) return undefined
  const fail = / Background: FAIL\b/gi
  fail.lastIndex = first.index + 5
  const at = fail.exec(line)
  if (!at) return undefined
  return { pair: line.slice(0, at.index + ' Background'.length), said: line.slice(at.index + at[0].length).trimStart() }
}
/** The anchors' part of the contrast check, each anchor's name on a line of its own. */
const ANCHORS = /^Navigation Anchors:$/i
/** A configuration without colours: the CLI has no contrast to check, and says so instead of a verdict. */
const NO_COLOURS = /No colors section found in configuration file/i
const FILE_HEAD = /^(\S.*):$/
/** An issue's line (`  ✗ Image is missing alt text (line 7, col 3)`): what it says, its line and column. Linear. */
export function issueOf(line: string): { said: string; line: number; column: number } | undefined {
  const start = /^\s*✗\s/.exec(line)
  if (!start) return undefined
  const trimmed = line.trimEnd()
  const open = trimmed.lastIndexOf('(line ')
  const place = open === -1 ? null : /^\(line (\d+), col (\d+)\)$/.exec(trimmed.slice(open))
  if (!place) return undefined
  // what it says: the words between the mark and the place (of nothing but blanks, the last of them)
  const between = trimmed.slice(start[0].length - 1, open)
  const said = between.trim() || (between.length >= 2 ? between.slice(-1) : '')
  return said === '' ? undefined : { said, line: Number(place[1]), column: Number(place[2]) }
}
const FOUND_A11Y = /^Found (\d+) accessibility issues? in (\d+) files?:?$/i
const NO_A11Y = /no accessibility issues found/i
const OVERALL = /^Overall Assessment:/i
/** `Warning: Could not parse /abs/guides/a.mdx: 7:26: Unexpected …` (a11y goes on with the other files). */
const COULD_NOT_PARSE = /^Warning: Could not parse ([^]+?): (?:(\d+):(\d+)(?:-\d+:\d+)?:?\s*)?([^]*)$/

export interface AccessibilityRun {
  /** alt-text was checked (without it the CLI prints no "Found …" line). */
  altText: boolean
  /** contrast was checked (without it, no "Overall Assessment"). */
  contrast: boolean
  /** The folder the CLI ran in: the files it names in a warning are absolute. */
  folder?: string
  /** The site's configuration file, where contrast problems are filed. */
  config?: string
}

/** `mint a11y`: the theme colours' contrast verdicts, then each file and its issues at line and column. */
export function readAccessibility(output: string, exitCode: number | null, run: AccessibilityRun): Reading {
  const lines = plainLines(output)
  const failed = lines.find((l) => CHECK_FAILED.some((p) => p.test(l)))
  if (failed) return { ok: false, unreadable: `the CLI could not run the check: ${failed.trim()}` }
  const problems: Problem[] = []
  let file: string | undefined
  let counted: number | undefined
  let overall = false
  let anchor: string | undefined
  let inAnchors = false
  for (const raw of lines) {
    const line = raw.trim()
    if (line === '') continue
    if (counted === undefined) {
      const contrast = contrastOf(line)
      if (contrast !== undefined) {
        problems.push({
          rule: 'contrast',
          file: run.config ?? 'docs.json',
          message:
            `${inAnchors && anchor ? `Anchor ${anchor}, ` : ''}${contrast.pair}: ${contrast.said || 'poor contrast'}`.trim(),
        })
        continue
      }
      if (OVERALL.test(line) || NO_COLOURS.test(line)) {
        overall = true
        continue
      }
      if (ANCHORS.test(line)) {
        inAnchors = true
        continue
      }
      // an anchor's name, then its verdicts
      const name = inAnchors ? /^(.+):$/.exec(line)?.[1] : undefined
      if (name !== undefined && !/ vs /.test(line)) {
        anchor = name
        continue
      }
    }
    const unparsable = COULD_NOT_PARSE.exec(line)
    if (unparsable?.[1] !== undefined) {
      problems.push({
        rule: 'syntax',
        file: relativeTo(run.folder, unparsable[1]),
        ...(unparsable[2] !== undefined ? { line: Number(unparsable[2]), column: Number(unparsable[3]) } : {}),
        message: `The page could not be parsed: ${(unparsable[4] ?? '').trim() || 'a syntax error'}`,
      })
      continue
    }
    const found = FOUND_A11Y.exec(line)
    if (found) {
      counted = Number(found[1])
      continue
    }
    if (NO_A11Y.test(line)) {
      counted = 0
      continue
    }
    const issue = issueOf(raw)
    if (issue !== undefined) {
      if (file === undefined) return { ok: false, unreadable: `an issue came before any file: ${line}` }
      problems.push({
        rule: /\balt\b/i.test(issue.said) ? 'missing-alt' : 'accessibility',
        file,
        line: issue.line,
        column: issue.column,
        message: issue.said,
      })
      continue
    }
    const head = FILE_HEAD.exec(raw.trimEnd())
    if (head?.[1] !== undefined && counted !== undefined) file = head[1]
  }
  if (run.contrast && !overall)
    return { ok: false, unreadable: `the CLI's output has no contrast verdict (exit code ${exitCode ?? 'none'})` }
  if (run.altText && counted === undefined)
    return { ok: false, unreadable: `the CLI's output has no verdict on alt text (exit code ${exitCode ?? 'none'})` }
  const inFiles = problems.filter((p) => p.rule === 'missing-alt' || p.rule === 'accessibility').length
  if (inFiles !== (counted ?? 0))
    return {
      ok: false,
      unreadable:
        `the CLI counted ${counted ?? 0} accessibility issues in files but listed ` +
        `${inFiles} (its output changed: re-measure the pinned version)`,
    }
  const failing = problems.filter((p) => p.rule !== 'syntax').length
  if (exitCode === 0 && failing > 0)
    return { ok: false, unreadable: 'the CLI listed accessibility issues but exited with 0' }
  if (exitCode !== 0 && failing === 0)
    return { ok: false, unreadable: `the CLI found no issue but exited with ${exitCode ?? 'a signal'}` }
  return { ok: true, problems }
}

/** `/tmp/site/guides/a.mdx` in `/tmp/site` → `guides/a.mdx` (a name already relative stays). */
function relativeTo(folder: string | undefined, file: string): string {
  const normal = file.replace(/\\/g, '/')
  if (!folder) return normal
  const base = withoutTrailing(folder.replace(/\\/g, '/'), '/')
  return normal.startsWith(`${base}/`) ? normal.slice(base.length + 1) : normal
}

export type Validation =
  | { verdict: 'valid' }
  | { verdict: 'offline'; said: string }
  | { verdict: 'invalid'; said: string }
  | { verdict: 'unreadable'; why: string }

/**
 * `mint validate`: "build validation passed" and exit 0 is valid; "requires an internet connection"
 * is no verdict; any other failure is the build's problem, in its words.
 */
export function readValidation(output: string, exitCode: number | null): Validation {
  const lines = plainLines(output)
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const text = lines.join(' ')
  if (exitCode === 0)
    return /build validation passed/i.test(text)
      ? { verdict: 'valid' }
      : { verdict: 'unreadable', why: `mint validate exited with 0 without saying the build validation passed` }
  const offline = lines.find((l) => /requires an internet connection/i.test(l))
  if (offline) return { verdict: 'offline', said: offline.replace(CLI_ERROR, '').trim() }
  const errors = lines.filter((l) => CLI_ERROR.test(l)).map((l) => l.replace(CLI_ERROR, '').trim())
  return {
    verdict: 'invalid',
    said: (errors.length > 0 ? errors : lines.slice(-3)).join(' ') || `exit code ${exitCode ?? 'none'}`,
  }
}

/** `Warning: Failed to extract OpenAPI pages from navigation: TypeError: fetch failed` and the like. */
const WARNING = /^\s*(?:warning|warn)\b:?\s+([^]+)$/i

/** What the CLI warned of, once each: its `Warning:` lines and 🚨 blocks (an unparsable page is a problem). */
export function cliWarnings(text: string): string[] {
  const lines = plainLines(text).map((l) => l.trim())
  const found = new Set<string>()
  lines.forEach((line, at) => {
    if (COULD_NOT_PARSE.test(line)) return
    const warned = WARNING.exec(line)?.[1]
    if (warned !== undefined) found.add(warned.trim())
    else if (line.startsWith('🚨')) {
      const end = lines.indexOf('', at)
      found.add(
        lines
          .slice(at, end === -1 ? undefined : end)
          .join(' ')
          .replace(/^🚨\s*/u, ''),
      )
    }
  })
  return [...found]
}
