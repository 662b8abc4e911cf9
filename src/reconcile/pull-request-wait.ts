// A reconcile run started by the agent's pull request: after every waiting job was read once, it
// reads those still running again, on the poll schedule of a waiting run (src/job/schedule.ts),
// until one ends with that pull request, none still runs, or the wait's limit comes (a bound that
// keeps the run within the minute it bills, or the "timeout" if sooner). The jobs seen to
// end meanwhile are reported in this run as well; the others are left as a schedule leaves them.
// pull-request-signal.ts makes the decisions.
import { nextPollDelay } from '../job/schedule.js'
import type { ReconcileDeps } from './deps.js'
import { type JobReads, readJobs } from './job-reads.js'
import { describeSignal, describeWait, type SignalOutcome, waitLimit, waitStep } from './pull-request-signal.js'

/** The reads of the jobs, with those the wait made since, and what came of the pull request. */
export async function awaitPullRequestJob(
  deps: ReconcileDeps,
  reads: JobReads
): Promise<JobReads & { pullRequest?: SignalOutcome }> {
  const signal = deps.pullRequest
  if (signal === undefined) return reads
  const readings = new Map(reads.readings)
  const told = (outcome: SignalOutcome, more: Partial<JobReads> = {}) => {
    deps.log.notice(describeSignal(outcome))
    return { ...reads, readings, ...more, pullRequest: outcome }
  }
  if (signal.decision.kind === 'as-scheduled') return told(signal.decision)
  const { pullRequest } = signal.decision
  if (reads.stoppedEarly !== undefined) return told({ kind: 'stopped', pullRequest, why: reads.stoppedEarly })
  const { clock } = deps
  const started = clock.now()
  const limit = waitLimit(signal.runStarted, deps.deadline)
  for (let polls = 0; ; polls++) {
    const waitedMs = clock.now() - started
    const step = waitStep(pullRequest, readings, deps.serverUrl)
    if (step.kind === 'found') return told({ kind: 'found', pullRequest, jobId: step.jobId, waitedMs })
    if (step.kind === 'none') return told({ kind: 'none', pullRequest })
    if (polls === 0) deps.log.info(describeWait(pullRequest, step.jobIds, limit, started))
    const gap = nextPollDelay(waitedMs, signal.firstGapMs)
    // A read may not start after the limit: the wait ends at the last poll before it.
    if (clock.now() + gap >= limit.endsAt)
      return told({ kind: 'timed-out', pullRequest, jobIds: step.jobIds, waitedMs, by: limit.by })
    await clock.sleep(gap, signal.cancel)
    if (signal.cancel?.aborted) return told({ kind: 'stopped', pullRequest, why: 'the workflow was cancelled.' })
    const round = await readJobs(deps, step.jobIds, limit.endsAt)
    for (const [jobId, reading] of round.readings) if (reading.kind !== 'unread') readings.set(jobId, reading)
    if (round.stoppedEarly !== undefined) {
      const { stoppedEarly, keyRefused } = round
      return told(
        { kind: 'stopped', pullRequest, why: stoppedEarly },
        { stoppedEarly, ...(keyRefused && { keyRefused }) }
      )
    }
  }
}
