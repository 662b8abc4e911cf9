// GitHub's concurrency group, as a deterministic model: at most one run of a group runs and one
// waits; a run that arrives replaces the waiting one (cancelled before it started: no runner, no
// billed minute), and with cancel-in-progress it cancels the running one too (SIGINT, then SIGKILL:
// billed for the minutes it ran, at least one). Each run that runs is billed as whole minutes.

/** A workflow run arriving in the group: when, and whether it cancels the run in progress. */
export interface Arrival {
  atMs: number
  cancelInProgress: boolean
  /** What the run is for (an event, a head), carried to its fate. */
  label: string
}

export type Fate =
  /** Ran to its end. */
  | { kind: 'ran'; startMs: number; billed: number }
  /** Cancelled while it ran: it may have acted before. */
  | { kind: 'cancelled-running'; startMs: number; billed: number }
  /** Cancelled while it waited in the group: it never started. */
  | { kind: 'cancelled-waiting'; billed: 0 }

export interface GroupRun {
  arrival: Arrival
  fate: Fate
}

const MINUTE_MS = 60_000
const billedFor = (ms: number): number => Math.max(1, Math.ceil(ms / MINUTE_MS))

/** The runs of one group, in arrival order, each run lasting `runMs` once started. */
export function runGroup(arrivals: readonly Arrival[], runMs: number): GroupRun[] {
  const fates = new Map<Arrival, Fate>()
  let running: { arrival: Arrival; startMs: number } | undefined
  let waiting: Arrival | undefined
  const settle = (untilMs: number): void => {
    // Runs end, and the waiting one starts, up to `untilMs`.
    while (running && running.startMs + runMs <= untilMs) {
      const endMs = running.startMs + runMs
      fates.set(running.arrival, { kind: 'ran', startMs: running.startMs, billed: billedFor(runMs) })
      running = waiting ? { arrival: waiting, startMs: endMs } : undefined
      waiting = undefined
    }
  }
  for (const arrival of [...arrivals].sort((a, b) => a.atMs - b.atMs)) {
    settle(arrival.atMs)
    if (waiting) fates.set(waiting, { kind: 'cancelled-waiting', billed: 0 })
    waiting = undefined
    if (running && arrival.cancelInProgress) {
      const ranMs = arrival.atMs - running.startMs
      fates.set(running.arrival, { kind: 'cancelled-running', startMs: running.startMs, billed: billedFor(ranMs) })
      running = undefined
    }
    if (running) waiting = arrival
    else running = { arrival, startMs: arrival.atMs }
  }
  settle(Number.POSITIVE_INFINITY)
  return arrivals.map((arrival) => ({ arrival, fate: fates.get(arrival)! }))
}
