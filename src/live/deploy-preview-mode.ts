import { COMMENT_ROWS } from '../summary/pages-table.js'
import { previewPages, readGivenPages } from './preview-pages.js'
import type { DeploymentStatus, DeploymentTrigger } from '../service/schemas.js'
import { waitForDeployment } from './wait-for-deployment.js'
import { readChangeEvent } from '../github/change.js'
import { GitHubDeployment } from './deployment.js'
import { type LiveSettings, UNAPPLIED } from './inputs.js'
import { type DeploymentView, renderDeploymentSummary } from './deploy-summary.js'
import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage, present } from '../util/errors.js'
import { external } from '../util/text.js'
import type { Ending } from '../util/ending.js'
import type { Job, ModeContext, Report } from '../modes/context.js'
import { ThreadTracking } from '../tracking/thread-tracking.js'

/**
 * `mode: deploy` and `mode: preview`: trigger once (the POST is not idempotent), set the outputs at
 * once, then with `wait: true` follow it to its verdict; a failure fails the step after the outputs.
 */
export async function run(settings: LiveSettings, ctx: ModeContext): Promise<Report> {
  for (const name of settings.unapplied)
    core.warning(`Input "${name}" is read only ${UNAPPLIED[name] ?? 'in another set-up'}, so it was ignored.`)
  const { view, ending } = await deploy(settings, ctx)
  return { summary: renderDeploymentSummary(view), ending }
}

/** How the step ends: what its summary shows, and the step's ending. */
interface Ended {
  view: DeploymentView
  ending: Ending
}

/** Triggers the deployment, shows it, and follows it with wait: true. */
async function deploy(settings: LiveSettings, ctx: ModeContext): Promise<Ended> {
  const preview = settings.mode === 'preview'
  // the check's pages file, read before anything is sent: one that cannot be read sends nothing
  const given = preview ? readGivenPages(settings) : {}
  if ('error' in given)
    return {
      view: { preview, failure: given.error },
      ending: { level: 'failure', message: given.error },
    }
  const tracking = settings.comment ? await ThreadTracking.ofRun(settings.comment, ctx) : undefined
  const change = readChangeEvent(ctx.run.eventName, ctx.run.payload)
  // a fork's head branch is the fork's: in this repository that name is another branch, or none
  if (preview && settings.live.branch === undefined && change?.kind === 'pull' && change.fromFork) {
    const message =
      `Pull request #${change.number} comes from a fork, whose branch ${external(change.headRef, 100)} is not ` +
      `one of this repository's: nothing was previewed (a branch of this repository of that name would be ` +
      `someone else's). To preview it, push its head to a branch here and give that as branch.`
    return { view: { preview, skipped: message }, ending: { level: 'notice', message } }
  }
  const branch = preview
    ? (settings.live.branch ?? (change?.kind === 'pull' && change.headRef ? change.headRef : undefined))
    : undefined
  if (preview && !branch) {
    const message = 'branch is empty and the pull request in the event has no head branch to preview. Nothing was sent.'
    return { view: { preview, failure: message }, ending: { level: 'failure', message } }
  }
  let trigger
  try {
    core.info(
      preview
        ? `Project ${external(settings.projectId, 80)}: deploying branch ${external(branch, 100)} as a preview.`
        : `Project ${external(settings.projectId, 80)}: deploying to production.`,
    )
    trigger = preview
      ? await ctx.client.triggerPreview(present(branch, 'branch'))
      : await ctx.client.triggerDeployment()
  } catch (error) {
    const message = getErrorMessage(error)
    return {
      view: { preview, branch, failure: message },
      ending: { level: 'failure', message },
    }
  }
  ctx.outputs.set('deployment-id', trigger.statusId)
  if (trigger.previewUrl) ctx.outputs.set('preview-url', trigger.previewUrl)
  const pages = preview ? await previewPages(settings, ctx, change, given) : undefined
  const onGitHub = settings.githubDeployment
    ? await showOnGitHub(settings.githubDeployment, ctx, {
        preview,
        ref: preview
          ? change?.kind === 'pull' && change.headRef === branch
            ? change.headSha
            : (branch ?? '')
          : ctx.run.sha,
        statusId: trigger.statusId,
      })
    : undefined
  // the thread shows the deployment as soon as it is known, and its verdict at the end
  const show = async (status?: DeploymentStatus): Promise<void> => {
    await tracking?.comment.update((state) => ({
      ...state,
      deployment: {
        preview,
        id: trigger.statusId,
        runUrl: ctx.run.runUrl,
        ...(trigger.previewUrl ? { url: trigger.previewUrl } : {}),
        ...(status ? { status: status.status } : {}),
        ...(status?.screenshot ? { screenshot: status.screenshot } : {}),
        ...(pages ? { pages: { total: pages.length, shown: pages.slice(0, COMMENT_ROWS) } } : {}),
      },
    }))
  }
  await show()
  core.info(
    `Deployment ${external(trigger.statusId, 80)} started${trigger.previewUrl ? `: the preview will be at ${external(trigger.previewUrl, 200)}` : ''}.`,
  )
  const view: DeploymentView = {
    preview,
    branch,
    statusId: trigger.statusId,
    previewUrl: trigger.previewUrl ?? undefined,
    pages,
  }
  // not followed: the GitHub deployment stays in progress, as the service's does until it ends
  if (!settings.live.wait) return { view, ending: { level: 'ok' } }
  return follow(settings, ctx, { view, trigger, onGitHub, show })
}

