// What a run came to, and what the step should say about it: the step outcomes of docs/design.md as a
// pure function.
import type { AgentJob } from './agent/job.js'
import { formatDuration } from './duration.js'

export type RunResult =
  | { kind: 'skipped'; reason: string }
  /** `wait: false`: the create or send call returned, or the joined job was read once. */
  | { kind: 'started'; job: AgentJob; how: StartedHow }
  | { kind: 'finished'; job: AgentJob }
  /** `waitedMs` is how long the run really waited: less than `timeoutMs` when a try would have passed it. */
  | { kind: 'timed-out'; jobId: string; job: AgentJob | undefined; waitedMs: number; timeoutMs: number }
  | { kind: 'cancelled'; jobId: string; job: AgentJob | undefined }
  | { kind: 'error'; jobId: string | undefined; job: AgentJob | undefined; message: string }

/** What the run did to the job before it stopped waiting (or never waited). */
export type StartedHow = 'created' | 'messaged' | 'joined'

/**
 * Where people with access to the docs project see its agent jobs. The API has no per-job page and
 * no failure reason, so this is as close as a message can point.
 */
export const DASHBOARD_URL = 'https://app.mintlify.com'

const STARTED_WORDS: Record<StartedHow, string> = {
  created: 'Started agent job',
  messaged: 'Sent the follow-up message to agent job',
  joined: 'Agent job'
}

export type Level = 'success' | 'notice' | 'warning' | 'failure'

export interface Conclusion {
  level: Level
  message: string
}

export function conclude(result: RunResult, failOnJobFailure: boolean): Conclusion {
  const failure: Level = failOnJobFailure ? 'failure' : 'warning'
  switch (result.kind) {
    case 'skipped':
      return { level: 'notice', message: result.reason }
    case 'started':
      return {
        level: 'success',
        message: `${STARTED_WORDS[result.how]} ${result.job.id}${result.how === 'joined' ? ` is ${result.job.status}` : ''}; not waiting for it ("wait" is false).`
      }
    case 'finished':
      return concludeFinished(result.job, failure)
    case 'timed-out':
      return {
        level: failure,
        message:
          `Stopped waiting ${timeoutSpent(result.waitedMs, result.timeoutMs)}. Agent job ${result.jobId} is still ` +
          `${result.job?.status ?? 'running'} and goes on. To wait for it again, run the action with job-id: ${result.jobId} and no prompt.`
      }
    case 'cancelled':
      return {
        level: 'failure',
        message:
          `The workflow was cancelled: stopped waiting for agent job ${result.jobId}, which goes on. ` +
          `To wait for it again, run the action with job-id: ${result.jobId} and no prompt.`
      }
    case 'error':
      return { level: 'failure', message: result.message }
  }
}

function concludeFinished(job: AgentJob, failure: Level): Conclusion {
  switch (job.status) {
    case 'completed':
      return job.prLink
        ? // The link itself is announced apart (a notice, the output, the summary's link): once each.
          { level: 'success', message: `Agent job ${job.id} completed and opened a pull request.` }
        : {
            level: 'notice',
            message: `Agent job ${job.id} completed without changing any files, so no pull request was opened.`
          }
    case 'archived':
      return {
        level: 'warning',
        message: `Agent job ${job.id} was archived before it finished; no pull request will come from it.`
      }
    default:
      return {
        level: failure,
        message:
          `Agent job ${job.id} failed. The agent API does not say why: find the job on the dashboard, ` +
          `${new URL(DASHBOARD_URL).host}. Re-run to try again, or send a follow-up with job-id: ${job.id} and a prompt.`
      }
  }
}

/**
 * How much of the "timeout" a run used before it stopped: the one wording for every timeout, from the
 * wait loop ending to a retry that would have ended past the deadline.
 */
export function timeoutSpent(waitedMs: number, timeoutMs: number): string {
  if (waitedMs >= timeoutMs) return `after ${formatDuration(timeoutMs)} ("timeout")`
  // Rounded down, so that 19.6 s of a 20 s timeout does not read as all of it.
  const waited = waitedMs < 1000 ? waitedMs : Math.floor(waitedMs / 1000) * 1000
  return `after ${formatDuration(waited)} of the ${formatDuration(timeoutMs)} "timeout": the next try would have passed it`
}

/** The job id a result refers to, when one was obtained. */
export function jobIdOf(result: RunResult): string | undefined {
  switch (result.kind) {
    case 'skipped':
      return undefined
    case 'started':
    case 'finished':
      return result.job.id
    default:
      return result.jobId
  }
}

/** The `status` output: the last job status seen, `skipped`, or undefined when no job was read. */
export function statusOutputOf(result: RunResult): string | undefined {
  return result.kind === 'skipped' ? 'skipped' : result.job?.status
}

/** The last job record a result saw, when one was seen. */
export function jobOf(result: RunResult): AgentJob | undefined {
  return result.kind === 'skipped' ? undefined : result.job
}
