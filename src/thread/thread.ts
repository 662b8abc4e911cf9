// The issue or PR thread that asked for the job: the eyes reaction, then one progress comment
// edited in place, and the working-label while that comment waits for the job's end. Every GitHub
// failure here is a warning: a comment never fails a finished job.
import { type CallLimits, commentsRead, type GitHubApi, type IssueComment } from '../github/api.js'
import { describeGitHubError } from '../github/calls.js'
import type { ProgressMarker, RunDecisions } from './marker.js'
import { COMMENT_PAGES, commentReach } from '../github/thread-calls.js'
import { earlierComments, holdsSought, isEditable, threadMarkers } from './thread-markers.js'
import type { EarlierComments, MarkedComment, Sought, ThreadWriter } from './thread-markers.js'
import type { ReactionTarget } from '../github/thread-calls.js'
import { LabelUpkeep } from './label-upkeep.js'
import { OwnComment } from './own-comment.js'
import { type DocsComment, ownMarker } from './own-marker.js'
import type { QueuedRequest } from './queued-request.js'
import type { WorkingLabel } from './working-label.js'

export type { EarlierComments, ThreadWriter } from './thread-markers.js'

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
  /**
   * The thread is a code pull request in mode companion: its one companion progress comment, found by
   * readEarlier whichever run wrote it, is the comment this run edits.
   */
  companion?: true
}

export class Thread {
  private readonly comment: OwnComment
  /** This step's own comment from an earlier attempt, when the docs-PR comment was taken instead. */
  private ownComment: IssueComment | undefined
  private docs: DocsComment | undefined
  private companionFound: ProgressMarker | undefined
  private companionHeadRead: string | undefined
  private readonly labels: LabelUpkeep
  /** What the comment's end is told with besides the job, signed into every marker. */
  private decisions: RunDecisions = {}
  /** The attempt whose create got no answer: kept in every marker, so that no later attempt creates. */
  private unsureCreate: number | undefined
  /**
   * A write that signed `unsureCreate` may have landed, and no write without it has since: the comment
   * on GitHub may record an unanswered create.
   */
  private unsureMayBeWritten = false
  private earlierPrLink: string | undefined
  /** A create the hourly limit held back, kept on the comment for a reconcile run to send. */
  private queued: QueuedRequest | undefined
  /** The last write's marker named its comment: no copy of it verifies. */
  private named = false
  /** The comments a read of the thread has shown: none of them is one this run's create made later. */
  private readonly seen = new Set<number>()

  constructor(
    private readonly github: GitHubApi,
    readonly issueNumber: number,
    private readonly writer: ThreadWriter,
    private readonly triggerCommentId: number | undefined,
    private readonly warn: (message: string) => void,
    private readonly options: ThreadOptions = {}
  ) {
    this.docs = options.docsComment
    this.comment = new OwnComment(github, issueNumber, async (limits, sent) =>
      Boolean(await this.readComments(limits, { own: true, latest: false }, sent))
    )
    this.labels = new LabelUpkeep(github, options.workingLabel, writer, issueNumber, (what, call) =>
      this.attempt(what, call)
    )
  }

  get url(): string | undefined {
    return this.comment.url
  }

  /**
   * Set when this run's comment is the docs-PR comment: asked for, or found on the thread by
   * readEarlier (the thread is then the agent's pull request, and its job takes the follow-ups).
   */
  get docsComment(): DocsComment | undefined {
    return this.docs
  }

  /** The companion progress comment's marker, when readEarlier found one (ThreadOptions.companion). */
  get companion(): ProgressMarker | undefined {
    return this.companionFound
  }

