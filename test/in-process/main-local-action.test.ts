import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { runAgainst, startSimulator } from '../e2e/fixtures.js'
import { IN_PROCESS } from '../e2e/harness.js'
import { matching } from '../e2e/typed.js'

/**
 * GitHub's local runner for JavaScript actions (`npx @github/local-action . src/main.ts .env`) replaces
 * @actions/core with a stub of its own and shows what the stub saw: it cannot see anything a run
 * writes around the library. So once the inputs are valid, every output, annotation and log line
 * must go through @actions/core's public API. Here the library is stubbed the same way (each call
 * recorded, then passed to the real function) and the run is the repository's own .env.example.
 */

const seen = vi.hoisted(() => ({ outputs: new Map<string, string>(), annotations: [] as string[], summary: '' }))

vi.mock('@actions/core', async (importOriginal) => {
  const real = await importOriginal<typeof import('@actions/core')>()
  const summary = {
    addRaw: (text: string) => {
      seen.summary += text
      real.summary.addRaw(text)
      return summary
    },
    write: async (options?: { overwrite?: boolean }) => {
      await real.summary.write(options)
      return summary
    },
    emptyBuffer: () => {
      real.summary.emptyBuffer()
      return summary
    },
  }
  return {
    ...real,
    summary,
    setOutput: (name: string, value: unknown) => {
      seen.outputs.set(name, String(value))
      real.setOutput(name, value)
    },
    warning: (message: string | Error) => {
      seen.annotations.push(`warning: ${String(message)}`)
      real.warning(message)
    },
    notice: (message: string | Error) => {
      seen.annotations.push(`notice: ${String(message)}`)
      real.notice(message)
    },
    setFailed: (message: string | Error) => {
      seen.annotations.push(`error: ${String(message)}`)
      real.setFailed(message)
    },
  }
})

/** KEY=VALUE lines as dotenv reads them (comments and blank lines skipped). */
function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [, name, value] = /^([A-Za-z_][\w-]*)=(.*)$/.exec(line.trim()) ?? []
    if (name !== undefined && value !== undefined) env[name] = value
  }
  return env
}

describe('@github/local-action sees the whole run', () => {
  test('.env.example runs an agent job, and every output, annotation and the summary went through @actions/core', async () => {
    const env = readEnvFile(join(__dirname, '../../.env.example'))
    const inputs = Object.fromEntries(
      Object.entries(env)
        .filter(([k]) => k.startsWith('INPUT_'))
        .map(([k, v]) => [k.slice(6).toLowerCase(), v]),
    )
    expect(inputs).toMatchObject({
      mode: 'agent',
      'api-key': matching(/^mint_/),
      'base-url': 'http://127.0.0.1:4010',
    })

    // the example's simulator values, on this test's port
    const sim = await startSimulator({ projectId: inputs['project-id'], apiKey: inputs['api-key'] })
    const run = await runAgainst(sim, IN_PROCESS, { ...inputs, 'base-url': sim.baseUrl })

    expect(run.code).toBe(0)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    // every output the runner's file holds, the library saw, with the same value
    expect(Object.keys(run.outputs).length).toBeGreaterThan(5)
    for (const [name, value] of Object.entries(run.outputs))
      expect([name, seen.outputs.get(name)]).toEqual([name, value])
    // and every annotation in the log
    const logged = run.commands
      .filter((c) => ['warning', 'notice', 'error'].includes(c.command))
      .map((c) => `${c.command}: ${c.message}`)
    expect(logged.length).toBeGreaterThan(0)
    for (const line of logged) expect(seen.annotations).toContain(line)
    // and the job summary
    expect(run.summary).toContain('pull request opened')
    expect(seen.summary).toBe(run.summary)
  })
})
