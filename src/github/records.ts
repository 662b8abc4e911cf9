// GitHub's objects, as webhook payloads and REST answers give them (the two share one shape), read
// into the few fields the action uses. Each reader checks every field it reads, as GitHub's
// description has it (described.ts), and gives undefined for anything else: a payload or an answer
// is GitHub's, but the action never trusts its shape.
import { isPositiveInteger } from '../base/identifier.js'
import {
  type Checked,
  described,
  isBoolean,
  isInteger,
  isRecord,
  isString,
  nullable,
  optional,
  type Schemas
} from './described.js'

export { isRecord } from './described.js'

/** The issues the action reads: a REST answer, and the issue of an issue or comment event. */
type DescribedIssue =
  Schemas['issue'] | Schemas['webhook-issues-opened']['issue'] | Schemas['webhook-issue-comment-created']['issue']
/** The pull requests the action reads: a REST answer, and the pull request of a pull request event. */
type DescribedPullRequest =
  Schemas['pull-request'] | Schemas['webhook-pull-request-opened' | 'webhook-pull-request-closed']['pull_request']
/** The pull request a review or a line comment is on, read as a thread. */
type ReviewedPullRequest = Schemas[
  'webhook-pull-request-review-submitted' | 'webhook-pull-request-review-comment-created']['pull_request']

// A webhook's user may lack `type` (its description leaves it out); a REST answer's has it.
const personFields = described<Schemas['simple-user']>()({ login: isString, type: optional(isString) })

export type Person = { login: string; type?: string }

export function isPerson(value: unknown): value is Person {
  return personFields(value) && value.login !== ''
}

/** Who sent an event, as its payload says; undefined when it names nobody (a schedule). */
export function senderOf(payload: unknown): Person | undefined {
  return isRecord(payload) && isPerson(payload.sender) ? payload.sender : undefined
}

/** An issue or pull request, whose own title and body are the text; `user` is null for a deleted account. */
export const isTitled = described<DescribedIssue | DescribedPullRequest | ReviewedPullRequest>()({
  number: isPositiveInteger,
  title: isString,
  body: optional(nullable(isString)),
  user: nullable(isPerson),
  html_url: optional(isString),
  author_association: optional(isString)
})

export type Titled = Checked<typeof isTitled>

/** An issue, or a pull request seen as an issue (GET /issues/{n} answers for both). */
export interface Issue {
  number: number
  title: string
  /** As written: '' when there is none. */
  body: string
  htmlUrl: string
  /** The author's login; undefined for a deleted account (GitHub answers `user: null`). */
  author: string | undefined
  isPullRequest: boolean
}

export interface PullRequest {
  number: number
  title: string
  body: string
  htmlUrl: string
  /** The author's login; undefined for a deleted account. */
  author: string | undefined
  /** GitHub's state: open or closed. */
  state: string
  merged: boolean
  /** The merge commit once merged; undefined otherwise. */
  mergeCommit: string | undefined
  /** The branch merged into. */
  base: string
  /** The branch merged from; `owner:branch` when it lives in another repository (a fork). */
  head: string
  /** The head commit, when the record gives it: where a commit status goes. */
  headSha?: string
}

/** A file a pull request or a comparison changes. */
export interface ChangedFile {
  path: string
  /** GitHub's word: added, removed, modified, renamed, copied, changed or unchanged. */
  status: string
  additions: number
  deletions: number
  /** The file's path before a rename or copy. */
  previousPath?: string
}

export interface Release {
  tag: string
  /** '' when the release has no name of its own. */
  name: string
  htmlUrl: string
  body: string
  draft: boolean
  prerelease: boolean
  /** ISO time; undefined for a draft. */
  publishedAt: string | undefined
}

const isIssueOnly = described<DescribedIssue>()({ pull_request: optional(isRecord) })

/**
 * An issue or pull request as an answer or a payload gives it. GitHub may answer `user: null` (a
 * deleted account) and leave `body` out: what is read still tells the agent about the rest.
 */
export function readIssue(value: unknown): Issue | undefined {
  if (!isTitled(value) || !isIssueOnly(value) || value.html_url === undefined) return undefined
  return {
    number: value.number,
    title: value.title,
    body: value.body ?? '',
    htmlUrl: value.html_url,
    author: value.user?.login,
    isPullRequest: value.pull_request !== undefined
  }
}

