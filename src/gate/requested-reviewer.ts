// Whether a person refused on a pull request is one the action itself asked to review it, and has
// not been told why yet: they are answered once (skip-reply.ts), while anybody else stays unanswered.
// The docs-PR comment's signed marker lists the reviewers asked for; a list anyone can edit would let
// a stranger make the action write.
import { type CommentPages, commentsRead, type GitHubApi } from '../github/api.js'
import { COMMENT_PAGES } from '../github/thread-calls.js'
import type { MarkerKey, MarkerPlace } from '../thread/marker.js'
import { reviewerStanding } from '../thread/thread-markers.js'

/**
 * Reads the pull request's comments (COMMENT_PAGES at most, as the thread's other readers) until the
 * docs-PR comment shows the person is not listed, or they are found answered. A read that fails
 * means no: the person gets the silence everyone refused gets.
 */
export async function isUnansweredReviewer(
  login: string,
  place: MarkerPlace,
  key: MarkerKey,
  github: GitHubApi
): Promise<boolean> {
  const standing = (pages: CommentPages) => reviewerStanding(commentsRead(pages), key, place, login)
  try {
    const pages = await github.listComments(place.threadNumber, github.limits(), {
      enough: (read) => {
        const { docsComment, requested, answered } = standing(read)
        return (docsComment && !requested) || answered
      },
      maxPages: COMMENT_PAGES
    })
    const { requested, answered } = standing(pages)
    return requested && !answered
  } catch {
    return false
  }
}
