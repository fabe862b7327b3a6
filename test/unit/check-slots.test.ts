import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { availableParallelism, totalmem } from 'node:os'
import { getHeapStatistics } from 'node:v8'
import {
  HEAP_SHARE,
  KEPT_MIB,
  NEED,
  type Runner,
  cliMemory,
  limiter,
  needFor,
  thisRunner,
} from '../../src/check/cli-slots.js'
import { ranOutOfMemory } from '../../src/check/cli-output.js'

const MiB = 1024 ** 2
const GiB = 1024 ** 3

/** A runner: its cores and memory (GiB), what is free (all of it unless said), its container's limit (none), Node's default heap (a quarter, at most 4 GiB). */
const runner = (cores: number, totalGiB: number, freeGiB = totalGiB, limitGiB = 0): Runner => ({
  cores,
  total: totalGiB * GiB,
  free: freeGiB * GiB,
  limit: limitGiB * GiB,
  nodeHeap: Math.min(totalGiB / 4, 4) * GiB,
})

describe('the memory the CLI is given', () => {
  test('a run needs a fixed part and a part for each MiB of pages', () => {
    expect(needFor(0)).toBe(NEED.fixedMiB)
    expect(needFor(10 * MiB)).toBe(NEED.fixedMiB + 10 * NEED.perPageMiB)
    // a part of a MiB is a part of the need, rounded up
    expect(needFor(MiB / 2)).toBe(Math.ceil(NEED.fixedMiB + NEED.perPageMiB / 2))
  })

  test("a small site on a public repository's runner (4 cores, 16 GiB): four at once, each a quarter of the memory", () => {
    const m = cliMemory(2 * MiB, runner(4, 16))
    expect(m.budget).toBe(16 * 1024 - KEPT_MIB)
    expect(m.slots).toBe(4)
    expect(m.heap).toBe(Math.floor((m.budget / 4) * HEAP_SHARE))
    expect(m.alone).toBe(Math.floor(m.budget * HEAP_SHARE))
    expect(m).toMatchObject({ total: 16 * 1024, free: 16 * 1024, need: needFor(2 * MiB) })
  })

  test("bazel-docs' 45 MiB of pages: two at once on a private repository's runner (2 cores, 7 GiB), one where 4 GiB is free", () => {
    const m = cliMemory(45 * MiB, runner(2, 7))
    expect(m.slots).toBe(2)
    expect(m.heap).toBeGreaterThanOrEqual(Math.floor(m.need * HEAP_SHARE))
    const tight = cliMemory(45 * MiB, runner(2, 7, 4))
    expect(tight.need).toBeGreaterThan(tight.budget / 2)
    expect(tight.slots).toBe(1)
    expect(tight.heap).toBe(tight.alone)
  })

  test('memory in whole MiB, rounded down, whatever bytes the system gives', () => {
    const m = cliMemory(0, {
      cores: 2,
      total: 8 * GiB + 1_000,
      free: 6 * GiB + 524_287,
      limit: 0,
      nodeHeap: 2 * GiB + 9,
    })
    expect(m).toMatchObject({ total: 8192, free: 6144, budget: 6144 - KEPT_MIB })
    expect(m.heap).toBe(Math.floor(((6144 - KEPT_MIB) / 2) * HEAP_SHARE))
    expect(Number.isInteger(m.alone)).toBe(true)
    expect(cliMemory(0, { cores: 1, total: GiB, free: GiB, limit: 0, nodeHeap: 1_000 * MiB + 7 }).alone).toBe(1000)
  })

  test('what is free counts, not what the machine has; a container counts by its limit', () => {
    expect(cliMemory(0, runner(4, 16, 2)).budget).toBe(2 * 1024 - KEPT_MIB)
    const contained = cliMemory(0, runner(4, 64, 60, 4))
    expect(contained).toMatchObject({ total: 4 * 1024, free: 4 * 1024, budget: 4 * 1024 - KEPT_MIB })
    // a limit above the machine (cgroups' "none" is a huge number) is no limit
    expect(cliMemory(0, runner(4, 16, 16, 1024)).total).toBe(16 * 1024)
  })

  test("never more runs than cores, at least one, and alone never less than Node's own default", () => {
    expect(cliMemory(0, runner(1, 64)).slots).toBe(1)
    // what is free reads low (macOS counts no cache as free): one at a time, with Node's default
    const starved = cliMemory(0, runner(4, 16, 0.5))
    expect(starved).toMatchObject({ budget: 0, slots: 1, heap: 4096, alone: 4096 })
    const low = cliMemory(45 * MiB, runner(3, 14, 2.5))
    expect(low).toMatchObject({ slots: 1, heap: 3584, alone: 3584 })
  })

  test('property: the runs at once never together hold more than the budget, and each has at least its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 512 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 200 * MiB }),
        (cores, totalGiB, freeShare, pageBytes) => {
          const m = cliMemory(pageBytes, runner(cores, totalGiB, totalGiB * freeShare))
          expect(m.alone).toBeGreaterThanOrEqual(Math.min(totalGiB / 4, 4) * 1024)
          expect(m.slots).toBeGreaterThanOrEqual(1)
          expect(m.slots).toBeLessThanOrEqual(cores)
          if (m.slots > 1) expect(m.slots * m.heap).toBeLessThanOrEqual(m.budget)
          else expect(m.heap).toBe(m.alone)
          // more than one at once only where each gets what a run needs
          if (m.slots > 1) expect(m.budget / m.slots).toBeGreaterThanOrEqual(m.need)
          expect(m.alone).toBeGreaterThanOrEqual(m.heap)
        },
      ),
    )
  })
})

