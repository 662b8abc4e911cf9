// The notes a progress comment may carry under its status, each signed by name in its marker
// (thread/marker.ts) so that a reconcile run that ends the comment keeps it: why a request on a
// pull request started a job of its own, and what a companion's one job does; and a reconcile run
// reads them back from the marker.
import type { StartedBy } from '../job/result.js'
import type { ProgressMarker } from '../thread/marker.js'

/**
 * Why a request on a pull request started a job of its own: no signed comment on it named a job to
 * send it to (not the agent's pull request, or one whose comment was signed with an earlier API key).
 */
export const NEW_JOB_ON_PULL_REQUEST =
  'No comment of the docs agent on this pull request names an agent job, so this request started a new one.'

/**
 * The note of a code pull request's companion progress comment (mode companion): what the one job
 * does for the pull request, and the head it was last sent, so that a reconcile run that ends the
 * comment says it too.
 */
export const COMPANION_NOTE =
  'Companion docs: one agent job writes the docs for this pull request in a pull request of its own. Each push ' +
  'is sent to it, it is closed if this pull request is closed unmerged, and it is labelled for review when this ' +
  'one merges. The per-merge docs run and the digest leave this pull request out.'

/** The companion note with the head its job was last sent (`head`, a commit SHA). */
export function companionNote(head: string): string {
  return `${COMPANION_NOTE} The docs follow commit ${head.slice(0, 7)}, the last head sent to the job.`
}

/** The notes a progress comment may carry, by the name its marker signs (thread/marker.ts). */
export const NOTES = { 'new-job': NEW_JOB_ON_PULL_REQUEST, companion: COMPANION_NOTE } as const
export type NoteName = keyof typeof NOTES

/**
 * What started the run and the note, which a reconcile run tells a comment's end with: those its
 * marker signs, so that it writes the text the waiting run would have.
 */
export function signedEnding(marker: ProgressMarker): { startedBy?: StartedBy; note?: string } {
  return {
    ...(marker.startedBy === 'merged-pr' && { startedBy: { mergedPullRequest: marker.threadNumber } }),
    ...(marker.note && { note: noteText(marker.note, marker.companion?.head) })
  }
}

/** A note's words; the companion note names the head its comment's marker signs. */
export function noteText(note: NoteName, companionHead?: string): string {
  return note === 'companion' && companionHead !== undefined ? companionNote(companionHead) : NOTES[note]
}
