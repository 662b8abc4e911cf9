// Who a companion run checks (required-permission, allowed-bots) before it acts, from the moment and
// what the run is about to do. Every create passes the author's checks, whichever event starts it; a
// push (or a review request, which sends the head as a push does) is sent, or starts a job, only when
// who pushed (or asked) passes them too: a fork's owner or collaborator pushes to a writer's pull
// request without any permission here, and their commits are the content that reaches the job. Pure:
// the checks themselves ask GitHub (src/gate/).
import type { CompanionStep } from './decide.js'
import type { CompanionMoment } from './event.js'

export type Checked = 'author' | 'pusher'

/** The moments that start the companion: their author is checked before anything is read. */
export function isStarting(moment: CompanionMoment): boolean {
  return moment === 'opened' || moment === 'reopened' || moment === 'ready'
}

/** Who is still to be checked once the run knows its step, in order (the author was, for a starting moment). */
export function stillToCheck(moment: CompanionMoment, step: CompanionStep): Checked[] {
  const sends = sendsHead(moment)
  if (step.kind === 'start')
    return [...(isStarting(moment) ? [] : ['author' as const]), ...(sends ? ['pusher' as const] : [])]
  if (step.kind === 'follow' && sends && step.send) return ['pusher']
  return []
}

/** The moments that send the head to the job and check who caused them: a push, and a review request. */
export function sendsHead(moment: CompanionMoment): boolean {
  return moment === 'pushed' || moment === 'review'
}
