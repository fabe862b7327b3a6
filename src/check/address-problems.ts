import { join } from 'node:path'
import { pagesFromTrees } from './pages.js'
import type { PullPage } from '../site/pull-pages.js'
import { frontMatterLine } from '../site/pull-pages.js'
import { redirectsFile } from '../site/config-refs.js'
import {
  type Served,
  isPage,
  lostAddresses,
  nearestParent,
  pageAddress,
  servedBy,
  pageSlug,
  docsRelativePath,
  firstRedirect,
  repositoryPath,
} from '../site/addresses.js'
import { pageChanges } from './base-tree.js'
import { remoteSpec } from './base-cache.js'
import { siteReads } from './docs-folder.js'
import type { OpenApiLister, OperationRef } from './mint-cli.js'
import { type Judged, type PlacedProblem, judgedFaults, judgedOperations } from './new-known.js'
import { lineText, redirectPlaces } from './target-lines.js'
import { pagesOf, readText, treeFile } from './tree-copy.js'
import type { ChangedFile } from '../github/change.js'
import * as core from '../util/actions-core.js'
import { external } from '../util/text.js'
import { count } from '../util/format.js'

/**
 * What readers reach at the base's addresses, judged without the CLI: the addresses the head no
 * longer answers, the redirects that cannot work, and the API pages whose operation is gone.
 * judge.ts runs it beside the CLI's checks.
 */

/**
 * The base's addresses the head no longer answers (at the configuration's redirects, with the
 * redirect to paste where the page was renamed), the head's redirects that cannot work, and its API
 * pages whose operation no document has.
 */
export async function addressProblems(
  { docsFolder, config }: { docsFolder: string; config: string },
  trees: {
    baseTree: string
    baseConfig: string | undefined
    headTree: string
    files: ChangedFile[]
    listOpenApi: OpenApiLister
    notes: string[]
  },
): Promise<{
  judged: Judged[]
  pages: PullPage[]
  configs: { base: string | undefined; head: string | undefined }
  /** Why the pages OpenAPI documents generate could not be compared: no pass. */
  uncomparable?: string
}> {
  const { baseTree, headTree, files } = trees
  // the configuration as the site has it (on a mint.json site the CLI writes a docs.json into its copies)
  const headConfig = readText(join(headTree, config))
  // and as the site reads it, every $ref resolved: the redirects or navigation kept in files of their own
  const sites = siteReads(trees, { base: trees.baseConfig, head: headConfig })
  const headFiles = pagesOf(headTree)
  const generated = await openApiOf(trees, [sites.baseConfig, sites.headConfig], headFiles)
  if (generated.uncomparable !== undefined)
    return {
      judged: [],
      pages: [],
      configs: { base: sites.baseConfig, head: sites.headConfig },
      uncomparable: generated.uncomparable,
    }
  const base = servedBy(pagesOf(baseTree), sites.baseConfig, readText(join(baseTree, '.mintignore')), generated.base)
  const head = servedBy(headFiles, sites.headConfig, readText(join(headTree, '.mintignore')), generated.head)
  const pages = pagesFromTrees({ docsFolder, files, base, head, ...sites, baseTree, headTree, headFiles })
  const places = configPlaces({ docsFolder, config, headTree, headConfig })
  const renamed = new Map(pageChanges(files, docsFolder).map((c) => [pageAddress(c.from), c.to]))
  const lost = lostProblems(base, head, renamed, places, generated.endpoints)
  const faults = judgedFaults(base, head, places.entryOf)
  const operations = generated.operations
    ? judgedOperations(
        generated.operations.base,
        generated.operations.head,
        oldNames(files, docsFolder),
        frontMatterAt(headTree, docsFolder),
      )
    : []
  return {
    judged: [...lost, ...faults, ...operations],
    pages,
    configs: { base: sites.baseConfig, head: sites.headConfig },
  }
}

type Placed = Pick<PlacedProblem, 'file' | 'path' | 'line' | 'column' | 'lineText'>

/** Where a configuration's problem goes: a line, its redirects, a page's navigation entry, a redirect's entry. */
interface ConfigPlaces {
  at: (line: number | undefined) => Placed
  redirectsLine: number
  navigationLine: (to: string | undefined) => number | undefined
  /** A generated page's navigation entry (`POST /api/copy`), its method in any case. */
  operationLine: (entry: string | undefined) => number | undefined
  entryOf: (redirect: string) => Placed
}

