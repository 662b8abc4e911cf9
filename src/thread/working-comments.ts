// Which progress comments on a thread still wait for their job's end to be reported: the run that
// ends a job keeps the working-label while another is left, and reconcile mode finishes them.
import type { IssueComment } from '../github/api.js'
import { type MarkerKey, type MarkerPlace, type ProgressMarker, readMarker } from './marker.js'

/** A progress comment whose signed marker names a job and says its end is not reported yet. */
export interface WorkingComment {
  comment: IssueComment
  marker: ProgressMarker & { jobId: string }
}

/**
 * The comments whose marker verifies for this thread (and comment) with `key` and is in the working
 * state, from any run or step: the signature is the trust. Unsigned markers, markers signed with
 * another key or copied from elsewhere, and the comment on the agent's own pull request are not.
 */
export function workingComments(
  comments: readonly IssueComment[],
  key: MarkerKey,
  place: MarkerPlace
): WorkingComment[] {
  const progress = comments.flatMap((comment) => {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    return marker && marker.kind === undefined ? [{ comment, marker }] : []
  })
  // A marker that does not name its comment (every edit after the create failed) verifies in any
  // comment of the thread, so copies of it verify too. A copy is made from what GitHub showed, so it
  // comes after its original, and GitHub's comment ids grow in the order comments are made: of the
  // comments signed by one workflow step, the oldest is the step's own (the one it created). An
  // unbound marker is taken only there; a copy is never edited, even once its original no longer waits.
  const oldestOfStep = new Map<string, number>()
  for (const { comment, marker } of progress) {
    const step = stepOf(marker)
    oldestOfStep.set(step, Math.min(oldestOfStep.get(step) ?? comment.id, comment.id))
  }
  return progress.flatMap(({ comment, marker }) => {
    const { jobId } = marker
    if (marker.state !== 'working' || jobId === undefined) return []
    if (marker.commentId === undefined && oldestOfStep.get(stepOf(marker)) !== comment.id) return []
    return [{ comment, marker: { ...marker, jobId } }]
  })
}

/** The workflow step that signed a marker (a re-run's attempts share it, as they share its comment). */
function stepOf({ runId, workflowJob, step }: ProgressMarker): string {
  return JSON.stringify([runId, workflowJob, step])
}

/** A progress comment that keeps a request queued for a reconcile run to create (or being created). */
export interface QueuedComment {
  comment: IssueComment
  marker: ProgressMarker & { state: 'queued' | 'creating' }
}

/**
 * The comments whose marker verifies for this thread (and comment) with `key` and keeps a queued
 * request, from any run or step; one that names no comment is among them (src/job/queue.ts never
 * creates it).
 */
export function queuedComments(comments: readonly IssueComment[], key: MarkerKey, place: MarkerPlace): QueuedComment[] {
  return comments.flatMap((comment) => {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    const state = marker?.state
    if (!marker || marker.kind !== undefined || (state !== 'queued' && state !== 'creating')) return []
    return [{ comment, marker: { ...marker, state } }]
  })
}

/**
 * Whether any comment's marker verifies for this thread with `key`, in any state: a labelled thread
 * where none does is another project's (or another key's) to finish, and keeps its label.
 */
export function anySigned(comments: readonly IssueComment[], key: MarkerKey, place: MarkerPlace): boolean {
  return comments.some((comment) => isSigned(comment, key, place))
}

/** Whether the comment's marker verifies for this thread and comment with `key`, in any state. */
export function isSigned(comment: { id: number; body: string }, key: MarkerKey, place: MarkerPlace): boolean {
  return signedMarker(comment, key, place) !== undefined
}

/**
 * The comment's marker when it verifies for this thread and comment with `key` (a marker that names
 * no comment verifies in any comment: whether it is its own needs the thread, see workingComments).
 */
export function signedMarker(
  comment: { id: number; body: string },
  key: MarkerKey,
  place: MarkerPlace
): ProgressMarker | undefined {
  return readMarker(comment.body, key, { ...place, commentId: comment.id })
}
