// A reconcile run's one create: the requests the agent API's hourly limit held back, queued on their
// progress comments (src/job/queue.ts decides). One whose time has come is marked `creating` on its
// comment, then created, then the comment names its job (working, as a wait: false comment) and the
// run carries on as for any waiting thread. Never two jobs for one request: a comment left `creating`
// (a run stopped between its create and its edit) is never created again but ended, saying a job
// may exist; a refusal (429 again) queues it again with the new time; a 400 ends it with the error.
import { AgentApiError } from '../agent/errors.js'
import type { AgentJob } from '../agent/job.js'
import { formatInstant } from '../base/duration.js'
import { signedEnding } from '../report/notes.js'
import { COMPANION_LABEL } from '../event/labels.js'
import type { DocsCheckWriter } from '../companion/docs-check.js'
import { failDocsCheck } from './docs-check.js'
import { workflowRunUrl } from '../event/run-context.js'
import { AFTER_JOB_BUDGET_MS } from '../github/api.js'
import { describeGitHubError } from '../github/calls.js'
import { decideQueued, type QueuedEnd, retryInstant } from '../job/queue.js'
import { renderSignedComment } from '../report/digest-comment.js'
import type { ProgressState } from '../report/render.js'
import { formatMarker, type ProgressMarker } from '../thread/marker.js'
import { promptBlock, readQueuedPrompt } from '../thread/queued-request.js'
import type { QueuedComment } from '../thread/working-comments.js'
import type { ReconcileDeps } from './deps.js'
import type { Finding } from './thread-reads.js'

/** What became of one queued request in this run. */
export type QueuedOutcome = { thread: number; url: string; commentId: number } & (
  | { kind: 'created'; jobId: string; recorded: boolean }
  | { kind: 'waiting'; retryAt: number | undefined; why?: string }
  | { kind: 'ended'; why: string }
)

export interface QueuedSent {
  outcomes: QueuedOutcome[]
  /**
   * The comments ended without a job: nothing waits there any more. A created one waits for its job,
   * and keeps the label like any waiting comment.
   */
  ended: Set<number>
  /** The agent API refused the key: no create after it was tried. */
  keyRefused?: string
}

/** Sends (or ends, or leaves) every queued request the readable threads keep, in the order they were listed. */
export async function sendQueued(
  deps: ReconcileDeps,
  findings: readonly Finding[],
  checks: DocsCheckWriter
): Promise<QueuedSent> {
  const sent: QueuedSent = { outcomes: [], ended: new Set() }
  const notAfter = Math.max(deps.deadline, deps.clock.now()) + AFTER_JOB_BUDGET_MS
  for (const finding of findings) {
    if (finding.unreadable !== undefined || finding.unsigned) continue
    for (const source of finding.queued) {
      const at = { thread: finding.number, url: finding.url, commentId: source.comment.id }
      const outcome = await settleQueued(deps, source, sent, notAfter)
      if (outcome.kind === 'ended') {
        sent.ended.add(at.commentId)
        if (source.marker.note === 'companion') {
          await releaseCodePullRequest(deps, finding.number)
          await failDocsCheck(checks, source, outcome.why, notAfter)
        }
      }
      sent.outcomes.push({ ...at, ...outcome })
    }
  }
  return sent
}

/**
 * A companion create that ended without a job leaves its code pull request without docs: the label
 * that keeps the per-merge run and the digest away comes off, so that one of them documents it.
 */
async function releaseCodePullRequest(deps: ReconcileDeps, number: number): Promise<void> {
  try {
    await deps.github.removeLabel(number, COMPANION_LABEL, deps.github.limits())
  } catch (error) {
    deps.log.warning(
      `Could not take the label "${COMPANION_LABEL}" off #${number}, whose companion docs job was never created: ` +
        `${describeGitHubError(error)} While it is on, no per-merge run or digest documents #${number}: take it off by hand.`
    )
  }
}

type Settled = DistributiveOmit<QueuedOutcome, 'thread' | 'url' | 'commentId'>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

async function settleQueued(
  deps: ReconcileDeps,
  source: QueuedComment,
  sent: QueuedSent,
  notAfter: number
): Promise<Settled> {
  const { log, clock } = deps
  const { marker, comment } = source
  const where = `#${marker.threadNumber}`
  const step = decideQueued(marker, readQueuedPrompt(comment.body, marker.promptDigest), clock.now())
  if (step.kind === 'wait') {
    log.info(`${where}: a request queued there waits until ${formatInstant(step.retryAt)}; the label stays.`)
    return { kind: 'waiting', retryAt: step.retryAt }
  }
  if (step.kind === 'end') return endQueued(deps, source, step.why, notAfter)
  const retryAt = marker.retryAt
  if (sent.keyRefused !== undefined || clock.now() >= deps.deadline) {
    return { kind: 'waiting', retryAt, why: 'the run stopped creating before this one' }
  }
  // Marked before the create: a run stopped after it leaves `creating`, which no run creates again.
  const creating: ProgressMarker = { ...marker, state: 'creating', commentId: comment.id }
  if (!(await edit(deps, source, formatMarker(creating, deps.key), { kind: 'creating' }, notAfter))) {
    return { kind: 'waiting', retryAt, why: 'its comment could not be marked before the create' }
  }
  let job: AgentJob
  try {
    job = await deps.jobs.createJob(step.prompt)
  } catch (error) {
    if (!(error instanceof AgentApiError)) throw error
    return createRefused(deps, source, step.prompt, error, sent, notAfter)
  }
  log.info(`${where}: created agent job ${job.id} for the request queued there.`)
  const working: ProgressMarker = { ...withoutQueue(marker, comment.id), jobId: job.id, state: 'working' }
  const state = { kind: 'working', jobId: job.id, followUp: false } as const
  const recorded = await edit(deps, source, formatMarker(working, deps.key), state, notAfter)
  if (!recorded) {
    log.warning(
      `${where}: agent job ${job.id} was created for the request queued there, but its comment could not name it; ` +
        `the next reconcile run says there that a job may exist. To follow it, run the action with job-id: ${job.id}.`
    )
  }
  return { kind: 'created', jobId: job.id, recorded }
}

