// The events that carry text someone wrote (comments, reviews, issues, pull requests), read from
// their payloads into what the gate checks: the text, its thread, its author and where to react.
// Each guard checks every field this module reads; the rest of the payload is GitHub's business.
import { isPositiveInteger } from '../base/identifier.js'
import { type Checked, described, isRecord, isString, nullable, optional, type Schemas } from '../github/described.js'
import { type LineComment, readLineComment } from '../github/review-comments.js'
import { isPerson, isTitled, type Person, type Titled } from '../github/records.js'
import type { ReactionTarget } from '../github/thread-calls.js'

/** What the gate needs from an event that carries text someone wrote. */
export interface WrittenText {
  /** The body as written, to recognise the action's own progress comment by its marker. */
  rawBody: string
  /** The markdown a reader reads, in order (an issue's title, then its body), to find the command in. */
  parts: string[]
  threadNumber: number
  author: Person
  authorClaimsAccess: boolean
  sender: Person
  reactionTarget?: ReactionTarget
  commentId?: number
  url?: string
  onPullRequest: boolean
  /** Where on the diff a line comment was written, told to the agent with the request. */
  lineComment?: LineComment
  reviewId?: number
}

export interface TextEvent {
  /** The one action that is new text; any other (edited, deleted...) never triggers. */
  newAction: 'created' | 'opened' | 'submitted'
  /** How skip reasons name the text. */
  noun: string
  read(payload: unknown): WrittenText | undefined
}

// Each check covers every field this module reads, as GitHub describes the event; the rest of the
// payload is GitHub's business. The writer is null for a deleted account: then there is nobody to check.
const isWrittenComment = described<
  Schemas['webhook-issue-comment-created' | 'webhook-pull-request-review-comment-created']['comment']
>()({
  id: isPositiveInteger,
  body: isString,
  user: nullable(isPerson),
  author_association: optional(isString),
  html_url: optional(isString)
})

type WrittenComment = Checked<typeof isWrittenComment>

const isIssueCommentEvent = described<Schemas['webhook-issue-comment-created']>()({
  issue: described<Schemas['webhook-issue-comment-created']['issue']>()({
    number: isPositiveInteger,
    pull_request: optional(isRecord)
  }),
  comment: isWrittenComment,
  sender: isPerson
})

const isNumbered = described<
  Schemas['webhook-pull-request-review-comment-created' | 'webhook-pull-request-review-submitted']['pull_request']
>()({ number: isPositiveInteger })

const isReviewCommentEvent = described<Schemas['webhook-pull-request-review-comment-created']>()({
  pull_request: isNumbered,
  comment: isWrittenComment,
  sender: isPerson
})

const isReviewEvent = described<Schemas['webhook-pull-request-review-submitted']>()({
  pull_request: isNumbered,
  review: described<Schemas['webhook-pull-request-review-submitted']['review']>()({
    id: isPositiveInteger,
    body: nullable(isString),
    user: nullable(isPerson),
    author_association: optional(isString),
    html_url: optional(isString)
  }),
  sender: isPerson
})

const isIssuesEvent = described<Schemas['webhook-issues-opened']>()({ issue: isTitled, sender: isPerson })

const isPullRequestEvent = described<Schemas['webhook-pull-request-opened']>()({
  pull_request: isTitled,
  sender: isPerson
})

const ASSOCIATIONS_WITH_ACCESS: ReadonlySet<unknown> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR'])

/** Whether author_association names someone who may have access (a pre-filter, never a grant). */
export function claimsAccess(association: unknown): boolean {
  return ASSOCIATIONS_WITH_ACCESS.has(association)
}

/** The page of a comment, review, issue or pull request, as the payload gives it. */
function pageOf(url: string | undefined): string | undefined {
  return url !== '' ? url : undefined
}

function readTitled(item: Titled, sender: Person): WrittenText | undefined {
  if (item.user === null) return undefined
  return {
    rawBody: item.body ?? '',
    parts: [item.title, item.body ?? ''],
    threadNumber: item.number,
    author: item.user,
    authorClaimsAccess: claimsAccess(item.author_association),
    sender,
    reactionTarget: { kind: 'issue', issueNumber: item.number },
    url: pageOf(item.html_url),
    onPullRequest: false
  }
}

function readComment(
  comment: WrittenComment,
  kind: 'issue_comment' | 'pull_request_review_comment',
  threadNumber: number,
  sender: Person,
  onPullRequest: boolean
): WrittenText | undefined {
  if (comment.user === null) return undefined
  return {
    rawBody: comment.body,
    parts: [comment.body],
    threadNumber,
    author: comment.user,
    authorClaimsAccess: claimsAccess(comment.author_association),
    sender,
    reactionTarget: { kind, id: comment.id },
    commentId: comment.id,
    url: pageOf(comment.html_url),
    onPullRequest
  }
}

/** A submitted review: its body is the text; GitHub has no reaction for a review, so none is added. */
function readReview(event: Checked<typeof isReviewEvent>): WrittenText | undefined {
  const { review } = event
  if (review.user === null) return undefined
  return {
    rawBody: review.body ?? '',
    parts: [review.body ?? ''],
    threadNumber: event.pull_request.number,
    author: review.user,
    authorClaimsAccess: claimsAccess(review.author_association),
    sender: event.sender,
    url: pageOf(review.html_url),
    onPullRequest: true,
    reviewId: review.id
  }
}

const ISSUE_COMMENT: TextEvent = {
  newAction: 'created',
  noun: 'comment',
  read: (p) =>
    isIssueCommentEvent(p)
      ? readComment(p.comment, 'issue_comment', p.issue.number, p.sender, p.issue.pull_request !== undefined)
      : undefined
}

const REVIEW_COMMENT: TextEvent = {
  newAction: 'created',
  noun: 'review comment',
  read: (p) => {
    if (!isReviewCommentEvent(p)) return undefined
    const written = readComment(p.comment, 'pull_request_review_comment', p.pull_request.number, p.sender, true)
    const lineComment = readLineComment(p.comment)
    return written && lineComment ? { ...written, lineComment } : written
  }
}

const REVIEW: TextEvent = {
  newAction: 'submitted',
  noun: 'review',
  read: (p) => (isReviewEvent(p) ? readReview(p) : undefined)
}

const ISSUE: TextEvent = {
  newAction: 'opened',
  noun: 'issue',
  read: (p) => (isIssuesEvent(p) ? readTitled(p.issue, p.sender) : undefined)
}

const PULL_REQUEST: TextEvent = {
  newAction: 'opened',
  noun: 'pull request',
  read: (p) => (isPullRequestEvent(p) ? readTitled(p.pull_request, p.sender) : undefined)
}

// A Map, so that an event name such as "constructor" finds nothing rather than Object's prototype.
export const TEXT_EVENTS: ReadonlyMap<string, TextEvent> = new Map([
  ['issue_comment', ISSUE_COMMENT],
  ['pull_request_review_comment', REVIEW_COMMENT],
  ['pull_request_review', REVIEW],
  ['issues', ISSUE],
  ['pull_request', PULL_REQUEST],
  ['pull_request_target', PULL_REQUEST]
])
