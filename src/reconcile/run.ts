// The story of a run in reconcile mode (on a schedule): finish the progress comments of jobs that
// runs started without waiting. List the threads with the working-label, create the requests queued
// there whose time has come (queued.ts, the one create; it never messages a job), read each job they
// wait for once (a run the agent's pull request started waits for its job: pull-request-wait.ts),
// write the end of those that ended on their comments, and take the label off threads where nothing
// waits any more. Every GitHub failure is a warning, and only an API key the agent API refuses fails
// the step. decide.ts makes the decisions.
import { AFTER_JOB_BUDGET_MS } from '../github/api.js'
import { workflowRunUrl } from '../event/run-context.js'
import { signedEnding } from '../report/notes.js'
import { describeGitHubError } from '../github/calls.js'
import { formatMarker, type ProgressMarker } from '../thread/marker.js'
import type { WorkingComment } from '../thread/working-comments.js'
import { WorkingLabel } from '../thread/working-label.js'
import { WritePace } from '../github/write-pace.js'
import { endCovers } from '../digest/past.js'
import { renderSignedComment } from '../report/digest-comment.js'
import type { ProgressState } from '../report/render.js'
import type { JobOrigin, ReconcileDeps } from './deps.js'
import type { Finding } from './thread-reads.js'
import { takeLabelOff } from './label-off.js'
import { docsCheckWriter, type DocsCheckWriter } from '../companion/docs-check.js'
import { endDocsCheck } from './docs-check.js'
import { MAX_THREADS, readLabelledThreads } from './labelled-threads.js'
import { readJobs } from './job-reads.js'
import { awaitPullRequestJob } from './pull-request-wait.js'
import type { SignalOutcome } from './pull-request-signal.js'
import { type QueuedOutcome, sendQueued } from './queued.js'
import {
  endedWithPullRequest,
  type JobReading,
  jobsOn,
  jobsToRead,
  labelGoes,
  stepFor,
  type ThreadOutcome
} from './decide.js'

export { MAX_THREADS } from './labelled-threads.js'

/** What a waiting comment gets once its job's fate is known: its end, or that the job is lost. */
type EndState = Extract<ProgressState, { kind: 'ended' | 'lost' }>

export type { DocsPullRequestSteps, JobOrigin, ReconcileDeps, ReconcileLog } from './deps.js'

export interface ReconcileReport {
  threads: ThreadOutcome[]
  more: boolean
  /** Labelled threads without comments, passed over unread. */
  passedOver: number
  /** What became of each queued request found. */
  queued: QueuedOutcome[]
  /** Why the threads could not be listed. */
  unlisted?: string
  /** Why job reads stopped before the last. */
  stoppedEarly?: string
  /** The agent API refused the key: the one failure of the step. */
  keyRefused?: string
  /** What came of the pull request event that started the run, if one did. */
  pullRequest?: SignalOutcome
}

