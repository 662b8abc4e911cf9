// The GitHub REST calls the action makes, over @actions/github's octokit with the retry and
// throttling plugins. Loaded on first use (a dynamic import the bundler splits out), so runs that
// never comment or check a permission do not pay for it.
import { parsePermissionLevel } from './permission-level.js'
import type { ReactionTarget } from './trigger.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
  author: { login: string; isBot: boolean }
}

export interface GitHubApi {
  /** The person's role (a level of permission-level.ts, or 'none'); undefined when not a collaborator. */
  permissionOf(login: string): Promise<string | undefined>
  react(target: ReactionTarget, content: 'eyes'): Promise<void>
  listComments(issueNumber: number): Promise<IssueComment[]>
  createComment(issueNumber: number, body: string): Promise<IssueComment>
  updateComment(commentId: number, body: string): Promise<IssueComment>
}

export interface GitHubTarget {
  token: string
  apiUrl: string
  owner: string
  repo: string
  /** Told when GitHub's rate limit makes a request wait. */
  onRateLimit: (message: string) => void
}

// GitHub calls are around the job, never worth holding the step for: each call gets a time limit
// (the retry plugin still spends a few seconds retrying one that ran out), and a rate limit is
// waited out only when the wait is short.
const REQUEST_TIMEOUT_MS = 10_000
const RATE_LIMIT_RETRIES = 2
const LONGEST_RATE_LIMIT_WAIT_S = 10

type RateLimitHandler = (retryAfter: number, options: { method: string; url: string }, octokit: unknown, retryCount: number) => boolean

export async function connectGitHub(target: GitHubTarget): Promise<GitHubApi> {
  const [{ getOctokit }, { retry }, { throttling }] = await Promise.all([
    import('@actions/github'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling')
  ])
  const onLimit =
    (kind: string): RateLimitHandler =>
    (retryAfter, options, _octokit, retryCount) => {
      const waits = retryAfter <= LONGEST_RATE_LIMIT_WAIT_S && retryCount < RATE_LIMIT_RETRIES
      target.onRateLimit(
        `GitHub ${kind} on ${options.method} ${options.url}: ${waits ? `retrying in ${retryAfter}s` : `not waiting ${retryAfter}s`}`
      )
      return waits
    }
  const octokit = getOctokit(
    target.token,
    {
      baseUrl: target.apiUrl,
      userAgent: 'docs-agent-action',
      throttle: { onRateLimit: onLimit('rate limit'), onSecondaryRateLimit: onLimit('secondary rate limit') }
    },
    retry,
    throttling
  )
  // Per call: a signal set on the client's defaults or in a request hook does not reach fetch.
  const limited = () => ({ request: { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) } })
  const repo = { owner: target.owner, repo: target.repo }
  const toComment = (data: {
    id: number
    body?: string | null
    html_url: string
    user: { login: string; type: string } | null
  }): IssueComment => ({
    id: data.id,
    body: data.body ?? '',
    htmlUrl: data.html_url,
    author: { login: data.user?.login ?? '', isBot: data.user?.type === 'Bot' }
  })

  return {
    async permissionOf(login) {
      try {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login, ...limited() })
        // role_name tells maintain from write and triage from read; a custom organisation role
        // (e.g. "docs-writer") is none of the levels, and then its base permission is what counts.
        return parsePermissionLevel(data.role_name ?? '') ? data.role_name : data.permission
      } catch (error) {
        if (statusOf(error) === 404) return undefined
        throw error
      }
    },
    async react(target, content) {
      if (target.kind === 'issue') {
        await octokit.rest.reactions.createForIssue({ ...repo, issue_number: target.issueNumber, content, ...limited() })
      } else if (target.kind === 'issue_comment') {
        await octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: target.id, content, ...limited() })
      } else {
        await octokit.rest.reactions.createForPullRequestReviewComment({ ...repo, comment_id: target.id, content, ...limited() })
      }
    },
    async listComments(issueNumber) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        ...repo,
        issue_number: issueNumber,
        per_page: 100,
        ...limited()
      })
      return comments.map(toComment)
    },
    async createComment(issueNumber, body) {
      const { data } = await octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body, ...limited() })
      return toComment(data)
    },
    async updateComment(commentId, body) {
      const { data } = await octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body, ...limited() })
      return toComment(data)
    }
  }
}

/** The HTTP status of an octokit RequestError, if it is one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
