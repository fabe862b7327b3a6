import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { sourceFiles } from '../unit/source-files.js'

/** The features with a folder of their own (.dependency-cruiser.cjs's FEATURES): each renders its summary in its summary.ts. */
const FEATURES = ['check']

test('every summary is rendered by a renderer: summary/, or a feature folder’s summary.ts; no mode builds Markdown (no heading, no escaping helper of its own)', () => {
  const rendering = (path: string): boolean =>
    path.startsWith('summary/') || FEATURES.some((feature) => path === `${feature}/summary.ts`)
  const offenders = sourceFiles()
    .filter(([path]) => path.startsWith('modes/') || FEATURES.some((feature) => path.startsWith(`${feature}/`)))
    .filter(([path]) => !rendering(path))
    .filter(([, text]) => /`#{2,4} |summary\/escape\.js/.test(text))
    .map(([path]) => path)
  expect(offenders).toEqual([])
  // the rule can see a feature's files: its summary is a renderer
  expect(sourceFiles().some(([path, text]) => path === 'check/summary.ts' && /summary\/escape\.js/.test(text))).toBe(
    true,
  )
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
