// Who a companion run checks (required-permission, allowed-bots) before it acts, from the moment and
// what the run is about to do. Every create passes the author's checks, whichever event starts it; a
// push is sent, or starts a job, only when who pushed passes them too: a fork's owner or collaborator
// pushes to a writer's pull request without any permission here, and their commits are the content
// that reaches the job. Pure: the checks themselves ask GitHub (src/gate/).
import type { CompanionStep } from './decide.js'
import type { CompanionMoment } from './event.js'

export type Checked = 'author' | 'pusher'

/** The moments that start the companion: their author is checked before anything is read. */
export function isStarting(moment: CompanionMoment): boolean {
  return moment === 'opened' || moment === 'reopened' || moment === 'ready'
}

/** Who is still to be checked once the run knows its step, in order (the author was, for a starting moment). */
export function stillToCheck(moment: CompanionMoment, step: CompanionStep): Checked[] {
  const pushed = moment === 'pushed'
  if (step.kind === 'start')
    return [...(isStarting(moment) ? [] : ['author' as const]), ...(pushed ? ['pusher' as const] : [])]
  if (step.kind === 'follow' && pushed && step.send) return ['pusher']
  return []
}
