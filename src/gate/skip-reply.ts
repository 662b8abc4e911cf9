// Whether a command that started nothing gets a reply on its thread, and what the reply says. Only
// a person who may trigger, or one the action itself asked to review the pull request (told once),
// is answered: a stranger's comment never makes the action write in the repository's name, so that
// nobody outside can use it to post (or to post many times).
import { code } from '../markdown/escape.js'
import type { Author } from '../event/trigger.js'
import type { PermissionLevel } from '../base/permission-level.js'

/**
 * A person the action asked to review this pull request (its docs-PR comment's signed list), below
 * required-permission, and not told so on it before: `role` is theirs, undefined when not a collaborator.
 */
export interface RequestedReviewer {
  role: string | undefined
  required: PermissionLevel
}

/** Why a command from a person started nothing. */
export type SkipCause =
  /** Not a collaborator, or below required-permission. */
  | 'not-permitted'
  /** No github-token, so the permission could not be asked for (nor a reply written). */
  | 'unchecked'
  /** GitHub did not answer the permission check. */
  | 'check-failed'
  /** The person may trigger, but neither the comment nor the prompt input asks for anything. */
  | 'nothing-asked'
  | { requestedReviewer: RequestedReviewer }

/** The reply's markdown, or undefined when the action stays silent. */
export function replyToSkip(cause: SkipCause, author: Author, phrase: string): string | undefined {
  // A listed bot is let in, but answering one could start a conversation between bots.
  if (author.isBot) return undefined
  if (typeof cause === 'object') return toRequestedReviewer(cause.requestedReviewer, phrase)
  switch (cause) {
    case 'nothing-asked':
      return (
        `ℹ️ Nothing was started: no request follows ${code(phrase)}. ` +
        `Write what the agent should do after it, e.g. ${code(`${phrase} add a page about webhooks`)}.`
      )
    case 'check-failed':
      // Permission is unknown here, so the payload's claim of membership decides whether to answer
      // (never whether to run): someone the repository does not know gets nothing, as outsiders do.
      if (!author.claimsAccess) return undefined
      return (
        'ℹ️ Nothing was started: GitHub did not answer whether you may start the docs agent here, ' +
        'and an unchecked request never runs. Comment again in a few minutes; if this keeps happening, ' +
        "ask a maintainer to check that the workflow's `github-token` can read collaborators."
      )
    case 'not-permitted':
    case 'unchecked':
      return undefined
  }
}

/** Why nothing started, and who can ask: the facts, so that the reviewer can turn to one of them. */
function toRequestedReviewer({ role, required }: RequestedReviewer, phrase: string): string {
  const have =
    role === undefined
      ? 'you are not a collaborator of this repository'
      : role === 'none'
        ? 'you have no access to this repository'
        : `you have ${code(role)} permission on this repository`
  // A workflow asked only through its trigger-label has no phrase to name.
  const how = phrase === '' ? '' : ` with ${code(phrase)}`
  return (
    `ℹ️ Nothing was started: ${have}, and this workflow starts the docs agent only for people with ` +
    `${code(required)} permission or more (its ${code('required-permission')}). Anyone with ${code(required)} ` +
    `permission here can make the request${how}. Later requests of yours on this pull request get no reply.`
  )
}
