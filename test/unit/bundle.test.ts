import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'

/**
 * The shape of dist/ that keeps start-up fast: the HTTP stack that @actions/http-client bundles
 * (undici) and the GitHub client exist only in the one chunk that comments load, and nothing
 * bundles @actions/core's OIDC client.
 */
const dist = join(ROOT, 'dist')
const chunks = readdirSync(dist).filter((f) => f.endsWith('.js'))
const text = (f: string): string => readFileSync(join(dist, f), 'utf8')
const holding = (marker: string): string[] => chunks.filter((f) => text(f).includes(marker))

describe('dist/', () => {
  test('a bundled undici and the GitHub client live in one chunk, not the entry', () => {
    const github = holding('octokit-core.js')
    expect(github).toHaveLength(1)
    expect(github[0]).not.toBe('index.js')
    expect(holding('class UndiciError')).toEqual(github)
    expect(holding('class HttpClient')).toEqual(github)
  })

  test('no chunk holds @actions/core\'s OIDC client', () => {
    expect(holding('class OidcClient')).toEqual([])
  })

  test('the entry chunk carries only the zod it uses: the build dropped the rest', () => {
    const entry = text('index.js')
    // used by the input and response schemas: must stay
    for (const kept of ['"$ZodString"', '"$ZodObject"', '"$ZodPipe"']) expect(entry, kept).toContain(kept)
    // never used: present in zod, absent after the dead-code pass in scripts/build.mjs
    for (const dropped of ['$ZodEmail', '$ZodIPv4', '$ZodTemplateLiteral', 'ZodMiniEmail']) expect(entry, dropped).not.toContain(dropped)
  })

  test('every module factory of the entry chunk is parenthesised, so V8 compiles it in one pass', () => {
    const factories = text('index.js').match(/^ {4}\d+: .*$/gm) ?? []
    expect(factories.length).toBeGreaterThan(10)
    expect(factories.filter((line) => !/^ {4}\d+: \(/.test(line) || /^ {4}\d+: \([a-z_]+,/.test(line))).toEqual([])
  })

  test('the entry chunk is the input path only: no API client, agent or visitors code', () => {
    const entry = text('index.js')
    for (const marker of ['class ApiClient', 'waitForJob', 'exportVisitors', 'class ProgressComment']) expect(entry, marker).not.toContain(marker)
  })
})
