// The issue or PR thread that asked for the job: the eyes reaction, then one progress comment
// edited in place, and the working-label while that comment waits for the job's end. Every GitHub
// failure here is a warning: a comment never fails a finished job.
import { type CallLimits, commentsRead, type GitHubApi, GitHubCallError, type IssueComment } from '../github/api.js'
import { describeGitHubError } from '../github/calls.js'
import { uniqueLogins } from '../base/identifier.js'
import { formatMarker, type ProgressMarker, type SignedFacts } from './marker.js'
import { COMMENT_PAGES, commentReach } from '../github/thread-calls.js'
import { holdsSought, type Sought, threadMarkers, type ThreadWriter } from './thread-markers.js'
import type { ReactionTarget } from '../github/thread-calls.js'
import { workingComments } from './working-comments.js'
import type { WorkingLabel } from './working-label.js'

export type { ThreadWriter } from './thread-markers.js'

export interface EarlierComments {
  /** The job of this step's own comment from an earlier attempt of the run (a re-run edits that comment). */
  ownJobId?: string
  /** The newest job named by any other progress comment on the thread, for follow-ups. */
  latestJobId?: string
  /** The attempt of this run whose create got no answer, as this step's own comment records it. */
  unsureCreate?: number
}

/**
 * The comment on the agent's pull request that ties it to its job (marker kind docs-pr): one per pull
 * request, edited by every run that reports on that job, whichever repository it runs in.
 */
export interface DocsComment {
  /** Where the job was first asked for (a URL); an existing comment's own is kept. */
  origin: string
  /** Who the action asked to review the pull request: an existing comment's, and this run's. */
  reviewers?: string[]
}

export interface ThreadOptions {
  /** The thread is the agent's pull request and this run writes its docs-PR comment. */
  docsComment?: DocsComment
  /** How warnings name the thread (default `#<number>`): another repository's thread needs its name. */
  name?: string
  /** What a warning says to do when GitHub refuses the token (default: the workflow's `permissions:`). */
  accessHint?: string
  /** The working-label, on the thread while this step's comment waits for its job; none when labels are off. */
  workingLabel?: WorkingLabel
  /**
   * A re-run: an earlier attempt may have written this step's comment, which readEarlier must find
   * (or read every comment to be sure there is none) before the run may start a job.
   */
  earlierAttempts?: boolean
  /**
   * This run's one comment is the gate's reply to a reviewer the action asked for, whose request was
   * refused: its marker names them (kind `refused`), so that a later refusal finds them told.
   */
  refusedReviewer?: string
}

export class Thread {
  private commentId: number | undefined
  private commentUrl: string | undefined
  /** This step's own comment from an earlier attempt, when the docs-PR comment was taken instead. */
  private ownComment: IssueComment | undefined
  /** A create got no clear answer: GitHub may have made the comment, so look before making another. */
  private createUnsure = false
  private urlListener: ((url: string) => void) | undefined
  private docs: DocsComment | undefined
  /** This step's comment says its job is working: the label is (or should be) on the thread. */
  private working = false
  /** What the comment's end is told with besides the job, signed into every marker. */
  private facts: SignedFacts = {}
  /** The attempt whose create got no answer: kept in every marker, so that no later attempt creates. */
  private unsureCreate: number | undefined

  constructor(
    private readonly github: GitHubApi,
    readonly issueNumber: number,
    private readonly writer: ThreadWriter,
    private readonly triggerCommentId: number | undefined,
    private readonly warn: (message: string) => void,
    private readonly options: ThreadOptions = {}
  ) {
    this.docs = options.docsComment
  }

  get url(): string | undefined {
    return this.commentUrl
  }

  /**
   * Set when this run's comment is the docs-PR comment: asked for, or found on the thread by
   * readEarlier (the thread is then the agent's pull request, and its job takes the follow-ups).
   */
  get docsComment(): DocsComment | undefined {
    return this.docs
  }

  async acknowledge(target: ReactionTarget): Promise<void> {
    await this.attempt('add the eyes reaction to the trigger', () =>
      this.github.react(target, 'eyes', this.github.limits())
    )
  }

  /**
   * Progress comments already on the thread. Only markers that verify for this thread are read,
   * whoever posted them: the action's bot, a person's token, or anyone who copied one. Undefined
   * when the thread could not be read (after a warning).
   */
  async readEarlier(limits: CallLimits = this.github.limits()): Promise<EarlierComments | undefined> {
    const rerun = this.options.earlierAttempts ?? false
    const read = await this.readComments(limits, { own: rerun, latest: true })
    if (rerun && read?.ownUnread) {
      this.warn(
        `Could not read the comments of the thread on ${this.name}: it has more than a run reads ` +
          `(${commentReach()}), and this step's comment of an earlier attempt is not among those.`
      )
      return undefined
    }
    if (read?.own) this.working = read.own.state === 'working'
    return read?.found
  }

