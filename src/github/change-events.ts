// Events that carry a change rather than someone's words: a closed pull request, a push, a release.
// No phrase is matched and nobody's permission is asked: only people with write access can merge,
// push or publish, so the workflow's `on:` is the gate. What is decided here is whether the event
// brings a change to document.
import { unlistedBot } from './bots.js'
import { described, isArray, isBoolean, isString, optional, type Schemas } from './described.js'
import { isRecord, isTitled } from './records.js'
import type { TriggerDecision } from './trigger.js'

const PULL_REQUEST_EVENTS: ReadonlySet<string> = new Set(['pull_request', 'pull_request_target'])

/**
 * A merged pull request's trigger, or a skip for a change event that brings nothing to document;
 * undefined otherwise, and the rules of trigger.ts apply (a push or release with changes runs there,
 * as every event only people with write access can cause).
 */
export function readChangeEvent(
  eventName: string,
  payload: unknown,
  allowedBots: string[] | '*'
): TriggerDecision | undefined {
  const event = isRecord(payload) ? payload : {}
  if (PULL_REQUEST_EVENTS.has(eventName) && event.action === 'closed') {
    return closedPullRequest(eventName, event, allowedBots)
  }
  if (eventName === 'push') return push(event)
  if (eventName === 'release') return release(event)
  return undefined
}

const isMerged = described<Schemas['webhook-pull-request-closed']['pull_request']>()({ merged: isBoolean })

function closedPullRequest(
  eventName: string,
  event: Record<string, unknown>,
  allowedBots: string[] | '*'
): TriggerDecision {
  const pull = event.pull_request
  // A deleted account's pull request has no author (`user` is null): nobody to tell it from a bot.
  if (!isTitled(pull) || pull.user === null) {
    return skip(
      `Skipped: the ${eventName} event payload lacks the pull request's number, title or author, ` +
        'so there is no change to read.'
    )
  }
  if (!isMerged(pull) || !pull.merged) {
    return skip(
      `Skipped: pull request #${pull.number} was closed without being merged, so there is no change to document. ` +
        'A merged pull request starts a run.'
    )
  }
  // A bot's change (a dependency bump, the agent's own docs) starts nothing unless the bot is listed.
  const bot = unlistedBot([pull.user], allowedBots)
  if (bot !== undefined) return skip(bot)
  // The merge is a maintainer's act: nothing to gate. The PR's author is who the change is from.
  return {
    kind: 'run',
    trigger: {
      request: '',
      threadNumber: pull.number,
      requester: pull.user.login,
      reactionTarget: { kind: 'issue', issueNumber: pull.number }
    }
  }
}

// Every field may be left out: a push payload without one of them is still a push.
const isPush = described<Schemas['webhook-push']>()({
  ref: optional(isString),
  deleted: optional(isBoolean),
  commits: optional(isArray)
})

function push(payload: Record<string, unknown>): TriggerDecision | undefined {
  const event = isPush(payload) ? payload : {}
  const ref = event.ref ?? 'the ref'
  if (event.deleted === true) {
    return skip(`Skipped: this push deleted ${ref}, so there is no change to document.`)
  }
  if (event.commits?.length === 0) {
    return skip(
      `Skipped: this push to ${ref} carries no commits (a new tag, or a branch moved to a commit it already had), ` +
        'so there is no change to document. To run when a version is out, use the release event (published).'
    )
  }
  return undefined
}

const isRelease = described<Schemas['webhook-release-published']>()({ action: optional(isString) })

function release(payload: Record<string, unknown>): TriggerDecision | undefined {
  const action = isRelease(payload) ? payload.action : undefined
  if (action === 'published') return undefined
  const what = action !== undefined ? `"${action}"` : 'without an action'
  return skip(
    `Skipped: this release event is ${what}, and only a published release starts a run ` +
      '(a release is created, edited and published: running on each would do the work again).'
  )
}

function skip(reason: string): TriggerDecision {
  return { kind: 'skip', reason }
}
