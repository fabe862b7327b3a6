import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'

/**
 * The shape of dist/ that keeps start-up fast: a run stopped by a bad input loads the entry chunk
 * only, which holds no library; the GitHub client and the Markdown parser load only when a mode
 * needs them.
 */
const dist = join(ROOT, 'dist')
const chunks = readdirSync(dist).filter((f) => f.endsWith('.js'))
const text = (f: string): string => readFileSync(join(dist, f), 'utf8')
const holding = (marker: string): string[] => chunks.filter((f) => text(f).includes(marker))

describe('dist/', () => {
  test('the GitHub client lives in one chunk of its own, not the entry and not the chunk every run loads', () => {
    const github = holding('octokit-core.js')
    expect(github).toHaveLength(1)
    expect(github[0]).not.toBe('index.js')
    expect(github).not.toEqual(holding('class ApiClient'))
  })

  test('the Markdown parser (comment mode) lives in one chunk of its own', () => {
    const parser = holding('function fromMarkdown')
    expect(parser).toHaveLength(1)
    expect(parser).not.toContain('index.js')
    expect(parser).not.toEqual(holding('class ApiClient'))
  })

  test('the entry chunk (all a run with a bad input loads) holds no library: not @actions/core, not an HTTP stack', () => {
    const entry = text('index.js')
    for (const marker of ['class OidcClient', 'class HttpClient', 'class UndiciError', 'function setOutput'])
      expect(entry, marker).not.toContain(marker)
  })

  test('after the inputs, @actions/core is used through its public entry, bundled once, outside the entry', () => {
    expect(holding('class ApiClient')).toHaveLength(1)
    const core = holding('function setOutput')
    expect(core).toHaveLength(1)
    expect(core).not.toContain('index.js')
  })

  test('the entry chunk carries only the zod it uses: the build dropped the rest', () => {
    const entry = text('index.js')
    // used by the input and response schemas: must stay
    for (const kept of ['"$ZodString"', '"$ZodObject"', '"$ZodPipe"']) expect(entry, kept).toContain(kept)
    // never used: present in zod, absent after the dead-code pass in scripts/build.mjs
    for (const dropped of ['$ZodEmail', '$ZodIPv4', '$ZodTemplateLiteral', 'ZodMiniEmail'])
      expect(entry, dropped).not.toContain(dropped)
  })

  test('the entry chunk is the input path only: no API client, agent or visitors code', () => {
    const entry = text('index.js')
    for (const marker of [
      'class ApiClient',
      'waitForJob',
      'exportTraffic',
      'joinPeriods',
      'class TrackingComment',
      'class GitHubApi',
      'runConversation',
      'findInstruction',
    ])
      expect(entry, marker).not.toContain(marker)
  })
})
