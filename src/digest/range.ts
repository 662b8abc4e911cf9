// Which merged pull requests a digest covers (docs/design.md, "What a run in digest mode does").
// Pure. A digest's range is a stretch of its branch's first-parent history: the commits after the
// commit the last finished digest ended at, up to the branch's head, as GitHub's own records give
// them (no clock, no listing by update time). Each commit of it maps to the pull requests that
// merged it; those are the digest's, in the order they were merged.
import { mayStartRuns } from '../event/bots.js'
import { carriesSkipLabel, hasCompanion } from '../event/labels.js'
import type { Person } from '../github/records.js'
import type { Settings } from '../settings/settings.js'

/** How far back a first digest looks, by the committer date of the branch's head: its comment says so. */
export const FIRST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** A range's ends as instants (GitHub's committer dates, milliseconds), for people to read. */
export interface DigestRange {
  from: number
  to: number
}

/** A commit of the branch, as GitHub gives it. */
export interface HistoryCommit {
  sha: string
  parents: readonly string[]
  /** GitHub's committer date, in milliseconds. */
  committedAt: number
}

/** A merged pull request, as GitHub gives it for a commit. */
export interface MergedPull {
  number: number
  /** merged_at in milliseconds; undefined when not merged. */
  mergedAt: number | undefined
  /** The branch it was merged into. */
  base: string
  /** The names of its labels. */
  labels: readonly string[]
  /** The account that opened it (login and type); undefined for a deleted account (GitHub answers `user: null`). */
  authorAccount: Person | undefined
}

/** A digest's gathered pull requests, parted: the job's, and those left out, each by its reason. */
export interface Inclusion<P> {
  included: P[]
  /** They carry the skip-label. */
  leftOut: P[]
  /** A companion job wrote their docs beside the code. */
  withCompanion: P[]
  /** A bot allowed-bots does not list opened them. */
  byBots: OpenedBy<P>[]
}

/** A pull request whose author GitHub still knows. */
export type OpenedBy<P> = P & { authorAccount: Person }

/**
 * Where a digest's range starts: after a commit (the head the last finished digest recorded), or,
 * with no such commit, after an instant: a week before the head's committer date for a first
 * digest, or the end a digest written before commits were recorded signed. `covered`: the pull
 * requests the last finished digest covered, never covered again.
 */
export type RangeStart =
  | { kind: 'commit'; sha: string; at: number; covered: readonly number[] }
  | { kind: 'instant'; at: number; covered: readonly number[]; first: boolean }

/** A first digest's start: a week before the branch head's committer date (GitHub's, not the runner's clock). */
export function firstStart(head: HistoryCommit): RangeStart {
  return { kind: 'instant', at: head.committedAt - FIRST_WINDOW_MS, covered: [], first: true }
}

/** A stretch of first-parent history, oldest commit first, and whether it reaches back to its start. */
export interface HistoryRange<C extends HistoryCommit> {
  commits: C[]
  /** The stretch starts right after the start (a commit start), or before the start's instant. */
  reachesStart: boolean
}

/**
 * The first-parent history after a commit, from a comparison's commits (oldest first, maybe cut
 * short): from the start, each commit whose first parent is the one before. Commits merged in from
 * elsewhere (a pull request's own commits) are not on it.
 */
export function historyAfter<C extends HistoryCommit>(start: string, compared: readonly C[]): C[] {
  const byFirstParent = new Map(compared.map((commit) => [commit.parents[0], commit]))
  const chain: C[] = []
  for (let next = byFirstParent.get(start); next !== undefined; next = byFirstParent.get(next.sha)) {
    if (chain.length > compared.length) break
    chain.push(next)
  }
  return chain
}

/**
 * The first-parent history back from `head` to its first commit at or before `after` (left out),
 * from a listing of the commits since about then (newest first, maybe cut short); oldest first.
 */
export function historyBackTo<C extends HistoryCommit>(
  head: string,
  after: number,
  listed: readonly C[]
): HistoryRange<C> {
  const bySha = new Map(listed.map((commit) => [commit.sha, commit]))
  const chain: C[] = []
  for (let next = bySha.get(head); next !== undefined; next = bySha.get(next.parents[0] ?? '')) {
    if (next.committedAt <= after) return { commits: chain.reverse(), reachesStart: true }
    if (chain.length > listed.length) break
    chain.push(next)
    if (next.parents.length === 0) return { commits: chain.reverse(), reachesStart: true }
  }
  return { commits: chain.reverse(), reachesStart: false }
}

/**
 * The pull requests a range covers: those that merged its commits into `branch`, in the order of the
 * commits, each once, less those the last finished digest covered; after an instant start, only
 * those merged after it (a commit dated after the start may belong to an earlier merge).
 */
export function pullsOfRange<P extends MergedPull>(
  pullsByCommit: readonly (readonly P[])[],
  start: RangeStart,
  branch: string
): P[] {
  const covered = new Set(start.covered)
  const chosen = new Map<number, P>()
  for (const pull of pullsByCommit.flat()) {
    if (pull.mergedAt === undefined || pull.base !== branch || covered.has(pull.number)) continue
    if (start.kind === 'instant' && pull.mergedAt <= start.at) continue
    if (!chosen.has(pull.number)) chosen.set(pull.number, pull)
  }
  return [...chosen.values()]
}

/**
 * The one place a gathered pull request is included in the digest's job or left out (a pull request
 * left out is still inside the range, so never gathered again): the skip-label leaves it out, and so
 * does a bot author allowed-bots does not list, by the rule every run follows (src/event/bots.ts):
 * the agent's own docs pull request and a dependency bump, once merged, would otherwise be the next
 * digest's job.
 */
export function includedInJob<P extends MergedPull>(
  pulls: readonly P[],
  rules: Pick<Settings, 'skipLabel' | 'allowedBots'>
): Inclusion<P> {
  // A pull request with a companion docs job (mode companion) had its docs written beside it: it is
  // neither the job's nor left out by the skip-label, and the digest says so apart.
  const withCompanion = pulls.filter((pull) => hasCompanion(pull.labels))
  const ownDocs = pulls.filter((pull) => !withCompanion.includes(pull))
  const leftOut = ownDocs.filter((pull) => carriesSkipLabel(pull.labels, rules))
  const byBots = ownDocs.filter(
    (pull): pull is OpenedBy<P> =>
      !leftOut.includes(pull) &&
      pull.authorAccount !== undefined &&
      !mayStartRuns(pull.authorAccount, rules.allowedBots)
  )
  const notIncluded = new Set<P>([...leftOut, ...byBots])
  const included = ownDocs.filter((pull) => !notIncluded.has(pull))
  return { included, leftOut, withCompanion, byBots }
}
