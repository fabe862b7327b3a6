/**
 * `npm start`: the action at work with no account and no network. Starts the local API simulator and
 * a fake GitHub, runs the focused actions' entries (dist/<name>/index.js) against them the way the
 * GitHub runner does, each with its own action.yml's defaults (the agent action from a labelled issue, then a `/docs` comment continuing that job, then a weekly visitors comparison,
 * then an insights report with its prompt for the agent, a preview, a failing deployment, a saved
 * automation run now, and the
 * docs-health issue a schedule keeps, with a docs pull request measured and commented, and the
 * docs check on a pull request that renames a page readers use, weighed by their views, with the
 * real Mintlify CLI where it is installed, then that pull request's preview, its comment listing the
 * pages the check found it touches, each linked on the preview), and prints the log, the step
 * outputs and the job summary of each, the issue's tracking comment, the health issue, the measured
 * pull request's comment, the check run's annotations and the preview's comment.
 */
import { GitHubSimulator } from '../test/simulator/github-simulator.js'
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { MINT_VERSION } from '../src/check/inputs.js'
import { HAND_RUN_AUTOMATION, withCheckPull } from '../test/simulator/hand-run.js'
import { PageWeeks, flat, rises } from '../test/simulator/page-weeks.js'
import { windowsOf } from '../src/health/impact.js'
import { InsightsData } from '../test/simulator/insights-data.js'
import { ServiceSimulator } from '../test/simulator/service-simulator.js'
import { generateRows, periodRows } from '../test/simulator/traffic-data.js'
import { type ActionRun, ROOT, TEST_TOKEN, runAction } from '../test/e2e/harness.js'
import { defined } from '../test/e2e/typed.js'

const rule = (title: string): string => `\n\x1b[1m── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}\x1b[0m`

function show(run: ActionRun): void {
  console.log(rule('Action log (what the workflow log shows)'))
  console.log(run.stdout.trimEnd().replace(/^/gm, '  '))
  console.log(rule(`Step outputs (exit code ${run.code ?? 'none: stopped by a signal'})`))
  for (const [name, value] of Object.entries(run.outputs)) {
    const shown = value.length > 100 ? `${value.slice(0, 100)}…` : value
    console.log(`  ${name.padEnd(18)} ${shown}`)
  }
  console.log(rule('Job summary (Markdown)'))
  console.log(run.summary.trimEnd().replace(/^/gm, '  '))
}

const ISSUE = { number: 7, title: 'Document the webhooks endpoint', html_url: 'https://github.com/acme/docs/issues/7' }