describe('the runner as read', () => {
  test("its cores, its memory, its container's limit as Node gives it, and Node's own heap limit", () => {
    expect(thisRunner()).toEqual({
      cores: availableParallelism(),
      total: totalmem(),
      free: expect.any(Number) as number,
      limit: process.constrainedMemory(),
      nodeHeap: getHeapStatistics().heap_size_limit,
    })
  })
})

describe('a run out of memory', () => {
  test("Node's own words and its abort, or a SIGKILL the check did not send; never the words alone", () => {
    const words = 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n'
    expect(ranOutOfMemory(`<--- JS stacktrace --->\n\n${words}`, 'SIGABRT', null)).toBe(true)
    expect(ranOutOfMemory(words, null, 134)).toBe(true)
    expect(
      ranOutOfMemory(
        'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
        'SIGABRT',
        null,
      ),
    ).toBe(true)
    expect(ranOutOfMemory('', 'SIGKILL', null)).toBe(true)
    // a page named for the words, in a warning of a run that ended as usual, is no out-of-memory
    expect(ranOutOfMemory(`warn could not resolve "${words.trim()}.mdx"`, null, 1)).toBe(false)
    expect(ranOutOfMemory('found 2 broken links in 1 file', null, 1)).toBe(false)
    expect(ranOutOfMemory('', 'SIGABRT', null)).toBe(false)
    expect(ranOutOfMemory('', null, 134)).toBe(false)
  })
})

describe('the CLI processes at once', () => {
  test('never more than the limit at once, every one run, in the order given', async () => {
    const slot = limiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const releases: Array<() => void> = []
    const works = Array.from({ length: 5 }, (_, i) =>
      slot.run(async () => {
        started.push(i)
        running++
        most = Math.max(most, running)
        await new Promise<void>((resolve) => releases.push(resolve))
        running--
        return i
      }),
    )
    // let every slot that can start, start; then end them one by one, and a newcomer must wait its turn
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
      if (round === 0) void slot.run(() => Promise.resolve(99)).then((v) => started.push(v))
    }
    await new Promise((resolve) => setImmediate(resolve))
    releases.splice(0).forEach((r) => r())
    expect(await Promise.all(works)).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
    expect(started.slice(0, 5)).toEqual([0, 1, 2, 3, 4])
  })

  test('alone: after every run before it has ended, none beside it, and the ones after it wait', async () => {
    const slot = limiter(3)
    const log: string[] = []
    const gates = new Map<string, () => void>()
    const job = (name: string) => async (): Promise<string> => {
      log.push(`start ${name}`)
      await new Promise<void>((resolve) => gates.set(name, resolve))
      log.push(`end ${name}`)
      return name
    }
    const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
    const a = slot.run(job('a'))
    const b = slot.run(job('b'))
    const alone = slot.alone(job('alone'))
    const c = slot.run(job('c'))
    await tick()
    // a third slot is free, but c comes after the run that waits to be alone
    expect(log).toEqual(['start a', 'start b'])
    gates.get('a')?.()
    await tick()
    expect(log).toEqual(['start a', 'start b', 'end a'])
    gates.get('b')?.()
    await tick()
    expect(log.slice(3)).toEqual(['end b', 'start alone'])
    gates.get('alone')?.()
    await tick()
    expect(log.slice(5)).toEqual(['end alone', 'start c'])
    gates.get('c')?.()
    expect(await Promise.all([a, b, alone, c])).toEqual(['a', 'b', 'alone', 'c'])
  })

  test('a run that fails frees its slot', async () => {
    const slot = limiter(1)
    await expect(slot.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await slot.alone(() => Promise.resolve('after'))).toBe('after')
  })
})