export async function reconcileThreads(deps: ReconcileDeps): Promise<ReconcileReport> {
  const { github, log, label, clock } = deps
  const listing = await readLabelledThreads(deps)
  if (listing.unlisted !== undefined) {
    log.warning(
      `Could not list the threads labelled "${label}": ${listing.unlisted} Nothing was reconciled; the next run tries again.`
    )
    return { threads: [], more: false, passedOver: 0, queued: [], unlisted: listing.unlisted }
  }
  const { findings } = listing
  if (listing.passedOver > 0) {
    log.info(
      `${listing.passedOver} of the threads labelled "${label}" have no comments, so no progress comment ` +
        'waits there: passed over, their label left as it is.'
    )
  }
  if (findings.length === 0 && listing.passedOver === 0) {
    log.info(`No thread carries the label "${label}": nothing to reconcile.`)
  }
  if (listing.more) {
    log.info(
      `More threads carry the label "${label}": those updated last are read now (at most ${MAX_THREADS} not ` +
        'foreign), the rest next run.'
    )
  }
  // The queued requests first: a create's job is then on its thread before the label is decided.
  const checks = docsCheckWriter(github, log.warning)
  const queued = await sendQueued(deps, findings, checks)
  const reads = await readJobs(deps, jobsToRead(findings))
  const awaited = await awaitPullRequestJob(deps, reads)
  const { readings, stoppedEarly, keyRefused = queued.keyRefused, pullRequest } = awaited
  // Edits come after the reads, which the "timeout" bounds; they get the time a run in run mode has
  // for GitHub once its job ended.
  const notAfter = Math.max(deps.deadline, clock.now()) + AFTER_JOB_BUDGET_MS
  const workingLabel = new WorkingLabel(github, label, log.warning)
  // At GitHub's pace for writes: finishing a hundred threads is two hundred of them.
  const pace = new WritePace(clock)
  const threads: ThreadOutcome[] = []
  for (const finding of findings) {
    const writers = { label: workingLabel, pace, checks }
    threads.push(await settleThread(deps, finding, readings, writers, notAfter, queued.ended))
  }
  if (clock.now() >= notAfter || pace.refused > 0)
    log.warning(
      'The "timeout" ran out before every comment was written (GitHub allows about 80 writes a minute); ' +
        'the rest wait for the next run.'
    )
  for (const { job, thread } of endedWithPullRequest(threads)) {
    // The first comment that waited for the job tells where it was asked for.
    const first = findings.flatMap((finding) => finding.waiting).find((comment) => comment.jobId === job.id)
    if (!first) continue
    try {
      await deps.docsPullRequest.followThrough(job, originOf(deps, thread, first.source))
    } catch (error) {
      log.warning(
        `Could not do the docs pull request steps for agent job ${job.id} (#${thread.number}): ${describeGitHubError(error)}`
      )
    }
  }
  return {
    threads,
    more: listing.more,
    passedOver: listing.passedOver,
    queued: queued.outcomes,
    ...(stoppedEarly && { stoppedEarly }),
    ...(keyRefused && { keyRefused }),
    ...(pullRequest && { pullRequest })
  }
}

/** Writes what each waiting comment gets, then takes the label off when nothing waits any more. */
async function settleThread(
  deps: ReconcileDeps,
  finding: Finding,
  readings: ReadonlyMap<string, JobReading>,
  { label, pace, checks }: { label: WorkingLabel; pace: WritePace; checks: DocsCheckWriter },
  notAfter: number,
  /** The queued requests this run ended without a job. */
  queuedEnded: ReadonlySet<number>
): Promise<ThreadOutcome> {
  const { number, url, unreadable, unsigned } = finding
  if (unreadable !== undefined) return { number, url, unreadable, jobs: [], labelRemoved: false }
  if (unsigned) return { number, url, unsigned, jobs: [], labelRemoved: false }
  const { clock } = deps
  const readingOf = (jobId: string): JobReading =>
    readings.get(jobId) ?? { kind: 'unread', why: 'the run stopped before reading it' }
  const edited = new Set<number>(queuedEnded)
  for (const { commentId, jobId, source } of finding.waiting) {
    const step = stepFor(jobId, readingOf(jobId))
    if (step.kind === 'leave' || !(await pace.turn(notAfter))) continue
    // The pull request the job had opened before the comment's follow-up: its end then tells an update.
    const { earlierPrLink } = source.marker
    const state: EndState =
      step.kind === 'finish'
        ? { kind: 'ended', result: { kind: 'finished', job: step.job, ...(earlierPrLink && { earlierPrLink }) } }
        : { kind: 'lost', jobId }
    if (!(await writeEnd(deps, number, source, state, notAfter, pace))) continue
    edited.add(commentId)
    await endDocsCheck(checks, source, state, deps.serverUrl, notAfter)
  }
  const jobs = jobsOn(finding).map((jobId) => {
    const reading = readingOf(jobId)
    const step = stepFor(jobId, reading)
    const comments = finding.waiting.filter((comment) => comment.jobId === jobId)
    return { jobId, reading, step, reported: step.kind !== 'leave' && comments.every((c) => edited.has(c.commentId)) }
  })
  const labelRemoved =
    labelGoes(finding, edited) &&
    clock.now() < notAfter &&
    (await pace.turn(notAfter)) &&
    (await takeLabelOff(deps, finding, edited, label, notAfter))
  if (labelRemoved) deps.log.info(`#${number}: nothing waits there any more; label "${deps.label}" removed.`)
  return { number, url, jobs, labelRemoved }
}

