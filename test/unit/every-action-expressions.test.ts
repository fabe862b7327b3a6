import ts from 'typescript'
import { checkSync } from 'recheck'
import { describe, expect, test } from 'vitest'
import { sourceFiles } from './source-files.js'

/**
 * No regular expression of the action can be made to read a text again and again: everything a pull
 * request, a reader or the service writes is read by them (names, links, the CLI's lines about
 * them), and an expression's backtracking cannot be stopped by wait-timeout. Each literal in src/ is
 * held to recheck's verdict (its automaton, and its fuzzing from a fixed seed; no time limit, so the
 * verdict never depends on the machine): linear, never polynomial
 * or exponential. An expression made at run time is built from parts held here too (a redirect's
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

describe('every regular expression of src/', () => {
  test('reads in linear time, whatever it is given', { timeout: 120_000 }, () => {
    const all = literals()
    // the scan finds them (a change that hid them from it would pass everything)
    expect(all.length).toBeGreaterThan(200)
    const slow = all.flatMap((r) => {
      const verdict = checkSync(r.source, r.flags, { timeout: null, checker: 'auto' })
      return verdict.status === 'safe' ? [] : [`${r.at} /${r.source}/${r.flags}: ${verdict.status}`]
    })
    expect(slow).toEqual([])
  })

  test('the check is able to fail: an expression that reads again and again is caught', () => {
    expect(checkSync('^(a+)+$', '', { checker: 'auto' }).status).toBe('vulnerable')
    expect(checkSync('/\\/+$/'.slice(1, -1), '', { checker: 'auto' }).status).toBe('vulnerable')
  })
})
