// The GitHub calls for reviews of the agent's pull request: asking for reviewers, reading the
// comments on lines that a submitted review holds, and closing or reopening it (mode companion).
import type { CallLimits, RepositoryCalls } from './calls.js'
import { type LineComment, readLineComment } from './review-comments.js'

export interface ReviewCalls {
  /**
   * Asks these people to review the pull request (`POST /pulls/{n}/requested_reviewers`). GitHub
   * refuses the whole request (422) when any of them cannot review there.
   */
  requestReviewers(pullNumber: number, logins: readonly string[], limits: CallLimits): Promise<void>
  /**
   * The comments on lines that a submitted review holds (`GET /pulls/{n}/reviews/{id}/comments`,
   * every page); one without its file, diff or text is left out.
   */
  listReviewComments(pullNumber: number, reviewId: number, limits: CallLimits): Promise<LineComment[]>
  /** Closes or reopens the pull request (`PATCH /pulls/{n}` with `state`). */
  setPullRequestState(pullNumber: number, state: 'open' | 'closed', limits: CallLimits): Promise<void>
}

export function reviewCalls({ octokit, repo, send, list }: RepositoryCalls): ReviewCalls {
  const { pulls } = octokit.rest
  return {
    async requestReviewers(pullNumber, logins, limits) {
      // Asking again for someone already asked changes nothing, so a retry is safe.
      await send('review request', true, limits, (request) =>
        pulls.requestReviewers({ ...repo, pull_number: pullNumber, reviewers: [...logins], request })
      )
    },
    async listReviewComments(pullNumber, reviewId, limits) {
      const { items } = await list(
        'review comment listing',
        limits,
        (request) =>
          pulls.listCommentsForReview({
            ...repo,
            pull_number: pullNumber,
            review_id: reviewId,
            per_page: 100,
            request
          }),
        (comment) => comment
      )
      // A comment without its file, diff or text (a comment on the whole file, say) is left out.
      return items.flatMap((comment) => readLineComment(comment) ?? [])
    },
    async setPullRequestState(pullNumber, state, limits) {
      // Setting the state it has changes nothing, so a retry is safe.
      await send('pull request update', true, limits, (request) =>
        pulls.update({ ...repo, pull_number: pullNumber, state, request })
      )
    }
  }
}
