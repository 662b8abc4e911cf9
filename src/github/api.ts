// The GitHub REST calls the action makes, over @actions/github's octokit with the retry and
// throttling plugins. Loaded on first use (a dynamic import the bundler splits out), so runs that
// never comment or check a permission do not pay for it.
import type { ReactionTarget } from './trigger.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
  author: { login: string; isBot: boolean }
}

export interface GitHubApi {
  /** The person's role (role_name, else permission); undefined when they are not a collaborator. */
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

/** A retry after a rate limit is worth it only while the wait is short against a job's timeout. */
const RATE_LIMIT_RETRIES = 2

export async function connectGitHub(target: GitHubTarget): Promise<GitHubApi> {
  const [{ getOctokit }, { retry }, { throttling }] = await Promise.all([
    import('@actions/github'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling')
  ])
  const octokit = getOctokit(
    target.token,
    {
      baseUrl: target.apiUrl,
      userAgent: 'docs-agent-action',
      throttle: {
        onRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          target.onRateLimit(`GitHub rate limit on ${options.method} ${options.url}; retrying in ${retryAfter}s`)
          return retryCount < RATE_LIMIT_RETRIES
        },
        onSecondaryRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          target.onRateLimit(`GitHub secondary rate limit on ${options.method} ${options.url}; retrying in ${retryAfter}s`)
          return retryCount < RATE_LIMIT_RETRIES
        }
      }
    },
    retry,
    throttling
  )
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
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login })
        return data.role_name || data.permission
      } catch (error) {
        if (statusOf(error) === 404) return undefined
        throw error
      }
    },
    async react(target, content) {
      if (target.kind === 'issue') {
        await octokit.rest.reactions.createForIssue({ ...repo, issue_number: target.issueNumber, content })
      } else if (target.kind === 'issue_comment') {
        await octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: target.id, content })
      } else {
        await octokit.rest.reactions.createForPullRequestReviewComment({ ...repo, comment_id: target.id, content })
      }
    },
    async listComments(issueNumber) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        ...repo,
        issue_number: issueNumber,
        per_page: 100
      })
      return comments.map(toComment)
    },
    async createComment(issueNumber, body) {
      const { data } = await octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body })
      return toComment(data)
    },
    async updateComment(commentId, body) {
      const { data } = await octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body })
      return toComment(data)
    }
  }
}

/** The HTTP status of an octokit RequestError, if it is one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
