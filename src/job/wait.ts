// Polls a job until it ends, the deadline passes or the run is cancelled. Time comes from the
// injected clock, so the same loop runs in virtual time in tests and in the benchmark.
import { AgentApiError } from '../agent/errors.js'
import { type AgentJob, isKnownStatus, isTerminal } from '../agent/job.js'
import type { Clock } from '../base/clock.js'
import { nextPollDelay } from './schedule.js'

export interface WaitLog {
  /** The status differs from the last one seen (also called for the first one). */
  statusChanged(job: AgentJob, elapsedMs: number): void
  /** About once a minute while nothing changes. */
  heartbeat(job: AgentJob, elapsedMs: number): void
  /** Once per status the vendor does not document. */
  unknownStatus(status: string): void
  /** Every poll, for the debug log. */
  polled(job: AgentJob, elapsedMs: number, nextGapMs: number): void
}

export interface WaitRequest {
  jobId: string
  /** The record the create or send call returned: polling then begins after the first gap. */
  initial?: AgentJob | undefined
  firstGapMs: number
  /** Epoch ms (of the clock) at which waiting gives up. */
  deadline: number
  signal?: AbortSignal | undefined
}

export interface WaitDeps {
  getJob(jobId: string): Promise<AgentJob>
  clock: Clock
  log: WaitLog
  /** The gap before the next poll; the adaptive schedule unless the benchmark compares another. */
  nextDelay?: (elapsedMs: number, firstGapMs: number) => number
}

export type WaitOutcome =
  | { kind: 'finished'; job: AgentJob; polls: number }
  /** `notTheJob`: what the last read got when the service answered without the job's record (see AgentApiError). */
  | { kind: 'timed-out'; job: AgentJob | undefined; polls: number; notTheJob?: string }
  | { kind: 'cancelled'; job: AgentJob | undefined; polls: number }

const HEARTBEAT_MS = 60_000

export async function waitForJob(request: WaitRequest, deps: WaitDeps): Promise<WaitOutcome> {
  const { clock, log } = deps
  const started = clock.now()
  const warned = new Set<string>()
  let job = request.initial
  let polls = 0
  let lastLogAt = started
  let lastStatus: string | undefined

  const observe = (seen: AgentJob): void => {
    const elapsed = clock.now() - started
    if (seen.status !== lastStatus) {
      log.statusChanged(seen, elapsed)
      lastLogAt = clock.now()
      lastStatus = seen.status
      if (!isKnownStatus(seen.status) && !warned.has(seen.status)) {
        warned.add(seen.status)
        log.unknownStatus(seen.status)
      }
    } else if (clock.now() - lastLogAt >= HEARTBEAT_MS) {
      log.heartbeat(seen, elapsed)
      lastLogAt = clock.now()
    }
  }

  if (job) {
    observe(job)
    if (isTerminal(job.status)) return { kind: 'finished', job, polls }
    await pause()
  }
  for (;;) {
    if (request.signal?.aborted) return { kind: 'cancelled', job, polls }
    if (clock.now() >= request.deadline) return { kind: 'timed-out', job, polls }
    try {
      job = await deps.getJob(request.jobId)
    } catch (error) {
      if (error instanceof AgentApiError && error.reason === 'cancelled') return { kind: 'cancelled', job, polls }
      if (error instanceof AgentApiError && (error.reason === 'deadline' || error.reason === 'out-of-time')) {
        const { notTheJob } = error
        return notTheJob === undefined
          ? { kind: 'timed-out', job, polls }
          : { kind: 'timed-out', job, polls, notTheJob }
      }
      throw error
    }
    polls++
    observe(job)
    if (isTerminal(job.status)) return { kind: 'finished', job, polls }
    await pause()
  }

  async function pause(): Promise<void> {
    const elapsed = clock.now() - started
    const gap = (deps.nextDelay ?? nextPollDelay)(elapsed, request.firstGapMs)
    if (job) log.polled(job, elapsed, gap)
    await clock.sleep(Math.min(gap, Math.max(0, request.deadline - clock.now())), request.signal)
  }
}
