// What the digest thread's markers say was covered (docs/design.md, "What a run in digest mode
// does"). Pure: the shell reads the comments and the jobs they name, this decides which count.
import { isDoneStatus, type RunResult } from '../job/result.js'
import { isWrittenBy, type ProgressMarker, type WorkflowStep } from '../thread/marker.js'
import type { PastDigest } from './range.js'

/** The newest digests whose jobs a run reads; older ones count (see jobsToRead). */
export const DIGEST_JOBS_READ = 10

/** What a digest's job came to, as far as covering its PRs goes. */
export type DigestJobState = 'failed' | 'lost' | 'covering'

/**
 * The jobs of the newest DIGEST_JOBS_READ digests, newest first, but for those whose comment was
 * signed done. An older digest that failed was known failed by a digest after it, whose range then
 * started where the failed one started.
 */
export function jobsToRead(markers: readonly ProgressMarker[], writer: WorkflowStep): string[] {
  const digests = markers.filter((marker) => marker.digest && !isWrittenBy(marker, writer))
  return digests
    .slice(-DIGEST_JOBS_READ)
    .reverse()
    .flatMap((marker) => (marker.jobId === undefined || marker.digest?.done ? [] : [marker.jobId]))
}

/** Whether a digest's end covers its PRs, to be signed into its comment (DigestMark.done). */
export function endCovers(result: RunResult): boolean {
  return result.kind === 'finished' && isDoneStatus(result.job.status)
}

/**
 * The digests the markers record, oldest comment first, and this step's own from an earlier
 * attempt. A digest counts when it names a job that did not fail and is not lost: one without a job
 * (the create failed, the budget was spent, the run was cancelled first) leaves its PRs to the next.
 */
export function pastDigests(
  markers: readonly ProgressMarker[],
  writer: WorkflowStep,
  jobState: (jobId: string) => DigestJobState | undefined
): { past: PastDigest[]; own: PastDigest | undefined } {
  const past: PastDigest[] = []
  let own: PastDigest | undefined
  for (const marker of markers) {
    const { digest, jobId } = marker
    if (!digest) continue
    const state = digest.done ? 'covering' : jobId === undefined ? 'failed' : (jobState(jobId) ?? 'covering')
    const recorded = { range: { from: digest.from, to: digest.to }, pulls: digest.pulls, counts: state === 'covering' }
    if (isWrittenBy(marker, writer)) own = recorded
    else past.push(recorded)
  }
  return { past, own }
}
