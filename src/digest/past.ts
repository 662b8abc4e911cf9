// What the digest thread's markers say was covered (docs/design.md, "What a run in digest mode
// does"). Pure: the shell reads the comments and the jobs they name, this decides where the next
// range starts. Read from the newest digest back: the newest one that finished covering its pull
// requests is where the next range starts; the ones after it failed (their pull requests are in the
// next range) or still run (then no second job starts).
import { isDoneStatus, type RunResult } from '../job/result.js'
import { isWrittenBy, type ProgressMarker, type WorkflowStep } from '../thread/marker.js'
import type { RangeStart } from './range.js'

/** What a digest's job came to, as far as covering its PRs goes. */
export type DigestJobState = 'done' | 'failed' | 'running'

/** What the agent API's status (or 'lost': it no longer knows the job) says of a digest's job. */
export function digestJobState(status: string): DigestJobState {
  if (isDoneStatus(status)) return 'done'
  return status === 'failed' || status === 'lost' ? 'failed' : 'running'
}

/** Whether a digest's end covers its PRs, to be signed into its comment (DigestMark.done). */
export function endCovers(result: RunResult): boolean {
  return result.kind === 'finished' && isDoneStatus(result.job.status)
}

/**
 * The digests of the branch on the thread, oldest comment first, but this step's own: only a marker
 * that names the comment holding it. A copy of a marker (pasted into another comment, or an earlier
 * version of a comment shown in its edit history) names another comment or none, and is not a digest.
 */
export function digestsOf(markers: readonly ProgressMarker[], writer: WorkflowStep): ProgressMarker[] {
  return markers.filter((marker) => marker.digest && marker.commentId !== undefined && !isWrittenBy(marker, writer))
}

/** The jobs whose state decides where the next range starts: those of the digests after the newest signed done. */
export function jobsToRead(digests: readonly ProgressMarker[]): string[] {
  const jobs: string[] = []
  for (const marker of [...digests].reverse()) {
    if (marker.digest?.done) break
    if (marker.jobId !== undefined) jobs.push(marker.jobId)
  }
  return jobs
}

/** Whether the digests read hold the newest one that finished: the thread need not be read further back. */
export function holdsFinished(digests: readonly ProgressMarker[]): boolean {
  return digests.some((marker) => marker.digest?.done === true)
}

/**
 * A digest whose create the hourly limit queued on its comment: a reconcile run creates its job, so it
 * holds the next digest as a running job does (never two digest jobs, never its merges twice).
 */
export function isQueued(marker: ProgressMarker): boolean {
  return marker.state === 'queued' || marker.state === 'creating'
}

/** What the digests before a new one decide: where its range starts, or the digest whose job still runs. */
export type Memory =
  { kind: 'after'; start: RangeStart } | { kind: 'first' } | { kind: 'running'; digest: ProgressMarker }

/**
 * From the newest digest back: one whose job still runs, or whose create is queued, holds the next
 * (never two digest jobs at once); one that failed or never got a job is passed over (its pull requests fall in the next
 * range); the first that finished covering is where the next range starts: at its head commit, or
 * (written before heads were recorded) after its end instant. None: a first digest (firstStart).
 */
export function rememberDigests(
  digests: readonly ProgressMarker[],
  jobState: (jobId: string) => DigestJobState | undefined
): Memory {
  for (const marker of [...digests].reverse()) {
    const { digest, jobId } = marker
    if (!digest) continue
    const state = digest.done
      ? 'done'
      : isQueued(marker)
        ? 'running'
        : jobId === undefined
          ? 'failed'
          : (jobState(jobId) ?? 'running')
    if (state === 'running') return { kind: 'running', digest: marker }
    if (state === 'failed') continue
    const covered = digest.pulls
    return digest.head === undefined
      ? { kind: 'after', start: { kind: 'instant', at: digest.to, covered, first: false } }
      : { kind: 'after', start: { kind: 'commit', sha: digest.head, at: digest.to, covered } }
  }
  return { kind: 'first' }
}
