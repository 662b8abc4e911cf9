// Events that carry a change rather than someone's words: a closed pull request, a push, a release.
// No phrase is matched and nobody's permission is asked: only people with write access can merge,
// push or publish, so the workflow's `on:` is the gate. What is decided here is whether the event
// brings a change to document, and whether it is a bot's that allowed-bots does not list.
import { type Actor, mayStartRuns, unlistedBot } from './bots.js'
import { described, isArray, isBoolean, isString, optional, type Schemas } from '../github/described.js'
import { isRecord, isTitled, type Person, senderOf } from '../github/records.js'
import type { TriggerDecision } from './trigger-decision.js'
import type { BotAct, SkipReason } from './skip-reason.js'
import { carriesSkipLabel, hasCompanion } from './labels.js'

export const PULL_REQUEST_EVENTS: ReadonlySet<string> = new Set(['pull_request', 'pull_request_target'])

/**
 * The decision for a closed pull request, a push or a release; undefined for any other event, and
 * the rules of trigger.ts apply. A push or release runs on the thread issue-number names.
 */
export function readChangeEvent(
  eventName: string,
  payload: unknown,
  allowedBots: string[] | '*',
  issueNumber: number | undefined,
  promptAlone: boolean,
  skipLabel = ''
): TriggerDecision | undefined {
  const event = isRecord(payload) ? payload : {}
  if (PULL_REQUEST_EVENTS.has(eventName) && event.action === 'closed') {
    return closedPullRequest(eventName, event, allowedBots, skipLabel)
  }
  const onThread: TriggerDecision = { kind: 'run', trigger: { request: '', threadNumber: issueNumber } }
  if (eventName === 'push') return push(event, allowedBots, promptAlone) ?? onThread
  if (eventName === 'release') return release(event, allowedBots) ?? publishedRelease(event, issueNumber)
  return undefined
}

const isLabelled = described<Schemas['webhook-pull-request-closed']['pull_request']>()({ labels: isArray })

const isMerged = described<Schemas['webhook-pull-request-closed']['pull_request']>()({ merged: isBoolean })

function closedPullRequest(
  eventName: string,
  event: Record<string, unknown>,
  allowedBots: string[] | '*',
  skipLabel: string
): TriggerDecision {
  const pull = event.pull_request
  // A deleted account's pull request has no author (`user` is null): nobody to tell it from a bot.
  if (!isTitled(pull) || pull.user === null) {
    return skip({ kind: 'incomplete-payload', eventName, of: 'merge', noun: 'pull request' })
  }
  if (!isMerged(pull) || !pull.merged) {
    return skip({ kind: 'closed-unmerged', number: pull.number })
  }
  // Its author or a reviewer said it needs no docs: the label is the answer, before anything is read.
  if (isLabelled(pull) && carriesSkipLabel(pull.labels, { skipLabel })) {
    return skip({ kind: 'skip-label', number: pull.number, label: skipLabel })
  }
  // Its docs were written beside it, in the companion docs pull request that mode companion keeps.
  if (isLabelled(pull) && hasCompanion(pull.labels)) {
    return skip({ kind: 'companion-label', number: pull.number })
  }
  // A bot's change (a dependency bump, the agent's own docs) starts nothing unless the bot is listed.
  const bot = unlistedBot([{ person: pull.user, act: { did: 'opened', number: pull.number } }], allowedBots)
  if (bot !== undefined) return skip(bot)
  // The merge is a maintainer's act: nothing to gate. The PR's author is who the change is from.
  return {
    kind: 'run',
    trigger: {
      request: '',
      threadNumber: pull.number,
      requester: pull.user.login,
      reactionTarget: { kind: 'issue', issueNumber: pull.number },
      // The merged pull request is the request: the docs-PR comment links it.
      ...(pull.html_url && { url: pull.html_url })
    }
  }
}

// Every field may be left out: a push payload without one of them is still a push.
const isPush = described<Schemas['webhook-push']>()({
  ref: optional(isString),
  deleted: optional(isBoolean),
  commits: optional(isArray)
})

/**
 * A push runs unless it deleted its ref, or moved a branch to commits it already had: then there is
 * no change to tell, and only a step with its own prompt and `context: none` (`promptAlone`) has a
 * job to start. A pushed tag is a release, told by what changed since the tag before.
 */
function push(
  payload: Record<string, unknown>,
  allowedBots: string[] | '*',
  promptAlone: boolean
): TriggerDecision | undefined {
  const event = isPush(payload) ? payload : {}
  const ref = event.ref ?? 'the ref'
  if (event.deleted === true) {
    return skip({ kind: 'push-deleted', ref })
  }
  if (event.commits?.length === 0 && !ref.startsWith('refs/tags/') && !promptAlone) {
    return skip({ kind: 'push-without-commits', ref })
  }
  const bot = pushingBot(payload, allowedBots)
  return bot === undefined ? undefined : skip(bot)
}

