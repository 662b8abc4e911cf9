// The issue or PR thread that asked for the job: the eyes reaction, then one progress comment
// edited in place. Every GitHub failure here is a warning: a comment never fails a finished job.
import { type GitHubApi, statusOf } from './api.js'
import { formatMarker, isWrittenBy, type MarkerKey, type ProgressMarker, readMarker, type WorkflowStep } from './marker.js'
import type { ReactionTarget } from './trigger.js'

export interface EarlierComments {
  /** The job of this step's own comment from an earlier attempt of the run (a re-run edits that comment). */
  ownJobId?: string
  /** The newest job named by any other progress comment on the thread, for follow-ups. */
  latestJobId?: string
}

/** This workflow step, in the repository it runs for, with the key that signs its markers. */
export interface ThreadWriter extends WorkflowStep {
  repository: string
  key: MarkerKey
}

export class Thread {
  private commentId: number | undefined
  private commentUrl: string | undefined

  constructor(
    private readonly github: GitHubApi,
    readonly issueNumber: number,
    private readonly writer: ThreadWriter,
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
   * Progress comments already on the thread. Only markers that verify for this thread are read,
   * whoever posted them: the action's bot, a person's token, or anyone who copied one.
   */
  async readEarlier(): Promise<EarlierComments> {
    const comments = await this.attempt('read the comments of the thread', () =>
      this.github.listComments(this.issueNumber)
    )
    const place = { repository: this.writer.repository, threadNumber: this.issueNumber }
    const found: EarlierComments = {}
    let ownFound = false
    for (const comment of comments ?? []) {
      const marker = readMarker(comment.body, this.writer.key, place)
      if (!marker) continue
      if (isWrittenBy(marker, this.writer)) {
        // The first is the step's own comment: a later copy of its marker is someone else's
        // comment, never to be edited.
        if (ownFound) continue
        ownFound = true
        if (marker.jobId) found.ownJobId = marker.jobId
        this.commentId = comment.id
        this.commentUrl = comment.htmlUrl
      } else if (marker.jobId) {
        found.latestJobId = marker.jobId
      }
    }
    return found
  }

  /** Creates this step's comment, or edits it; `body` gets the hidden marker to start it with. */
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
    const { repository, runId, workflowJob, step } = this.writer
    const marker: ProgressMarker = { repository, threadNumber: this.issueNumber, runId, workflowJob, step }
    if (jobId) marker.jobId = jobId
    if (this.triggerCommentId) marker.triggerCommentId = this.triggerCommentId
    return formatMarker(marker, this.writer.key)
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
