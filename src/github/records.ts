// GitHub's objects, as webhook payloads and REST answers give them (the two share one shape), read
// into the few fields the action uses. Each reader checks every field it reads and gives undefined
// for anything else: a payload or an answer is GitHub's, but the action never trusts its shape.
import { isPositiveInteger } from '../identifier.js'

export type Person = { login: string; type: string }

/** An issue or pull request, whose own title and body are the text. */
export type Titled = { number: number; title: string; body: string | null; user: Person; author_association?: unknown }

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isPerson(value: unknown): value is Person {
  return isRecord(value) && typeof value.login === 'string' && value.login !== '' && typeof value.type === 'string'
}

/** Who sent an event, as its payload says; undefined when it names nobody (a schedule). */
export function senderOf(payload: unknown): Person | undefined {
  return isRecord(payload) && isPerson(payload.sender) ? payload.sender : undefined
}

export function isTitled(value: unknown): value is Titled {
  return (
    isRecord(value) &&
    isPositiveInteger(value.number) &&
    typeof value.title === 'string' &&
    (typeof value.body === 'string' || value.body === null) &&
    isPerson(value.user)
  )
}

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

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0

/**
 * An issue or pull request as an answer or a payload gives it. GitHub may answer `user: null` (a
 * deleted account) and leave `body` out: what is read still tells the agent about the rest.
 */
export function readIssue(value: unknown): Issue | undefined {
  if (!isRecord(value) || !isPositiveInteger(value.number) || typeof value.title !== 'string') return undefined
  if (typeof value.html_url !== 'string') return undefined
  return {
    number: value.number,
    title: value.title,
    body: text(value.body),
    htmlUrl: value.html_url,
    author: isPerson(value.user) ? value.user.login : undefined,
    isPullRequest: isRecord(value.pull_request)
  }
}

/** The label GitHub gives a branch, `owner:branch`, when `ref` alone would not name it. */
function branchOf(end: unknown, baseRepository: unknown): string | undefined {
  if (!isRecord(end) || typeof end.ref !== 'string') return undefined
  const repository = isRecord(end.repo) ? end.repo.full_name : undefined
  return repository === baseRepository || typeof end.label !== 'string' ? end.ref : end.label
}

export function readPullRequest(value: unknown): PullRequest | undefined {
  const issue = readIssue(value)
  if (issue === undefined) return undefined
  const record = value as Record<string, unknown>
  const baseRepository = isRecord(record.base) && isRecord(record.base.repo) ? record.base.repo.full_name : undefined
  const base = branchOf(record.base, baseRepository)
  const head = branchOf(record.head, baseRepository)
  if (base === undefined || head === undefined) return undefined
  const merged = record.merged === true
  const { number, title, body, htmlUrl, author } = issue
  return {
    number,
    title,
    body,
    htmlUrl,
    author,
    state: text(record.state),
    merged,
    // While open, merge_commit_sha names a test merge, not a commit on the base branch.
    mergeCommit: merged && typeof record.merge_commit_sha === 'string' ? record.merge_commit_sha : undefined,
    base,
    head
  }
}

export function readChangedFile(value: unknown): ChangedFile | undefined {
  if (!isRecord(value) || typeof value.filename !== 'string' || typeof value.status !== 'string') return undefined
  if (!isCount(value.additions) || !isCount(value.deletions)) return undefined
  const file: ChangedFile = {
    path: value.filename,
    status: value.status,
    additions: value.additions,
    deletions: value.deletions
  }
  if (typeof value.previous_filename === 'string') file.previousPath = value.previous_filename
  return file
}

export function readRelease(value: unknown): Release | undefined {
  if (!isRecord(value) || typeof value.tag_name !== 'string' || typeof value.html_url !== 'string') return undefined
  return {
    tag: value.tag_name,
    name: text(value.name),
    htmlUrl: value.html_url,
    body: text(value.body),
    draft: value.draft === true,
    prerelease: value.prerelease === true,
    publishedAt: typeof value.published_at === 'string' ? value.published_at : undefined
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
