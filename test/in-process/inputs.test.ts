import { describe, expect, test } from 'vitest'
import { startSimulator, runAgainst } from '../e2e/fixtures.js'
import { PATHS, hasStackTrace, secretLeaks } from '../e2e/harness.js'
import { promptOf } from '../e2e/typed.js'

describe.each(PATHS)('inputs ($name)', (runtime) => {
  test.each([
    {
      case: 'neither prompt nor job-id',
      inputs: { prompt: '', 'job-id': '' },
      names: ['"prompt"', '"job-id"'],
      accepted: 'needs prompt',
    },
    { case: 'a whitespace-only prompt', inputs: { prompt: '   \n\t ' }, names: ['"prompt"'], accepted: 'some text' },
    {
      case: 'wait-timeout in words',
      inputs: { prompt: 'x', 'wait-timeout': '5 minutes' },
      names: ['"wait-timeout"', '"5 minutes"'],
      accepted: '90s, 15m, 1h',
    },
    {
      case: 'poll-interval not a duration',
      inputs: { prompt: 'x', 'poll-interval': '-3s' },
      names: ['"poll-interval"', '"-3s"'],
      accepted: '90s, 15m, 1h',
    },
    { case: 'wait: yes', inputs: { prompt: 'x', wait: 'yes' }, names: ['"wait"', '"yes"'], accepted: 'true or false' },
    {
      case: 'require-pr: 1',
      inputs: { prompt: 'x', 'require-pr': '1' },
      names: ['"require-pr"', '"1"'],
      accepted: 'true or false',
    },
    {
      case: 'plain http to a public host',
      inputs: { prompt: 'x', 'base-url': 'http://api.example.com' },
      names: ['"base-url"', 'http://api.example.com'],
      accepted: 'https://',
    },
    {
      case: 'a base-url that is no URL',
      inputs: { prompt: 'x', 'base-url': 'api.mintlify.com' },
      names: ['"base-url"'],
      accepted: 'https://',
    },
    {
      case: 'an unknown mode',
      inputs: { prompt: 'x', mode: 'publish' },
      names: ['"mode"', '"publish"'],
      accepted: 'agent',
    },
    {
      case: 'a job-id with spaces',
      inputs: { 'job-id': 'job 1' },
      names: ['"job-id"', '"job 1"'],
      accepted: 'without spaces',
    },
    {
      case: 'no project-id',
      inputs: { prompt: 'x', 'project-id': '' },
      names: ['"project-id"', 'is empty'],
      accepted: 'project identifier',
    },
    {
      case: 'no api-key',
      inputs: { prompt: 'x', 'api-key': '' },
      names: ['"api-key"', 'is empty'],
      accepted: 'secret',
    },
  ])('$case: one ::error:: naming the input, no request', async ({ inputs, names, accepted }) => {
    const sim = await startSimulator()
    const run = await runAgainst(
      sim,
      runtime,
      { prompt: 'Document the webhook endpoint', ...inputs },
      { root: 'mode' in inputs },
    )

    expect(run.code).toBe(1)
    expect(run.errors).toHaveLength(1)
    for (const name of names) expect(run.errors[0]).toContain(name)
    expect(run.errors[0]).toContain(accepted)
    expect(sim.requests).toHaveLength(0)
    expect(hasStackTrace(run)).toBe(false)
    expect(run.summary).toContain('input error')
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test('several bad inputs: one ::error:: each, all reported at once', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { prompt: 'x', wait: 'yes', 'wait-timeout': 'soon' })
    expect(run.errors).toHaveLength(2)
    expect(run.errors[0]).toContain('Input "wait" is "yes"')
    expect(run.errors[1]).toContain('Input "wait-timeout" is "soon"')
    expect(sim.requests).toHaveLength(0)
    // the summary lists them one per line
    expect(run.summary).toContain('Nothing was sent to the API.')
    expect(run.summary).toMatch(/^- Input &quot;wait&quot; is &quot;yes&quot;: expected true or false\.$/m)
    expect(run.summary).toMatch(/^- Input &quot;wait-timeout&quot; is &quot;soon&quot;: expected /m)
  })

  test('a key that is not usable is reported without showing it', async () => {
    const sim = await startSimulator()
    const badKey = 'mint_has space inside'
    const run = await runAgainst(sim, runtime, { prompt: 'x', 'api-key': badKey })
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('"api-key"')
    expect(run.errors[0]).toContain('not shown')
    expect(sim.requests).toHaveLength(0)
    expect(secretLeaks(run, badKey)).toEqual([])
  })

  test('plain http is accepted for a loopback host, and a key without mint_ only warns', async () => {
    const sim = await startSimulator({ apiKey: 'sk_live_other_vendor_key_1234' })
    const run = await runAgainst(sim, runtime, { prompt: 'Document the webhook endpoint' })
    expect(run.code).toBe(0)
    expect(run.warnings.some((w) => w.includes('does not start with "mint_"'))).toBe(true)
    expect(sim.requestsTo('create')).toHaveLength(1)
    expect(secretLeaks(run, sim.apiKey)).toEqual([])
  })

  test('prompt-file: a 150,000-character prompt from the workspace is sent whole, with one warning that names its size', async () => {
    const sim = await startSimulator()
    const prompt = `Document every endpoint.\n${'x'.repeat(150_000 - 25)}`
    const run = await runAgainst(
      sim,
      runtime,
      { prompt: '', 'prompt-file': 'docs-prompt.md' },
      { workspaceFiles: { 'docs-prompt.md': prompt } },
    )
    expect(run.code).toBe(0)
    const sent = promptOf(sim.requestsTo('create')[0]?.body)
    expect(sent).toBe(prompt)
    expect(run.warnings).toEqual([expect.stringContaining('The prompt is 150,000 characters, over 100,000')])
    expect(run.stdout).toContain('sending the prompt (150,000 characters)')
  })

  test('prompt-file in a mode that does not read it: a warning naming it and the mode, no error', async () => {
    const sim = await startSimulator()
    const run = await runAgainst(sim, runtime, { mode: 'visitors', 'prompt-file': 'docs-prompt.md' }, { root: true })
    expect(run.code).toBe(0)
    expect(run.warnings).toEqual([
      'Input "prompt-file" is not read with mode: visitors, so it was ignored (it is read by agent).',
    ])
  })
})
