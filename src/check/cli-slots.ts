import { availableParallelism, freemem } from 'node:os'

/**
 * How many Mintlify CLI processes run at once: never more than the runner's cores (GitHub's hosted
 * runners have 4 for public repositories, 2 for private ones; os.availableParallelism, never a fixed
 * number), and no more than its free memory holds at about 1 GiB a process (a 5,000-page site's
 * broken-links). At least one.
 */

/** The memory one CLI process is given room for. */
export const MEMORY_PER_CLI = 1024 ** 3

export function cliSlots(cores = availableParallelism(), free = freemem()): number {
  return Math.max(1, Math.min(cores, Math.floor(free / MEMORY_PER_CLI)))
}

/** Runs what it is given, at most `limit` at once, in the order given; the rest wait for a slot. */
export function limiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: Array<() => void> = []
  return async (work) => {
    // a slot ending passes straight to the first waiting, so no newcomer can take it in between
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