async function main(): Promise<void> {
  const sim = new ServiceSimulator({
    jobPlan: { runMs: 3000 },
    followUpPlan: { runMs: 2000 },
    visitors: generateRows(1234),
    insights: InsightsData.generate({ searches: 3000, conversations: 5000, pages: 60 }),
  })
  const baseUrl = await sim.start()
  const gh = new GitHubSimulator(TEST_TOKEN)
  gh.roles.set('alice', 'write')
  await gh.start()
  console.log(`Simulated documentation API on ${baseUrl} (project ${sim.projectId}); fake GitHub API on ${gh.baseUrl}.`)
  const common = { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': baseUrl }
  const env = { GITHUB_API_URL: gh.baseUrl }
  try {
    console.log(rule('1. The agent action: an issue labelled "docs" starts a job; the result goes to the issue'))
    const agent = await runAction({
      action: 'agent',
      inputs: {
        ...common,
        comment: 'true',
        prompt: 'Document the new POST /webhooks endpoint: payload fields, retries and signature checks.',
      },
      event: { name: 'issues', payload: { action: 'labeled', label: { name: 'docs' }, issue: ISSUE } },
      env,
    })
    show(agent)

    console.log(rule('2. The comment action: alice comments "/docs also add a curl example" on the issue'))
    const conversation = await runAction({
      action: 'comment',
      inputs: common,
      event: {
        name: 'issue_comment',
        payload: {
          action: 'created',
          issue: ISSUE,
          comment: {
            id: 555,
            body: 'Thanks! /docs below, please.\n/docs also add a curl example',
            user: { login: 'alice', type: 'User' },
            html_url: `${ISSUE.html_url}#issuecomment-555`,
          },
        },
      },
      env: { ...env, GITHUB_RUN_ID: '4243' },
    })
    show(conversation)
    console.log(rule('The tracking comment on issue #7, as GitHub stores it (the first line is hidden)'))
    console.log((gh.commentsOn(7)[0]?.body ?? '(none)').replace(/^/gm, '  '))
    console.log(
      rule(
        `Reactions: ${gh.reactions.map((r) => `${r.content === 'eyes' ? '👀' : '😕'} on comment ${r.commentId}`).join(', ')}`,
      ),
    )

    console.log(rule('3. The visitors action: last week against the week before, every page of both'))
    sim.visitors.byRange = (from) => periodRows(from, 320)
    const visitors = await runAction({
      action: 'visitors',
      inputs: {
        ...common,
        'date-from': '2026-11-15',
        'date-to': '2026-11-22',
        compare: 'previous-period',
        'summary-rows': '5',
      },
    })
    show(visitors)

    console.log(rule('4. The insights action: what readers could not find last week, and a prompt for the agent'))
    const insights = await runAction({
      action: 'insights',
      inputs: { ...common, 'date-from': '2026-11-15', 'date-to': '2026-11-22', 'summary-rows': '5' },
    })
    show(insights)
    console.log(rule('Output agent-prompt (what a next step hands the agent)'))
    console.log((insights.outputs['agent-prompt'] ?? '').replace(/^/gm, '  '))

    console.log(rule("5. The preview action: the agent's branch deployed as a preview; its URL is an output at once"))
    sim.deployPlan = { runMs: 2000, final: 'success' }
    const preview = await runAction({
      action: 'preview',
      inputs: { ...common, branch: 'docs/webhooks', 'poll-interval': '1s' },
    })
    show(preview)

    console.log(
      rule('6. The deploy action: production, waited for to the verdict (this one fails: the build log shows why)'),
    )
    sim.deployPlan = { runMs: 2000, final: 'failure' }
    const deploy = await runAction({ action: 'deploy', inputs: { ...common, 'poll-interval': '1s' } })
    show(deploy)

    console.log(
      rule(
        '7. The automation action: a saved automation run now; its run is an agent job, followed to its pull request',
      ),
    )
    sim.automations.set(HAND_RUN_AUTOMATION, 'agent')
    const automation = await runAction({
      action: 'automation',
      inputs: { ...common, 'automation-id': HAND_RUN_AUTOMATION, 'poll-interval': '1s' },
    })
    show(automation)

    console.log(
      rule(
        '8. The health action: the one docs-health issue a weekly schedule keeps (trend, gaps, what the agent did, what each docs change did)',
      ),
    )
    // a docs pull request merged 45 days ago: its 4 weeks before and after are complete, so this run
    // measures it and comments the figures on it (the pages' views come per page and per week)
    const mergedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 45 * 86_400_000)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
    const changed = defined(windowsOf(mergedAt, 4).after[0], 'a week after the merge')
    const pages = new PageWeeks(320)
      .page('/api-reference/rate-limits', rises(changed, 460, 640))
      .page('/guides/retries', flat(90))
    sim.views.byRange = (from, to) => pages.views(from, to)
    sim.insights.byPageFor = (from, to) => pages.byPage(from, to)
    gh.tree.push('docs.json')
    gh.merge(
      205,
      'Rate limits: document the headers',
      mergedAt,
      ['api-reference/rate-limits.mdx', 'guides/retries.mdx', 'images/headers.png'].map((filename) => ({
        filename,
        status: 'modified' as const,
        additions: 12,
        deletions: 3,
      })),
    )
    const health = await runAction({
      action: 'health',
      inputs: { ...common, weeks: '8' },
      event: { name: 'schedule', payload: { schedule: '0 6 * * 1' } },
      env,
    })
    show(health)
    const issue = [...gh.issues.values()][0]
    console.log(
      rule(`Issue #${issue?.number ?? '?'} "${issue?.title ?? ''}", as GitHub stores it (the hidden state cut short)`),
    )
    console.log((issue?.body ?? '(none)').replace(/(-state v1 .{40}).*-->/g, '$1… -->').replace(/^/gm, '  '))
    console.log(rule('The comment on the measured pull request #205'))
    console.log((gh.commentsOn(205)[0]?.body ?? '(none)').replace(/^/gm, '  '))

    console.log(
      rule('9. The check action: pull request 8 renames a page readers use, and leaves a link and a redirect to it'),
    )
    // with the key, the check weighs what the pull request broke by the readers' page views of the
    // last 30 days (one analytics request): the renamed page's old address is among the most read
    sim.views.byRange = undefined
    sim.views.rows = [
      { path: '/', human: 5210, ai: 1330, total: 6540 },
      { path: '/guides/start', human: 1980, ai: 360, total: 2340 },
    ]
    const check = await demoCheck(gh, common)
    if (check) show(check)
    sim.deployPlan = { runMs: 2000, final: 'success' }
    const previewed = check ? await demoPagesOnPreview(gh, common, check) : undefined
    if (
      [agent, conversation, visitors, insights, preview, automation, health].some((r) => r.code !== 0) ||
      deploy.code !== 1 ||
      (check && check.code !== 1) ||
      (previewed && previewed.code !== 0)
    )
      process.exitCode = 1
  } finally {
    await sim.stop()
    await gh.stop()
  }
}

