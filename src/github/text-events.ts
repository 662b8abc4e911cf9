// The events that carry text someone wrote (comments, reviews, issues, pull requests), read from
// their payloads into what the gate checks: the text, its thread, its author and where to react.
// Each guard checks every field this module reads; the rest of the payload is GitHub's business.
import type {
  IssueCommentEvent,
  IssuesEvent,
  PullRequestEvent,
  PullRequestReviewCommentEvent,
  PullRequestReviewEvent
} from '@octokit/webhooks-types'
import { isPositiveInteger } from '../identifier.js'
import { type LineComment, readLineComment } from './line-comment.js'
import { isPerson, isRecord, isTitled, type Person, type Titled } from './records.js'

/** Where the eyes reaction goes: the triggering comment, or the issue/PR itself. */
export type ReactionTarget =
  { kind: 'issue_comment' | 'pull_request_review_comment'; id: number } | { kind: 'issue'; issueNumber: number }

type WrittenComment = { id: number; body: string; user: Person; author_association?: unknown }

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

// Each guard checks every field this module reads; the rest of the payload is GitHub's business.
function isWrittenComment(value: unknown): value is WrittenComment {
  return isRecord(value) && isPositiveInteger(value.id) && typeof value.body === 'string' && isPerson(value.user)
}

function isIssueCommentEvent(payload: unknown): payload is IssueCommentEvent {
  return (
    isRecord(payload) &&
    isRecord(payload.issue) &&
    isPositiveInteger(payload.issue.number) &&
    isWrittenComment(payload.comment) &&
    isPerson(payload.sender)
  )
}

function isReviewCommentEvent(payload: unknown): payload is PullRequestReviewCommentEvent {
  return (
    isRecord(payload) &&
    isRecord(payload.pull_request) &&
    isPositiveInteger(payload.pull_request.number) &&
    isWrittenComment(payload.comment) &&
    isPerson(payload.sender)
  )
}

function isReviewEvent(payload: unknown): payload is PullRequestReviewEvent {
  return (
    isRecord(payload) &&
    isRecord(payload.pull_request) &&
    isPositiveInteger(payload.pull_request.number) &&
    isRecord(payload.review) &&
    isPositiveInteger(payload.review.id) &&
    (typeof payload.review.body === 'string' || payload.review.body === null) &&
    isPerson(payload.review.user) &&
    isPerson(payload.sender)
  )
}

function isIssuesEvent(payload: unknown): payload is IssuesEvent {
  return isRecord(payload) && isTitled(payload.issue) && isPerson(payload.sender)
}

function isPullRequestEvent(payload: unknown): payload is PullRequestEvent {
  return isRecord(payload) && isTitled(payload.pull_request) && isPerson(payload.sender)
}

const ASSOCIATIONS_WITH_ACCESS: ReadonlySet<unknown> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR'])

function claimsAccess(association: unknown): boolean {
  return ASSOCIATIONS_WITH_ACCESS.has(association)
}

/** The page of a comment, review, issue or pull request, as the payload gives it. */
function pageOf(item: object): string | undefined {
  const url = (item as { html_url?: unknown }).html_url
  return typeof url === 'string' && url !== '' ? url : undefined
}

function readTitled(item: Titled, sender: Person): WrittenText {
  return {
    rawBody: item.body ?? '',
    parts: [item.title, item.body ?? ''],
    threadNumber: item.number,
    author: item.user,
    authorClaimsAccess: claimsAccess(item.author_association),
    sender,
    reactionTarget: { kind: 'issue', issueNumber: item.number },
    url: pageOf(item),
    onPullRequest: false
  }
}

function readComment(
  comment: WrittenComment,
  kind: 'issue_comment' | 'pull_request_review_comment',
  threadNumber: number,
  sender: Person,
  onPullRequest: boolean
): WrittenText {
  return {
    rawBody: comment.body,
    parts: [comment.body],
    threadNumber,
    author: comment.user,
    authorClaimsAccess: claimsAccess(comment.author_association),
    sender,
    reactionTarget: { kind, id: comment.id },
    commentId: comment.id,
    url: pageOf(comment),
    onPullRequest
  }
}

/** A submitted review: its body is the text; GitHub has no reaction for a review, so none is added. */
function readReview(event: PullRequestReviewEvent): WrittenText {
  const { review } = event
  return {
    rawBody: review.body ?? '',
    parts: [review.body ?? ''],
    threadNumber: event.pull_request.number,
    author: review.user,
    authorClaimsAccess: claimsAccess(review.author_association),
    sender: event.sender,
    url: pageOf(review),
    onPullRequest: true,
    reviewId: review.id
  }
}

const ISSUE_COMMENT: TextEvent = {
  newAction: 'created',
  noun: 'comment',
  read: (p) =>
    isIssueCommentEvent(p)
      ? readComment(p.comment, 'issue_comment', p.issue.number, p.sender, isRecord(p.issue.pull_request))
      : undefined
}

const REVIEW_COMMENT: TextEvent = {
  newAction: 'created',
  noun: 'review comment',
  read: (p) => {
    if (!isReviewCommentEvent(p)) return undefined
    const written = readComment(p.comment, 'pull_request_review_comment', p.pull_request.number, p.sender, true)
    const lineComment = readLineComment(p.comment)
    return lineComment ? { ...written, lineComment } : written
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
