// When the working-label goes on and off a thread: it follows this step's comment, on while that
// comment waits for its job's end, and off once it does not, unless another comment there still waits.
// Another run may write a waiting comment on the thread at any moment, so each side writes its own
// fact, then reads the other's: the last working write is followed by the label (again), and taking
// the label off is followed by a read of the comments, putting it back when one waits. Whichever
// order two runs' calls land in, a waiting comment ends with the label on its thread.
import { type CallLimits, commentsRead, type GitHubApi, type IssueComment } from '../github/api.js'
import { COMMENT_PAGES } from '../github/thread-calls.js'
import type { ThreadWriter } from './thread-markers.js'
import { queuedComments, workingComments } from './working-comments.js'
import type { WorkingLabel } from './working-label.js'

/** Makes a GitHub call; undefined (after a warning) when it fails. */
export type Attempt = <T>(what: string, call: () => Promise<T>) => Promise<T | undefined>

export class LabelUpkeep {
  /** This step's comment says its job is working: the label is (or should be) on the thread. */
  private working = false
  /** The label went on before the last working write: it goes on again once that write is done. */
  private putAfterLastWrite = false

  constructor(
    private readonly github: GitHubApi,
    /** None when labels are off. */
    private readonly label: WorkingLabel | undefined,
    private readonly writer: ThreadWriter,
    private readonly issueNumber: number,
    private readonly attempt: Attempt
  ) {}

  /** This step's comment, found from an earlier attempt, says its job is working (or not). */
  foundOwn(working: boolean): void {
    this.working = working
  }

  /**
   * Puts the label on before the last write in the working state, even when an earlier write did
   * (adding is idempotent: a reconcile run may have taken it off since), and has that write put it on
   * once more after it (a reconcile run that read the thread before the write may take it off in
   * between); whether it is on.
   */
  async putBeforeLastWrite(notAfter?: number): Promise<boolean> {
    if (!this.label) return false
    this.working = true
    this.putAfterLastWrite = true
    return this.label.put(this.issueNumber, this.github.lastEditLimits(notAfter))
  }

  /** After a write of this step's comment (`ownCommentId` once known), in the state it now says. */
  async follow(working: boolean, ownCommentId: number | undefined, limits: CallLimits): Promise<void> {
    const wasWorking = this.working
    const putAgain = this.putAfterLastWrite
    this.working = working
    this.putAfterLastWrite = false
    const { label } = this
    if (!label) return
    if (working) {
      if (!wasWorking || putAgain) await label.put(this.issueNumber, limits)
    } else if (wasWorking) {
      await label.removeUnlessWaiting(
        this.issueNumber,
        () => limits,
        () => this.othersWorking(ownCommentId, limits)
      )
    }
  }

  /**
   * Whether another comment on the thread still waits for its job's end (or keeps a queued request); yes when the thread cannot
   * be read, or not all of it (the label then stays for reconcile mode, which reads further).
   */
  private async othersWorking(ownCommentId: number | undefined, limits: CallLimits): Promise<boolean> {
    const place = { repository: this.writer.repository, threadNumber: this.issueNumber }
    const other = ({ comment }: { comment: IssueComment }) => comment.id !== ownCommentId
    const waitsAmong = (comments: readonly IssueComment[]) =>
      workingComments(comments, this.writer.key, place).some(other) ||
      queuedComments(comments, this.writer.key, place).some(other)
    const pages = await this.attempt('read the comments of the thread', () =>
      this.github.listComments(this.issueNumber, limits, {
        enough: (read) => waitsAmong(commentsRead(read)),
        maxPages: COMMENT_PAGES
      })
    )
    return !pages?.complete || waitsAmong(commentsRead(pages))
  }
}
