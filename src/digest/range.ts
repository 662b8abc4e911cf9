// Which merged pull requests a digest covers (docs/design.md, "What a run in digest mode does").
// Pure. A digest covers a range of merge instants (from, to]; GitHub gives merged_at in whole
// seconds, so every PR merged at one instant falls on the same side of a bound. The ranges of the
// digests that count (their job did not fail) never overlap, and coverage is read from them alone:
// a failed digest, or one that never got a job, leaves a gap the next digest fills.
import { carriesSkipLabel, hasCompanion } from '../event/labels.js'

/** How far back a first digest looks: its comment says so. */
export const FIRST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
/** How long GitHub's listing may lag a merge: a PR merged this close to the gathering waits for the next digest. */
export const LISTING_LAG_MS = 60 * 1000

/** A range of merge instants in milliseconds, `from` left out and `to` (the cut-off) included. */
export interface DigestRange {
  from: number
  to: number
}

/** A digest a progress comment on the digest thread records. */
export interface PastDigest {
  range: DigestRange
  /** The PRs it covered. */
  pulls: number[]
  /** Its job was created and did not fail: its PRs are covered. */
  counts: boolean
}

/** A merged pull request as the listing gives it. */
export interface MergedPull {
  number: number
  /** merged_at, in milliseconds. */
  mergedAt: number
  /** The names of its labels. */
  labels: readonly string[]
}

/**
 * `coveredLater`: on a re-run, the PRs of its earlier attempt that a counting digest has covered
 * since. `unlisted`: the part of the range, at its start, that its listing did not reach: given up
 * (see withinListing).
 */
export type DigestPlan<P extends MergedPull> = {
  range: DigestRange
  first: boolean
  skipped: P[]
  coveredLater: number[]
  unlisted?: DigestRange
} & ({ kind: 'nothing' } | { kind: 'digest'; pulls: P[] })

/** The range a digest records, and the part of it at its start that its listing did not reach. */
export interface RangeFound {
  range: DigestRange
  first: boolean
  unlisted?: DigestRange
}

/** The upper bound of the range gathered now: a whole second, at least the listing's lag ago. */
export function cutOff(now: number): number {
  return Math.floor((now - LISTING_LAG_MS) / 1000) * 1000
}

/**
 * The range a digest gathered at `cutoff` covers: from the end of what counting digests covered
 * without a gap, counted from the first digest's start (a first digest: a week before the cut-off),
 * and what of it a listing that stopped short at `listedAfter` did not reach (see withinListing).
 */
export function nextRange(past: readonly PastDigest[], cutoff: number, listedAfter?: number): RangeFound {
  if (past.length === 0) {
    return { ...withinListing({ from: cutoff - FIRST_WINDOW_MS, to: cutoff }, listedAfter), first: true }
  }
  let through = Math.min(...past.map((digest) => digest.range.from))
  const counting = past.filter((digest) => digest.counts).sort((a, b) => a.range.from - b.range.from)
  for (const { range } of counting) {
    if (range.from > through) break
    through = Math.max(through, range.to)
  }
  // A cut-off before the coverage's end (a clock behind an earlier run's) covers nothing.
  return { ...withinListing({ from: through, to: Math.max(through, cutoff) }, listedAfter), first: false }
}

/**
 * A listing that stopped short (more PRs were closed or updated since the range's start than a
 * digest lists) holds every PR updated after `listedAfter`, the update time of the last it holds,
 * and so every PR merged after it: a PR is updated when it merges. Of the merges before it, those
 * the listing holds (updated since) are covered; the others are `unlisted`, and given up: the digest
 * records its whole range, since no later listing would reach further back (the PRs updated since
 * only grow in number), and says so.
 */
function withinListing(range: DigestRange, listedAfter: number | undefined): Omit<RangeFound, 'first'> {
  if (listedAfter === undefined || listedAfter <= range.from) return { range }
  return { range, unlisted: { from: range.from, to: Math.min(listedAfter, range.to) } }
}

/**
 * The listing is sorted by updated_at, newest first, and a PR is updated when it merges: once a
 * PR was last updated at or before the range's start, no later one merged inside it.
 */
export function listedPastRange(updatedAt: number, range: DigestRange): boolean {
  return updatedAt <= range.from
}

/**
 * The PRs to cover: merged inside the range and not listed by a counting digest (one after a gap
 * keeps its own), each once, in merge order (ties by number).
 */
export function pullsToCover<P extends MergedPull>(
  listed: readonly P[],
  range: DigestRange,
  past: readonly PastDigest[]
): P[] {
  const covered = coveredPulls(past)
  const chosen = new Map<number, P>()
  for (const pull of listed) {
    if (pull.mergedAt <= range.from || pull.mergedAt > range.to || covered.has(pull.number)) continue
    chosen.set(pull.number, pull)
  }
  return [...chosen.values()].sort((a, b) => a.mergedAt - b.mergedAt || a.number - b.number)
}

/** The PRs that counting digests list: covered, whatever range they fall in. */
function coveredPulls(past: readonly PastDigest[]): Set<number> {
  return new Set(past.filter((digest) => digest.counts).flatMap((digest) => digest.pulls))
}

/**
 * What a digest run gathering at `cutoff` does. A re-run of the run that wrote `own` keeps that
 * comment's range and PRs, so that it neither widens nor repeats what its first attempt gathered,
 * less those a later digest covered after that attempt failed.
 */
export function planDigest<P extends MergedPull>(input: {
  past: readonly PastDigest[]
  own?: PastDigest | undefined
  listed: readonly P[]
  cutoff: number
  /** PRs carrying it are inside the range, so never gathered again, but left out of the job. */
  skipLabel: string
  /** Set when the listing stopped short: the update time of the last PR it holds. */
  listedAfter?: number | undefined
}): DigestPlan<P> {
  const { past, own, listed, cutoff, skipLabel, listedAfter } = input
  const ownPulls = new Set(own?.pulls)
  const found = own ? { ...withinListing(own.range, listedAfter), first: false } : nextRange(past, cutoff, listedAfter)
  // Every listed merge of the range is covered, those before the last update listed too: only the
  // merges the listing did not reach are given up.
  const { range } = found
  // A pull request with a companion docs job (mode companion) had its docs written beside it.
  const inRange = pullsToCover(own ? listed.filter((pull) => ownPulls.has(pull.number)) : listed, range, past).filter(
    (pull) => !hasCompanion(pull.labels)
  )
  const covered = coveredPulls(past)
  const coveredLater = own ? own.pulls.filter((number) => covered.has(number)) : []
  const skipped = inRange.filter((pull) => carriesSkipLabel(pull.labels, { skipLabel }))
  const pulls = inRange.filter((pull) => !carriesSkipLabel(pull.labels, { skipLabel }))
  const plan = { ...found, skipped, coveredLater }
  return pulls.length === 0 ? { kind: 'nothing', ...plan } : { kind: 'digest', ...plan, pulls }
}
