import { join } from 'node:path'
import { expect, test } from 'vitest'
import { sourceFiles } from './source-files.js'

test("nothing in src/ reads the real clock behind the run's back: only util/clock.ts does, and the context hands it on", () => {
  const offenders = sourceFiles()
    .filter(([path]) => path !== join('util', 'clock.ts'))
    .flatMap(([path, text]) => text.split('\n').map((line, i) => [`${path}:${i + 1}`, line] as const))
    .filter(([, line]) => /Date\.now\(\)|new Date\(\)/.test(line))
    .map(([where]) => where)
  expect(offenders).toEqual([])
})