const isBranch = described<DescribedPullRequest['base'] | DescribedPullRequest['head']>()({
  ref: isString,
  label: optional(nullable(isString)),
  sha: optional(isString),
  repo: nullable(described<Schemas['repository']>()({ full_name: isString }))
})

const isPullRequestFields = described<DescribedPullRequest>()({
  state: isString,
  merged: optional(nullable(isBoolean)),
  merge_commit_sha: nullable(isString),
  base: isBranch,
  head: isBranch
})

/** The label GitHub gives a branch, `owner:branch`, when `ref` alone would not name it. */
function branchOf(end: Checked<typeof isBranch>, baseRepository: string | undefined): string {
  return end.repo?.full_name === baseRepository || typeof end.label !== 'string' ? end.ref : end.label
}

export function readPullRequest(value: unknown): PullRequest | undefined {
  const issue = readIssue(value)
  if (issue === undefined || !isPullRequestFields(value)) return undefined
  const baseRepository = value.base.repo?.full_name
  const merged = value.merged === true
  const { number, title, body, htmlUrl, author } = issue
  return {
    number,
    title,
    body,
    htmlUrl,
    author,
    state: value.state,
    merged,
    // While open, merge_commit_sha names a test merge, not a commit on the base branch.
    mergeCommit: merged && value.merge_commit_sha !== null ? value.merge_commit_sha : undefined,
    base: branchOf(value.base, baseRepository),
    head: branchOf(value.head, baseRepository),
    ...(value.head.sha !== undefined && { headSha: value.head.sha })
  }
}

const isCount = (value: unknown): value is number => isInteger(value) && value >= 0

const isChangedFile = described<Schemas['diff-entry']>()({
  filename: isString,
  status: isString,
  additions: isCount,
  deletions: isCount,
  previous_filename: optional(isString)
})

export function readChangedFile(value: unknown): ChangedFile | undefined {
  if (!isChangedFile(value)) return undefined
  const file: ChangedFile = {
    path: value.filename,
    status: value.status,
    additions: value.additions,
    deletions: value.deletions
  }
  if (value.previous_filename !== undefined) file.previousPath = value.previous_filename
  return file
}

const isRelease = described<Schemas['release'] | Schemas['webhook-release-published']['release']>()({
  tag_name: isString,
  html_url: isString,
  name: nullable(isString),
  body: optional(nullable(isString)),
  draft: isBoolean,
  prerelease: isBoolean,
  published_at: nullable(isString)
})

export function readRelease(value: unknown): Release | undefined {
  if (!isRelease(value)) return undefined
  return {
    tag: value.tag_name,
    name: value.name ?? '',
    htmlUrl: value.html_url,
    body: value.body ?? '',
    draft: value.draft,
    prerelease: value.prerelease,
    publishedAt: value.published_at ?? undefined
  }
}

/** Every item `read` accepts, or undefined when the answer is not a list or an item is malformed. */
export function readList<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined
  const items: T[] = []
  for (const item of value) {
    const parsed = read(item)
    if (parsed === undefined) return undefined
    items.push(parsed)
  }
  return items
}

/** A commit as the action tells it: who wrote it and what it says. */
export interface Commit {
  sha: string
  /** The author's GitHub login when GitHub knows it, else the name in the commit. */
  author: string
  message: string
}

type DescribedCommit = Schemas['commit']

// The account is null when GitHub cannot tie the commit's email to one; the name in the commit may be left out.
const isListedCommit = described<DescribedCommit>()({
  sha: isString,
  commit: described<DescribedCommit['commit']>()({
    message: isString,
    author: nullable(described<NonNullable<DescribedCommit['commit']['author']>>()({ name: optional(isString) }))
  }),
  author: nullable(isRecord)
})

/** A commit of a REST listing (GET /commits, a comparison's `commits`). */
export function readListedCommit(value: unknown): Commit | undefined {
  if (!isListedCommit(value)) return undefined
  const login = isPerson(value.author) ? value.author.login : undefined
  const name = value.commit.author?.name
  return { sha: value.sha, author: login ?? (name || 'unknown author'), message: value.commit.message }
}

const isTag = described<Schemas['tag']>()({ name: isString })

/** A tag's name, as GET /tags lists it. */
export function readTagName(value: unknown): string | undefined {
  return isTag(value) ? value.name : undefined
}