/**
 * A push is its commits' authors' change, as a merged pull request is its author's: one commit by a
 * person (or a listed bot) makes it theirs, even when a bot pushed it (a merge queue). Otherwise an
 * unlisted bot among its authors (the agent's own pull request merged by rebase, squash or merge
 * commit) or its pusher (a bot pushing to the branch itself) skips it. A merge commit GitHub made is
 * authored by whoever pressed the button: it brings the other commits' change, not the merger's, so
 * it is not counted. A pushed tag is its pusher's act alone, as a release is its publisher's,
 * whatever commits the event lists: a person's tag on the agent's own commit runs.
 */
function pushingBot(event: Record<string, unknown>, allowedBots: string[] | '*'): SkipReason | undefined {
  const tag = typeof event.ref === 'string' && event.ref.startsWith('refs/tags/')
  const commits = !tag && Array.isArray(event.commits) ? event.commits : []
  const authors = commits.filter((commit) => !isMergeByGitHub(commit)).flatMap(commitAuthor)
  if (authors.some((author) => mayStartRuns(author, allowedBots))) return undefined
  const pusher = isRecord(event.pusher) ? accountNamed(event.pusher.name) : undefined
  const pushed: BotAct = { did: tag ? 'pushed-tag' : 'pushed-commits' }
  const actors: Actor[] = [
    { person: senderOf(event), act: pushed },
    { person: pusher, act: pushed },
    ...authors.map((person) => ({ person, act: { did: 'authored-commits' } as const }))
  ]
  return unlistedBot(actors, allowedBots)
}

/**
 * A merge commit GitHub made ("Create a merge commit", a merge queue, "Update branch"): GitHub commits
 * it (as web-flow) with a message of its own. A push payload gives no parents to tell a merge by;
 * GitHub also commits a person's edit in its web editor, which is that person's change.
 */
function isMergeByGitHub(commit: unknown): boolean {
  if (!isRecord(commit) || !isRecord(commit.committer) || typeof commit.message !== 'string') return false
  return (
    commit.committer.username === GITHUB_COMMITTER && /^Merge (?:pull request #\d+ from |branch )/.test(commit.message)
  )
}

const GITHUB_COMMITTER = 'web-flow'

/** The GitHub account a commit's author is, when GitHub knows it (a name and an email alone say nothing). */
function commitAuthor(commit: unknown): Person[] {
  const author = isRecord(commit) && isRecord(commit.author) ? accountNamed(commit.author.username) : undefined
  return author === undefined ? [] : [author]
}

/** An account known only by its login (a push names its pusher and authors so), its type unknown. */
function accountNamed(login: unknown): Person | undefined {
  return typeof login === 'string' && login !== '' ? { login, type: '' } : undefined
}

/**
 * A published release is its publisher's act, the sender: a draft a bot wrote (release-drafter) and
 * a person published runs; a release a bot published (release-please with an app's token) does not.
 * GitHub sends `published` for every release made public, pre-releases included, and `released` for
 * a full release, published as one or a pre-release promoted: either runs, one per workflow's types.
 */
const RUNNING_RELEASE_ACTIONS = new Set(['published', 'released'])
const isRelease = described<Schemas['webhook-release-published']>()({ action: optional(isString) })
const hasReleasePage = described<Schemas['webhook-release-published']['release']>()({ html_url: isString })

function release(payload: Record<string, unknown>, allowedBots: string[] | '*'): TriggerDecision | undefined {
  const action = isRelease(payload) ? payload.action : undefined
  if (action !== undefined && RUNNING_RELEASE_ACTIONS.has(action)) {
    const bot = unlistedBot([{ person: senderOf(payload), act: { did: 'published-release' } }], allowedBots)
    return bot === undefined ? undefined : skip(bot)
  }
  return skip({ kind: 'release-action', action })
}

/** A published release runs on the thread issue-number names; the release's page is where it was asked for. */
function publishedRelease(event: Record<string, unknown>, issueNumber: number | undefined): TriggerDecision {
  const url = hasReleasePage(event.release) && event.release.html_url !== '' ? event.release.html_url : undefined
  return { kind: 'run', trigger: { request: '', threadNumber: issueNumber, ...(url !== undefined && { url }) } }
}

function skip(reason: SkipReason): TriggerDecision {
  return { kind: 'skip', reason }
}
