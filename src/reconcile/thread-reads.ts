// What a reconcile run reads of a thread: the comments that wait for their job (and whether any
// comment there is ours at all), and, just before the label would come off, whether a job was
// started there since.
import { commentsRead } from '../github/api.js'
import { describeGitHubError } from '../github/calls.js'
import { commentReach } from '../github/thread-calls.js'
import {
  anySigned,
  type QueuedComment,
  queuedComments,
  type WorkingComment,
  workingComments
} from '../thread/working-comments.js'
import { jobsOn, type ThreadFinding, type WaitingComment } from './decide.js'
import type { ReconcileDeps } from './deps.js'

/**
 * A thread's comments as reconcile mode reads them: every one, up to 10,000, in up to a minute, where
 * a call in run mode has 10 s. A thread flooded past that is still finished but for its label.
 */
const THREAD_READ_BUDGET_MS = 60_000

/** A waiting comment with what the rewrite needs: the comment and its verified marker. */
export type Finding = ThreadFinding<WaitingComment & { source: WorkingComment }> & {
  /** The newest comment read: a later read needs to read back only as far as it. */
  lastCommentId?: number
  /** The comments that keep a request queued for this run to create (queued.ts). */
  queued: QueuedComment[]
}

/** The thread's comments that wait for their job. */
export async function readThread(deps: ReconcileDeps, thread: { number: number; htmlUrl: string }): Promise<Finding> {
  const { github, log, clock } = deps
  const finding: Finding = { number: thread.number, url: thread.htmlUrl, waiting: [], queued: [] }
  if (clock.now() >= deps.deadline) return { ...finding, unreadable: 'the "timeout" ran out before they were read' }
  try {
    const pages = await github.listComments(thread.number, github.limits(THREAD_READ_BUDGET_MS))
    const comments = commentsRead(pages)
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
    const queued = queuedComments(comments, deps.key, place)
    const jobIds = jobsOn({ ...finding, waiting })
    log.info(
      jobIds.length > 0
        ? `#${thread.number} waits for agent job ${jobIds.join(', ')}.`
        : `#${thread.number}: no progress comment signed with this API key waits for a job there.`
    )
    if (queued.length > 0) log.info(`#${thread.number} keeps ${queued.length} request(s) queued for a create.`)
    const lastCommentId = comments.at(-1)?.id
    if (pages.complete) return { ...finding, waiting, queued, ...(lastCommentId !== undefined && { lastCommentId }) }
    log.notice(
      `#${thread.number} has more comments than a run reads (${commentReach()}): ` +
        `what waits among those is done, and the label "${deps.label}" stays, since a progress comment may wait ` +
        'among the others. Take it off by hand once none does.'
    )
    return { ...finding, waiting, queued, partlyRead: true }
  } catch (error) {
    const why = describeGitHubError(error)
    log.warning(`Could not read the comments of #${thread.number}: ${why} The thread waits for the next run.`)
    return { ...finding, unreadable: why }
  }
}

/**
 * Whether a comment on the thread, other than those this run just finished, waits for its job (or
 * keeps a queued request) now: a run with wait: false may have started one there while this run read
 * the jobs, which may take minutes. Yes when the thread cannot be read again, so that the label stays
 * (or goes back on: `label` is where it is now) for the next run.
 */
export async function startedSince(
  deps: ReconcileDeps,
  { number: threadNumber, lastCommentId }: Finding,
  finished: ReadonlySet<number>,
  notAfter: number,
  label: 'on' | 'off' = 'on'
): Promise<boolean> {
  const { github, log } = deps
  const keeps = label === 'on' ? 'the label stays' : 'the label goes back on'
  // A comment made since the first read comes after the last one it read: reading back to that one
  // is enough.
  const reachedRead = ({ newest }: { newest: readonly { id: number }[] }) =>
    newest.some((comment) => comment.id === lastCommentId)
  try {
    const pages = await github.listComments(threadNumber, github.lastEditLimits(notAfter), { enough: reachedRead })
    const place = { repository: deps.repository, threadNumber }
    const read = commentsRead(pages)
    const waiting = [...workingComments(read, deps.key, place), ...queuedComments(read, deps.key, place)].filter(
      ({ comment }) => !finished.has(comment.id)
    )
    if (waiting.length > 0) {
      log.info(`#${threadNumber}: a job started there meanwhile; ${keeps} for it.`)
      return true
    }
    if (!pages.complete && !reachedRead(pages)) {
      log.info(`#${threadNumber}: too many comments came since it was read to see them all; ${keeps}.`)
      return true
    }
    return false
  } catch (error) {
    log.warning(
      `Could not read the comments of #${threadNumber} again ${label === 'on' ? 'before' : 'after'} taking the ` +
        `label "${deps.label}" off: ${describeGitHubError(error)} ${capitalized(keeps)}; the next run tries again.`
    )
    return true
  }
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
