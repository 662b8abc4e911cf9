// The decisions of reconcile mode, as pure functions: which jobs to read, what to do about each
// progress comment that waits for its job's end, when a thread's working-label goes, and what the
// `reconciled` output says. run.ts carries them out against GitHub and the agent API.
import { type AgentJob, isTerminal } from '../agent/job.js'

/** A progress comment whose signed marker says its job's end is not reported yet. */
export interface WaitingComment {
  commentId: number
  jobId: string
}

/** A thread that carries the working-label, as the run found it; `C` may carry more about each comment. */
export interface ThreadFinding<C extends WaitingComment = WaitingComment> {
  number: number
  url: string
  /** The comments waiting for their job; empty when none verifies with this key. */
  waiting: C[]
  /** Why its comments were not read (after a warning); nothing is done there this run. */
  unreadable?: string
  /** No marker there verifies with this key: another project's or key's thread, which keeps its label. */
  unsigned?: true
  /**
   * More comments than a run reads: those waiting among the comments read are done, and the label
   * stays, since another may wait among the rest.
   */
  partlyRead?: true
  /** The comments that keep a request queued for a create (src/reconcile/queued.ts). */
  queued?: readonly { comment: { id: number } }[]
}

/** What reading a job came to. */
export type JobReading =
  | { kind: 'read'; job: AgentJob }
  /** The agent API answered 404 after the usual tries: it no longer knows the job. */
  | { kind: 'lost' }
  /** Not read this run: an error for this job, or the run stopped before it. */
  | { kind: 'unread'; why: string }

/** What to do about one waiting comment. */
export type CommentStep =
  | { kind: 'finish'; job: AgentJob }
  | { kind: 'report-lost'; jobId: string }
  | { kind: 'leave'; why: 'running' | 'unread' }

/**
 * Of one page of the labelled threads, those a run reads, in the listing's order (the last updated
 * first), each once (an update while the run pages may list one twice): a thread without comments
 * holds no progress comment, so it is passed over without a read.
 */
export function threadsToRead<T extends { number: number; comments: number | undefined }>(
  page: readonly T[],
  seen: ReadonlySet<number>
): { threads: T[]; withoutComments: number } {
  const once = page.filter(
    (thread, index) => !seen.has(thread.number) && page.findIndex((other) => other.number === thread.number) === index
  )
  const commented = once.filter((thread) => thread.comments !== 0)
  return { threads: commented, withoutComments: once.length - commented.length }
}

/** What the repository's recent comments showed of one thread: how many of its comments, and whether one is ours. */
export interface CommentTally {
  seen: number
  /** A comment there carries a marker that verifies with this key, in any state. */
  signed: boolean
  /** One of those waits for its job's end. */
  waiting: boolean
}

/** How a comment's marker reads with this key. */
export type MarkerSeen = 'none' | 'signed' | 'waiting'

/** The tally of each thread among `comments` (a comment listed twice, as paging over a changing order may, counts once). */
export function tallyComments<C extends { id: number; threadNumber: number }>(
  comments: readonly C[],
  markerOf: (comment: C) => MarkerSeen
): Map<number, CommentTally> {
  const tallies = new Map<number, CommentTally>()
  const counted = new Set<number>()
  for (const comment of comments) {
    if (counted.has(comment.id)) continue
    counted.add(comment.id)
    const tally = tallies.get(comment.threadNumber) ?? { seen: 0, signed: false, waiting: false }
    const seen = markerOf(comment)
    tallies.set(comment.threadNumber, {
      seen: tally.seen + 1,
      signed: tally.signed || seen !== 'none',
      waiting: tally.waiting || seen === 'waiting'
    })
  }
  return tallies
}

/**
 * Where a labelled thread stands by the comments seen: `ours` when one carries a marker of this key,
 * `foreign` when as many of its comments as the listing counts were seen and none does (it is
 * skipped unread, as a read would find it), else `unplaced` (read, if the run gets to it).
 */
export function standingOf(
  thread: { comments: number | undefined },
  tally: CommentTally | undefined
): 'ours' | 'foreign' | 'unplaced' {
  if (tally?.signed) return 'ours'
  return tally !== undefined && thread.comments !== undefined && tally.seen >= thread.comments ? 'foreign' : 'unplaced'
}

