import { availableParallelism, freemem, totalmem } from 'node:os'
import { getHeapStatistics } from 'node:v8'

/**
 * How many Mintlify CLI processes run at once, and the memory each is given: never more than the
 * runner's cores (GitHub's hosted runners have 4 for public repositories, 2 for private ones;
 * os.availableParallelism, never a fixed number), and never more than the runner's memory holds at
 * what one run on this site needs; each child's heap limit is its share of that memory, so that no
 * two runs together can exceed it (Node's own default is a quarter of the machine, whatever runs
 * beside it). At least one.
 */

const MiB = 1024 ** 2

/** What the action keeps for itself and the runner's own processes, out of the memory it finds (MiB). */
export const KEPT_MIB = 768

/**
 * What one `broken-links` run needs at its peak (MiB): a fixed part (Node and the CLI's modules) and
 * a part for each MiB of the site's pages, with a quarter to spare over what was measured on 4.2.941
 * (docs/actions/check.md, "The largest sites"): bazel-docs, 45 MiB of pages and 47,749 broken
 * links, peaked at 1,951 MiB; a generated site of 5,000 pages (2.5 MiB) at 450 to 680 MiB. It
 * decides how many run at once, not the heap each gets (its share of the memory): a site of short
 * pages with many broken links needs more than it says (the bench's 4,002 pages, 3 MiB and 50,000
 * broken links: 2,218 MiB), and a run that runs out of memory beside others runs again alone.
 */
export const NEED = { fixedMiB: 600, perPageMiB: 40 }

/** What a heap limit leaves for the rest of a Node process's memory (its code, buffers, the young generation). */
export const HEAP_SHARE = 0.85

export interface CliMemory {
  /** The memory the CLI's runs share (MiB): what the runner has free, within its container's limit, less KEPT_MIB. */
  budget: number
  /** The runner's memory as found (MiB), for what is said: its total (or its container's limit) and what was free. */
  total: number
  free: number
  /** What one run on this site is expected to need at its peak (MiB). */
  need: number
  /** How many runs at once. */
  slots: number
  /** Each run's heap limit (MiB): its share of the budget; one at a time, `alone`. */
  heap: number
  /** A run's heap limit alone (MiB): the whole budget's, and never less than Node's own default. */
  alone: number
}

/**
 * The runner as the memory plan reads it: its cores, its memory and its container's limit (bytes;
 * 0: none), and the heap limit Node gives a process there by default (bytes: the action's own, on
 * the Node the CLI runs on).
 */
export interface Runner {
  cores: number
  total: number
  free: number
  limit: number
  nodeHeap: number
}

export function thisRunner(): Runner {
  return {
    cores: availableParallelism(),
    total: totalmem(),
    free: freemem(),
    limit: process.constrainedMemory?.() ?? 0,
    nodeHeap: getHeapStatistics().heap_size_limit,
  }
}

/** What one run needs for a site whose pages hold `pageBytes` (MiB). */
export function needFor(pageBytes: number): number {
  return Math.ceil(NEED.fixedMiB + (NEED.perPageMiB * pageBytes) / MiB)
}

/** The runs at once and each one's heap, for a site whose pages hold `pageBytes`, on `runner`. */
export function cliMemory(pageBytes: number, runner: Runner): CliMemory {
  // a container's limit, where one is set below the machine's memory (cgroups), is the runner's memory
  const total = runner.limit > 0 && runner.limit < runner.total ? runner.limit : runner.total
  const free = Math.min(runner.free, total)
  const budget = Math.max(0, Math.floor(free / MiB) - KEPT_MIB)
  const need = needFor(pageBytes)
  const slots = Math.max(1, Math.min(runner.cores, Math.floor(budget / need)))
  // alone, never less than Node's own default: what is free can read low (macOS counts no cache as free)
  const alone = Math.max(Math.floor(budget * HEAP_SHARE), Math.floor(runner.nodeHeap / MiB), 1)
  return {
    budget,
    total: Math.floor(total / MiB),
    free: Math.floor(free / MiB),
    need,
    slots,
    heap: slots === 1 ? alone : Math.floor((budget / slots) * HEAP_SHARE),
    alone,
  }
}

/** Runs what it is given in slots, in the order given: `run` takes one, `alone` every one. */
export interface Slots {
  limit: number
  run: <T>(work: () => Promise<T>) => Promise<T>
  /** Waits for every run before it to end, and lets none start until it ends. */
  alone: <T>(work: () => Promise<T>) => Promise<T>
}

/** At most `limit` runs at once; the rest wait, and none passes one that waits before it. */
export function limiter(limit: number): Slots {
  let used = 0
  const waiting: Array<{ weight: number; go: () => void }> = []
  const admit = (): void => {
    for (let next = waiting[0]; next && used + next.weight <= limit; next = waiting[0]) {
      waiting.shift()
      used += next.weight
      next.go()
    }
  }
  const take = async <T>(weight: number, work: () => Promise<T>): Promise<T> => {
    if (waiting.length === 0 && used + weight <= limit) used += weight
    else await new Promise<void>((go) => waiting.push({ weight, go }))
    try {
      return await work()
    } finally {
      used -= weight
      admit()
    }
  }
  return { limit, run: (work) => take(1, work), alone: (work) => take(limit, work) }
}
