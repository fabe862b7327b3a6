import * as z from 'zod/mini'
import type { InputTable } from '../inputs/catalogue.js'
import type { Issues } from '../inputs/problem.js'
import { type Run, checkRange, common } from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'

/**
 * The insights action takes no input of its own (its range and budget are shared with visitors and
 * views); its rules: the settings `run` (mode.ts) is given.
 */

export const INPUTS = {} as const satisfies InputTable

/** The range whose gaps are read, and the budget. */
function insights(i: SharedOf<'insights'>, ctx: Issues, run: Run) {
  const from = i['date-from']
  const to = i['date-to']
  if (!checkRange(from, to, run.now, ctx)) return z.NEVER
  return {
    ...common(i),
    mode: 'insights' as const,
    insights: { dateFrom: from, dateTo: to, summaryRows: i['summary-rows'], maxRequests: i['max-requests'] },
  }
}

export type InsightsSettings = ReturnType<typeof insights>

/** The insights action's rules, by its name. */
export const RULES = { insights }

export const ACTION = {
  insights: {
    name: 'Mintlify docs insights',
    description: say(
      'What readers could not find (dead-end searches, unanswered questions, pages rated down), as a report,',
      'files and a prompt for the agent.',
    ),
  },
}
