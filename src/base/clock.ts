// Time is injected so that waiting, backoff and the benchmark run in virtual time.

export interface Clock {
  now(): number
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
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
    })
}

/** A clock whose sleeps return at once after moving time forward: waiting in virtual time. */
export class VirtualClock implements Clock {
  constructor(private current = 0) {}

  now(): number {
    return this.current
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal?.aborted) this.current += Math.max(0, ms)
    return Promise.resolve()
  }

  advance(ms: number): void {
    this.current += ms
  }
}