/** The places in the head's configuration (and in the file its redirects are kept in) that problems go to. */
function configPlaces({
  docsFolder,
  config,
  headTree,
  headConfig,
}: {
  docsFolder: string
  config: string
  headTree: string
  headConfig: string | undefined
}): ConfigPlaces {
  const at = (line: number | undefined): Placed => ({
    file: config,
    path: repositoryPath(docsFolder, config),
    ...(line !== undefined ? { line, lineText: lineText(headConfig ?? '', line) } : {}),
  })
  // where a redirect goes: the configuration's redirects, or its first line where it has none
  const configLines = (headConfig ?? '').split('\n')
  const redirectsLine = configLines.findIndex((l) => /"redirects"\s*:/.test(l)) + 1 || 1
  // a renamed page's lost address where the change is: its new entry in the navigation, where it has one
  const navigationLine = (to: string | undefined): number | undefined => {
    if (to === undefined) return undefined
    const entry = JSON.stringify(pageSlug(to))
    const at = configLines.findIndex((l) => l.includes(entry))
    return at === -1 ? undefined : at + 1
  }
  // a redirect's entry (`source → destination`): in docs.json, or in the file its "redirects" names by $ref
  const inFile = redirectsFile(headConfig)
  const written = inFile === undefined ? headConfig : treeFile(headTree)(inFile)
  // (at its destination's column: a chain's fix replaces the destination there)
  const entryOf = (redirect: string): Placed => {
    const place = redirectPlaces(written ?? '', redirect)[0]
    const column = place === undefined ? {} : { column: place.column }
    if (inFile === undefined) return { ...at(place?.line), ...column }
    const placed = place === undefined ? {} : { line: place.line, lineText: lineText(written ?? '', place.line) }
    return { file: inFile, path: repositoryPath(docsFolder, inFile), ...placed, ...column }
  }
  const operationLine = (entry: string | undefined): number | undefined => {
    if (entry === undefined) return undefined
    const wanted = entry.toLowerCase()
    const found = configLines.findIndex((l) => l.toLowerCase().includes(JSON.stringify(wanted)))
    return found === -1 ? undefined : found + 1
  }
  return { at, redirectsLine, navigationLine, operationLine, entryOf }
}

/** Each address the base serves and the head does not, placed where its fix goes, with the fix where one is known. */
function lostProblems(
  base: Served,
  head: Served,
  renamed: ReadonlyMap<string, string | undefined>,
  { at, redirectsLine, navigationLine, entryOf, operationLine }: ConfigPlaces,
  endpoints: ReadonlyMap<string, string>,
): Judged[] {
  return lostAddresses(base, head).map(({ address, file, generated: fromOpenApi, sentTo, loop }): Judged => {
    const to = renamed.get(address)
    const moved = to !== undefined && isPage(to) ? pageAddress(to) : undefined
    const parent = moved ? undefined : nearestParent(head, address)
    const fix = moved ? { source: address, destination: moved } : undefined
    // a redirect to a page this pull request renamed: the page's new address is the fix
    const renamedTarget = sentTo !== undefined && !loop ? renamed.get(sentTo) : undefined
    const followed = renamedTarget !== undefined && isPage(renamedTarget) ? pageAddress(renamedTarget) : undefined
    const sending = sentTo === undefined ? undefined : firstRedirect(head, address)
    const entry = sending && entryOf(`${sending.source} → ${sending.destination}`)
    // why nothing answers there now: no redirect, or one that leads nowhere
    const why =
      sentTo === undefined
        ? 'no redirect keeps it'
        : loop
          ? `the head's redirects send it round in a loop (through ${sentTo})`
          : `the head's redirects send it to ${sentTo}, which the head does not serve`
    const what = file
      ? moved
        ? `${file} was renamed to ${to ?? ''} in this pull request`
        : `${file} is gone in this pull request`
      : fromOpenApi
        ? 'the page its OpenAPI document generated there is not generated any more (an operation, its summary or tag, or the navigation changed in this pull request)'
        : sentTo === undefined
          ? `the redirect from it is gone in this pull request`
          : undefined
    const message =
      `${address} answers on the base and not on the head: ${what === undefined ? why : `${what}, and ${why}`}. ` +
      (fix
        ? `Add the redirect ${JSON.stringify(fix)}.`
        : followed !== undefined
          ? `Send its redirect to ${followed} instead, where this pull request moved ${sentTo ?? ''}.`
          : `Add a redirect from it to the page that replaces it${parent ? ` (its nearest parent is ${parent})` : ''}.`)
    return {
      problem: {
        rule: 'lost-address',
        target: address,
        message,
        // where the fix goes: the head's redirect that sends it nowhere, or a renamed page's entry
        ...(entry?.line !== undefined
          ? entry
          : at(
              navigationLine(moved ? to : undefined) ??
                (fromOpenApi ? operationLine(endpoints.get(address)) : undefined) ??
                redirectsLine,
            )),
        ...(fix ? { fix } : {}),
        ...(followed !== undefined && sentTo !== undefined
          ? { resend: { source: address, from: sentTo, to: followed } }
          : {}),
        ...(file === undefined && !fromOpenApi ? { redirected: true as const } : {}),
      },
      status: 'new',
    }
  })
}

