import type { Settings } from './interface/settings.js'
import type { Job, ModeContext, Report } from './modes/context.js'
import * as agent from './agent/mode.js'
import * as automation from './live/automation-mode.js'
import * as check from './check/mode.js'
import * as comment from './comment/mode.js'
import * as deployPreview from './live/deploy-preview-mode.js'
import * as insights from './insights/mode.js'
import * as health from './health/mode.js'
import * as visitorsViews from './traffic/visitors-views-mode.js'

/**
 * The table of jobs: each mode's module by the name of its action; run.ts names no mode. A new
 * action is its name (src/inputs/catalogue.ts), its feature's inputs.ts (its own inputs, its rules,
 * its name and description) put in the interface (src/interface/), its outputs (src/inputs/outputs.ts)
 * and one line here: the compiler names whichever is missing.
 */
const JOBS: { [M in Settings['mode']]: Job<Extract<Settings, { mode: M }>> } = {
  agent: agent.job,
  comment: comment.job,
  visitors: visitorsViews.job,
  views: visitorsViews.job,
  insights: insights.job,
  deploy: deployPreview.job,
  preview: deployPreview.job,
  automation: automation.job,
  health: health.job,
  check: check.job,
}

/** The settings' job, ready to run: the mode narrows the settings, so each job gets its own. */
export function jobFor(settings: Settings): {
  run: (ctx: ModeContext) => Promise<Report>
  analyticsBudget: number
  search: { assistantKey: string; maxSearches: number } | undefined
} {
  const job = JOBS[settings.mode] as Job<Settings>
  return {
    run: (ctx) => job.run(settings, ctx),
    analyticsBudget: job.analyticsBudget(settings),
    search: job.search?.(settings),
  }
}