  /**
   * What readEarlier finds, and this step's own marker; notes the comment this run writes. On a
   * thread longer than a run reads, what the comments read show (`ownUnread`: the step's own
   * comment may be among the others).
   */
  private async readComments(
    limits: CallLimits,
    sought: Sought
  ): Promise<{ found: EarlierComments; own: ProgressMarker | undefined; ownUnread: boolean } | undefined> {
    const { writer, issueNumber } = this
    const pages = await this.attempt('read the comments of the thread', () =>
      this.github.listComments(issueNumber, limits, {
        enough: (read) => holdsSought(read, writer, issueNumber, sought),
        ...(!sought.own && { maxPages: COMMENT_PAGES })
      })
    )
    if (!pages) return undefined
    const { own, docs, latestJobId } = threadMarkers(commentsRead(pages), writer, issueNumber)
    const found: EarlierComments = {}
    if (own?.marker.jobId) found.ownJobId = own.marker.jobId
    this.unsureCreate ??= own?.marker.unsureCreate
    if (this.unsureCreate !== undefined) found.unsureCreate = this.unsureCreate
    if (latestJobId) found.latestJobId = latestJobId
    // The docs-PR comment: this run edits it, and its job (the one that opened the pull request)
    // takes the follow-ups.
    if (docs) {
      const reviewers = [...(docs.marker.reviewers ?? []), ...(this.docs?.reviewers ?? [])]
      this.docs = { origin: docs.marker.origin ?? this.docs?.origin ?? '', ...(reviewers.length > 0 && { reviewers }) }
      this.ownComment = own?.comment
      if (docs.marker.jobId) found.latestJobId = docs.marker.jobId
      this.note(docs.comment)
    } else if (own) this.note(own.comment)
    return { found, own: docs ? undefined : own?.marker, ownUnread: !pages.complete && own === undefined }
  }

  /**
   * Gives up the docs-PR comment found by readEarlier, for a run that does not send its request to
   * the job that comment names (follow-up off, a job-id of its own): the comment keeps naming the
   * job that opened the pull request, and this run writes a progress comment of its own.
   */
  standAside(): void {
    if (!this.docs) return
    this.docs = undefined
    this.commentId = undefined
    this.commentUrl = undefined
    if (this.ownComment) this.note(this.ownComment)
  }

  /**
   * Creates this run's comment, or edits it; `body` gets the hidden marker to start it with. Every
   * call it makes shares `limits`. `state: 'working'` signs into the marker that the comment does
   * not report the job's end yet, and puts the working-label on the thread; the write that then
   * reports the end takes the label off, unless another comment there still waits for its job.
   * Whether the comment now says what `body` says (a failure is a warning, never thrown).
   */
  async write(
    jobId: string | undefined,
    body: (marker: string) => string,
    limits: CallLimits = this.github.limits(),
    state?: 'working'
  ): Promise<boolean> {
    const working = jobId !== undefined && state === 'working' && !this.docs
    const text = (): string => body(this.marker(jobId, working ? state : undefined))
    const named = this.commentId !== undefined
    const written = await this.attempt('write the progress comment', async () => {
      const comment = await this.put(text(), limits)
      if (comment) this.note(comment)
      return true
    })
    if (!written) return false
    // With the label on, a waiting comment names itself at once rather than at its next edit:
    // reconcile mode edits waiting comments from any run, and a copy of a marker that names no
    // comment would verify. So does a comment that records an unsure create: beside a copy, a re-run
    // would not know which is its own, and would create.
    const { workingLabel } = this.options
    const bindNow = (workingLabel !== undefined && working) || this.unsureCreate !== undefined
    if (bindNow && !named && this.commentId !== undefined) {
      const commentId = this.commentId
      await this.attempt('write the progress comment', () => this.github.updateComment(commentId, text(), limits))
    }
    await this.keepLabel(working, limits)
    return true
  }

  /**
   * Puts the working-label on before the last write in the working state, even when an earlier write
   * did (adding is idempotent: a reconcile run may have taken it off since); whether it is on. Never
   * on the docs-PR comment, nor with labels off.
   */
  async putLabel(notAfter?: number): Promise<boolean> {
    const label = this.options.workingLabel
    if (!label || this.docs) return false
    // Tried once: the write that follows does not try again.
    this.working = true
    return label.put(this.issueNumber, this.github.lastEditLimits(notAfter))
  }

  /**
   * Signs into every later marker that this attempt's create got no answer: a job may exist that no
   * comment names, and a re-run reads this before it creates one.
   */
  recordUnsureCreate(attempt: number): void {
    this.unsureCreate = attempt
  }

  /** Signs into every later marker what the comment's end is told with, for a reconcile run to tell it the same. */
  signFacts(facts: SignedFacts): void {
    this.facts = facts
  }

  /** Calls `listener` with the comment's URL once it is known: now, or when a write or read finds it. */
  whenUrlKnown(listener: (url: string) => void): void {
    if (this.commentUrl !== undefined) listener(this.commentUrl)
    else this.urlListener = listener
  }

  private note(comment: IssueComment): void {
    this.commentId = comment.id
    if (this.commentUrl !== undefined) return
    this.commentUrl = comment.htmlUrl
    const listener = this.urlListener
    this.urlListener = undefined
    listener?.(comment.htmlUrl)
  }

