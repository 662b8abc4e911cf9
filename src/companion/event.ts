// The pull request events mode companion answers, read from their payloads: which moment of the code
// pull request's life this is (opened, pushed, asked for review, closed, merged), its head and its
// author; and whether a job may be started for it (not for a draft, an unlisted bot, or a fork's
// pull_request event). Pure.
import { isBot, unlistedBot } from '../event/bots.js'
import type { SkipReason } from '../event/skip-reason.js'
import { described, isBoolean, isString, nullable, optional, type Schemas } from '../github/described.js'
import { isPerson, isRecord, type PullRequest, readPullRequest, senderOf } from '../github/records.js'

/**
 * The moment of the code pull request's life an event is. `review` (a review requested) does what a
 * push does: the lean workflow runs on it instead of on every push (docs/companion.md, What it costs).
 */
export type CompanionMoment = 'opened' | 'reopened' | 'ready' | 'pushed' | 'review' | 'closed' | 'merged'

export interface CodePullRequest {
  pull: PullRequest
  /** The head commit's SHA: what the companion job has seen once sent. */
  headSha: string
  /** The base branch's commit the event names: a create reads the changes of `baseSha...headSha`. */
  baseSha: string
  /** The head branch's name (without the fork's owner). */
  headRef: string
  /** The author, as the gate checks a commenter; undefined for a deleted account. */
  author: { login: string; isBot: boolean } | undefined
  /**
   * Who caused the event (for a push, who pushed; for a review request, who asked), checked before
   * the head is sent to the job.
   */
  sender: { login: string; isBot: boolean } | undefined
  draft: boolean
  /** Its head branch lives in another repository. */
  fork: boolean
}

export type CompanionEvent =
  { kind: 'event'; moment: CompanionMoment; code: CodePullRequest } | { kind: 'skip'; reason: SkipReason }

const ACTIONS: ReadonlyMap<string, CompanionMoment> = new Map([
  ['opened', 'opened'],
  ['reopened', 'reopened'],
  ['ready_for_review', 'ready'],
  ['synchronize', 'pushed'],
  ['review_requested', 'review']
])

type DescribedPull = Schemas['webhook-pull-request-synchronize' | 'webhook-pull-request-opened']['pull_request']
const isBranchEnd = described<DescribedPull['head']>()({
  sha: isString,
  ref: isString,
  repo: nullable(described<Schemas['repository']>()({ full_name: isString }))
})
const hasEnds = described<DescribedPull>()({
  user: nullable(isPerson),
  draft: optional(isBoolean),
  head: isBranchEnd,
  base: described<DescribedPull['base']>()({
    sha: isString,
    repo: described<Schemas['repository']>()({ full_name: isString })
  })
})

/** What a pull_request or pull_request_target event is to mode companion. */
export function readCompanionEvent(eventName: string, payload: unknown): CompanionEvent {
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') {
    return skip({ kind: 'companion-wrong-event', eventName })
  }
  const event = isRecord(payload) ? payload : {}
  const action = typeof event.action === 'string' ? event.action : ''
  const raw = event.pull_request
  const pull = readPullRequest(raw)
  if (!pull || !hasEnds(raw)) {
    return skip({ kind: 'incomplete-payload', eventName, of: 'companion', noun: 'pull request' })
  }
  const author = raw.user === null ? undefined : { login: raw.user.login, isBot: isBot(raw.user) }
  const person = senderOf(payload)
  const sender = person && { login: person.login, isBot: isBot(person) }
  const code: CodePullRequest = {
    pull,
    headSha: raw.head.sha,
    baseSha: raw.base.sha,
    headRef: raw.head.ref,
    author,
    sender,
    draft: raw.draft === true,
    fork: raw.head.repo?.full_name !== raw.base.repo.full_name
  }
  if (action === 'closed') return { kind: 'event', moment: pull.merged ? 'merged' : 'closed', code }
  const moment = ACTIONS.get(action)
  if (moment === undefined) {
    return skip({ kind: 'companion-action', eventName, action })
  }
  return { kind: 'event', moment, code }
}

/**
 * Why no companion job may be started for the pull request, before its author's permission is asked:
 * undefined when one may. The checks that cost nothing come first.
 */
export function startRefusal(
  code: CodePullRequest,
  eventName: string,
  allowedBots: string[] | '*'
): SkipReason | undefined {
  const { number } = code.pull
  if (code.draft) return { kind: 'companion-draft', number }
  if (!code.author) return { kind: 'companion-no-author', number }
  const person = { login: code.author.login, type: code.author.isBot ? 'Bot' : 'User' }
  const bot = unlistedBot([{ person, act: { did: 'opened', number } }], allowedBots)
  if (bot !== undefined) return bot
  // On pull_request, GitHub gives a fork's run no secrets and a read-only token: it could neither
  // start a job nor comment. pull_request_target runs in the base repository for forks too.
  if (code.fork && eventName === 'pull_request') {
    return { kind: 'companion-fork', number }
  }
  return undefined
}

/**
 * Why a push may not be sent to the companion job, before the pusher's permission is asked: undefined
 * when it may. The author passed the gate when the job started, but who can push to the head branch
 * is not the author's to choose alone: a fork's owner and its collaborators, who need no permission
 * here, push to a writer's pull request from their fork.
 */
export function pushRefusal(
  code: CodePullRequest,
  allowedBots: string[] | '*',
  moment: CompanionMoment
): SkipReason | undefined {
  const { number } = code.pull
  if (!code.sender) return { kind: 'companion-no-pusher', number }
  const person = { login: code.sender.login, type: code.sender.isBot ? 'Bot' : 'User' }
  const did = moment === 'review' ? 'asked-review' : 'pushed-to'
  return unlistedBot([{ person, act: { did, number } }], allowedBots)
}

function skip(reason: SkipReason): CompanionEvent {
  return { kind: 'skip', reason }
}
