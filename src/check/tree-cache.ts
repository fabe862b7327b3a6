import {
  type Kept,
  type ProblemCache,
  entryKey,
  networkDecides,
  plausible,
  problemCache,
  treeFingerprint,
} from './base-cache.js'
import { actionsCache, quietCommands } from './cache-guard.js'
import { join } from 'node:path'
import type { SiteCheck } from './check-site.js'
import type { Check } from '../inputs/parsers.js'
import type { CheckSettings } from './inputs.js'
import * as core from '../util/actions-core.js'
import { external } from '../util/text.js'

/**
 * The runner's cache for the trees one run checks (base-cache.ts keeps an entry; this is the run's
 * use of it): a tree looked up before the CLI checks it, what the CLI found kept, all of it saved
 * once the CLI is done.
 */

/** Checks one copy of the docs; `stop` ends its CLI runs early (a base no longer needed). */
export type TreeChecker = (
  label: string,
  tree: string,
  which: ReadonlySet<Check>,
  stop?: AbortSignal,
) => Promise<SiteCheck>

/** What the cache keeps of a tree: its check without validate (the network's verdict, never kept). */
export const withoutValidate = (checks: ReadonlySet<Check>): Set<Check> =>
  new Set([...checks].filter((c) => c !== 'validate'))

/** The runner's cache for checked trees, within one run: look a tree up, keep what the CLI found, save at the end. */
export interface TreeCache {
  /** The tree's key (none where it is neither read nor kept), and its problems where the cache has them. */
  lookup: (
    tree: string,
    checks: ReadonlySet<Check>,
  ) => Promise<{ key: string; kept?: Kept } | { key?: undefined; kept?: undefined }>
  /** Kept for saveAll: a tree the CLI checked to a verdict. */
  keep: (key: string, site: SiteCheck) => void
  /** Writes what was kept, once the CLI is done (nothing else writes to the log meanwhile). */
  saveAll: () => Promise<void>
}

export function treeCache({
  settings,
  stop,
  work,
}: {
  settings: CheckSettings
  stop: AbortSignal
  work: string
}): TreeCache {
  const pending: Array<{ key: string; kept: Kept }> = []
  let said = false
  // one notice for the whole run, whatever the cache did wrong
  const cannot = (what: string, why: string): void => {
    if (said) return
    said = true
    core.notice(
      `The runner's cache could not be ${what} (${external(why, 300)}): the CLI checked the docs as without it.`,
    )
  }
  let store: Promise<ProblemCache> | undefined
  const cache = (): Promise<ProblemCache> =>
    (store ??= actionsCache().then((service) => problemCache(service, join(work, 'cache'), quietCommands, stop)))
  return {
    async lookup(tree, checks) {
      // what the network decides is never kept: the verdict of the day, on both sides each time
      const network = networkDecides(tree, checks)
      if (network !== undefined) {
        core.info(`Not read from nor kept in the runner's cache: ${network}.`)
        return {}
      }
      const first = entryKey({
        fingerprint: treeFingerprint(tree),
        mintVersion: settings.check.mintVersion,
        checks,
        exclude: settings.check.exclude,
      })
      // an entry that is not the check's (a pull request can write its own scope's) is passed over
      // for the next key, so it never stops a good one being kept
      for (const key of [first, `${first}-2`, `${first}-3`]) {
        const restored = await (await cache()).restore(key)
        if (restored.found) {
          if (plausible(restored, tree))
            return { key, kept: { problems: restored.problems, warnings: restored.warnings } }
          cannot('read', `the entry at ${key} holds a problem its tree cannot have: it was not used`)
          continue
        }
        if (restored.why) cannot('read', restored.why)
        if (!restored.rejected) return { key }
      }
      // every key of this tree holds an entry the check did not write: nothing read, nothing kept
      return {}
    },
    keep(key, site) {
      if (!site.unreadable) pending.push({ key, kept: { problems: site.problems, warnings: site.warnings ?? [] } })
    },
    async saveAll() {
      for (const { key, kept } of pending.splice(0)) {
        const saved = await (await cache()).save(key, kept)
        if (saved.saved) core.info(`Kept in the runner's cache for the pull requests against this tree: ${key}.`)
        else if (saved.why) cannot('written', saved.why)
        else core.info(`Another run kept this tree in the runner's cache first: ${key}.`)
      }
    },
  }
}

/**
 * A tree checked through the cache: restored where the same tree was checked before (the CLI then
 * runs only for validate, which is never kept), else checked by the CLI and kept.
 */
export function cachedChecker(cache: TreeCache, checkTree: TreeChecker) {
  return async (label: string, tree: string, checks: ReadonlySet<Check>, notes: string[]): Promise<SiteCheck> => {
    const found = await cache.lookup(tree, withoutValidate(checks))
    if (found.kept) {
      core.info(
        `The ${label}'s problems restored from the runner's cache (${found.key}): the CLI did not check it again.`,
      )
      notes.push(`The ${label} was checked before: its problems came from the runner's cache.`)
      if (!checks.has('validate')) return found.kept
      const validated = await checkTree(label, tree, new Set<Check>(['validate']))
      return { ...found.kept, ...(validated.validation ? { validation: validated.validation } : {}) }
    }
    const site = await checkTree(label, tree, checks)
    if (found.key !== undefined) cache.keep(found.key, site)
    return site
  }
}