  /**
   * The code pull request's head its companion job last got, by the companion comment readEarlier
   * found (the action's own, not a copy), whichever mode reads it: a `/docs` request's check goes there.
   */
  get companionHead(): string | undefined {
    return this.companionHeadRead
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
    const read = await this.readComments(limits, { own: rerun, companion: this.options.companion, latest: true })
    if (read?.unread) {
      const which = rerun ? "this step's comment of an earlier attempt" : "the pull request's companion comment"
      this.warn(
        `Could not read the comments of the thread on ${this.name}: it has more than a run reads ` +
          `(${commentReach()}), and ${which} is not among those.`
      )
      return undefined
    }
    if (read?.own) this.labels.foundOwn(read.own.state !== undefined)
    return read?.found
  }

  /**
   * What readEarlier finds, and this step's own marker; notes the comment this run writes. On a
   * thread longer than a run reads, what the comments read show (`unread`: a comment sought, the
   * step's own or the companion comment, may be among the others).
   */
  private async readComments(
    limits: CallLimits,
    sought: Sought,
    sent?: string
  ): Promise<{ found: EarlierComments; own: ProgressMarker | undefined; unread: boolean } | undefined> {
    const { writer, issueNumber } = this
    const pages = await this.attempt('read the comments of the thread', () =>
      this.github.listComments(issueNumber, limits, {
        enough: (read) => holdsSought(read, writer, issueNumber, sought),
        ...(!sought.own && !sought.companion && { maxPages: COMMENT_PAGES })
      })
    )
    if (!pages) return undefined
    const comments = commentsRead(pages)
    const markers = threadMarkers(comments, writer, issueNumber)
    const made = (marked: MarkedComment | undefined) => (sent === undefined ? marked : this.justMade(marked, sent))
    const [own, docs, companion] = [made(markers.own), made(markers.docs), made(markers.companion)]
    for (const { id } of comments) this.seen.add(id)
    if (isEditable(companion)) this.companionHeadRead = companion.marker.companion?.head
    // An earlier attempt's record stays; the comment this run's own unsure create made (`sent`) holds
    // only what this run has since settled.
    if (sent === undefined) this.unsureCreate ??= own?.marker.unsureCreate
    const found = earlierComments(markers, this.unsureCreate)
    // The docs-PR comment is the one this run edits, else the companion comment, else its own; only
    // one the action may edit is noted (isEditable): of a copy the words are read, and the run writes
    // a comment of its own.
    if (docs) {
      const reviewers = [...(docs.marker.reviewers ?? []), ...(this.docs?.reviewers ?? [])]
      this.docs = { origin: docs.marker.origin ?? this.docs?.origin ?? '', ...(reviewers.length > 0 && { reviewers }) }
      this.ownComment = isEditable(own) ? own.comment : undefined
      if (isEditable(docs)) this.comment.note(docs.comment)
    } else if (this.options.companion && companion) {
      this.companionFound = companion.marker
      if (isEditable(companion)) {
        this.comment.note(companion.comment)
        // This run writes that comment: the label follows it as it follows a step's own.
        this.labels.foundOwn(companion.marker.state !== undefined)
      }
    } else if (isEditable(own)) this.comment.note(own.comment)
    const unread =
      !pages.complete && ((sought.own && !isEditable(own)) || (sought.companion === true && !isEditable(companion)))
    return { found, own: docs ? undefined : own?.marker, unread }
  }

  /**
   * The comment a create with no clear answer made, as a read after it shows it: the marker sought in
   * one comment alone, with the very text sent, not among the comments read before. Its author is
   * not known yet (the create's answer would have told it), and a copy of it would make two.
   */
  private justMade(own: MarkedComment | undefined, sent: string): MarkedComment | undefined {
    if (!own?.notOurs || own.comment.body !== sent || this.seen.has(own.comment.id)) return own
    return { comment: own.comment, marker: own.marker }
  }