/** An API page's problem where its openapi (or openapi-schema) front matter is. */
function frontMatterAt(
  headTree: string,
  docsFolder: string,
): (file: string, key: string) => Pick<PlacedProblem, 'path' | 'line' | 'lineText'> {
  const inTree = treeFile(headTree)
  return (file, key) => {
    const text = inTree(file)
    const line = frontMatterLine(text, key)
    return {
      path: repositoryPath(docsFolder, file),
      ...(line !== undefined ? { line, lineText: lineText(text ?? '', line) } : {}),
    }
  }
}

/**
 * What each tree makes of its OpenAPI documents, by the CLI's own code: its generated pages, each
 * one's navigation entry, and its pages' operations (none where a document is at a URL the check does
 * not fetch, which may have any operation). Where the head's cannot be told and the base's can, the
 * pages the base generates cannot be compared: no pass (`uncomparable` says which). Where the base's
 * cannot be told, nothing the head generates can be lost: compared on neither side, said.
 */
async function openApiOf(
  {
    baseTree,
    headTree,
    listOpenApi,
    notes,
  }: { baseTree: string; headTree: string; listOpenApi: OpenApiLister; notes: string[] },
  configs: Array<string | undefined>,
  headFiles: readonly string[],
): Promise<{
  base: string[]
  head: string[]
  endpoints: ReadonlyMap<string, string>
  operations?: { base: OperationRef[]; head: OperationRef[] }
  uncomparable?: string
}> {
  const none = { base: [], head: [], endpoints: new Map<string, string>() }
  const named = configs.some((c) => c !== undefined && /"openapi"/i.test(c))
  const inTree = treeFile(headTree)
  const referenced = headFiles.some((f) => frontMatterLine(inTree(f), 'openapi') !== undefined)
  if (!named && !referenced) return none
  const [base, head] = await Promise.all([listOpenApi(baseTree), listOpenApi(headTree)])
  const say = (said: string): void => {
    core.info(said)
    notes.push(said)
  }
  const remote = configs.some((c) => c !== undefined && remoteSpec(c))
  if ('unknown' in head && !('unknown' in base) && !remote && base.pages.length > 0)
    return {
      ...none,
      uncomparable:
        `The pages the head's OpenAPI documents generate could not be listed (${external(head.unknown, 300)}), ` +
        `while the base generates ${count(base.pages.length, 'page')} (${base.pages
          .slice(0, 5)
          .map((p) => `/${p}`)
          .join(', ')}${base.pages.length > 5 ? ', …' : ''}): the check cannot say the head still serves them`,
    }
  if ('unknown' in base || 'unknown' in head) {
    const why = 'unknown' in base ? `the base: ${base.unknown}` : 'unknown' in head ? `the head: ${head.unknown}` : ''
    say(
      `The pages generated from OpenAPI documents were not compared (${external(why, 300)}): ` +
        (referenced
          ? 'an address this pull request stops generating, or an API page whose operation it takes away, is not seen.'
          : 'an address this pull request stops generating is not seen.'),
    )
    return none
  }
  if (head.missing.length > 0)
    say(
      `The head's navigation names ${count(head.missing.length, 'operation')} no OpenAPI document has ` +
        `(${external(head.missing.slice(0, 5).join(', '), 300)}): Mintlify generates no page for ${head.missing.length === 1 ? 'it' : 'them'}.`,
    )
  if (referenced && remote)
    say(
      "The API pages' operations were not looked for: the configuration names an OpenAPI document at a " +
        'URL, which the check does not fetch, so an API page whose operation this pull request takes away is not seen.',
    )
  return {
    base: base.pages,
    head: head.pages,
    endpoints: new Map(Object.entries(base.endpoints).map(([page, entry]) => [`/${page}`, entry])),
    ...(remote ? {} : { operations: { base: base.operations, head: head.operations } }),
  }
}

/** A base of names has its OpenAPI documents as the head has them: its generated pages cannot be told. */
export const namesOnlyLister: OpenApiLister = () =>
  Promise.resolve({ unknown: "the base was rebuilt by its pages' names, not its OpenAPI documents" })

/** A head file's name in the base: a file the pull request renamed has its old name there. */
export function oldNames(files: readonly ChangedFile[], docsFolder: string): (file: string) => string {
  const renamed = new Map(
    files
      .filter((f) => f.status === 'renamed' && f.previousFilename)
      .map((f) => [f.filename, f.previousFilename ?? '']),
  )
  return (file) => {
    const before = renamed.get(repositoryPath(docsFolder, file))
    return before === undefined ? file : (docsRelativePath(docsFolder, before) ?? before)
  }
}
