// How a person with required-permission says a code pull request needs no docs, for its `docs`
// check: the comment `/docs skip` (mode run, the comment recipe) or the skip-label put on it (mode
// companion, on `labeled`). Pure: read from the request and the event; the permission is asked after.
import { sameLabel } from '../base/label-name.js'
import { isBot } from '../event/bots.js'
import { isRecord, senderOf } from '../github/records.js'

/** The word after the trigger phrase that skips the docs, nothing else with it. */
export const SKIP_WORD = 'skip'

/** Whether a request (the text after the trigger phrase) is the skip command. */
export function isSkipRequest(request: string): boolean {
  return request.trim().replace(/[.!]$/, '').toLowerCase() === SKIP_WORD
}

/** The skip-label put on a pull request: which one, its head, and who put it on. */
export interface SkipLabelled {
  number: number
  headSha: string
  label: string
  sender: { login: string; isBot: boolean }
}

/** The skip-label put on a pull request (a `labeled` event); undefined for any other event or label. */
export function readSkipLabelled(eventName: string, payload: unknown, skipLabel: string): SkipLabelled | undefined {
  if (skipLabel === '' || (eventName !== 'pull_request_target' && eventName !== 'pull_request')) return undefined
  if (!isRecord(payload) || payload.action !== 'labeled') return undefined
  const { label, pull_request: pull } = payload
  const sender = senderOf(payload)
  if (!isRecord(label) || typeof label.name !== 'string' || !sameLabel(label.name, skipLabel)) return undefined
  if (!isRecord(pull) || typeof pull.number !== 'number' || !isRecord(pull.head) || !sender) return undefined
  const { sha } = pull.head
  if (typeof sha !== 'string') return undefined
  return { number: pull.number, headSha: sha, label: skipLabel, sender: { login: sender.login, isBot: isBot(sender) } }
}
