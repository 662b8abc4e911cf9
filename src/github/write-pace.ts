// GitHub's secondary rate limits allow about 80 requests a minute that create or change content
// (comments, their edits, labels), and answer more with a 403 or 429 and a wait (Retry-After). A
// run that writes many in a row (reconcile mode finishing a hundred threads) keeps to that pace,
// and after a refusal waits as long as GitHub asked before the next write.
import type { Clock } from '../base/clock.js'
import { GitHubCallError } from './calls.js'

/** GitHub's documented limit for content-creating requests. */
export const WRITES_PER_MINUTE = 80
const WRITE_GAP_MS = 60_000 / WRITES_PER_MINUTE

export class WritePace {
  /** When the next write may go, clock time. */
  private nextAt = Number.NEGATIVE_INFINITY
  /** Writes whose turn came too late. */
  refused = 0

  constructor(private readonly clock: Clock) {}

  /**
   * Waits for the next write's turn and takes it; false (taking nothing) when that turn comes at
   * `notAfter` or later: the write is left for another run.
   */
  async turn(notAfter: number, signal?: AbortSignal): Promise<boolean> {
    const now = this.clock.now()
    const at = Math.max(now, this.nextAt)
    if (at >= notAfter) {
      this.refused++
      return false
    }
    if (at > now) await this.clock.sleep(at - now, signal)
    this.nextAt = this.clock.now() + WRITE_GAP_MS
    return true
  }

  /** After a write failed: a rate limit's wait holds every later write back that long. */
  failed(error: unknown): void {
    if (error instanceof GitHubCallError && error.rateLimitWaitMs !== undefined) {
      this.nextAt = Math.max(this.nextAt, this.clock.now() + error.rateLimitWaitMs)
    }
  }
}
