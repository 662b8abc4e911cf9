// What a reconcile run reads of a thread: the comments that wait for their job (and whether any
// comment there is ours at all), and, just before the label would come off, whether a job was
// started there since.
import { describeGitHubError } from '../github/calls.js'
import { anySigned, type WorkingComment, workingComments } from '../github/working-comments.js'
import { jobsOn, type ThreadFinding, type WaitingComment } from './decide.js'
import type { ReconcileDeps } from './run.js'

/** A waiting comment with what the rewrite needs: the comment and its verified marker. */
export type Finding = ThreadFinding<WaitingComment & { source: WorkingComment }>

/** The thread's comments that wait for their job. */
export async function readThread(deps: ReconcileDeps, thread: { number: number; htmlUrl: string }): Promise<Finding> {
  const { github, log, clock } = deps
  const finding: Finding = { number: thread.number, url: thread.htmlUrl, waiting: [] }
  if (clock.now() >= deps.deadline) return { ...finding, unreadable: 'the "timeout" ran out before they were read' }
  try {
    const comments = await github.listComments(thread.number, github.limits())
    const place = { repository: deps.repository, threadNumber: thread.number }
    const waiting = workingComments(comments, deps.key, place).map((source) => ({
      commentId: source.comment.id,
      jobId: source.marker.jobId,
      source
    }))
    if (!anySigned(comments, deps.key, place)) {
      log.notice(
        `#${thread.number} carries the label "${deps.label}", but no progress comment there is signed with this ` +
          'API key and project-id: skipped, and the label stays. Another project or key may have a job waiting ' +
          'there; if not, take the label off by hand.'
      )
      return { ...finding, unsigned: true }
    }
    const jobIds = jobsOn({ ...finding, waiting })
    log.info(
      jobIds.length > 0
        ? `#${thread.number} waits for agent job ${jobIds.join(', ')}.`
        : `#${thread.number}: no progress comment signed with this API key waits for a job there.`
    )
    return { ...finding, waiting }
  } catch (error) {
    const why = describeGitHubError(error)
    log.warning(`Could not read the comments of #${thread.number}: ${why} The thread waits for the next run.`)
    return { ...finding, unreadable: why }
  }
}

/**
 * Whether a comment on the thread, other than those this run just finished, waits for its job now:
 * a run with wait: false may have started one there while this run read the jobs, which may take
 * minutes. Yes when the thread cannot be read again, so that the label stays for the next run.
 */
export async function startedSince(
  deps: ReconcileDeps,
  threadNumber: number,
  finished: ReadonlySet<number>,
  notAfter: number
): Promise<boolean> {
  const { github, log } = deps
  try {
    const comments = await github.listComments(threadNumber, github.lastEditLimits(notAfter))
    const place = { repository: deps.repository, threadNumber }
    const waiting = workingComments(comments, deps.key, place).filter(({ comment }) => !finished.has(comment.id))
    if (waiting.length > 0) log.info(`#${threadNumber}: a job started there meanwhile; the label stays for it.`)
    return waiting.length > 0
  } catch (error) {
    log.warning(
      `Could not read the comments of #${threadNumber} again before taking the label "${deps.label}" off: ` +
        `${describeGitHubError(error)} The label stays; the next run tries again.`
    )
    return true
  }
}
