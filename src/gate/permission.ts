// Who may start a job from a comment or an issue: the collaborator-permission API decides, never
// the payload's author_association; an API error means no.
import { messageOf } from '../base/error-message.js'
import type { GitHubApi } from '../github/api.js'
import { httpStatusOf } from '../github/api.js'
import { hasPermission, type PermissionLevel } from '../base/permission-level.js'
import type { SkipCause } from './skip-reply.js'
import type { Author } from '../event/trigger.js'
import type { SkipReason } from '../event/skip-reason.js'

export type Verdict =
  | { allowed: true }
  /** `role`: what the person has here (undefined: not a collaborator), for the reply to a requested reviewer. */
  | { allowed: false; reason: SkipReason; cause: 'not-permitted'; role: string | undefined }
  | { allowed: false; reason: SkipReason; cause: Extract<SkipCause, 'unchecked' | 'check-failed'> }

/** The verdict for what the permission API said: a role, no collaborator (undefined), or an error. */
function judgePermission(
  login: string,
  answer: { role: string | undefined } | { error: unknown },
  required: PermissionLevel
): Verdict {
  if ('error' in answer) {
    const status = httpStatusOf(answer.error)
    return {
      allowed: false,
      cause: 'check-failed',
      reason: { kind: 'permission-check-failed', login, status, message: messageOf(answer.error) }
    }
  }
  if (answer.role === undefined) {
    return {
      allowed: false,
      cause: 'not-permitted',
      role: undefined,
      reason: { kind: 'not-permitted', login, role: undefined, required }
    }
  }
  if (!hasPermission(answer.role, required)) {
    return {
      allowed: false,
      cause: 'not-permitted',
      role: answer.role,
      reason: { kind: 'not-permitted', login, role: answer.role, required }
    }
  }
  return { allowed: true }
}

/** Asks GitHub, then judges. Bots that allowed-bots lets in are not collaborators, so they skip the ask. */
export async function mayTrigger(
  author: Author,
  required: PermissionLevel,
  github: GitHubApi | undefined
): Promise<Verdict> {
  if (author.isBot) return { allowed: true }
  if (!github) {
    return {
      allowed: false,
      cause: 'unchecked',
      reason: { kind: 'permission-unchecked', login: author.login }
    }
  }
  let answer: { role: string | undefined } | { error: unknown }
  try {
    answer = { role: await github.permissionOf(author.login, github.limits()) }
  } catch (error) {
    answer = { error }
  }
  return judgePermission(author.login, answer, required)
}