  /**
   * The last edit, after the outputs are out, done by `notAfter` (clock time): a cancelled run gives
   * it only a short time.
   */
  async finish(
    jobId: string | undefined,
    body: (marker: string) => string,
    notAfter?: number,
    state?: 'working'
  ): Promise<boolean> {
    return this.write(jobId, body, this.github.lastEditLimits(notAfter), state)
  }

  /** The label follows this step's comment: on while it is working, off once it is not and no other is. */
  private async keepLabel(working: boolean, limits: CallLimits): Promise<void> {
    const wasWorking = this.working
    this.working = working
    const label = this.options.workingLabel
    if (!label) return
    if (working) {
      if (!wasWorking) await label.put(this.issueNumber, limits)
    } else if (wasWorking && !(await this.othersWorking(limits))) {
      await label.remove(this.issueNumber, limits)
    }
  }

  /**
   * Whether another comment on the thread still waits for its job's end; yes when the thread cannot
   * be read, or not all of it (the label then stays for reconcile mode, which reads further).
   */
  private async othersWorking(limits: CallLimits): Promise<boolean> {
    const place = { repository: this.writer.repository, threadNumber: this.issueNumber }
    const waitsAmong = (comments: readonly IssueComment[]) =>
      workingComments(comments, this.writer.key, place).some(({ comment }) => comment.id !== this.commentId)
    const pages = await this.attempt('read the comments of the thread', () =>
      this.github.listComments(this.issueNumber, limits, {
        enough: (read) => waitsAmong(commentsRead(read)),
        maxPages: COMMENT_PAGES
      })
    )
    return !pages?.complete || waitsAmong(commentsRead(pages))
  }

  /** The comment as written, or undefined when a create turned out to have made it after all. */
  private async put(text: string, limits: CallLimits): Promise<IssueComment | undefined> {
    if (this.commentId === undefined && this.createUnsure) await this.lookForOwnComment(limits)
    if (this.commentId !== undefined) return this.github.updateComment(this.commentId, text, limits)
    try {
      return await this.create(text, limits)
    } catch (error) {
      if (!mayHaveActed(error) || limits.signal.aborted) throw error
      await this.lookForOwnComment(limits)
      // Found: the create did make it, with this text.
      if (this.commentId !== undefined) return undefined
      return this.create(text, limits)
    }
  }

  private async create(text: string, limits: CallLimits): Promise<IssueComment> {
    try {
      const comment = await this.github.createComment(this.issueNumber, text, limits)
      this.createUnsure = false
      return comment
    } catch (error) {
      this.createUnsure ||= mayHaveActed(error)
      throw error
    }
  }

  /**
   * Finds this run's comment (readEarlier notes it), or throws when the thread cannot be read. On a
   * thread longer than a run reads, the newest comments are read: a comment just made is among them.
   */
  private async lookForOwnComment(limits: CallLimits): Promise<void> {
    if (!(await this.readComments(limits, { own: true, latest: false }))) {
      throw new Error(
        'an earlier try may have made it without GitHub saying so, and the thread could not be read to check, ' +
          'so no second comment was made.'
      )
    }
  }

  private marker(jobId: string | undefined, state: 'working' | undefined): string {
    const { repository, runId, workflowJob, step } = this.writer
    const marker: ProgressMarker = { repository, threadNumber: this.issueNumber, runId, workflowJob, step }
    if (jobId) marker.jobId = jobId
    if (this.triggerCommentId) marker.triggerCommentId = this.triggerCommentId
    if (this.commentId !== undefined) marker.commentId = this.commentId
    if (jobId && state) marker.state = state
    if (this.unsureCreate !== undefined) marker.unsureCreate = this.unsureCreate
    const { occasion, note, ...decided } = this.facts
    Object.assign(marker, occasion && { occasion }, note && { note })
    if (this.docs) {
      // The docs-PR comment is never a waiting comment: of the run's decisions it keeps the reviewers.
      marker.kind = 'docs-pr'
      if (this.docs.origin !== '') marker.origin = this.docs.origin
      const reviewers = uniqueLogins([...(this.docs.reviewers ?? []), ...(this.facts.reviewers ?? [])])
      if (reviewers.length > 0) marker.reviewers = reviewers
    } else Object.assign(marker, decided)
    const { refusedReviewer } = this.options
    if (refusedReviewer !== undefined) Object.assign(marker, { kind: 'refused', requester: refusedReviewer })
    return formatMarker(marker, this.writer.key)
  }

  /** How warnings name the thread. */
  private get name(): string {
    return this.options.name ?? `#${this.issueNumber}`
  }

  private async attempt<T>(what: string, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call()
    } catch (error) {
      this.warn(`Could not ${what} on ${this.name}: ${describeGitHubError(error, this.options.accessHint)}`)
      return undefined
    }
  }
}

function mayHaveActed(error: unknown): boolean {
  return error instanceof GitHubCallError && error.mayHaveActed
}
