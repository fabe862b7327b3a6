import { readFileSync } from 'node:fs'
import { expect } from 'vitest'

/**
 * Typed views of what tests read untyped: a JSON file or request body as the shape the test
 * expects (its assertions check that shape), and vitest's asymmetric matchers, which it types `any`.
 */
export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T
}

export function parseJson<T>(text: string | undefined, empty = '{}'): T {
  return JSON.parse(text ?? empty) as T
}

/** The prompt an agent request (a create or a follow-up message) sent. */
export function promptOf(body: string | undefined): string {
  return parseJson<{ prompt?: string }>(body).prompt ?? ''
}

/** The insights action's JSON file (insights-json), as far as tests read it. */
export interface InsightsJson {
  range: { requested: { dateTo: string | null }; sent: { dateTo: string | null }; pinnedDateTo?: string }
  requests: { max: number; spent: number }
  lists: Record<'deadEndSearches' | 'unansweredQuestions' | 'downRatedPages', { complete: boolean; items: unknown[] }>
  fetched: { conversations: unknown[] }
  files: Record<'searches' | 'questions' | 'pages', string>
}

/** A visitors or views file (visitors-json, views-json), as far as tests read it. */
export interface ExportJson {
  complete: boolean
  totals: unknown
  visitors: Array<{ path: string; total: number }>
  views: unknown[]
  range: { requested: unknown; sent: unknown }
  previous: { complete: boolean; range: { sent: unknown }; totals: { total: number } }
}

export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern)
export const containing = (text: string): unknown => expect.stringContaining(text)
export const anyString = (): unknown => expect.any(String)

/** A value the test needs present: the value, or the test fails here naming what was missing. */
export function defined<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, found none`)
  return value
}
