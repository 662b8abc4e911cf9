// Time is injected so that waiting, backoff, request time limits and the benchmark run in virtual
// time.

export interface Clock {
  now(): number
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /**
   * A signal that aborts with a `TimeoutError` (as AbortSignal.timeout's does) once `ms` of this
   * clock's time has passed: a request's time limit. It keeps nothing alive.
   */
  timeout(ms: number): AbortSignal
}

/** The reason a time limit aborts with, as AbortSignal.timeout gives it. */
export function timeoutReason(): DOMException {
  return new DOMException('The operation was aborted due to timeout', 'TimeoutError')
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const timer = setTimeout(done, Math.max(0, ms))
      signal?.addEventListener('abort', done, { once: true })
      function done(): void {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
    }),
  // Not AbortSignal.timeout: see src/http/deadline-signal.ts. The pending timer holds the
  // controller, so the signal lives until it fires.
  timeout: (ms) => {
    const controller = new AbortController()
    // setTimeout takes whole milliseconds; an injected clock may keep fractions.
    const timer = setTimeout(() => controller.abort(timeoutReason()), Math.max(1, Math.ceil(ms)))
    timer.unref()
    return controller.signal
  }
}

/**
 * A clock whose sleeps return at once after moving time forward: waiting in virtual time. Its time
 * limits run out only as its time moves (a sleep or `advance`), however long the work between
 * takes, so a test on it does not depend on how busy the machine is.
 */
export class VirtualClock implements Clock {
  /** The time limits that have not run out, the earliest first. */
  private readonly limits: { at: number; controller: AbortController }[] = []

  constructor(private current = 0) {}

  now(): number {
    return this.current
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.passUntil(this.current + Math.max(0, ms), signal)
    return Promise.resolve()
  }

  advance(ms: number): void {
    this.passUntil(this.current + ms)
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController()
    const at = this.current + Math.max(0, ms)
    const later = this.limits.findIndex((limit) => limit.at > at)
    this.limits.splice(later < 0 ? this.limits.length : later, 0, { at, controller })
    return controller.signal
  }

  /** Moves time to `until`, each time limit on the way running out when it is due; a sleep ends when its signal aborts. */
  private passUntil(until: number, signal?: AbortSignal): void {
    while (!signal?.aborted) {
      const next = this.limits[0]
      if (!next || next.at > until) {
        this.current = Math.max(this.current, until)
        return
      }
      this.limits.shift()
      this.current = Math.max(this.current, next.at)
      next.controller.abort(timeoutReason())
    }
  }
}
