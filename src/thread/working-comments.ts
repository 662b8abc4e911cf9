// Which progress comments on a thread still wait for their job's end to be reported: the run that
// ends a job keeps the working-label while another is left, and reconcile mode finishes them.
import type { IssueComment } from '../github/api.js'
import { type MarkerKey, type MarkerPlace, type ProgressMarker, readMarker } from './marker.js'

/** A progress comment whose marker `M` waits for a reconcile run, and which one to write. */
export interface WaitingOn<M extends ProgressMarker> {
  /** The comment whose marker waits: the step's own, or (when `orphan`) the oldest copy of it. */
  comment: IssueComment
  marker: M
  /**
   * No comment that carries this marker is the action's to edit (its marker names no comment, and
   * none was written by a token that writes the action's comments): its end goes in a new comment.
   */
  orphan?: true
}

/** A progress comment whose signed marker names a job and says its end is not reported yet. */
export type WorkingComment = WaitingOn<ProgressMarker & { jobId: string }>

/** A progress comment that keeps a request queued for a reconcile run to create (or being created). */
export type QueuedComment = WaitingOn<ProgressMarker & { state: 'queued' | 'creating' }>

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
  return waitingOn(comments, key, place, (marker) => {
    const { jobId } = marker
    return marker.state === 'working' && jobId !== undefined ? { ...marker, jobId } : undefined
  })
}

/**
 * The comments whose marker verifies for this thread (and comment) with `key` and keeps a queued
 * request, from any run or step; one that names no comment is among them (src/job/queue.ts never
 * creates it, but ends it saying why).
 */
export function queuedComments(comments: readonly IssueComment[], key: MarkerKey, place: MarkerPlace): QueuedComment[] {
  return waitingOn(comments, key, place, (marker) => {
    const { state } = marker
    return state === 'queued' || state === 'creating' ? { ...marker, state } : undefined
  })
}

/**
 * The progress comments whose marker `waits` (gives it back), each step's once. A marker that does
 * not name its comment (every edit after the create failed) verifies in any comment of the thread,
 * so copies of it verify too, in anyone's comment, posted before or after the original (a comment
 * edited to hold it later). Only a comment whose author writes the action's comments (see
 * ownAuthors) is the step's own, the oldest if more; when there is none (the original was deleted,
 * or no comment shows whose token writes them), the end goes in a new comment (`orphan`). A step is
 * settled once any comment carries its marker naming its comment or no longer waiting: the action
 * wrote that after the unbound one, so those are copies or past.
 */
function waitingOn<M extends ProgressMarker>(
  comments: readonly IssueComment[],
  key: MarkerKey,
  place: MarkerPlace,
  waits: (marker: ProgressMarker) => M | undefined
): WaitingOn<M>[] {
  const progress = signedComments(comments, key, place).filter(({ marker }) => marker.kind === undefined)
  const settled = new Set(
    progress.filter(({ marker }) => marker.commentId !== undefined || waits(marker) === undefined).map(stepOf)
  )
  const authors = ownAuthors(comments, key, place)
  const bound: WaitingOn<M>[] = []
  const unbound = new Map<string, WaitingOn<M>>()
  for (const { comment, marker } of progress) {
    const waiting = waits(marker)
    if (waiting === undefined) continue
    if (marker.commentId !== undefined) {
      bound.push({ comment, marker: waiting })
      continue
    }
    const step = stepOf({ marker })
    if (settled.has(step)) continue
    const own = isOurs({ comment, marker }, authors)
    const taken = unbound.get(step)
    if (taken === undefined || (taken.orphan && own)) {
      unbound.set(step, { comment, marker: waiting, ...(!own && { orphan: true as const }) })
    }
  }
  return [...bound, ...unbound.values()].sort((a, b) => a.comment.id - b.comment.id)
}

/**
 * Who writes the action's comments here: the authors of the comments whose marker verifies and names
 * the comment it is in. Only a run holding the key signs a comment's id into it, and it does so only
 * into a comment isOurs allows (or one it just created), so an outsider's comment is never among
 * them, whatever it copies.
 */
export function ownAuthors(comments: readonly IssueComment[], key: MarkerKey, place: MarkerPlace): Set<string> {
  return new Set(
    signedComments(comments, key, place).flatMap(({ comment, marker }) =>
      marker.commentId !== undefined && comment.author !== undefined ? [comment.author] : []
    )
  )
}

/**
 * The one rule for which comment carrying a verified marker the action may edit (a re-run, reconcile,
 * the docs-PR and companion comments alike): its marker names it, or its author is one of `authors`
 * (ownAuthors). Whoever else wrote it, it is a copy, however alone: its words are the action's and
 * may be read, but what the action writes next goes in a new comment of its own.
 */
export function isOurs(
  { comment, marker }: { comment: IssueComment; marker: ProgressMarker },
  authors: ReadonlySet<string>
): boolean {
  return marker.commentId !== undefined || (comment.author !== undefined && authors.has(comment.author))
}

function signedComments(
  comments: readonly IssueComment[],
  key: MarkerKey,
  place: MarkerPlace
): { comment: IssueComment; marker: ProgressMarker }[] {
  return comments.flatMap((comment) => {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    return marker ? [{ comment, marker }] : []
  })
}

/** The workflow step that signed a marker (a re-run's attempts share it, as they share its comment). */
function stepOf({ marker: { runId, workflowJob, step } }: { marker: ProgressMarker }): string {
  return JSON.stringify([runId, workflowJob, step])
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