/** Where scripts/install-mint.mjs installs the CLI the check pins. */
const TOOL_CACHE = process.env.MINT_TOOL_CACHE || join(homedir(), '.cache', 'mintlify-docs-action')

/**
 * The check on pull request 8 (docs/hand-run/check-pull/, its head; test/cli/sites/clean, its base)
 * with the real Mintlify CLI, when it is installed: the problems the rename leaves, at their lines,
 * in a check run on the fake GitHub, weighed by the readers' views (`key`: api-key, project-id and
 * base-url of the simulator). Without the CLI, the one command that installs it.
 */
async function demoCheck(gh: GitHubSimulator, key: Record<string, string>): Promise<ActionRun | undefined> {
  const cli = join(TOOL_CACHE, 'mintlify-cli', MINT_VERSION, process.arch, 'node_modules', 'mint', 'index.js')
  if (!existsSync(cli)) {
    console.log(
      '  The check runs the real Mintlify CLI, which is not installed here. Install it once (about 330 MB,\n' +
        '  kept in ~/.cache/mintlify-docs-action) with:  node scripts/install-mint.mjs  and run npm start again.',
    )
    return undefined
  }
  withCheckPull(gh)
  const workspace = mkdtempSync(join(tmpdir(), 'demo-check-'))
  cpSync(join(ROOT, 'docs', 'hand-run', 'check-pull'), workspace, { recursive: true })
  const run = await runAction({
    action: 'check',
    inputs: key,
    event: {
      name: 'pull_request',
      payload: JSON.parse(readFileSync(join(ROOT, 'docs', 'hand-run', 'check-pull.json'), 'utf8')) as unknown,
    },
    env: { GITHUB_API_URL: gh.baseUrl, GITHUB_WORKSPACE: workspace, RUNNER_TOOL_CACHE: TOOL_CACHE },
  })
  const made = gh.checkRuns.at(-1)
  console.log(rule(`The check run "${made?.name ?? ''}" on the fake GitHub: what the Files tab shows`))
  for (const a of made?.annotations ?? [])
    console.log(`  ${String(a.path)}:${String(a.start_line)}  ${String(a.title)}: ${String(a.message)}`)
  console.log(rule("The check's review on the fake GitHub: each fix in the diff, one click to commit"))
  for (const c of gh.reviews.liveComments(8)) console.log(`  ${c.path}:${c.line}\n${c.body.replace(/^/gm, '    ')}`)
  const patch = run.outputs['fixes-patch']
  console.log(rule('Output fixes-patch: the fixes outside the diff, for git apply on the branch'))
  console.log(patch ? readFileSync(patch, 'utf8').trimEnd().replace(/^/gm, '  ') : '  (none)')
  return run
}

/**
 * The preview of pull request 8 after its check, in the same job: the check's pages-json given, so
 * the tracking comment lists the pages the pull request touches, each linked on the preview.
 */
async function demoPagesOnPreview(
  gh: GitHubSimulator,
  key: Record<string, string>,
  check: ActionRun,
): Promise<ActionRun> {
  console.log(
    rule("10. The preview action after the check: its comment lists the pull request's pages, linked on the preview"),
  )
  const run = await runAction({
    action: 'preview',
    inputs: { ...key, comment: 'true', 'poll-interval': '1s', 'pages-json': check.outputs['pages-json'] ?? '' },
    event: {
      name: 'pull_request',
      payload: JSON.parse(readFileSync(join(ROOT, 'docs', 'hand-run', 'check-pull.json'), 'utf8')) as unknown,
    },
    env: { GITHUB_API_URL: gh.baseUrl },
  })
  console.log(rule('The tracking comment on pull request #8, as GitHub stores it (the hidden state cut short)'))
  const body = gh.commentsOn(8).find((c) => c.user.type === 'Bot')?.body ?? '(none)'
  console.log(body.replace(/(thread v1 .{40}).*-->/g, '$1… -->').replace(/^/gm, '  '))
  return run
}

await main()
