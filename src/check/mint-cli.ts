import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { external } from '../util/text.js'
import { type Ran, childEnvironment, runProgram } from './child-process.js'
import { type TreeDigest, notTheInstall } from './cli-digest.js'

/**
 * The Mintlify CLI (npm `mint`) at a pinned version, installed once a runner into the tool cache as
 * @actions/tool-cache lays it out, from the lockfile this action ships (src/check/mint-lock.json),
 * without optional AI SDKs or install scripts. It is installed in a folder of its own and renamed
 * into place once whole, so a half-finished or concurrent install is never taken (tool-cache itself
 * would copy the 330 MB twice, and its marker is not atomic).
 */

/**
 * The CLI's own entry, run with the action's Node: the package's bin is a launcher that would start
 * it with whatever `node` comes first on PATH (or none, on a bare self-hosted runner).
 */
export const CLI_ENTRY = ['node_modules', '@mintlify', 'cli', 'bin', 'start.js'] as const
export const CLI_ENTRY_ENV = { MINTLIFY_PACKAGE_NAME: 'mint', CLI_TEST_MODE: 'false' }

export interface Cli {
  /** The CLI's entry script (CLI_ENTRY), run as `node --no-deprecation <entry> <command>`. */
  entry: string
  /** Whether this run installed it (a cold run) or found it (a warm one). */
  installed: boolean
  /** Installed without the shipped lockfile (a mint-version other than the pinned one). */
  unlocked: boolean
  /** The runner's cache's key it was restored from, where it was. */
  restored?: string
}

/** Marks a folder whose install finished, inside it, written before the folder is renamed into place. */
export const INSIDE_MARKER = '.mintlify-docs-action-installed'

/**
 * Loaded first by every process of the CLI (NODE_OPTIONS): without a terminal the CLI wraps at 80
 * columns, breaking long names across lines. The width is the site's longest name, so that no line
 * wraps. The pipe is made blocking: the CLI's process.exit() would otherwise lose the output's end.
 * It also registers INK_GRID, the CLI's output drawn without a cell for every column of every row.
 */
export const WIDE_OUTPUT = `// The check action's preload: the Mintlify CLI's output one line per file and target, never wrapped,
// and written whole: the CLI exits with process.exit(), which drops what a pipe has not taken yet
// (10,000 broken links: about 4,000 lost), so its output to the pipe is written before it goes on.
const columns = Number(process.env.MINTLIFY_CHECK_COLUMNS) || 1000
for (const stream of [process.stdout, process.stderr]) {
  stream.columns = columns
  stream._handle?.setBlocking?.(true)
}
// the CLI's output drawn as wide as it is written, never as wide as the width (ink-grid.mjs)
const { register } = require('node:module')
if (typeof register === 'function')
  register(require('node:url').pathToFileURL(require('node:path').join(__dirname, 'ink-grid.mjs')).href)
`

/**
 * A module hook the preload registers: ink, which draws the CLI's output, lays each frame out on a
 * grid as wide as the output and as tall, one object a cell, and then trims every row. At the width
 * no line wraps at, that grid is where the memory goes: bazel-docs' 47,749 broken links at 1,010
 * columns ran `broken-links` out of memory at 4 GB (docs/actions/check.md). The hook gives ink's
 * Output rows that hold only what is written, a space for each cell left out before the last one
 * written, and nothing after it: the same text, byte for byte, in memory as large as the text. An
 * ink whose code differs from the one measured is left as it is.
 */
export const INK_GRID = `// The check action's hook on the CLI's modules: ink's output grid kept as large as what is written.
const GRID = /for \\(let x = 0; x < this\\.width; x\\+\\+\\) \\{\\s*row\\.push\\(\\{\\s*type: 'char',\\s*value: ' ',\\s*fullWidth: false,\\s*styles: \\[\\],?\\s*\\}\\);\\s*\\}/
const ROW = /const lineWithoutEmptyItems = line\\.filter\\(item => item !== undefined\\);/
const SPARSE =
  "const lineWithoutEmptyItems = Array.from(line, (item, x) => item ?? (x < this.width ? " +
  "{ type: 'char', value: ' ', fullWidth: false, styles: [] } : undefined)).filter(item => item !== undefined);"
export async function load(url, context, next) {
  const loaded = await next(url, context)
  if (!url.endsWith('/node_modules/ink/build/output.js') || loaded.source == null) return loaded
  const source = String(loaded.source)
  if (!GRID.test(source) || !ROW.test(source)) return loaded
  return { ...loaded, source: source.replace(GRID, '').replace(ROW, () => SPARSE) }
}
`

