// Which progress comments on a thread still wait for their job's end to be reported: the run that
// ends a job keeps the working-label while another is left, and reconcile mode finishes them.
import type { IssueComment } from './api.js'
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
  return comments.flatMap((comment) => {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    const { jobId } = marker ?? {}
    if (!marker || marker.state !== 'working' || marker.kind !== undefined || jobId === undefined) return []
    return [{ comment, marker: { ...marker, jobId } }]
  })
}
