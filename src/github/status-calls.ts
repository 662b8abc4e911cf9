// The GitHub call that sets a commit status: the `docs` check mode companion keeps on the code pull
// request's head (src/companion/docs-status.ts decides it). Needs `statuses: write`.
import type { CallLimits, RepositoryCalls } from './calls.js'

/** A commit status as GitHub takes it. */
export interface CommitStatus {
  context: string
  state: 'pending' | 'success' | 'failure'
  /** Plain text, at most 140 characters (GitHub refuses longer with 422). */
  description: string
  targetUrl: string | undefined
}

export interface StatusCalls {
  /**
   * Sets a status on the commit `sha` (`POST /statuses/{sha}`, 201): the newest of a context is the
   * one GitHub shows and a required check reads. GitHub answers 403 to a token without
   * `statuses: write` and 422 for a commit it does not know.
   */
  setCommitStatus(sha: string, status: CommitStatus, limits: CallLimits): Promise<void>
}

export function statusCalls({ octokit, repo, send }: RepositoryCalls): StatusCalls {
  return {
    async setCommitStatus(sha, { context, state, description, targetUrl }, limits) {
      // The same status twice shows as one: a retry is safe.
      await send('commit status', true, limits, (request) =>
        octokit.rest.repos.createCommitStatus({
          ...repo,
          sha,
          context,
          state,
          description,
          ...(targetUrl !== undefined && { target_url: targetUrl }),
          request
        })
      )
    }
  }
}
