// The gate's text checks: from the event that started the workflow to a request, or a reason to skip.
// Who may trigger is decided later by the collaborator-permission API (I/O code), never here and
// never by the payload's author_association.

import type {
  IssueCommentEvent,
  IssuesEvent,
  PullRequestEvent,
  PullRequestReviewCommentEvent,
  PullRequestReviewEvent
} from '@octokit/webhooks-types'
import { isPositiveInteger } from '../identifier.js'
import { readChangeEvent } from './change-events.js'
import { type LineComment, readLineComment, withLineComment } from './line-comment.js'
import { isProgressComment } from './marker.js'
import { isPerson, isRecord, isTitled, type Person, type Titled } from './records.js'
import { findRequest } from './text.js'

export interface Author {
  login: string
  isBot: boolean
  /**
   * Whether the payload's author_association says the person belongs to the repository (owner,
   * member, collaborator). Never a grant: it only decides whether a failed permission check is worth
   * a reply (see skip-reply.ts).
   */
  claimsAccess: boolean
}

/** Where the eyes reaction goes: the triggering comment, or the issue/PR itself. */
export type ReactionTarget =
  { kind: 'issue_comment' | 'pull_request_review_comment'; id: number } | { kind: 'issue'; issueNumber: number }

/** The gate passed the text checks; permission is checked later by I/O code. */
export interface Trigger {
  /** Cleaned text after the phrase, trimmed ('' when no phrase is configured). */
  request: string
  /** Issue/PR number to comment on: from the event, else the issue-number input. */
  threadNumber?: number
  /** Who wrote the triggering text, to be checked; absent for events without one (workflow_dispatch, push...). */
  author?: Author
  /**
   * The login of the person who asked (pr-reviewers' `requester`): the writer of the triggering text,
   * or a merged pull request's author; absent when nobody asked (push, schedule...).
   */
  requester?: string
  reactionTarget?: ReactionTarget
  /** Id of the triggering comment, if any; ties the progress comment to it. */
  commentId?: number
  /** The page of the triggering text (comment, review, issue), as the payload gives it: where the request came from. */
  url?: string
  /**
   * The text was written in a pull request's conversation or diff (a comment, a line comment, a
   * review), where an agent job may already be tied to the pull request.
   */
  onPullRequest?: true
  /** The submitted review that triggered: its comments on lines are read apart (review.ts). */
  reviewId?: number
}

export type TriggerDecision = { kind: 'run'; trigger: Trigger } | { kind: 'skip'; reason: string }

export interface TriggerInput {
  eventName: string
  /** The parsed GITHUB_EVENT_PATH JSON; {} when there is none. */
  payload: unknown
  triggerPhrase: string
  issueNumber?: number
  allowedBots: string[] | '*'
}

type WrittenComment = { id: number; body: string; user: Person; author_association?: unknown }

/** What the gate needs from an event that carries text someone wrote. */
interface WrittenText {
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

interface TextEvent {
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

/**
 * Events only people with write access (or the repository's own schedule) can cause: the
 * workflow's `on:` is the gate. Anything else with text or a sender from outside (discussion
 * comments, reviews, workflow_run from forks) is refused rather than run without a check.
 */
const UNGATED_EVENTS: ReadonlySet<string> = new Set([
  'workflow_dispatch',
  'push',
  'schedule',
  'release',
  'repository_dispatch',
  'merge_group'
])

// A Map, so that an event name such as "constructor" finds nothing rather than Object's prototype.
const TEXT_EVENTS: ReadonlyMap<string, TextEvent> = new Map([
  ['issue_comment', ISSUE_COMMENT],
  ['pull_request_review_comment', REVIEW_COMMENT],
  ['pull_request_review', REVIEW],
  ['issues', ISSUE],
  ['pull_request', PULL_REQUEST],
  ['pull_request_target', PULL_REQUEST]
])

function isBot(person: Person): boolean {
  return person.type === 'Bot' || /\[bot\]$/i.test(person.login)
}

// "dependabot" and "dependabot[bot]" name the same account; logins are case-insensitive.
function botName(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '')
}

function isAllowedBot(login: string, allowedBots: string[] | '*'): boolean {
  return allowedBots === '*' || allowedBots.some((allowed) => botName(allowed) === botName(login))
}

function skip(reason: string): TriggerDecision {
  return { kind: 'skip', reason }
}

export function readTrigger(input: TriggerInput): TriggerDecision {
  const { eventName, payload, issueNumber } = input
  const change = readChangeEvent(eventName, payload)
  if (change !== undefined) return change
  const textEvent = TEXT_EVENTS.get(eventName)
  if (textEvent === undefined) {
    // No text to match and nobody to check: only events that a stranger cannot cause run ungated.
    if (UNGATED_EVENTS.has(eventName)) return { kind: 'run', trigger: { request: '', threadNumber: issueNumber } }
    return skip(
      `Skipped: the ${eventName || 'unnamed'} event is not one this action can check, so it never starts a job. ` +
        `Use ${[...TEXT_EVENTS.keys()].join(', ')} (gated by the trigger phrase and the person's permission) ` +
        `or ${[...UNGATED_EVENTS].join(', ')}.`
    )
  }

  const action = isRecord(payload) ? payload.action : undefined
  if (action !== textEvent.newAction) {
    const what = typeof action === 'string' ? `"${action}"` : 'without an action'
    return skip(
      `Skipped: this ${eventName} event is ${what}, and only new text triggers a run ` +
        '(a created comment, an opened issue or pull request, a submitted review), so editing cannot start a second job.'
    )
  }
  const written = textEvent.read(payload)
  if (written === undefined) {
    return skip(
      `Skipped: the ${eventName} event payload lacks the ${textEvent.noun}'s number, text or author, ` +
        'so there is nothing to check.'
    )
  }
  if (isProgressComment(written.rawBody)) {
    return skip(
      `Skipped: the ${textEvent.noun} is a progress comment of this action, ` +
        'and its own comments never trigger a run.'
    )
  }
  const bot = [written.author, written.sender].find(
    (person) => isBot(person) && !isAllowedBot(person.login, input.allowedBots)
  )
  if (bot !== undefined) {
    return skip(
      `Skipped: the bot "${bot.login}" is not listed in allowed-bots, ` +
        'and bots trigger a run only when listed there.'
    )
  }

  let request = ''
  const phrase = input.triggerPhrase.trim()
  if (phrase !== '') {
    const found = findRequest(written.parts, phrase)
    if (found === undefined) {
      return skip(
        `Skipped: no line of the ${textEvent.noun} starts with the trigger phrase "${phrase}" ` +
          '(outside code and quotes), so it is not a command.'
      )
    }
    // "Make this shorter" on a line of the diff needs the line: the agent is told where it was written.
    request = written.lineComment && found !== '' ? withLineComment(found, written.lineComment) : found
  }
  const trigger: Trigger = {
    request,
    threadNumber: written.threadNumber,
    author: { login: written.author.login, isBot: isBot(written.author), claimsAccess: written.authorClaimsAccess },
    requester: written.author.login
  }
  if (written.reactionTarget) trigger.reactionTarget = written.reactionTarget
  if (written.commentId !== undefined) trigger.commentId = written.commentId
  if (written.url !== undefined) trigger.url = written.url
  if (written.onPullRequest) trigger.onPullRequest = true
  if (written.reviewId !== undefined) trigger.reviewId = written.reviewId
  return { kind: 'run', trigger }
}
