import { existsSync, readdirSync } from 'node:fs'
import { join, posix } from 'node:path'
import { refsIn, servedConfig } from '../site/config-refs.js'
import * as core from '../util/actions-core.js'
import { external } from '../util/text.js'
import { treeFile } from './tree-copy.js'

/** The site's configuration file: docs.json, or mint.json for a site not upgraded yet. */
export type SiteConfig = 'docs.json' | 'mint.json'

/** The configuration a folder holds, docs.json first; none where it holds neither. */
export function siteConfig(folder: string): SiteConfig | undefined {
  if (existsSync(join(folder, 'docs.json'))) return 'docs.json'
  if (existsSync(join(folder, 'mint.json'))) return 'mint.json'
  return undefined
}

const holdsConfig = (folder: string): boolean => siteConfig(folder) !== undefined

/**
 * Where the docs are in the workspace: the folder that holds docs.json (or mint.json, a site not
 * upgraded yet, which the CLI still checks). Given (docs-path), it must hold one; not given, the
 * workspace itself, or the one folder at most two levels below it that does (never inside
 * node_modules or a hidden folder).
 */
export type DocsFolder = { ok: true; relative: string } | { ok: false; problem: string }

export function findDocsFolder(workspace: string, given: string | undefined): DocsFolder {
  if (given !== undefined) {
    return holdsConfig(join(workspace, given))
      ? { ok: true, relative: given }
      : { ok: false, problem: `docs-path "${given}" holds no docs.json (nor mint.json) in the workspace.` }
  }
  if (holdsConfig(workspace)) return { ok: true, relative: '' }
  const found: string[] = []
  const look = (relative: string, depth: number): void => {
    let names: string[]
    try {
      names = readdirSync(join(workspace, relative), { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
        .map((d) => d.name)
    } catch {
      return
    }
    for (const name of names.sort()) {
      const folder = relative ? posix.join(relative, name) : name
      if (holdsConfig(join(workspace, folder))) found.push(folder)
      else if (depth < 2) look(folder, depth + 1)
    }
  }
  look('', 1)
  if (found.length === 1 && found[0] !== undefined) return { ok: true, relative: found[0] }
  if (found.length === 0)
    return {
      ok: false,
      problem:
        'No docs.json (nor mint.json) in the workspace or two levels below it: check out ' +
        'the docs repository first (actions/checkout), or set docs-path.',
    }
  return {
    ok: false,
    problem:
      `${found.length} folders hold a docs.json or mint.json ` +
      `(${found.slice(0, 5).join(', ')}): set docs-path to the one to check.`,
  }
}

/**
 * The base's and the head's configurations as their sites read them ($refs resolved); one that cannot
 * be is read as written, and the run says so.
 */
export function siteReads(
  trees: { baseTree: string; headTree: string; notes: string[] },
  configs: Record<'base' | 'head', string | undefined>,
): { baseConfig: string | undefined; headConfig: string | undefined } {
  const reads = (which: 'base' | 'head'): string | undefined => {
    const served = servedConfig(configs[which], treeFile(which === 'base' ? trees.baseTree : trees.headTree))
    if (served.problem !== undefined) {
      const said =
        `The ${which}'s configuration names a file it cannot read (${external(served.problem, 300)}): its ` +
        `addresses were read from docs.json alone.`
      core.warning(said)
      trees.notes.push(said)
    }
    return served.text
  }
  return { baseConfig: reads('base'), headConfig: reads('head') }
}

/**
 * The files that configure a site, whatever its .mintignore says (the CLI reads them all the same):
 * docs.json, mint.json, .mintignore, and every file their `$ref`s name (those a configuration that
 * cannot be resolved names directly, at least). Paths relative to the docs folder.
 */
export function configurationFiles(folder: string): Set<string> {
  const files = new Set(['docs.json', 'mint.json', '.mintignore'])
  const read = treeFile(folder)
  // each file once, those a file names followed where it can be read (one that cannot is still named)
  const next = ['docs.json', 'mint.json']
  for (let name = next.shift(); name !== undefined; name = next.shift()) {
    const text = read(name)
    if (text === undefined) continue
    for (const ref of refsIn(text, name))
      if (!files.has(ref)) {
        files.add(ref)
        next.push(ref)
      }
  }
  return files
}