/** Writes the CLI's preload (WIDE_OUTPUT) and its hook (INK_GRID) into `folder`; the preload's path. */
export function writePreload(folder: string): string {
  writeFileSync(join(folder, 'ink-grid.mjs'), INK_GRID)
  const preload = join(folder, 'wide-output.cjs')
  writeFileSync(preload, WIDE_OUTPUT)
  return preload
}

/**
 * What Mintlify makes of a tree's OpenAPI documents, worked out by the CLI's own code, offline (a
 * document at a URL: it cannot tell): the pages a docs.json's navigation generates from them, and
 * each page whose front matter names an operation (`openapi: GET /users`), with the document that
 * has it. Run as `node <this file> <the CLI's node_modules>` in the docs folder; prints
 * `{"pages": [...], "operations": [...]}` or `{"unknown": "why"}`.
 *
 * An operation is looked for as Mintlify's pages find theirs: its path (a trailing slash either way)
 * and method in any document the build reads (a `.mintignore`d one is none). The file a reference
 * names is not required to match: where it does not, Mintlify shows the operation from the document
 * that has it. A webhook, or a reference to a document at a URL, is not looked for.
 */
export const OPENAPI_LISTING = `// The check action's listing of what Mintlify makes of a tree's OpenAPI documents.
const modules = process.argv[2]
const load = (path) => import(new URL(path, 'file://' + modules.replace(/\\\\/g, '/') + '/').href)
const say = (answer) => process.stdout.write(JSON.stringify(answer) + '\\n')
try {
  const prebuild = await load('@mintlify/prebuild/dist/index.js')
  const common = await load('@mintlify/common/dist/index.js')
  const validation = await load('@mintlify/validation/dist/index.js')
  const { readResolvedConfigJson } = await load('@mintlify/link-rot/dist/static-checking/readConfig.js')
  const { readFileSync } = await import('node:fs')
  const offline = async (url) => {
    throw new Error('not fetched: ' + url)
  }
  const dir = process.cwd()
  const mintIgnore = await prebuild.getMintIgnore(dir)
  const resolved = await readResolvedConfigJson(dir)
  const docs = resolved && resolved.configFile === 'docs.json'
  const checked = docs ? validation.validateDocsConfig(resolved.json) : undefined
  if (checked && !checked.success) say({ unknown: 'its docs.json does not validate' })
  else {
    const config = checked ? checked.data : undefined
    const explicitOverlays = config ? validation.collectOpenApiOverlayConfig(config) : undefined
    const files = await prebuild.getOpenApiFiles(dir, { mintIgnore, explicitOverlays, fetchRemoteDocument: offline })
    let pages = {}
    // navigation entries naming an operation no document has: Mintlify's generation stops at the
    // first; each is left out (and said) so the rest is still listed, one after the other
    const missing = []
    if (config) {
      const overlayRegistry = await prebuild.buildOverlayRegistryForDirectory(dir, {
        explicitOverlays,
        fetchRemoteDocument: offline,
      })
      let navigation = config.navigation
      for (let tries = 0; ; tries++) {
        pages = {}
        try {
          await prebuild.generateOpenApiFromDocsConfig(navigation, files, pages, {
            writeFiles: false,
            overlayRegistry,
            fetchRemoteDocument: offline,
          })
          break
        } catch (error) {
          const endpoint = /Endpoint (\\S+) not found/.exec(String(error && error.message))
          if (!endpoint || tries >= 100) throw error
          const removed = []
          const strip = (value) => {
            if (Array.isArray(value))
              return value.filter((entry) => {
                const named = typeof entry === 'string' && /^(get|post|put|patch|delete|options|head|trace)\\s+/i.test(entry.trim())
                if (named && entry.trim().split(/\\s+/).at(-1) === endpoint[1]) {
                  removed.push(entry.trim())
                  return false
                }
                return true
              }).map(strip)
            if (typeof value !== 'object' || value === null) return value
            return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, strip(inner)]))
          }
          navigation = strip(navigation)
          if (removed.length === 0) throw error
          missing.push(...removed)
        }
      }
    }
    // each generated page's operation, as its navigation entry names it (where a lost one is placed)
    const endpoints = {}
    for (const [address, page] of Object.entries(pages)) {
      const named = typeof page.openapi === 'string' ? /(\\S+)\\s+(\\S+)$/.exec(page.openapi) : null
      if (named) endpoints[address] = named[1].toUpperCase() + ' ' + named[2]
    }
    const has = (document, endpoint, method) => {
      const found = common.findOpenApiPath(document.spec && document.spec.paths, endpoint)
      if (!found) return false
      const item = found.pathItem
      if (method === undefined || typeof item.$ref === 'string') return true
      return typeof item[method] === 'object' && item[method] !== null
    }
    // a schema is found as Mintlify's pages find it: in any document that has it (its file only preferred)
    const hasSchema = (document, name) => {
      const schemas = document.spec && document.spec.components && document.spec.components.schemas
      return typeof schemas === 'object' && schemas !== null && Object.prototype.hasOwnProperty.call(schemas, name)
    }
    const where = (document) => document && String(document.originalFileLocation || document.filename).replace(/^\\//, '')
    const operations = []
    for (const file of prebuild.getFileListSync(dir, dir, mintIgnore)) {
      if (common.getFileCategory(file) !== 'page') continue
      const text = readFileSync(dir + '/' + file, 'utf8')
      if (!/^openapi(-schema)?[ \\t]*:/m.test(text)) continue
      let attributes
      try {
        attributes = common.parseFrontmatter(text).attributes
      } catch {
        continue
      }
      // openapi-schema first, as Mintlify reads a page's API target
      const schema = attributes['openapi-schema']
      if (typeof schema === 'string' && schema.length > 0) {
        let target
        try {
          target = common.parseOpenApiSchemaString(schema)
        } catch {
          continue
        }
        if (target.filename && common.isAbsoluteUrl(target.filename)) continue
        const at = where(files.find((d) => hasSchema(d, target.name)))
        operations.push({ file, openapi: schema, schema: true, ...(at ? { in: at } : {}) })
        continue
      }
      const openapi = attributes.openapi
      if (typeof openapi !== 'string') continue
      const parsed = common.potentiallyParseOpenApiString(openapi)
      if (!parsed || parsed.method === 'webhook' || (parsed.filename && common.isAbsoluteUrl(parsed.filename))) continue
      const at = where(files.find((d) => has(d, parsed.endpoint, parsed.method)))
      operations.push({ file, openapi, ...(at ? { in: at } : {}) })
    }
    say({ pages: Object.keys(pages), operations, missing, endpoints })
  }
} catch (error) {
  say({ unknown: String(error && error.message ? error.message : error).slice(0, 300) })
}
process.exit(0)
`