/** A create the agent API refused: queued again when nothing was made and it may be tried later, else ended. */
async function createRefused(
  deps: ReconcileDeps,
  source: QueuedComment,
  prompt: string,
  error: AgentApiError,
  sent: QueuedSent,
  notAfter: number
): Promise<Settled> {
  const { marker, comment } = source
  const where = `#${marker.threadNumber}`
  const final = error.jobMayExist || (error.reason === 'rejected' && error.status === 400)
  if (final) {
    const ended: ProgressMarker = withoutQueue(marker, comment.id)
    const result = { kind: 'error', jobId: undefined, job: undefined, message: error.message } as const
    const { startedBy } = signedEnding(marker)
    const state: ProgressState = { kind: 'ended', result, ...(startedBy && { startedBy }) }
    await edit(deps, source, formatMarker(ended, deps.key), state, notAfter)
    deps.log.warning(`${where}: the request queued there was not created: ${error.message}`)
    return { kind: 'ended', why: error.message }
  }
  if (error.reason === 'rejected' && (error.status === 401 || error.status === 403)) sent.keyRefused = error.message
  const heldBack = error.reason === 'rate-limited-past-deadline'
  const retryAt = heldBack ? retryInstant(deps.clock.now(), error.retryAfterMs) : marker.retryAt
  const queued: ProgressMarker = { ...marker, state: 'queued', commentId: comment.id }
  delete queued.retryAt
  if (retryAt !== undefined) queued.retryAt = retryAt
  const result = { kind: 'queued', retryAt } as const
  const again = await edit(
    deps,
    source,
    `${formatMarker(queued, deps.key)}\n${promptBlock(prompt)}`,
    {
      kind: 'ended',
      result
    },
    notAfter
  )
  deps.log.warning(
    `${where}: the request queued there was not created (${error.message}); ` +
      (again
        ? 'it stays queued for a later reconcile run.'
        : 'its comment could not be queued again, so the next reconcile run says there that a job may exist, though none was made.')
  )
  return { kind: 'waiting', retryAt, why: error.message }
}

/** Ends a queued request that must not be created, saying why on its comment. */
async function endQueued(
  deps: ReconcileDeps,
  source: QueuedComment,
  why: QueuedEnd,
  notAfter: number
): Promise<Settled> {
  const { marker, comment } = source
  const { startedBy } = signedEnding(marker)
  const state: ProgressState = { kind: 'queue-ended', why, ...(startedBy && { startedBy }) }
  // A new comment's id is not known before it is made; its marker settles the request all the same.
  const signed = formatMarker(withoutQueue(marker, source.orphan ? undefined : comment.id), deps.key)
  const ended = await edit(deps, source, signed, state, notAfter)
  const words = NOT_CREATED[why]
  deps.log.warning(`#${marker.threadNumber}: a request queued there is not created: ${words}.`)
  return ended
    ? { kind: 'ended', why: words }
    : { kind: 'waiting', retryAt: marker.retryAt, why: 'its comment could not be edited' }
}

/** Why a queued request is not created, as the log and the summary say it (its comment says more). */
const NOT_CREATED: Record<QueuedEnd, string> = {
  'create-unrecorded': 'a reconcile run sent its create and stopped before recording the answer, so a job may exist',
  unbound: 'its marker names no comment, so a copy of it could not be told apart',
  'prompt-unreadable': 'the prompt kept on its comment is missing or was changed'
}

/** The marker with the queue taken out, naming its comment when given. */
function withoutQueue(marker: ProgressMarker, commentId: number | undefined): ProgressMarker {
  const rest: ProgressMarker = { ...marker }
  delete rest.commentId
  if (commentId !== undefined) rest.commentId = commentId
  delete rest.state
  delete rest.retryAt
  delete rest.promptDigest
  return rest
}

/**
 * Writes the comment as the run that queued it would: its marker (and block), the words, its note;
 * in a new comment when the queued one is not the action's to edit (`orphan`).
 */
async function edit(
  deps: ReconcileDeps,
  { comment, marker, orphan }: QueuedComment,
  signed: string,
  state: ProgressState,
  notAfter: number
): Promise<boolean> {
  const { github } = deps
  const runUrl = workflowRunUrl(deps.serverUrl, deps.repository, marker.runId)
  // A digest's comment keeps the list of pull requests it gathered.
  const body = renderSignedComment(signed, state, runUrl, deps, marker, signedEnding(marker).note)
  const limits = github.lastEditLimits(notAfter)
  try {
    if (orphan) await github.createComment(marker.threadNumber, body, limits)
    else await github.updateComment(comment.id, body, limits)
    return true
  } catch (error) {
    deps.log.warning(
      `Could not edit the comment of the request queued on #${marker.threadNumber}: ${describeGitHubError(error)} ` +
        'The next run tries again.'
    )
    return false
  }
}
