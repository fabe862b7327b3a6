import { gatherInsights, incompleteNote } from '../analytics/gather-insights.js'
import type { ModeContext } from '../modes/context.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { count } from '../util/format.js'
import { external } from '../util/text.js'
import { type GapKind, gapsOf } from './gaps.js'
import type { HealthState } from './memory.js'
import { completeWeeks, fetchWeeks, weekEnd } from './weeks.js'

/** What a health run reads: the trend's missing weeks, the assistant's callers, and the week's gaps. */

/** The trend: the weeks the memory lacks, newest first, within `allowance` (two requests a week). */
export async function fetchTrend(
  client: ModeContext['client'],
  state: HealthState,
  wanted: number,
  now: number,
  allowance: number,
): Promise<{ all: string[]; weeks: HealthState['weeks']; fetched: Awaited<ReturnType<typeof fetchWeeks>> }> {
  const all = completeWeeks(now, wanted)
  const known = new Map(state.weeks.map((w) => [w.start, w]))
  const lacking = all.filter((w) => !known.has(w))
  const fetched = await core.group(`The trend: ${count(lacking.length, 'week', 'weeks')} to fetch`, async () => {
    const result = await fetchWeeks(client, lacking, Math.max(1, Math.floor(allowance / 2)))
    core.info(
      `Fetched ${count(result.weeks.length, 'week', 'weeks')} (visitors and page views ` +
        `totals each)${result.stopped ? `; stopped: ${external(result.stopped, 300)}` : ''}.`,
    )
    return result
  })
  for (const w of fetched.weeks) known.set(w.start, w)
  return { all, weeks: all.map((w) => known.get(w)).filter((w) => w !== undefined), fetched }
}

/** The assistant's queries by caller in `gapWeek`, once (the trend keeps them): one analytics request. */
export async function readCallers(
  client: ModeContext['client'],
  budget: ModeContext['budget'],
  weeks: HealthState['weeks'],
  gapWeek: string,
  notes: string[],
): Promise<void> {
  const week = weeks.find((w) => w.start === gapWeek)
  if (!week || week.callers || budget.remaining <= 0) return
  try {
    const stats = await client.callerStats({ dateFrom: gapWeek, dateTo: weekEnd(gapWeek) })
    week.callers = { web: stats.web, api: stats.api, other: stats.other, total: stats.total }
  } catch (error) {
    if (error instanceof CancelledError) throw error
    notes.push(`The assistant's callers could not be read: ${external(getErrorMessage(error), 300)}`)
  }
}

/** Phase 4: the gaps readers hit in `gapWeek`, and which kinds were read whole (notes say what was not). */
export async function readGaps(
  client: ModeContext['client'],
  budget: ModeContext['budget'],
  gapWeek: string,
  notes: string[],
): Promise<{ complete: Record<GapKind, boolean>; current: ReturnType<typeof gapsOf> }> {
  const none = { complete: { search: false, question: false, page: false }, current: [] }
  if (budget.remaining <= 0) {
    notes.push('No analytics request was left for the gaps this run: they stay as they were.')
    return none
  }
  try {
    const gathered = await gatherInsights(client, budget, { dateFrom: gapWeek, dateTo: weekEnd(gapWeek) })
    for (const s of [gathered.searchState, gathered.questionState, gathered.pageState])
      if (!s.complete) notes.push(`${incompleteNote(s)}.`)
    return {
      complete: {
        search: gathered.searchState.complete,
        question: gathered.questionState.complete,
        page: gathered.pageState.complete,
      },
      current: gapsOf({
        searches: gathered.searchSummary.deadEnds,
        questions: gathered.questions,
        pages: gathered.pages,
      }),
    }
  } catch (error) {
    if (error instanceof CancelledError) throw error
    notes.push(`The gaps could not be read: ${getErrorMessage(error)}`)
    return none
  }
}

/** The client, with feedback by page answered once per range in this run (the gaps and the changes both read it). */
export function askOnce(client: ModeContext['client']): ModeContext['client'] {
  const asked = new Map<string, ReturnType<ModeContext['client']['feedbackByPage']>>()
  return Object.assign(Object.create(client) as ModeContext['client'], {
    feedbackByPage(q: { dateFrom?: string; dateTo?: string }) {
      const key = `${q.dateFrom ?? ''}|${q.dateTo ?? ''}`
      let answer = asked.get(key)
      if (!answer) {
        answer = client.feedbackByPage(q)
        // a failure is not kept: the next caller asks again
        answer.catch(() => asked.delete(key))
        asked.set(key, answer)
      }
      return answer
    },
  })
}
