// A pull request event, as a run in reconcile mode reads it: the agent's pull request, just opened,
// is the sign that its job is ending (src/reconcile/pull-request-signal.ts decides what a run does
// about it). Only the number, the link and the author are read, each checked as GitHub describes it.
import { isPositiveInteger } from '../base/identifier.js'
import { described, isString, nullable, type Schemas } from '../github/described.js'
import { isPerson, isRecord, type Person } from '../github/records.js'
import { PULL_REQUEST_EVENTS } from './change-events.js'

export type PullRequestEvent =
  /** `author` is undefined for a deleted account (GitHub sends `user: null`). */
  | { kind: 'opened'; number: number; url: string; author: Person | undefined }
  /** Another action (`synchronize`, `closed`...): not the opening of the agent's pull request. */
  | { kind: 'other'; action: string }
  /** An opened event whose pull request lacks its number, link or author's login. */
  | { kind: 'unreadable' }

const isOpenedPullRequest = described<Schemas['webhook-pull-request-opened']['pull_request']>()({
  number: isPositiveInteger,
  html_url: isString,
  user: nullable(isPerson)
})

/** The pull request event that started the run; undefined when another kind of event did. */
export function readPullRequestEvent(eventName: string, payload: unknown): PullRequestEvent | undefined {
  if (!PULL_REQUEST_EVENTS.has(eventName)) return undefined
  const event = isRecord(payload) ? payload : {}
  const action = typeof event.action === 'string' ? event.action : ''
  if (action !== 'opened') return { kind: 'other', action }
  const pull = event.pull_request
  if (!isOpenedPullRequest(pull)) return { kind: 'unreadable' }
  return { kind: 'opened', number: pull.number, url: pull.html_url, author: pull.user ?? undefined }
}
