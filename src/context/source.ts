// What the agent should be told the request is about, read from the event: the merged pull request,
// the pushed commits, the published release, or the thread a comment is on. Pure: the payload says
// what to read; read.ts reads the rest (files, diffs) from GitHub.
import { isPositiveInteger } from '../base/identifier.js'
import { described, isArray, isString, optional, type Schemas } from '../github/described.js'
import {
  type Commit,
  type Issue,
  isRecord,
  type PullRequest,
  readIssue,
  readPullRequest,
  readRelease,
  type Release
} from '../github/records.js'

export type PushedCommit = Commit

/** A pushed tag (lightweight or annotated): a release, told by what changed since the tag before. */
export interface PushedTag {
  tag: string
  compareUrl: string
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
  /**
   * `at`: the changes as the comparison of these two commits gives them, not as the pull request has
   * them when read (a push may have moved it since the commit the run stands for).
   */
  | { kind: 'pull'; pull: PullRequest; at?: { base: string; head: string } }
  | { kind: 'push'; push: Push }
  | { kind: 'tag'; tag: PushedTag }
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
      if (push?.branch.startsWith(TAG_REF)) {
        return { kind: 'tag', tag: { tag: push.branch.slice(TAG_REF.length), compareUrl: push.compareUrl } }
      }
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

const TAG_REF = 'refs/tags/'

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

/**
 * The tag `tag`'s changes are counted from: with versions for names (`v1.2.0`, `1.2`), the highest
 * version below it (a full version skips pre-releases, as previousRelease does); otherwise the next
 * tag after it in GitHub's listing named alike up to its first digit. Undefined when none is listed.
 */
export function previousTag(tags: readonly string[], tag: string): string | undefined {
  const own = versionOf(tag)
  if (own === undefined) {
    // Another package's tags in the same repository (`api@1.4.0` beside `web@2.0.0`) are not this
    // one's history: only a tag named alike up to its first digit counts.
    const family = (name: string): string => name.replace(/\d.*$/, '')
    const at = tags.indexOf(tag)
    return at === -1 ? undefined : tags.slice(at + 1).find((name) => family(name) === family(tag))
  }
  let best: { name: string; version: Version } | undefined
  for (const name of tags) {
    const version = name === tag ? undefined : versionOf(name)
    if (version === undefined || compareVersions(version, own) >= 0) continue
    if (version.pre.length > 0 && own.pre.length === 0) continue
    if (best === undefined || compareVersions(version, best.version) > 0) best = { name, version }
  }
  return best?.name
}

interface Version {
  numbers: number[]
  /** The pre-release's dot-separated parts; none for a full version. */
  pre: string[]
}

const VERSION = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/

function versionOf(tag: string): Version | undefined {
  const match = VERSION.exec(tag)
  if (!match) return undefined
  return { numbers: (match[1] ?? '').split('.').map(Number), pre: match[2]?.split('.') ?? [] }
}

/** Semantic versioning's order: numbers first, then a pre-release before its full version. */
function compareVersions(a: Version, b: Version): number {
  for (let at = 0; at < Math.max(a.numbers.length, b.numbers.length); at++) {
    const diff = (a.numbers[at] ?? 0) - (b.numbers[at] ?? 0)
    if (diff !== 0) return Math.sign(diff)
  }
  if (a.pre.length === 0 || b.pre.length === 0) return Math.sign(b.pre.length - a.pre.length)
  for (let at = 0; at < Math.max(a.pre.length, b.pre.length); at++) {
    const [x, y] = [a.pre[at], b.pre[at]]
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y)
    const diff = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0
    if (diff !== 0) return Math.sign(diff)
  }
  return 0
}
