// What a digest run reads to know what earlier digests covered: the digest thread (named by
// issue-number, or the labelled issue whose text the action signed), its signed markers from the
// newest comment back to the last finished digest, and the states of the jobs named after it
// (docs/design.md, "What a run in digest mode does"). I/O only; past.ts decides.
import { AgentApiError } from '../agent/errors.js'
import type { GitHubApi } from '../github/api.js'
import { type CommentPages, commentsRead, type IssueComment, MAX_COMMENT_PAGES } from '../github/thread-calls.js'
import { formatMarker, isWrittenBy, type ProgressMarker, readMarker } from '../thread/marker.js'
import type { ThreadWriter } from '../thread/thread.js'
import { type DigestJobState, digestJobState, digestsOf, holdsFinished, jobsToRead } from './past.js'

/** The label of the issue digests are remembered on, when issue-number names none. */
export const DIGEST_LABEL = 'docs-agent: digest'

/** The time the digest thread's comments take to read, from the newest back: 100 pages at GitHub's pace. */
export const THREAD_READ_BUDGET_MS = 60_000

export const DIGEST_ISSUE = {
  title: 'Docs digests',
  body:
    'The docs-agent action keeps this issue: each scheduled docs digest comments here with the merged pull ' +
    'requests it covered and the agent job it started. The next digest starts at the commit the last finished ' +
    'one ended at, so keep its comments and its label in place; the action finds it by its label and a hidden ' +
    'signed line, open or closed. To start afresh, remove the label: the next digest opens a new issue and looks ' +
    'back 7 days.'
}

/** The text the digest thread was opened with before it was signed: such a thread is signed on its next use. */
export const UNSIGNED_BODY =
  'The docs-agent action keeps this issue: each scheduled docs digest comments here with the merged pull ' +
  'requests it covered and the agent job it started. The next digest starts where the covered ones end, so ' +
  'keep its comments and its label in place; the action finds it by its label, open or closed. To start afresh, ' +
  'remove the label: the next digest opens a new issue and looks back 7 days.'

/** The digest thread's signed first line: its number, so that the text copied to another issue does not verify. */
function threadMarker(writer: ThreadWriter, issueNumber: number): string {
  return formatMarker({ ...writer, threadNumber: issueNumber, kind: 'digest-thread' }, writer.key)
}

/**
 * The digest thread: of the issues carrying the label (open ones first, oldest first), the first
 * whose text starts with a marker signed for its own number. Another issue labelled later, by
 * anyone, is not it. A thread opened before threads were signed (its text is the one that version
 * wrote) is signed now and taken.
 */
export async function findDigestThread(api: GitHubApi, writer: ThreadWriter): Promise<number | undefined> {
  const issues = await api.listLabelledIssues(DIGEST_LABEL, api.limits())
  const place = { repository: writer.repository }
  const signed = issues.find(
    (issue) => readMarker(issue.body, writer.key, { ...place, threadNumber: issue.number })?.kind === 'digest-thread'
  )
  if (signed) return signed.number
  const unsigned = issues.find((issue) => issue.body === UNSIGNED_BODY)
  if (!unsigned) return undefined
  await api.editIssueBody(unsigned.number, `${threadMarker(writer, unsigned.number)}\n${UNSIGNED_BODY}`, api.limits())
  return unsigned.number
}

/**
 * Opens the digest thread and signs its text with its number; a thread that cannot be signed is
 * an error (thrown): no later digest would find it.
 */
export async function openDigestThread(api: GitHubApi, writer: ThreadWriter): Promise<number> {
  const number = await api.openIssue({ ...DIGEST_ISSUE, label: DIGEST_LABEL }, api.limits())
  await api.editIssueBody(number, `${threadMarker(writer, number)}\n${DIGEST_ISSUE.body}`, api.limits())
  return number
}

/**
 * The digests of `branch` on the thread (oldest comment first, this step's own apart), read from the
 * newest comment back until a digest signed done. `complete`: they reach back to it, or to the
 * thread's start. Unless every page was read, `digests` holds only those on the pages read from the
 * newest back: the first page's are older than the comments not read, which may hold later digests.
 * [] for a thread not yet opened.
 */
export async function readDigestMarkers(
  api: GitHubApi,
  issueNumber: number | undefined,
  writer: ThreadWriter,
  branch: string
): Promise<{ digests: ProgressMarker[]; own: ProgressMarker | undefined; complete: boolean }> {
  if (issueNumber === undefined) return { digests: [], own: undefined, complete: true }
  const place = { repository: writer.repository, threadNumber: issueNumber }
  const markersOf = (comments: readonly IssueComment[]) =>
    comments.flatMap((comment) => {
      const marker = readMarker(comment.body, writer.key, { ...place, commentId: comment.id })
      return marker?.digest?.branch === branch ? [marker] : []
    })
  const newestFinished = (read: CommentPages) => holdsFinished(digestsOf(markersOf(read.newest), writer))
  const pages = await api.listComments(issueNumber, api.limits(THREAD_READ_BUDGET_MS), {
    maxPages: MAX_COMMENT_PAGES,
    enough: newestFinished
  })
  const all = markersOf(commentsRead(pages))
  const own = all.find((marker) => marker.commentId !== undefined && isWrittenBy(marker, writer))
  const complete = pages.complete || newestFinished(pages)
  return { digests: digestsOf(pages.complete ? all : markersOf(pages.newest), writer), own, complete }
}

/**
 * The states of the jobs of the digests after the newest signed done. A job the service no longer
 * knows failed; any other failure to read one stops the run (thrown): the next run reads it again.
 */
export async function readDigestJobStates(
  digests: readonly ProgressMarker[],
  jobs: { getJob(jobId: string): Promise<{ status: string }> }
): Promise<Map<string, DigestJobState>> {
  const states = new Map<string, DigestJobState>()
  for (const jobId of jobsToRead(digests)) states.set(jobId, digestJobState(await jobStatusOrLost(jobs, jobId)))
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
