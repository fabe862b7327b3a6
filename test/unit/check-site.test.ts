import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CUT_SHORT_RUNS, MAX_UNPARSED, checkSite } from '../../src/check/check-site.js'
import type { Ran } from '../../src/check/child-process.js'
import { WIDTH } from '../../src/check/tree-copy.js'
import type { Check } from '../../src/inputs/parsers.js'

/**
 * One tree checked, with a scripted CLI: what it runs, in which order, and what it makes of a page it
 * cannot parse or of an output that looks wrapped. The outputs are the real CLI's shapes (mint
 * 4.2.941, test/unit/check-output.test.ts holds the reading of each).
 */

const ran = (output: string, exitCode: number, stderr = ''): Ran => ({
  output: stderr + output,
  stdout: output,
  stderr,
  exitCode,
  signal: null,
})
const FOUND = 'found 1 broken links in 1 files\n\nindex.mdx\n ⎿  /gone\n'
const SYNTAX = (file: string) => `error Syntax error - Unable to parse ${file} - 7:3: Unexpected character\n`
const SPUN = '⠋ checking for broken links...\n'
const A11Y = 'Overall Assessment: PASS\nsuccess no accessibility issues found\n'

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-site-'))
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text)
  return dir
}

/** A CLI that answers each call with the next of `answers` (for broken-links) or `a11y`. */
function scripted(answers: Array<(tree: string) => Ran>, a11y = ran(A11Y, 0)) {
  const calls: Array<{ args: string[]; columns?: number; files: { bad: string } }> = []
  return {
    calls,
    mint(tree: string) {
      return (args: string[], columns?: number): Promise<Ran> => {
        calls.push({
          args,
          ...(columns !== undefined ? { columns } : {}),
          files: { bad: readIf(join(tree, 'bad.mdx')) },
        })
        if (args[0] === 'a11y') return Promise.resolve(a11y)
        const next = answers.shift()
        return Promise.resolve(next ? next(tree) : ran('', 1))
      }
    },
  }
}

