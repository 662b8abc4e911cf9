// The issue or PR thread that asked for the job: the eyes reaction, then one progress comment
// edited in place. Every GitHub failure here is a warning: a comment never fails a finished job.
import { type GitHubApi, statusOf } from './api.js'
import { formatMarker, parseMarker, type ProgressMarker } from './marker.js'
import type { ReactionTarget } from './trigger.js'

export interface EarlierComments {
  /** The job of this run's own comment from an earlier attempt (a re-run edits that comment). */
  ownJobId?: string
  /** The newest job named by another run's progress comment, for follow-ups. */
  latestJobId?: string
}

export class Thread {
  private commentId: number | undefined
  private commentUrl: string | undefined

  constructor(
    private readonly github: GitHubApi,
    readonly issueNumber: number,
    private readonly runId: string,
    private readonly triggerCommentId: number | undefined,
    private readonly warn: (message: string) => void
  ) {}

  get url(): string | undefined {
    return this.commentUrl
  }

  async acknowledge(target: ReactionTarget): Promise<void> {
    await this.attempt('add the eyes reaction to the trigger', () => this.github.react(target, 'eyes'))
  }

  /**
   * Progress comments already on the thread. Only comments written by a bot are trusted: anyone can
   * post a comment that imitates the marker, but not as the action's bot account.
   */
  async readEarlier(): Promise<EarlierComments> {
    const comments = await this.attempt('read the comments of the thread', () =>
      this.github.listComments(this.issueNumber)
    )
    const found: EarlierComments = {}
    for (const comment of comments ?? []) {
      const marker = comment.author.isBot ? parseMarker(comment.body) : undefined
      if (!marker) continue
      if (marker.runId === this.runId) {
        if (marker.jobId) found.ownJobId = marker.jobId
        this.commentId = comment.id
        this.commentUrl = comment.htmlUrl
      } else if (marker.jobId) {
        found.latestJobId = marker.jobId
      }
    }
    return found
  }

  /** Creates this run's comment, or edits it; `body` gets the hidden marker to start it with. */
  async write(jobId: string | undefined, body: (marker: string) => string): Promise<void> {
    const existing = this.commentId
    const comment = await this.attempt('write the progress comment', () => {
      const text = body(this.marker(jobId))
      return existing === undefined
        ? this.github.createComment(this.issueNumber, text)
        : this.github.updateComment(existing, text)
    })
    if (comment) {
      this.commentId = comment.id
      this.commentUrl = comment.htmlUrl
    }
  }

  private marker(jobId: string | undefined): string {
    const marker: ProgressMarker = { runId: this.runId }
    if (jobId) marker.jobId = jobId
    if (this.triggerCommentId) marker.triggerCommentId = this.triggerCommentId
    return formatMarker(marker)
  }

  private async attempt<T>(what: string, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call()
    } catch (error) {
      this.warn(`Could not ${what} on #${this.issueNumber}: ${describeGitHubError(error)}`)
      return undefined
    }
  }
}

/** What went wrong with a GitHub call, with the workflow permission to add when that is the cause. */
export function describeGitHubError(error: unknown): string {
  const status = statusOf(error)
  const message = (error as Error | null)?.message ?? String(error)
  if (status === 403 || status === 401 || status === 404) {
    return (
      `GitHub answered ${status} (${message}). The token may lack a permission: add ` +
      '`issues: write` and `pull-requests: write` to the workflow\'s `permissions:` block.'
    )
  }
  return status ? `GitHub answered ${status} (${message}).` : message
}
