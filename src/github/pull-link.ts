/**
 * Pull request links as the service reports them, read strictly: only `https://<host>/<owner>/<repo>/pull/<n>`
 * names one; anything else is shown as the URL it is and never commented on. Pure.
 */

export interface PullLink {
  host: string
  owner: string
  repo: string
  number: number
}

/** Where the run is: the server (GITHUB_SERVER_URL) and the repository. */
export interface Here {
  serverUrl: string
  owner: string
  repo: string
}

const CANONICAL =
  /^https:\/\/([^/?#@]+)\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})\/pull\/([1-9]\d{0,9})$/

/** The pull request a canonical link names, or undefined. */
export function parsePullLink(link: string | null | undefined): PullLink | undefined {
  const m = CANONICAL.exec(link ?? '')
  if (!m || !link) return undefined
  const [, host, owner, repo, number] = m as unknown as [string, string, string, string, string]
  let href: string
  try {
    href = new URL(link).href
  } catch {
    return undefined
  }
  // the URL must read as written (no normalisation: no `.` or `..` repository, no upper-case host or
  // default port; no encoding tricks)
  if (href !== link) return undefined
  return { host: host.toLowerCase(), owner, repo, number: Number(number) }
}

/** The same pull request, however its link is cased: `host/owner/repo#12`, lower case; the link itself when it names none. */
export function pullKey(link: string): string {
  const pr = parsePullLink(link)
  return pr ? `${pr.host}/${pr.owner}/${pr.repo}#${pr.number}`.toLowerCase() : link
}

function hostOf(serverUrl: string): string | undefined {
  return URL.canParse(serverUrl) ? new URL(serverUrl).host.toLowerCase() : undefined
}

/** The pull request's number when the link is a canonical pull request of this server and repository. */
export function pullRequestHere(link: string | null | undefined, here: Here): number | undefined {
  const pr = parsePullLink(link)
  if (!pr || pr.host !== hostOf(here.serverUrl)) return undefined
  return pr.owner.toLowerCase() === here.owner.toLowerCase() && pr.repo.toLowerCase() === here.repo.toLowerCase()
    ? pr.number
    : undefined
}

/** How a link reads: `#12` here, `owner/repo#12` on this server, else undefined (the URL is shown). */
export function pullLinkLabel(link: string | null | undefined, here: Here | undefined): string | undefined {
  const pr = parsePullLink(link)
  if (!pr || !here || pr.host !== hostOf(here.serverUrl)) return undefined
  return pullRequestHere(link, here) !== undefined ? `#${pr.number}` : `${pr.owner}/${pr.repo}#${pr.number}`
}
