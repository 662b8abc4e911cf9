// Reading the jobs the waiting comments name, once each, in order, until the agent API says to stop
// (a refused key, out of time, cancelled, unreachable). A reconcile run reads them once
// (run.ts); a run started by the agent's pull request reads those still active again while it
// waits for the one that opened it (pull-request-wait.ts).
import { AgentApiError } from '../agent/errors.js'
import type { JobReading } from './decide.js'
import type { ReconcileDeps } from './deps.js'

/** What reading a list of jobs came to. */
export interface JobReads {
  readings: Map<string, JobReading>
  /** Why reads stopped before the last. */
  stoppedEarly?: string
  /** The agent API refused the key: the one failure of the step. */
  keyRefused?: string
}

/**
 * Reads each job once, in order, until the agent API says to stop; with `until` (clock time), starts
 * no read at or after it (those jobs stay unread).
 */
export async function readJobs(deps: ReconcileDeps, jobIds: readonly string[], until?: number): Promise<JobReads> {
  const readings = new Map<string, JobReading>()
  let stoppedEarly: string | undefined
  let keyRefused: string | undefined
  for (const jobId of jobIds) {
    if (stoppedEarly !== undefined) {
      readings.set(jobId, { kind: 'unread', why: 'the run stopped reading jobs before this one' })
      continue
    }
    if (until !== undefined && deps.clock.now() >= until) {
      readings.set(jobId, { kind: 'unread', why: 'the wait for the pull request came to its limit' })
      continue
    }
    try {
      const job = await deps.jobs.getJob(jobId)
      deps.log.info(`Agent job ${jobId}: ${job.status}.`)
      readings.set(jobId, { kind: 'read', job })
    } catch (error) {
      if (!(error instanceof AgentApiError)) throw error
      if (error.reason === 'not-found') {
        deps.log.info(`Agent job ${jobId}: the agent API no longer knows it (404).`)
        readings.set(jobId, { kind: 'lost' })
        continue
      }
      readings.set(jobId, { kind: 'unread', why: error.message })
      if (isKeyRefusal(error)) {
        stoppedEarly = keyRefused = error.message
      } else if (STOPS_THE_RUN.has(error.reason)) {
        stoppedEarly = error.message
        deps.log.warning(`Stopped reading agent jobs: ${error.message} The jobs not read wait for the next run.`)
      } else {
        deps.log.warning(`${error.message} Its thread waits for the next run.`)
      }
    }
  }
  return {
    readings,
    ...(stoppedEarly !== undefined && { stoppedEarly }),
    ...(keyRefused !== undefined && { keyRefused })
  }
}

/** Failures that every later read would meet as well: out of time, cancelled, unreachable. */
const STOPS_THE_RUN = new Set<AgentApiError['reason']>([
  'deadline',
  'out-of-time',
  'cancelled',
  'unreachable',
  'untrusted-certificate'
])

function isKeyRefusal(error: AgentApiError): boolean {
  return error.reason === 'rejected' && (error.status === 401 || error.status === 403)
}
