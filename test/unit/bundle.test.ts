import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../e2e/harness.js'

/**
 * The shape of dist/ that keeps start-up fast: the HTTP stack that @actions/http-client bundles
 * (undici) and the GitHub client load only when comments or a proxy need them, and nothing bundles
 * @actions/core's OIDC client.
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
    expect(holding('class HttpClient')).toEqual(github)
    expect(github).not.toEqual(holding('class ApiClient'))
  })

  test('undici (for comments and proxies) is in one chunk that neither the entry nor every run loads', () => {
    const undici = holding('class UndiciError')
    expect(undici).toHaveLength(1)
    expect(undici).not.toContain('index.js')
    expect(undici).not.toEqual(holding('class ApiClient'))
    expect(undici).not.toEqual(holding('octokit-core.js'))
  })

  test('the proxy decision (@actions/http-client\'s checkBypass) is not in the chunk every run loads', () => {
    const runChunk = holding('class ApiClient')
    expect(runChunk).toHaveLength(1)
    const proxy = holding('function checkBypass')
    expect(proxy.length).toBeGreaterThan(0)
    expect(proxy).not.toContain(runChunk[0])
    expect(proxy).not.toContain('index.js')
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
    for (const marker of ['class ApiClient', 'waitForJob', 'exportTraffic', 'joinPeriods', 'class ThreadComment', 'class GitHubApi', 'runConversation', 'findInstruction']) expect(entry, marker).not.toContain(marker)
  })
})