/**
 * Whether a page's anchors that the CLI reports broken come from a snippet the page shows, told by the
 * CLI's own code (so it follows mint-version): broken-links reads a page's own headings only, while
 * the site shows a snippet's headings on the page that renders it. A snippet is shown where its
 * imported component renders as a JSX element (not in a comment, code or a string); its heading
 * ids are the CLI's own (its table of contents and component ids), three snippets deep; a link's
 * anchor is read as the CLI reads it (safeCleanHeadingId). Run as `node <this file> <the CLI's
 * node_modules> <asked.json>` in the docs folder, `asked.json` a list of `{page, anchor}`; prints
 * `{"shown": [true, false, …]}` (one for each asked), or `{"unknown": "why"}`.
 */
export const SNIPPET_ANCHORS = `// The check action's look at the anchors a page gets from the snippets it shows.
const { pathToFileURL } = await import('node:url')
const modules = pathToFileURL(process.argv[2] + '/')
const load = (path) => import(new URL(path, modules).href)
const say = (answer) => process.stdout.write(JSON.stringify(answer) + '\\n')
try {
  const { readFileSync } = await import('node:fs')
  const { posix } = await import('node:path')
  const common = await load('@mintlify/common/dist/index.js')
  const rot = await load('@mintlify/link-rot/dist/static-checking/getBrokenInternalLinks.js')
  // the tree walker the link checker itself uses, wherever npm laid it
  const { createRequire } = await import('node:module')
  const beside = createRequire(new URL('@mintlify/link-rot/dist/index.js', modules))
  const { visit } = await import(pathToFileURL(beside.resolve('unist-util-visit')).href)
  const asked = JSON.parse(readFileSync(process.argv[3], 'utf8'))
  const read = (file) => {
    try {
      return readFileSync(file, 'utf8')
    } catch {
      return undefined
    }
  }
  // a snippet's path in the docs folder: from its root, or from the importing file's folder
  const resolve = (from, source) => {
    const joined = source.startsWith('/') ? source.slice(1) : posix.join(posix.dirname(from), source)
    const normal = posix.normalize(joined)
    return normal.startsWith('..') ? undefined : normal
  }
  // the snippets a page renders: an imported component used as an element
  const shown = (file, text) => {
    const tree = common.coreRemark().parse(text)
    const imported = new Map()
    visit(tree, 'mdxjsEsm', (node) => {
      for (const statement of (node.data && node.data.estree && node.data.estree.body) || [])
        if (statement.type === 'ImportDeclaration')
          for (const specifier of statement.specifiers) imported.set(specifier.local.name, statement.source.value)
    })
    const used = new Set()
    visit(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && imported.has(node.name))
        used.add(imported.get(node.name))
    })
    return [...used].map((source) => resolve(file, source)).filter((path) => path !== undefined && /\\.mdx?$/.test(path))
  }
  const slugsOf = async (text) => {
    const node = { addPath() {}, headingSlugs: null }
    await rot.decorateGraphNodeFromPageContent(node, text, {})
    return node.headingSlugs || new Set()
  }
  const memo = new Map()
  const anchorsOf = async (file, depth, seen) => {
    const text = read(file)
    const anchors = new Set()
    if (text === undefined || depth === 0) return anchors
    for (const snippet of shown(file, text)) {
      if (seen.has(snippet)) continue
      const inner = read(snippet)
      if (inner === undefined) continue
      for (const slug of await slugsOf(inner)) anchors.add(slug)
      for (const slug of await anchorsOf(snippet, depth - 1, new Set([...seen, snippet]))) anchors.add(slug)
    }
    return anchors
  }
  const answers = []
  for (const { page, anchor } of asked) {
    if (!memo.has(page)) memo.set(page, await anchorsOf(page, 3, new Set([page])))
    answers.push(memo.get(page).has(common.safeCleanHeadingId(anchor)))
  }
  say({ shown: answers })
} catch (error) {
  say({ unknown: String(error && error.message ? error.message : error).slice(0, 300) })
}
process.exit(0)
`

