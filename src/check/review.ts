import type { LineEdit } from './edits.js'
import { type GitHubPort, type Repo, type Review, sameLogin } from '../github/port.js'
import { escapeText, link } from '../summary/escape.js'
import { count } from '../util/format.js'
import { fenced } from '../util/text.js'

/**
 * The fixes on lines of the diff, as one review of the head holding a `suggestion` each (one click
 * commits it). One review a head: on a new head the earlier reviews lose their suggestions and say
 * where the fixes went (a submitted review cannot be deleted). Only this identity's reviews are touched.
 */

/** What marks the check's review, in its body. */
export const REVIEW_MARK = '<!-- mintlify-docs-check: suggestions -->'
/** What marks one an earlier head's, its suggestions gone. */
const SUPERSEDED_MARK = '<!-- mintlify-docs-check: superseded -->'

/** At most this many suggestions a review: GitHub takes a review whole or not at all, and a large one is slow to take. */
export const MOST_SUGGESTIONS = 50
/** How many of the pull request's reviews are read to find the earlier ones. */
const REVIEWS_READ = 300

export type ReviewOutcome =
  /** Posted now, or already there for this head: `edits` are its suggestions. */
  { posted: true; url: string; edits: LineEdit[] } | { posted: false }

export async function suggestFixes(
  api: GitHubPort,
  repo: Repo,
  pull: { number: number; headSha: string },
  identity: string,
  edits: readonly LineEdit[],
): Promise<ReviewOutcome> {
  const reviews = await api.listReviews(repo, pull.number, REVIEWS_READ)
  // the check's own: by its identity, a body it renders whole, every comment a suggestion it writes
  // (the identity may be shared by every workflow of the repository: a marker alone proves nothing)
  const live: Array<{ review: Review; comments: number[] }> = []
  for (const r of reviews) {
    if (!sameLogin(r.author, identity) || !isReviewBody(r.body)) continue
    const comments = await api.reviewComments(repo, pull.number, r.id)
    if (comments.every((c) => isSuggestionBody(c.body))) live.push({ review: r, comments: comments.map((c) => c.id) })
  }
  const suggested = edits.slice(0, MOST_SUGGESTIONS)
  const here = live.find(({ review }) => review.commitId === pull.headSha)?.review
  if (here) return suggested.length > 0 ? { posted: true, url: here.url, edits: suggested } : { posted: false }
  // the earlier heads' suggestions first: never two live reviews holding the same one
  for (const { comments } of live) for (const id of comments) await api.deleteReviewComment(repo, id)
  const made =
    suggested.length > 0
      ? await api.createReview(repo, pull.number, {
          commitId: pull.headSha,
          body: reviewBody(suggested, pull.headSha),
          comments: suggested.map((e) => ({
            path: e.path,
            line: e.endLine,
            ...(e.endLine > e.line ? { startLine: e.line } : {}),
            body: suggestionBody(e),
          })),
        })
      : undefined
  for (const { review } of live)
    await api.updateReview(repo, pull.number, review.id, supersededBody(review, pull.headSha, made?.url))
  return made ? { posted: true, url: made.url, edits: suggested } : { posted: false }
}

/** The review's body: how many fixes it holds, and at which commit. */
export function reviewBody(edits: readonly LineEdit[], headSha: string): string {
  const fixes = edits.reduce((n, e) => n + e.fixes.length, 0)
  return (
    `${REVIEW_MARK}\n**Docs check**: ${count(fixes, 'fix', 'fixes')} for what this pull request broke, as ` +
    `${count(edits.length, 'suggested change')} below (at ${headSha.slice(0, 7)}). Each, committed, fixes the ` +
    `problem it names; the check runs again on the new head.`
  )
}

/** One suggestion: what it fixes, in the problems' words (escaped), then the lines that replace the commented ones. */
export function suggestionBody(edit: LineEdit): string {
  const why = edit.fixes.map((f) => `- ${escapeText(f, 500)}`).join('\n')
  return `**Fixes** ${edit.fixes.length === 1 ? 'this problem' : `these ${edit.fixes.length} problems`}:\n${why}\n\n${fenced(edit.after.join('\n'), 'suggestion')}`
}

/** An earlier head's review, its suggestions deleted: where the fixes went. */
function supersededBody(r: Review, headSha: string, url: string | undefined): string {
  const at = /\(at ([0-9a-f]{7})\)/.exec(r.body)?.[1]
  return (
    `${REVIEW_MARK}${SUPERSEDED_MARK}\n**Docs check**: the suggestions for ${at ?? 'an earlier commit'} were removed: ` +
    `the pull request is now at ${headSha.slice(0, 7)}, ` +
    (url ? `and ${link(url, 'its review')} holds the fixes that still apply.` : 'which needs none of them.')
  )
}

/**
 * Whether a review's body is one reviewBody renders for a head (its suggestions live): the whole body
 * must read back, as the mark alone is text anyone can paste. An earlier head's, its suggestions
 * removed (supersededBody), is never touched again.
 */
export function isReviewBody(body: string): boolean {
  // as count() writes them: one, or another number and the plural
  const fixes = '(?:1 fix|(?!1 )[\\d,]+ fixes)'
  const changes = '(?:1 suggested change|(?!1 )[\\d,]+ suggested changes)'
  return new RegExp(
    `^${escaped(REVIEW_MARK)}\\n\\*\\*Docs check\\*\\*: ${fixes} for what this pull request broke, as ${changes} ` +
      'below \\(at [0-9a-f]{7}\\)\\. Each, committed, fixes the problem it names; the check runs again on the new head\\.$',
  ).test(body)
}

/**
 * Whether a review comment's body is one suggestionBody writes: the problems it fixes, one line each
 * and as many as it says, then one `suggestion` block whose fence no line inside it could close.
 */
export function isSuggestionBody(body: string): boolean {
  const m =
    /^\*\*Fixes\*\* (?:this problem|these ([\d,]+) problems):\n((?:- [^\n]*\n)+)\n(`{3,})suggestion\n([\s\S]*)\n\3$/.exec(
      body,
    )
  if (!m) return false
  const [, many, bullets = '', fence = '', content = ''] = m
  const listed = bullets.split('\n').length - 1
  const said = many === undefined ? 1 : Number(many.replace(/,/g, ''))
  return listed === said && (many === undefined || said > 1) && !new RegExp(`\`{${fence.length},}`).test(content)
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
