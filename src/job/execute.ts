// Carries out a job plan against the agent API: create, send or join, then wait, as a RunResult.
import type { AgentClient } from '../agent/client.js'
import { AgentApiError } from '../agent/errors.js'
import { type AgentJob, isTerminal } from '../agent/job.js'
import type { Clock } from '../base/clock.js'
import type { RunResult, StartedHow } from './result.js'
import type { JobPlan } from './plan.js'
import { waitForJob, type WaitLog } from './wait.js'
import { retryInstant } from './queue.js'

export interface ExecutionRequest {
  wait: boolean
  /** The first gap between polls (poll-interval). */
  firstGapMs: number
  /** Epoch ms (of the clock) at which waiting gives up. */
  deadline: number
  timeoutMs: number
  signal: AbortSignal
}

/** What the execution tells the step's log; report.ts writes it for the runner. */
export interface ExecutionLog {
  /** Runs one phase (starting the job, waiting for it) with its lines folded under `title`. */
  group<T>(title: string, body: () => Promise<T>): Promise<T>
  info(text: string): void
  /** The wait's own lines. */
  wait: WaitLog
}

/** The agent API calls the execution makes. */
export type JobCalls = Pick<AgentClient, 'createJob' | 'sendMessage' | 'getJob'>

export interface ExecutionDeps {
  client: JobCalls
  clock: Clock
  log: ExecutionLog
  /**
   * Told once the job id is known and the wait begins. It must not hold the wait: what it writes
   * (the "working" comment) goes out beside the polls, so a slow GitHub cannot delay seeing the end.
   */
  onWaiting: (jobId: string) => void
  /**
   * Told, before a follow-up is sent, of the pull request its job had opened before: the thread signs
   * it, so that a reconcile run that tells the end says "updated" as this run would.
   */
  onEarlierPullRequest: (prLink: string) => void
}

const STARTED_HOW: Record<JobPlan['kind'], StartedHow> = { create: 'created', message: 'messaged', join: 'joined' }

/** The log group of the create, send or join call: a follow-up is not a start. */
function startTitle(plan: JobPlan): string {
  switch (plan.kind) {
    case 'create':
      return 'Starting the agent job'
    case 'message':
      return `Sending a follow-up to agent job ${plan.jobId}`
    case 'join':
      return `Joining agent job ${plan.jobId}`
  }
}

export async function executePlan(plan: JobPlan, request: ExecutionRequest, deps: ExecutionDeps): Promise<RunResult> {
  const { client, clock, log } = deps
  let job: AgentJob | undefined
  const knownId = plan.kind === 'create' ? undefined : plan.jobId
  // The pull request a follow-up's job opened before: its end then tells an update from a new one.
  let earlierPrLink: string | undefined
  try {
    job = await log.group(startTitle(plan), async () => {
      if (plan.kind === 'message') earlierPrLink = plan.earlierPrLink ?? (await prLinkBefore(plan.jobId, client))
      if (earlierPrLink) deps.onEarlierPullRequest(earlierPrLink)
      return start(plan, client, log)
    })
    if (!request.wait) {
      // Joining without waiting still reads the job once, so the outputs say where it stands.
      job ??= await client.getJob(knownId ?? '')
      if (plan.kind === 'join' && isTerminal(job.status)) return { kind: 'finished', job }
      return { kind: 'started', job, how: STARTED_HOW[plan.kind] }
    }
    const jobId = job?.id ?? knownId ?? ''
    deps.onWaiting(jobId)
    const outcome = await log.group(`Waiting for agent job ${jobId}`, () =>
      waitForJob(
        { jobId, initial: job, firstGapMs: request.firstGapMs, deadline: request.deadline, signal: request.signal },
        { getJob: (id) => client.getJob(id), clock, log: log.wait }
      )
    )
    switch (outcome.kind) {
      case 'finished':
        return { kind: 'finished', job: outcome.job, ...(earlierPrLink && { earlierPrLink }) }
      case 'timed-out': {
        const { timeoutMs, deadline } = request
        const waitedMs = timeoutMs - (deadline - clock.now())
        const { notTheJob } = outcome
        return { kind: 'timed-out', jobId, job: outcome.job, waitedMs, timeoutMs, ...(notTheJob && { notTheJob }) }
      }
      case 'cancelled':
        return { kind: 'cancelled', jobId, job: outcome.job }
    }
  } catch (error) {
    if (!(error instanceof AgentApiError)) throw error
    const jobId = job?.id ?? knownId
    // A message whose call never returned (job unset): stopped before it went out, it reached nobody;
    // cut off after, the job may or may not have it. The companion's memory of the head sent hangs on it.
    const unanswered = plan.kind === 'message' && job === undefined
    if (error.reason === 'cancelled' && jobId) {
      return { kind: 'cancelled', jobId, job, ...(unanswered && { unsent: true as const }) }
    }
    // Nothing records it yet: the step records it on the thread where it can (run/job-step.ts).
    if (plan.kind === 'create' && error.jobMayExist) {
      return { kind: 'error', jobId, job, message: error.message, unsureCreate: 'unrecorded' }
    }
    if (unanswered && error.jobMayExist)
      return { kind: 'error', jobId, job, message: error.message, unsureMessage: true }
    // Nothing was created: the step may queue it on the thread for a reconcile run (run/queue-step.ts).
    if (plan.kind === 'create' && error.reason === 'rate-limited-past-deadline') {
      const retryAt = retryInstant(clock.now(), error.retryAfterMs)
      return { kind: 'error', jobId, job, message: error.message, heldBack: { retryAt } }
    }
    return { kind: 'error', jobId, job, message: error.message }
  }
}

/**
 * The pull request the job had opened before a follow-up, read from its record: the only time the
 * run can see it, since the job works on once the message is sent. A read that fails leaves it unknown
 * (the end then says "opened"); the message itself says whether the job can be reached.
 */
async function prLinkBefore(jobId: string, client: JobCalls): Promise<string | undefined> {
  const job = await client.getJob(jobId).catch(() => undefined)
  return job?.prLink ?? undefined
}

/** The create or send call; joining a job sends nothing. */
async function start(plan: JobPlan, client: JobCalls, log: ExecutionLog): Promise<AgentJob | undefined> {
  switch (plan.kind) {
    case 'create': {
      const job = await client.createJob(plan.prompt)
      log.info(`Created agent job ${job.id}.`)
      return job
    }
    case 'message': {
      const job = await client.sendMessage(plan.jobId, plan.prompt)
      const why = plan.fromThread ? " named by this thread's earlier progress comment" : ''
      log.info(`Sent the follow-up message to agent job ${job.id}${why}.`)
      return job
    }
    case 'join':
      log.info(
        plan.resumed
          ? `Resuming the wait for agent job ${plan.jobId}, started by an earlier attempt of this run.`
          : `Joining agent job ${plan.jobId}.`
      )
      return undefined
  }
}
