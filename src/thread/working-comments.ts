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
  const working = comments.flatMap((comment) => {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    const { jobId } = marker ?? {}
    if (!marker || marker.state !== 'working' || marker.kind !== undefined || jobId === undefined) return []
    return [{ comment, marker: { ...marker, jobId } }]
  })
  // A marker that does not name its comment (its first edit failed) verifies in any comment of the
  // thread: it is taken only when no other comment carries the same one, since with two, one is a
  // copy, and the action never edits a comment that may not be its own.
  const unbound = (marker: ProgressMarker) => (marker.commentId === undefined ? JSON.stringify(marker) : undefined)
  const count = new Map<string, number>()
  for (const { marker } of working) {
    const same = unbound(marker)
    if (same !== undefined) count.set(same, (count.get(same) ?? 0) + 1)
  }
  return working.filter(({ marker }) => (count.get(unbound(marker) ?? '') ?? 1) === 1)
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
  return comments.some((comment) => readMarker(comment.body, key, { ...place, commentId: comment.id }) !== undefined)
}
