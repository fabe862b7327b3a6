import type { InputTable, Parsed } from '../inputs/catalogue.js'
import { integerInput } from '../inputs/fields.js'
import { oneOf } from '../inputs/parsers.js'
import { type Issues, checked, problem } from '../inputs/problem.js'
import { type Run, checkRange, common } from '../inputs/rules.js'
import type { SharedOf } from '../inputs/shared-inputs.js'
import { say } from '../inputs/words.js'
import * as z from 'zod/mini'

/**
 * The inputs only the visitors and views actions take (the paging, the comparison), and their
 * rules: the settings `run` (visitors-views-mode.ts) is given.
 */

const COMPARE = ['none', 'previous-period'] as const

export const INPUTS = {
  'page-size': {
    default: '250',
    actions: ['visitors', 'views'],
    field: integerInput(1, 250, 'a whole number of rows per request from 1 to 250 (250 spends the fewest requests)'),
    words: {
      text: 'Rows per request, 1 to 250. 250 spends the fewest of the 100 analytics requests per hour.',
    },
  },
  compare: {
    default: 'none',
    actions: ['visitors', 'views'],
    field: checked(
      'none, or previous-period (also export the period of the same length just before, and show the change)',
      oneOf(COMPARE),
    ),
    words: {
      text: say(
        'none, or previous-period to also export the period of the same length (in whole UTC days) that ends',
        'where this one starts, and show the change. Needs date-from.',
      ),
    },
  },
} as const satisfies InputTable

type TrafficInputs = SharedOf<'visitors'> & Parsed<typeof INPUTS>

/** A range's pages, and the period before it when compared. */
const traffic =
  <M extends 'visitors' | 'views'>(mode: M) =>
  (i: TrafficInputs, ctx: Issues, run: Run) => {
    const from = i['date-from']
    const to = i['date-to']
    if (!checkRange(from, to, run.now, ctx)) return z.NEVER
    if (i.compare === 'previous-period' && !from) {
      return problem(
        ctx,
        '',
        'a start with compare: previous-period ' +
          '(the previous period is as long as this one, so this one needs a start)',
        ['date-from'],
        { described: 'is empty' },
      )
    }
    return {
      ...common(i),
      mode,
      pages: {
        dateFrom: from,
        dateTo: to,
        pageSize: i['page-size'],
        summaryRows: i['summary-rows'],
        compare: i.compare === 'previous-period',
        maxRequests: i['max-requests'],
      },
    }
  }

export type VisitorsViewsSettings = ReturnType<ReturnType<typeof traffic<'visitors' | 'views'>>>

/** The visitors and views actions' rules, by their names. */
export const RULES = { visitors: traffic('visitors'), views: traffic('views') }

export const ACTION = {
  visitors: {
    name: 'Mintlify docs visitors',
    description:
      'Export unique visitors for a range, every page, to CSV and JSON, optionally against the period before.',
  },
  views: {
    name: 'Mintlify docs page views',
    description: 'Export page views for a range, every page, to CSV and JSON, optionally against the period before.',
  },
}