/** Whether each asked anchor comes from a snippet its page shows (SNIPPET_ANCHORS), or why it cannot be told. */
export type SnippetAnswer = { shown: boolean[] } | { unknown: string }

/** Asks the CLI's code whether each anchor comes from a snippet its page shows (cli-runs.ts runs SNIPPET_ANCHORS). */
export type SnippetAnchorer = (
  tree: string,
  asked: ReadonlyArray<{ page: string; anchor: string }>,
) => Promise<SnippetAnswer>

/** What SNIPPET_ANCHORS printed: one answer for each asked anchor, or why it cannot be told. */
export function readSnippetAnswer(stdout: string, asked: number): SnippetAnswer {
  const last = stdout.trim().split('\n').at(-1) ?? ''
  try {
    const said = JSON.parse(last) as { shown?: unknown; unknown?: unknown }
    if (Array.isArray(said.shown) && said.shown.length === asked && said.shown.every((s) => typeof s === 'boolean'))
      return { shown: said.shown }
    if (typeof said.unknown === 'string') return { unknown: said.unknown }
  } catch {
    // not the script's answer: below
  }
  return { unknown: 'the look at the snippets gave no answer' }
}

/** A page whose front matter names an OpenAPI operation (`openapi: GET /users`), and the document that has it. */
export interface OperationRef {
  /** The page, relative to the docs folder. */
  file: string
  /** Its front matter's `openapi` (or `openapi-schema`), as written. */
  openapi: string
  /** It names a schema (`openapi-schema: User`), not an operation. */
  schema?: true
  /** The document (relative to the docs folder) that has the operation; absent where none has it. */
  in?: string
}

