// Detection lag in virtual time: the action's own wait loop (src/job/wait.ts) with its own schedule
// (src/job/schedule.ts), or a fixed one plugged into the same loop, against a job that ends at a
// scripted moment. No timers and no I/O, so thousands of waits take a second or two.
import { INPUT_DEFAULTS } from '../../src/settings/action-inputs.generated.js'
import type { AgentJob } from '../../src/agent/job.js'
import { VirtualClock } from '../../src/base/clock.js'
import { parseDuration } from '../../src/base/duration.js'
import { waitForJob, type WaitDeps, type WaitLog } from '../../src/job/wait.js'
import { type GoalCheck, seconds } from './table.js'

export interface Schedule {
  label: string
  /** Undefined: the loop's own default, which is what the action runs. */
  nextDelay?: WaitDeps['nextDelay']
}

/** action.yml's default poll-interval, the first gap of the default schedule. */
export const DEFAULT_POLL_INTERVAL_MS = defaultPollInterval()
export const DEFAULT_SCHEDULE: Schedule = { label: `default (poll-interval ${INPUT_DEFAULTS['poll-interval']})` }

function defaultPollInterval(): number {
  const ms = parseDuration(INPUT_DEFAULTS['poll-interval'])
  if (ms === undefined)
    throw new Error(`action.yml's default poll-interval, ${INPUT_DEFAULTS['poll-interval']}, is not a duration.`)
  return ms
}

export function fixedSchedule(gapMs: number): Schedule {
  return { label: `fixed ${gapMs / 1000} s`, nextDelay: () => gapMs }
}

export interface Detection {
  /** Job done -> the wait returns. */
  lagMs: number
  /** GET job calls. */
  polls: number
  /** Every agent API call of the run: the polls and the create call. */
  requests: number
}

// Virtual times are sums of fractional gaps; rounding to 1 us keeps float noise out of comparisons
// (a 10 s gap must not come out as 10000.000000001 ms).
const toMicroseconds = (ms: number): number => Math.round(ms * 1000) / 1000

const SILENT_LOG: WaitLog = { statusChanged() {}, heartbeat() {}, unknownStatus() {}, polled() {} }

/**
 * One wait by the action's loop, as after a create call at virtual time 0 that answered `active`;
 * `statusAt` scripts the job and sees the virtual time of every poll.
 */
async function waitVirtually(schedule: Schedule, deadline: number, statusAt: (ms: number) => string) {
  const clock = new VirtualClock(0)
  const getJob = (id: string): Promise<AgentJob> => Promise.resolve({ id, status: statusAt(clock.now()) })
  const outcome = await waitForJob(
    { jobId: 'bench', initial: { id: 'bench', status: 'active' }, firstGapMs: DEFAULT_POLL_INTERVAL_MS, deadline },
    { getJob, clock, log: SILENT_LOG, nextDelay: schedule.nextDelay }
  )
  return { outcome, endedAt: clock.now() }
}

/** How late a job that ends `endMs` after its creation is seen, and what the wait cost. */
export async function detect(endMs: number, schedule: Schedule): Promise<Detection> {
  if (!(endMs > 0)) throw new Error(`A job ends after it is created: endMs must be > 0, got ${endMs}.`)
  // The deadline is far enough that no schedule worth measuring times out first.
  const { outcome, endedAt } = await waitVirtually(schedule, endMs + 3_600_000, (ms) =>
    ms >= endMs ? 'completed' : 'active'
  )
  if (outcome.kind !== 'finished')
    throw new Error(`${schedule.label}: a job ending at ${endMs} ms was never seen (${outcome.kind}).`)
  return { lagMs: toMicroseconds(endedAt - endMs), polls: outcome.polls, requests: outcome.polls + 1 }
}

/**
 * When the loop polls a job that is still running at `horizonMs`; the schedule depends only on the
 * time waited, so these are the polls of every job until the one that sees it end.
 */
export async function pollTimes(schedule: Schedule, horizonMs: number): Promise<number[]> {
  const times: number[] = []
  await waitVirtually(schedule, horizonMs, (ms) => {
    times.push(ms)
    return 'active'
  })
  return times
}

