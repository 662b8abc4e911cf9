// A request's time limit as an AbortSignal, for GitHub calls and agent API requests alike.
//
// Not AbortSignal.any([cancel, AbortSignal.timeout(ms)]): Node 20's combined signal holds its
// sources weakly, and the timeout signal, held by nothing else, is collected at the next garbage
// collection, its timer with it. The combined signal then never aborts, and a GitHub that does not
// answer holds the step until the runner kills it. Here a timer of our own aborts a controller it
// holds, and the combined signal holds its sources through `kept`.

/** The signals each combined signal was made of, alive as long as it is. */
const kept = new WeakMap<AbortSignal, readonly unknown[]>()

/**
 * A signal that aborts `ms` from now with a `TimeoutError` (as AbortSignal.timeout's does), or when
 * `cancel` aborts, with its reason. Its timer does not keep the process alive.
 */
export function deadlineSignal(ms: number, cancel?: AbortSignal): AbortSignal {
  const timeout = new AbortController()
  // setTimeout takes whole milliseconds; an injected clock may keep fractions.
  const timer = setTimeout(
    () => timeout.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    Math.max(1, Math.ceil(ms))
  )
  timer.unref()
  if (!cancel) return timeout.signal
  const signal = AbortSignal.any([cancel, timeout.signal])
  kept.set(signal, [cancel, timeout, timer])
  return signal
}
