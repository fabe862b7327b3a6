import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { sourceFiles } from '../unit/source-files.js'

/** The features with a folder of their own (.dependency-cruiser.cjs's FEATURES), each with its mode in mode.ts (or *-mode.ts, live's two). */
const FEATURES = ['agent', 'check', 'comment', 'health', 'insights', 'live', 'traffic']

test('every summary is rendered by a renderer: no mode builds Markdown (no heading, no escaping helper of its own)', () => {
  const isMode = (path: string): boolean =>
    path.startsWith('modes/') || FEATURES.some((feature) => new RegExp(`^${feature}/([a-z-]+-)?mode\\.ts$`).test(path))
  const modes = sourceFiles().filter(([path]) => isMode(path))
  // every feature's mode is seen
  expect(FEATURES.filter((feature) => !modes.some(([path]) => path.startsWith(`${feature}/`)))).toEqual([])
  const offenders = modes.filter(([, text]) => /`#{2,4} |summary\/escape\.js/.test(text)).map(([path]) => path)
  expect(offenders).toEqual([])
})

test('the features named here are the ones the layers name', () => {
  const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
    forbidden: Array<{ name: string }>
  }
  const named = config.forbidden
    .map((r) => /^no-feature-to-feature-from-(.+)$/.exec(r.name)?.[1])
    .filter((f): f is string => f !== undefined)
  expect(named).toEqual(FEATURES)
})
