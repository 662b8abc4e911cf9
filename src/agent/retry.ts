// The retry policy of docs/design.md as one pure decision: what happened to a request -> retry after a
// delay, or fail. Creating a job and sending a message are not idempotent, so they are retried only
// when the service certainly did not act on them.
import { retryAfterMs } from '../http/retry-after.js'

export type Operation = 'create' | 'get' | 'message'

export type Attempt =
  /** Nothing reached the service: connection refused, DNS failure. */
  | { kind: 'not-sent' }
  /** The request may have reached the service: reset or timeout after sending. */
  | { kind: 'lost' }
  /** `date` is the answer's own Date header: the service's clock, which a Retry-After date is on. */
  | { kind: 'answer'; status: number; retryAfter?: string | undefined; date?: string | undefined }
  /** A 2xx whose body is not a job record. */
  | { kind: 'not-a-job'; status: number }

type AnswerAttempt = Extract<Attempt, { kind: 'answer' }>

export interface RetryContext {
  operation: Operation
  attempt: Attempt
  /** 1 for the first try of this request. */
  tries: number
  /** How many 404 answers this request has had so far, this one included. */
  notFoundCount: number
  now: number
  deadline: number
  /** A number in [0, 1): the jitter source, injected so the decision stays pure. */
  random: number
}

export type FailReason =
  | 'rejected' // 400/401/403 and other final answers
  | 'not-found'
  | 'rate-limited-past-deadline' // a create/message the hourly limit holds back past the deadline
  | 'maybe-processed' // a create/message that may have taken effect
  | 'unreachable' // nothing could be sent, try after try
  | 'deadline' // the next try would start after the deadline

export type RetryDecision = { kind: 'retry'; delayMs: number } | { kind: 'fail'; reason: FailReason }

const BACKOFF_BASE_MS = 1000
const BACKOFF_CAP_MS = 15_000
/** A job that was just created can take a moment to be readable everywhere. */
const NOT_FOUND_TRIES = 5
const NOT_FOUND_GAP_MS = 2500
const UNREACHABLE_TRIES = 6
/**
 * The least time a retry must leave its try: one sent with less is likely cut off before its answer,
 * and a create or message cut off after sending may have taken effect unseen. So a retry that would
 * start closer to the deadline is not made, and the failure is the deadline's (or, for a create the
 * hourly limit holds back, the one that queues it).
 */
export const LEAST_TRY_MS = 5000

export function decideRetry(context: RetryContext): RetryDecision {
  const { operation, attempt } = context
  const idempotent = operation === 'get'
  switch (attempt.kind) {
    case 'not-sent':
      // A host that stays unreachable for half a minute is a wrong base-url or a network rule,
      // not a blip: say so instead of retrying until the deadline.
      return context.tries >= UNREACHABLE_TRIES ? fail('unreachable') : within(context, backoff(context))
    case 'lost':
      return idempotent ? within(context, backoff(context)) : fail('maybe-processed')
    case 'not-a-job':
      return idempotent ? within(context, backoff(context)) : fail('maybe-processed')
    case 'answer':
      return decideForStatus(context, attempt, idempotent)
  }
}

function decideForStatus(context: RetryContext, answer: AnswerAttempt, idempotent: boolean): RetryDecision {
  const { status } = answer
  if (status === 429) {
    const delay = serverDelay(context, answer)
    if (context.now + delay + LEAST_TRY_MS <= context.deadline) return retry(delay)
    // The hourly limit counts creates and messages; a read held back is only a wait that ran out.
    return fail(idempotent ? 'deadline' : 'rate-limited-past-deadline')
  }
  if (status === 503) return within(context, serverDelay(context, answer))
  if (status === 500 || status === 502 || status === 504) {
    return idempotent ? within(context, backoff(context)) : fail('maybe-processed')
  }
  if (status === 404) {
    if (!idempotent || context.notFoundCount >= NOT_FOUND_TRIES) return fail('not-found')
    return within(context, NOT_FOUND_GAP_MS)
  }
  return fail('rejected')
}

function within(context: RetryContext, delayMs: number): RetryDecision {
  return context.now + delayMs + LEAST_TRY_MS > context.deadline ? fail('deadline') : retry(delayMs)
}

/** What the service asked for, but never less than the backoff: `Retry-After: 0` is no licence to hammer. */
function serverDelay(context: RetryContext, { retryAfter, date }: AnswerAttempt): number {
  return Math.max(retryAfterMs(retryAfter, context.now, date) ?? 0, backoff(context))
}

/** Equal jitter under an exponential ceiling, so many runners never retry in step. */
function backoff({ tries, random }: RetryContext): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (tries - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random)
}

const retry = (delayMs: number): RetryDecision => ({ kind: 'retry', delayMs })
const fail = (reason: FailReason): RetryDecision => ({ kind: 'fail', reason })
