import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { normalAddress, pageAddress, servedBy } from '../src/site/addresses.js'
import { OPENAPI_LISTING, readOpenApiListing } from '../src/check/mint-cli.js'
import { pagesOf, treeFile } from '../src/check/tree-copy.js'
import { servedConfig } from '../src/site/config-refs.js'
import { MINT_VERSION } from '../src/check/inputs.js'

/**
 * `npm run trial:addresses -- <docs folder>...`: the addresses the check reads from a real site (its
 * pages, those its OpenAPI documents generate, its redirects) set beside the Mintlify CLI's own view
 * of the same folder (the pages `mint broken-links` resolves links against, by the CLI's code) and
 * beside its navigation: every page the navigation names must be an address the check counts. Needs
 * the CLI (scripts/install-mint.mjs). Prints what differs; exits 1 when an address is missing on
 * either side, so a trial says plainly whether they agree.
 */

const modules = join(
  process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action'),
  'mintlify-cli',
  MINT_VERSION,
  process.arch,
  'node_modules',
)

const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(modules, path)).href)) as T

/** What the navigation names as pages: every string of a `pages` list, but OpenAPI operations (`GET /users`). */
function navigationPages(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(navigationPages)
  if (typeof node !== 'object' || node === null) return []
  const found: string[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pages' && Array.isArray(value))
      for (const entry of value)
        if (typeof entry === 'string') {
          if (!/^(get|post|put|patch|delete|head|options|trace|webhook)\s/i.test(entry)) found.push(entry)
        } else found.push(...navigationPages(entry))
    else if (key === 'root' && typeof value === 'string') found.push(value)
    else found.push(...navigationPages(value))
  }
  return found
}

const text = (file: string): string | undefined => (existsSync(file) ? readFileSync(file, 'utf8') : undefined)

async function trial(folder: string): Promise<boolean> {
  const configFile = existsSync(join(folder, 'docs.json')) ? 'docs.json' : 'mint.json'
  // the configuration as the check reads it: each `$ref` (navigation, redirects) resolved
  const config = servedConfig(text(join(folder, configFile)), treeFile(folder)).text
  const script = join(mkdtempSync(join(tmpdir(), 'trial-')), 'openapi-listing.mjs')
  writeFileSync(script, OPENAPI_LISTING)
  const listed = readOpenApiListing(
    spawnSync(process.execPath, [script, modules], { cwd: folder, encoding: 'utf8', maxBuffer: 64 << 20 }).stdout,
  )
  const generated = 'pages' in listed ? listed.pages : []
  const ours = servedBy(pagesOf(folder), config, text(join(folder, '.mintignore')), generated)
  const counted = new Set([...ours.pages.keys(), ...ours.generated])

  // the CLI's view: the pages it resolves links against, by its own code (snippets are link targets
  // to it, never pages a reader reaches)
  const { getPagePaths } = await load<{ getPagePaths: (dir: string, ignore: string[]) => string[] }>(
    '@mintlify/link-rot/dist/prebuild.js',
  )
  const { getMintIgnore } = await load<{ getMintIgnore: (dir: string) => Promise<string[]> }>(
    '@mintlify/prebuild/dist/index.js',
  )
  const { isMintIgnored } = await load<{ isMintIgnored: (file: string, globs: string[]) => boolean }>(
    '@mintlify/common/dist/index.js',
  )
  const ignore = await getMintIgnore(folder)
  const cli = new Set(
    getPagePaths(folder, ignore)
      .filter((f) => !isMintIgnored(f, ignore) && !/^snippets\//i.test(f))
      .map(pageAddress),
  )
  const onlyOurs = [...ours.pages.keys()].filter((a) => !cli.has(a))
  const onlyCli = [...cli].filter((a) => !ours.pages.has(a))
  const named = [...new Set(navigationPages((JSON.parse(config ?? '{}') as { navigation?: unknown }).navigation))]
  // an entry names a page by its path without the extension: `index` is the home page, `cli/index` /cli
  const addressOf = (entry: string): string => normalAddress(pageAddress(`${entry.replace(/^\//, '')}.mdx`))
  const unnamed = named.filter((p) => !counted.has(addressOf(p)))
  const fileless = unnamed.filter((p) => !['.mdx', '.md'].some((ext) => existsSync(join(folder, `${p}${ext}`))))
  const missed = unnamed.filter((p) => !fileless.includes(p))
  const some = (list: string[]): string =>
    list.length > 0 ? `: ${list.slice(0, 8).join(', ')}${list.length > 8 ? ', …' : ''}` : ''
  console.log(`${folder} (${configFile})`)
  console.log(
    `  pages the check counts: ${ours.pages.size}; generated from OpenAPI documents: ${ours.generated.size}` +
      `${'unknown' in listed ? ` (the listing could not tell: ${listed.unknown})` : ''}; redirects: ${ours.redirects.length}`,
  )
  console.log(`  pages the CLI resolves links against (snippets aside): ${cli.size}`)
  console.log(`  the check's and not the CLI's: ${onlyOurs.length}${some(onlyOurs)}`)
  console.log(`  the CLI's and not the check's: ${onlyCli.length}${some(onlyCli)}`)
  console.log(
    `  pages the navigation names: ${named.length}; with no file (the site's own broken entries): ${fileless.length}${some(fileless)}`,
  )
  console.log(`  named, with a file, and not an address the check counts: ${missed.length}${some(missed)}`)
  return onlyOurs.length === 0 && onlyCli.length === 0 && missed.length === 0
}

const folders = process.argv.slice(2).map((f) => resolve(f))
if (folders.length === 0) {
  console.error('Usage: npm run trial:addresses -- <docs folder>...')
  process.exit(2)
}
let agree = true
for (const folder of folders) agree = (await trial(folder)) && agree
process.exit(agree ? 0 : 1)
