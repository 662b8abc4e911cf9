// The GitHub calls of commit statuses: the `docs` check mode companion keeps on the code pull
// request's head (src/companion/docs-status.ts decides it). Setting one needs `statuses: write`.
import type { CallLimits, RepositoryCalls } from './calls.js'
import { described, isString, nullable, type Schemas } from './described.js'

/** A commit status as GitHub takes it. */
export interface CommitStatus {
  context: string
  state: 'pending' | 'success' | 'failure'
  /** Plain text, at most 140 characters (GitHub refuses longer with 422). */
  description: string
  targetUrl: string | undefined
}

/** A status GitHub keeps on a commit, as read back. */
export interface StatusRead {
  context: string
  state: string
  description: string
}

export interface StatusCalls {
  /**
   * Sets a status on the commit `sha` (`POST /statuses/{sha}`, 201): the newest of a context is the
   * one GitHub shows and a required check reads. GitHub answers 403 to a token without
   * `statuses: write` and 422 for a commit it does not know.
   */
  setCommitStatus(sha: string, status: CommitStatus, limits: CallLimits): Promise<void>
  /**
   * GET /commits/{sha}/statuses?per_page=100: the newest status of `context` on the commit, if any
   * (GitHub lists newest first; a context set more than 100 times since is read as none).
   */
  latestStatus(sha: string, context: string, limits: CallLimits): Promise<StatusRead | undefined>
}

const isStatus = described<Schemas['status']>()({ context: isString, state: isString, description: nullable(isString) })

function readStatus(value: unknown): StatusRead | undefined {
  if (!isStatus(value)) return undefined
  return { context: value.context, state: value.state, description: value.description ?? '' }
}

export function statusCalls({ octokit, repo, send, page }: RepositoryCalls): StatusCalls {
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
    },
    async latestStatus(sha, context, limits) {
      const { items } = await page(
        'commit status read',
        limits,
        (request) => octokit.rest.repos.listCommitStatusesForRef({ ...repo, ref: sha, per_page: 100, request }),
        readStatus
      )
      return items.find((status) => status.context.toLowerCase() === context.toLowerCase())
    }
  }
}
