import * as core from '../util/actions-core.js'
import { CancelledError, getErrorMessage } from '../util/errors.js'
import { external } from '../util/text.js'
import type { DeploymentState, GitHubPort, Repo } from '../github/port.js'

/**
 * A docs deployment shown where GitHub shows deployments ("View deployment"), once the service took
 * it: in progress, then its verdict (error: none by wait-timeout). GitHub refusing is a warning.
 */
export class GitHubDeployment {
  private constructor(
    private readonly api: GitHubPort,
    private readonly repo: Repo,
    readonly id: number,
    private readonly logUrl: string | undefined,
  ) {}

  static async start(
    api: GitHubPort,
    target: { repo: Repo; ref: string; environment: string; preview: boolean; description: string; logUrl?: string },
  ): Promise<GitHubDeployment | undefined> {
    try {
      const id = await api.createDeployment(target.repo, {
        ref: target.ref,
        environment: target.environment,
        description: target.description,
        transient: target.preview,
        production: !target.preview,
      })
      const shown = new GitHubDeployment(api, target.repo, id, target.logUrl)
      await shown.set({ state: 'in_progress', description: target.description })
      core.info(
        `GitHub deployment ${id} of ${external(target.ref, 80)} to ${external(target.environment, 100)}: in progress.`,
      )
      return shown
    } catch (error) {
      if (error instanceof CancelledError) throw error
      core.warning(
        `Could not show the deployment as a GitHub deployment of ` +
          `${external(target.ref, 80)} (${external(getErrorMessage(error), 300)}): the ` +
          `workflow needs "deployments: write" for github-token. The docs deployment goes on.`,
      )
      return undefined
    }
  }

  /** The verdict: GitHub refusing it is a warning, never the step's failure. */
  async end(status: Omit<DeploymentState, 'logUrl'>): Promise<void> {
    try {
      await this.set(status)
    } catch (error) {
      if (error instanceof CancelledError) throw error
      core.warning(
        `Could not set GitHub deployment ${this.id} to ${status.state}: ${external(getErrorMessage(error), 300)}`,
      )
    }
  }

  private async set(status: Omit<DeploymentState, 'logUrl'>): Promise<void> {
    await this.api.setDeploymentStatus(this.repo, this.id, {
      ...status,
      ...(this.logUrl ? { logUrl: this.logUrl } : {}),
    })
  }
}
