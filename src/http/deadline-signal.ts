// A request's time limit as an AbortSignal, for GitHub calls and agent API requests alike.
//
// Not AbortSignal.any([cancel, AbortSignal.timeout(ms)]): Node 20's combined signal holds its
// sources weakly, and the timeout signal, held by nothing else, is collected at the next garbage
// collection, its timer with it. The combined signal then never aborts, and a GitHub that does not
// answer holds the step until the runner kills it. Here the clock's time limit (a timer of our own
// on the system clock) is combined, and the combined signal holds its sources through `kept`.
import type { Clock } from '../base/clock.js'

/** The signals each combined signal was made of, alive as long as it is. */
const kept = new WeakMap<AbortSignal, readonly unknown[]>()

/**
 * A signal that aborts once `ms` of the clock's time has passed, with a `TimeoutError`, or when
 * `cancel` aborts, with its reason.
 */
export function deadlineSignal(clock: Clock, ms: number, cancel?: AbortSignal): AbortSignal {
  const timeout = clock.timeout(ms)
  if (!cancel) return timeout
  const signal = AbortSignal.any([cancel, timeout])
  kept.set(signal, [cancel, timeout])
  return signal
}
