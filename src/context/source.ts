// What the agent should be told the request is about, read from the event: the merged pull request,
// the pushed commits, the published release, or the thread a comment is on. Pure: the payload says
// what to read; read.ts reads the rest (files, diffs) from GitHub.
import { isPositiveInteger } from '../base/identifier.js'
import { described, isArray, isString, optional, type Schemas } from '../github/described.js'
import {
  type Issue,
  isRecord,
  type PullRequest,
  readIssue,
  readPullRequest,
  readRelease,
  type Release
} from '../github/records.js'

export interface PushedCommit {
  sha: string
  /** The author's GitHub login when GitHub knows it, else the name in the commit. */
  author: string
  message: string
}

export interface Push {
  /** `main` for refs/heads/main; a tag or any other ref as written. */
  branch: string
  before: string
  after: string
  compareUrl: string
  commits: PushedCommit[]
}

export type ContextSource =
  | { kind: 'pull'; pull: PullRequest }
  | { kind: 'push'; push: Push }
  | { kind: 'release'; release: Release }
  /** The issue or pull request a comment, or the issue or pull request itself, is on. */
  | { kind: 'thread'; thread: Issue }
  /** The issue-number input: an issue or a pull request, known once read. */
  | { kind: 'numbered'; number: number }

export interface SourceInput {
  eventName: string
  payload: unknown
  issueNumber: number | undefined
}

/**
 * What the event is about, for an event the gate let through. An event with changes of its own says
 * what it is about; issue-number names the source only for events without (workflow_dispatch,
 * schedule...), where it is also the thread to comment on. Undefined when there is nothing to tell.
 */
export function describeSource({ eventName, payload, issueNumber }: SourceInput): ContextSource | undefined {
  const event = isRecord(payload) ? payload : {}
  const own = eventSource(eventName, event)
  if (own !== undefined) return own
  return issueNumber !== undefined && isPositiveInteger(issueNumber)
    ? { kind: 'numbered', number: issueNumber }
    : undefined
}

function eventSource(eventName: string, event: Record<string, unknown>): ContextSource | undefined {
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const pull = readPullRequest(event.pull_request)
      if (pull?.merged) return { kind: 'pull', pull }
      return asThread(event.pull_request, true)
    }
    case 'pull_request_review_comment':
    case 'pull_request_review':
      return asThread(event.pull_request, true)
    case 'issue_comment':
    case 'issues':
      return asThread(event.issue, false)
    case 'push': {
      const push = readPush(event)
      return push && { kind: 'push', push }
    }
    case 'release': {
      const release = readRelease(event.release)
      return release && { kind: 'release', release }
    }
    default:
      return undefined
  }
}

function asThread(value: unknown, isPullRequest: boolean): ContextSource | undefined {
  const issue = readIssue(value)
  return issue && { kind: 'thread', thread: { ...issue, isPullRequest: isPullRequest || issue.isPullRequest } }
}

const isPush = described<Schemas['webhook-push']>()({
  ref: isString,
  before: isString,
  after: isString,
  compare: isString,
  commits: isArray
})

function readPush(event: Record<string, unknown>): Push | undefined {
  if (!isPush(event)) return undefined
  return {
    branch: event.ref.replace(/^refs\/heads\//, ''),
    before: event.before,
    after: event.after,
    compareUrl: event.compare,
    commits: event.commits.flatMap((commit) => {
      const read = readCommit(commit)
      return read ? [read] : []
    })
  }
}

type DescribedCommit = Schemas['webhook-push']['commits'][number]

// A commit is described with its author's name; one without is still a commit, by an unknown author.
const isCommit = described<DescribedCommit>()({
  id: isString,
  message: isString,
  author: optional(described<DescribedCommit['author']>()({ username: optional(isString), name: optional(isString) }))
})

function readCommit(value: unknown): PushedCommit | undefined {
  if (!isCommit(value)) return undefined
  const { username, name } = value.author ?? {}
  const login = username !== undefined && username !== '' ? username : undefined
  const author = name !== undefined && name !== '' ? name : 'unknown author'
  return { sha: value.id, author: login ?? author, message: value.message }
}

/**
 * The release `release`'s changes are counted from: the newest published release before it. A
 * release counts from the last release, not from its own release candidates; a pre-release counts
 * from whatever came last.
 */
export function previousRelease(releases: readonly Release[], release: Release): Release | undefined {
  const before = (candidate: Release): candidate is Release & { publishedAt: string } =>
    !candidate.draft &&
    candidate.tag !== release.tag &&
    candidate.publishedAt !== undefined &&
    (release.publishedAt === undefined || candidate.publishedAt < release.publishedAt) &&
    (release.prerelease || !candidate.prerelease)
  // Newest first (GitHub's times are ISO 8601 in UTC, ordered as text); the tag settles a tie, so
  // that the same list always gives the same answer.
  return releases.filter(before).sort((a, b) => descending(a.publishedAt, b.publishedAt) || descending(a.tag, b.tag))[0]
}

function descending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0
}
