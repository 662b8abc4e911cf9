// How a failed GitHub call reads in a warning, shared by everything the action does on a thread.
import { messageOf } from '../error-message.js'
import { GitHubCallError, httpStatusOf } from './api.js'

/** What went wrong with a GitHub call, with the workflow permission to add when that is the cause. */
export function describeGitHubError(error: unknown): string {
  if (!(error instanceof GitHubCallError)) return messageOf(error)
  const status = httpStatusOf(error)
  if (status === 403 || status === 401 || status === 404) {
    return (
      `${error.message}. The token may lack a permission: add ` +
      "`issues: write` and `pull-requests: write` to the workflow's `permissions:` block."
    )
  }
  return `${error.message}.`
}
