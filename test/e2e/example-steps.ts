import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { type AppTokenRequest, appTokenScope } from './two-repositories.js'
import { ROOT } from './harness.js'

/**
 * The steps of an example workflow as a run reads them: the token steps
 * (`actions/create-github-app-token`) and this repository's action steps, with `${{ … }}` resolved
 * from what the test says of the run. Any expression the test did not give is an error, so an
 * example cannot quietly depend on something no test resolved.
 */
export interface ExampleStep {
  id?: string
  uses?: string
  with?: Record<string, unknown>
}

export function exampleSteps(file: string, text = readFileSync(join(ROOT, 'examples', file), 'utf8')): ExampleStep[] {
  const doc = parse(text) as { jobs: Record<string, { steps?: ExampleStep[] }> }
  return Object.values(doc.jobs).flatMap((job) => job.steps ?? [])
}

/** `${{ expr }}` replaced from `bindings` (by the expression's text); an expression not there throws. */
export function resolve(value: unknown, bindings: Record<string, string>): string {
  return (
    typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
  ).replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_m, expr: string) => {
    const bound = bindings[expr]
    if (bound === undefined) throw new Error(`no binding for \${{ ${expr} }}`)
    return bound
  })
}

/** The context a workflow in `repository` sees. */
export function repositoryBindings(repository: string): Record<string, string> {
  const [owner = '', name = ''] = repository.split('/')
  return { 'github.repository': repository, 'github.repository_owner': owner, 'github.event.repository.name': name }
}

export function isTokenStep(step: ExampleStep): boolean {
  return /^actions\/create-github-app-token@/.test(step.uses ?? '')
}

/** This repository's focused action a step uses (`your-org/mintlify-docs-action/<name>@v1`), if any. */
export function ourAction(step: ExampleStep): string | undefined {
  return /^your-org\/mintlify-docs-action\/([\w-]+)@/.exec(step.uses ?? '')?.[1]
}

/** A token step's request, as create-github-app-token reads its inputs, in `repository`'s workflow. */
export function tokenRequest(step: ExampleStep, repository: string): AppTokenRequest {
  const bindings = repositoryBindings(repository)
  const w = step.with ?? {}
  return {
    ...(w.owner !== undefined ? { owner: resolve(w.owner, bindings) } : {}),
    ...(w.repositories !== undefined ? { repositories: resolve(w.repositories, bindings) } : {}),
  }
}

/** Where the two-repository set-up puts things: the docs repository, and the code repositories whose jobs open pull requests there. */
export const DOCS_REPOSITORY = 'acme/docs'
export const CODE_REPOSITORIES = ['acme/app']

/**
 * What this repository's actions write, and with which input's token, as the code does it
 * (test/in-process/tracking-docs-repository.test.ts runs the same workflows and holds the code to this):
 * github-token writes the run's own repository (every action that comments); docs-token the docs
 * repository (the agent's pull request there, or health's docs-repository); and the comment action
 * on the agent's pull request in the docs repository shows the instruction on the code thread that
 * started the job, with github-token.
 */
export function writesOf(
  action: string,
  inputs: Record<string, unknown>,
  repository: string,
): Array<{ repository: string; input: 'github-token' | 'docs-token' }> {
  const writes: Array<{ repository: string; input: 'github-token' | 'docs-token' }> = []
  const comments = action === 'comment' || action === 'health' || String(inputs.comment) === 'true'
  if (comments) writes.push({ repository, input: 'github-token' })
  if (action === 'comment' && repository === DOCS_REPOSITORY)
    for (const code of CODE_REPOSITORIES) writes.push({ repository: code, input: 'github-token' })
  if (inputs['docs-token'] !== undefined) {
    const docs =
      action === 'health' ? resolve(inputs['docs-repository'], repositoryBindings(repository)) : DOCS_REPOSITORY
    if (docs !== repository) writes.push({ repository: docs, input: 'docs-token' })
  }
  return writes
}

/**
 * Every write a job of the example makes with a token that does not cover its repository: for each
 * of this repository's action steps, each token input (`${{ steps.<id>.outputs.token }}`: that
 * create-github-app-token step's scope; GITHUB_TOKEN, the default: the run's repository only).
 */
export function uncoveredWrites(steps: ExampleStep[], repository: string): string[] {
  const scopes = new Map<string, string[]>()
  for (const step of steps)
    if (isTokenStep(step) && step.id) scopes.set(step.id, appTokenScope(tokenRequest(step, repository), repository))
  const problems: string[] = []
  for (const step of steps) {
    const action = ourAction(step)
    if (!action) continue
    const inputs = step.with ?? {}
    for (const write of writesOf(action, inputs, repository)) {
      const given = inputs[write.input]
      const value = typeof given === 'string' ? given : '${{ github.token }}'
      const fromStep = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.token\s*\}\}$/.exec(value)?.[1]
      const scope = fromStep
        ? (scopes.get(fromStep) ?? [])
        : /^\$\{\{\s*(github\.token|secrets\.GITHUB_TOKEN)\s*\}\}$/.test(value)
          ? [repository]
          : undefined
      if (scope === undefined) problems.push(`${action}: ${write.input} is ${value}, which no test can scope`)
      else if (!scope.includes(write.repository))
        problems.push(
          `${action} writes to ${write.repository} with ${write.input}, whose token covers ${scope.join(', ') || 'nothing'}`,
        )
    }
  }
  return problems
}
