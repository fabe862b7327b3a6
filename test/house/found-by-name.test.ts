import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ACTIONS, type ActionName } from '../../src/inputs/catalogue.js'
import { DEFINED_IN, INPUTS, type InputName } from '../../src/interface/catalogue.js'
import { ROOT } from '../e2e/harness.js'

/**
 * A newcomer who knows only an action's name finds its code: its folder is src/<name>/, or a folder
 * the development map says holds it, with a file named for it; and every input only that folder's
 * actions take is defined there, in its inputs.ts (the catalogue says where each input comes from,
 * and this reads the folder's own file to hold it to that).
 */

const MAP = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')

/** The map's folder for an action: its row opens with "the <a>, <b> and <c> actions" or "the <a> action". */
function mappedFolder(action: ActionName): string | undefined {
  for (const row of MAP.matchAll(/^\| `src\/([a-z-]+)\/` \| the ([a-z, ]+?) actions? \(/gm)) {
    const named = (row[2] ?? '').split(/, | and /)
    if (named.includes(action)) return row[1]
  }
  return undefined
}

/** The folder a newcomer reaches from the action's name. */
function folderOf(action: ActionName): string | undefined {
  if (existsSync(join(ROOT, 'src', action, 'mode.ts'))) return action
  const mapped = mappedFolder(action)
  if (mapped === undefined) return undefined
  // the map's folder holds a file named for the action: the file list shows it
  const files = readdirSync(join(ROOT, 'src', mapped))
  return files.some((file) => file.split(/[-.]/).includes(action)) ? mapped : undefined
}

const FOLDERS = ACTIONS.map((action) => [action, folderOf(action)] as const)

describe('each action is found by its name', () => {
  test.each(FOLDERS)('%s: its folder is src/%s/, and the map names it', (action, folder) => {
    expect(folder).toBeDefined()
    // the map says what the folder holds, naming the action either way
    expect(MAP).toMatch(new RegExp(`^\\| \`src/${folder ?? '?'}/\` \\| the [a-z, ]*\\b${action}\\b`, 'm'))
  })

  test.each(FOLDERS)('%s: the inputs only its folder takes are defined in src/%s/inputs.ts', async (action, folder) => {
    const actions = FOLDERS.filter(([, f]) => f === folder).map(([a]) => a)
    const own = (Object.keys(INPUTS) as InputName[]).filter((name) => {
      const takers: readonly ActionName[] = INPUTS[name].actions
      return takers.includes(action) && takers.every((a) => actions.includes(a))
    })
    const file = (await import(join(ROOT, 'src', folder ?? '?', 'inputs.ts'))) as { INPUTS: object }
    expect(own.filter((name) => !(name in file.INPUTS))).toEqual([])
    expect(DEFINED_IN[folder as keyof typeof DEFINED_IN]).toBe(file.INPUTS)
  })

  test('no input is defined twice: each name is in exactly one table', () => {
    const names = Object.values(DEFINED_IN).flatMap((table) => Object.keys(table))
    expect(names.length).toBe(new Set(names).size)
    expect(new Set(names)).toEqual(new Set(Object.keys(INPUTS)))
  })

  test("an input several folders' actions take is the shared layer's, never a feature's", () => {
    const misplaced = Object.entries(DEFINED_IN)
      .filter(([where]) => where !== 'inputs')
      .flatMap(([where, table]) =>
        Object.keys(table).filter((name) =>
          INPUTS[name as InputName].actions.some((a: ActionName) => folderOf(a) !== where),
        ),
      )
    expect(misplaced).toEqual([])
  })
})

/** The kinds of test a feature's tests come in; the house rules and the contract are about the whole. */
const KINDS = ['unit', 'in-memory', 'in-process', 'cli', 'e2e']

/** What a test file's name may start with: an action, a folder or file of src/, the root, every action. */
function namesWhatItTests(file: string, src: readonly string[]): boolean {
  const name = file.replace(/(\.cli|\.e2e)?\.test\.ts$/, '')
  const sources = new Set(src.flatMap((path) => path.replace(/\.ts$/, '').split('/').slice(1)))
  return (
    name.startsWith('every-action-') ||
    name.startsWith('root-') ||
    [...ACTIONS, ...sources].some((what) => name === what || name.startsWith(`${what}-`))
  )
}

describe('each test is found by what it tests, its kind by its folder', () => {
  const tracked = (path: string) =>
    execFileSync('git', ['ls-files', path], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
  const src = tracked('src')

  test.each(KINDS)('test/%s/: every file names the action, feature or source it tests', (kind) => {
    const files = tracked(`test/${kind}`)
      .filter((path) => path.endsWith('.test.ts'))
      .map((path) => path.split('/').pop() ?? '')
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((file) => !namesWhatItTests(file, src))).toEqual([])
  })

  test('a name that says neither an action nor a source is refused', () => {
    expect(namesWhatItTests('thread-comment.test.ts', src)).toBe(false)
    expect(namesWhatItTests('scenarios.cli.test.ts', src)).toBe(false)
    expect(namesWhatItTests('tracking-comment.test.ts', src)).toBe(true)
    expect(namesWhatItTests('check-scenarios.cli.test.ts', src)).toBe(true)
  })
})
