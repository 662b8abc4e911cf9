// What reading an event comes to: a trigger to run with (and its command, read once the writer's
// permission is known), or a reason to skip. The readers of trigger.ts and change-events.ts both
// answer in these terms.
import type { LineComment } from '../github/review-comments.js'
import type { ReactionTarget } from '../github/thread-calls.js'
import type { SkipReason } from './skip-reason.js'

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

/**
 * Text with a line that starts with the phrase, not read yet: its markdown is read (readCommand) only
 * once the gate knows its writer may ask, so that nobody else's text costs the parse.
 */
export interface Command {
  /** The markdown a reader reads, in order (an issue's title, then its body). */
  parts: string[]
  phrase: string
  /** How skip reasons name the text. */
  noun: string
  lineComment?: LineComment
  /** The whole text is the request, no phrase sought (an issue the trigger-label was put on). */
  whole?: true
  /** The whole text was written by someone other than the person who asks: it is quoted as theirs. */
  writtenBy?: WrittenBy
}

/** Who wrote an issue or pull request the trigger-label was put on, when not the one who put it on. */
export interface WrittenBy {
  noun: string
  number: number
  /** Undefined for a deleted account. */
  author: string | undefined
  labeller: string
  label: string
}

export type TriggerDecision =
  /** With a command, the trigger's request is '' until readCommand reads it. */
  { kind: 'run'; trigger: Trigger; command?: Command } | { kind: 'skip'; reason: SkipReason }
