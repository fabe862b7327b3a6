/**
 * What an agent job is asked: a new job, a follow-up to one, or the wait alone on one already
 * running; agent-jobs/run-agent.ts runs it.
 */

export type AgentAction = 'create' | 'follow-up' | 'resume'

/**
 * What the run asks of the agent: a new job (its prompt), a follow-up (a prompt to a job), or the
 * wait alone, on a job already running (resume). The type says what each carries, so nothing below
 * checks for a missing prompt or job id.
 */
export type JobAsk =
  | { action: 'create'; prompt: string; jobId?: undefined }
  | { action: 'follow-up'; prompt: string; jobId: string }
  | { action: 'resume'; prompt?: undefined; jobId: string }

/** What to do (the ask), then wait or not. */
export type JobRequest = JobAsk & {
  projectId: string
  wait: boolean
  pollIntervalMs: number
  /** For messages: how long the wait may take in all. */
  waitTimeoutMs: number
}

/** The ask of a prompt and a job id: create (a prompt), follow up (both), resume (a job id); none without either. */
export function askOf(prompt: string, jobId: string | undefined): JobAsk
export function askOf(prompt: string | undefined, jobId: string | undefined): JobAsk | undefined
export function askOf(prompt: string | undefined, jobId: string | undefined): JobAsk | undefined {
  if (prompt !== undefined)
    return jobId === undefined ? { action: 'create', prompt } : { action: 'follow-up', prompt, jobId }
  return jobId === undefined ? undefined : { action: 'resume', jobId }
}
