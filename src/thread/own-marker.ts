// The marker this step signs into its own comment: where the comment sits, which job it reports and
// whether that job's end is told yet, and what a reconcile run needs to tell that end as this run
// would. Pure: thread.ts writes it.
import { uniqueLogins } from '../base/identifier.js'
import { formatMarker, type ProgressMarker, type RunDecisions } from './marker.js'
import { promptBlock, type QueuedRequest, queuedFields } from './queued-request.js'
import type { ThreadWriter } from './thread-markers.js'

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

/** What this step's comment is at one write. */
export interface CommentAtWrite {
  threadNumber: number
  jobId: string | undefined
  /** `working`: the comment does not report the job's end yet (signed only with a job). */
  state: 'working' | undefined
  triggerCommentId: number | undefined
  /** Known from the first edit on: a create cannot know its own id. */
  commentId: number | undefined
  unsureCreate: number | undefined
  /** The pull request the job had opened before the follow-up this comment reports. */
  earlierPrLink: string | undefined
  decisions: RunDecisions
  /** Set when the comment is the agent's pull request's docs-PR comment. */
  docs: DocsComment | undefined
  /** Set when the comment is the gate's reply to a reviewer whose request was refused. */
  refusedReviewer: string | undefined
  /** A create held back by the hourly limit, waiting on the comment (signed only in the working state, with no job). */
  queued?: QueuedRequest | undefined
}

export function ownMarker(writer: ThreadWriter, comment: CommentAtWrite): string {
  const { repository, runId, workflowJob, step } = writer
  const { jobId, state, triggerCommentId, commentId, unsureCreate, decisions, docs, refusedReviewer, queued } = comment
  const marker: ProgressMarker = { repository, threadNumber: comment.threadNumber, runId, workflowJob, step }
  if (jobId) marker.jobId = jobId
  if (triggerCommentId) marker.triggerCommentId = triggerCommentId
  if (commentId !== undefined) marker.commentId = commentId
  if (jobId && state) marker.state = state
  const waitsQueued = queued !== undefined && !jobId && state !== undefined && !docs
  if (waitsQueued) Object.assign(marker, queuedFields(queued, 'queued'))
  if (unsureCreate !== undefined) marker.unsureCreate = unsureCreate
  if (comment.earlierPrLink !== undefined) marker.earlierPrLink = comment.earlierPrLink
  const { startedBy, note, ...decided } = decisions
  Object.assign(marker, startedBy && { startedBy }, note && { note })
  if (docs) {
    // The docs-PR comment is never a waiting comment: of the run's decisions it keeps the reviewers.
    marker.kind = 'docs-pr'
    if (docs.origin !== '') marker.origin = docs.origin
    const reviewers = uniqueLogins([...(docs.reviewers ?? []), ...(decisions.reviewers ?? [])])
    if (reviewers.length > 0) marker.reviewers = reviewers
  } else Object.assign(marker, decided)
  if (refusedReviewer !== undefined) Object.assign(marker, { kind: 'refused', requester: refusedReviewer })
  const signed = formatMarker(marker, writer.key)
  // The prompt follows the marker on the next line, where a reconcile run reads it back.
  return waitsQueued ? `${signed}\n${promptBlock(queued.prompt)}` : signed
}