/** What Mintlify makes of a tree's OpenAPI documents (OPENAPI_LISTING), or why it cannot be told. */
export type OpenApiListing =
  | {
      pages: string[]
      operations: OperationRef[]
      /** Navigation entries naming an operation no document has (`POST /api/copy`): no page of theirs. */
      missing: string[]
      /** Each generated page's operation, as a navigation entry names it (`POST /api/copy`). */
      endpoints: Record<string, string>
    }
  | { unknown: string }

/** Lists what a tree makes of its OpenAPI documents (cli-runs.ts runs OPENAPI_LISTING). */
export type OpenApiLister = (tree: string) => Promise<OpenApiListing>

const isOperationRef = (v: unknown): v is OperationRef => {
  if (typeof v !== 'object' || v === null) return false
  const { file, openapi, schema, in: at } = v as Record<string, unknown>
  return (
    typeof file === 'string' &&
    typeof openapi === 'string' &&
    (schema === undefined || schema === true) &&
    (at === undefined || typeof at === 'string')
  )
}

/** What OPENAPI_LISTING printed: the generated pages' addresses and the pages' operations, or why not told. */
export function readOpenApiListing(stdout: string): OpenApiListing {
  const last = stdout.trim().split('\n').at(-1) ?? ''
  try {
    const said = JSON.parse(last) as {
      pages?: unknown
      operations?: unknown
      missing?: unknown
      endpoints?: unknown
      unknown?: unknown
    }
    const { pages, operations, missing = [], endpoints = {} } = said
    const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
    const pairs =
      typeof endpoints === 'object' && endpoints !== null && !Array.isArray(endpoints)
        ? Object.entries(endpoints).filter((e): e is [string, string] => typeof e[1] === 'string')
        : undefined
    if (strings(pages) && Array.isArray(operations) && operations.every(isOperationRef) && strings(missing) && pairs)
      return {
        pages,
        operations: operations.map(({ file, openapi, schema, in: at }) => ({
          file,
          openapi,
          ...(schema ? { schema } : {}),
          ...(at !== undefined ? { in: at } : {}),
        })),
        missing,
        endpoints: Object.fromEntries(pairs),
      }
    if (typeof said.unknown === 'string') return { unknown: said.unknown }
  } catch {
    // not the listing's answer: below
  }
  return { unknown: 'the listing gave no answer' }
}

/** The CLI's node_modules, from its entry (`node_modules/@mintlify/cli/bin/start.js`). */
export const cliModules = (entry: string): string => join(entry, ...CLI_ENTRY.slice(1).map(() => '..'))

export interface Platform {
  platform: string
  arch: string
  /** glibc or musl on Linux (sharp's packages differ); undefined elsewhere. */
  libc?: 'glibc' | 'musl'
}

/** This runner's platform, as npm matches packages to it. */
export function runnerPlatform(): Platform {
  if (process.platform !== 'linux') return { platform: process.platform, arch: process.arch }
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
  return { platform: 'linux', arch: process.arch, libc: header?.glibcVersionRuntime ? 'glibc' : 'musl' }
}

interface LockEntry {
  version?: string
  os?: string[]
  cpu?: string[]
  libc?: string[]
  optional?: boolean
}
interface Lock {
  packages: Record<string, LockEntry & { dependencies?: Record<string, string> }>
}

/**
 * The shipped lockfile made this runner's: sharp's image library for its platform (an optional
 * dependency the CLI cannot start without) made direct. Undefined when there is none for it.
 */
