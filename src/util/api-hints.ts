/** What the API client may ask its caller to check, as a code; inputs/api-words.ts words each one. */
export type ApiHint =
  | 'unknown-project' // a 404 on a project's endpoint
  | 'unknown-job' // a 404 on a job
  | 'unknown-deployment' // a 404 on a deployment's status
  | 'unknown-automation' // a 404 on an automation
  | 'automation-not-runnable' // a 400 from an automation's trigger
  | 'message-may-exist' // a follow-up whose answer was lost
  | 'redirect' // a 3xx: the base URL is likely wrong
  | 'budget-spent' // no analytics request left for this step
  | 'searches-spent' // no search left for this step
  | 'unknown-domain' // the search API knows no such site
  | 'out-of-time' // the step's time ran out between retries
  | 'prompt-too-long' // over the action's bound: refused before any request
  | 'connect-dns' // the service's host name did not resolve
  | 'connect-refused' // nothing accepted the connection
  | 'connect-tls' // the service's certificate was not trusted
  | 'connect-blocked' // fetch never connects to that port or scheme
  | 'connect-network' // any other failed connection
