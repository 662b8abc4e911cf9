// What a companion run does at each moment of the code pull request's life, from what its companion
// progress comment remembers: one job per code pull request, created once; one follow-up per head,
// never for a head the job has seen; the companion docs pull request closed, reopened or readied with
// the code. Pure: the thread and the event are read before.
import type { CompanionMark } from '../thread/marker.js'
import type { CompanionMoment } from './event.js'
import type { SkipReason } from '../event/skip-reason.js'

/** The range of the code pull request's commits a follow-up tells the job about. */
export interface HeadRange {
  /** The last head sent to the job. */
  from: string
  /** The head now. */
  to: string
}

export type CompanionStep =
  | { kind: 'skip'; reason: SkipReason }
  /** Create the companion job with the pull request as its context. */
  | { kind: 'start' }
  /** The code pull request closed while its create waits queued: take the request off its comment. */
  | { kind: 'withdraw' }
  /**
   * The job exists (`remembered`): send it what changed (`send`, when the head moved since the last
   * one sent), and, by `act`, reopen, close or ready the companion docs pull request.
   */
  | {
      kind: 'follow'
      remembered: Remembered
      send: HeadRange | undefined
      act: 'none' | 'closed' | 'reopened' | 'merged'
    }

/** The companion progress comment's memory: its job and what it remembers of the code pull request. */
export interface Remembered {
  jobId: string
  companion: CompanionMark
}

export function decideCompanion(
  moment: CompanionMoment,
  number: number,
  headSha: string,
  remembered: Remembered | undefined,
  /**
   * The companion comment holds a create the hourly limit held back, which a reconcile run makes
   * (`queued`), or is making (`creating`).
   */
  queued?: 'queued' | 'creating'
): CompanionStep {
  // Once closed unmerged, the request no longer stands: no job may be made for it later. One a
  // reconcile run is creating already is left to it, as a job made for a closed pull request is.
  if (!remembered && queued === 'queued' && moment === 'closed') return { kind: 'withdraw' }
  if (!remembered && queued) {
    return skip({ kind: 'companion-queued', number })
  }
  if (!remembered) return withoutJob(moment, number)
  const { jobId, companion } = remembered
  const follow = (act: 'none' | 'closed' | 'reopened' | 'merged', sent: HeadRange | undefined): CompanionStep => ({
    kind: 'follow',
    remembered,
    send: sent,
    act
  })
  const send = companion.head === headSha ? undefined : { from: companion.head, to: headSha }
  switch (moment) {
    case 'closed':
      // Nothing is sent to a job whose docs are being closed: what the code did last no longer matters.
      return follow('closed', undefined)
    case 'merged':
      return follow('merged', send)
    case 'reopened':
      return follow('reopened', send)
    default:
      // A run closed the companion with its code, which is open again: the reopen's run never ran
      // (a newer event replaced it while it waited in the concurrency group).
      if (companion.closed) return follow('reopened', send)
      if (!send) {
        return skip({ kind: 'companion-head-sent', number, jobId, head: short(headSha) })
      }
      return follow('none', send)
  }
}

function withoutJob(moment: CompanionMoment, number: number): CompanionStep {
  switch (moment) {
    // A push finds no job when the run of the opening was cancelled by it (the recipe's concurrency
    // group) or failed, a review request when the lean workflow ran on no event before: the job
    // starts now, under the same checks as on opening.
    case 'opened':
    case 'reopened':
    case 'ready':
    case 'pushed':
    case 'review':
      return { kind: 'start' }
    case 'closed':
      return skip({ kind: 'companion-nothing-to-close', number })
    case 'merged':
      return skip({ kind: 'companion-merged-without-job', number })
  }
}

/** A SHA as git shortens it. */
export function short(sha: string): string {
  return sha.slice(0, 7)
}

function skip(reason: SkipReason): CompanionStep {
  return { kind: 'skip', reason }
}