/**
 * Whether a thread read takes one of the run's places (MAX_THREADS): every thread but one found
 * foreign, where no marker verifies with this key. Foreign threads keep their label and may be
 * updated after ours on every run; were they counted, a hundred of them would keep a waiting
 * thread of ours from ever being read. Ours do not come back once nothing waits there: the label goes.
 */
export function takesAPlace(thread: ThreadFinding): boolean {
  return thread.unsigned === undefined
}

/** The distinct jobs the readable threads wait for, each once, in the order the threads were listed. */
export function jobsToRead(threads: readonly ThreadFinding[]): string[] {
  const ids = threads.flatMap((thread) => (thread.unreadable === undefined ? thread.waiting.map((c) => c.jobId) : []))
  return [...new Set(ids)]
}

/** A job that ended gets its end written; a lost one is said to be lost; anything else is left for the next run. */
export function stepFor(jobId: string, reading: JobReading | undefined): CommentStep {
  if (!reading || reading.kind === 'unread') return { kind: 'leave', why: 'unread' }
  if (reading.kind === 'lost') return { kind: 'report-lost', jobId }
  return isTerminal(reading.job.status) ? { kind: 'finish', job: reading.job } : { kind: 'leave', why: 'running' }
}

/** One job on one thread, once the run has done what it could. */
export interface JobOutcome {
  jobId: string
  reading: JobReading
  step: CommentStep
  /** Every comment of the job on the thread got its step's edit (false for a job left alone). */
  reported: boolean
}

/** One thread, once the run has done what it could. */
export interface ThreadOutcome {
  number: number
  url: string
  unreadable?: string
  /** No marker there verifies with this key: skipped, its label kept. */
  unsigned?: true
  jobs: JobOutcome[]
  labelRemoved: boolean
}

/** The jobs a thread waits for, each once, in the order of their comments. */
export function jobsOn(thread: ThreadFinding): string[] {
  return [...new Set(thread.waiting.map((comment) => comment.jobId))]
}

/**
 * The label goes when no comment on the thread still waits: every waiting comment got its end (or
 * its loss) written, every queued request was created or ended, or there was none among the comments of ours. A thread that could not be read
 * keeps it, for the next run, and so does one read only in part, and one where no marker verifies
 * with this key: another project (or API key) may have a job waiting there.
 */
export function labelGoes(thread: ThreadFinding, edited: ReadonlySet<number>): boolean {
  return (
    thread.unreadable === undefined &&
    thread.unsigned === undefined &&
    thread.partlyRead === undefined &&
    thread.waiting.every((comment) => edited.has(comment.commentId)) &&
    (thread.queued ?? []).every(({ comment }) => edited.has(comment.id))
  )
}

/** An entry of the `reconciled` output: a job whose end (or loss) this run wrote on its thread. */
export interface ReconciledEntry {
  thread: number
  jobId: string
  /** The job's last status, or `lost`. */
  status: string
  prLink: string | null
}

export function reconciledEntries(threads: readonly ThreadOutcome[]): ReconciledEntry[] {
  return threads.flatMap((thread) =>
    thread.jobs.flatMap((job): ReconciledEntry[] => {
      if (!job.reported) return []
      const { step } = job
      if (step.kind === 'report-lost')
        return [{ thread: thread.number, jobId: job.jobId, status: 'lost', prLink: null }]
      if (step.kind !== 'finish') return []
      return [{ thread: thread.number, jobId: job.jobId, status: step.job.status, prLink: step.job.prLink ?? null }]
    })
  )
}

/**
 * The jobs that ended with a pull request and whose end this run wrote, each once, with the first
 * thread that waited for it: the docs-PR steps (comment, reviewers, labels) follow for these.
 */
export function endedWithPullRequest(threads: readonly ThreadOutcome[]): { job: AgentJob; thread: ThreadOutcome }[] {
  const seen = new Set<string>()
  return threads.flatMap((thread) =>
    thread.jobs.flatMap(({ step, reported }) => {
      if (!reported || step.kind !== 'finish' || !step.job.prLink || seen.has(step.job.id)) return []
      seen.add(step.job.id)
      return [{ job: step.job, thread }]
    })
  )
}
