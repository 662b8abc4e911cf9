// What a digest run reads to know what earlier digests covered: the digest thread (named by
// issue-number, or found by its label), its signed markers, and the states of the jobs the newest of
// them name (docs/design.md, "What a run in digest mode does"). I/O only; past.ts decides.
import { AgentApiError } from '../agent/errors.js'
import { log } from '../base/log.js'
import type { GitHubApi } from '../github/api.js'
import { commentsRead } from '../github/thread-calls.js'
import type { ProgressMarker } from '../thread/marker.js'
import { readMarker } from '../thread/marker.js'
import type { ThreadWriter } from '../thread/thread.js'
import { type DigestJobState, jobsToRead } from './past.js'

/** The label of the issue digests are remembered on, when issue-number names none. */
export const DIGEST_LABEL = 'docs-agent: digest'

export const DIGEST_ISSUE = {
  title: 'Docs digests',
  body:
    'The docs-agent action keeps this issue: each scheduled docs digest comments here with the merged pull ' +
    'requests it covered and the agent job it started. The next digest starts where the covered ones end, so ' +
    'keep its comments and its label in place; the action finds it by its label, open or closed. To start afresh, ' +
    'remove the label: the next digest opens a new issue and looks back 7 days.'
}

/** The markers on the thread of the digests of `branch`, oldest comment first; [] for a thread not yet opened. */
export async function readDigestMarkers(
  api: GitHubApi,
  issueNumber: number | undefined,
  writer: ThreadWriter,
  branch: string
): Promise<ProgressMarker[]> {
  if (issueNumber === undefined) return []
  const pages = await api.listComments(issueNumber, api.limits())
  if (!pages.complete) {
    log.warning(
      `The digest thread #${issueNumber} has more comments than a run reads; digests recorded in the comments ` +
        `not read are not known to this run. To start afresh, remove the label "${DIGEST_LABEL}" from it: the next ` +
        'digest opens a new thread and looks back 7 days.'
    )
  }
  const place = { repository: writer.repository, threadNumber: issueNumber }
  return commentsRead(pages).flatMap((comment) => {
    const marker = readMarker(comment.body, writer.key, { ...place, commentId: comment.id })
    return marker?.digest?.branch === branch ? [marker] : []
  })
}

/**
 * The states of the jobs the newest digests name. A job the service no longer knows is lost; any
 * other failure to read one stops the run (thrown): the next run reads it again.
 */
export async function readDigestJobStates(
  markers: readonly ProgressMarker[],
  writer: ThreadWriter,
  jobs: { getJob(jobId: string): Promise<{ status: string }> }
): Promise<Map<string, DigestJobState>> {
  const states = new Map<string, DigestJobState>()
  for (const jobId of jobsToRead(markers, writer)) {
    const status = await jobStatusOrLost(jobs, jobId)
    states.set(jobId, status === 'lost' || status === 'failed' ? status : 'covering')
  }
  return states
}

/** A job's status, or 'lost' when the agent API no longer knows it; any other failure to read it is thrown. */
export async function jobStatusOrLost(
  jobs: { getJob(jobId: string): Promise<{ status: string }> },
  jobId: string
): Promise<string> {
  try {
    return (await jobs.getJob(jobId)).status
  } catch (error) {
    if (!(error instanceof AgentApiError) || error.reason !== 'not-found') throw error
    return 'lost'
  }
}