/** Edits the comment to show the job's end (or loss); false after a warning when GitHub did not take it. */
async function writeEnd(
  deps: ReconcileDeps,
  threadNumber: number,
  source: WorkingComment,
  state: EndState,
  notAfter: number,
  pace: WritePace
): Promise<boolean> {
  const { github, log } = deps
  const jobId = source.marker.jobId
  const what = state.kind === 'lost' ? 'that it is lost' : 'its end'
  const limits = github.lastEditLimits(notAfter)
  try {
    // The action writes only into its own comments: a waiting comment none of which is (its
    // original gone, only copies left) is finished by a comment of this run's own.
    if (source.orphan) {
      await github.createComment(threadNumber, rewrite(deps, source, state), limits)
      log.info(
        `#${threadNumber}: the progress comment of agent job ${jobId} is not the action's to edit (its marker names ` +
          `no comment, and no comment there of the action's token carries it); a new comment shows ${what}.`
      )
      return true
    }
    await github.updateComment(source.comment.id, rewrite(deps, source, state), limits)
    log.info(`#${threadNumber}: the progress comment of agent job ${jobId} now shows ${what}.`)
    return true
  } catch (error) {
    pace.failed(error)
    log.warning(
      `Could not write the end of agent job ${jobId} on #${threadNumber}: ${describeGitHubError(error)} The next run tries again.`
    )
    return false
  }
}

/**
 * Where the job was asked for, by whom, and what the run that started it decided for the agent's
 * pull request, as the waiting comment's marker signs them.
 */
function originOf(deps: ReconcileDeps, thread: { number: number; url: string }, { marker }: WorkingComment): JobOrigin {
  const trigger = marker.triggerCommentId
  const { request, requester, phrase, reviewers, labels, companion } = marker
  return {
    ...(companion && { companion }),
    thread: thread.number,
    requestUrl: request ?? (trigger === undefined ? thread.url : `${thread.url}#issuecomment-${trigger}`),
    runUrl: workflowRunUrl(deps.serverUrl, deps.repository, marker.runId),
    ...(requester !== undefined && { requester }),
    ...(phrase !== undefined &&
      reviewers !== undefined &&
      labels !== undefined && { decided: { triggerPhrase: phrase, reviewers, labels } })
  }
}

/**
 * The comment as the waiting path would have ended it: the same text, the link to the run that
 * started the job, and the marker of the step that wrote it, signed for this comment (or for none, in
 * a new comment) and no longer working (for a lost job, naming no job, so that a later request on the thread does not go to it).
 */
function rewrite(deps: ReconcileDeps, { comment, marker, orphan }: WorkingComment, state: EndState): string {
  const ended: ProgressMarker = { ...marker, commentId: comment.id }
  // A new comment's id is not known before it is made; its marker settles the step all the same.
  if (orphan) delete ended.commentId
  delete ended.state
  if (state.kind === 'lost') delete ended.jobId
  if (marker.digest && state.kind === 'ended' && endCovers(state.result))
    ended.digest = { ...marker.digest, done: true }
  const runUrl = workflowRunUrl(deps.serverUrl, deps.repository, marker.runId)
  const { startedBy, note } = signedEnding(marker)
  const shown = state.kind === 'ended' && startedBy ? { ...state, startedBy } : state
  return renderSignedComment(formatMarker(ended, deps.key), shown, runUrl, deps, marker, note)
}