export function lockFor(
  lock: Lock,
  version: string,
  on: Platform,
): { packageJson: string; lock: string; images: string[] } | undefined {
  const copy = structuredClone(lock)
  const root = copy.packages['']
  if (!root) return undefined
  const images: Record<string, string> = {}
  for (const [path, entry] of Object.entries(copy.packages)) {
    const name = /^node_modules\/(@img\/sharp-[^/]+)$/.exec(path)?.[1]
    if (!name || !entry.version || !entry.os?.includes(on.platform) || !entry.cpu?.includes(on.arch)) continue
    if (entry.libc && !(on.libc && entry.libc.includes(on.libc))) continue
    images[name] = entry.version
    delete entry.optional
  }
  if (Object.keys(images).length === 0) return undefined
  const dependencies = { mint: version, ...images }
  root.dependencies = dependencies
  return {
    packageJson: `${JSON.stringify({ name: 'mintlify-cli', private: true, dependencies }, null, 2)}\n`,
    lock: `${JSON.stringify(copy, null, 2)}\n`,
    images: Object.keys(images),
  }
}

/** npm's flags for every install: the AI SDKs (optional) and install scripts left out, quiet. */
const NPM_FLAGS = ['--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']

export interface InstallOptions {
  toolCache: string
  version: string
  /** The version the shipped lockfile is for. */
  pinned: string
  env: NodeJS.ProcessEnv
  /** Aborts the install (the run cancelled, or wait-timeout reached): npm and its children end. */
  stop: AbortSignal
  log: (message: string) => void
  /** What the reader of the run should see: a CLI found that is not the install. */
  notice: (message: string) => void
  platform?: Platform
  /** The shipped lockfile (loaded only for a cold install of the pinned version). */
  loadLock?: () => Promise<Lock>
  /** What the install of this version holds on this platform (the shipped digest); none: a CLI found is never run. */
  expected?: TreeDigest
  /** The runner's cache, where the action keeps its own verified install between runs. */
  cache?: CliCache
  npm?: string
}

/** The runner's cache for the installed CLI: an install's folder kept under a key, restored into a folder. */
export interface CliCache {
  /** Restores the install kept under `key` into `folder` as `folder/<name>`; whether it did. */
  restore(key: string, folder: string, name: string): Promise<boolean>
  /** Keeps `folder/<name>` under `key`. */
  save(key: string, folder: string, name: string): Promise<void>
}

/** The key of an install in the runner's cache: its version, platform and digest (what it must hold). */
export const cliCacheKey = (version: string, on: Platform, expected: TreeDigest): string =>
  `mintlify-cli-${version}-${platformKey(on)}-${expected.sha256.slice(0, 16)}`

/**
 * The CLI at `version` in the tool cache, run only once it is the install this action's lockfile
 * gives: a CLI found there (a self-hosted runner keeps its tool cache; anything restored may have
 * been written by a pull request) is verified against the digest the action ships for this version
 * and platform, and one that differs, or cannot be verified, is removed and installed afresh (one
 * notice where it differs). Then the runner's cache (verified the same way), then npm.
 */
export async function ensureCli(options: InstallOptions): Promise<Cli> {
  const on = options.platform ?? runnerPlatform()
  const versionFolder = join(realFolder(join(realFolder(options.toolCache), 'mintlify-cli')), options.version)
  realFolder(versionFolder)
  const folder = join(versionFolder, on.arch)
  const { expected } = options
  const cli = (how: Omit<Cli, 'entry'>): Cli => ({ entry: join(folder, ...CLI_ENTRY), ...how })
  const unlocked = options.version !== options.pinned
  if (existsSync(folder) || isLink(folder)) {
    const why = expected && existsSync(join(folder, INSIDE_MARKER)) ? notTheInstall(folder, expected) : 'unknown'
    if (why === undefined) return cli({ installed: false, unlocked })
    if (expected && existsSync(join(folder, INSIDE_MARKER)))
      options.notice(
        `The Mintlify CLI in the tool cache (${folder}) is not the install this action's lockfile gives (${why}): ` +
          'it was not run, and is installed afresh.',
      )
    else if (existsSync(join(folder, INSIDE_MARKER)))
      options.log(
        `mint@${options.version} in the tool cache cannot be verified (this action has no digest of its install on ` +
          `${platformKey(on)}): it is not run, and is installed afresh.`,
      )
    rmSync(folder, { recursive: true, force: true })
  }
  const key = expected ? cliCacheKey(options.version, on, expected) : undefined
  const staging = (): string => {
    const made = join(versionFolder, `.${on.arch}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`)
    mkdirSync(made)
    return made
  }
  if (key && expected && options.cache) {
    const into = staging()
    try {
      if (await options.cache.restore(key, into, on.arch)) {
        const why = notTheInstall(join(into, on.arch), expected)
        if (why === undefined) {
          moveIntoPlace(join(into, on.arch), folder, expected)
          markComplete(versionFolder, on.arch)
          return cli({ installed: false, unlocked, restored: key })
        }
        options.notice(
          `The Mintlify CLI restored from the runner's cache (${key}) is not the install this action's lockfile ` +
            `gives (${why}): it was not run, and is installed afresh.`,
        )
      }
    } finally {
      rmSync(into, { recursive: true, force: true })
    }
  }
  const into = staging()
  try {
    await install(options, on, into, unlocked)
    moveIntoPlace(into, folder, expected)
    markComplete(versionFolder, on.arch)
  } finally {
    rmSync(into, { recursive: true, force: true })
  }
  if (key && expected && options.cache) {
    // kept only where it is the install the digest describes: else the next run would not use it
    const why = notTheInstall(folder, expected)
    if (why === undefined) await options.cache.save(key, versionFolder, on.arch)
    else
      options.log(`Not kept in the runner's cache: this install is not the one the action's digest describes (${why}).`)
  }
  return cli({ installed: true, unlocked })
}

