// A submitted review asks with its text, and its comments on lines say where: they are read with the
// REST API (the event carries only the review) and told to the agent after the review's request.
import { log } from '../base/log.js'
import type { GitHubApi } from '../github/api.js'
import { withReviewComments } from './line-comment.js'
import { findRequest } from '../markdown/text.js'
import { describeGitHubError } from '../github/calls.js'
import type { Trigger } from './trigger.js'

/**
 * The trigger with its review's comments on lines added to the request; unchanged for any other
 * trigger, or (after a warning) when GitHub does not give them.
 */
export async function withReviewLineComments(
  trigger: Trigger,
  triggerPhrase: string,
  github: GitHubApi | undefined
): Promise<Trigger> {
  const { reviewId, threadNumber } = trigger
  if (reviewId === undefined || threadNumber === undefined || !github) return trigger
  try {
    const comments = await github.listReviewComments(threadNumber, reviewId, github.limits())
    // A line comment that gives the command itself starts a run of its own (pull_request_review_comment).
    const others = comments.filter((comment) => findRequest([comment.body], triggerPhrase) === undefined)
    return { ...trigger, request: withReviewComments(trigger.request, others) }
  } catch (error) {
    log.warning(
      `Could not read the comments on lines of the review on #${threadNumber}: ${describeGitHubError(error)} ` +
        "The review's own text goes to the agent without them."
    )
    return trigger
  }
}
