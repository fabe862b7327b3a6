import type { ApiHint } from '../util/api-hints.js'

/**
 * What the API client's hints say in the action's terms: the inputs to check. The client raises
 * structured errors (service/errors.ts: what failed, the status, whether the request may have been
 * processed, and a hint code) and knows no input; run.ts hands it these words, so every message a
 * user reads names the input to change.
 */
export function inputWords(hint: ApiHint, detail: { jobId?: string; max?: number }): string {
  switch (hint) {
    case 'unknown-project':
      return 'Check project-id.'
    case 'unknown-job':
      return 'Check job-id and project-id.'
    case 'unknown-deployment':
      return 'Check deployment-id.'
    case 'unknown-automation':
      return 'Check automation-id and project-id: the automation is not in this project.'
    case 'automation-not-runnable':
      return (
        'The service runs only an active automation with a custom schedule this way; check ' +
        'automation-id, and that the automation is active and uses a custom schedule.'
      )
    case 'message-may-exist':
      return (
        `The message may have been delivered even so. Wait on the job (job-id: ` +
        `${detail.jobId ?? ''}, no prompt) before sending it again.`
      )
    case 'redirect':
      return 'Redirects are not followed: check base-url.'
    case 'budget-spent':
      return `max-requests (${detail.max ?? 0}) is spent.`
    case 'searches-spent':
      return `max-searches (${detail.max ?? 0}) is spent.`
    case 'unknown-domain':
      return "Check domain: the site's identifier, from its domain.mintlify.site address or the dashboard's URL."
    case 'out-of-time':
      return 'wait-timeout ran out.'
    case 'prompt-too-long':
      return 'Shorten it (with changes, lower max-changes or narrow changes-paths).'
    case 'connect-dns':
      return (
        "The host name did not resolve: check base-url's host, and the runner's DNS (behind " +
        'a proxy, its https_proxy and no_proxy).'
      )
    case 'connect-refused':
      return (
        "Nothing accepted the connection: check base-url's host and port, and that the " +
        'runner (or its proxy) can reach it.'
      )
    case 'connect-tls':
      return (
        'The certificate was not trusted: behind a proxy that inspects TLS, set ' +
        "NODE_EXTRA_CA_CERTS to its CA certificate for the runner; else check base-url's host."
      )
    case 'connect-blocked':
      return (
        "Node's fetch never connects to that port or scheme (the fetch standard blocks it): " +
        'use a base-url on another port.'
      )
    case 'connect-network':
      return "Check the runner's network, its proxy variables (https_proxy, no_proxy) and base-url."
  }
}
