// Whether a command that started nothing gets a reply on its thread, and what the reply says. Only
// a person who may trigger is answered: a stranger's comment never makes the action write in the
// repository's name, so that nobody outside can use it to post (or to post many times).
import { code } from '../markdown/escape.js'
import type { Author } from '../event/trigger.js'

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

/** The reply's markdown, or undefined when the action stays silent. */
export function replyToSkip(cause: SkipCause, author: Author, phrase: string): string | undefined {
  // A listed bot is let in, but answering one could start a conversation between bots.
  if (author.isBot) return undefined
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
