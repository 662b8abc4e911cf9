// Whether a failed GitHub call is tried again, as one pure decision. GitHub calls surround the job
// and are never worth holding the step for, so a wait is taken only when it ends before the call's
// deadline. Creating a comment is not idempotent: once GitHub may have acted on it, it is not sent
// again blindly (the thread decides what to do, see thread.ts).
import { retryAfterMs } from '../http/retry-after.js'

export type GitHubAttempt =
  /** No answer: a refused or reset connection. The request may have reached GitHub. */
  | { kind: 'no-answer'; message: string }
  | { kind: 'answer'; status: number; message: string; headers: Record<string, string | number | undefined> }

export interface GitHubRetryContext {
  attempt: GitHubAttempt
  /** False for a comment create: sending it twice can make two comments. */
  idempotent: boolean
  /** 1 for the first try of this call. */
  tries: number
  now: number
  deadline: number
}

export type GitHubRetryDecision =
  | { kind: 'retry'; delayMs: number }
  /** `mayHaveActed`: GitHub may have carried the request out though it did not say so. */
  | { kind: 'fail'; mayHaveActed: boolean; rateLimitWaitMs?: number }

const BACKOFF_BASE_MS = 1000
// GitHub's advice for a secondary rate limit that names no wait.
const SECONDARY_LIMIT_FALLBACK_MS = 60_000

export function decideGitHubRetry(context: GitHubRetryContext): GitHubRetryDecision {
  const { attempt, idempotent } = context
  if (attempt.kind === 'no-answer') return idempotent ? within(context, backoff(context.tries)) : maybeActed()
  const rateLimitWaitMs = rateLimitWait(attempt, context.now)
  if (rateLimitWaitMs !== undefined) {
    // A rate-limited request was not carried out, so even a create may be sent again.
    return context.now + rateLimitWaitMs < context.deadline
      ? { kind: 'retry', delayMs: rateLimitWaitMs }
      : { kind: 'fail', mayHaveActed: false, rateLimitWaitMs }
  }
  if (attempt.status >= 500) return idempotent ? within(context, backoff(context.tries)) : maybeActed()
  return { kind: 'fail', mayHaveActed: false }
}

/**
 * How long GitHub asks to wait when it answered with a rate limit (429, or 403 with the primary
 * limit spent or a secondary limit named), else undefined.
 */
function rateLimitWait(attempt: Extract<GitHubAttempt, { kind: 'answer' }>, now: number): number | undefined {
  const { status, headers } = attempt
  const asked = retryAfterMs(headerText(headers['retry-after']), now)
  if (status === 429) return asked ?? backoff(1)
  if (status !== 403) return undefined
  if (headerText(headers['x-ratelimit-remaining']) === '0') {
    const resetSeconds = Number(headerText(headers['x-ratelimit-reset']))
    // One second past the reset, so the retry lands after it.
    return asked ?? (Number.isFinite(resetSeconds) ? Math.max(0, resetSeconds * 1000 - now) + 1000 : undefined)
  }
  if (/\bsecondary rate limit/i.test(attempt.message)) return asked ?? SECONDARY_LIMIT_FALLBACK_MS
  return undefined
}

function within(context: GitHubRetryContext, delayMs: number): GitHubRetryDecision {
  return context.now + delayMs < context.deadline ? { kind: 'retry', delayMs } : { kind: 'fail', mayHaveActed: false }
}

function maybeActed(): GitHubRetryDecision {
  return { kind: 'fail', mayHaveActed: true }
}

/** 1 s, 2 s, 4 s…: about four tries fit in a call's budget. */
function backoff(tries: number): number {
  return BACKOFF_BASE_MS * 2 ** (tries - 1)
}

function headerText(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value)
}
