import * as core from '../util/actions-core.js'
import type { ApiClient } from '../service/client.js'
import { ApiError } from '../service/errors.js'
import type { Job } from '../service/schemas.js'
import type { Clock } from '../util/clock.js'
import { MAX_PROMPT_CHARS, PROMPT_WARN_CHARS } from '../util/prompt-bounds.js'
import { count, formatDuration, formatNumber } from '../util/format.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import type { Outputs } from '../util/outputs.js'
import { external } from '../util/text.js'
import { MAX_JOB_OUTPUT_CHARS, publishJob } from './job-outputs.js'
import type { JobRequest } from './job-ask.js'
import { type AgentReport, classify } from './job-ending.js'
import { type FollowUp, NEW_JOB_VISIBILITY_MS, followUpGraceMs, waitForJob } from './wait-for-job.js'

/** The service calls the agent code makes. */
type AgentClient = Pick<ApiClient, 'createJob' | 'getJob' | 'sendMessage'>

export interface AgentContext {
  client: AgentClient
  clock: Clock
  signal: AbortSignal
  deadline: number
  outputs: Outputs
  /** Called once the job id is known (create answered, or given): the comment hooks in here. */
  onStarted?: (jobId: string) => Promise<void>
}

function resumeHint(jobId: string): string {
  return `To keep waiting, run the action again with job-id: ${jobId} and no prompt.`
}

/** Runs an agent job: create, follow up or resume, then wait; never throws (the report says how it ended). */
export async function runAgent(agent: JobRequest, ctx: AgentContext): Promise<AgentReport> {
  const report: AgentReport = {
    action: agent.action,
    outcome: 'error',
    jobId: agent.jobId,
    job: undefined,
    message: undefined,
    waitedMs: 0,
    checks: 0,
  }
  let toldTrimmed = false
  const seen = (job: Job): void => {
    report.job = job
    report.jobId = job.id
    if (publishJob(ctx.outputs, job) && !toldTrimmed) {
      toldTrimmed = true
      core.info(
        `The job object is over ${MAX_JOB_OUTPUT_CHARS / 1024} KiB as JSON: output "job" ` +
          `holds its documented fields only.`,
      )
    }
  }
  let waitStart: number | undefined

  try {
    const { followUp, createdAt, jobId } = await send(agent, ctx, seen)
    await ctx.onStarted?.(jobId)

    if (!agent.wait) {
      if (agent.action === 'resume') seen(await ctx.client.getJob(jobId))
      report.outcome = 'not-waited'
      return report
    }

    waitStart = ctx.clock.now()
    const result = await core.group(`Wait for job ${external(jobId, 80)}`, () =>
      waitForJob({
        // counted here, so a wait that ends in an error still says how many checks it made
        getJob: () => {
          report.checks++
          return ctx.client.getJob(jobId)
        },
        clock: ctx.clock,
        signal: ctx.signal,
        deadline: ctx.deadline,
        pollIntervalMs: agent.pollIntervalMs,
        followUp,
        notFoundGraceUntil: report.action === 'create' ? createdAt + NEW_JOB_VISIBILITY_MS : undefined,
        onJob: seen,
        log: (m) => core.info(m),
      }),
    )
    if (!result.ended) {
      const status = result.job ? `still ${external(result.job.status, 60)}` : 'not seen yet'
      const last = result.lastError ? ` Last error: ${result.lastError.message}` : ''
      report.outcome = 'timeout'
      report.message =
        `Job ${external(jobId, 80)} is ${status} after wait-timeout ` +
        `(${formatDuration(agent.waitTimeoutMs)}).${last} ${resumeHint(external(jobId, 80))}`
      return report
    }
    classify(report, result.job)
    return report
  } catch (error) {
    if (error instanceof CancelledError) {
      report.outcome = 'cancelled'
      report.message = `Cancelled while ${waitStart === undefined ? 'talking to the API' : 'waiting'}.${report.jobId ? ` The job goes on: ${resumeHint(external(report.jobId, 80))}` : ''}`
      return report
    }
    report.outcome = 'error'
    report.message = getErrorMessage(error)
    if (error instanceof ApiError && error.mayHaveBeenProcessed) report.mayHaveBeenProcessed = true
    // resuming helps only while the job may still be running: not for a job the service does not
    // know (404) nor a key it refuses (401, 403)
    if (
      error instanceof ApiError &&
      waitStart !== undefined &&
      report.jobId &&
      error.status !== 404 &&
      error.kind !== 'auth'
    ) {
      report.message += ` ${resumeHint(external(report.jobId, 80))}`
    }
    return report
  } finally {
    if (waitStart !== undefined) report.waitedMs = ctx.clock.now() - waitStart
  }
}

/**
 * Sends what the run asks (a create, a follow-up, or nothing to resume), and says so in the log.
 * For the wait: the job, the follow-up sent (its grace) and when the job was created.
 */
async function send(
  agent: JobRequest,
  ctx: AgentContext,
  seen: (job: Job) => void,
): Promise<{ jobId: string; followUp: FollowUp | undefined; createdAt: number }> {
  const size = agent.prompt?.length ?? 0
  if (size > PROMPT_WARN_CHARS && size <= MAX_PROMPT_CHARS) {
    core.warning(
      `The prompt is ${formatNumber(size)} characters, over ` +
        `${formatNumber(PROMPT_WARN_CHARS)}: a long prompt costs the agent context. The ` +
        `action sends at most ${formatNumber(MAX_PROMPT_CHARS)}.`,
    )
  }
  if (agent.action === 'create')
    return core.group('Create the agent job', async () => {
      core.info(`Project ${external(agent.projectId, 80)}: sending the prompt (${count(size, 'character')}).`)
      const job = await ctx.client.createJob(agent.prompt)
      const createdAt = ctx.clock.now()
      seen(job)
      core.info(`Created job ${external(job.id, 80)} (status: ${external(job.status, 60)}).`)
      return { jobId: job.id, followUp: undefined, createdAt }
    })
  ctx.outputs.set('job-id', agent.jobId)
  if (agent.action === 'resume') return { jobId: agent.jobId, followUp: undefined, createdAt: 0 }
  return core.group(`Send a follow-up to job ${external(agent.jobId, 80)}`, async () => {
    const job = await ctx.client.sendMessage(agent.jobId, agent.prompt)
    seen(job)
    const followUp = { sentAt: ctx.clock.now(), graceMs: followUpGraceMs(agent.pollIntervalMs), before: job }
    core.info(`Follow-up accepted (status: ${external(job.status, 60)}).`)
    return { jobId: job.id, followUp, createdAt: 0 }
  })
}