/**
 * The worst lag for a job that ends in (fromMs, toMs], exactly: a job that ends just after a poll
 * (or just after the create call, time 0) is seen one gap later. `times` must reach past `toMs`.
 */
export function worstLag(times: readonly number[], fromMs: number, toMs: number): number {
  if ((times.at(-1) ?? 0) < toMs)
    throw new Error(`The polls end at ${times.at(-1)} ms, before ${toMs} ms: trace further.`)
  let worst = 0
  let previous = 0
  for (const at of times) {
    if (at > fromMs && previous < toMs) worst = Math.max(worst, at - Math.max(previous, fromMs))
    previous = at
  }
  return toMicroseconds(worst)
}

/** How far past a nominal length the ends are spread, and how densely for the mean. */
export const PHASE_WINDOW_MS = 10_000
export const PHASE_STEP_MS = 100

/** The mean lag over job ends `fromMs`, `fromMs + stepMs`, ... below `toMs`. */
export async function meanLag(schedule: Schedule, fromMs: number, toMs: number, stepMs: number): Promise<number> {
  let total = 0
  let count = 0
  for (; fromMs + count * stepMs < toMs; count++) total += (await detect(fromMs + count * stepMs, schedule)).lagMs
  if (count === 0) throw new Error(`No job ends in [${fromMs}, ${toMs}) ms.`)
  return total / count
}

export interface LagProfile {
  nominalMs: number
  /** The job ends exactly at the nominal length. */
  atNominal: Detection
  /** Over ends in [D, D + 10 s): the supremum, and the mean of ends every 100 ms. */
  worstLagMs: number
  meanLagMs: number
}

/**
 * A lag at one exact length depends on where it falls between two polls (fixed 10 s polling sees a
 * job of exactly 30 s at once), so a length is also judged over ends spread across [D, D + 10 s).
 */
export async function profile(nominalMs: number, schedule: Schedule): Promise<LagProfile> {
  const windowEnd = nominalMs + PHASE_WINDOW_MS
  const times = await pollTimes(schedule, windowEnd + 60_000)
  return {
    nominalMs,
    atNominal: await detect(nominalMs, schedule),
    // The window is half-open; the supremum over (D, D + 10 s) is the same as over [D, D + 10 s).
    worstLagMs: worstLag(times, nominalMs, windowEnd),
    meanLagMs: await meanLag(schedule, nominalMs, windowEnd, PHASE_STEP_MS)
  }
}

/** The detection goals of docs/design.md for `schedule`; worst lags are exact (see worstLag). */
export async function checkLagGoals(
  schedule: Schedule,
  fixed10s: Schedule = fixedSchedule(10_000)
): Promise<GoalCheck[]> {
  const halfHourMs = 30 * 60_000
  const times = await pollTimes(schedule, halfHourMs + 120_000)
  const fixedTimes = await pollTimes(fixed10s, 180_000)
  const fast = worstLag(times, 0, 10_000)
  const early = worstLag(times, 0, 120_000)
  const earlyFixed = worstLag(fixedTimes, 0, 120_000)
  const long = worstLag(times, 0, halfHourMs + PHASE_WINDOW_MS)
  const halfHour = await detect(halfHourMs, schedule)
  return [
    {
      goal: 'a job that ends within 10 s is seen within 2 s',
      measured: `worst ${seconds(fast)} for ends in (0, 10 s]`,
      pass: fast <= 2000
    },
    {
      goal: "up to 2 min, the worst lag is not above fixed 10 s polling's",
      measured: `worst ${seconds(early)} vs ${seconds(earlyFixed)} for ends in (0, 2 min]`,
      pass: early <= earlyFixed
    },
    {
      goal: 'the lag never exceeds 20 s',
      measured: `worst ${seconds(long)} for ends in (0, 30 min + 10 s]`,
      pass: long <= 20_000
    },
    {
      goal: 'a 30 min job costs at most 110 polls',
      measured: `${halfHour.polls} polls (${halfHour.requests} requests with the create call)`,
      pass: halfHour.polls <= 110
    }
  ]
}