/** npm's install of the CLI into `staging`, made an install: no `.bin` links, no npm's own record, the marker. */
async function install(options: InstallOptions, on: Platform, staging: string, unlocked: boolean): Promise<void> {
  const npm = options.npm ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm')
  const env = childEnvironment(options.env)
  const npmRun = async (args: string[]): Promise<void> => {
    let ran: Ran
    try {
      ran = await runProgram(npm, args, { cwd: staging, env, stop: options.stop })
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT')
        throw new Error(
          'npm was not found on this runner, so the Mintlify CLI could not be installed: add ' +
            'actions/setup-node before this step.',
        )
      throw error
    }
    if (ran.exitCode !== 0)
      throw new Error(
        `npm could not install mint@${options.version} (exit code ` +
          `${ran.exitCode ?? ran.signal ?? 'none'}): ${external(ran.output.trim().split('\n').slice(-5).join(' '), 500)}`,
      )
  }
  const folder = join(options.toolCache, 'mintlify-cli', options.version, on.arch)
  if (!unlocked) {
    const lock = await (options.loadLock ?? loadShippedLock)()
    const made = lockFor(lock, options.version, on)
    if (!made)
      throw new Error(
        `the lockfile has no image library (sharp) for ` +
          `${on.platform}-${on.arch}${on.libc ? ` (${on.libc})` : ''}, which the Mintlify CLI ` +
          `needs to start.`,
      )
    options.log(
      `Installing mint@${options.version} from this action's lockfile ` +
        `(${made.images.join(', ')}; no AI SDKs, no install scripts) into ${folder}: about 330 MB.`,
    )
    writeFileSync(join(staging, 'package.json'), made.packageJson)
    writeFileSync(join(staging, 'package-lock.json'), made.lock)
    await npmRun(['ci', ...NPM_FLAGS])
  } else {
    options.log(
      `Installing mint@${options.version} into ${folder} without a lockfile (no AI SDKs, no install scripts).`,
    )
    writeFileSync(join(staging, 'package.json'), `${JSON.stringify({ name: 'mintlify-cli', private: true })}\n`)
    await npmRun(['install', ...NPM_FLAGS, `mint@${options.version}`])
    // sharp's prebuilt library for this platform is one of its optional dependencies: named, it installs
    const images = imagePackages(staging, on)
    if (images.length > 0) await npmRun(['install', ...NPM_FLAGS, ...images])
  }
  if (!existsSync(join(staging, ...CLI_ENTRY)))
    throw new Error(`npm installed mint@${options.version}, but its entry script is not there.`)
  asInstalled(staging, options.version)
}

/**
 * An npm install made the install the digest describes, whatever npm's version: the `.bin` folders
 * of links (the check starts the CLI's entry itself) and npm's own record of the tree
 * (node_modules/.package-lock.json, which differs between npm versions) removed, the marker written.
 */
