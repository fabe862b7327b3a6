import fc from 'fast-check'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runProgram } from '../../src/check/child-process.js'
import { cliEnvironment, writePreload } from '../../src/check/mint-cli.js'
import { REAL_CLI } from '../simulator/fake-tools.js'

/**
 * The preload's hook on the real CLI's ink (src/check/mint-cli.ts, INK_GRID): it applies to the ink
 * the pinned CLI installs, and the grid it leaves sparse draws the same text, byte for byte, as ink's
 * own, for any writes, clips and widths: run in two processes of the installed CLI's Node modules,
 * one with the check's preload and one without.
 */

const OUTPUT = join(REAL_CLI, '..', '..', '..', '..', 'ink', 'build', 'output.js')

/** Draws each case with ink's Output as the process has it; prints each case's output, and whether the grid is ink's own. */
const DRAW = `const { default: Output } = await import(${JSON.stringify(`file://${OUTPUT}`)})
const { readFileSync } = await import('node:fs')
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const drawn = cases.map(({ width, height, ops }) => {
  const output = new Output({ width, height })
  for (const op of ops) {
    if (op.type === 'write')
      output.write(op.x, op.y, op.text, { transformers: op.upper ? [(line) => line.toUpperCase()] : [] })
    else if (op.type === 'clip') output.clip(op.clip)
    else output.unclip()
  }
  return output.get()
})
const grid = Output.prototype.get.toString().includes('this.width; x++')
process.stdout.write(JSON.stringify({ grid, drawn }))
`

interface Drawn {
  grid: boolean
  drawn: Array<{ output: string; height: number }>
}

async function draw(cases: unknown[], hooked: boolean): Promise<Drawn> {
  const dir = mkdtempSync(join(tmpdir(), 'ink-grid-'))
  const script = join(dir, 'draw.mjs')
  const input = join(dir, 'cases.json')
  writeFileSync(script, DRAW)
  writeFileSync(input, JSON.stringify(cases))
  const env = hooked
    ? cliEnvironment(process.env, { preload: writePreload(dir), columns: 200 })
    : cliEnvironment(process.env, { preload: join(dir, 'none.cjs'), columns: 200 })
  if (!hooked) writeFileSync(join(dir, 'none.cjs'), '')
  const ran = await runProgram(process.execPath, [script, input], {
    cwd: dir,
    env,
    stop: new AbortController().signal,
  })
  expect(ran.stderr).toBe('')
  return JSON.parse(ran.stdout) as Drawn
}

const text = fc
  .array(fc.constantFrom('a', 'Z', ' ', '  ', '界', '😀', '\u00a0', '⎿', 'é', '-', '\t'), { maxLength: 30 })
  .map((parts) => parts.join(''))
const op = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant('write'),
      x: fc.integer({ min: 0, max: 45 }),
      y: fc.integer({ min: 0, max: 14 }),
      text: fc.array(text, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')),
      upper: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('clip'),
      clip: fc.record({
        x1: fc.integer({ min: 0, max: 20 }),
        x2: fc.integer({ min: 0, max: 50 }),
        y1: fc.integer({ min: 0, max: 6 }),
        y2: fc.integer({ min: 0, max: 14 }),
      }),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ type: 'unclip' }), weight: 1 },
)
const drawing = fc.record({
  width: fc.integer({ min: 0, max: 40 }),
  height: fc.integer({ min: 0, max: 12 }),
  ops: fc.array(op, { maxLength: 12 }),
})

describe("the CLI's output drawn without ink's full grid", () => {
  test("the hook applies to the pinned CLI's ink, and 300 drawings of any writes, clips and widths come out byte for byte as ink's own", async () => {
    const cases = fc.sample(drawing, { numRuns: 300, seed: 78 })
    // the hand-picked: a name wider than the grid, a wide character at its edge, rows left empty
    cases.push(
      { width: 10, height: 3, ops: [{ type: 'write', x: 2, y: 1, text: 'a name longer than the grid', upper: false }] },
      { width: 5, height: 2, ops: [{ type: 'write', x: 4, y: 0, text: '界界', upper: false }] },
      { width: 0, height: 0, ops: [] },
    )
    const [own, hooked] = await Promise.all([draw(cases, false), draw(cases, true)])
    expect(own.grid).toBe(true)
    expect(hooked.grid).toBe(false)
    expect(hooked.drawn).toHaveLength(cases.length)
    for (const [i, drawn] of hooked.drawn.entries())
      expect(drawn, `case ${i}: ${JSON.stringify(cases[i])}`).toEqual(own.drawn[i])
  })
})