  /**
   * Gives up the docs-PR comment found by readEarlier, for a run that does not send its request to
   * the job that comment names (follow-up off, a job-id of its own): the comment keeps naming the
   * job that opened the pull request, and this run writes a progress comment of its own.
   */
  leaveDocsComment(): void {
    if (!this.docs) return
    this.docs = undefined
    this.comment.forget()
    if (this.ownComment) this.comment.note(this.ownComment)
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
    const waits = jobId !== undefined || this.queued !== undefined
    const working = waits && state === 'working' && !this.docs
    const text = (): string => body(this.marker(jobId, working ? state : undefined))
    const named = this.comment.id !== undefined
    const carriesUnsure = this.unsureCreate !== undefined
    const written = await this.attempt('write the progress comment', async () => {
      await this.comment.write(text(), limits)
      return true
    })
    // A failed write may still have landed: only a write without the record is known to take it off.
    this.unsureMayBeWritten = written ? carriesUnsure : this.unsureMayBeWritten || carriesUnsure
    if (!written) return false
    this.named = named
    // Every comment names itself at once (one edit after its create): a marker that names no comment
    // verifies in any comment of the thread, so a copy of it would pass for this one, and with its
    // author unknown neither may be edited (isOurs). Only a failed naming edit leaves one unnamed.
    const commentId = this.comment.id
    if (!named && commentId !== undefined) {
      const bound = await this.attempt('write the progress comment', async () => {
        await this.github.updateComment(commentId, text(), limits)
        return true
      })
      this.named = bound ?? false
    }
    // The label follows this step's comment: on while it is working, off once it is not and no other is.
    await this.labels.follow(working, this.comment.id, limits)
    return true
  }

  /**
   * Puts the working-label on before the last write in the working state, even when an earlier write
   * did (adding is idempotent: a reconcile run may have taken it off since); whether it is on. Never
   * on the docs-PR comment, nor with labels off.
   */
  async putLabel(notAfter?: number): Promise<boolean> {
    if (this.docs) return false
    return this.labels.putBeforeLastWrite(notAfter)
  }

  /**
   * Signs into every later marker that this attempt's create got no answer: a job may exist that no
   * comment names, and a re-run reads this before it creates one.
   */
  recordUnsureCreate(attempt: number): void {
    this.unsureCreate = attempt
  }

  /** Whether the comment on GitHub may record a create that got no answer, as far as this run's writes tell. */
  get mayRecordUnsureCreate(): boolean {
    return this.unsureMayBeWritten
  }

  /**
   * Takes back the record of attempt `attempt`'s create, written before the create was sent
   * (recordCreateAhead): the create got its answer, or was never sent. An earlier attempt's record stays.
   */
  settleCreate(attempt: number): void {
    if (this.unsureCreate === attempt) this.unsureCreate = undefined
  }

  /**
   * Signs into every later marker the pull request the job had opened before this run's follow-up, so
   * that a reconcile run that tells the end says the job updated it, as this run would.
   */
  recordEarlierPullRequest(prLink: string): void {
    this.earlierPrLink = prLink
  }

  /**
   * Keeps a create the hourly limit held back on the comment from now on (undefined: no longer): its
   * writes in the working state sign it `queued` and hold its prompt, for a reconcile run to send.
   */
  recordQueued(request: QueuedRequest | undefined): void {
    this.queued = request
  }

  /** Whether the comment's last write signed its own id into the marker, so that no copy of it verifies. */
  get namesItself(): boolean {
    return this.named
  }

  /** Signs into every later marker what the comment's end is told with, for a reconcile run to tell it the same. */
  signDecisions(decisions: RunDecisions): void {
    this.decisions = decisions
  }

  /** Calls `listener` with the comment's URL once it is known: now, or when a write or read finds it. */
  whenUrlKnown(listener: (url: string) => void): void {
    this.comment.whenUrlKnown(listener)
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

  private marker(jobId: string | undefined, state: 'working' | undefined): string {
    return ownMarker(this.writer, {
      threadNumber: this.issueNumber,
      jobId,
      state,
      triggerCommentId: this.triggerCommentId,
      commentId: this.comment.id,
      unsureCreate: this.unsureCreate,
      earlierPrLink: this.earlierPrLink,
      decisions: this.decisions,
      docs: this.docs,
      refusedReviewer: this.options.refusedReviewer,
      queued: this.queued
    })
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
