import type { Check } from '../inputs/parsers.js'
import {
  type Problem,
  type Reading,
  type Unparsed,
  type Validation,
  cliWarnings,
  cutShort,
  readAccessibility,
  readBrokenLinks,
  readValidation,
} from './cli-output.js'
import type { Ran } from './child-process.js'
import type { SiteConfig } from './docs-folder.js'
import { WIDTH, pagesOf, stubPage, treeFile, writeInTree } from './tree-copy.js'
import type { SnippetAnchorer } from './mint-cli.js'
import { inSnippets } from './snippet-anchors.js'
import { isPage } from '../site/addresses.js'

/**
 * One tree of the docs checked by the CLI: broken-links and a11y side by side, validate where asked.
 * A page the CLI cannot parse is one problem, replaced by its headings and checked again: one page
 * never costs the whole site's verdict.
 */

const LINK_FLAGS: Array<[Check, string]> = [
  ['anchors', '--check-anchors'],
  ['redirects', '--check-redirects'],
  ['snippets', '--check-snippets'],
  ['external', '--check-external'],
]
const LINK_CHECKS: readonly Check[] = ['links', 'anchors', 'redirects', 'snippets', 'external']

/** How many times one command runs while it exits before drawing its verdict (cutShort). */
export const CUT_SHORT_RUNS = 3

/** How many unparsable pages one tree may have before the link check gives up (each costs a run). */
export const MAX_UNPARSED = 10

export interface SiteCheck {
  problems: Problem[]
  /** No verdict: what could not be read, and from which check. */
  unreadable?: string
  validation?: Validation
  /** What the CLI warned of (cliWarnings), once each. */
  warnings?: string[]
  /** Broken anchors the CLI reported that a snippet shown on their page has as a heading: not counted. */
  inSnippets?: Problem[]
  /** Why the snippets' headings could not be told (every broken anchor is then counted). */
  snippetsUnknown?: string
}

/** What the readers read of a run: its warnings and errors (stderr) first, whatever order the pipes gave. */
const readable = (ran: Ran): string => `${ran.stderr}\n${ran.stdout}`

export interface CheckSiteOptions {
  tree: string
  config: SiteConfig
  checks: ReadonlySet<Check>
  /** Runs the CLI in `tree` with these arguments (each run bounded and logged by the caller), as wide as the tree needs or `columns`. */
  mint: (args: string[], columns?: number) => Promise<Ran>
  /** Pages whose problems are not reported (left out by the exclude input). */
  excluded?: (file: string) => boolean
  /** Says why a command runs again. */
  log?: (message: string) => void
  /** Asks the CLI's code which broken anchors a snippet shown on their page has (none: it cannot be told). */
  snippetAnchors?: SnippetAnchorer
}

export async function checkSite(given: CheckSiteOptions): Promise<SiteCheck> {
  const { checks, config } = given
  const warnings = new Set<string>()
  const options: CheckSiteOptions = {
    ...given,
    mint: async (args, columns) => {
      let ran = await given.mint(args, columns)
      // a verdict lost as the CLI exited is asked for again (not a CLI a signal ended: the OOM
      // killer ends it again); one never printed stays unreadable
      for (let run = 2; run <= CUT_SHORT_RUNS && ran.signal === null && cutShort(ran.stdout); run++) {
        given.log?.(
          `mint ${args[0] ?? ''} exited before it printed its verdict (its output ends at the spinner): ` +
            `run ${run} of ${CUT_SHORT_RUNS}.`,
        )
        ran = await given.mint(args, columns)
      }
      // the tree's own folder said as ., so the head's and the base's warnings compare
      for (const warning of cliWarnings(readable(ran))) warnings.add(warning.split(given.tree).join('.'))
      return ran
    },
  }
  const links = LINK_CHECKS.some((c) => checks.has(c))
  const a11y = checks.has('alt-text') || checks.has('contrast')
  // a mint.json site: broken-links writes the docs.json the other commands need, so it runs first
  const upgrade = config === 'mint.json' && (a11y || checks.has('validate'))
  const linkRun = links || upgrade ? checkLinks(options) : Promise.resolve(undefined)
  if (upgrade) await linkRun
  const accessibility = a11y ? runAccessibility(options) : Promise.resolve(undefined)
  const validation = checks.has('validate')
    ? options.mint(['validate']).then((ran) => readValidation(readable(ran), ran.exitCode))
    : Promise.resolve(undefined)
  const [linked, read, validated] = await Promise.all([
    linkRun.then(async (r) => (r?.waitFor ? r.waitFor(accessibility) : r)),
    accessibility,
    validation,
  ])
  const problems: Problem[] = []
  for (const [what, reading] of [
    ['broken links', links ? linked?.reading : undefined],
    ['accessibility', read],
  ] as const) {
    if (!reading) continue
    if (!reading.ok)
      return { problems: [], unreadable: `The ${what} check did not run to a verdict: ${reading.unreadable}.` }
    problems.push(...reading.problems)
  }
  // one problem per page the CLI could not parse, whichever command said so (a line where one gave it)
  const syntax = new Map<string, Problem>()
  for (const p of [...(linked?.unparsed ?? []).map(unparsedProblem), ...problems.filter((q) => q.rule === 'syntax')])
    if (!syntax.has(p.file) || (syntax.get(p.file)?.line === undefined && p.line !== undefined)) syntax.set(p.file, p)
  const all = [...syntax.values(), ...problems.filter((p) => p.rule !== 'syntax')]
  const shown = options.excluded ? all.filter((p) => !options.excluded?.(p.file)) : all
  // the CLI reads no snippet's headings: a link to one on the page that shows it is no problem
  const ask = given.snippetAnchors
  const snippets = checks.has('anchors')
    ? await inSnippets(
        shown,
        () => pagesOf(given.tree).filter(isPage),
        (asked) => (ask ? ask(given.tree, asked) : Promise.resolve({ unknown: "the CLI's code was not asked" })),
      )
    : { kept: shown, inSnippets: [] }
  const { kept, inSnippets: left } = snippets
  return {
    problems: kept,
    ...(left.length > 0 ? { inSnippets: left } : {}),
    ...('unknown' in snippets && snippets.unknown !== undefined ? { snippetsUnknown: snippets.unknown } : {}),
    ...(validated ? { validation: validated } : {}),
    ...(warnings.size > 0 ? { warnings: [...warnings] } : {}),
  }
}

