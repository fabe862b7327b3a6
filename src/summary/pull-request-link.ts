import { type Here, pullLinkLabel } from '../github/pull-link.js'
import { link } from './escape.js'

/** A pull request link: `#12` (or `owner/repo#12`) for a canonical one of this server, else the URL. */
export function prLinkText(prLink: string, here: Here | undefined): string {
  return link(prLink, pullLinkLabel(prLink, here) ?? prLink)
}
