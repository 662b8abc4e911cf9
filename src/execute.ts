// Carries out a job plan against the agent API: create, send or join, then wait, as a RunResult.
import type { AgentClient } from './agent/client.js'
import { AgentApiError } from './agent/errors.js'
import { type AgentJob, isTerminal } from './agent/job.js'
import type { Clock } from './clock.js'
import { log } from './log.js'
import type { RunResult, StartedHow } from './outcome.js'
import type { JobPlan } from './plan.js'
import { runnerWaitLog } from './report.js'
import { waitForJob } from './wait.js'

export interface Execution {
  client: AgentClient
  clock: Clock
  wait: boolean
  firstGapMs: number
  deadline: number
  timeoutMs: number
  signal: AbortSignal
  /** Called once the job id is known and the wait begins. */
  onWaiting: (jobId: string) => Promise<void>
}

const STARTED_HOW: Record<JobPlan['kind'], StartedHow> = { create: 'created', message: 'messaged', join: 'joined' }

export async function executePlan(plan: JobPlan, execution: Execution): Promise<RunResult> {
  const { client, clock } = execution
  let job: AgentJob | undefined
  const knownId = plan.kind === 'create' ? undefined : plan.jobId
  try {
    job = await log.group('Starting the agent job', () => start(plan, client))
    if (!execution.wait) {
      // Joining without waiting still reads the job once, so the outputs say where it stands.
      job ??= await client.getJob(knownId ?? '')
      if (plan.kind === 'join' && isTerminal(job.status)) return { kind: 'finished', job }
      return { kind: 'started', job, how: STARTED_HOW[plan.kind] }
    }
    const jobId = job?.id ?? knownId ?? ''
    await execution.onWaiting(jobId)
    const outcome = await log.group(`Waiting for agent job ${jobId}`, () =>
      waitForJob(
        {
          jobId,
          initial: job,
          firstGapMs: execution.firstGapMs,
          deadline: execution.deadline,
          signal: execution.signal
        },
        { getJob: (id) => client.getJob(id), clock, log: runnerWaitLog() }
      )
    )
    switch (outcome.kind) {
      case 'finished':
        return { kind: 'finished', job: outcome.job }
      case 'timed-out': {
        const { timeoutMs, deadline } = execution
        return { kind: 'timed-out', jobId, job: outcome.job, waitedMs: timeoutMs - (deadline - clock.now()), timeoutMs }
      }
      case 'cancelled':
        return { kind: 'cancelled', jobId, job: outcome.job }
    }
  } catch (error) {
    if (!(error instanceof AgentApiError)) throw error
    const jobId = job?.id ?? knownId
    if (error.reason === 'cancelled' && jobId) return { kind: 'cancelled', jobId, job }
    return { kind: 'error', jobId, job, message: error.message }
  }
}

/** The create or send call; joining a job sends nothing. */
async function start(plan: JobPlan, client: AgentClient): Promise<AgentJob | undefined> {
  switch (plan.kind) {
    case 'create': {
      const job = await client.createJob(plan.prompt)
      log.info(`Created agent job ${job.id}.`)
      return job
    }
    case 'message': {
      const job = await client.sendMessage(plan.jobId, plan.prompt)
      const why = plan.fromThread ? ' named by this thread\'s earlier progress comment' : ''
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
