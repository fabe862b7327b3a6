import { expect, test } from 'vitest'
import { sourceFiles } from '../unit/source-files.js'

test('every summary is rendered in summary/: no mode builds Markdown (no heading, no escaping helper of its own)', () => {
  const offenders = sourceFiles()
    .filter(([path]) => path.startsWith('modes/'))
    .filter(([, text]) => /`#{2,4} |summary\/escape\.js/.test(text))
    .map(([path]) => path)
  expect(offenders).toEqual([])
})
