import ts from 'typescript'
import { checkSync } from 'recheck'
import { describe, expect, test } from 'vitest'
import { sourceFiles } from './source-files.js'

/**
 * No regular expression of the action can be made to read a text again and again: everything a pull
 * request, a reader or the service writes is read by them (names, links, the CLI's lines about
 * them), and an expression's backtracking cannot be stopped by wait-timeout. Each literal in src/ is
 * held to recheck's automaton (DETERMINED below): linear, never polynomial or exponential; the
 * few it cannot read are read by hand, each with why. An expression made at run time is built from parts held here too (a redirect's
 * source: addresses.ts, whose two rests match nothing).
 */

interface Literal {
  at: string
  source: string
  flags: string
}

function literals(): Literal[] {
  const found: Literal[] = []
  for (const [path, text] of sourceFiles()) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const written = node.getText(file)
        const end = written.lastIndexOf('/')
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
        found.push({ at: `${path}:${line + 1}`, source: written.slice(1, end), flags: written.slice(end + 1) })
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return found
}

/**
 * recheck's automaton, whose verdict is the same on every machine (its fuzzing, the fallback for
 * what the automaton cannot read, is timed: on a busy machine it called two expressions vulnerable
 * it had called safe). What the automaton cannot read (a look-ahead, a back-reference), or cannot
 * build in reasonable time (counted repetitions up to 100: two minutes), is listed here, each read
 * by hand; the test fails on one it cannot read that is not listed, and on one listed and gone.
 */
const DETERMINED = { checker: 'automaton', timeout: null } as const
const READ_BY_HAND: Record<string, string> = {
  'check/review.ts ^\\*\\*Fixes\\*\\* (?:this problem|these ([\\d,]+) problems):\\n((?:- [^\\n]*\\n)+)\\n(`{3,})suggestion\\n([\\s\\S]*)\\n\\3$':
    "anchored at both ends: the body's one greedy run gives back at most once per line break to find the closing fence",
  'check/target-lines.ts ^ {0,3}(`{3,}(?=[^`]*$)|~{3,})':
    "run on one line and anchored at its start: one attempt, its look-ahead reading the line's rest once",
  'github/pull-link.ts ^https:\\/\\/([^/?#@]+)\\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\\/([A-Za-z0-9._-]{1,100})\\/pull\\/([1-9]\\d{0,9})$':
    'anchored at both ends, each part a class that cannot hold the `/` that ends it: one way through',
}

describe('every regular expression of src/', () => {
  test('reads in linear time, whatever it is given', { timeout: 120_000 }, () => {
    const all = literals()
    // the scan finds them (a change that hid them from it would pass everything)
    expect(all.length).toBeGreaterThan(200)
    const byHand = new Set<string>()
    const slow = all.flatMap((r) => {
      const key = `${r.at.replace(/:\d+$/, '')} ${r.source}`
      if (key in READ_BY_HAND) {
        byHand.add(key)
        return []
      }
      const verdict = checkSync(r.source, r.flags, DETERMINED)
      return verdict.status === 'safe' ? [] : [`${r.at} /${r.source}/${r.flags}: ${verdict.status}`]
    })
    expect(slow).toEqual([])
    // each expression read by hand is still there
    expect([...byHand].sort()).toEqual(Object.keys(READ_BY_HAND).sort())
  })

  test('the check is able to fail: an expression that reads again and again is caught', () => {
    expect(checkSync('^(a+)+$', '', DETERMINED).status).toBe('vulnerable')
    expect(checkSync('\\[(?![^\\]]*\\])', '', DETERMINED).status).toBe('unknown')
    expect(checkSync('/\\/+$/'.slice(1, -1), '', { checker: 'auto' }).status).toBe('vulnerable')
  })
})