function unparsedProblem(u: Unparsed): Problem {
  return {
    rule: 'syntax',
    file: u.file,
    ...(u.line !== undefined ? { line: u.line, column: u.column ?? 1 } : {}),
    message: `The page could not be parsed: ${u.message}`,
  }
}

interface LinkRun {
  reading: Reading
  unparsed: Unparsed[]
  /** Set when a page must be replaced and the check run again, once `other` (reading the same tree) ended. */
  waitFor?: (other: Promise<unknown>) => Promise<LinkRun>
}

/** broken-links, again after replacing each unparsable page, and once more at full width if a line wrapped. */
async function checkLinks(options: CheckSiteOptions, unparsed: Unparsed[] = []): Promise<LinkRun> {
  const flags = LINK_FLAGS.filter(([c]) => options.checks.has(c)).map(([, flag]) => flag)
  const ran = await options.mint(['broken-links', ...flags])
  let reading = readBrokenLinks(readable(ran), ran.exitCode)
  if (!reading.ok && reading.wrapped) {
    const wide = await options.mint(['broken-links', ...flags], WIDTH.max)
    reading = readBrokenLinks(readable(wide), wide.exitCode)
  }
  const page = reading.ok ? undefined : reading.unparsed
  if (!page) return { reading, unparsed }
  const again = unparsed.filter((u) => u.file === page.file).length
  const files = new Set([...unparsed, page].map((u) => u.file))
  if (files.size > MAX_UNPARSED || again >= 2)
    return {
      reading: {
        ok: false,
        unreadable:
          `the CLI could not parse ${files.size} pages ` +
          `(${[...files].slice(0, 10).join(', ')})${again >= 2 ? `, ${page.file} even with only its front matter` : ''}: ` +
          `leave them out with exclude`,
      },
      unparsed,
    }
  return {
    reading,
    unparsed,
    waitFor: async (other) => {
      // the other command reads the same tree: the page is replaced only once it is done
      await other
      // the page's name is the CLI's output: read and written only where it is the tree's own file
      const text = treeFile(options.tree)(page.file)
      if (text === undefined)
        throw new Error(`the CLI named ${JSON.stringify(page.file)}, which is no page of the tree`)
      writeInTree(options.tree, page.file, stubPage(text, again === 0))
      const next = await checkLinks(options, [...unparsed, page])
      return next.waitFor ? next.waitFor(Promise.resolve()) : next
    },
  }
}

async function runAccessibility(options: CheckSiteOptions): Promise<Reading> {
  const altText = options.checks.has('alt-text')
  const contrast = options.checks.has('contrast')
  const ran = await options.mint([
    'a11y',
    ...(contrast ? [] : ['--skip-contrast']),
    ...(altText ? [] : ['--skip-alt-text']),
  ])
  return readAccessibility(readable(ran), ran.exitCode, {
    altText,
    contrast,
    folder: options.tree,
    config: options.config,
  })
}
