import type { Job } from '../service/schemas.js'
import { parsePullLink } from '../github/pull-link.js'
import type { Outputs } from '../util/outputs.js'
import { redact } from '../util/text.js'

/** The number of the pull request a canonical link names (github/pull-link.ts), or undefined. */
export function prNumber(prLink: string | null | undefined): string | undefined {
  const pr = parsePullLink(prLink)
  return pr ? String(pr.number) : undefined
}

/**
 * The largest `job` output written as the API sent it. Unknown fields are kept, but a job object
 * the API one day fills with something large (a message history, say) must not break the step's
 * outputs (the runner allows 1 MiB for all of a job's outputs): above this, only the documented
 * fields are written.
 */
export const MAX_JOB_OUTPUT_CHARS = 64 * 1024

/** The `job` output: the job as JSON, secrets redacted, and within MAX_JOB_OUTPUT_CHARS. */
export function jobOutput(job: Job): { json: string; trimmed: boolean } {
  const full = redact(JSON.stringify(job))
  if (full.length <= MAX_JOB_OUTPUT_CHARS) return { json: full, trimmed: false }
  const { id, status, source, model, prLink, createdAt, archivedAt } = job
  return { json: redact(JSON.stringify({ id, status, source, model, prLink, createdAt, archivedAt })), trimmed: true }
}

/** Sets every job output from the job as last seen; true when the `job` output had to be trimmed. */
export function publishJob(outputs: Outputs, job: Job): boolean {
  const output = jobOutput(job)
  outputs.set('job-id', job.id)
  outputs.set('status', job.status)
  outputs.set('pr-link', job.prLink)
  outputs.set('pr-number', prNumber(job.prLink))
  outputs.set('model', job.model)
  outputs.set('source-repository', job.source?.repository)
  outputs.set('source-ref', job.source?.ref)
  outputs.set('job', output.json)
  return output.trimmed
}