export function asInstalled(folder: string, version: string): void {
  const walk = (modules: string): void => {
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      const at = join(modules, entry.name)
      if (entry.name === '.bin') rmSync(at, { recursive: true, force: true })
      else if (entry.isDirectory()) {
        // a scope's packages, each package's own node_modules
        if (entry.name.startsWith('@')) walk(at)
        else if (existsSync(join(at, 'node_modules'))) walk(join(at, 'node_modules'))
      }
    }
  }
  const modules = join(folder, 'node_modules')
  if (existsSync(modules)) walk(modules)
  rmSync(join(modules, '.package-lock.json'), { force: true })
  writeFileSync(join(folder, INSIDE_MARKER), `${version}\n`)
}

/** A platform as the shipped digests name it: `linux-x64-glibc`, `darwin-arm64`, `win32-x64`. */
export const platformKey = (on: Platform): string => `${on.platform}-${on.arch}${on.libc ? `-${on.libc}` : ''}`

/** The digest this action ships for an install of `version` on `on`; none for another version or platform. */
export async function shippedDigest(version: string, on: Platform): Promise<TreeDigest | undefined> {
  const loaded = (await import('./mint-digests.json', { with: { type: 'json' } })) as {
    default: Record<string, Record<string, TreeDigest> | undefined>
  }
  return loaded.default[version]?.[platformKey(on)]
}

/**
 * `<arch>.complete` beside the install, as @actions/tool-cache marks a tool: a new file of its own
 * (one there, a link or another's hard link, is removed first, never written through).
 */
function markComplete(versionFolder: string, arch: string): void {
  const file = join(versionFolder, `${arch}.complete`)
  rmSync(file, { force: true })
  writeFileSync(file, '', { flag: 'wx' })
}

/** A folder of the tool cache the install goes into: a real one (a link there, or a file, is removed first). */
function realFolder(path: string): string {
  if (isLink(path) || (existsSync(path) && !lstatSync(path).isDirectory())) rmSync(path, { force: true })
  mkdirSync(path, { recursive: true })
  return path
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/**
 * The whole install renamed into place. Where another run's is already there (two jobs of one
 * self-hosted runner at once), it is taken only if it is the install too; else it is replaced.
 */
function moveIntoPlace(staging: string, folder: string, expected: TreeDigest | undefined): void {
  try {
    renameSync(staging, folder)
    return
  } catch (error) {
    if (!existsSync(folder) && !isLink(folder)) throw error
    if (expected && existsSync(join(folder, INSIDE_MARKER)) && notTheInstall(folder, expected) === undefined) return
  }
  rmSync(folder, { recursive: true, force: true })
  renameSync(staging, folder)
}

/** `@img/sharp-<platform>@<version>` packages sharp names for this platform (an unlocked install). */
function imagePackages(folder: string, on: Platform): string[] {
  const sharp = join(folder, 'node_modules', 'sharp', 'package.json')
  if (!existsSync(sharp)) return []
  const optional = (JSON.parse(readFileSync(sharp, 'utf8')) as { optionalDependencies?: Record<string, string> })
    .optionalDependencies
  const key = on.platform === 'linux' && on.libc === 'musl' ? `linuxmusl-${on.arch}` : `${on.platform}-${on.arch}`
  return Object.entries(optional ?? {})
    .filter(([name]) => name === `@img/sharp-${key}` || name === `@img/sharp-libvips-${key}`)
    .map(([name, version]) => `${name}@${version}`)
}

async function loadShippedLock(): Promise<Lock> {
  const loaded = (await import('./mint-lock.json', { with: { type: 'json' } })) as { default: Lock }
  return loaded.default
}

/** The CLI's environment: the allow-list, no telemetry, no colour, the preload that sets its width, and its heap limit (MiB). */
export function cliEnvironment(
  base: NodeJS.ProcessEnv,
  output: { preload: string; columns: number; heap?: number },
): NodeJS.ProcessEnv {
  return childEnvironment(base, {
    CI: 'true',
    MINTLIFY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    NODE_OPTIONS: `--require ${JSON.stringify(output.preload)}${output.heap ? ` --max-old-space-size=${output.heap}` : ''}`,
    MINTLIFY_CHECK_COLUMNS: String(output.columns),
    ...CLI_ENTRY_ENV,
  })
}
