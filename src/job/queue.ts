// A create the agent API's hourly limit held back past the run's deadline (429): whether the run may
// queue it on its thread's progress comment for a reconcile run to send, and, for a reconcile run,
// what to do with a request found waiting. Pure: run/queue-step.ts and reconcile/queued.ts act.
import { COMMENT_LIMIT } from '../markdown/size-limits.js'
import { promptBlockLength, type QueuedRequest } from '../thread/queued-request.js'
import type { ProgressMarker } from '../thread/marker.js'
import type { RunResult } from './result.js'

/**
 * Room a queued comment keeps for all but the prompt's block: the marker (its longest fields are
 * the reviewers and labels, up to 1,024 characters each before encoding) and the words.
 */
export const QUEUED_COMMENT_ROOM = 12_000

/** The most characters the prompt's block may take for the comment to fit GitHub's limit whole. */
export const PROMPT_BLOCK_ROOM = COMMENT_LIMIT.max - QUEUED_COMMENT_ROOM

/** The hourly limit counts the creates of the past hour: no wait it asks for honestly passes it. */
export const LIMIT_WINDOW_MS = 60 * 60_000

/**
 * When a create the hourly limit held back is tried again: the instant `Retry-After` gave, at most an
 * hour on (undefined: it gave none, the next reconcile run). A longer wait (a proxy's, a clock's
 * error) would hold the request and keep the reconcile workflow armed, billing each tick, as long;
 * a try that comes too early is refused and queued again.
 */
export function retryInstant(now: number, retryAfterMs: number | undefined): number | undefined {
  return retryAfterMs === undefined ? undefined : now + Math.min(retryAfterMs, LIMIT_WINDOW_MS)
}

export interface QueueFacts {
  /** The run has a progress comment to record the request on. */
  thread: boolean
  /** The working-label is set, so that a reconcile run finds the thread. */
  workingLabel: boolean
  /** The prompt that was to be sent. */
  prompt: string
  /** The API key, which the prompt recorded in a comment must not hold. */
  apiKey: string
}

/** Queue the request, or why it is not (the run fails as before, and says so). */
export type QueueDecision = { queue: QueuedRequest } | { notQueued: string }

/** For a create the hourly limit held back, whether it is queued; undefined for any other result. */
export function decideQueue(result: RunResult, facts: QueueFacts): QueueDecision | undefined {
  if (result.kind !== 'error' || result.heldBack === undefined) return undefined
  const why = whyNotQueued(facts)
  return why === undefined ? { queue: { prompt: facts.prompt, retryAt: result.heldBack.retryAt } } : { notQueued: why }
}

function whyNotQueued({ thread, workingLabel, prompt, apiKey }: QueueFacts): string | undefined {
  if (!thread) return 'there is no progress comment to record it on ("comment" is false, or the event has no thread)'
  if (!workingLabel) return '"working-label" is empty, so no reconcile run would find it'
  if (apiKey !== '' && prompt.includes(apiKey)) return 'the prompt holds the API key, which a comment must never show'
  if (Buffer.from(prompt, 'utf8').toString('utf8') !== prompt)
    return 'the prompt is not well-formed Unicode, so a comment cannot keep it exactly'
  const length = promptBlockLength(prompt)
  if (length > PROMPT_BLOCK_ROOM) {
    return (
      `the prompt (${prompt.length} characters) takes ${length} characters to record, more than the ` +
      `${PROMPT_BLOCK_ROOM} a comment has room for (GitHub's limit is ${COMMENT_LIMIT.stated}); a lower ` +
      '"context-limit" keeps it shorter'
    )
  }
  return undefined
}

/** The step's error for a held-back create it did not queue: the error as before, and why it was not kept. */
export function notQueuedMessage(message: string, why: string): string {
  return `${message} The request was not recorded for a later run: ${why}.`
}

/** What a reconcile run does with a comment whose marker is `queued` or `creating`. */
export type QueuedStep =
  /** Its time has come: create the job. */
  | { kind: 'create'; prompt: string }
  /** Its Retry-After instant lies ahead: leave it, label and all. */
  | { kind: 'wait'; retryAt: number }
  /** End it with these words and no job: it must never be created (or created again). */
  | { kind: 'end'; why: QueuedEnd }

export type QueuedEnd =
  /** A reconcile run began its create and never recorded the answer: a job may exist. */
  | 'create-unrecorded'
  /** Its marker names no comment, so a copy of it would verify too: creating it could make two jobs. */
  | 'unbound'
  /** Its prompt block is missing or does not match the signed digest. */
  | 'prompt-unreadable'

/**
 * The step for a queued comment's verified marker: `prompt` is what its block holds, undefined when
 * missing or changed (readQueuedPrompt), `now` the reconcile run's clock.
 */
export function decideQueued(marker: ProgressMarker, prompt: string | undefined, now: number): QueuedStep {
  if (marker.state === 'creating') return { kind: 'end', why: 'create-unrecorded' }
  if (marker.commentId === undefined) return { kind: 'end', why: 'unbound' }
  if (prompt === undefined) return { kind: 'end', why: 'prompt-unreadable' }
  if (marker.retryAt !== undefined && marker.retryAt > now) return { kind: 'wait', retryAt: marker.retryAt }
  return { kind: 'create', prompt }
}
