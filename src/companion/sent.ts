// What the companion comment remembers after a follow-up: the head the job is known to have. A head
// counts as sent only once the service took its message; a message cut off in flight may or may not
// have reached the job, so the next run sends the range again from the last head known to be sent
// (the job takes a range twice without harm; a range it never got is commits its docs miss). Pure.
import type { RunResult } from '../job/result.js'
import type { CompanionMark } from '../thread/marker.js'
import type { HeadRange } from './decide.js'
import type { CompanionNews } from './words.js'

/** Whether the job got a follow-up: taken by the service, maybe (no answer), or not. */
export type Delivery = 'taken' | 'unsure' | 'not-sent'

export function deliveryOf(result: RunResult): Delivery {
  switch (result.kind) {
    case 'started':
    case 'finished':
    case 'timed-out':
      return 'taken'
    case 'cancelled':
      return result.unsent ? 'not-sent' : 'taken'
    case 'error':
      // An error after the service took the message (a read of the job failing) leaves its record seen.
      if (result.unsureMessage) return 'unsure'
      return result.job ? 'taken' : 'not-sent'
    default:
      return 'not-sent'
  }
}

/** The comment's memory after a follow-up, and the range the job may lack (`unsure`: it may have it). */
export interface AfterFollowUp {
  mark: CompanionMark
  behind?: { range: HeadRange; unsure: boolean }
}

/** `sending`: the mark had the job taken the follow-up; `previous`: the mark before it. */
export function afterFollowUp(delivery: Delivery, sending: CompanionMark, previous: CompanionMark): AfterFollowUp {
  if (delivery === 'taken') return { mark: sending }
  return { mark: previous, behind: { range: { from: previous.head, to: sending.head }, unsure: delivery === 'unsure' } }
}

/**
 * What the comment remembers once a close, reopen or merge was told on the companion (`done`: its
 * state was set): that a run closed it with its code, so that a push whose reopen never ran reopens it.
 */
export function afterNews(mark: CompanionMark, news: CompanionNews, done: boolean): CompanionMark {
  if (!done || news === 'merged') return mark
  if (news === 'closed') return { ...mark, closed: true }
  const open = { ...mark }
  delete open.closed
  return open
}
