import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { runAgainst, startGitHub, startSimulator } from '../e2e/fixtures.js'
import { IN_PROCESS, ROOT } from '../e2e/harness.js'

/**
 * Every workflow written for 1.0.0 works unchanged through the root action: the examples as 1.0.0
 * shipped them (test/fixtures/v1-examples/), each step of this action run through the root
 * action.yml with its `with:` as written (expressions given plausible values) on the event its
 * workflow runs on. None may meet an input error, or a warning that an input it gives is not read.
 */
const DIR = join(ROOT, 'test/fixtures/v1-examples')
const SHA = (n: number): string => String(n).repeat(40).slice(0, 40)
const issue = {
  number: 7,
  title: 'Document webhooks',
  body: 'Please document them.',
  html_url: 'https://github.com/acme/docs/issues/7',
}
const pull = {
  number: 12,
  title: 'Add webhooks',
  body: '',
  html_url: 'https://github.com/acme/docs/pull/12',
  merged: true,
  head: { sha: SHA(2), ref: 'feat/webhooks', repo: { full_name: 'acme/docs', fork: false } },
  base: { sha: SHA(1), ref: 'main', repo: { full_name: 'acme/docs' } },
}
const user = { login: 'alice', type: 'User' }
const EVENTS: Record<string, unknown> = {
  issues: { action: 'labeled', issue, label: { name: 'docs' }, sender: user },
  issue_comment: {
    action: 'created',
    issue,
    comment: { id: 555, body: '/docs add a curl example', user, html_url: `${issue.html_url}#issuecomment-555` },
  },
  pull_request: { action: 'opened', number: 12, pull_request: pull, sender: user },
  push: { ref: 'refs/heads/main', before: SHA(1), after: SHA(2), commits: [{ id: SHA(2), message: 'Add webhooks' }] },
  schedule: { schedule: '0 6 * * 1' },
  workflow_dispatch: { inputs: { prompt: 'Document the webhooks', 'job-id': '' } },
}

interface Step {
  uses?: string
  with?: Record<string, unknown>
}

const examples = readdirSync(DIR)
  .filter((f) => f.endsWith('.yml'))
  .flatMap((file) => {
    const doc = parse(readFileSync(join(DIR, file), 'utf8')) as {
      on: Record<string, unknown>
      jobs: Record<string, { steps: Step[] }>
    }
    const event = Object.keys(doc.on).find((name) => name in EVENTS) as string
    return Object.values(doc.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses === 'your-org/mintlify-docs-action@v1')
      .map((step, i) => [`${file} step ${i + 1}`, event, step.with ?? {}] as const)
  })

describe('1.0.0 workflows, unchanged, through the root action', () => {
  test('every 1.0.0 example is here', () => {
    expect(examples.length).toBeGreaterThanOrEqual(12)
  })

  test.each(examples)('%s (%s)', async (_name, event, given) => {
    const sim = await startSimulator()
    sim.automations.set('wf_weekly', 'agent')
    const gh = await startGitHub({ alice: 'write' })
    const value = (v: unknown): string =>
      String(v)
        .replaceAll('${{ secrets.MINTLIFY_API_KEY }}', sim.apiKey)
        .replaceAll('${{ vars.MINTLIFY_PROJECT_ID }}', sim.projectId)
        .replaceAll('${{ vars.MINTLIFY_AUTOMATION_ID }}', 'wf_weekly')
        .replaceAll('${{ inputs.job-id }}', '')
        .replace(/\$\{\{[^}]*\}\}/g, 'Document the webhooks')
    const inputs = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, value(v)]))
    const run = await runAgainst(
      sim,
      IN_PROCESS,
      { ...inputs, 'wait-timeout': String(inputs['wait-timeout'] ?? '15s') },
      { root: true, event: { name: event, payload: EVENTS[event] }, gh },
    )
    expect(run.errors.filter((e) => e.startsWith('Input') || e.startsWith('Inputs'))).toEqual([])
    expect(run.warnings.filter((w) => w.includes('is not read with mode'))).toEqual([])
  })
})
