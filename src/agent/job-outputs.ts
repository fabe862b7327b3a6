import type { Job } from '../api/schemas.js'
import type { Outputs } from '../util/outputs.js'
import { redact } from '../util/text.js'

/** The number at the end of a pull request URL (`…/pull/42` → `42`), or undefined. */
export function prNumber(prLink: string | null | undefined): string | undefined {
  if (!prLink) return undefined
  let path: string
  try {
    path = new URL(prLink).pathname
  } catch {
    path = prLink.split(/[?#]/)[0] ?? ''
  }
  return /(\d+)\/?$/.exec(path)?.[1]
}

/** Sets every job output from the job as last seen. */
export function publishJob(outputs: Outputs, job: Job): void {
  outputs.set('job-id', job.id)
  outputs.set('status', job.status)
  outputs.set('pr-link', job.prLink)
  outputs.set('pr-number', prNumber(job.prLink))
  outputs.set('model', job.model)
  outputs.set('source-repository', job.source?.repository)
  outputs.set('source-ref', job.source?.ref)
  outputs.set('job', redact(JSON.stringify(job)))
}