/** A started deployment, as follow() waits on it. */
interface Started {
  /** The summary's view of it: what was deployed, where, and the pull request's pages. */
  view: DeploymentView
  trigger: DeploymentTrigger
  onGitHub: GitHubDeployment | undefined
  /** Shows the deployment (and its status, once known) in the thread's tracking comment. */
  show: (status?: DeploymentStatus) => Promise<void>
}

/** With wait: true, follows the deployment to its verdict, sets its status, and ends the step by it. */
async function follow(settings: LiveSettings, ctx: ModeContext, started: Started): Promise<Ended> {
  const { trigger, onGitHub, show } = started
  const { preview } = started.view
  let last: DeploymentStatus | undefined
  const setStatus = (status: DeploymentStatus): void => {
    last = status
    ctx.outputs.set('deployment-status', status.status)
    const files = status.commit?.filesChanged
    if (files) ctx.outputs.set('changed-pages', JSON.stringify([...(files.added ?? []), ...(files.modified ?? [])]))
  }
  try {
    const result = await waitForDeployment({
      read: () => ctx.client.deploymentStatus(trigger.statusId),
      clock: ctx.clock,
      signal: ctx.signal,
      deadline: ctx.deadline,
      pollIntervalMs: settings.live.pollIntervalMs,
      onStatus: setStatus,
      log: (m) => core.info(m),
    })
    const view = { ...started.view, status: result.status }
    await show(result.status)
    if (!result.ended) {
      const message =
        `Deployment ${trigger.statusId} was still ${result.status?.status ?? 'not visible'} ` +
        `at wait-timeout${result.lastError ? ` (last check: ${result.lastError.message})` : ''}. ` +
        `It goes on at the service: see the dashboard.`
      await onGitHub?.end({ state: 'error', description: 'No verdict by wait-timeout: see the dashboard.' })
      return { view: { ...view, failure: message }, ending: { level: 'failure', message } }
    }
    if (result.status.status === 'failure') {
      const message = `Deployment ${trigger.statusId} failed${result.status.summary ? `: ${external(result.status.summary, 300)}` : ''}.`
      await onGitHub?.end({ state: 'failure', description: 'The docs deployment failed.' })
      return { view, ending: { level: 'failure', message } }
    }
    await onGitHub?.end({
      state: 'success',
      description: preview ? 'The docs preview is up.' : 'The docs are deployed.',
      ...(trigger.previewUrl ? { environmentUrl: trigger.previewUrl } : {}),
    })
    return {
      view,
      ending: {
        level: 'notice',
        message: preview && trigger.previewUrl ? `Preview deployed: ${trigger.previewUrl}` : 'Deployed to production.',
      },
    }
  } catch (error) {
    const message =
      `${getErrorMessage(error)} The deployment was started (deployment-id ` +
      `${trigger.statusId}) and goes on at the service.`
    if (!(error instanceof CancelledError))
      await onGitHub?.end({ state: 'error', description: 'Its status could not be read: see the run.' })
    return {
      view: { ...started.view, status: last, failure: message },
      ending: { level: 'failure', message },
    }
  }
}

/** The deployment on GitHub, for the commit it deploys (a pull request's head, or the run's commit). */
async function showOnGitHub(
  shown: { environment: string; token: string },
  ctx: ModeContext,
  what: { preview: boolean; ref: string; statusId: string },
): Promise<GitHubDeployment | undefined> {
  if (!what.ref) {
    core.warning(
      'github-deployment: this run names no commit to show the deployment for (no pull ' +
        'request head, no GITHUB_SHA): no GitHub deployment was made.',
    )
    return undefined
  }
  return GitHubDeployment.start(await ctx.github(shown.token), {
    repo: { owner: ctx.run.owner, repo: ctx.run.repo },
    ref: what.ref,
    environment: shown.environment,
    preview: what.preview,
    description: `${what.preview ? 'Docs preview' : 'Docs deployment'} ${what.statusId} (Mintlify)`,
    ...(ctx.run.runUrl ? { logUrl: ctx.run.runUrl } : {}),
  })
}

/** This mode as jobs.ts runs it: its run, and the analytics requests it may send: none. */
export const job: Job<LiveSettings> = { run, analyticsBudget: () => 0 }
