import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../e2e/harness.js'
import { GitHubSimulator } from './github-simulator.js'
import { InsightsData } from './insights-data.js'
import { ServiceSimulator } from './service-simulator.js'
import { periodRows } from './traffic-data.js'

/** The saved automation `npm run simulator` serves (its run is an agent job), for the automation action by hand. */
export const HAND_RUN_AUTOMATION = 'wf_weekly_refresh'

/**
 * The simulator as `npm run simulator` serves it, to try the action by hand: agent jobs that take
 * `jobMs`, deployments and previews that take `deployMs`, visitors and page views with numbers of
 * their own for every date range (a later week has more, so `compare: previous-period` shows a
 * change), every insights list, and one saved automation (HAND_RUN_AUTOMATION).
 */
export function handRunSimulator(
  options: { jobMs?: number; deployMs?: number; pages?: number } = {},
): ServiceSimulator {
  const pages = options.pages ?? 1234
  const sim = new ServiceSimulator({
    jobPlan: { runMs: options.jobMs ?? 3000 },
    insights: InsightsData.generate({ searches: 3000, conversations: 5000, pages: 60 }),
  })
  sim.deployPlan = { runMs: options.deployMs ?? 3000, final: 'success' }
  sim.automations.set(HAND_RUN_AUTOMATION, 'agent')
  const growth = (dateFrom: string | null): number =>
    1 + (dateFrom ? Math.floor(Date.parse(dateFrom.slice(0, 10)) / 86_400_000) % 28 : 0) / 20
  sim.visitors.byRange = (dateFrom) => periodRows(dateFrom, pages, growth(dateFrom))
  sim.views.byRange = (dateFrom) => periodRows(dateFrom, pages, 3 * growth(dateFrom))
  return sim
}

/** The token the hand-run fake GitHub takes (a test value, not a secret). */
export const HAND_RUN_TOKEN = 'ghs_simulator_token_0123456789'

/** The base commit of the hand-run pull request (docs/hand-run/check-pull.json). */
export const HAND_RUN_BASE = 'b'.repeat(40)

/**
 * The fake GitHub `npm run simulator` serves beside the API: repository acme/docs, issue 7 open,
 * `alice` with write access, and her `/docs add a curl example` on it (comment 9001, the event of
 * docs/hand-run/docs-comment.json); and her pull request 8 (docs/hand-run/check-pull.json), whose
 * head is docs/hand-run/check-pull/: it renames guides/start.mdx to guides/first-steps.mdx in the
 * site of test/cli/sites/clean, its base, whose versions of the two files it changes GitHub serves.
 */
export function handRunGitHub(): GitHubSimulator {
  const gh = new GitHubSimulator(HAND_RUN_TOKEN)
  const alice = { login: 'alice', type: 'User' as const }
  gh.roles.set('alice', 'write')
  gh.addIssue({ number: 7, title: 'Document webhooks', body: 'Please document the webhooks.', user: alice })
  gh.addComment(7, alice, '/docs add a curl example')
  return withCheckPull(gh)
}

/** Pull request 8 (docs/hand-run/check-pull.json): what it changes, and its base's versions of them. */
export function withCheckPull(gh: GitHubSimulator): GitHubSimulator {
  gh.pullFiles.set(8, [
    {
      filename: 'docs.json',
      status: 'modified',
      additions: 1,
      deletions: 1,
      // git's hunk, as GitHub lists it: the redirects within it, so their fix is a suggested change
      patch: [
        '@@ -3,6 +3,6 @@',
        '   "theme": "mint",',
        '   "name": "Clean fixture",',
        '   "colors": { "primary": "#0B5D1E" },',
        '-  "navigation": { "pages": ["index", "guides/start"] },',
        '+  "navigation": { "pages": ["index", "guides/first-steps"] },',
        '   "redirects": [{ "source": "/old", "destination": "/guides/start" }]',
        ' }',
      ].join('\n'),
    },
    {
      filename: 'guides/first-steps.mdx',
      status: 'renamed',
      additions: 0,
      deletions: 0,
      previous_filename: 'guides/start.mdx',
    },
  ])
  for (const path of ['docs.json', 'guides/start.mdx'])
    gh.contents.set(`${HAND_RUN_BASE}:${path}`, readFileSync(join(ROOT, 'test', 'cli', 'sites', 'clean', path), 'utf8'))
  return gh
}