function readIf(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

const LINKS = new Set<Check>(['links'])
const BOTH = new Set<Check>(['links', 'alt-text', 'contrast'])

describe('one tree checked', () => {
  test('an output that looks wrapped is read again at the widest output, once', async () => {
    const tree = site({ 'index.mdx': '# Home' })
    const cli = scripted([
      () => ran('found 1 broken links in 1 files\n\na very long folder/and the\nrest.mdx\n ⎿  /x\n', 1),
      () => ran(FOUND, 1),
    ])
    const checked = await checkSite({ tree, config: 'docs.json', checks: LINKS, mint: cli.mint(tree) })
    expect(checked.problems.map((p) => p.target)).toEqual(['/gone'])
    expect(cli.calls.map((c) => c.columns)).toEqual([undefined, WIDTH.max])
  })

  test('a page it cannot parse: one problem there, the page replaced by its front matter and headings, the rest checked', async () => {
    const tree = site({ 'index.mdx': '# Home', 'bad.mdx': '---\ntitle: Bad\n---\n\n# Bad\n\n{oops\n' })
    const cli = scripted([() => ran(SYNTAX('bad.mdx'), 1), () => ran(FOUND, 1)])
    const checked = await checkSite({ tree, config: 'docs.json', checks: BOTH, mint: cli.mint(tree) })
    expect(checked.problems.map((p) => [p.rule, p.file, p.line])).toEqual([
      ['syntax', 'bad.mdx', 7],
      ['broken-link', 'index.mdx', undefined],
    ])
    // replaced only after a11y, which reads the same tree, was done
    expect(cli.calls.map((c) => [c.args[0], c.files.bad.includes('{oops')])).toEqual([
      ['broken-links', true],
      ['a11y', true],
      ['broken-links', false],
    ])
    expect(readFileSync(join(tree, 'bad.mdx'), 'utf8')).toBe('---\ntitle: Bad\n---\n\n# Bad\n')
  })

  test('a page still unparsable as its headings: its front matter alone; a third time: no verdict', async () => {
    const tree = site({ 'bad.mdx': '---\ntitle: Bad\n---\n\n# Bad\n' })
    const again = scripted([() => ran(SYNTAX('bad.mdx'), 1), () => ran(SYNTAX('bad.mdx'), 1), () => ran(FOUND, 1)])
    const fine = await checkSite({ tree, config: 'docs.json', checks: LINKS, mint: again.mint(tree) })
    expect(fine.unreadable).toBeUndefined()
    expect(readFileSync(join(tree, 'bad.mdx'), 'utf8')).toBe('---\ntitle: Bad\n---\n')
    const never = scripted(Array.from({ length: 3 }, () => () => ran(SYNTAX('bad.mdx'), 1)))
    const stuck = await checkSite({ tree, config: 'docs.json', checks: LINKS, mint: never.mint(tree) })
    expect(stuck.unreadable).toContain('even with only its front matter')
  })

  test('a run that exits before printing its verdict is run again, saying why; its verdict is the one read', async () => {
    const tree = site({ 'index.mdx': '# Home' })
    const cli = scripted([() => ran(SPUN, 0), () => ran(FOUND, 1)])
    const said: string[] = []
    const checked = await checkSite({
      tree,
      config: 'docs.json',
      checks: LINKS,
      mint: cli.mint(tree),
      log: (m) => said.push(m),
    })
    expect(checked.unreadable).toBeUndefined()
    expect(checked.problems.map((p) => p.target)).toEqual(['/gone'])
    expect(cli.calls.map((c) => c.args[0])).toEqual(['broken-links', 'broken-links'])
    expect(said).toEqual([
      `mint broken-links exited before it printed its verdict (its output ends at the spinner): run 2 of ${CUT_SHORT_RUNS}.`,
    ])
  })

  test(`cut short ${CUT_SHORT_RUNS} times: no verdict, never a pass; a11y and validate asked again too`, async () => {
    const tree = site({ 'index.mdx': '# Home' })
    const never = scripted(Array.from({ length: CUT_SHORT_RUNS + 1 }, () => () => ran(SPUN, 0)))
    const stuck = await checkSite({ tree, config: 'docs.json', checks: LINKS, mint: never.mint(tree) })
    expect(stuck.unreadable).toContain('did not run to a verdict')
    expect(stuck.problems).toEqual([])
    expect(never.calls).toHaveLength(CUT_SHORT_RUNS)
    // each command its own runs: a11y cut short once, validate twice
    const runs: string[] = []
    const answers: Record<string, Ran[]> = {
      'broken-links': [ran('success no broken links found\n', 0)],
      a11y: [ran('⠋ checking accessibility...\n', 0), ran(A11Y, 0)],
      validate: [ran('⠋ validating...\n', 0), ran('⠋ validating...\n', 0), ran('success build validation passed\n', 0)],
    }
    const checked = await checkSite({
      tree,
      config: 'docs.json',
      checks: new Set<Check>(['links', 'alt-text', 'validate']),
      mint: (args) => {
        const command = args[0] ?? ''
        runs.push(command)
        return Promise.resolve(answers[command]?.shift() ?? ran('', 1))
      },
    })
    expect(checked.unreadable).toBeUndefined()
    expect(runs.filter((c) => c === 'a11y')).toHaveLength(2)
    expect(runs.filter((c) => c === 'validate')).toHaveLength(3)
    expect(runs.filter((c) => c === 'broken-links')).toHaveLength(1)
  })

  test("a CLI a signal ended (the OOM killer's SIGKILL) at its spinner is not run again: it would be ended again", async () => {
    const tree = site({ 'index.mdx': '# Home' })
    const killed = scripted([() => ({ ...ran(SPUN, 0), exitCode: null, signal: 'SIGKILL' }), () => ran(FOUND, 1)])
    const ended = await checkSite({ tree, config: 'docs.json', checks: LINKS, mint: killed.mint(tree) })
    expect(ended.unreadable).toContain('did not run to a verdict')
    expect(killed.calls).toHaveLength(1)
  })

  test(`more than ${MAX_UNPARSED} unparsable pages: no verdict, naming them`, async () => {
    const tree = site(Object.fromEntries(Array.from({ length: MAX_UNPARSED + 1 }, (_, i) => [`p${i}.mdx`, '# P'])))
    const cli = scripted(Array.from({ length: MAX_UNPARSED + 1 }, (_, i) => () => ran(SYNTAX(`p${i}.mdx`), 1)))
    const checked = await checkSite({ tree, config: 'docs.json', checks: LINKS, mint: cli.mint(tree) })
    expect(checked.unreadable).toContain(`could not parse ${MAX_UNPARSED + 1} pages`)
  })

  test('a site on mint.json: broken-links first (it writes the docs.json a11y needs), even when only a11y is asked', async () => {
    const tree = site({ 'mint.json': '{}', 'index.mdx': '# Home' })
    const cli = scripted([() => ran(FOUND, 1)])
    const checked = await checkSite({
      tree,
      config: 'mint.json',
      checks: new Set<Check>(['alt-text', 'contrast']),
      mint: cli.mint(tree),
    })
    expect(cli.calls.map((c) => c.args[0])).toEqual(['broken-links', 'a11y'])
    // the links were not asked for: their problems are not reported
    expect(checked.problems).toEqual([])
  })
})
