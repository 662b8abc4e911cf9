// What a run came to, as the job steps make it and every reporter reads it: the results, and the
// few facts each reporter asks of one. The words each result is told in are report/outcome.ts's.
import { type AgentJob, isTerminal } from '../agent/job.js'
import { samePullRequest } from '../github/pull-request-link.js'

export type RunResult =
  | { kind: 'skipped'; reason: string }
  /** `wait: false`: the create or send call returned, or the joined job was read once. */
  | { kind: 'started'; job: AgentJob; how: StartedHow }
  /** `earlierPrLink`: the pull request the job had opened before this run's follow-up, when it was seen. */
  | { kind: 'finished'; job: AgentJob; earlierPrLink?: string }
  /**
   * `waitedMs` is how long the run really waited: less than `timeoutMs` when the next try would not have fit in it.
   * `notTheJob`: what the last read got when the service answered without the job's record.
   */
  | {
      kind: 'timed-out'
      jobId: string
      job: AgentJob | undefined
      waitedMs: number
      timeoutMs: number
      notTheJob?: string
    }
  /** `unsent`: the workflow was cancelled before the follow-up message went out: the job got nothing. */
  | { kind: 'cancelled'; jobId: string; job: AgentJob | undefined; unsent?: true }
  /**
   * `unsureCreate`: the create got no answer, so a job may exist that nothing names (see UnsureCreate).
   * `unsureMessage`: the follow-up message was sent and got no answer: the job may or may not have it.
   * `heldBack`: a create the hourly limit (429) held back past the deadline; `retryAt` is the instant
   * its Retry-After gave (clock ms), undefined when it gave none. Nothing was created.
   */
  | {
      kind: 'error'
      jobId: string | undefined
      job: AgentJob | undefined
      message: string
      unsureCreate?: UnsureCreate
      unsureMessage?: true
      heldBack?: { retryAt: number | undefined }
    }
  /**
   * A create the hourly limit held back, recorded on the thread's progress comment (src/job/queue.ts)
   * for a reconcile run to send from `retryAt` (undefined: its next run). No job exists yet.
   */
  | { kind: 'queued'; retryAt: number | undefined }

/**
 * A create that may have made a job no answer named: `recorded` once this run's progress comment
 * records it (its marker), so that a re-run of the workflow run asks for job-id instead of creating
 * another; `unrecorded` without a comment, when nothing an attempt leaves reaches the next;
 * `unwritten` when GitHub refused the comment that was to record it (a later edit may still land).
 */
export type UnsureCreate = 'recorded' | 'unrecorded' | 'unwritten'

/** What the run did to the job before it stopped waiting (or never waited). */
export type StartedHow = 'created' | 'messaged' | 'joined'

/**
 * Where people with access to the docs project see its agent jobs. The API has no per-job page and
 * no failure reason, so this is as close as a message can point.
 */
export const DASHBOARD_URL = 'https://app.mintlify.com'

/** What started the run, where the thread's words depend on it. */
export interface StartedBy {
  /** The merge of this pull request started the run: its thread is where the comment goes. */
  mergedPullRequest?: number
  /** A digest's comment: its pull requests go to the next digest when its job fails. */
  digest?: boolean
}

/**
 * Whether the result leaves work for a run in reconcile mode: its job running with its end unreported
 * (started and not waited for, a wait that stopped, an error while the job was last seen at work), or
 * a request queued for it to send. The progress comment then stays in the working state (its marker
 * says so) and the thread keeps the working-label.
 */
export function leavesWorkForReconcile(result: RunResult): boolean {
  switch (result.kind) {
    case 'started':
    case 'timed-out':
    case 'cancelled':
    case 'queued':
      return true
    case 'error':
      return result.job !== undefined && !isTerminal(result.job.status)
    default:
      return false
  }
}

/** The job id a result refers to, when one was obtained. */
export function jobIdOf(result: RunResult): string | undefined {
  switch (result.kind) {
    case 'skipped':
    case 'queued':
      return undefined
    case 'started':
    case 'finished':
      return result.job.id
    default:
      return result.jobId
  }
}

/**
 * The `status` output: the last job status seen, `skipped`, `queued` for a request left for a
 * reconcile run to create, or undefined when no job was read.
 */
export function statusOutputOf(result: RunResult): string | undefined {
  if (result.kind === 'skipped' || result.kind === 'queued') return result.kind
  return result.job?.status
}

/**
 * Whether the job's pull request is the one it opened before this run's follow-up: the job then
 * updated it rather than opened one.
 */
export function updatedPullRequest(result: RunResult): boolean {
  if (result.kind !== 'finished' || !result.job.prLink || !result.earlierPrLink) return false
  return samePullRequest(result.job.prLink, result.earlierPrLink)
}

/** The `pr-new` output: whether the pull request is new (`true`/`false`), empty without one. */
export function prNewOutputOf(result: RunResult): string {
  if (!jobOf(result)?.prLink) return ''
  return updatedPullRequest(result) ? 'false' : 'true'
}

/** The last job record a result saw, when one was seen. */
export function jobOf(result: RunResult): AgentJob | undefined {
  return result.kind === 'skipped' || result.kind === 'queued' ? undefined : result.job
}

/**
 * Whether a run's job stands for the work it was given: it exists and did not fail (it may still be
 * at work). A digest's pull requests are covered by such a job (src/digest/past.ts reads a thread so).
 */
export function jobStands(result: RunResult): boolean {
  return jobIdOf(result) !== undefined && jobOf(result)?.status !== 'failed'
}

/** A job status that ends the work done, so that nothing need read the job again: completed or archived. */
export function isDoneStatus(status: string): boolean {
  return status === 'completed' || status === 'archived'
}
